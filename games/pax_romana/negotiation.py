"""Negotiate (§4.1, §4.3, §4.4; Standard Game): a free Action. The words of an agreement are the
players' own (the bot gives them a private thread); what the rules let change hands is carried
out by the engine when both sides confirm: Talents, galleys and mercenary units (never
Mercenaries to Rome), control of a city or settlement, an alliance until the end of the Game
Turn among those who all confirm it (§4.3.1, alliances.py). A bribe (§4.4) is a Talent
transfer agreed the same way. Transfers are carried out at once (§4.3.2); ownership changes,
nothing moves."""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana import alliances
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, reset_page, turn_page
from games.pax_romana.state import PRState

KINDS = ("talents", "galleys", "mercenaries", "city", "card")     # cards: Advanced Game only
MAX_TALENTS = 20


def _assets(s: PRState, giver: str, kind: str, receiver: str, proposer: str) -> list[Choice]:
    """What ``giver`` can hand over of ``kind``."""
    if kind == "card":                  # §4.3.1 (Advanced Game): cards/card_deals.py
        from games.pax_romana.cards.card_deals import card_assets
        return card_assets(s, giver, proposer)
    if kind == "talents":
        top = min(MAX_TALENTS, s.powers[giver].treasury)
        return [opt("amount", n, "choice.talents_n", n=n) for n in range(1, top + 1)]
    if kind == "galleys":
        return [opt("asset", sp, "choice.galley_at", space=f"@space.{sp}")
                for sp in sorted(s.spaces_of_owner(giver)) if s.stack(sp, giver).get("GS", 0)]
    if kind == "mercenaries":
        if receiver == "rome":
            return []
        return [opt("asset", sp, "choice.mercenary_at", space=f"@space.{sp}")
                for sp in sorted(s.spaces_of_owner(giver)) if s.stack(sp, giver).get("MHI", 0)]
    return [opt("asset", sp, "choice.city_at", space=f"@space.{sp}")
            for sp, c in sorted(s.cities.items()) if c.owner == giver]


def public(s: PRState) -> dict[str, Any] | None:
    """The negotiation under way, for the public board: who negotiates, whom he invited, and
    the card that opened it (§4.2: the Alliance card; none for a Negotiate action)."""
    for f in s.flow:
        if f["k"] == "negotiate":
            out: dict[str, Any] = {"by": f["role"], "invited": list(f.get("invited", []))}
            if f.get("card"):
                out["card"] = f["card"]
            return out
    return None


def choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    stage = f.get("stage")
    back = opt("back", None, "choice.back")
    invited = f.setdefault("invited", [])
    if stage is None:
        # §4.1: the negotiating player invites any number of players; only they may be party
        # (§4.2: the Alliance card's negotiation has exactly one, ``only``)
        out = [opt("invite", r, "choice.invite", power=f"@power.{r}")
               for r in s.roles if r != power and r not in invited and not f.get("only")]
        out += [opt("give_to", r, "choice.deal_give", power=f"@power.{r}") for r in invited]
        out += [opt("ask_from", r, "choice.deal_ask", power=f"@power.{r}") for r in invited]
        # §4.3.1: an alliance until the end of the Game Turn, with one or all of the invited
        out += [opt("ally", r, "choice.offer_alliance", power=f"@power.{r}") for r in invited
                if alliances.proposal(s, power, [r], invited)]
        if len(invited) > 1 and alliances.proposal(s, power, invited, invited):
            out.append(opt("ally_all", None, "choice.offer_alliance_all"))
        return out + [opt("end", None, "choice.end_negotiation")]
    giver, receiver = f["giver"], f["receiver"]
    if stage == "kind":
        return [opt("kind", k, f"choice.kind_{k}") for k in KINDS
                if _assets(s, giver, k, receiver, power)] + [back]
    return paged(f, power, _assets(s, giver, f["kind"], receiver, power), [back],
                 secret=f["kind"] == "card")


def decide(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    reset_page(f, power)
    if verb == "end":
        pop(s, f)
    elif verb == "invite":
        f.setdefault("invited", []).append(arg)
        s.say(msg("log.invited", power=f"@power.{power}", who=f"@power.{arg}"))
    elif verb in ("ally", "ally_all"):
        partners = [arg] if verb == "ally" else f["invited"]
        members = alliances.proposal(s, power, partners, f["invited"])
        if members:
            alliances.offer(s, power, members)
    elif verb == "back":
        f["stage"] = None
    elif verb in ("give_to", "ask_from"):
        f["giver"], f["receiver"] = (power, arg) if verb == "give_to" else (arg, power)
        f["stage"] = "kind"
    elif verb == "kind":
        f["kind"] = arg
        f["stage"] = "asset"
    elif verb in ("amount", "asset"):
        f["stage"] = None
        if f["kind"] == "card":
            from games.pax_romana.cards.card_deals import propose
            propose(s, power, f["giver"], f["receiver"], int(arg))
            return
        other = f["receiver"] if f["giver"] == power else f["giver"]
        push(s, "deal_answer", role=other, proposer=power, giver=f["giver"],
             receiver=f["receiver"], deal=f["kind"], what=arg)


def _answer_choices(s: PRState, f: Frame) -> list[Choice]:
    return [opt("accept", None, "choice.accept_deal"), opt("refuse", None, "choice.refuse_deal")]


def _answer_prompt(s: PRState, f: Frame) -> Msg:
    """The deal in words, to the side that must confirm it (§4.3.1)."""
    kind, what = f["deal"], f["what"]
    return msg(f"prompt.deal_{kind}", who=f"@power.{f['role']}",
               proposer=f"@power.{f['proposer']}", giver=f"@power.{f['giver']}",
               receiver=f"@power.{f['receiver']}", n=what if kind == "talents" else 0,
               space=f"@space.{what}" if kind != "talents" else "")


@question("deal_answer", _answer_choices, _answer_prompt)
def _answer(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if verb == "refuse":
        s.say(msg("log.deal_refused", who=f"@power.{f['role']}"))
        return
    transfer(s, f["giver"], f["receiver"], f["deal"], f["what"])


def transfer(s: PRState, giver: str, receiver: str, kind: str, what: Any) -> None:
    """Carry out an agreed transfer at once (§4.3.1-4.3.2)."""
    if kind == "talents":
        n = min(int(what), s.powers[giver].treasury)
        s.powers[giver].treasury -= n
        s.powers[receiver].treasury += n
        s.say(msg("log.deal_talents", giver=f"@power.{giver}", receiver=f"@power.{receiver}",
                  n=n))
    elif kind in ("galleys", "mercenaries"):
        unit = "GS" if kind == "galleys" else "MHI"
        n = s.remove(what, giver, unit, 99)
        s.add(what, receiver, unit, n)
        if unit == "MHI":
            s.mercenary_turn[receiver] = max(s.mercenary_turn.get(receiver, 0),
                                             s.mercenary_turn.get(giver, s.turn))
        s.say(msg("log.deal_units", giver=f"@power.{giver}", receiver=f"@power.{receiver}",
                  n=n, unit=f"@unit.{unit}", space=f"@space.{what}"))
    else:
        s.cities[what].owner = receiver
        s.say(msg("log.deal_city", giver=f"@power.{giver}", receiver=f"@power.{receiver}",
                  space=f"@space.{what}"))
