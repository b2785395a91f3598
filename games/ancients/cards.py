"""Command cards (§6, §7, §15, §18; spec 5, 13, 16): playing, ordering, drawing."""

from __future__ import annotations

from games.ancients import board as B
from games.ancients.board import spec
from games.ancients.combat import roll
from games.ancients.data import CardSpec, cards
from games.ancients.state import AncientsState, Unit, other
from games.ancients.table import side_arg
from games.core import msg

MIRROR = {"left": "right", "right": "left", "center": "center"}
HELMET_TROOP = {"order_mounted", "i_am_spartacus"}


def card(key: str) -> CardSpec:
    return cards()[key]


def draw(s: AncientsState, side: str, n: int = 1) -> None:
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                return
            s.deck, s.discard = s.discard, []
            s.rng.shuffle(s.deck)
            s.say(msg("log.reshuffle"))
        s.hands[side].append(s.deck.pop())


def card_sections(s: AncientsState) -> list[str]:
    if s.turn.sections_override is not None:
        return list(s.turn.sections_override)
    c = card(s.turn.effective or "")
    secs = list(c.sections)
    return [MIRROR[x] for x in secs] if s.turn.mirrored else secs


def unit_matches(s: AncientsState, u: Unit, key: str) -> bool:
    sp = spec(u)
    if key in ("order_light", "move_fire_move"):
        return sp.weight == "light"
    if key == "order_medium":
        return sp.weight == "medium"
    if key == "order_heavy":
        return sp.weight == "heavy"
    if key in ("order_mounted", "mounted_charge"):
        return sp.mounted
    if key in ("line_command", "double_time"):
        return sp.foot
    if key == "darken_the_sky":
        return sp.range > 0
    return True


def has_matching(s: AncientsState, side: str, key: str) -> bool:
    return any(unit_matches(s, u, key) for u in B.units_of(s, side))


# -- section capacity with shared hexes (spec 2.2, 5.2) -----------------------------------------

def _assignable(options: list[frozenset[str]], capacity: dict[str, int]) -> bool:
    def go(i: int, cap: dict[str, int]) -> bool:
        if i == len(options):
            return True
        for sec in options[i]:
            if cap.get(sec, 0) > 0:
                cap[sec] -= 1
                if go(i + 1, cap):
                    return True
                cap[sec] += 1
        return False
    return go(0, dict(capacity))


def section_fits(s: AncientsState, extra_hex: str) -> bool:
    secs = card_sections(s)
    cap = {sec: card(s.turn.effective or "").orders for sec in secs}
    side = s.turn.side
    hexes_ = [s.units[i].hex for i in s.turn.ordered if i in s.units] + [
        s.leaders[i].hex for i in s.turn.ordered_leaders if i in s.leaders]
    opts = [B.sections(s, h, side) & set(secs) for h in hexes_ + [extra_hex]]
    if any(not o for o in opts):
        return False
    return _assignable([frozenset(o) for o in opts], cap)


def order_count(s: AncientsState) -> int:
    return len(s.turn.ordered) + len(s.turn.ordered_leaders)


# -- what may be ordered now --------------------------------------------------------------------

def order_options(s: AncientsState) -> list[tuple[str, str]]:
    """(verb, hex) pairs: "order" a unit or lone leader, "detach" an attached leader."""
    t = s.turn
    side = t.side
    key = t.effective or ""
    c = card(key) if key else None
    out: list[tuple[str, str]] = []
    units_ = [u for u in B.units_of(s, side) if u.id not in t.ordered]
    leaders_ = [ld for ld in s.leaders.values() if ld.side == side and ld.id not in t.ordered_leaders]
    if t.fallback:
        if order_count(s) == 0:
            out += [("order", u.hex) for u in units_]
        return out
    if c is None:
        return out
    if c.kind == "section":
        for u in units_:
            if section_fits(s, u.hex):
                out.append(("order", u.hex))
        for ld in leaders_:
            if section_fits(s, ld.hex):
                out.append(("order" if B.lone(s, ld) else "detach", ld.hex))
        return out
    if key in ("order_light", "order_medium", "order_heavy", "order_mounted", "mounted_charge",
               "move_fire_move"):
        if order_count(s) >= t.command:
            return out
        out += [("order", u.hex) for u in units_ if unit_matches(s, u, key)]
        if key == "order_mounted":
            out += [("order" if B.lone(s, ld) else "detach", ld.hex) for ld in leaders_]
        return out
    if c.kind == "leadership":
        if t.chain_leader is None:
            secs = card_sections(s)
            out += [("leader", ld.hex) for ld in leaders_
                    if B.sections(s, ld.hex, side) & set(secs)]
            return out
        if t.chain_left <= 0:
            return out
        return [("order", u.hex) for u in units_ if _chain_ok(s, u)]
    if key in ("line_command", "double_time"):
        if key == "double_time" and len(t.ordered) >= 4:
            return out
        return [("order", u.hex) for u in units_
                if spec(u).foot and (not t.ordered or _chain_ok(s, u))]
    return out


def _chain_ok(s: AncientsState, u: Unit) -> bool:
    anchors = [s.units[i].hex for i in s.turn.ordered if i in s.units]
    if s.turn.chain_leader and s.turn.chain_leader in s.leaders:
        anchors.append(s.leaders[s.turn.chain_leader].hex)
    return any(B.adjacent(u.hex, a) for a in anchors)


def order_unit(s: AncientsState, h: str) -> None:
    t = s.turn
    u = B.unit_at(s, h)
    if u is not None and u.side == t.side:
        t.ordered.append(u.id)
        if t.fallback:
            t.plain_order.append(u.id)
        if card(t.effective or "first_strike").kind == "leadership" and t.chain_leader:
            t.chain_left -= 1
        return
    ld = B.leader_at(s, h)
    if ld is not None:
        t.ordered_leaders.append(ld.id)


def detach_leader(s: AncientsState, h: str) -> None:
    ld = B.leader_at(s, h)
    if ld is not None:
        s.turn.ordered_leaders.append(ld.id)


def choose_leader(s: AncientsState, h: str) -> None:
    t = s.turn
    ld = B.leader_at(s, h)
    if ld is None:
        return
    t.chain_leader = ld.id
    t.ordered_leaders.append(ld.id)
    t.chain_left = card(t.effective or "").chain
    s.last_leadership_sections[t.side] = sorted(B.sections(s, ld.hex, t.side))
    u = B.unit_at(s, h)
    if u is not None:
        t.ordered.append(u.id)  # the unit in the leader's hex comes with it


# -- playing a card -----------------------------------------------------------------------------

def playable(s: AncientsState, side: str) -> list[str]:
    hand = s.hands[side]
    out = []
    for key in dict.fromkeys(hand):
        if key == "first_strike":
            continue   # played only when one's unit is attacked (§18)
        if key == "counter_attack" and not s.last_card[other(side)]:
            continue
        out.append(key)
    return out or list(dict.fromkeys(hand))


def play(s: AncientsState, key: str) -> None:
    """§6: reveal the card; set up what it orders (§18)."""
    t = s.turn
    side = t.side
    t.command = len(s.hands[side])
    s.hands[side].remove(key)
    t.card = key
    t.start_hex = {u.id: u.hex for u in B.units_of(s, side) if spec(u).mounted}
    s.last_leadership_sections.pop(side, None)
    s.mark_irreversible()
    s.say(msg("log.card", side=f"@side.{side}", army=side_arg(s, side), card=f"@card.{key}"))
    effective, mirrored = key, False
    if key == "counter_attack":
        copied = s.last_card[other(side)]
        if copied:
            # §18: the same command, left and right swapped; a copied Counter Attack copies what
            # it had copied (spec 18.19), so the swap is relative to the command actually given.
            effective, mirrored = copied, not s.last_mirrored[other(side)]
            s.say(msg("log.counter", card=f"@card.{copied}"))
            if copied == "leadership_any" and other(side) in s.last_leadership_sections:
                # orders in the same part of the board where the opponent gave them
                t.sections_override = [MIRROR[x] for x in
                                       s.last_leadership_sections[other(side)]]
        else:
            effective = "first_strike"   # nothing to copy: a card that orders nothing
    t.effective, t.mirrored = effective, mirrored
    start_card(s)


def start_card(s: AncientsState) -> None:
    t = s.turn
    key = t.effective or ""
    side = t.side
    t.phase = "order"
    if key == "first_strike":
        t.phase = "battle"
        return
    if key in ("order_light", "order_medium", "order_heavy", "order_mounted", "mounted_charge",
               "move_fire_move", "line_command", "double_time", "darken_the_sky"):
        if not has_matching(s, side, key):
            t.fallback = True
            s.say(msg("log.fallback"))
            return
    if key == "clash_of_shields":
        # §18: the ordered set is fixed when the card is played (spec 18.25)
        t.ordered = [u.id for u in B.units_of(s, side) if B.adjacent_enemy_units(s, u)]
        t.phase = "battle"
        return
    if key == "darken_the_sky":
        t.ordered = [u.id for u in B.units_of(s, side) if spec(u).range > 0]
        t.phase = "battle"
        return
    if key == "i_am_spartacus":
        t.dice_pool = roll(s, t.command)
        s.say(msg("log.dice", dice=" ".join(t.dice_pool)))
        t.phase = "spartacus"
        return
    if key == "rally":
        if not any(ld.side == side for ld in s.leaders.values()):
            t.fallback = True
            s.say(msg("log.fallback"))
            return
        t.dice_pool = roll(s, t.command)
        s.say(msg("log.dice", dice=" ".join(t.dice_pool)))
        t.phase = "rally"
        return


# -- I Am Spartacus and Rally (§18) ------------------------------------------------------------

SYMBOL_OF = {"light": "G", "medium": "B", "heavy": "R"}


def spartacus_options(s: AncientsState) -> list[tuple[str, str]]:
    t = s.turn
    pool = t.dice_pool
    out = []
    for u in B.units_of(s, t.side):
        if u.id in t.ordered:
            continue
        if SYMBOL_OF[spec(u).weight] in pool or "H" in pool:
            out.append(("order", u.hex))
    if "H" in pool:
        for ld in s.leaders.values():
            if ld.side == t.side and ld.id not in t.ordered_leaders:
                out.append(("order" if B.lone(s, ld) else "detach", ld.hex))
    return out


def spartacus_take(s: AncientsState, verb: str, h: str) -> None:
    t = s.turn
    u = B.unit_at(s, h)
    if verb == "order" and u is not None and u.side == t.side:
        sym = SYMBOL_OF[spec(u).weight]
        t.dice_pool.remove(sym if sym in t.dice_pool else "H")
        t.ordered.append(u.id)
    else:
        t.dice_pool.remove("H")
        ld = B.leader_at(s, h)
        if ld is not None:
            t.ordered_leaders.append(ld.id)


def rally_options(s: AncientsState) -> list[str]:
    t = s.turn
    pool = t.dice_pool
    out = []
    for u in B.units_of(s, t.side):
        sp = spec(u)
        if sp.elephant or sp.chariot or u.blocks >= u.max_blocks:
            continue
        if not any(ld.side == u.side and (ld.hex == u.hex or B.adjacent(ld.hex, u.hex))
                   for ld in s.leaders.values()):
            continue
        if sp.symbol in pool or "H" in pool:
            out.append(u.hex)
    return out


def rally_take(s: AncientsState, h: str) -> None:
    t = s.turn
    u = B.unit_at(s, h)
    if u is None:
        return
    sym = spec(u).symbol
    t.dice_pool.remove(sym if sym in t.dice_pool else "H")
    u.blocks += 1
    if u.blocks == u.max_blocks:
        u.first_loss_battle = None
    if u.id not in t.ordered:
        t.ordered.append(u.id)
    s.say(msg("log.rally", unit=f"@unit.{u.type}", hex=u.hex, blocks=u.blocks))


def perturb_hand(s: AncientsState, side: str) -> None:
    """Replace a hand by other cards of the same count (for the secrecy check)."""
    n = len(s.hands[side])
    pool = s.hands[side] + s.deck
    s.rng.shuffle(pool)
    s.hands[side], s.deck = pool[:n], pool[n:]
