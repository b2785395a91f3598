"""Phase 2, Trade of Resources (§2.1, §2.2, §2.2.1, §2.2.2; spec B.2).

1. The Trade Leader plays one of his available Trade Tokens on one face: N (§2.1). Antigone's
   owner then names his own count 0-5 (§10; C5).
2. Every player who has enough Resources builds his offer in secret, one Resource at a time, all
   at once (several active roles); nothing of an offer is shown or logged until the last player
   has confirmed, then all offers are revealed together (§2.1).
3. The chain of takes: the Trade Leader takes first, then always the player just taken from, never
   a third take back and forth between the same two players (§2.2; C1), until all is taken or the
   taker has nothing he may take (C2).
4. Balancing: the Trade Leader gives one Resource of his choice to the player left one short
   (§2.2.1; C3). Untaken offers were never out of their owners' hands.
"""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.mare_nostrum import board as B
from games.mare_nostrum import heroes as H
from games.mare_nostrum.data import board
from games.mare_nostrum.flow import Frame, decision, opt, phase, pop, push, step, who_prompt
from games.mare_nostrum.state import COIN, MNState, TradeState
from games.mare_nostrum.texts import slots

ANTIGONE = "antigone"


@phase("trade")
def start_trade(s: MNState) -> None:
    s.trade = TradeState()
    leader = s.titles["trade"]
    push(s, "trade_after_token")
    push(s, "trade_token", role=leader)


# -- 1. the Trade Token (§2.1) ---------------------------------------------------------------------
def _token_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    faces = board().tokens
    return [opt("token", f"{t}:{v}", "choice.token", token=t, n=v)
            for t in s.tokens for v in faces[t]]


@decision("trade_token", _token_choices, who_prompt("prompt.token"))
def choose_token(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    token, _, value = str(arg).partition(":")
    assert s.trade is not None
    s.tokens.remove(token)
    s.played_tokens.append(token)
    if not s.tokens:
        # all three played: all three are available again (§2.1)
        s.tokens = [t for t in board().tokens]
        s.played_tokens = []
    s.trade.token = token
    s.trade.value = int(value)
    s.say(msg("log.token", who=f"@empire.{role}", token=token, n=int(value)))
    pop(s, f)


@step("trade_after_token")
def after_token(s: MNState, f: Frame) -> None:
    pop(s, f)
    assert s.trade is not None
    s.trade.counts = {r: s.trade.value for r in s.roles}
    push(s, "trade_participants")
    for r in reversed(s.roles):
        if H.has(s, r, ANTIGONE):
            push(s, "antigone", role=r)


# -- Antigone (§10) ------------------------------------------------------------------------------------
def _antigone_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("count", n, "choice.antigone", n=n) for n in range(6)]


def _antigone_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    assert s.trade is not None
    return msg("prompt.antigone", who=f"@empire.{f['role']}", n=s.trade.value)


@decision("antigone", _antigone_choices, _antigone_prompt)
def antigone(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    assert s.trade is not None
    s.trade.counts[role] = int(arg)
    s.say(msg("log.antigone", who=f"@empire.{role}", n=int(arg)))
    pop(s, f)


# -- who takes part (§2.2.2) -------------------------------------------------------------------------
@step("trade_participants")
def participants(s: MNState, f: Frame) -> None:
    pop(s, f)
    t = s.trade
    assert t is not None
    # A player without enough Resources does not take part; one who has them cannot decline.
    t.participants = [r for r in s.roles if B.hand_size(s, r) >= t.counts[r]]
    for r in s.roles:
        if r not in t.participants:
            s.say(msg("log.trade_out", who=f"@empire.{r}", n=t.counts[r]))
    t.offers = {r: [] for r in t.participants}
    offering = [r for r in t.participants if t.counts[r] > 0]
    if not offering:
        s.say(msg("log.no_trade"))
        return
    leader = s.titles["trade"]
    push(s, "trade_end")
    push(s, "trade_takes")
    push(s, "trade_offers")
    if leader in t.participants:
        t.first = leader
    elif s.options.get("trade_leader_out", "designate") == "designate":
        push(s, "trade_first", role=leader)    # READING C4: he names the first taker
    else:
        trade = B.all_tracks(s)["trade"]
        t.first = sorted(t.participants, key=lambda r: (-trade[r], s.roles.index(r)))[0]
        s.say(msg("log.trade_first", who=f"@empire.{t.first}"))


def _first_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    assert s.trade is not None
    return [opt("first", r, "choice.first", who=f"@empire.{r}") for r in s.trade.participants]


@decision("trade_first", _first_choices, who_prompt("prompt.first"))
def choose_first(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    assert s.trade is not None
    s.trade.first = str(arg)
    s.say(msg("log.trade_first", who=f"@empire.{arg}"))
    pop(s, f)


# -- 2. secret offers, made at once ---------------------------------------------------------------
def _offer_roles(s: MNState, f: Frame) -> list[str]:
    t = s.trade
    assert t is not None
    return [r for r in t.participants if t.counts[r] > 0 and r not in t.confirmed]


def offer_suggestions(s: MNState, role: str, n: int) -> list[list[str]]:
    """A few complete offers (kinds) so a player may offer in one click: what he has most of,
    Coins only, or n different kinds."""
    have = B.kinds_in_hand(s, role)
    kinds = sorted(have, key=lambda k: (-have[k], k))
    out: list[list[str]] = []
    most: list[str] = []
    left = dict(have)
    while len(most) < n:
        k = max(kinds, key=lambda x: (left[x], -kinds.index(x)))
        most.append(k)
        left[k] -= 1
    out.append(sorted(most))
    if have.get(COIN, 0) >= n:
        out.append([COIN] * n)
    if len(kinds) >= n:
        out.append(sorted(kinds[:n]))
    uniq: list[list[str]] = []
    for x in out:
        if x not in uniq:
            uniq.append(x)
    return uniq


def offer_choices(s: MNState, role: str) -> list[Choice]:
    t = s.trade
    assert t is not None
    offer = t.offers[role]
    out: list[Choice] = []
    if not offer:
        for sug in offer_suggestions(s, role, t.counts[role]):
            out.append(opt("offer_set", "+".join(sug), "choice.offer_set", secret=True,
                           **slots(sug)))
    if len(offer) < t.counts[role]:
        for kind, _n in sorted(B.kinds_in_hand(s, role).items()):
            if B.token_for(s, role, kind, offer) is not None:
                out.append(opt("offer", kind, "choice.offer", secret=True, res=f"@res.{kind}"))
    for tok in sorted(set(offer)):
        out.append(opt("unoffer", tok, "choice.unoffer", secret=True, res=f"@res.{tok}"))
    if len(offer) == t.counts[role]:
        out.append(opt("confirm", None, "choice.confirm_offer", secret=True, **slots(offer)))
    return out


def _offer_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return offer_choices(s, role)


def _offer_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    t = s.trade
    assert t is not None
    if role in _offer_roles(s, f):
        return msg("prompt.offer", n=t.counts[role], have=len(t.offers[role]))
    return msg("prompt.offers_wait", n=len(_offer_roles(s, f)))


@decision("trade_offers", _offer_choices, _offer_prompt, roles=_offer_roles)
def make_offer(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    t = s.trade
    assert t is not None
    offer = t.offers[role]
    if verb == "offer":
        tok = B.token_for(s, role, str(arg), offer)
        assert tok is not None
        offer.append(tok)
    elif verb == "offer_set":
        for kind in str(arg).split("+"):
            tok = B.token_for(s, role, kind, offer)
            assert tok is not None
            offer.append(tok)
        t.confirmed.append(role)
        s.say(msg("log.offer_ready", who=f"@empire.{role}"))
    elif verb == "unoffer":
        offer.remove(str(arg))
    elif verb == "confirm":
        t.confirmed.append(role)
        s.say(msg("log.offer_ready", who=f"@empire.{role}"))
    if not _offer_roles(s, f):
        reveal(s)
        pop(s, f)


def reveal(s: MNState) -> None:
    """All offers are shown together (§2.1)."""
    t = s.trade
    assert t is not None
    t.revealed = True
    s.mark_irreversible()
    for r in t.participants:
        t.offers[r] = sorted(t.offers[r])
        t.pool[r] = list(t.offers[r])
        t.received[r] = []
        if t.offers[r]:
            s.say(msg("log.offer", who=f"@empire.{r}", **slots(t.pool[r])))
    t.taker = t.first


# -- 3. the chain of takes (§2.2) ----------------------------------------------------------------
def may_take_from(s: MNState, taker: str, victim: str) -> bool:
    t = s.trade
    assert t is not None
    if victim == taker or not t.pool.get(victim):
        return False
    if s.options.get("ping_pong", "pair") == "pair":
        # C1: not a third take in a row between the same two players
        if len(t.takes) >= 2 and t.takes[-1][:2] == [victim, taker] \
                and t.takes[-2][:2] == [taker, victim]:
            return False
    else:
        # C1 (alternative): never from the same player on two consecutive own takes
        mine = [x for x in t.takes if x[0] == taker]
        if mine and mine[-1][1] == victim:
            return False
    return True


def take_choices(s: MNState, role: str) -> list[Choice]:
    t = s.trade
    assert t is not None
    out = []
    for v in s.roles:
        if may_take_from(s, role, v):
            for tok in sorted(set(t.pool[v])):
                out.append(opt("take", f"{v}:{tok}", "choice.take", who=f"@empire.{v}",
                               res=f"@res.{tok}"))
    return out


def _take_roles(s: MNState, f: Frame) -> list[str]:
    t = s.trade
    if t is None or t.taker is None or not any(may_take_from(s, t.taker, v) for v in s.roles):
        return []
    return [t.taker]


def _take_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return take_choices(s, role)


def _take_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    t = s.trade
    assert t is not None
    return msg("prompt.take", who=f"@empire.{t.taker}")


@decision("trade_takes", _take_choices, _take_prompt, roles=_take_roles)
def take(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    t = s.trade
    assert t is not None
    victim, _, tok = str(arg).partition(":")
    t.pool[victim].remove(tok)
    B.take_token(s, victim, tok)
    t.received[role].append(tok)     # face down on his screen: not to be taken again
    t.takes.append([role, victim, tok])
    t.taker = victim
    s.say(msg("log.take", who=f"@empire.{role}", victim=f"@empire.{victim}", res=f"@res.{tok}"))
    if not _take_roles(s, f):
        pop(s, f)


@step("trade_end")
def finish_takes(s: MNState, f: Frame) -> None:
    """Received Resources go behind the screens; the player left short gets one from the Trade
    Leader (§2.2.1; C3: the net rule)."""
    pop(s, f)
    t = s.trade
    assert t is not None
    for r, got in t.received.items():
        for tok in got:
            B.give_token(s, r, tok)
    short = t.taker
    if t.takes and short is not None and short != t.first and t.first is not None:
        push(s, "trade_gift", role=t.first, to=short)
    else:
        s.say(msg("log.trade_end"))


def _gift_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("give", k, "choice.give", secret=True, res=f"@res.{k}", who=f"@empire.{f['to']}")
            for k in sorted(B.kinds_in_hand(s, role))]


def _gift_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.gift", who=f"@empire.{f['role']}", to=f"@empire.{f['to']}")


@decision("trade_gift", _gift_choices, _gift_prompt)
def gift(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    t = s.trade
    assert t is not None
    tok = B.token_for(s, role, str(arg))
    assert tok is not None
    B.take_token(s, role, tok)
    B.give_token(s, f["to"], tok)
    t.gift = {"from": role, "to": f["to"]}
    s.say(msg("log.gift", who=f"@empire.{role}", to=f"@empire.{f['to']}"))
    s.say(msg("log.gift_detail", who=f"@empire.{role}", to=f"@empire.{f['to']}",
              res=f"@res.{tok}"), to=role)
    s.say(msg("log.gift_detail", who=f"@empire.{role}", to=f"@empire.{f['to']}",
              res=f"@res.{tok}"), to=f["to"])
    s.say(msg("log.trade_end"))
    pop(s, f)
