"""Bribes (§4.4, both games: an exception to the ban on agreements, §4.2): while another Power's
action takes effect, a Power may offer it Talents to do, or not to do, what it is doing. The
words of the deal are the players' own and never enforced: the Talents change hands when the
bribed Power accepts, whether or not it then keeps its word.

Bribes are side actions (``GameRules.side_choices``): they never wait in the flow stack, so the
acting Power's decision is never held up. In the Activation Phase (§3.4) the Powers "acting" are
the active Power and any Power the flow is asking a question. Any other Power with Talents may
offer one of them a bribe: ``bribe_to`` (whom), then ``bribe_amount`` (1 to its Treasury, a
page of at most 25 at a time, ``bribe_page``; ``bribe_back`` drops the offer). The offer is
public (``PRState.bribes`` and the board's ``bribes``, a log line) and lasts while the same
Activation goes on (``at``); the bribed Power answers with ``bribe_accept`` or ``bribe_refuse``
(argument: the offering Power) while it lasts, whatever it is doing meanwhile, and the offering
Power may take it back (``bribe_withdraw``). An accepted bribe moves the Talents at once.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Choice, msg
from games.pax_romana.flow import MAX_MENU, active, opt
from games.pax_romana.state import PRState
from games.pax_romana.texts import extend

VERBS = frozenset({"bribe_to", "bribe_amount", "bribe_page", "bribe_back", "bribe_withdraw",
                   "bribe_accept", "bribe_refuse"})


def moment(s: PRState) -> str | None:
    """The Activation under way (§3.4): an offer made in it lapses when it ends. None outside
    the Activation Phase."""
    if s.result is not None or s.phase != "F":
        return None
    return f"{s.turn}:{len(s.am_track)}:{s.active_power or ''}"


def acting(s: PRState) -> list[str]:
    """The Powers whose action is taking effect now: the active Power and any Power asked."""
    if moment(s) is None:
        return []
    now = set(active(s))
    if s.active_power:
        now.add(s.active_power)
    return [p for p in s.roles if p in now and p in s.powers]


def _own(s: PRState, power: str) -> dict[str, Any] | None:
    return next((o for o in s.bribes if o["by"] == power), None)


def _amounts(s: PRState, power: str, offer: dict[str, Any]) -> list[Choice]:
    """1..Treasury Talents, a page at a time (a menu never exceeds 25 entries)."""
    top = s.powers[power].treasury
    back = opt("bribe_back", None, "choice.bribe_back")
    amounts = list(range(1, top + 1))
    room = MAX_MENU - 1
    if len(amounts) <= room:
        return [opt("bribe_amount", n, "choice.bribe_n", n=n) for n in amounts] + [back]
    size = room - 1
    pages = (len(amounts) + size - 1) // size
    page = int(offer.get("page", 0)) % pages
    part = amounts[page * size:(page + 1) * size]
    return ([opt("bribe_amount", n, "choice.bribe_n", n=n) for n in part]
            + [opt("bribe_page", page + 1, "choice.more", page=page + 2, pages=pages), back])


def side_choices(s: PRState, power: str) -> list[Choice]:
    """What ``power`` may do about bribes now (§4.4)."""
    if power not in s.powers or moment(s) is None:
        return []
    out = [c for o in s.bribes if o["to"] == power and o["n"] is not None
           for c in (opt("bribe_accept", o["by"], "choice.bribe_accept", who=f"@power.{o['by']}",
                         n=o["n"]),
                     opt("bribe_refuse", o["by"], "choice.bribe_refuse",
                         who=f"@power.{o['by']}", n=o["n"]))
           if s.powers[o["by"]].treasury >= o["n"] or c.verb == "bribe_refuse"]
    own = _own(s, power)
    if own is None:
        if s.powers[power].treasury >= 1:
            out += [opt("bribe_to", p, "choice.bribe_to", who=f"@power.{p}")
                    for p in acting(s) if p != power]
    elif own["n"] is None:
        out += _amounts(s, power, own)
    else:
        out.append(opt("bribe_withdraw", None, "choice.bribe_withdraw", who=f"@power.{own['to']}",
                       n=own["n"]))
    return out


def apply(s: PRState, power: str, action: Action) -> None:
    """Carry out a bribe side action (legal: listed by ``side_choices``)."""
    verb, arg = action.verb, action.arg
    own = _own(s, power)
    if verb == "bribe_to":
        s.bribes.append({"by": power, "to": str(arg), "n": None, "at": moment(s)})
    elif verb == "bribe_page" and own is not None:
        own["page"] = int(own.get("page", 0)) + 1
    elif verb == "bribe_back" and own is not None:
        s.bribes.remove(own)
    elif verb == "bribe_amount" and own is not None:
        own["n"] = int(arg or 0)
        own.pop("page", None)
        s.say(msg("log.bribe_offered", giver=f"@power.{power}", receiver=f"@power.{own['to']}",
                  n=own["n"]))
    elif verb == "bribe_withdraw" and own is not None:
        s.bribes.remove(own)
        s.say(msg("log.bribe_withdrawn", giver=f"@power.{power}",
                  receiver=f"@power.{own['to']}"))
    elif verb in ("bribe_accept", "bribe_refuse"):
        offer = next(o for o in s.bribes if o["by"] == arg and o["to"] == power)
        s.bribes.remove(offer)
        giver, n = offer["by"], int(offer["n"])
        if verb == "bribe_refuse":
            s.say(msg("log.bribe_refused", giver=f"@power.{giver}", receiver=f"@power.{power}",
                      n=n))
            return
        # §4.4: the Talents are paid at once, whatever the bribed Power then does
        s.powers[giver].treasury -= n
        s.powers[power].treasury += n
        s.say(msg("log.bribe_paid", giver=f"@power.{giver}", receiver=f"@power.{power}", n=n))
    lapse(s)


def lapse(s: PRState) -> None:
    """Drop the offers whose moment has passed (the Activation ended) or that their Power can no
    longer pay (a full offer lapses with a public line; an amount still being chosen silently)."""
    if not s.bribes:
        return
    now = moment(s)
    keep = []
    for o in s.bribes:
        if o["at"] == now and (o["n"] is None or s.powers[o["by"]].treasury >= o["n"]):
            keep.append(o)
        elif o["n"] is not None:
            s.say(msg("log.bribe_lapsed", giver=f"@power.{o['by']}",
                      receiver=f"@power.{o['to']}", n=o["n"]))
    s.bribes = keep


def public(s: PRState) -> list[dict[str, Any]]:
    """The offers on the table (§4.4), for the board: made offers only, in order."""
    return [{"by": o["by"], "to": o["to"], "n": o["n"]} for o in s.bribes if o["n"] is not None]


extend({
    "en": {
        "choice.bribe_to": "Offer {who} a bribe",
        "choice.bribe_n": "Bribe: {n}T",
        "choice.bribe_back": "No bribe after all",
        "choice.bribe_withdraw": "Take back the bribe offered to {who} ({n}T)",
        "choice.bribe_accept": "Accept {who}'s bribe ({n}T)",
        "choice.bribe_refuse": "Refuse {who}'s bribe ({n}T)",
        "log.bribe_offered": "{giver} offers {receiver} a bribe of {n}T.",
        "log.bribe_withdrawn": "{giver} takes back the bribe offered to {receiver}.",
        "log.bribe_refused": "{receiver} refuses {giver}'s bribe of {n}T.",
        "log.bribe_paid": "Bribe: {giver} pays {receiver} {n}T.",
        "log.bribe_lapsed": "The bribe of {n}T that {giver} offered {receiver} lapses.",
    },
    "ru": {
        "choice.bribe_to": "Предложить подкуп: {who}",
        "choice.bribe_n": "Подкуп: {n}Т",
        "choice.bribe_back": "Не подкупать",
        "choice.bribe_withdraw": "Отозвать подкуп ({who}, {n}Т)",
        "choice.bribe_accept": "Принять подкуп: {who}, {n}Т",
        "choice.bribe_refuse": "Отклонить подкуп: {who}, {n}Т",
        "log.bribe_offered": "Предложение подкупа: {giver} → {receiver}, {n}Т.",
        "log.bribe_withdrawn": "{giver} отзывает предложение подкупа ({receiver}).",
        "log.bribe_refused": "{receiver} отклоняет подкуп ({giver}, {n}Т).",
        "log.bribe_paid": "Подкуп: {giver} → {receiver}, выплачено {n}Т.",
        "log.bribe_lapsed": "Предложение подкупа ({giver} → {receiver}, {n}Т) больше не в силе.",
    },
})
