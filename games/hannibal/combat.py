"""Battles (§14), withdrawal (§16), elephants (§17), the change-of-command roll (§18.2) and
retreat (§15).

``s.battle`` is public: {"attacker", "defender" (the original ones), "space", "came_from",
"landed", "surprise", "avoid_failed", "cmd": {side: general}, "size": {side: CUs before},
"counts": {side: cards dealt}, "charge": None | "ok" | "failed" | "fright", "played":
[[side, card, as]], "round", "lead" (who leads this round), "revealed": {side: [cards]},
"no_allies": {side: [ally groups]}, "winner", "won_with", "probe_used", "losses"}.
The battle hands ``s.bhands`` are hidden from the other side.
"""

from __future__ import annotations

from typing import Any

from games.core import msg
from games.core.text import listing
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.flow import Frame, decision, opt, pop, push, step
from games.hannibal.state import CARTHAGE, ROME, HState, inside, other

TYPES = ("frontal_assault", "flank_left", "flank_right", "probe", "double_envelopment")
PROBE_AS = ("flank_left", "flank_right", "double_envelopment")     # Hannibal's ability (§24)
RESERVE = "reserve"
MAX_BC = 20
MAHARBAL = 6


def _b(s: HState) -> dict[str, Any]:
    assert s.battle is not None
    return s.battle


def start_battle(s: HState, attacker: str, sid: str, came_from: str | None = None,
                 surprise: str | None = None, avoid_failed: str | None = None,
                 landed: bool = False, sortie: bool = False) -> None:
    """A battle in area ``sid`` (§14): ``attacker`` is the active player (the intercepted one in
    an interception battle, §12.4)."""
    defender = other(attacker)
    # §20.7: attacking an army that besieges one's own walled city, the CUs inside join in
    joined, joined_gens = 0, []
    if B.walled(sid) and s.spaces[sid].pc == attacker and P.cu(s, attacker, inside(sid)):
        joined = P.cu(s, attacker, inside(sid))
        joined_gens = list(P.gens_at(s, attacker, inside(sid)))
        P.move_force(s, attacker, inside(sid), sid, [], joined)
        for g in joined_gens:
            P.place_general(s, g, sid)
    if sortie:
        # the whole force came out of the walls (the moving army and any who joined it)
        joined, joined_gens = P.cu(s, attacker, sid), list(P.gens_at(s, attacker, sid))
    if B.walled(sid) and s.spaces[sid].pc == attacker and P.besieged(s, sid):
        sortie = True
    s.battle = {
        "sortie": attacker if sortie else None,
        "sortied": {attacker: joined} if sortie else {},
        "sortie_gens": joined_gens if sortie else [],
        "attacker": attacker, "defender": defender, "space": sid, "came_from": came_from,
        "landed": landed, "surprise": surprise, "avoid_failed": avoid_failed,
        "cmd": {attacker: P.commander(s, attacker, sid), defender: P.commander(s, defender, sid)},
        "size": {attacker: P.cu(s, attacker, sid), defender: P.cu(s, defender, sid)},
        "counts": {}, "charge": None, "played": [], "round": 0, "lead": attacker,
        "revealed": {}, "no_allies": {ROME: [], CARTHAGE: []}, "winner": None,
        "won_with": None, "probe_used": False, "losses": {}, "steal": [],
        "no_withdraw": False, "maharbal": False,
    }
    s.say(msg("log.battle", a=f"@side.{attacker}", where=f"@space.{sid}"))
    for k in ("b_end", "b_round", "b_deal", "b_elephants"):
        push(s, k)
    from games.hannibal.cards import open_window
    push(s, "b_window", role=defender)
    open_window(s, attacker, "battle", space=sid, attacker=attacker)
    push(s, "b_command")


@step("b_window")
def b_window(s: HState, f: Frame) -> None:
    pop(s, f)
    from games.hannibal.cards import open_window
    b = _b(s)
    open_window(s, f["role"], "battle", space=b["space"], attacker=b["attacker"])


# -- §18.2 change of command --------------------------------------------------------------------------
@step("b_command")
def b_command(s: HState, f: Frame) -> None:
    pop(s, f)
    b = _b(s)
    consuls = [g for g in P.gens_at(s, ROME, b["space"]) if g in s.consuls]
    if len(consuls) < 2:
        return
    if b["attacker"] == CARTHAGE:
        _command_roll(s)            # the Carthaginian must roll
    else:
        push(s, "cmd_q", role=CARTHAGE)


def _command_roll(s: HState) -> None:
    b = _b(s)
    r = P.roll(s)
    if r >= 4:
        stack = P.gens_at(s, ROME, b["space"])
        other_consul = next(g for g in stack[1:] if g in s.consuls)
        P.set_commander(s, ROME, b["space"], other_consul)
        b["cmd"][ROME] = other_consul
    s.say(msg("log.command_roll", roll=r, g=f"@gen.{b['cmd'][ROME]}"))


@decision("cmd_q", lambda s, f: [opt("cmd", "roll", "choice.command_roll"),
                                opt("cmd", "no", "choice.no")],
          lambda s, f: msg("prompt.command_roll"))
def _cmd_q(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg == "roll":
        _command_roll(s)


# -- §17.3 the elephant charge -----------------------------------------------------------------------
@step("b_elephants")
def b_elephants(s: HState, f: Frame) -> None:
    pop(s, f)
    b = _b(s)
    if P.elephants(s, CARTHAGE, b["space"]) > 0:
        push(s, "charge_q", role=CARTHAGE)


@decision("charge_q", lambda s, f: [opt("charge", "yes", "choice.charge"),
                                   opt("charge", "no", "choice.no")],
          lambda s, f: msg("prompt.charge", n=P.elephants(s, CARTHAGE, _b(s)["space"])))
def _charge_q(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg != "yes":
        return
    push(s, "charge_roll")
    from games.hannibal.cards import open_window
    open_window(s, ROME, "elephant_charge", space=_b(s)["space"])


@step("charge_roll")
def charge_roll(s: HState, f: Frame) -> None:
    """§17.3-17.5: the charge works on a roll above the Roman commander's battle rating (only a
    1 fails without a Roman general); a 1 costs the Carthaginian one battle card."""
    pop(s, f)
    b = _b(s)
    if b["charge"] == "fright":
        return
    r = P.roll(s)
    g = b["cmd"][ROME]
    ok = r > B.general(g).battle if g else r > 1
    b["charge"] = "ok" if ok else "failed"
    b["charge_roll"] = r
    b["elephants"] = P.elephants(s, CARTHAGE, b["space"])
    s.say(msg("log.charge", roll=r, result=f"@charge.{b['charge']}"))


# -- §14.1-14.4 how many battle cards ----------------------------------------------------------------
def allies(s: HState, side: str, sid: str, no_allies: list[str]) -> int:
    """§14.2-14.3: provinces controlled before the battle in the battle area's ally group (a
    mainland region, an island, or the province itself); Rome at most 2 in Italy and never
    Latium; each Numidia gives 2."""
    group = B.ally_group_of_space(sid)
    ctl = P.province_controllers(s)
    n = 0
    for pid, p in B.board().provinces.items():
        if ctl[pid] != side or p.ally_group != group or pid in no_allies:
            continue
        if side == ROME and pid == "latium":
            continue
        n += p.allies
    if side == ROME and group == B.ITALY:
        n = min(n, 2)
    return n


def card_count(s: HState, side: str) -> tuple[int, dict[str, int]]:
    """§14.1 and the bonus list: commander's battle rating + CUs + interception + failed avoid +
    allies (with a general) + Latium militia (Rome) + friendly tribe (Carthage), at most 20."""
    b = _b(s)
    sid = b["space"]
    parts: dict[str, int] = {}
    g = b["cmd"].get(side)
    if g and P.where(s, g) == sid:
        parts["rating"] = B.general(g).battle
    parts["cus"] = P.cu(s, side, sid)
    if b["surprise"] == side:
        parts["surprise"] = 1
    if b["avoid_failed"] == side:
        parts["avoid"] = -1
    if P.gens_at(s, side, sid):
        a = allies(s, side, sid, b["no_allies"][side])
        if a:
            parts["allies"] = a
    if side == ROME and B.province_of(sid) == "latium":
        parts["militia"] = 2
    if side == CARTHAGE and s.spaces[sid].tribe == CARTHAGE:
        parts["tribe"] = 1
    total = max(0, min(MAX_BC, sum(parts.values())))
    # §17.4-17.5 and #42: the elephants' effects come after the cap
    if side == ROME and b["charge"] == "ok":
        total -= b.get("elephants", 0)
    if side == CARTHAGE and b["charge"] == "failed" and b.get("charge_roll") == 1:
        total -= 1
    if side == CARTHAGE and b["charge"] == "fright":
        total -= 2
    return max(0, total), parts


def battle_deck() -> list[str]:
    out = []
    for t, n in B.board().battle_deck.items():
        out += [t] * n
    return out


@step("b_deal")
def b_deal(s: HState, f: Frame) -> None:
    """§14.5 step 5: the whole battle deck is shuffled and dealt."""
    pop(s, f)
    b = _b(s)
    deck = battle_deck()
    s.rng.shuffle(deck)
    s.bhands = {}
    for side in (b["attacker"], b["defender"]):
        n, parts = card_count(s, side)
        b["counts"][side] = n
        b[f"parts_{side}"] = parts
        s.bhands[side] = sorted(deck.pop() for _ in range(min(n, len(deck))))
    s.bdeck = deck
    s.mark_irreversible()
    s.say(msg("log.deal_bc", a=b["counts"][b["attacker"]], d=b["counts"][b["defender"]]))
    for side in b.get("spy", []):
        _spy(s, side)
    for side, _what in b.get("steal", []):
        if b["revealed"].get(other(side)):
            push(s, "steal_pick", role=side)      # §25 #59 with #20: a shown card or a hidden one
        else:
            _steal(s, side, None)


def _steal(s: HState, side: str, card: str | None) -> None:
    """#59: one battle card from the opponent's hand into one's own: a card shown by the Spy,
    or one drawn at random from those not shown."""
    b = _b(s)
    hand = s.bhands.get(other(side), [])
    shown = b["revealed"].get(other(side), [])
    if card is not None and card in shown:
        shown.remove(card)
        hand.remove(card)
        c = card
    else:
        hidden = list(hand)
        for x in shown:
            hidden.remove(x)
        if not hidden:
            return
        c = hidden[s.rng.below(len(hidden))]
        hand.remove(c)
    if received(s, side) >= MAX_BC:
        # §14.1: no more than 20 battle cards in one battle: the card only leaves the enemy
        s.say(msg("log.bc_taken_out", side=f"@side.{side}"))
        return
    b["taken"] = {**b.get("taken", {}), side: b.get("taken", {}).get(side, 0) + 1}
    s.bhands.setdefault(side, []).append(c)
    s.bhands[side].sort()
    s.say(msg("log.bc_taken", side=f"@side.{side}"))


def received(s: HState, side: str) -> int:
    """§14.1: the battle cards ``side`` has got in this battle: those of the deal (counted
    before the elephants' reductions, which come after the cap) and those taken (#59)."""
    b = _b(s)
    parts = b.get(f"parts_{side}", {})
    return max(0, min(MAX_BC, sum(parts.values()))) + b.get("taken", {}).get(side, 0)


def _steal_choices(s: HState, f: Frame) -> list[Any]:
    b = _b(s)
    enemy = other(f["role"])
    shown = b["revealed"].get(enemy, [])
    out = [opt("steal", c, "choice.steal_shown", secret=True, t=f"@bc.{c}")
           for c in sorted(set(shown))]
    if len(s.bhands.get(enemy, [])) > len(shown):
        out.append(opt("steal", "", "choice.steal_hidden"))
    return out


@decision("steal_pick", _steal_choices, lambda s, f: msg("prompt.steal"))
def _steal_pick(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    _steal(s, f["role"], str(arg) or None)


def _unreveal(s: HState, side: str, card: str) -> None:
    """A card shown by the Spy and now played is no longer a hidden-but-known card."""
    shown = _b(s)["revealed"].get(side)
    if shown and card in shown:
        shown.remove(card)


def _spy(s: HState, side: str) -> None:
    """#20: up to half of the opponent's battle cards, drawn at random, are shown for the battle."""
    b = _b(s)
    hand = list(s.bhands.get(other(side), []))
    s.rng.shuffle(hand)
    shown = sorted(hand[: len(hand) // 2])
    b["revealed"][other(side)] = shown
    s.say(msg("log.spy", side=f"@side.{side}", n=len(shown)))
    # «вскрытая КТ врага должна оставаться открытой всю битву»: the shown cards lie face up
    # for everyone while the battle lasts (the board's ``battle.revealed``); the spying player
    # also finds them in his own items and hand picture (``View.private["spied"]``)
    s.say(msg("log.spy_sees", **listing([f"@bc.{c}" for c in shown], "l", 7)))


# -- §14.6-14.10 battle rounds -------------------------------------------------------------------------
@step("b_round")
def b_round(s: HState, f: Frame) -> None:
    b = _b(s)
    if b["winner"] is not None:
        pop(s, f)
        return
    lead = b["lead"]
    maharbal = lead == CARTHAGE and MAHARBAL in s.hands.get(CARTHAGE, []) and not b["maharbal"]
    if not s.bhands.get(lead) and not maharbal:
        # §14.10: an attacker without cards at the start of a round loses
        b["winner"] = other(lead)
        b["won_with"] = None
        b["ran_out"] = True
        pop(s, f)
        return
    push(s, "b_lead", role=lead)
    # §25 #59: a card kept for the battle may be played at the start of any round: the side
    # that does not lead is asked first, then the leader (windows are answered top first)
    from games.hannibal.cards import open_window
    for side in (lead, other(lead)):
        open_window(s, side, "battle_round", space=b["space"], attacker=b["attacker"])


def withdraw_targets(s: HState, side: str) -> list[str]:
    """§16.2-16.3: an adjacent area by a plain line, without enemy PC or CUs, not a non-friendly
    tribe; the original attacker only back where he came from, the original defender never
    there."""
    b = _b(s)
    sid = b["space"]
    enemy = other(side)
    if b["sortie"] == side:
        # PA: forces out of a besieged walled city may only go back into it (§16.2), all of
        # them within the walls' capacity (§10.7)
        fits = P.cu(s, side, inside(sid)) + P.cu(s, side, sid) <= B.space(sid).capacity
        return [inside(sid)] if B.walled(sid) and s.spaces[sid].pc == side and fits else []
    out = []
    for nb in B.land_neighbours(sid):
        if P.cu_in_area(s, enemy, nb) > 0 or s.spaces[nb].pc == enemy or P.hostile_tribe(s, side, nb):
            continue
        if side == b["attacker"] and nb != b["came_from"]:
            continue
        if side == b["defender"] and nb == b["came_from"]:
            continue
        out.append(nb)
    return out


def _lead_choices(s: HState, f: Frame) -> list[Any]:
    b = _b(s)
    side = f["role"]
    hand = s.bhands.get(side, [])
    out = []
    for t in TYPES:
        if t in hand:
            out.append(opt("lead", t, "choice.lead", secret=True, t=f"@bc.{t}"))
    if RESERVE in hand:
        for t in TYPES:
            out.append(opt("lead", f"reserve>{t}", "choice.lead_reserve", secret=True,
                           t=f"@bc.{t}"))
    if "probe" in hand and _hannibal_probe(s, side):
        for t in PROBE_AS:
            out.append(opt("lead", f"probe>{t}", "choice.lead_probe", secret=True, t=f"@bc.{t}"))
    maharbal = side == CARTHAGE and MAHARBAL in s.hands.get(CARTHAGE, []) and not b["maharbal"]
    if maharbal:
        out.append(opt("lead", "maharbal", "choice.lead_maharbal", secret=True))
    g = b["cmd"].get(side)
    if g and P.where(s, g) == b["space"] and not b["no_withdraw"] and withdraw_targets(s, side):
        out.append(opt("withdraw", None, "choice.withdraw", secret=True, r=B.general(g).battle))
    if maharbal and not hand:
        # §14.10: without a battle card the round is lost; #6 may, not must, be played
        out.append(opt("concede", None, "choice.concede", secret=True))
    return out


def _hannibal_probe(s: HState, side: str) -> bool:
    """§24: Hannibal, commanding in the battle, may once per battle play a Probe as a Flank
    Left, Flank Right or Double Envelopment (leading or matching)."""
    b = _b(s)
    return b["cmd"].get(side) == "hannibal" and not b["probe_used"] \
        and P.where(s, "hannibal") == b["space"]


@decision("b_lead", _lead_choices,
          lambda s, f: msg("prompt.lead", n=_b(s)["round"] + 1))
def _lead(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    b = _b(s)
    side = f["role"]
    if verb == "withdraw":
        _withdraw(s, side)
        return
    if verb == "concede":
        # §14.10: the attacker has no battle card at the start of the round and keeps #6
        b["winner"] = other(side)
        b["won_with"] = None
        b["ran_out"] = True
        s.say(msg("log.concede", side=f"@side.{side}"))
        return
    b["no_withdraw"] = False
    a = str(arg)
    if a == "maharbal":
        # #6: from the strategy hand, a Double Envelopment that gives no automatic initiative
        s.hands[CARTHAGE].remove(MAHARBAL)
        s.discard.append(MAHARBAL)
        b["maharbal"] = True
        card, as_type = "maharbal", "double_envelopment"
    elif ">" in a:
        card, as_type = a.split(">")
        if card == "probe":
            b["probe_used"] = True
    else:
        card, as_type = a, a
    if card != "maharbal":
        s.bhands[side].remove(card)
        _unreveal(s, side, card)
    b["played"].append([side, card, as_type])
    b["led"] = as_type
    b["led_card"] = card
    b["round"] += 1
    s.mark_irreversible()
    s.say(msg("log.lead", side=f"@side.{side}", t=f"@bc.{as_type}", card=f"@bc.{card}"))
    push(s, "b_match", role=other(side))


def _match_choices(s: HState, f: Frame) -> list[Any]:
    b = _b(s)
    hand = s.bhands.get(f["role"], [])
    out = []
    if b["led"] in hand:
        out.append(opt("match", b["led"], "choice.match", secret=True, t=f"@bc.{b['led']}"))
    if RESERVE in hand:
        out.append(opt("match", RESERVE, "choice.match", secret=True, t=f"@bc.{RESERVE}"))
    if b["led"] in PROBE_AS and "probe" in hand and _hannibal_probe(s, f["role"]):
        out.append(opt("match", f"probe>{b['led']}", "choice.match_probe", secret=True,
                       t=f"@bc.{b['led']}"))
    out.append(opt("match", "", "choice.lose", secret=True))
    return out


@decision("b_match", _match_choices,
          lambda s, f: msg("prompt.match", t=f"@bc.{_b(s)['led']}"))
def _match(s: HState, f: Frame, verb: str, arg: Any) -> None:
    """§14.7: the defender matches the type, or loses."""
    pop(s, f)
    b = _b(s)
    side = f["role"]
    if not arg:
        b["winner"] = other(side)
        b["won_with"] = b["led"]
        s.say(msg("log.no_match", side=f"@side.{side}"))
        return
    card = str(arg)
    if card.startswith("probe>"):
        card = "probe"                  # §24: Hannibal's Probe as the type led
        b["probe_used"] = True
    s.bhands[side].remove(card)
    _unreveal(s, side, card)
    b["played"].append([side, card, b["led"]])
    s.say(msg("log.match", side=f"@side.{side}", card=f"@bc.{card}"))
    if b["led"] == "double_envelopment" and b["led_card"] != "maharbal":
        push(s, "b_take", role=side)         # §14.8: matched DE, initiative for the asking
    elif b["cmd"].get(side) and P.where(s, b["cmd"][side]) == b["space"]:
        push(s, "b_counter", role=side)


def counter_range(s: HState, side: str) -> int:
    """§14.8 with the printed abilities: Longus 1-2 as original attacker, Paullus 1-3 as
    original defender."""
    b = _b(s)
    g = b["cmd"][side]
    r = B.general(g).battle
    if g == "longus" and b["attacker"] == side:
        r = max(r, 2)
    if g == "paullus" and b["defender"] == side:
        r = max(r, 3)
    return r


@decision("b_counter", lambda s, f: [opt("counter", "roll", "choice.counter",
                                         r=counter_range(s, f["role"])),
                                     opt("counter", "no", "choice.no")],
          lambda s, f: msg("prompt.counter"))
def _counter(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg != "roll":
        return
    b = _b(s)
    side = f["role"]
    r = P.roll(s)
    ok = r <= counter_range(s, side)
    s.say(msg("log.counter", side=f"@side.{side}", roll=r, result=f"@ok.{int(ok)}"))
    if ok:
        b["lead"] = side


@decision("b_take", lambda s, f: [opt("take", "yes", "choice.take_initiative"),
                                  opt("take", "no", "choice.no")],
          lambda s, f: msg("prompt.take_initiative"))
def _take(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg == "yes":
        _b(s)["lead"] = f["role"]
        _b(s)["no_withdraw"] = False
        s.say(msg("log.initiative", side=f"@side.{f['role']}"))


# -- §16 withdrawal -------------------------------------------------------------------------------------
def _withdraw(s: HState, side: str) -> None:
    b = _b(s)
    g = b["cmd"][side]
    r = P.roll(s)
    s.mark_irreversible()
    if r > B.general(g).battle:
        s.say(msg("log.withdraw_failed", side=f"@side.{side}", roll=r))
        _withdraw_failed(s, side)
        return
    s.say(msg("log.withdraw_rolled", side=f"@side.{side}", roll=r))
    dg = b["cmd"].get(other(side))
    if dg and P.where(s, dg) == b["space"]:
        push(s, "w_block", role=other(side))
    else:
        push(s, "w_to", role=side)


def block_range(s: HState, side: str) -> int:
    """§16.1 with §24: Flaminius' 1-4 also works against a withdrawal (the roll that stops it)."""
    g = _b(s)["cmd"][side]
    if g == "flaminius" and s.options.get("flaminius_blocks_withdrawal", True):
        return 4
    return B.general(g).battle


@decision("w_block", lambda s, f: [opt("block", "roll", "choice.block", r=block_range(s, f["role"])),
                                  opt("block", "no", "choice.no")],
          lambda s, f: msg("prompt.block"))
def _block(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    side = other(f["role"])
    if arg == "roll":
        r = P.roll(s)
        if r <= block_range(s, f["role"]):
            s.say(msg("log.withdraw_blocked", side=f"@side.{f['role']}", roll=r))
            _withdraw_failed(s, side)
            return
        s.say(msg("log.block_failed", side=f"@side.{f['role']}", roll=r))
    push(s, "w_to", role=side)


def _withdraw_failed(s: HState, side: str) -> None:
    """§16.1: the defender may take the initiative; if he does not, the attacker leads a card
    this round (one attempt per round)."""
    _b(s)["no_withdraw"] = True
    push(s, "b_take", role=other(side))


def _where(loc: str) -> str:
    return f"@inside.{loc[:-3]}" if loc.endswith(":in") else f"@space.{loc}"


@decision("w_to", lambda s, f: [opt("withdraw_to", x, "choice.withdraw_to", where=_where(x))
                                for x in withdraw_targets(s, f["role"])][:25],
          lambda s, f: msg("prompt.withdraw_to"))
def _w_to(s: HState, f: Frame, verb: str, arg: Any) -> None:
    """§16.2: the battle ends; battle losses as usual, no rout, no retreat."""
    pop(s, f)
    b = _b(s)
    side = f["role"]
    b["winner"] = "withdrawn"
    b["withdrawn"] = side
    b["withdraw_to"] = str(arg)


# -- the end: losses, rout, retreat (§14.11-14.12, §15) ------------------------------------------------
@step("b_end")
def b_end(s: HState, f: Frame) -> None:
    """§14.11: one roll on the attrition table by the rounds fought; each side loses that many
    CUs, the owner choosing which (elephants §17.2; besieged or relieving CUs §20.7)."""
    pop(s, f)
    from games.hannibal.turn import lose_cus
    b = _b(s)
    sid = b["space"]
    if b["round"] == 0 and s.options.get("zero_round_losses", "column_1") == "none":
        # the other reading: a battle of no round has no losses (and no roll)
        n, el = 0, False
        lost = {b["attacker"]: 0, b["defender"]: 0}
        s.say(msg("log.battle_no_losses"))
    else:
        # a battle of 0 rounds reads the 1-round column (§14.11 always rolls)
        r = P.roll(s)
        n, el = B.attrition_result(max(1, b["round"]), r)
        lost = {side: min(n, P.cu(s, side, sid)) for side in (b["attacker"], b["defender"])}
        s.say(msg("log.battle_losses", roll=r, rounds=b["round"], a=lost[b["attacker"]],
                  d=lost[b["defender"]]))
    s.bhands = {}
    s.bdeck = []
    b["battle_lost"] = lost
    push(s, "b_outcome")
    for side in (b["defender"], b["attacker"]):
        lose_cus(s, side, sid, n, elephant=el and side == CARTHAGE)
        _split_losses(s, side, lost[side])


def _split_losses(s: HState, side: str, n: int) -> None:
    """§20.7: in a battle the besieged joined (or made alone), their owner splits the battle
    losses between them and the relieving CUs as he likes; those from the walls are counted
    in ``b["sortied"]`` (only they may go back in). The relievers lose first unless he says
    otherwise."""
    b = _b(s)
    out = b.get("sortied", {}).get(side, 0)
    if not out or not n:
        return
    total = P.cu(s, side, b["space"]) + n
    least = max(0, n - (total - out))
    most = min(n, out)
    b["sortied"][side] = out - least
    if most > least:
        push(s, "loss_split", role=side, n=n, least=least, most=most)


@decision("loss_split", lambda s, f: [opt("besieged", k, "choice.loss_split", k=k, n=f["n"] - k)
                                      for k in range(f["least"], f["most"] + 1)],
          lambda s, f: msg("prompt.loss_split", n=f["n"], where=f"@space.{_b(s)['space']}"))
def _loss_split(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    b = _b(s)
    b["sortied"][f["role"]] -= int(arg) - f["least"]
    s.say(msg("log.loss_split", side=f"@side.{f['role']}", k=int(arg), n=f["n"]))


@step("b_outcome")
def b_outcome(s: HState, f: Frame) -> None:
    """The battle's end after the losses: a withdrawal (§16.2), or the rout (§14.12) and the
    retreat (§15)."""
    pop(s, f)
    b = _b(s)
    sid = b["space"]
    lost = b["battle_lost"]
    if b["winner"] == "withdrawn":
        side = b["withdrawn"]
        gens = list(P.gens_at(s, side, sid))
        P.move_force(s, side, sid, b["withdraw_to"], gens, P.cu(s, side, sid))
        s.say(msg("log.withdrawn", side=f"@side.{side}", where=_where(b["withdraw_to"])))
        _finish(s)
        return
    winner = b["winner"]
    loser = other(winner)
    s.say(msg("log.battle_won", side=f"@side.{winner}"))
    # §14.12 rout
    rr = P.roll(s)
    mod = 0
    if not b.get("ran_out"):
        mod = {"double_envelopment": 2, "probe": -2}.get(b["won_with"] or "", 0)
    k = B.rout_result(b["size"][loser], rr + mod)
    have = P.cu(s, loser, sid)
    k = have if k is None else min(k, have)
    routed = P.remove_cu(s, loser, sid, k, elephant=loser == CARTHAGE)
    s.say(msg("log.rout", side=f"@side.{loser}", roll=rr, mod=mod, n=routed))
    if P.cu(s, loser, sid) == 0 and routed:
        for g in list(P.gens_at(s, loser, sid)):
            P.displace(s, g)                      # §10.10: all CUs lost on the rout table
    b["losses"] = {loser: lost[loser] + routed, winner: lost[winner]}
    push(s, "b_done")
    if P.cu(s, loser, sid) or P.gens_at(s, loser, sid):
        push(s, "retreat", role=loser)


@step("b_done")
def b_done(s: HState, f: Frame) -> None:
    pop(s, f)
    _finish(s)


def _finish(s: HState) -> None:
    b = _b(s)
    w = b["winner"]
    if w in (ROME, CARTHAGE):
        loser = other(w)
        owed = b["losses"].get(loser, 0) // 2            # §15.5
        if owed:
            push(s, "remove_pcs", role=loser, n=owed, why="battle")
    s.battle = None
    P.lift_sieges(s)


# -- §15 retreat --------------------------------------------------------------------------------------
def retreat_options(s: HState, side: str, sid: str, n: int) -> dict[str, tuple[int, int]]:
    """Every legal end of a retreat (§15.1-15.3) with (areas, CUs lost) of its best path."""
    return {a: (d, lo) for a, (d, lo, _) in _retreat_search(s, side, sid, n).items()}


def _retreat_search(s: HState, side: str, sid: str,
                    n: int) -> dict[str, tuple[int, int, tuple[str, ...]]]:
    """The retreat ends and their best paths (§15.1-15.3): plain lines only, at most 4 areas,
    never back into the battle area; the original attacker first into the area he came from,
    the original defender never there; it stops at the first area with a friendly PC and no
    enemy CUs, or more friendly CUs than it has. The nearest ends are offered, and farther ones
    whose path costs fewer CUs."""
    b = _b(s)
    enemy = other(side)
    forbidden = {sid}
    first = None
    if side == b["attacker"]:
        first = b["came_from"]
    elif b["came_from"]:
        forbidden.add(b["came_from"])
    best: dict[str, tuple[int, int, tuple[str, ...]]] = {}

    def eligible(a: str) -> bool:
        if P.cu(s, enemy, a) > 0:
            return False
        return s.spaces[a].pc == side or P.cu_in_area(s, side, a) > n

    def walk(a: str, depth: int, loss: int, seen: set[str], path: tuple[str, ...]) -> None:
        for nb in B.land_neighbours(a):
            if nb in seen or nb in forbidden:
                continue
            if depth == 0 and first is not None and nb != first:
                continue
            cost = P.cu(s, enemy, nb)
            if s.spaces[nb].pc == enemy or P.hostile_tribe(s, side, nb):
                cost += 1
            total = loss + cost
            if eligible(nb):
                old = best.get(nb)
                if old is None or (depth + 1, total) < old[:2]:
                    best[nb] = (depth + 1, total, path + (nb,))
                continue
            if depth + 1 < 4:
                walk(nb, depth + 1, total, seen | {nb}, path + (nb,))

    if first is not None or side != b["attacker"]:
        walk(sid, 0, 0, {sid}, ())
    if not best:
        return {}
    near = min(v[0] for v in best.values())
    near_loss = min(v[1] for v in best.values() if v[0] == near)
    return {a: v for a, v in best.items() if v[0] == near or v[1] < near_loss}


def _walls_room(s: HState, side: str, sid: str) -> bool:
    return B.walled(sid) and s.spaces[sid].pc == side and \
        P.cu(s, side, inside(sid)) < B.space(sid).capacity


def _walls_retreat(s: HState, side: str, sid: str) -> bool:
    """§15.4: into one's own walled city in the battle area, never a besieged one unless the
    force sortied from it."""
    b = _b(s)
    if not _walls_room(s, side, sid):
        return False
    if not P.besieged(s, sid):
        return True
    # §20.7: only what came out of the walls goes back in
    return b["sortie"] == side and (b.get("sortied", {}).get(side, 0) > 0 or any(
        g in b.get("sortie_gens", []) for g in P.gens_at(s, side, sid)))


@step("retreat")
def retreat(s: HState, f: Frame) -> None:
    b = _b(s)
    side = f["role"]
    sid = b["space"]
    n = P.cu(s, side, sid)
    if b["landed"] and side == b["attacker"]:
        # §15.2: an army that landed and lost is destroyed, unless its own walled city is there
        if _walls_retreat(s, side, sid):
            _into_walls(s, side, sid)
        _destroy(s, side, sid)
        pop(s, f)
        return
    opts = retreat_options(s, side, sid, n)
    if not opts and not _walls_retreat(s, side, sid):
        _destroy(s, side, sid)
        pop(s, f)
        return
    f["k"] = "retreat_to"


def _retreat_choices(s: HState, f: Frame) -> list[Any]:
    b = _b(s)
    side = f["role"]
    sid = b["space"]
    opts = retreat_options(s, side, sid, P.cu(s, side, sid))
    out = [opt("retreat", a, "choice.retreat_to", where=f"@space.{a}", d=d, n=lo)
           for a, (d, lo) in sorted(opts.items())][:24]
    if _walls_retreat(s, side, sid):
        out.append(opt("retreat", "walls", "choice.retreat_walls"))
    return out


@decision("retreat_to", _retreat_choices, lambda s, f: msg("prompt.retreat"))
def _retreat_to(s: HState, f: Frame, verb: str, arg: Any) -> None:
    b = _b(s)
    side = f["role"]
    sid = b["space"]
    if arg == "walls":
        k, gens = _walls_share(s, side, sid)
        if P.cu(s, side, sid) > k and gens:
            # §15.4: the army splits; the commander and subordinates go with either part
            f["k"] = "walls_gens"
            f["cus"] = k
            return
        _into_walls(s, side, sid, k, gens)
        _after_walls(s, f)
        return
    pop(s, f)
    dest = str(arg)
    if s.siege_train == sid and side == CARTHAGE:
        s.siege_train = None            # #30: a siege train that retreats is eliminated
        s.say(msg("log.train_lost", where=f"@space.{sid}"))
    _, loss, path = _retreat_search(s, side, sid, P.cu(s, side, sid))[dest]
    lost = P.remove_cu(s, side, sid, loss)
    b["losses"][side] = b["losses"].get(side, 0) + lost
    gens = list(P.gens_at(s, side, sid))
    n = P.cu(s, side, sid)
    if n == 0 and lost:
        for g in gens:
            P.displace(s, g)               # §10.10: all CUs lost during the retreat
        gens = []
    P.move_force(s, side, sid, dest, gens, n)
    s.say(msg("log.retreat", side=f"@side.{side}", where=f"@space.{dest}", n=lost))
    # §15.1: friendly CUs met on the way (fewer than the retreating army) join it
    for a in path[:-1]:
        if P.cu(s, side, a):
            P.move_force(s, side, a, dest, list(P.gens_at(s, side, a)), P.cu(s, side, a))


def _walls_share(s: HState, side: str, sid: str) -> tuple[int, list[str]]:
    """§15.4, §20.7: how many CUs may retreat into the walls (as many as they hold) and which
    generals may go with them; into a besieged city only those that came out of it."""
    b = _b(s)
    room = B.space(sid).capacity - P.cu(s, side, inside(sid))
    k = min(room, P.cu(s, side, sid))
    gens = list(P.gens_at(s, side, sid))
    if b["sortie"] == side and P.besieged(s, sid):
        k = min(k, b["sortied"].get(side, 0))
        gens = [g for g in gens if g in b["sortie_gens"]]
    return k, gens


def _into_walls(s: HState, side: str, sid: str, k: int | None = None,
                gens: list[str] | None = None) -> None:
    b = _b(s)
    if k is None or gens is None:
        k, gens = _walls_share(s, side, sid)
    if b["sortie"] == side and P.besieged(s, sid):
        b["sortied"][side] = b["sortied"].get(side, 0) - k
    P.move_force(s, side, sid, inside(sid), gens, k)
    s.say(msg("log.retreat_walls", side=f"@side.{side}", where=f"@space.{sid}", n=k))


def _after_walls(s: HState, f: Frame) -> None:
    side, sid = f["role"], _b(s)["space"]
    if P.cu(s, side, sid) or P.gens_at(s, side, sid):
        f["k"] = "retreat"       # the rest retreats elsewhere (§15.4)
    else:
        pop(s, f)


def _walls_gens_choices(s: HState, f: Frame) -> list[Any]:
    _, gens = _walls_share(s, f["role"], _b(s)["space"])
    out = [opt("walls_gens", "all", "choice.walls_gens_all"),
           opt("walls_gens", "none", "choice.walls_gens_none")]
    if len(gens) > 1:
        out += [opt("walls_gens", g, "choice.walls_gens_one", g=f"@gen.{g}") for g in gens]
    return out


@decision("walls_gens", _walls_gens_choices,
          lambda s, f: msg("prompt.walls_gens", n=f["cus"], where=f"@space.{_b(s)['space']}"))
def _walls_gens(s: HState, f: Frame, verb: str, arg: Any) -> None:
    """§15.4: which generals go into the walls with the CUs that fit; the others stay with the
    part that retreats elsewhere."""
    side, sid = f["role"], _b(s)["space"]
    _, gens = _walls_share(s, side, sid)
    chosen = gens if arg == "all" else [] if arg == "none" else [str(arg)]
    _into_walls(s, side, sid, f.pop("cus"), chosen)
    _after_walls(s, f)


def _destroy(s: HState, side: str, sid: str) -> None:
    """§15.3: a force that cannot retreat is destroyed (its losses count as retreat losses)."""
    b = _b(s)
    n = P.remove_cu(s, side, sid, P.cu(s, side, sid))
    b["losses"][side] = b["losses"].get(side, 0) + n
    for g in list(P.gens_at(s, side, sid)):
        P.displace(s, g)
    s.say(msg("log.destroyed", side=f"@side.{side}", n=n))
