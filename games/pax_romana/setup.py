"""Setting a game up from a scenario document (§3.1): a built-in scenario of the data, or any
document checked by ``validate_scenario``; the Standard format (§3.8.1) sets turns, AMs, Event
markers and Optional Objectives where the scenario leaves them to it."""

from __future__ import annotations

from typing import Any

from games.core import Rng, msg
from games.pax_romana.control import data
from games.pax_romana.data import DataError, Scenario, validate_scenario
from games.pax_romana.state import POWERS, City, LeaderState, PowerState, PRState
from games.pax_romana.texts import TEXTS


def scenario_doc(scenario: str | dict[str, Any]) -> Scenario:
    if isinstance(scenario, dict):
        return validate_scenario(scenario)
    d = data()
    if scenario not in d.scenarios:
        raise DataError([f"scenario {scenario!r}: not one of {', '.join(sorted(d.scenarios))}"])
    return d.scenario(scenario)


def format_row(doc: Scenario, options: dict[str, Any]) -> Any:
    return data().tables.standard_formats.format(str(options.get("format", "basic")))


def fixed_options(doc: Scenario) -> dict[str, Any]:
    """What the scenario fixes whatever the players chose: its own options, whether Talents are
    used (Scenario I plays without them) and whether Negotiate is an action."""
    return {**doc.options, "treasury": doc.treasury_used,
            "negotiate": bool(doc.standard_game.negotiate_action) if doc.standard_game else True}


def new_game(seed: int, doc: Scenario, options: dict[str, Any]) -> PRState:
    d = data()
    roles = [p for p in POWERS if p in doc.powers]
    fmt = format_row(doc, options)
    opts = dict(options)
    opts.update(fixed_options(doc))
    markers = opts.get("event_markers", "format")
    if markers == "format":
        markers = doc.activations.event_markers
        if markers is None:
            markers = fmt.event_markers
    opts["event_markers"] = int(markers)
    advanced = bool(opts.get("advanced"))
    if advanced:
        # §17, §3.8.2: the cards replace the Event markers and the Random Events table
        if "advanced" not in doc.rule_levels:
            raise DataError([f"option advanced: scenario {doc.id} is not played Advanced"])
        opts["event_markers"] = 0
    elif "standard" not in doc.rule_levels:
        raise DataError([f"option advanced: scenario {doc.id} is played Advanced only"])
    opts["objectives_in_use"] = bool(doc.optional_objectives.in_use)
    last = doc.last_turn
    if doc.length_by_format:
        last = min(10, doc.start.turn + fmt.turns - 1)
    s = PRState(title="pax_romana", scenario=doc.id, seed=seed, options=opts, roles=roles,
                rng=Rng.from_seed(seed), turn=doc.start.turn, last_turn=last,
                phase=doc.start.phase)
    per_power = doc.activations.per_power or {}
    for power in roles:
        start = doc.powers_setup.get(power)
        s.powers[power] = PowerState(
            treasury=(start.treasury or 0) if start else 0,
            stability=(start.stability or 0) if start else 0,
            vp=start.vp if start else 0,
            ams=(doc.activations.advanced_per_power or 4) if advanced
            else per_power.get(power, fmt.ams_per_player),
            pool=[ld.id for ld in d.leaders_of(power)])
    for pl in doc.placements:
        for kind, n in pl.units.items():
            s.add(pl.at, pl.owner, kind, n)
        for kind, n in pl.weakened.items():
            s.add(pl.at, pl.owner, f"w{kind}", n)
        for lid in pl.leaders:
            owner = pl.owner if pl.owner in s.powers else pl.owner
            s.leaders[lid] = LeaderState(owner=owner, at=pl.at)
            if pl.owner in s.powers and lid in s.powers[pl.owner].pool:
                s.powers[pl.owner].pool.remove(lid)
    for c in doc.cities_and_settlements:
        s.cities[c.at] = City(owner=c.owner, kind=c.kind, fp=c.fp)
    if doc.soldier_of_fortune is not None and doc.soldier_of_fortune.power in s.powers:
        sof = doc.soldier_of_fortune
        for kind, n in sof.units.items():
            s.add(sof.at, "sof", kind, n)
        s.leaders[sof.leader] = LeaderState(owner="sof", at=sof.at)
        s.sof = {"power": sof.power, "removal_turn": sof.removal_turn or doc.start.turn + 1}
    s.independents = list(doc.independents)
    # §13.1.1: a counter drawn blind for every tribal space of the scenario
    pool = list(d.tables.tribe_counters.mix())
    s.rng.shuffle(pool)
    for sp in doc.tribes.spaces:
        if pool:
            s.tribes[sp] = pool.pop()
    s.tribe_pool = pool
    for t in doc.tribes.revealed:
        s.add(t.at, "barbarian", "TW", t.warriors)
    s.pirates = [{"at": p.at, "cilician": p.cilician} for p in doc.pirates.markers]
    s.first_round = [p for p in doc.first_round_order if p in s.powers]
    # §15.4: the markers; Basic II and Basic Plus deal one to each Power (§15.4.3)
    if doc.optional_objectives.in_use:
        s.objective_pool = [r.letter for r in d.tables.optional_objectives.rows
                            for _ in range(r.count)]
        for power, letters in doc.optional_objectives.held.items():
            for x in letters:
                if x in s.objective_pool and power in s.powers:
                    s.objective_pool.remove(x)
                    s.powers[power].objectives.append(x)
        if fmt.format in ("basic_ii", "basic_plus"):
            from games.pax_romana.economy import draw_objective
            for power in roles:
                if not s.powers[power].objectives:
                    draw_objective(s, power)
    for rule in doc.special_rules:
        # Scenario I: Rome raises its two available Legions free with a Call-Up
        if rule.key == "rome_free_legions" and rule.params.get("power") in s.powers:
            s.free_units[rule.params["power"]] = dict(rule.params.get("units", {}))
    if advanced:
        from games.pax_romana.cards.deck import new_deck
        new_deck(s)
    # a built-in scenario by its title in the reader's language; an uploaded one by its own name
    built_in = TEXTS["en"].get(f"scenario.{doc.id}") == doc.name
    s.say(msg("log.setup", scenario=f"@scenario.{doc.id}" if built_in else doc.name,
              turn=s.turn, last=s.last_turn))
    return s
