"""Pax Romana Standard events (§16.2), each with scripted dice: whom each one hits (§16.1.3,
ambiguity A31), and its effect."""

from __future__ import annotations

from games.pax_romana import events
from games.pax_romana.activation import _activate
from games.pax_romana.flow import run
from games.pax_romana.rules import RULES
from games.pax_romana.state import LeaderState
from tests.pax_romana_support import act, blank, choices, dice, hold


def _ready(s):
    hold(s, "east")
    return s


def test_harvest_time_even_is_bountiful() -> None:
    """1d6 on the Harvest table (1: Carthage here), then even: +2 to its controller."""
    s = blank()
    c = s.powers["carthage"].stability
    dice(s, 1, 2)
    events.resolve(s, "harvest_time", "rome")
    assert s.powers["carthage"].stability == min(8, c + 2)
    dice(s, 1, 5)
    events.resolve(s, "harvest_time", "rome")
    assert s.powers["carthage"].stability == min(8, c + 2) - 2


def test_revenues_and_stability() -> None:
    s = blank()
    s.powers["rome"].treasury, s.powers["east"].treasury = 2, 13
    s.powers["carthage"].treasury = s.powers["greece"].treasury = 3
    before = {r: p.stability for r, p in s.powers.items()}
    events.resolve(s, "revenues_and_stability", "rome")
    assert s.powers["rome"].stability == before["rome"] - 1
    assert s.powers["east"].stability == min(8, before["east"] + 1)
    assert s.powers["greece"].stability == before["greece"]


def test_disease_strikes_the_highest_ranked_leader_of_the_next_am() -> None:
    """Disease waits for the next AM's Power; 1d6 at or under the Campaign of its best leader
    kills him, and the counter goes back to the pool (§8.4.5)."""
    s = _ready(blank())
    s.leaders["rome_10"] = LeaderState(owner="rome", at="rome")     # 4-5
    s.leaders["rome_01"] = LeaderState(owner="rome", at="capua")    # 1-3
    s.powers["rome"].pool.remove("rome_10")
    s.powers["rome"].pool.remove("rome_01")
    events.resolve(s, "disease", "greece")
    assert s.next_am_events == ["disease"]
    dice(s, 5)
    _activate(s, s.flow[-1], "rome")
    assert "rome_10" not in s.leaders and "rome_10" in s.powers["rome"].pool
    assert "rome_01" in s.leaders
    assert s.next_am_events == []


def test_conqueror_gives_a_second_major_move_with_an_exceptional_leader() -> None:
    s = _ready(blank())
    s.leaders["carthage_10"] = LeaderState(owner="carthage", at="carthage")
    s.add("carthage", "carthage", "HI", 2)
    from games.pax_romana.leaders import is_exceptional
    assert is_exceptional("carthage_10")
    events.resolve(s, "conqueror", "rome")
    _activate(s, s.flow[-1], "carthage")
    run(s)
    s = RULES.copy(s)
    assert s.powers["carthage"].conqueror
    s = act(s, "carthage", "action", "expansion")
    assert RULES.view(s, "carthage").prompt_msg.args["majors"] == 2
    s = act(s, "carthage", "menu", "major")
    s = act(s, "carthage", "from", "carthage|carthage")
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "utica")
    s = act(s, "carthage", "stop")
    # the second Major Move: the Exceptional leader's army, which may move again
    s = act(s, "carthage", "menu", "major")
    assert choices(s, "carthage") == [("conqueror_from", "utica"), ("back", None)]
    s = act(s, "carthage", "conqueror_from", "utica")
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "carthage")
    s = act(s, "carthage", "stop")
    assert s.stack("carthage", "carthage") == {"HI": 2}
    assert s.leaders["carthage_10"].at == "carthage"


def test_galley_improvement_for_the_next_am() -> None:
    s = _ready(blank())
    events.resolve(s, "galley_improvement", "rome")
    _activate(s, s.flow[-1], "greece")
    assert s.powers["greece"].galley_improvement


def test_rebellion_removes_garrisons_and_costs_stability() -> None:
    """2d6 = 8: the Danube row, Dalmatia in the Standard Game (A29): every Garrison there goes,
    -1 to each Power controlling a space there."""
    s = blank()
    s.add("salona", "rome", "GR", 2)
    s.add("lissus", "greece", "LI")
    r, g = s.powers["rome"].stability, s.powers["greece"].stability
    dice(s, 4, 4)
    events.resolve(s, "rebellion", "rome")
    assert s.stack("salona", "rome") == {}
    assert s.stack("lissus", "greece") == {"LI": 1}
    assert (s.powers["rome"].stability, s.powers["greece"].stability) == (r - 1, g - 1)


def test_naval_mutiny_fleet_chosen_by_the_last_am() -> None:
    s = _ready(blank())
    s.last_am = "greece"
    s.add("carthage", "carthage", "GS", 3)
    dice(s, 1, 1)
    events.resolve(s, "rebellion", "greece")
    run(s)
    s = RULES.copy(s)
    assert choices(s, "greece") == [("fleet", "carthage|carthage")]
    s = act(s, "greece", "fleet", "carthage|carthage")
    assert s.mutinied == ["carthage|carthage"]


def test_stability_check_discontent_pay_or_lose_stability() -> None:
    """The Power that last played an AM, at +3 or lower, is Stable: 3T for bread and circuses,
    -1 for each Talent not paid."""
    s = _ready(blank())
    s.last_am = "rome"
    s.powers["rome"].stability = 3
    s.powers["rome"].treasury = 1
    events.resolve(s, "stability_check", "carthage")
    run(s)
    s = RULES.copy(s)
    assert choices(s, "rome") == [("pay", 1), ("pay", 0)]
    s = act(s, "rome", "pay", 1)
    assert (s.powers["rome"].treasury, s.powers["rome"].stability) == (0, 1)


def test_stability_check_names_another_or_costs_one() -> None:
    s = _ready(blank())
    s.last_am = "rome"
    for p in s.powers.values():
        p.stability = 5
    events.resolve(s, "stability_check", "rome")
    assert s.powers["rome"].stability == 4            # nobody at +3 or lower
    s.powers["greece"].stability = -2                 # Unrest: Riots
    events.resolve(s, "stability_check", "rome")
    assert s.powers["greece"].riots


def test_riots_failed_costs_stability_and_garrisons() -> None:
    s = _ready(blank())
    s.powers["greece"].riots = True
    s.add("corinth", "greece", "GR", 2)
    g = s.powers["greece"].stability
    from games.pax_romana.flow import push
    push(s, "end_activation", power="greece")
    run(s)
    assert s.powers["greece"].stability == g - 1
    assert s.stack("corinth", "greece") == {}
    assert not s.powers["greece"].riots


def test_civil_war() -> None:
    """Disorder: no more Activations, 1d6 per occupied space (odd: all units there go), every
    leader replaced by one new one in a capital, Stability set to -1."""
    s = _ready(blank())
    s.last_am = "east"
    s.powers["east"].stability = -5
    s.add("alexandria", "east", "HI", 3)
    s.add("antioch", "east", "LI", 2)
    s.leaders["east_01"] = LeaderState(owner="east", at="alexandria")
    s.powers["east"].pool.remove("east_01")
    s.am_pool = {"east": 1}
    dice(s, 2, 3)                                     # alexandria even, antioch odd
    s.rng.scripted.append(0)                          # the new leader: the first drawable
    events.resolve(s, "stability_check", "east")
    p = s.powers["east"]
    assert p.no_activations and p.stability == -1
    assert s.stack("alexandria", "east") == {"HI": 3} and s.stack("antioch", "east") == {}
    mine = [lid for lid, ls in s.leaders.items() if ls.owner == "east"]
    assert len(mine) == 1 and s.leaders[mine[0]].at in ("alexandria", "antioch")
    assert p.costly_turn == 0                          # it still had an AM in the pool


def test_slave_revolt() -> None:
    """The Power that last played an AM loses 1 Stability; another Power places 2 slave units in
    one of its home spaces without land units (§12.7.1)."""
    s = _ready(blank())
    s.last_am = "rome"
    r = s.powers["rome"].stability
    events.resolve(s, "slave_revolt", "carthage")
    run(s)
    s = RULES.copy(s)
    assert s.powers["rome"].stability == r - 1
    assert RULES.view(s, None).active == ["carthage"]
    s = act(s, "carthage", "slaves", "capua")
    assert s.stack("capua", "slaves") == {"BR": 2}
    assert s.slave_revolt == {"against": "rome", "at": "capua"}


def test_soldiers_of_fortune_and_rome_rolls_again() -> None:
    s = _ready(blank())
    events.resolve(s, "soldiers_of_fortune", "rome")
    _activate(s, s.flow[-1], "greece")
    run(s)
    s = RULES.copy(s)
    s = act(s, "greece", "sof", "corinth")
    assert s.stack("corinth", "sof") == {"HI": 4, "LI": 2, "CV": 1, "EL": 1}
    assert s.sof == {"power": "greece", "removal_turn": s.turn + 1}
    # Rome never: it rolls again (3 + 4 = 7, Revenues and Stability)
    s2 = _ready(blank())
    s2.powers["rome"].treasury = 20
    r = s2.powers["rome"].stability
    events.resolve(s2, "soldiers_of_fortune", "greece")
    dice(s2, 3, 4)
    _activate(s2, s2.flow[-1], "rome")
    assert s2.sof is None and s2.powers["rome"].stability == min(8, r + 1)


def test_barbarian_invasion_western_gauls() -> None:
    """2d6 on the Invasion table (6: the Western Gauls here): 2d6 BR and a 1-5 leader placed by
    the next AM's Power in mainland Gaul; a capital within one land link loses 1 Stability."""
    s = _ready(blank())
    events.resolve(s, "barbarian_invasion", "rome")
    dice(s, 3, 3)
    _activate(s, s.flow[-1], "carthage")
    run(s)
    s = RULES.copy(s)
    assert ("barbarians", "narbo") in choices(s, "carthage") or any(
        v == "page" for v, _ in choices(s, "carthage"))
    s.rng.scripted = ["5", "4"]
    s = act(s, "carthage", "barbarians", "narbo")
    assert s.stack("narbo", "barbarian") == {"BR": 9}
    assert s.barbarian_armies[0]["group"] == "western_gauls"
    assert s.barbarian_armies[0]["removal_turn"] == s.turn + 1
    assert s.invasions_seen == ["western_gauls"]


def test_caledonians_remove_the_garrisons_of_britannia() -> None:
    s = _ready(blank())
    s.add("londinium", "rome", "GR", 2)
    events.resolve(s, "barbarian_invasion", "rome")
    dice(s, 1, 2)
    _activate(s, s.flow[-1], "greece")
    assert s.stack("londinium", "rome") == {}


def test_pirates_placed_by_the_last_am() -> None:
    s = _ready(blank())
    s.last_am = "east"
    events.resolve(s, "pirates", "rome")
    run(s)
    s = RULES.copy(s)
    opts = [a for v, a in choices(s, "east") if v == "pirates"]
    assert "tarsus" in opts or len(opts) == 24
    s = act(s, "east", "pirates", opts[0])
    assert s.pirates == [{"at": opts[0], "cilician": opts[0] == "tarsus"}]


def test_12_7_slave_army_grows_and_moves_before_each_other_activation() -> None:
    """§12.7.1: every other Power, before its Activation, adds 1 slave unit and moves the army
    one space; §12.7.2: when the last slave falls, the victim gets 1 Stability back."""
    s = _ready(blank())
    s.add("capua", "slaves", "BR", 2)
    s.slave_revolt = {"against": "rome", "at": "capua"}
    _activate(s, s.flow[-1], "carthage")
    run(s)
    s = RULES.copy(s)
    assert s.stack("capua", "slaves") == {"BR": 3}
    assert RULES.view(s, None).active == ["carthage"]
    target = choices(s, "carthage")[0][1]
    s = act(s, "carthage", "slaves_to", target)
    assert s.stack(target, "slaves") == {"BR": 3} and s.slave_revolt["at"] == target
    assert RULES.view(s, "carthage").prompt_msg.key == "prompt.am"
    # Rome's own AM: nothing happens to the slaves
    s2 = _ready(blank())
    s2.add("capua", "slaves", "BR", 2)
    s2.slave_revolt = {"against": "rome", "at": "capua"}
    _activate(s2, s2.flow[-1], "rome")
    assert s2.stack("capua", "slaves") == {"BR": 2}
    # crushed
    from games.pax_romana.stability import settle
    r = s2.powers["rome"].stability
    s2.remove("capua", "slaves", "BR", 2)
    settle(s2)
    assert s2.slave_revolt is None and s2.powers["rome"].stability == min(8, r + 1)
