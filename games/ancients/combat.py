"""Battle (§9-§14, spec 7-12): dice, hits, flags, retreats, evasion, leaders, momentum, battle
back, the elephant rampage, and banners."""

from __future__ import annotations

from games.ancients import board as B
from games.ancients.board import spec
from games.ancients.data import unit_table
from games.ancients.flow import Frame, decision, pop, push, step
from games.ancients.state import AncientsState, Leader, Unit, other
from games.ancients.table import side_arg
from games.core import Choice, Result, msg

FACES = ("G", "B", "R", "H", "F", "X")
CAP_TWO = {"forest", "broken", "ford", "marsh", "bridge", "city_walls"}


def roll(s: AncientsState, n: int) -> list[str]:
    s.roll_seq += 1
    return [s.rng.roll(FACES) for _ in range(max(0, n))]


def option(s: AncientsState, name: str, default: object) -> object:
    return s.options.get(name, default)


# -- banners and victory (§4, spec 1) ----------------------------------------------------------

def award(s: AncientsState, side: str, n: int = 1) -> None:
    if s.result is not None or n <= 0:
        return
    s.banners[side] += n
    s.say(msg("log.banner", side=f"@side.{side}", army=side_arg(s, side), n=s.banners[side],
              need=s.to_win[side]))
    check_reinforcement(s, side)
    if s.banners[side] >= s.to_win[side]:
        win(s, side, "banners")


def award_together(s: AncientsState, gains: dict[str, int]) -> None:
    """Banners gained at the same moment (an elephant's blocked retreat): both sides reaching
    their total is a draw (§12, spec 1)."""
    if s.result is not None:
        return
    for side, n in gains.items():
        if n:
            s.banners[side] += n
            s.say(msg("log.banner", side=f"@side.{side}", army=side_arg(s, side),
                      n=s.banners[side], need=s.to_win[side]))
    won = [side for side in ("south", "north") if s.banners[side] >= s.to_win[side]]
    if len(won) == 2:
        s.result = Result(winners=[], draw=True, reason="Both sides reached their banners at once.",
                          msg=msg("result.draw"))
        s.say(msg("result.draw"))
    elif won:
        win(s, won[0], "banners")
    else:
        for side in gains:
            check_reinforcement(s, side)


def win(s: AncientsState, side: str, why: str) -> None:
    if s.result is None:
        m = msg(f"result.{why}", side=f"@side.{side}", army=side_arg(s, side))
        s.result = Result(winners=[side], reason=f"{s.scen.army(side).army} win ({why}).", msg=m)
        s.say(m)


def check_reinforcement(s: AncientsState, side: str) -> None:
    """2nd Beneventum: extra cards once a side holds enough banners (scenario rule)."""
    rule = s.scen.rules.banner_reinforcement.get(side)  # type: ignore[call-overload]
    if not rule or side in s.reinforced or s.banners[side] < rule.get("banners", 99):
        return
    s.reinforced.append(side)
    s.hand_limit[side] = rule.get("hand", s.hand_limit[side])
    from games.ancients.cards import draw
    draw(s, side, rule.get("draw", 0))
    s.say(msg("log.reinforced", side=f"@side.{side}", army=side_arg(s, side),
              n=rule.get("draw", 0)))


# -- losses and leaders (§14, spec 12) ---------------------------------------------------------

def kill_leader(s: AncientsState, ldr: Leader, banner: bool = True) -> None:
    s.leaders.pop(ldr.id, None)
    s.say(msg("log.leader_killed", name=ldr.name or "@leader", side=f"@side.{ldr.side}",
              army=side_arg(s, ldr.side)))
    vital = s.scen.rules.vital_leader.get(ldr.side)  # type: ignore[call-overload]
    if banner:
        award(s, other(ldr.side))
    if vital and ldr.name.startswith(vital):
        win(s, other(ldr.side), "vital_leader")


def remove_blocks(s: AncientsState, u: Unit, n: int, together: dict[str, int] | None = None
                  ) -> bool:
    """Remove n blocks (excess is lost). Returns True if the unit is eliminated."""
    if n <= 0 or u.id not in s.units:
        return False
    if u.blocks == u.max_blocks:
        u.first_loss_battle = s.battle_seq
    u.blocks -= min(n, u.blocks)
    if u.blocks > 0:
        s.say(msg("log.loses", unit=f"@unit.{u.type}", hex=u.hex, n=n, left=u.blocks))
        return False
    del s.units[u.id]
    s.say(msg("log.eliminated", unit=f"@unit.{u.type}", hex=u.hex, side=f"@side.{u.side}",
              army=side_arg(s, u.side)))
    if together is not None:
        together[other(u.side)] = together.get(other(u.side), 0) + 1
    else:
        award(s, other(u.side))
    return True


def casualty_check(s: AncientsState, u: Unit, hex_: str, eliminated: bool) -> None:
    """§14 (spec 12.1): one check per combat sequence; 2 dice (both H) if the unit survived,
    1 die (H) if it was eliminated; a surviving leader of an eliminated unit evades."""
    ldr = next((ld for ld in s.leaders.values() if ld.hex == hex_ and ld.side == u.side), None)
    if ldr is None or s.result is not None:
        return
    # §14 (spec 12.1): one check per combat sequence, i.e. per battle: a rampage or the battle
    # back of a blocked elephant after the unit's first loss is the same sequence, not only
    # the same roll. With the option on, an elimination still gets its 1-die check (18.14).
    already = s.turn.lcc_done.get(u.id) == s.battle_seq
    s.turn.lcc_done[u.id] = s.battle_seq
    if already and eliminated and option(s, "second_leader_check", False) is False:
        push(s, "levade", role=ldr.side, leader=ldr.id, steps=0)
        return
    if already and not eliminated:
        return
    dice = roll(s, 1 if eliminated else 2)
    killed = dice.count("H") >= (1 if eliminated else 2)
    s.say(msg("log.casualty_check", name=ldr.name or "@leader", dice=" ".join(dice)))
    if killed:
        kill_leader(s, ldr)
    elif eliminated:
        push(s, "levade", role=ldr.side, leader=ldr.id, steps=0)


def lose(s: AncientsState, u: Unit, n: int) -> bool:
    """Blocks lost to a roll, with the leader casualty check. True if eliminated."""
    if n <= 0 or u.id not in s.units:
        return False
    hex_ = u.hex
    gone = remove_blocks(s, u, n)
    casualty_check(s, u, hex_, gone)
    return gone


# -- dice (spec 17.1) --------------------------------------------------------------------------

def full_strength(s: AncientsState, u: Unit) -> bool:
    """§11 (spec 9.3): WA and BCH keep the bonus within the battle in which they lost the first
    block."""
    if not spec(u).full_strength_bonus:
        return False
    return u.blocks == u.max_blocks or u.first_loss_battle == s.battle_seq


def card_bonus(s: AncientsState, u: Unit, close: bool, bonus_cc: bool) -> int:
    t = s.turn
    if u.side != t.side or u.id not in t.ordered or u.id in t.plain_order:
        return 0
    card = t.effective
    extra = 0
    if card == "clash_of_shields" and close and not bonus_cc and u.id not in t.clash_used:
        extra += 2
    if card == "mounted_charge" and close:
        extra += 1
    if card == "i_am_spartacus":
        extra += 1
    return extra


def elephant_dice(other_type: str | None, other_unit: Unit | None, s: AncientsState,
                  attacking: bool) -> int:
    table = unit_table().elephant_dice
    if other_type is None:
        return int(table["leader"])
    if other_type in table:
        return int(table[other_type])
    sp = B.units()[other_type]
    if attacking:
        n = sp.battle_back
        if other_unit is not None and full_strength(s, other_unit):
            n += 1
        return n
    return sp.cc


def close_dice(s: AncientsState, u: Unit, target_hex: str, target: Unit | None, role: str,
               bonus_cc: bool = False) -> int:
    """Dice for close combat: role "attack", "back" (battle back) or "first" (First Strike)."""
    sp = spec(u)
    if sp.elephant:
        n = elephant_dice(target.type if target else None, target, s, role == "attack")
    else:
        n = sp.cc if role == "attack" else sp.battle_back
        if full_strength(s, u):
            n += 1
    in_camp = B.terrain(s, u.hex) == "camp"
    cap_first = option(s, "camp_order", "minus_then_cap") == "cap_then_minus"
    if in_camp and not cap_first:
        n -= 1
    caps = [n]
    t_me, t_them = B.terrain(s, u.hex), B.terrain(s, target_hex)
    if t_me in CAP_TWO or t_them in CAP_TWO:
        caps.append(2)
    if t_them == "hill" and t_me != "hill":
        caps.append(2)
    elif t_me == "hill":
        caps.append(2 if sp.mounted else 3)
    n = min(caps)
    if in_camp and cap_first:
        n -= 1
    if role == "attack":
        n += card_bonus(s, u, True, bonus_cc)
    return max(0, n)


def ranged_dice(s: AncientsState, u: Unit, target_hex: str) -> int:
    moved = s.turn.moved.get(u.id, 0) if u.side == s.turn.side else 0
    n = 1 if moved else 2
    in_camp = B.terrain(s, u.hex) == "camp"
    cap_first = option(s, "camp_order", "minus_then_cap") == "cap_then_minus"
    if in_camp and not cap_first:
        n -= 1
    caps = [n]
    if B.terrain(s, target_hex) == "forest":
        caps.append(1)
    if B.terrain(s, u.hex) in ("ford", "bridge", "marsh"):
        caps.append(1)
    n = min(caps)
    if in_camp and cap_first:
        n -= 1
    return max(0, n + card_bonus(s, u, False, False))


# -- scoring (§11, spec 9.7) -------------------------------------------------------------------

def x_ignores(s: AncientsState, target: Unit, attacker: Unit) -> int:
    sp = spec(target)
    n = sp.ignore_swords
    if sp.code == "BCH" and option(s, "chariot_x_ignore", "all") == "heavy":
        n = 0
    if not sp.mounted:
        t = B.terrain(s, target.hex)
        if t in ("camp", "city_walls"):
            n += 1
        if t == "rampart" and rampart_front(s, target.hex, attacker.hex):
            n += 1
    return n


def rampart_front(s: AncientsState, h: str, from_hex: str) -> bool:
    """Whether an attack from ``from_hex`` crosses a front hexside of the rampart in ``h``: for
    ranged fire, the hexside the line of sight enters through; at a vertex between a front and
    another side the defender gets the benefit (§16, spec 14.6 and 18.29)."""
    t = s.terrain.get(h)
    if t is None or t.type != "rampart":
        return False
    return any(d in t.front for d in B.entry_sides(h, from_hex))


def marsh_check(s: AncientsState, u: Unit | None = None, ldr: Leader | None = None) -> None:
    """§16 marsh (spec 14.9): entering takes a loss check, 1 die: the unit's own symbol removes a
    block; an H kills a lone leader (an attached one takes the usual casualty check)."""
    if s.result is not None:
        return
    die = roll(s, 1)
    if u is not None and u.id in s.units:
        s.say(msg("log.marsh", hex=u.hex, dice=die[0]))
        if die[0] == spec(u).symbol:
            lose(s, u, 1)
    elif ldr is not None and ldr.id in s.leaders:
        s.say(msg("log.marsh", hex=ldr.hex, dice=die[0]))
        if die[0] == "H":
            kill_leader(s, ldr)


def score_close(s: AncientsState, att: Unit, target: Unit, dice: list[str], evading: bool
                ) -> tuple[int, int, list[str]]:
    """Hits and flags of a close-combat roll against a unit, with elephant re-rolls."""
    sym = spec(target).symbol
    a = spec(att)
    if evading:
        return dice.count(sym), 0, dice
    horse_attacker = a.horse
    sym_ignore = {"B": 1} if spec(target).camel and horse_attacker else {}
    if spec(target).elephant and horse_attacker:
        sym_ignore = {"R": 1}
    x_left = x_ignores(s, target, att)
    helmets = (att.special == "sacred_band") or (not a.elephant and B.leader_near(s, att))
    hits = flags = 0
    shown: list[str] = []
    queue = list(dice)
    while queue:
        f = queue.pop(0)
        shown.append(f)
        if f == sym:
            if sym_ignore.get(f, 0) > 0:
                sym_ignore[f] -= 1
            else:
                hits += 1
        elif f == "X" and a.swords_hit:
            if x_left > 0:
                x_left -= 1
            else:
                hits += 1
                if a.elephant:
                    queue.append(s.rng.roll(FACES))   # §11: elephants re-roll each scoring X
        elif f == "H" and helmets:
            hits += 1
            if (att.special == "sacred_band" and B.leader_near(s, att)
                    and option(s, "sacred_band_helmets", "one") == "two_with_leader"):
                hits += 1
        elif f == "F":
            flags += 1
    return hits, flags, shown


def flag_ignores(s: AncientsState, u: Unit, attacker: Unit | None, close: bool) -> int:
    """Sources of 'ignore 1 flag' (§12 bolstering morale, spec 10.4)."""
    sp = spec(u)
    n = 0
    if B.attached_leader(s, u) is not None:
        if not (sp.elephant and close) or option(s, "elephant_leader_flag", "ranged") == "always":
            if not (sp.elephant and option(s, "elephant_leader_flag", "ranged") == "never"):
                n += 1
    if B.supported(s, u):
        n += 1
    if not sp.mounted:
        t = B.terrain(s, u.hex)
        if t in ("camp", "city_walls") or (t == "bridge"):
            n += 1
        elif t == "rampart" and attacker is not None and rampart_front(s, u.hex, attacker.hex):
            n += 1
    if full_strength(s, u):
        n += 1
    if sp.elephant and close and attacker is not None and spec(attacker).horse:
        n += 1
    if u.special == "sacred_band":
        n += 1
    return n


def note_combat(s: AncientsState, kind: str, att_hex: str, def_hex: str, dice: list[str],
                hits: int) -> None:
    s.last_combat = {"kind": kind, "attacker": att_hex, "defender": def_hex, "dice": dice,
                     "hits": hits}


def strike(s: AncientsState, att: Unit, target: Unit, role: str, bonus_cc: bool = False,
           evading: bool = False) -> None:
    """One close-combat roll by att against target: hits, casualty check, then flags."""
    n = close_dice(s, att, target.hex, target, role, bonus_cc)
    dice = roll(s, n)
    hits, flags, shown = score_close(s, att, target, dice, evading)
    note_combat(s, "close", att.hex, target.hex, shown, hits)
    s.say(msg("log.roll", unit=f"@unit.{att.type}", hex=att.hex, target=target.hex,
              dice=" ".join(shown) or "-", hits=hits))
    if role == "attack" and s.turn.effective == "clash_of_shields" and att.id not in s.turn.clash_used:
        s.turn.clash_used.append(att.id)
    lose(s, target, hits)
    if flags and target.id in s.units and s.result is None:
        push(s, "flags", unit=target.id, flags=flags, cause=att.id, close=True)


def attack_leader(s: AncientsState, att: Unit, ldr: Leader, close: bool) -> None:
    """A lone leader attacked: one H kills it, otherwise it must evade (§14, spec 12.1)."""
    if close:
        n = close_dice(s, att, ldr.hex, None, "attack")
    else:
        n = ranged_dice(s, att, ldr.hex)
    dice = roll(s, n)
    killed = "H" in dice
    note_combat(s, "close" if close else "ranged", att.hex, ldr.hex, dice, int(killed))
    s.say(msg("log.roll_leader", unit=f"@unit.{att.type}", hex=att.hex, target=ldr.hex,
              dice=" ".join(dice) or "-"))
    if killed:
        kill_leader(s, ldr)
    else:
        push(s, "levade", role=ldr.side, leader=ldr.id, steps=0)


# -- ranged combat (§10, spec 8) ---------------------------------------------------------------

def fire(s: AncientsState, att: Unit, target_hex: str) -> None:
    s.battle_seq += 1
    s.turn.battles[att.id] = s.turn.battles.get(att.id, 0) + 1
    target = B.unit_at(s, target_hex)
    if target is None:
        ldr = B.leader_at(s, target_hex)
        if ldr is not None:
            attack_leader(s, att, ldr, close=False)
        return
    n = ranged_dice(s, att, target_hex)
    dice = roll(s, n)
    sym = spec(target).symbol
    hits = dice.count(sym)
    flags = dice.count("F")
    note_combat(s, "ranged", att.hex, target_hex, dice, hits)
    s.say(msg("log.fire", unit=f"@unit.{att.type}", hex=att.hex, target=target_hex,
              dice=" ".join(dice) or "-", hits=hits))
    lose(s, target, hits)
    if flags and target.id in s.units and s.result is None:
        push(s, "flags", unit=target.id, flags=flags, cause=att.id, close=False)


# -- flags and retreat (§12, spec 10) ----------------------------------------------------------

@step("flags")
def _flags(s: AncientsState, f: Frame) -> None:
    u = s.units.get(f["unit"])
    if u is None or f["flags"] <= 0:
        pop(s, f)
        return
    if "ign" not in f:
        cause = s.units.get(f.get("cause") or "")
        f["ign"] = min(f["flags"], flag_ignores(s, u, cause, f["close"]))
        if f["ign"] > 0:
            f["role"] = u.side
            return
    cause = s.units.get(f.get("cause") or "")
    flags = f["flags"]
    per = spec(u).retreat
    extra = 0
    if f["close"] and cause is not None and spec(u).horse and (
            spec(cause).camel or spec(cause).elephant):
        extra = flags if option(s, "frighten_extra", "accepted") == "accepted" else f.get(
            "rolled", flags)
    hexes_needed = flags * per + extra
    pop(s, f)
    s.say(msg("log.retreat", unit=f"@unit.{u.type}", hex=u.hex, n=hexes_needed))
    push(s, "retreat", unit=u.id, left=hexes_needed, start=u.hex, path=[u.hex],
         cause_side=other(u.side))
    if spec(u).elephant:
        push(s, "rampage", unit=u.id, cause_side=other(u.side))


def _ignore_choices(s: AncientsState, f: Frame) -> list[Choice]:
    from games.ancients.rules import RULES
    return [RULES.choice("ignore", n, msg("choice.ignore", n=n, left=f["flags"] - n))
            for n in range(f["ign"], -1, -1)]


@decision("flags", _ignore_choices,
          lambda s, f: msg("prompt.ignore", unit=f"@unit.{s.units[f['unit']].type}",
                           hex=s.units[f["unit"]].hex, flags=f["flags"], ign=f["ign"]))
def _ignore(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    f["rolled"] = f["flags"]
    f["flags"] -= int(arg)  # type: ignore[arg-type]
    if int(arg):  # type: ignore[arg-type]
        s.say(msg("log.ignored", n=int(arg)))  # type: ignore[arg-type]
    del f["role"]
    f["ign"] = 0


def retreat_options(s: AncientsState, u: Unit) -> tuple[list[str], list[str]]:
    """(open rear hexes, rear hexes blocked by units or enemy lone leaders) — spec 10.2."""
    has_leader = B.attached_leader(s, u) is not None
    open_, blockers = [], []
    for n in B.rear(u.hex, u.side):
        if B.impassable(s, n, u):
            continue
        other_u = B.unit_at(s, n)
        ldr = B.leader_at(s, n)
        if other_u is not None or (ldr is not None and ldr.side != u.side):
            blockers.append(n)
        elif ldr is not None and has_leader:
            blockers.append(n)
        else:
            open_.append(n)
    return open_, blockers


def move_unit(s: AncientsState, u: Unit, to: str) -> None:
    """Move a unit one hex along with its attached leader; a lone friendly leader there attaches."""
    ldr = B.attached_leader(s, u)
    u.hex = to
    if ldr is not None:
        ldr.hex = to


@step("retreat")
def _retreat(s: AncientsState, f: Frame) -> None:
    u = s.units.get(f["unit"])
    if u is None or f["left"] <= 0:
        _end_retreat(s, f)
        return
    open_, blockers = retreat_options(s, u)
    if not open_:
        left = f["left"]
        f["left"] = 0
        # a friendly lone leader that cannot attach blocks like the edge, not like a unit
        blockers = [h for h in blockers if B.unit_at(s, h) is not None
                    or ((ld := B.leader_at(s, h)) is not None and ld.side != u.side)]
        if spec(u).elephant and blockers:
            # §12 (spec 10.6): a blocked elephant stays; each blocking occupant loses blocks
            gains: dict[str, int] = {}
            for h in blockers:
                victim = B.unit_at(s, h)
                if victim is not None:
                    hex_ = victim.hex
                    gone = remove_blocks(s, victim, left, together=gains)
                    casualty_check(s, victim, hex_, gone)
                elif (ldr := B.leader_at(s, h)) is not None:
                    s.leaders.pop(ldr.id, None)
                    s.say(msg("log.leader_killed", name=ldr.name or "@leader",
                              side=f"@side.{ldr.side}", army=side_arg(s, ldr.side)))
                    gains[other(ldr.side)] = gains.get(other(ldr.side), 0) + 1
            award_together(s, gains)
        else:
            s.say(msg("log.blocked", unit=f"@unit.{u.type}", hex=u.hex, n=left))
            hex_ = u.hex
            gone = remove_blocks(s, u, left)
            casualty_check(s, u, hex_, gone)
        _end_retreat(s, f)
        return
    if len(open_) > 1 and option(s, "retreat_path", "any") == "furthest":
        reach = {h: _reach(s, u, h, f["left"] - 1) for h in open_}
        open_ = [h for h in open_ if reach[h] == max(reach.values())]
    if len(open_) == 1:
        _retreat_to(s, f, u, open_[0])
        return
    f["role"] = u.side
    f["options"] = open_


def _reach(s: AncientsState, u: Unit, h: str, left: int) -> int:
    """How many more hexes a retreat through h can make (strict retreat option, spec 10.3)."""
    if left <= 0 or B.leader_at(s, h) is not None:
        return 0
    saved = u.hex
    u.hex = h
    try:
        nxt, _ = retreat_options(s, u)
        return max((1 + _reach(s, u, n, left - 1) for n in nxt), default=0)
    finally:
        u.hex = saved


def _retreat_to(s: AncientsState, f: Frame, u: Unit, to: str) -> None:
    lone = B.leader_at(s, to)
    move_unit(s, u, to)
    if B.terrain(s, to) == "marsh":
        marsh_check(s, u)   # no stop when retreating, but a check per marsh hex passed
    f["path"].append(to)
    f["left"] -= 1
    if lone is not None and lone.side == u.side:
        f["left"] = 0   # a lone friendly leader attaches and the retreat stops (spec 10.2)
    f.pop("role", None)
    f.pop("options", None)


def _end_retreat(s: AncientsState, f: Frame) -> None:
    if len(f["path"]) > 1:
        s.last_moves.append({"side": s.units[f["unit"]].side if f["unit"] in s.units else "",
                             "path": list(f["path"]), "retreat": True})
    pop(s, f)
    u = s.units.get(f["unit"])
    if u is not None:
        check_hex_banner(s, u)


def check_hex_banner(s: AncientsState, u: Unit) -> None:
    """Baecula: a unit that stops on one of the scenario's banner hexes scores it once."""
    hexes_ = s.scen.rules.hex_banners.get(u.side)  # type: ignore[call-overload]
    if hexes_ and u.hex in hexes_ and u.hex not in s.hex_banners_taken:
        s.hex_banners_taken.append(u.hex)
        s.say(msg("log.hex_banner", hex=u.hex, side=f"@side.{u.side}", army=side_arg(s, u.side)))
        award(s, u.side)


def _retreat_choices(s: AncientsState, f: Frame) -> list[Choice]:
    from games.ancients.rules import RULES
    return [RULES.choice("retreat", h, msg("choice.retreat_to", hex=h)) for h in f["options"]]


@decision("retreat", _retreat_choices,
          lambda s, f: msg("prompt.retreat", unit=f"@unit.{s.units[f['unit']].type}",
                           hex=s.units[f["unit"]].hex, n=f["left"]))
def _retreat_pick(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    _retreat_to(s, f, s.units[f["unit"]], str(arg))


# -- the elephant rampage (§12, spec 10.6) ------------------------------------------------------

@step("rampage")
def _rampage(s: AncientsState, f: Frame) -> None:
    """§12 (spec 10.6): 2 dice against every adjacent unit and lone leader, then the retreat.
    The player who caused the rampage chooses the order of the rolls (and so of the banners and
    of any leader's evade), one hex at a time."""
    el = s.units.get(f["unit"])
    if el is None:
        pop(s, f)
        return
    if "pending" not in f:
        s.say(msg("log.rampage", hex=el.hex))
        f["pending"] = [n for n in B.neighbours(el.hex)
                        if B.unit_at(s, n) is not None or B.leader_at(s, n) is not None]
    pending = [h for h in f["pending"]
               if B.unit_at(s, h) is not None or B.leader_at(s, h) is not None]
    f["pending"] = pending
    if not pending or s.result is not None:
        pop(s, f)
        return
    if len(pending) > 1:
        f["role"] = f["cause_side"]
        f["options"] = pending
        return
    _rampage_roll(s, f, pending[0])


def _rampage_roll(s: AncientsState, f: Frame, h: str) -> None:
    f["pending"].remove(h)
    f.pop("role", None)
    f.pop("options", None)
    victim = B.unit_at(s, h)
    if victim is not None:
        dice = roll(s, 2)
        hits = dice.count(spec(victim).symbol)
        s.say(msg("log.rampage_roll", hex=h, dice=" ".join(dice), hits=hits))
        lose(s, victim, hits)
    elif (ldr := B.leader_at(s, h)) is not None:
        dice = roll(s, 2)
        s.say(msg("log.rampage_roll", hex=h, dice=" ".join(dice), hits=int("H" in dice)))
        if "H" in dice:
            kill_leader(s, ldr)
        else:
            push(s, "levade", role=ldr.side, leader=ldr.id, steps=0)


@decision("rampage",
          lambda s, f: [_rules().choice("rampage", h, msg("choice.rampage", hex=h))
                        for h in f["options"]],
          lambda s, f: msg("prompt.rampage"))
def _rampage_pick(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    _rampage_roll(s, f, str(arg))


# -- evasion (§13, spec 11.1-11.2) --------------------------------------------------------------

def may_evade(s: AncientsState, u: Unit, attacker: Unit) -> bool:
    sp, a = spec(u), spec(attacker)
    heavy_mounted = a.mounted and a.weight == "heavy"
    ok = {
        "always": True,
        "war_machine": True,
        "never": False,
        "foot_and_heavy_mounted": a.foot or heavy_mounted,
        "foot_and_elephants": a.foot or a.elephant,
    }[sp.evade]
    return ok and bool(evade_first_steps(s, u))


def evade_first_steps(s: AncientsState, u: Unit) -> list[str]:
    open_, _ = retreat_options(s, u)
    two = []
    for h in open_:
        ldr = B.leader_at(s, h)
        if ldr is not None:
            two.append(h)    # the evade stops on a lone friendly leader: a proper evade
            continue
        saved = u.hex
        u.hex = h
        nxt, _ = retreat_options(s, u)
        u.hex = saved
        if nxt:
            two.append(h)
    return two or open_


def evade(s: AncientsState, u: Unit, att: Unit) -> None:
    """Attack on an evader: only matching symbols score; then it moves 2 hexes back."""
    strike(s, att, u, "attack", evading=True)
    if u.id not in s.units or s.result is not None:
        return
    if spec(u).war_machine:
        s.say(msg("log.machine_escapes", hex=u.hex))
        del s.units[u.id]   # §13: it escapes the battlefield; no banner
        return
    push(s, "evade", unit=u.id, moved=0, path=[u.hex])


@step("evade")
def _evade(s: AncientsState, f: Frame) -> None:
    u = s.units.get(f["unit"])
    if u is None:
        pop(s, f)
        return
    if f["moved"] == 0:
        opts = evade_first_steps(s, u)
    elif f.get("joined"):
        opts = []
    else:
        opts, _ = retreat_options(s, u)
    if f["moved"] >= 2 or not opts:
        s.last_moves.append({"side": u.side, "path": list(f["path"]), "evade": True})
        pop(s, f)
        return
    if len(opts) == 1:
        _evade_to(s, f, u, opts[0])
        return
    f["role"] = u.side
    f["options"] = opts


def _evade_to(s: AncientsState, f: Frame, u: Unit, to: str) -> None:
    lone = B.leader_at(s, to)
    joined = lone is not None and lone.side == u.side and B.unit_at(s, to) is None
    move_unit(s, u, to)
    if B.terrain(s, to) == "marsh":
        marsh_check(s, u)
    f["path"].append(to)
    f["moved"] += 1
    if joined:
        f["joined"] = True
    f.pop("role", None)
    f.pop("options", None)


@decision("evade", lambda s, f: [_rules().choice("evade", h, msg("choice.evade_to", hex=h))
                                 for h in f["options"]],
          lambda s, f: msg("prompt.evade", hex=s.units[f["unit"]].hex))
def _evade_pick(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    _evade_to(s, f, s.units[f["unit"]], str(arg))


def _rules():  # late import: rules imports this module
    from games.ancients.rules import RULES
    return RULES


# -- leader evade and escape (§13, spec 11.3-11.4) ----------------------------------------------

def _leader_options(s: AncientsState, f: Frame) -> list[tuple[str, str]]:
    ldr = s.leaders[f["leader"]]
    out: list[tuple[str, str]] = []
    if f["steps"] < 3:
        for n in B.rear(ldr.hex, ldr.side):
            if B.impassable(s, n):
                continue
            other_l = next((x for x in s.leaders.values() if x.hex == n and x.id != ldr.id), None)
            here = B.unit_at(s, n)
            if other_l is not None and other_l.side != ldr.side and here is None:
                continue  # never through a lone enemy leader
            out.append(("to", n))
        row = B.hx(ldr.hex)[1]
        if row == B.baseline_row(ldr.side):
            out.append(("off", ""))
    if f["steps"] >= 1 and _leader_may_end(s, ldr):
        out.append(("stay", ""))
    return out


def _leader_may_end(s: AncientsState, ldr: Leader) -> bool:
    if any(x.hex == ldr.hex and x.id != ldr.id for x in s.leaders.values()):
        return False
    u = B.unit_at(s, ldr.hex)
    return u is None or u.side == ldr.side


def _levade_choices(s: AncientsState, f: Frame) -> list[Choice]:
    out = []
    for verb, h in _leader_options(s, f):
        if verb == "to":
            out.append(_rules().choice("leader_to", h, msg("choice.leader_to", hex=h)))
        elif verb == "off":
            out.append(_rules().choice("leader_off", None, msg("choice.leader_off")))
        else:
            out.append(_rules().choice("leader_stay", None, msg("choice.leader_stay")))
    if not out:
        out.append(_rules().choice("leader_lost", None, msg("choice.leader_lost")))
    return out


@decision("levade", _levade_choices,
          lambda s, f: msg("prompt.leader_evade", name=s.leaders[f["leader"]].name or "@leader",
                           hex=s.leaders[f["leader"]].hex))
def _levade(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    ldr = s.leaders[f["leader"]]
    if verb == "leader_lost":
        pop(s, f)
        kill_leader(s, ldr)
        return
    if verb == "leader_off":
        pop(s, f)
        s.leaders.pop(ldr.id)
        s.say(msg("log.leader_off", name=ldr.name or "@leader"))   # no banner (§13)
        return
    if verb == "leader_stay":
        pop(s, f)
        return
    to = str(arg)
    ldr.hex = to
    f["steps"] += 1
    enemy = B.unit_at(s, to)
    if enemy is not None and enemy.side != ldr.side:
        # leader escape: the enemy unit rolls its normal dice, no terrain; one H kills
        n = 1 if spec(enemy).elephant else spec(enemy).cc + (1 if full_strength(s, enemy) else 0)
        dice = roll(s, n)
        s.say(msg("log.escape", name=ldr.name or "@leader", hex=to, dice=" ".join(dice)))
        if "H" in dice:
            pop(s, f)
            kill_leader(s, ldr)
            return
    if not _leader_options(s, f) and not _leader_may_end(s, ldr):
        pop(s, f)
        kill_leader(s, ldr)


# -- close combat (§11, spec 9 and 17.3) --------------------------------------------------------

def declare_close(s: AncientsState, att: Unit, target_hex: str, bonus: bool = False) -> None:
    s.battle_seq += 1
    s.turn.battles[att.id] = s.turn.battles.get(att.id, 0) + 1
    s.say(msg("log.declare", unit=f"@unit.{att.type}", hex=att.hex, target=target_hex))
    push(s, "cc", att=att.id, att_hex=att.hex, tgt=target_hex, stage="declare", bonus=bonus)


@step("cc")
def _cc(s: AncientsState, f: Frame) -> None:
    att = s.units.get(f["att"])
    stage = f["stage"]
    if stage == "declare":
        dfn = B.unit_at(s, f["tgt"])
        if att is None:
            pop(s, f)
            return
        if dfn is None:
            ldr = B.leader_at(s, f["tgt"])
            pop(s, f)
            if ldr is not None:
                attack_leader(s, att, ldr, close=True)
            return
        f["def"] = dfn.id
        f["stage"] = "defended"
        # Asked at every close combat so the prompt never shows whether First Strike is held.
        push(s, "defend", role=dfn.side, cc_att=att.id, cc_def=dfn.id)
        return
    dfn = s.units.get(f.get("def") or "")
    if stage == "defended":
        choice = f.get("choice", "stand")
        if att is None or dfn is None:
            pop(s, f)
            return
        if choice == "evade":
            pop(s, f)
            evade(s, dfn, att)
            return
        walls = (B.terrain(s, dfn.hex) == "city_walls"
                 and B.terrain(s, att.hex) != "city_walls")
        if choice == "stand" and walls:
            # §16 city walls: a defender that does not evade strikes first, as with First Strike
            f["choice"] = choice = "first_strike"
            f["walls"] = True
        if choice == "first_strike":
            f["stage"] = "after_first"
            s.say(msg("log.first_strike" if not f.get("walls") else "log.walls_strike",
                      hex=dfn.hex))
            strike(s, dfn, att, "first")
            return
        f["stage"] = "after_attack"
        strike(s, att, dfn, "attack", bonus_cc=f["bonus"])
        return
    if stage == "after_first":
        if att is None or att.hex != f["att_hex"] or dfn is None:
            pop(s, f)
            return
        f["stage"] = "after_attack"
        strike(s, att, dfn, "attack", bonus_cc=f["bonus"])
        return
    if stage == "after_attack":
        if att is None or att.hex != f["att_hex"]:
            pop(s, f)
            return
        success = dfn is None or dfn.hex != f["tgt"]
        if success:
            if (not spec(att).war_machine and B.unit_at(s, f["tgt"]) is None
                    and B.leader_at(s, f["tgt"]) is None and not B.impassable(s, f["tgt"], att)):
                f["stage"] = "advanced"
                push(s, "advance", role=att.side, att=att.id, to=f["tgt"])
                return
            pop(s, f)
            return
        if f.get("choice") != "first_strike" and dfn is not None and dfn.blocks > 0:
            f["stage"] = "end"
            push(s, "back", role=dfn.side, att=att.id, dfn=dfn.id)
            return
        pop(s, f)
        return
    if stage == "advanced":
        if not f.get("did_advance") or att is None:
            pop(s, f)
            return
        from_marsh = (B.terrain(s, f["att_hex"]) == "marsh"
                      and att.id not in s.turn.moved)
        if spec(att).cavalry and not f["bonus"] and not f.get("extra_done") and not from_marsh:
            f["extra_done"] = True
            opts = extra_hexes(s, att)
            if opts:
                push(s, "extra", role=att.side, att=att.id, options=opts)
                return
        f["stage"] = "bonus"
        return
    if stage == "bonus":
        pop(s, f)
        if att is None or f["bonus"] or s.result is not None:
            return
        targets = B.adjacent_enemy_targets(s, att)
        if bonus_eligible(s, att) and targets:
            push(s, "bonus", role=att.side, att=att.id, options=targets)
        return
    pop(s, f)


def extra_hexes(s: AncientsState, u: Unit) -> list[str]:
    out = []
    for n in B.neighbours(u.hex):
        if B.impassable(s, n, u) or B.unit_at(s, n) is not None:
            continue
        ldr = B.leader_at(s, n)
        if ldr is not None and (ldr.side != u.side or B.attached_leader(s, u) is not None):
            continue
        out.append(n)
    return out


def bonus_eligible(s: AncientsState, u: Unit) -> bool:
    """§13 (spec 11.6): WA; foot with an attached leader (not war machines); camels, cavalry,
    chariots, elephants; terrain may forbid."""
    sp = spec(u)
    if sp.war_machine:
        return False
    ok = sp.code == "WA" or sp.mounted or (sp.foot and B.attached_leader(s, u) is not None)
    t = B.terrain(s, u.hex)
    if t == "forest" and sp.code not in ("LI", "LS", "LB", "AX", "WA"):
        return False
    if t == "broken" and sp.mounted:
        return False
    return ok


def _defend_choices(s: AncientsState, f: Frame) -> list[Choice]:
    """Asked at every close-combat declaration; always offered privately (``secret``), since
    whether First Strike is among the options depends on the defender's hand (spec 20)."""
    dfn, att = s.units[f["cc_def"]], s.units[f["cc_att"]]
    r = _rules()
    out = [r.choice("stand", None, msg("choice.stand"), secret=True)]
    if may_evade(s, dfn, att):
        out.append(r.choice("evade", None, msg("choice.evade"), secret=True))
    if "first_strike" in s.hands[dfn.side]:
        out.append(r.choice("first_strike", None, msg("choice.first_strike"), secret=True))
    return out


@decision("defend", _defend_choices,
          lambda s, f: msg("prompt.defend", unit=f"@unit.{s.units[f['cc_def']].type}",
                           hex=s.units[f["cc_def"]].hex,
                           attacker=f"@unit.{s.units[f['cc_att']].type}",
                           from_=s.units[f["cc_att"]].hex))
def _defend(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    pop(s, f)
    cc = s.flow[-1]
    cc["choice"] = verb
    if verb == "first_strike":
        side = s.units[f["cc_def"]].side
        s.hands[side].remove("first_strike")
        s.discard.append("first_strike")
        s.turn.first_strike_by = side
        s.mark_irreversible()


@decision("advance",
          lambda s, f: [_rules().choice("advance", f["to"], msg("choice.advance", hex=f["to"])),
                        _rules().choice("stay", None, msg("choice.no_advance"))],
          lambda s, f: msg("prompt.advance", hex=f["to"]))
def _advance(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    pop(s, f)
    cc = s.flow[-1]
    if verb == "advance":
        u = s.units[f["att"]]
        frm = u.hex
        move_unit(s, u, f["to"])
        s.last_moves.append({"side": u.side, "path": [frm, f["to"]], "advance": True})
        cc["did_advance"] = True
        s.say(msg("log.advance", unit=f"@unit.{u.type}", hex=f["to"]))
        if B.terrain(s, f["to"]) == "marsh":
            marsh_check(s, u)
        check_hex_banner(s, u)


@decision("extra",
          lambda s, f: [_rules().choice("extra", h, msg("choice.extra", hex=h))
                        for h in f["options"]] + [_rules().choice("stay", None,
                                                                  msg("choice.no_extra"))],
          lambda s, f: msg("prompt.extra", hex=s.units[f["att"]].hex))
def _extra(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    pop(s, f)
    if verb == "extra":
        u = s.units[f["att"]]
        frm = u.hex
        move_unit(s, u, str(arg))
        s.last_moves.append({"side": u.side, "path": [frm, str(arg)], "advance": True})
        if B.terrain(s, str(arg)) == "marsh":
            marsh_check(s, u)
        check_hex_banner(s, u)


@decision("bonus",
          lambda s, f: [_rules().choice("bonus", h, msg("choice.bonus", hex=h))
                        for h in f["options"]] + [_rules().choice("stay", None,
                                                                  msg("choice.no_bonus"))],
          lambda s, f: msg("prompt.bonus", hex=s.units[f["att"]].hex))
def _bonus(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    pop(s, f)
    if verb == "bonus":
        declare_close(s, s.units[f["att"]], str(arg), bonus=True)


@decision("back",
          lambda s, f: [_rules().choice("battle_back", None, msg("choice.battle_back")),
                        _rules().choice("no_battle_back", None, msg("choice.no_battle_back"))],
          lambda s, f: msg("prompt.battle_back", hex=s.units[f["dfn"]].hex,
                           attacker=s.units[f["att"]].hex))
def _back(s: AncientsState, f: Frame, verb: str, arg: object) -> None:
    pop(s, f)
    if verb == "battle_back":
        strike(s, s.units[f["dfn"]], s.units[f["att"]], "back")
