"""Land battles (§10): Battle Points, the ratio of the larger army to the smaller with its
rounding (§10.3.1, the data's chart), the shifts (ratio, Tactics, cavalry superiority and
dominance, rough mountains, amphibious assault, Siege Preparation), elephants committed and
rolled (§10.4.6), the secret Siege Preparation bids (§10.5), the loss table and its rounding
(§10.3.2-10.3.3), weakened LG/HI (§10.6), retreat, forced retreat and regroup (§10.7), leader
death (§8.4), capture and pillage (§7.4-7.5), militia (§12.3).

A battle is the step ``battle`` whose ``stage`` goes setup → siege → elephants → roll → result →
forced → losses; the questions on the way (``use_city``, ``siege_bid`` (secret, both sides at
once), ``commit_elephants``, ``use_shifts``, ``retreat``, ``force_retreat``, ``pillage``) are
asked of the Power concerned and write their answer into the battle frame. Sides that no player
commands (tribes, barbarians, Independents, slaves) decide by fixed rules; losses are allocated
by the rule below (``take_losses``), the smallest loss that covers what the table asks.
"""

from __future__ import annotations

import math
from typing import Any

from games.core import Action, Choice, Msg, msg
from games.pax_romana import cities, special_units, texts
from games.pax_romana.control import data
from games.pax_romana.flow import (
    Frame,
    opt,
    paged,
    pop,
    push,
    question,
    simultaneous,
    step,
    turn_page,
)
from games.pax_romana.leaders import kill_leader, rating
from games.pax_romana.state import LCU_TYPES, PRState

texts.extend({
    "en": {"log.elephant_losses": "Elephants destroy {n} BP of {power}'s army; its player "
                                  "chooses which units.",
           "prompt.retreat_via": "{who}: the army retreats two spaces to {space}: through which "
                                 "space?",
           "choice.retreat_via": "Through {space}",
           "log.retreat_tp_losses": "{power}'s army retreating into {space} loses {n} BP for "
                                    "the Transit Points it crossed."},
    "ru": {"log.elephant_losses": "Слоны уничтожают {n} ОБ армии: {power}; её игрок выбирает, "
                                  "какие отряды.",
           "prompt.retreat_via": "{who}: армия отступает на две области, в {space:acc}: через "
                                 "какую область?",
           "choice.retreat_via": "Через {space:acc}",
           "log.retreat_tp_losses": "{power}: армия, отступившая в {space:acc}, теряет {n} ОБ за "
                                    "пройденные транзитные пункты."},
})

CAVALRY = ("CV", "BC", "MCV")
# who never withdraws or retreats (§13.1.3, §13.2.3, §12.5, §12.7.3)
STANDFAST = frozenset({"barbarian", "syracuse", "mamertines", "rhodes", "pergamum", "slaves",
                       "independent"})


def standfast(s: PRState, side: str) -> bool:
    """Whether ``side`` never withdraws or retreats; an allied Pergamum does at its ally's word
    (§12.5.4)."""
    return side in STANDFAST and not (side == "pergamum" and side in s.allied_independents)


def d6(s: PRState) -> int:
    return int(s.rng.roll(range(1, 7)))


def bp_of(kind: str) -> int:
    """Battle Points by unit type (§10.3.1; the unit table's BP and weakened BP)."""
    if kind in ("wLG", "wHI"):
        return data().tables.unit_costs.unit(kind[1:]).weakened_bp or 0
    if kind in ("BR", "BC", "TW"):
        return 1
    try:
        return data().tables.unit_costs.unit(kind).bp or 0
    except StopIteration:
        return 0


def side_of(s: PRState, owner: str) -> set[str]:
    from games.pax_romana.movement import friends_of
    return friends_of(s, owner)


def side_units(s: PRState, space: str, owner: str) -> dict[str, dict[str, int]]:
    return {o: dict(st) for o, st in s.units.get(space, {}).items() if o in side_of(s, owner)}


def army_bp(s: PRState, space: str, owner: str, cavalry: bool = True) -> int:
    return sum(bp_of(k) * n for st in side_units(s, space, owner).values() for k, n in st.items()
               if k in LCU_TYPES and (cavalry or k not in CAVALRY)) + marian_bp(s, space, owner)


def cavalry_count(s: PRState, space: str, owner: str, neutralized: int = 0,
                  legion: bool = False) -> int:
    n = sum(st.get(k, 0) for st in side_units(s, space, owner).values() for k in CAVALRY)
    return max(0, n - neutralized) + (legion_cavalry(s, space, owner) if legion else 0)


def legion_cavalry(s: PRState, space: str, owner: str) -> int:
    """§10.4.4 (the Advanced Game; optional in the Standard Game): one per two full LG from Turn
    III; a weakened LG gives none (§10.6.7); none in Turns IX-X under §10.4.5."""
    if not (s.options.get("legion_cavalry") or s.options.get("advanced")) or s.turn < 3:
        return 0
    if marian(s):
        return 0
    return s.stack(space, owner).get("LG", 0) // 2 if owner == "rome" else 0


def marian(s: PRState) -> bool:
    """§10.4.5 (optional, Advanced Game): Legions without cavalry in Game Turns IX and X."""
    return bool(s.options.get("advanced") and s.options.get("legions_without_cavalry")
                and s.turn >= 9)


def marian_bp(s: PRState, space: str, owner: str) -> int:
    """§10.4.5: each full Roman LG counts 5 BP instead of 4 in Turns IX-X (read as the army's
    BP for the ratio and the loss percentage; an LG eliminated still covers its printed 4)."""
    if not marian(s):
        return 0
    return side_units(s, space, owner).get("rome", {}).get("LG", 0)


def cavalry_level(mine: int, theirs: int, regular: int | None = None,
                  legion: int = 0) -> str | None:
    """§10.4.1 (ambiguity A27): dominance at three times the enemy's cavalry, or 2+ against
    none; superiority with more. Legion cavalry never gives dominance unless the regular
    cavalry is at least as many (§10.4.4)."""
    dominance = (theirs > 0 and mine >= 3 * theirs) or (theirs == 0 and mine >= 2)
    if dominance and legion and (regular or 0) < legion:
        dominance = False
    if dominance:
        return "dominance"
    return "superiority" if mine > theirs else None


def _shift_row(source: str) -> int:
    for r in data().tables.battle_shifts.rows:
        if r.source.startswith(source):
            return int(r.shifts)
    raise KeyError(source)


def ratio_shifts(s: PRState, larger: int, smaller: int) -> int:
    """§10.3.1 step 6: the chart (nearest step, a tie to the lower one) or the simplified ratio
    (§10.3.6: more BP 1 shift, at least twice 2, three times 3 ...)."""
    if larger <= smaller:
        return 0
    if s.options.get("simplified_ratio"):
        if smaller <= 0:
            return data().tables.battle_ratio.steps[-1].shifts
        return max(1, min(larger // smaller, data().tables.battle_ratio.steps[-1].shifts))
    if smaller <= 0:
        return data().tables.battle_ratio.steps[-1].shifts
    return data().tables.battle_ratio.shifts(larger, smaller)


def best_tactics(s: PRState, space: str, owner: str) -> int:
    return max((rating(lid)[0] for o in side_of(s, owner) for lid in s.leaders_at(space, o)),
               default=0)


def controller(s: PRState, owner: str) -> str | None:
    """The Power who decides for ``owner``'s side; in a combined defence the battle's deciding
    Power (§4.3.1)."""
    from games.pax_romana.movement import controller_of
    for f in reversed(s.flow):
        if f["k"] == "battle":
            got = f.get("deciders", {}).get(owner)
            if got is not None:
                return str(got)
            break
    return controller_of(s, owner)


def combined_defence(s: PRState, f: Frame) -> None:
    """§4.3.1: allies attacked in one space defend as one army; who decides its battle."""
    from games.pax_romana import alliances
    f["deciders"] = {}
    if not s.alliances:
        return
    for side in (f["att"], f["dfd"]):
        got = alliances.deciding_power(s, f["space"], sorted(side_of(s, side)))
        if got is None:
            continue
        f["deciders"][side] = got[0]
        key = "log.combined_defence_lot" if got[1] else "log.combined_defence"
        s.say(msg(key, space=f"@space.{f['space']}", who=f"@power.{got[0]}"))


# -- losses (§10.3.2-10.3.3, §10.6) ----------------------------------------------------------------
def _options(st: dict[str, int], city_fp: int, cavalry_ok: bool) -> list[tuple[str, int]]:
    """What may take the next loss: (what, BP it counts for)."""
    out: list[tuple[str, int]] = []
    for kind in ("LI", "ML", "BR", "TW", "MLI", "MHI", "HI", "LG"):
        if st.get(kind):
            out.append((f"kill|{kind}", bp_of(kind)))
    if cavalry_ok:
        out += [(f"kill|{k}", 1) for k in CAVALRY if st.get(k)]
    for kind in ("HI", "LG"):
        if st.get(kind):
            out.append((f"weaken|{kind}", bp_of(kind) - bp_of(f"w{kind}")))
    if city_fp > 0:
        out.append(("fp|", 2))
    return out


def take_losses(s: PRState, space: str, owner: str, need: int, attrition: bool = False,
                city: bool = False) -> int:
    """Remove at least ``need`` BP (or, in attrition, ``need`` units with LG/HI counting two,
    weakening one) from ``owner``'s units in ``space``: weakened HI, then weakened LG, take the
    first losses (§10.6.1-10.6.2); otherwise the smallest single loss that covers what is left,
    or the largest if none does (so 9 BP of HI losing 4 lose one HI and weaken another, the
    §10.3.3 example); only one LG/HI is weakened (§10.6.4). With ``city`` the city's FP absorb
    losses at 2 BP each down to their floor (§7.3.3-7.3.4) and cavalry takes none (§10.4.2).
    Returns the BP (or units) taken."""
    taken = 0
    weakened = False
    floor = 0
    c = s.cities.get(space) if city else None
    if c is not None:
        floor = 3 if c.kind == "city" else 1
    while need > 0:
        st = s.stack(space, owner)
        fp_left = (c.fp - floor) if c is not None else 0
        if st.get("wHI"):
            s.remove(space, owner, "wHI")
            need -= 1
            taken += 1
            continue
        if st.get("wLG"):
            s.remove(space, owner, "wLG")
            step = 1 if attrition else 2
            need -= step
            taken += step
            continue
        opts = _options(st, fp_left, cavalry_ok=not city)
        if attrition:
            opts = [(w, 2 if w in ("kill|HI", "kill|LG") else 1) for w, _ in opts
                    if w != "fp|"] + [(f"kill|{k}", 1) for k in ("EL",) if st.get(k)]
        if weakened:
            opts = [o for o in opts if not o[0].startswith("weaken")]
        if not opts:
            if city and any(st.get(k) for k in CAVALRY):
                # §10.4.2: cavalry in a city whose infantry and FP are gone is destroyed
                for k in CAVALRY:
                    taken += s.remove(space, owner, k, 99)
            break
        covering = sorted((v, w) for w, v in opts if v >= need)
        value, what = covering[0] if covering else max((v, w) for w, v in opts)
        verb, kind = what.split("|")
        if verb == "fp" and c is not None:
            c.fp -= 1
        else:
            s.remove(space, owner, kind)
            if verb == "weaken":
                s.add(space, owner, f"w{kind}")
                weakened = True
        need -= value
        taken += value
    if not any(k in LCU_TYPES for k in s.stack(space, owner)):
        # §10.4.9: elephants go when everything else is gone
        s.remove(space, owner, "EL", 99)
    return taken


def loss_bp(percent: int, bp: int) -> int:
    """§10.3.3: mathematical rounding, .5 up."""
    return math.floor(percent * bp / 100 + 0.5)


# -- the battle frame --------------------------------------------------------------------------------
def start(s: PRState, *, space: str, attacker: str, attacker_role: str, defender: str,
          came_from: str, intercept: bool, mover_from: str | None = None,
          amphibious: bool = False) -> None:
    push(s, "battle", space=space, att=attacker, att_role=attacker_role, dfd=defender,
         came_from=came_from, intercept=intercept, mover_from=mover_from,
         amphibious=amphibious, stage="setup", city=None, siege=None, el={}, asked=[])


def battle_frame(s: PRState) -> Frame:
    return next(f for f in reversed(s.flow) if f["k"] == "battle")


def has_lcu(s: PRState, space: str, owner: str) -> bool:
    return any(k in LCU_TYPES for st in side_units(s, space, owner).values() for k in st)


@step("battle")
def battle(s: PRState, f: Frame) -> None:
    stage = f["stage"]
    space, att, dfd = f["space"], f["att"], f["dfd"]
    if stage == "setup":
        f["stage"] = "siege"
        if dfd == "barbarian" and space in s.tribes:
            from games.pax_romana.barbarians import reveal_tribe
            reveal_tribe(s, space)
        s.last_move = dict(s.last_move or {"power": f["att_role"], "path": [space],
                                           "kind": "land"}, battle=space)
        combined_defence(s, f)
        c = s.cities.get(space)
        # §12.7.3: slaves in a city use it, though it stays its owner's
        usable = c is not None and (c.owner in side_of(s, dfd) or dfd == "slaves")
        if not has_lcu(s, space, dfd):
            special_units.overrun(s, space, att, only=dfd)
            if not usable or not has_lcu(s, space, att):
                return _close(s, f)
            assert c is not None
            if c.fp <= (3 if c.kind == "city" else 1):
                _capture(s, f)
                return _close(s, f)
            f["city"] = True            # §7.3.5: the city defends alone with its FP
            return
        if usable:
            who = controller(s, dfd)
            if standfast(s, dfd) or who is None:
                f["city"] = True        # §7.3.7, §12.7.3: Independents and slaves use it
            else:
                push(s, "use_city", role=who, space=space)
        else:
            f["city"] = False
        return
    if stage == "siege":
        f["stage"] = "elephants"
        from games.pax_romana.cards.hooks import battle_begins  # §17.2 (Advanced Game)
        battle_begins(s, f)
        if f["city"] and not f["amphibious"]:
            roles = [r for r in (controller(s, att), controller(s, dfd)) if r is not None]
            if len(roles) == 2 and roles[0] != roles[1] and any(
                    s.powers[r].treasury > 0 for r in roles):
                push(s, "siege_bid", roles=roles, space=space)
        return
    if stage == "elephants":
        f["stage"] = "roll"
        if f["city"] or space in data().rough_mountains:
            return
        for side in (att, dfd):
            if side == att and f["amphibious"]:
                continue
            n = sum(st.get("EL", 0) for st in side_units(s, space, side).values())
            if not n or side in f["el"]:
                continue
            who = controller(s, side)
            if who is None:
                f["el"][side] = n
            else:
                f["stage"] = "elephants"
                push(s, "commit_elephants", role=who, side=side, space=space, most=n)
                return
        return
    if stage == "roll":
        if "neutral" not in f:
            f["fought"] = {side: sorted(lid for o in side_of(s, side)
                                        for lid in s.leaders_at(space, o))
                           for side in (att, dfd)}
            _elephants(s, f)            # §10.4.6: the losses they cause are chosen first
            return
        f["stage"] = "shifts"
        _roll(s, f)
        return
    if stage == "shifts":
        f["stage"] = "result"
        _shifts(s, f)
        return
    if stage == "result":
        f["stage"] = "forced"
        _result(s, f)
        return
    if stage == "forced":
        f["stage"] = "losses"
        _forced(s, f)
        return
    if stage in ("losses", "losses_done"):
        _losses(s, f)
        return


def _close(s: PRState, f: Frame) -> None:
    pop(s, f)
    _after(s, f)


# -- step 4-10: elephants, BP, ratio, rolls, shifts -------------------------------------------------
def elephant_effects(result: str) -> dict[str, bool]:
    """What a line of the Elephant table does (§10.4.6, read from its words)."""
    text = result.lower()
    return {"neutralize": "neutralize" in text,
            "enemy_bp": "enemy bp" in text,
            "own_bp": "rampage" in text or "your own bp" in text,
            "lost": "elephant" in text and ("destroyed" in text or "rampage" in text)}


def _elephants(s: PRState, f: Frame) -> None:
    """§10.4.6-10.4.7: every committed elephant is rolled for; the BP they destroy (the enemy's
    on a 1, their own side's on a Rampage) are chosen by the player whose units they are (the
    rule: "the opponent chooses"), at once and before the BP are totalled."""
    table = data().tables.elephants
    space = f["space"]
    f["neutral"] = {f["att"]: 0, f["dfd"]: 0}
    hits = {f["att"]: 0, f["dfd"]: 0}
    for side, enemy in ((f["att"], f["dfd"]), (f["dfd"], f["att"])):
        for _ in range(f["el"].get(side, 0)):
            roll = d6(s)
            fx = elephant_effects(table.result(roll))
            s.say(msg("log.elephant", power=f"@power.{side}", roll=roll))
            if fx["neutralize"]:
                f["neutral"][enemy] += 1
            if fx["enemy_bp"]:
                hits[enemy] += 1
            if fx["own_bp"]:
                hits[side] += 1
            if fx["lost"]:
                for o in side_of(s, side):
                    if s.remove(space, o, "EL"):
                        break
    for side in (f["att"], f["dfd"]):   # pushed so that the defender chooses first
        if not hits[side]:
            continue
        s.say(msg("log.elephant_losses", power=f"@power.{side}", n=hits[side]))
        who = controller(s, side) or allocator(s, f)
        if who is None:
            take_losses(s, space, _main_owner(s, space, side), hits[side])
        elif loss_choices_for(s, space, side, hits[side], False, False):
            push(s, "allocate_losses", role=who, side=side, space=space, need=hits[side],
                 weakened=False, city=False)


def _main_owner(s: PRState, space: str, side: str) -> str:
    units = side_units(s, space, side)
    if side in units:
        return side
    return next(iter(units), side)


def shifts_for(s: PRState, f: Frame, att_bp: int, dfd_bp: int) -> dict[str, int]:
    """§10.3.1 step 8: each side's shifts."""
    space, att, dfd = f["space"], f["att"], f["dfd"]
    out = {att: 0, dfd: 0}
    if att_bp > dfd_bp:
        out[att] += ratio_shifts(s, att_bp, dfd_bp)
    elif dfd_bp > att_bp:
        out[dfd] += ratio_shifts(s, dfd_bp, att_bp)
    if not f["city"] and space not in data().rough_mountains:
        neutral = f.get("neutral", {})
        a_reg = 0 if f["amphibious"] else cavalry_count(s, space, att, neutral.get(att, 0))
        d_reg = cavalry_count(s, space, dfd, neutral.get(dfd, 0))
        a_leg = 0 if f["amphibious"] else legion_cavalry(s, space, att)
        d_leg = legion_cavalry(s, space, dfd)
        for side, mine, theirs, reg, leg in ((att, a_reg + a_leg, d_reg + d_leg, a_reg, a_leg),
                                             (dfd, d_reg + d_leg, a_reg + a_leg, d_reg, d_leg)):
            level = cavalry_level(mine, theirs, reg, leg)
            if level == "dominance":
                out[side] += _shift_row("cavalry dominance")
            elif level == "superiority":
                out[side] += _shift_row("cavalry superiority")
    ta, td = best_tactics(s, space, att), best_tactics(s, space, dfd)
    diff = abs(ta - td)
    if f["city"]:
        diff = min(diff, 1)
    if ta > td:
        out[att] += diff
    elif td > ta:
        out[dfd] += diff
    if space in data().rough_mountains:
        out[dfd] += _shift_row("defender in a rough mountain")
    if f["amphibious"]:
        out[dfd] += _shift_row("defender against an amphibious")
    if f.get("siege"):
        out[f["siege"]] += _shift_row("won Siege Preparation")
    from games.pax_romana.cards.hooks import battle_shifts  # §17.2 (Advanced Game)
    battle_shifts(s, f, out)
    return out


def total_bp(s: PRState, f: Frame, side: str) -> int:
    space = f["space"]
    cavalry = not f["city"] and space not in data().rough_mountains and not (
        side == f["att"] and f["amphibious"])
    bp = army_bp(s, space, side, cavalry=cavalry)
    if cavalry:
        bp -= min(f.get("neutral", {}).get(side, 0), cavalry_count(s, space, side))
    if f["city"] and side == f["dfd"]:
        bp += s.cities[space].fp
    return bp


def _roll(s: PRState, f: Frame) -> None:
    att, dfd = f["att"], f["dfd"]
    if not has_lcu(s, f["space"], att) or not (has_lcu(s, f["space"], dfd) or f["city"]):
        f["rolls"] = {att: 0, dfd: 0}
        f["bp"] = {att: total_bp(s, f, att), dfd: total_bp(s, f, dfd)}
        f["net"] = [att, 0]
        return
    bp = {att: total_bp(s, f, att), dfd: total_bp(s, f, dfd)}
    shifts = shifts_for(s, f, bp[att], bp[dfd])
    rolls = {att: d6(s), dfd: d6(s)}
    s.mark_irreversible()
    f["bp"] = bp
    f["rolls"] = rolls
    net = shifts[att] - shifts[dfd]
    f["net"] = [att, net] if net >= 0 else [dfd, -net]
    s.say(msg("log.battle_rolls", space=f"@space.{f['space']}", att=f"@power.{att}",
              dfd=f"@power.{dfd}", abp=bp[att], dbp=bp[dfd], ar=rolls[att], dr=rolls[dfd],
              who=f"@power.{f['net'][0]}", n=f["net"][1]))
    reroll_offer(s, f)


def _shifts(s: PRState, f: Frame) -> None:
    att, dfd = f["att"], f["dfd"]
    rolls = f["rolls"]
    side, n = f["net"]
    if n <= 0:
        return
    who = controller(s, side)
    if who is None:
        other = dfd if side == att else att
        for _ in range(n):
            if rolls[side] < 10:
                rolls[side] += 1
            elif rolls[other] > 0:
                rolls[other] -= 1
        f["net"] = [side, 0]
    else:
        push(s, "use_shifts", role=who, side=side)


def _other(f: Frame, side: str) -> str:
    return f["dfd"] if side == f["att"] else f["att"]


def _shift_choices(s: PRState, f: Frame) -> list[Choice]:
    b = battle_frame(s)
    side, n = b["net"]
    other = _other(b, side)
    out = []
    if b["rolls"][side] < 10:
        out.append(opt("raise", None, "choice.shift_raise", n=b["rolls"][side] + 1))
    if b["rolls"][other] > 0:
        out.append(opt("lower", None, "choice.shift_lower", n=b["rolls"][other] - 1))
    return out + [opt("done", None, "choice.shifts_done")]


def _shift_prompt(s: PRState, f: Frame) -> Msg:
    b = battle_frame(s)
    side, n = b["net"]
    return msg("prompt.use_shifts", who=f"@power.{f['role']}", n=n, mine=b["rolls"][side],
               theirs=b["rolls"][_other(b, side)], space=f"@space.{b['space']}")


@question("use_shifts", _shift_choices, _shift_prompt)
def use_shifts(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§10.3.1 step 10: each net shift adds 1 to one's own roll (10 at most) or takes 1 from the
    opponent's (0 at least), or is not used."""
    b = battle_frame(s)
    side, n = b["net"]
    if verb == "raise":
        b["rolls"][side] += 1
    elif verb == "lower":
        b["rolls"][_other(b, side)] -= 1
    n = 0 if verb == "done" else n - 1
    b["net"] = [side, n]
    if n <= 0:
        pop(s, f)


# -- step 11: result, retreat, forced retreat ------------------------------------------------------
def retreat_spaces(s: PRState, f: Frame) -> list[str]:
    """§10.7.4: one or two spaces by land, never into or through enemy LCUs, garrisons, cities or
    settlements, nor the space the attacker came from; two spaces may not end next to the
    battle space; any number of land TPs into the first space beyond them (§10.7.6). After an
    interception, only along the link the army came in by (§9.3.3)."""
    sea = set() if f["intercept"] else sea_retreats(s, f["space"], f["dfd"])
    return sorted(set(retreat_ways(s, f)) | sea)


def retreat_ways(s: PRState, f: Frame) -> dict[str, list[str]]:
    """Where the beaten defender may retreat by land, each end with the first spaces a
    two-space retreat passes through on the way there (empty for one space)."""
    return {dest: sorted(v for v in vias if v) for dest, vias in _retreat_map(s, f).items()}


def retreat_tps(s: PRState, f: Frame, dest: str, via: str | None) -> int:
    """§10.7.6: the land Transit Points the retreat to ``dest`` (through ``via``) crosses, the
    fewest on that way; 1 BP lost for each."""
    return _retreat_map(s, f).get(dest, {}).get(via or "", 0)


def _retreat_map(s: PRState, f: Frame) -> dict[str, dict[str, int]]:
    """Each land retreat's end -> its first space ("" for a one-space retreat) -> the fewest
    Transit Points crossed on that way."""
    from games.pax_romana.movement import friends_of
    d = data()
    space, side = f["space"], f["dfd"]
    mine = friends_of(s, side)

    def blocked(sp: str) -> bool:
        if sp == f["came_from"] or sp == space:
            return True
        if any(o not in mine and any(k in LCU_TYPES or k == "GR" for k in st)
               for o, st in s.units.get(sp, {}).items()):
            return True
        c = s.cities.get(sp)
        return (c is not None and c.owner not in mine) or sp in s.tribes

    def beyond(sp: str, seen: set[str], tps: int = 0) -> dict[str, int]:
        """Spaces reached from ``sp`` in one step, going on through TPs (counted)."""
        out: dict[str, int] = {}
        for nb in d.land_neighbours(sp):
            if nb in seen or blocked(nb):
                continue
            got = beyond(nb, seen | {nb}, tps + 1) if nb in d.transit_points else {nb: tps}
            for x, n in got.items():
                out[x] = min(n, out.get(x, n))
        return out

    if f["intercept"]:
        back = f.get("mover_from")
        if back is None or back in d.transit_points or blocked(back):
            return {}
        return {back: {"": 0}}
    first = beyond(space, {space})
    ways: dict[str, dict[str, int]] = {sp: {"": n} for sp, n in first.items()}
    adjacent = d.land_neighbours(space)
    for sp in sorted(first):
        for x, n in beyond(sp, {space, sp}).items():
            if x not in adjacent and x not in first:
                ways.setdefault(x, {})[sp] = first[sp] + n
    return ways


def retreat_via(s: PRState, f: Frame, dest: str) -> list[str]:
    """The first spaces a two-space retreat to ``dest`` may pass through (§10.7.4); none for a
    retreat of one space or by sea."""
    return retreat_ways(s, f).get(dest, [])


def sea_retreats(s: PRState, space: str, side: str) -> set[str]:
    """§10.7.5: from a port where the side has a galley, to a friendly controlled port exactly
    one sea link away, the galleys escorting."""
    from games.pax_romana.control import space_controller
    d = data()
    power = controller(s, side)
    if power is None or space not in d.ports or not s.stack(space, power).get("GS"):
        return set()
    return {p for p in d.sea_neighbours(space)
            if p in d.ports and space_controller(s, p) == power}


def _result(s: PRState, f: Frame) -> None:
    att, dfd = f["att"], f["dfd"]
    a_lost = f["rolls"][dfd] * 10
    d_lost = f["rolls"][att] * 10
    f["lost_pct"] = {att: a_lost, dfd: d_lost}
    f["winner"] = att if d_lost > a_lost else dfd if a_lost > d_lost else None
    s.say(msg("log.battle_result", space=f"@space.{f['space']}", apct=a_lost, dpct=d_lost,
              att=f"@power.{att}", dfd=f"@power.{dfd}",
              who="@word.draw" if f["winner"] is None else f"@power.{f['winner']}"))
    f["retreat"] = None
    if f["winner"] != att or f["city"] or standfast(s, dfd) or not has_lcu(s, f["space"], dfd):
        return
    who = controller(s, dfd)
    if who is None or not retreat_spaces(s, f):
        return
    push(s, "retreat", role=who, space=f["space"])


def _retreat_choices(s: PRState, f: Frame) -> list[Choice]:
    b = battle_frame(s)
    options = [opt("retreat", sp, "choice.retreat_to", space=f"@space.{sp}")
               for sp in retreat_spaces(s, b)]
    return paged(f, f["role"], options, [opt("stand", None, "choice.no_retreat")])


@question("retreat", _retreat_choices,
          lambda s, f: msg("prompt.retreat", who=f"@power.{f['role']}", space=f"@space.{f['space']}"))
def retreat(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§10.7.1: the beaten defender may retreat, taking 10% less; a winner with cavalry
    superiority (dominance) stops it on a 1 (1-3) (§10.7.6, the Cavalry table)."""
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    if verb != "retreat":
        return
    b = battle_frame(s)
    level = None
    if not b["city"] and b["space"] not in data().rough_mountains:
        level = cavalry_level(cavalry_count(s, b["space"], b["att"]),
                              cavalry_count(s, b["space"], b["dfd"]))
    if level is not None:
        roll = d6(s)
        stop = 3 if level == "dominance" else 1
        if roll <= stop:
            s.say(msg("log.retreat_prevented", power=f"@power.{b['dfd']}", roll=roll))
            return
    set_retreat(s, b, arg)


def set_retreat(s: PRState, b: Frame, dest: str) -> None:
    """The retreat's end; a two-space retreat also names the space it passes through (the
    defender's choice where there are several), where it may be intercepted (§10.7.6)."""
    b["retreat"] = dest
    b["via"] = None
    vias = retreat_via(s, b, dest)
    who = controller(s, b["dfd"])
    if len(vias) == 1 or (vias and who is None):
        b["via"] = vias[0]
    elif vias:
        push(s, "retreat_via", role=who, space=b["space"], dest=dest)


@question("retreat_via",
          lambda s, f: [opt("retreat_via", sp, "choice.retreat_via", space=f"@space.{sp}")
                        for sp in retreat_via(s, battle_frame(s), f["dest"])],
          lambda s, f: msg("prompt.retreat_via", who=f"@power.{f['role']}",
                           space=f"@space.{f['dest']}"))
def retreat_via_choice(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§10.7.4: the way of a two-space retreat."""
    pop(s, f)
    battle_frame(s)["via"] = arg


def _forced(s: PRState, f: Frame) -> None:
    """§10.7.2: a winning attacker may force the defender to retreat for 1 MP (declared after
    an interception)."""
    from games.pax_romana.movement import move_frame
    if f["retreat"] is not None or f["winner"] != f["att"] or f["city"]:
        return
    if standfast(s, f["dfd"]) or not has_lcu(s, f["space"], f["dfd"]):
        return
    who = controller(s, f["att"])
    if who is None:
        return
    m = move_frame(s)
    if not f["intercept"] and (m is None or m["mp"] < 1):
        return
    push(s, "force_retreat", role=who, space=f["space"])


@question("force_retreat",
          lambda s, f: [opt("force", None, "choice.force_retreat"),
                        opt("no_force", None, "choice.no_force")],
          lambda s, f: msg("prompt.force_retreat", who=f"@power.{f['role']}",
                           space=f"@space.{f['space']}"))
def force_retreat(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    from games.pax_romana.movement import move_frame
    pop(s, f)
    if verb != "force":
        return
    b = battle_frame(s)
    if not b["intercept"]:
        m = move_frame(s)
        if m is not None:
            m["mp"] -= data().tables.battle_losses.win_loss_effects["forced_retreat_mp"]
    options = retreat_spaces(s, b)
    b["forced"] = True
    b["retreat"] = options[0] if options else "destroyed"
    who = controller(s, b["dfd"])
    if len(options) > 1 and who is not None:
        push(s, "forced_retreat_to", role=who, space=b["space"])
    elif len(options) == 1:
        set_retreat(s, b, options[0])


def _forced_to_choices(s: PRState, f: Frame) -> list[Choice]:
    b = battle_frame(s)
    options = [opt("retreat", sp, "choice.retreat_to", space=f"@space.{sp}")
               for sp in retreat_spaces(s, b)]
    return paged(f, f["role"], options, [])


@question("forced_retreat_to", _forced_to_choices,
          lambda s, f: msg("prompt.retreat_where", who=f"@power.{f['role']}",
                           space=f"@space.{f['space']}"))
def forced_retreat_to(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    set_retreat(s, battle_frame(s), arg)


# -- steps 12-15: losses, retreat, regroup, leader death, what follows ----------------------------
def _losses(s: PRState, f: Frame) -> None:
    """§10.3.2-10.3.3: each side's loss in BP from the opposing final roll (less 10% for a
    retreating defender, §10.7.1); each Power allocates its own, the defender first; sides
    nobody commands lose by ``take_losses``."""
    if f["stage"] == "losses":
        space, att, dfd = f["space"], f["att"], f["dfd"]
        retreating = f["retreat"] is not None
        att_roll = max(0, f["rolls"][att] - (1 if retreating else 0))
        need = {dfd: loss_bp(att_roll * 10, f["bp"][dfd]),
                att: loss_bp(f["rolls"][dfd] * 10, f["bp"][att])}
        f["need"] = need
        f["before"] = {side: army_bp(s, space, side) for side in (att, dfd)}
        f["fp_before"] = s.cities[space].fp if space in s.cities else 0
        f["stage"] = "losses_done"
        s.say(msg("log.battle_losses", space=f"@space.{space}", att=f"@power.{att}",
                  dfd=f"@power.{dfd}", a=need[att], d=need[dfd]))
        for side in (att, dfd):          # pushed so that the defender answers first
            city = bool(f["city"] and side == dfd)
            who = controller(s, side) or allocator(s, f)
            if need[side] <= 0:
                continue
            if side in f.get("deciders", {}):
                _shared_losses(s, f, side, need[side], city)
                continue
            if who is None:
                _auto_losses(s, space, side, need[side], city)
            elif loss_choices_for(s, space, side, need[side], False, city):
                push(s, "allocate_losses", role=who, side=side, space=space, need=need[side],
                     weakened=False, city=city)
        return
    _losses_done(s, f)


def _shared_losses(s: PRState, f: Frame, side: str, need: int, city: bool) -> None:
    """§4.3.1 combined defence: the loss is shared among the allied Powers in proportion to the
    BP each brought to the army (its city's FP with it), and each allocates its own share."""
    from games.pax_romana import alliances
    space = f["space"]
    owners = sorted(o for o in side_of(s, side) if s.stack(space, o))
    c = s.cities.get(space) if city else None
    weights: dict[str, int] = {}
    capacity: dict[str, int] = {}
    for o in owners:
        p = alliances.power_of(s, o)
        if p is None:
            continue
        st = s.stack(space, o)
        bp = sum(bp_of(k) * n for k, n in st.items()
                 if k in LCU_TYPES and not (city and k in CAVALRY))
        room = sum(bp_of(k) * n for k, n in st.items() if k in LCU_TYPES and k not in CAVALRY)
        room += 0 if city else sum(st.get(k, 0) for k in CAVALRY)
        if c is not None and c.owner == o:
            bp += c.fp
            room += 2 * (c.fp - (3 if c.kind == "city" else 1))
        weights[p] = weights.get(p, 0) + bp
        capacity[p] = capacity.get(p, 0) + room
    first = f["deciders"][side]
    order = sorted(weights, key=lambda p: (p != first, s.roles.index(p)))
    shares = alliances.loss_shares(weights, need, capacity, order)
    for p in reversed(order):           # pushed so that the deciding Power answers first
        mine = [o for o in owners if alliances.power_of(s, o) == p]
        if shares[p] > 0 and loss_choices_for(s, space, side, shares[p], False, city, mine):
            push(s, "allocate_losses", role=p, side=side, space=space, need=shares[p],
                 weakened=False, city=city, owners=mine)


def allocator(s: PRState, f: Frame) -> str | None:
    """§13.2.4: an inactive player allocates the losses of a side nobody commands (barbarians,
    tribes, Independents, slaves): the next Power in turn order after the one whose army fights
    them."""
    mover = f["att_role"]
    order = list(s.roles)
    if mover in order:
        i = order.index(mover)
        order = order[i + 1:] + order[:i]
    enemy = {controller(s, f["att"]), controller(s, f["dfd"])}
    return next((p for p in order if p not in enemy), None)


def _auto_losses(s: PRState, space: str, side: str, need: int, city: bool) -> None:
    left = need
    for o in sorted(side_units(s, space, side), key=lambda o: o != side):
        if left <= 0:
            break
        left -= take_losses(s, space, o, left, city=city)
    if city and left > 0 and space in s.cities:
        c = s.cities[space]
        floor = 3 if c.kind == "city" else 1
        while left > 0 and c.fp > floor:
            c.fp -= 1
            left -= 2


def loss_choices_for(s: PRState, space: str, side: str, need: int, weakened: bool,
                     city: bool, only: list[str] | None = None) -> list[tuple[str, int]]:
    """What may take the next loss (``owner|verb|kind``, BP): weakened HI first, then weakened
    LG (§10.6.1-10.6.2); one LG/HI weakened at most (§10.6.4); a city's FP at 2 BP each down to
    its floor, no cavalry while a city defends (§7.3.3, §10.4.2). ``only``: the owners whose
    share this is (a combined defence, §4.3.1)."""
    if need <= 0:
        return []
    owners = sorted(side_units(s, space, side), key=lambda o: o != side)
    if only is not None:
        owners = [o for o in owners if o in only]
    for kind in ("wHI", "wLG"):
        forced = [(f"{o}|kill|{kind}", bp_of(kind)) for o in owners if s.stack(space, o).get(kind)]
        if forced:
            return forced
    out: list[tuple[str, int]] = []
    c = s.cities.get(space) if city else None
    fp_left = (c.fp - (3 if c.kind == "city" else 1)) if c is not None else 0
    if c is not None and only is not None and c.owner not in only:
        fp_left = 0
    for o in owners:
        for what, value in _options(s.stack(space, o), 0, cavalry_ok=not city):
            if weakened and what.startswith("weaken"):
                continue
            out.append((f"{o}|{what}", value))
    if fp_left > 0:
        out.append((f"{side}|fp|", 2))
    return out


def _alloc_choices(s: PRState, f: Frame) -> list[Choice]:
    out = []
    for key, value in loss_choices_for(s, f["space"], f["side"], f["need"], f["weakened"],
                                       f["city"], f.get("owners")):
        owner, verb, kind = key.split("|")
        if verb == "fp":
            out.append(opt("loss", key, "choice.lose_fp", n=value))
        else:
            out.append(opt("loss", key, f"choice.{verb}_unit", unit=f"@unit.{kind}"))
    return paged(f, f["role"], out, [])


@question("allocate_losses", _alloc_choices,
          lambda s, f: msg("prompt.allocate_losses", who=f"@power.{f['role']}", n=f["need"],
                           space=f"@space.{f['space']}"),
          lapses=lambda s, f: True)
def allocate_losses(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§10.3.2: the owner removes units until the loss is covered (it is a minimum)."""
    if verb == "page":
        turn_page(f, f["role"])
        return
    owner, what, kind = arg.split("|")
    space = f["space"]
    if what == "fp":
        s.cities[space].fp -= 1
        f["need"] -= 2
    else:
        s.remove(space, owner, kind)
        if what == "weaken":
            s.add(space, owner, f"w{kind}")
            f["weakened"] = True
            f["need"] -= bp_of(kind) - bp_of(f"w{kind}")
        else:
            f["need"] -= 1 if kind in CAVALRY else bp_of(kind)
    if not loss_choices_for(s, space, f["side"], f["need"], f["weakened"], f["city"],
                            f.get("owners")):
        pop(s, f)
        for o in side_of(s, f["side"]):
            st = s.stack(space, o)
            if not any(k in LCU_TYPES for k in st):
                s.remove(space, o, "EL", 99)     # §10.4.9
                if f["city"]:
                    for k in CAVALRY:            # §10.4.2
                        s.remove(space, o, k, 99)


def _losses_done(s: PRState, f: Frame) -> None:
    from games.pax_romana.movement import move_frame, shift_army
    pop(s, f)
    space, att, dfd = f["space"], f["att"], f["dfd"]
    retreating = f["retreat"] is not None
    before, fp_before = f["before"], f["fp_before"]
    for o in list(s.units.get(space, {})):
        s.merge_weakened(space, o)
    lost_fp = space in s.cities and s.cities[space].fp < fp_before
    lost_bp = {side: before[side] - army_bp(s, space, side) for side in (att, dfd)}
    # §10.7.4-10.7.5: the retreat, after the losses
    if retreating and has_lcu(s, space, dfd):
        dest = f["retreat"]
        if dest == "destroyed":
            special_units.destroy_side(s, space, dfd)
        else:
            by_sea = dest in data().sea_neighbours(space) and dest not in (
                data().land_neighbours(space))
            via = f.get("via")
            stop = via or dest
            tps = retreat_tps(s, f, dest, via)
            first_tps = retreat_tps(s, f, via, None) if via else tps
            went: dict[str, Any] = {}
            for o in side_of(s, dfd):
                units = {k: n for k, n in s.stack(space, o).items()
                         if k != "GS" or by_sea}
                leaders = s.leaders_at(space, o)
                went[o] = {"units": shift_army(s, o, units, leaders, space, stop),
                           "leaders": leaders}
                s.merge_weakened(stop, o)
            s.say(msg("log.retreated", power=f"@power.{dfd}", start=f"@space.{space}",
                      space=f"@space.{stop}"))
            from games.pax_romana.movement import escaping
            if via:
                # §10.7.6 with §9.3.1: it may be intercepted in each space it enters, the first
                # of a two-space retreat too; then it goes on to the second
                push(s, "retreat_on", side=dfd, at=via, dest=dest, enemy=att, space=space,
                     went=went, tps=tps - first_tps)
            escaping(s, dfd, space, stop, att)
            tp_losses(s, dfd, stop, first_tps)
    # §8.4.4: leaders of a destroyed army die with it
    for side in (att, dfd):
        if not has_lcu(s, space, side):
            special_units.destroy_side(s, space, side)
    winner = f["winner"]
    if winner is not None:
        loser = dfd if winner == att else att
        if lost_bp[loser] > 0 or (loser == dfd and lost_fp):
            special_units.militia_after(s, controller(s, loser) if loser in s.powers else None,
                                        space, winner)
    m = move_frame(s)
    mover_side = att if not f["intercept"] else dfd
    # §10.7.7 regroup: the attacker goes back whence it came while the defender holds on
    if has_lcu(s, space, att) and (has_lcu(s, space, dfd) or (
            f["city"] and space in s.cities and s.cities[space].owner in side_of(s, dfd)
            and not _capturable(s, f))):
        regroup(s, f)
    elif has_lcu(s, space, att) and f["city"] and _capturable(s, f):
        _capture(s, f)
    _leader_death(s, f)
    # §9.3.7, §10.2 step 15: the mover's MP after the battle
    if m is not None and f.get("moving", True) and winner != mover_side:
        m["mp"] = max(0, m["mp"] - data().tables.battle_losses.win_loss_effects[
            "loser_continue_mp"])
    if f["intercept"] and winner != att and has_lcu(s, space, att) and not f.get("regrouped"):
        regroup(s, f)
    _after(s, f)


@step("retreat_on")
def retreat_on(s: PRState, f: Frame) -> None:
    """§10.7.4: after any interception in the first space of a two-space retreat, what is left
    of the retreating army goes on, together, to the second; if an interceptor now bars that
    space the retreat ends where it is (ambiguity list: a retreat cut short)."""
    from games.pax_romana.movement import escaping, friends_of, shift_army
    pop(s, f)
    here, dest, side = f["at"], f["dest"], f["side"]
    mine = friends_of(s, side)
    barred = any(o not in mine and any(k in LCU_TYPES or k == "GR" for k in st)
                 for o, st in s.units.get(dest, {}).items()) or (
        dest in s.cities and s.cities[dest].owner not in mine)
    if barred or not any(k in LCU_TYPES for o in f["went"] for k in s.stack(here, o)):
        return
    for o, g in f["went"].items():
        budget: dict[str, int] = {}
        for k, n in g["units"].items():
            base = k[1:] if k in ("wLG", "wHI") else k
            budget[base] = budget.get(base, 0) + n
        units: dict[str, int] = {}
        for k, n in s.stack(here, o).items():
            base = k[1:] if k in ("wLG", "wHI") else k
            take = min(n, budget.get(base, 0))
            if take:
                units[k] = take
                budget[base] -= take
        leaders = [lid for lid in g["leaders"] if lid in s.leaders and s.leaders[lid].at == here]
        shift_army(s, o, units, leaders, here, dest)
        s.merge_weakened(dest, o)
    s.say(msg("log.retreated", power=f"@power.{side}", start=f"@space.{here}",
              space=f"@space.{dest}"))
    escaping(s, side, here, dest, f["enemy"], not_from=[f["space"]])
    tp_losses(s, side, dest, f.get("tps", 0))


def tp_losses(s: PRState, side: str, space: str, n: int) -> None:
    """§10.7.6: a retreat loses 1 BP for each land Transit Point it crossed, at once, its player
    choosing the units as for battle losses (sides nobody commands by ``take_losses``)."""
    if n <= 0 or not has_lcu(s, space, side):
        return
    s.say(msg("log.retreat_tp_losses", power=f"@power.{side}", space=f"@space.{space}", n=n))
    who = controller(s, side)
    if who is not None and loss_choices_for(s, space, side, n, False, False):
        push(s, "allocate_losses", role=who, side=side, space=space, need=n, weakened=False,
             city=False)
    else:
        _auto_losses(s, space, side, n, False)


def ask_losses(s: PRState, space: str, owner: str, need: int, then: str | None = None,
               **fields: Any) -> bool:
    """``need`` BP lost away from a land battle (a Storm, §11.2.1; a transport's naval battle,
    §11.4.6): the Power commanding ``owner`` chooses ``owner``'s units by the loss rules
    (§10.3.2, §10.6), asked by ``allocate_losses`` when it has a choice, the step ``then`` (with
    ``fields``) following once they are taken; True when asked. False when nobody commands them
    or nothing may take the loss: the caller takes it by ``take_losses``."""
    from games.pax_romana.movement import controller_of
    who = controller_of(s, owner)
    if who is None or not loss_choices_for(s, space, owner, need, False, False, [owner]):
        return False
    if then is not None:
        push(s, then, **fields)
    push(s, "allocate_losses", role=who, side=owner, space=space, need=need, weakened=False,
         city=False, owners=[owner])
    return True


def _capturable(s: PRState, f: Frame) -> bool:
    """§7.4.1: the city at 3 FP (a settlement at 1), no non-cavalry defender left, an attacking
    LCU there."""
    c = s.cities.get(f["space"])
    if c is None:
        return False
    floor = 3 if c.kind == "city" else 1
    defenders = [k for st in side_units(s, f["space"], f["dfd"]).values() for k in st
                 if k in LCU_TYPES and k not in CAVALRY]
    return c.fp <= floor and not defenders and has_lcu(s, f["space"], f["att"])


def _capture(s: PRState, f: Frame) -> None:
    """§7.4.1-7.4.2: capture; remaining cavalry and elephants of the defender are destroyed;
    then the attacker may pillage (§7.5)."""
    space, att = f["space"], f["att"]
    for o in side_of(s, f["dfd"]):
        for k in (*CAVALRY, "EL", "GR"):
            s.remove(space, o, k, 99)
    if att == "slaves" or s.cities[space].owner in side_of(s, att):
        return                          # §12.7.3-12.7.4: one's own city back from the slaves
    if att == "successor":              # §17.2 Successor Wars Roll On: no pillage
        from games.pax_romana.cards.successor import take_city
        take_city(s, space)
        return
    cities.capture(s, space, att)
    galleys = s.remove(space, "syracuse", "GS", 99)
    if galleys and controller(s, att) is not None:
        # §12.5.3: Syracuse's remaining galleys become the capturer's
        s.add(space, str(controller(s, att)), "GS", galleys)
    who = controller(s, att)
    from games.pax_romana.movement import move_frame
    moving = move_frame(s)
    if att == "barbarian":
        _pillage(s, f, "barbarian", barbarian=True)
    elif moving is not None and moving.get("successor"):
        return                          # §17.2 Successor Wars Roll On: no pillage
    elif who is not None:
        push(s, "pillage", role=who, space=space, side=att)


@question("pillage",
          lambda s, f: [opt("pillage", None, "choice.pillage"),
                        opt("spare", None, "choice.spare")],
          lambda s, f: msg("prompt.pillage", who=f"@power.{f['role']}",
                           space=f"@space.{f['space']}"))
def pillage_decision(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if verb == "pillage":
        _pillage(s, {"space": f["space"], "att": f["side"]}, f["role"])


def _pillage(s: PRState, f: Frame, power: str, barbarian: bool = False) -> None:
    """§7.5 with the Campaign of the army's leader (0-0 without one), +1 with mercenaries."""
    from games.pax_romana.movement import move_frame
    space, side = f["space"], f["att"]
    campaign = max((rating(lid)[1] for o in side_of(s, side) for lid in s.leaders_at(space, o)),
                   default=0)
    mercs = any(st.get("MHI") or st.get("MLI") or st.get("MCV")
                for o, st in s.units.get(space, {}).items()
                if o in side_of(s, side)) or side == "sof"
    go_on = cities.pillage(s, power, space, campaign, mercs, barbarian=barbarian)
    m = move_frame(s)
    if not go_on and m is not None and m["at"] == space:
        m["mp"] = 0


def regroup(s: PRState, f: Frame) -> None:
    """§10.7.7: the attacker is placed (not moved) back where it entered from; into a Transit
    Point only with the MP to reach a space beyond, else into the last space it passed; a
    placed army cannot be intercepted until it moves on."""
    from games.pax_romana.movement import move_frame, shift_army, step_cost
    d = data()
    space, att = f["space"], f["att"]
    back = f["came_from"]
    if back == space and not f["amphibious"]:
        # an attack where the attackers stand (§13.3 the African mutiny, §13.4.5 placement):
        # beaten, they stay where they are; nothing is placed, nothing to say
        f["regrouped"] = True
        return
    m = move_frame(s)
    if back in d.transit_points:
        mp = m["mp"] if m is not None and not f["intercept"] else 0
        if m is not None and winner_lost(f, att):
            mp -= 1
        if not any(step_cost(s, back, nb) <= mp for nb in d.land_neighbours(back)
                   if nb != space):
            path = m["path"] if m is not None else []
            spaces = [p for p in path[:-1] if p not in d.transit_points]
            back = spaces[-1] if spaces else back
            if m is not None:
                m["mp"] = 0
    came = f.get("came_units")
    came_with = f.get("came_with", {})  # §17.2: the Pergamene partner intercepting with it
    for o in side_of(s, att):
        if came is not None and o != att and o not in came_with:
            continue                    # an ally's army that stood there stays (§4.3.1)
        units = {k: n for k, n in s.stack(space, o).items() if k != "GS"}
        leaders = s.leaders_at(space, o)
        if came is not None:
            # §9.3.4: only the interceptors go back; the army that was there stays
            budget = dict(came if o == att else came_with[o])
            kept: dict[str, int] = {}
            for k in sorted(units, key=lambda k: not k.startswith("w")):
                base = k[1:] if k in ("wLG", "wHI") else k
                take = min(units[k], budget.get(base, 0))
                if take:
                    kept[k] = take
                    budget[base] -= take
            units = kept
            leaders = [lid for lid in leaders if lid in f.get("came_leaders", [])]
        if units:
            shift_army(s, o, units, leaders, space, back)
            s.merge_weakened(back, o)
    if m is not None and f["amphibious"] and m.get("saved_sea"):
        # §11.3.3-11.3.5: a failed assault leaves the army aboard, to sail on or land elsewhere
        m["stage"] = "sea"
        m["sea"] = m.pop("saved_sea")
        m["amphibious_at"] = None
        galleys = s.remove(space, m["role"], "GS", m["sea"]["galleys"])
        s.add(back, m["role"], "GS", galleys)
        m["sea"]["galleys"] = galleys
        m["sea"]["path"].append(back)
    if m is not None and not f["intercept"]:
        m["at"] = back
        m["path"].append(back)
        key = f"{back}|{att}"
        s.moved.setdefault(key, {})
        for kind, n in m["units"].items():
            s.moved[key][kind] = s.moved[key].get(kind, 0) + n
        m["regrouped"] = True
    f["regrouped"] = True               # once: what stays is the army that stood there
    s.say(msg("log.regroup", power=f"@power.{att}", space=f"@space.{back}"))


def winner_lost(f: Frame, side: str) -> bool:
    return f.get("winner") is not None and f["winner"] != side


def _leader_death(s: PRState, f: Frame) -> None:
    """§8.4.1: 2d6 per side with leaders; the winner's dies on 12, the loser's (either in a
    draw) on 2 or 12 (the table); a random one of several; his army loses 1 MP (§8.4.2)."""
    from games.pax_romana.movement import move_frame
    rows = {r.side: r.dies_on for r in data().tables.leader_death.rows}
    for side in (f["att"], f["dfd"]):
        # the leaders who fought, wherever regroup or retreat took them
        leaders = [lid for lid in f.get("fought", {}).get(side, []) if lid in s.leaders]
        if not leaders:
            continue
        roll = d6(s) + d6(s)
        if f["winner"] is None:
            dies = rows["either, in a draw"]
        else:
            dies = rows["winner"] if f["winner"] == side else rows["loser"]
        if roll in dies:
            victim = leaders[s.rng.below(len(leaders))] if len(leaders) > 1 else leaders[0]
            s.say(msg("log.leader_fell_in_battle", leader=f"@leader.{victim}", roll=roll))
            m = move_frame(s)
            if m is not None and victim in m["leaders"]:
                m["leaders"].remove(victim)
                m["mp"] -= data().tables.battle_losses.win_loss_effects["leader_death_mp"]
            kill_leader(s, victim)


def _after(s: PRState, f: Frame) -> None:
    """After the battle: another side still to be fought in the space (a city left behind by
    its army, §7.3.1; a second defender) is attacked at no further MP."""
    from games.pax_romana.cards.hooks import armies_lost  # §17.2 the Helepolis (Advanced Game)
    from games.pax_romana.movement import after_entry, hostile
    armies_lost(s)
    space, att = f["space"], f["att"]
    if f["intercept"] or not has_lcu(s, space, att):
        return
    if hostile(s, space, att):
        fought = side_of(s, f["dfd"])       # allies defended as one army (§4.3.1)
        rest = [h for h in hostile(s, space, att)
                if h not in f["asked"] + [f["dfd"]] and h not in fought]
        if rest:
            start(s, space=space, attacker=att, attacker_role=f["att_role"], defender=rest[0],
                  came_from=f["came_from"], intercept=False)
            battle_frame(s)["asked"] = f["asked"] + [f["dfd"]]
            return
    after_entry(s, space, att)


# -- the questions of the battle -------------------------------------------------------------------
@question("use_city",
          lambda s, f: [opt("use_city", True, "choice.use_city"),
                        opt("use_city", False, "choice.no_city")],
          lambda s, f: msg("prompt.use_city", who=f"@power.{f['role']}",
                           space=f"@space.{f['space']}"))
def use_city(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§7.3.1: the defender decides for each battle whether the city or settlement defends."""
    pop(s, f)
    battle_frame(s)["city"] = bool(arg)


def _bid_choices(s: PRState, f: Frame, role: str) -> list[Choice]:
    most = min(s.powers[role].treasury, 24)
    return [opt("bid", n, "choice.siege_bid", secret=True, n=n) for n in range(most + 1)]


def _bid_prompt(s: PRState, f: Frame, role: str | None) -> Msg:
    a, b = f["roles"]
    return msg("prompt.siege_bid", space=f"@space.{f['space']}", a=f"@power.{a}",
               b=f"@power.{b}")


@simultaneous("siege_bid", _bid_choices, _bid_prompt)
def siege_bids(s: PRState, f: Frame, answers: dict[str, Action]) -> None:
    """§10.5.1: both write a sum in secret, both pay it, the higher gets 1 shift."""
    b = battle_frame(s)
    bids = {r: int(a.arg) for r, a in answers.items()}
    for r, n in bids.items():
        s.powers[r].treasury -= n
    att_role, dfd_role = f["roles"]
    s.say(msg("log.siege_bids", a=f"@power.{att_role}", b=f"@power.{dfd_role}",
              x=bids[att_role], y=bids[dfd_role]))
    if bids[att_role] > bids[dfd_role]:
        b["siege"] = b["att"]
    elif bids[dfd_role] > bids[att_role]:
        b["siege"] = b["dfd"]


@question("commit_elephants",
          lambda s, f: [opt("elephants", n, "choice.commit_elephants", n=n)
                        for n in range(min(f["most"], 24) + 1)],
          lambda s, f: msg("prompt.commit_elephants", who=f"@power.{f['role']}",
                           space=f"@space.{f['space']}"))
def commit_elephants(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§10.4.6 step 4: the number committed is fixed before any roll."""
    pop(s, f)
    battle_frame(s)["el"][f["side"]] = int(arg)


# -- the optional reroll (§10.3.5) ---------------------------------------------------------------
def reroll_offer(s: PRState, f: Frame) -> None:
    """§10.3.5 (option): the larger army, at least twice the smaller's BP, whose unmodified roll
    is lower than the smaller's, may try a reroll."""
    if not s.options.get("reroll"):
        return
    att, dfd = f["att"], f["dfd"]
    bp, rolls = f["bp"], f["rolls"]
    larger, smaller = (att, dfd) if bp[att] >= bp[dfd] else (dfd, att)
    if bp[larger] < 2 * bp[smaller] or rolls[larger] >= rolls[smaller]:
        return
    who = controller(s, larger)
    if who is not None and _commander(s, f, larger) is not None:
        push(s, "reroll", role=who, side=larger, first=True)


def _commander(s: PRState, f: Frame, side: str) -> str | None:
    """The leader whose Tactics the side uses: its best (§10.3.1)."""
    leaders = [lid for o in side_of(s, side) for lid in s.leaders_at(f["space"], o)]
    return max(sorted(leaders), key=lambda lid: rating(lid), default=None)


def _reroll_choices(s: PRState, f: Frame) -> list[Choice]:
    return [opt("reroll", "own", "choice.reroll_own"),
            opt("reroll", "theirs", "choice.reroll_theirs"),
            opt("no_reroll", None, "choice.no_reroll")]


@question("reroll", _reroll_choices,
          lambda s, f: msg("prompt.reroll", who=f"@power.{f['role']}",
                           space=f"@space.{battle_frame(s)['space']}"))
def reroll(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§10.3.5: the larger army's 2d6 at most its leader's Tactics + Campaign rerolls the die it
    named (ambiguity A4, read as modifiers to the rerolled die: -1 to its own, +1 to the
    opponent's, +1 to its own with an Exceptional leader); failing, the smaller army tries with
    2d6 - 2 and rerolls a die of its choice unmodified."""
    from games.pax_romana.leaders import is_exceptional
    pop(s, f)
    if verb != "reroll":
        return
    b = battle_frame(s)
    side = f["side"]
    other = _other(b, side)
    lid = _commander(s, b, side)
    tactics, campaign = rating(lid) if lid else (0, 0)
    attempt = d6(s) + d6(s) - (0 if f["first"] else 2)
    ok = attempt <= tactics + campaign
    s.mark_irreversible()
    s.say(msg("log.reroll_attempt", power=f"@power.{side}", roll=attempt, n=tactics + campaign,
              result="@word.success" if ok else "@word.failure"))
    if ok:
        die = side if arg == "own" else other
        new = d6(s)
        if f["first"]:
            new += -1 if die == side else 1
            if die == side and lid and is_exceptional(lid):
                new += 1
        b["rolls"][die] = max(0, min(10, new))
        s.say(msg("log.rerolled", power=f"@power.{die}", n=b["rolls"][die]))
        return
    if f["first"]:
        who = controller(s, other)
        if who is not None and _commander(s, b, other) is not None:
            push(s, "reroll", role=who, side=other, first=False)

