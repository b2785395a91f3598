"""Pax Romana special units (§12): garrisons overrun when alone (§12.1.1) with their leader
(§8.4.6), militia by Stability after a lost battle at home and never against slaves (§12.3),
Independents that never withdraw or retreat (§12.5), the Soldiers of Fortune stacking with their
Power's units (§12.4.4), elephants destroyed when left without LCUs (§12.8.2), mercenaries in
pillage (§7.5.1)."""

from __future__ import annotations

from games.pax_romana import special_units
from games.pax_romana.flow import push, run
from games.pax_romana.movement import destinations, hostile
from games.pax_romana.rules import RULES
from games.pax_romana.state import LeaderState, PRState
from tests.pax_romana_support import act, blank, choices, dice, hold


def _march(s: PRState, power: str, start: str, owner: str | None = None) -> PRState:
    owner = owner or power
    units = {k: n for k, n in s.stack(start, owner).items() if k != "GS"}
    push(s, "move_army", role=power, owner=owner, start=start, units=units,
         leaders=s.leaders_at(start, owner), minor=False)
    run(s)
    return RULES.copy(s)


def test_12_1_1_a_lone_garrison_is_overrun_and_its_leader_dies() -> None:
    s = blank()
    s.add("venusia", "rome", "GR", 2)
    s.leaders["rome_05"] = LeaderState(owner="rome", at="venusia")
    s.add("venusia", "carthage", "HI", 1)
    special_units.overrun(s, "venusia", "carthage")
    assert "rome" not in s.units["venusia"]
    assert "rome_05" not in s.leaders and "rome_05" in s.powers["rome"].pool


def test_12_3_2_militia_by_stability_range() -> None:
    s = blank()
    s.powers["rome"].stability = 5
    assert special_units.militia_count(s, "rome", 5) == 3           # Stable: ceil(5/2)
    s.powers["rome"].stability = -2
    assert special_units.militia_count(s, "rome", 5) == 2           # Unrest: one less
    s.powers["rome"].stability = -5
    assert special_units.militia_count(s, "rome", 5) == 0           # Disorder: none


def test_12_3_militia_once_per_activation_never_against_slaves_never_abroad() -> None:
    s = blank()
    hold(s)
    s.powers["rome"].stability = -2                          # Unrest
    special_units.militia_after(s, "rome", "capua", "slaves")
    special_units.militia_after(s, "rome", "carthage", "carthage")   # not Rome's home
    assert s.flow[-1]["k"] == "am"
    special_units.militia_after(s, "rome", "capua", "carthage")
    s = RULES.copy(s)
    assert choices(s, "rome") == [("raise_militia", None), ("no_militia", None)]
    dice(s, 4)
    s = act(s, "rome", "raise_militia")
    s = act(s, "rome", "militia_at", "capua")                # ceil(4 / 2) - 1 = 1
    assert s.stack("capua", "rome") == {"ML": 1}
    special_units.militia_after(s, "rome", "capua", "carthage")
    assert s.flow[-1]["k"] == "am"                           # once an Activation


def test_12_3_3_militia_never_leave_their_home_territory() -> None:
    s = blank()
    s.add("ariminum", "rome", "ML", 1)
    f = {"owner": "rome", "role": "rome", "start": "ariminum", "units": {"ML": 1},
         "leaders": [], "mp": 6, "at": "ariminum", "path": ["ariminum"]}
    from games.pax_romana.control import data
    assert all(data().spaces[sp].home_of == "rome" for sp, _ in destinations(s, f))


def test_12_5_independents_stand_and_never_retreat() -> None:
    s = blank()
    hold(s)
    s.add("catana", "rome", "LG", 4)
    s.add("syracuse", "syracuse", "HI", 1)
    s = _march(s, "rome", "catana")
    dice(s, 3, 6, 1)
    s = act(s, "rome", "go")
    assert hostile(s, "syracuse", "rome") == ["syracuse"]
    s = act(s, "rome", "to", "syracuse")
    assert s.flow[-1]["k"] == "use_shifts"                  # no withdrawal for Syracuse
    s = act(s, "rome", "done")
    assert s.flow[-1]["k"] not in ("retreat", "force_retreat")


def test_12_4_4_the_soldiers_of_fortune_stack_with_their_powers_units() -> None:
    s = blank()
    s.sof = {"power": "carthage", "removal_turn": s.turn + 1}
    s.add("utica", "sof", "HI", 4)
    s.add("carthage", "carthage", "HI", 1)
    assert hostile(s, "carthage", "sof") == []
    f = {"owner": "sof", "role": "carthage", "start": "utica", "units": {"HI": 4},
         "leaders": [], "mp": 1, "at": "utica", "path": ["utica"]}
    assert dict(destinations(s, f)).get("carthage") == 1


def test_12_8_2_elephants_left_without_lcus_are_destroyed() -> None:
    s = blank()
    hold(s)
    s.add("carthage", "carthage", "HI", 1)
    s.add("carthage", "carthage", "EL", 1)
    s = _march(s, "carthage", "carthage")
    s = act(s, "carthage", "leave", "EL")
    dice(s, 2)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "utica")
    s = act(s, "carthage", "stop")
    assert "EL" not in s.stack("carthage", "carthage")
    assert ("stop", None) not in choices(s, "carthage")


def test_7_5_1_mercenaries_add_one_to_the_pillage_roll() -> None:
    from games.pax_romana import battle
    from games.pax_romana.state import City
    s = blank()
    s.cities["venusia"] = City(owner="rome", kind="city", fp=3)
    s.add("venusia", "carthage", "MHI", 1)
    t = s.powers["carthage"].treasury
    dice(s, 0 + 1, 4, 1)        # 1 + 1 (mercenaries) > Campaign 0: 4 T, halved to 2
    battle._pillage(s, {"space": "venusia", "att": "carthage"}, "carthage")
    assert s.powers["carthage"].treasury == t + 2
