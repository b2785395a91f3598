"""Victory (§15): GOP (§15.2) and CVP (§15.3) ranked on the scale for the number of Powers,
Optional Objectives (§15.4), the Stability awards of the Victory Phase (§15.1.2, §14.2.1), the
end of the game; and the Turn Order Phase (§3.2 I, §15.1.3)."""

from __future__ import annotations

from games.core import Result, msg
from games.pax_romana.control import (
    controllers,
    data,
    province_map,
    space_controller,
    territory_map,
)
from games.pax_romana.economy import full_fp
from games.pax_romana.flow import phase
from games.pax_romana.stability import adjust, settle
from games.pax_romana.state import PRState


def cvp_of(s: PRState, power: str, ctrl: dict[str, str | None] | None = None) -> int:
    """§15.3.2: 1 per intact settlement, 3 per intact city, 1 per damaged city, controlled."""
    total = 0
    for sp, c in s.cities.items():
        if c.owner != power:
            continue
        holder = ctrl.get(sp) if ctrl is not None else space_controller(s, sp)
        if holder != power:
            continue
        intact = c.fp >= full_fp(c.kind)
        if c.kind == "city":
            total += 3 if intact else 1
        elif intact:
            total += 1
    return total


def objective_usable(letter: str, power: str) -> bool:
    """Objectives some Powers cannot use (§15.4.9): B not the East, F not Greece."""
    return not ((letter == "B" and power == "east") or (letter == "F" and power == "greece"))


def _gop_reward(letter: str, power: str) -> int:
    full = {"A": 8, "B": 8, "C": 8, "D": 6, "E": 6, "F": 6, "G": 4, "H": 8, "I": 4, "J": 6,
            "K": 6}
    reduced = {("A", "greece"): 4, ("A", "east"): 4, ("C", "carthage"): 4, ("D", "east"): 3,
               ("E", "rome"): 3, ("H", "greece"): 4, ("H", "rome"): 4, ("J", "carthage"): 3}
    return reduced.get((letter, power), full.get(letter, 0))


def objective_met(s: PRState, letter: str, power: str, ctrl: dict[str, str | None],
                  provinces: dict[str, str | None], territories: dict[str, str | None]) -> int:
    """How many times objective ``letter`` is achieved now (0 if not; N counts territories)."""
    d = data()

    def provs(*names: str) -> bool:
        return all(provinces.get(p) == power for p in names)

    if letter == "A":
        return int(provs(*[p for p in d.provinces_of("asia_minor") if d.provinces[p].has_port]))
    if letter == "B":
        return int(provs("egypt"))
    if letter == "C":
        return int(territories.get("hispania") == power)
    if letter == "D":
        return int(provs("crete", "cyprus", "cilicia"))
    if letter == "E":
        return int(territories.get("gallia") == power)
    if letter == "F":
        return int(all(ctrl.get(sp) == power for sp in ("lesbos_chios", "naxos", "knossos",
                                                         "miletus")))
    if letter == "G":
        return int(provs("upper_germany", "raetia", "noricum"))
    if letter == "H":
        return int(territories.get("danube") == power)
    if letter == "I":
        return int(provs("west_sicily", "east_sicily", "sardinia", "corsica"))
    if letter == "J":
        ports = [sp for p in ("baetica", "mauretania", "tarraconensis")
                 for sp in d.spaces_of(p) if d.spaces[sp].port]
        return int(all(ctrl.get(sp) == power for sp in ports) and provs("balearic_islands"))
    if letter == "K":
        home = d.home_territory(power).id
        terrs = {d.spaces[sp].territory for sp, c in s.cities.items()
                 if c.owner == power and d.spaces[sp].territory != home}
        return int(len(terrs) >= 5)
    if letter == "L":
        return int(s.powers[power].richest)
    if letter == "M":
        return int(any(provinces.get(p) == power and d.provinces[p].home_of not in (None, power)
                       for p in d.provinces))
    if letter == "N":
        n = sum(1 for t in ("sicilia", "germania", "chersonesus") if territories.get(t) == power)
        return n + int(territories.get("rhodes") == power and territories.get("crete") == power)
    return 0


VP_OBJECTIVES = {"L": 3, "M": 3, "N": 2}


def count_points(s: PRState) -> None:
    """GOP and CVP as they stand (for the board), objectives not counted."""
    ctrl = controllers(s)
    provinces = province_map(s, ctrl)
    territories = territory_map(provinces)
    for power in s.roles:
        s.powers[power].gop = gop_of(s, power, provinces, territories)
        s.powers[power].cvp = cvp_of(s, power, ctrl)


def gop_of(s: PRState, power: str, provinces: dict[str, str | None],
           territories: dict[str, str | None]) -> int:
    """§15.2.2: 1 per controlled province (not a Barbarian Territory), 1 per controlled
    territory other than the Power's own Home Territory (undivided and barbarian territories
    count once, as territories)."""
    d = data()
    home = d.home_territory(power).id
    gop = sum(1 for p, c in provinces.items() if c == power and not d.provinces[p].pseudo_province)
    gop += sum(d.territories[t].territory_gop for t, c in territories.items()
               if c == power and t != home)
    return gop


def scale_points(values: dict[str, int], scale: list[int]) -> dict[str, int]:
    """§15.2.3, §15.3.3: rank by value; tied Powers share the VP of the places they fill, rounded
    down."""
    order = sorted(values, key=lambda r: -values[r])
    out: dict[str, int] = {}
    i = 0
    while i < len(order):
        tied = [r for r in order if values[r] == values[order[i]]]
        share = sum(scale[i:i + len(tied)]) // len(tied)
        for r in tied:
            out[r] = share
        i += len(tied)
    return out


def score(s: PRState) -> dict[str, int]:
    """The VP each Power earns this Victory Phase (§15.1.1); objectives are revealed to be
    scored (§15.4.8)."""
    d = data()
    ctrl = controllers(s)
    provinces = province_map(s, ctrl)
    territories = territory_map(provinces)
    n = len(s.roles)
    scales = d.tables.victory_scales
    gop, cvp, bonus = {}, {}, {}
    for power in s.roles:
        p = s.powers[power]
        g = gop_of(s, power, provinces, territories)
        extra_vp = 0
        for letter in list(p.objectives):
            times = objective_met(s, letter, power, ctrl, provinces, territories)
            if not times:
                continue
            if letter not in p.objectives_shown:
                p.objectives_shown.append(letter)
                s.say(msg("log.objective_revealed", power=f"@power.{power}", letter=letter))
            if letter in VP_OBJECTIVES:
                extra_vp += VP_OBJECTIVES[letter] * times
                p.objectives.remove(letter)
                p.objectives_shown.remove(letter)
                s.objective_pool.append(letter)
            else:
                g += _gop_reward(letter, power)
        gop[power] = g
        cvp[power] = cvp_of(s, power, ctrl)
        bonus[power] = extra_vp
        p.gop, p.cvp = g, cvp[power]
    from_gop = scale_points(gop, scales.gop(n))
    from_cvp = scale_points(cvp, scales.cvp(n))
    return {r: from_gop[r] + from_cvp[r] + bonus[r] for r in s.roles}


@phase("H")
def victory_phase(s: PRState) -> None:
    """§3.2 H: VP of the turn, Stability for the most and fewest VP gained (§15.1.2), -1 for each
    capital not held at the end of the turn (§14.2.1; ambiguity A17: per capital), automatic
    victory, the end of the game; the event cards are reshuffled (§17.1.1, Advanced Game)."""
    from games.pax_romana.cards.segment import end_of_turn
    end_of_turn(s)
    settle(s)
    gained = score(s)
    for power, vp in gained.items():
        s.powers[power].vp += vp
        s.powers[power].vp_turn = vp
        s.say(msg("log.vp", power=f"@power.{power}", n=vp, total=s.powers[power].vp,
                  gop=s.powers[power].gop, cvp=s.powers[power].cvp))
    if len(gained) > 1:
        top, low = max(gained.values()), min(gained.values())
        if top != low:
            best = [r for r, v in gained.items() if v == top]
            worst = [r for r, v in gained.items() if v == low]
            if len(best) == 1:
                adjust(s, best[0], 1, "most_vp")
            if len(worst) == 1:
                adjust(s, worst[0], -1, "fewest_vp")
    d = data()
    for power in s.roles:
        lost = [c for c in d.capitals_of(power) if space_controller(s, c) != power]
        if lost:
            per = s.options.get("capital_penalty", "per_capital") == "per_capital"
            adjust(s, power, -(len(lost) if per else 1), "capital_not_held")
    winners = automatic_victory(s)
    if winners:
        s.result = _result(s, winners, "automatic")
        return
    if s.turn >= s.last_turn:
        s.result = _result(s, list(s.roles), "end")


def automatic_victory(s: PRState) -> list[str]:
    """Scenario automatic victories: in Scenario II, holding the enemy capital (Rome or
    Carthage); in Scenario I, Greece holding the Rome space or Italia at the end (its victory
    rule)."""
    if s.scenario in ("II", "IV"):      # Scenario IV's reconstructed as Scenario II's
        return [p for p in s.roles
                if any(space_controller(s, c) == p for o in s.roles if o != p
                       for c in data().capitals_of(o))]
    if s.scenario == "I" and s.turn >= s.last_turn:
        greek = space_controller(s, "rome") == "greece" or province_map(s)["italia"] == "greece"
        return ["greece" if greek else "rome"]
    return []


def _result(s: PRState, candidates: list[str], why: str) -> Result:
    """Most VP; then the higher Stability; still tied, a shared win (§3.2 H, ambiguity A42)."""
    best = max((s.powers[r].vp, s.powers[r].stability) for r in candidates)
    winners = [r for r in candidates if (s.powers[r].vp, s.powers[r].stability) == best]
    m = msg(f"result.{why}", who=", ".join(winners), vp=best[0])
    s.say(m)
    return Result(winners=winners, draw=False, reason=f"{', '.join(winners)} by {why}", msg=m)


@phase("I")
def turn_order_phase(s: PRState) -> None:
    """§3.2 I, §15.1.3: next turn's first round: lowest cumulative VP first; ties, the lowest
    Stability, then the fewest CVP, then a die roll, lowest first, rerolling ties."""
    keyed = {r: (s.powers[r].vp, s.powers[r].stability, s.powers[r].cvp) for r in s.roles}
    dice: dict[str, tuple[int, ...]] = {r: () for r in s.roles}
    for _ in range(20):
        groups: dict[tuple[int, ...], list[str]] = {}
        for r in s.roles:
            groups.setdefault((*keyed[r], *dice[r]), []).append(r)
        tied = [g for g in groups.values() if len(g) > 1]
        if not tied:
            break
        for g in tied:
            for r in g:
                dice[r] = (*dice[r], int(s.rng.roll(range(1, 7))))
    s.first_round = sorted(s.roles, key=lambda r: ((*keyed[r], *dice[r]), s.roles.index(r)))
    s.say(msg("log.turn_order", order=" > ".join(s.first_round)))
