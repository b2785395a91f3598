"""Pax Romana barbarians (§13): a tribe's strength hidden from every View until an army attacks
it (§13.1.2), tribes that never withdraw or retreat (§13.1.3), invasion armies moved with a
Power's Major Move that pass through tribes without attacking and never enter the moving
Power's spaces (§13.4.2), nobody playing the barbarians in battle (§13.2.4)."""

from __future__ import annotations

from games.pax_romana.flow import push, run
from games.pax_romana.movement import destinations, hostile
from games.pax_romana.rules import RULES
from games.pax_romana.state import PRState
from tests.pax_romana_support import act, blank, choices, dice, hold


def _march(s: PRState, power: str, start: str, owner: str | None = None) -> PRState:
    owner = owner or power
    units = {k: n for k, n in s.stack(start, owner).items() if k != "GS"}
    push(s, "move_army", role=power, owner=owner, start=start, units=units,
         leaders=s.leaders_at(start, owner), minor=False)
    run(s)
    return RULES.copy(s)


def _losses(s: PRState, **picks: list[str]) -> PRState:
    """Answer the loss allocations (§10.3.2, the defender first) with each Power's picks."""
    while s.flow[-1]["k"] == "allocate_losses":
        role = s.flow[-1]["role"]
        s = act(s, role, "loss", picks[role].pop(0))
    return s


def test_13_1_2_tribe_strength_hidden_until_attacked_then_revealed() -> None:
    s = blank()
    hold(s)
    s.tribes["nemausus"] = 5
    s.add("narbo", "rome", "LG", 3)
    for role in (None, "rome", "carthage", "greece", "east"):
        view = RULES.view(s, role)
        assert view.board["spaces"]["nemausus"]["tribe"] == {"revealed": False, "strength": None}
    s = _march(s, "rome", "narbo")
    dice(s, 3, 6, 1)                       # MP 3; rolls 6 and 1
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "nemausus")
    # §13.1.3: no withdrawal offered, the battle is on; the warriors are on the board
    assert s.flow[-1]["k"] == "use_shifts"
    assert "nemausus" not in s.tribes
    units = RULES.view(s, None).board["spaces"]["nemausus"]["units"]
    assert {"owner": "barbarian", "type": "TW", "count": 5, "weakened": False} in units


def test_13_1_3_tribes_never_retreat_and_are_destroyed_in_place() -> None:
    s = blank()
    hold(s)
    s.tribes["nemausus"] = 2
    s.add("narbo", "rome", "LG", 3)
    s = _march(s, "rome", "narbo")
    dice(s, 3, 6, 1)
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "nemausus")
    # 12 BP against 2: 6 shifts; Rome's 6 raised to 10 and the tribe's 1 lowered to 0
    while s.flow[-1]["k"] == "use_shifts":
        options = [v for v, _ in choices(s, "rome")]
        s = act(s, "rome", next(v for v in ("raise", "lower", "done") if v in options))
    s = _losses(s, carthage=["barbarian|kill|TW", "barbarian|kill|TW"])
    assert "barbarian" not in s.units.get("nemausus", {})
    assert s.stack("nemausus", "rome") == {"LG": 3}
    assert s.flow[-1]["k"] == "move_army"


def test_13_4_2_invasion_armies_pass_tribes_and_avoid_their_power() -> None:
    s = blank()
    s.tribes["nemausus"] = 4
    s.add("narbo", "barbarian", "BR", 6)
    s.add("tolosa", "carthage", "HI", 1)
    s.barbarian_armies = [{"group": "western_gauls", "at": "narbo", "mover": "carthage",
                           "removal_turn": s.turn + 1}]
    assert hostile(s, "nemausus", "barbarian") == []
    f = {"owner": "barbarian", "role": "carthage", "start": "narbo", "units": {"BR": 6},
         "leaders": [], "mp": 3, "at": "narbo", "path": ["narbo"]}
    got = dict(destinations(s, f))
    assert got["nemausus"] == 1                             # no attack on the tribe
    assert "tolosa" not in got                              # the activating Power's army


def test_13_2_4_a_barbarian_army_defends_without_anybody_asked() -> None:
    s = blank()
    hold(s)
    s.add("nemausus", "barbarian", "BR", 2)
    s.add("narbo", "rome", "LG", 1)
    s = _march(s, "rome", "narbo")
    dice(s, 3, 1, 6, 3, 3)                 # MP 3; rolls 1 and 6; the leader roll unused
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "nemausus")
    # Rome 4 BP against 2 (2:1): Rome's 2 shifts are Rome's to use; nobody is asked for the
    # barbarians; Rome lost 60%, and regroups to Narbo
    while s.flow[-1]["k"] == "use_shifts":
        s = act(s, "rome", "done")
    s = _losses(s, rome=["rome|weaken|LG"])
    assert RULES.view(s, None).active == ["rome"]
    assert s.stack("narbo", "rome") == {"wLG": 1}
    assert s.stack("nemausus", "barbarian") == {"BR": 2}


def test_13_4_5_an_invasion_army_placed_on_an_army_attacks_at_once() -> None:
    from games.pax_romana.events import invasion_sites
    s = blank()
    hold(s)
    s.add("lugdunum", "rome", "LG", 1)
    assert "lugdunum" in invasion_sites(s, "western_gauls")    # occupied spaces too
    push(s, "place_barbarians", role="carthage", group="western_gauls")
    run(s)
    s = RULES.copy(s)
    dice(s, 6, 6)                                           # 12 BR
    s = act(s, "carthage", "barbarians", "lugdunum")
    assert s.flow[-1]["k"] == "withdraw" and s.flow[-1]["role"] == "rome"
    dice(s, 6, 1)                                           # 12 BP against 4; rolls 6 and 1
    s = act(s, "rome", "stand")
    assert s.flow[-1]["k"] == "retreat"
    s = act(s, "rome", "stand")
    s = _losses(s, rome=["rome|kill|LG"], greece=["barbarian|kill|BR"])
    assert "rome" not in s.units.get("lugdunum", {})
    assert s.stack("lugdunum", "barbarian")["BR"] >= 11


def test_12_7_the_slave_army_attacks_what_stands_in_its_way() -> None:
    from games.pax_romana.events import slave_moves
    s = blank()
    hold(s)
    s.slave_revolt = {"against": "rome", "at": "capua"}
    s.add("capua", "slaves", "BR", 3)
    s.add("rome", "rome", "LI", 1)
    assert "rome" in slave_moves(s, "capua")
    push(s, "move_slaves", role="carthage")
    run(s)
    s = RULES.copy(s)
    s = act(s, "carthage", "slaves_to", "rome")
    assert s.flow[-1]["k"] == "withdraw" and s.flow[-1]["role"] == "rome"


def test_13_4_5_the_placement_attack_spends_2_mp_of_the_armys_major_move() -> None:
    """The Western Gauls (12 BR and their 1-5 leader) placed on Rome's LI at Lugdunum attack at
    once and win; when Carthage then moves them with its Major Move they have the leader's
    Campaign 5 + 1d6 (4) less the 2 MP spent: 7. The next move pays nothing more."""
    s = blank()
    hold(s)
    s.add("lugdunum", "rome", "LI", 1)
    push(s, "place_barbarians", role="carthage", group="western_gauls")
    run(s)
    s = RULES.copy(s)
    dice(s, 6, 6)                                           # 12 BR
    s = act(s, "carthage", "barbarians", "lugdunum")
    army = s.barbarian_armies[0]
    assert army["placement_mp"] == 2
    assert s.leaders["gallic_invasion"].at == "lugdunum"
    dice(s, 6, 1, 3, 3)                 # rolls 6 and 1; the leaders' death roll 6
    s = act(s, "rome", "stand")
    while s.flow[-1]["k"] == "retreat":
        s = act(s, "rome", "stand")
    s = _losses(s, rome=["rome|kill|LI"])
    assert "rome" not in s.units.get("lugdunum", {})
    assert s.flow[-1]["k"] == "am"
    s = _march(s, "carthage", "lugdunum", owner="barbarian")
    assert s.flow[-1]["leaders"] == ["gallic_invasion"]
    dice(s, 4)
    s = act(s, "carthage", "go")
    assert s.flow[-1]["mp"] == 5 + 4 - 2
    assert "placement_mp" not in s.barbarian_armies[0]


def test_13_4_the_barbarian_leader_stands_with_his_army_a_second_gallic_counter() -> None:
    """Both Gallic groups on the map at once: the second army's leader is the second counter
    of the 1-5 Barbarian leader; both go in the next turn's Removal Phase."""
    from games.pax_romana.leaders import rating, removal_phase
    s = blank()
    hold(s)
    for group, space in (("western_gauls", "bibracte"), ("eastern_gauls", "bastarnae")):
        push(s, "place_barbarians", role="greece", group=group)
        run(s)
        s = RULES.copy(s)
        dice(s, 2, 3)
        s = act(s, "greece", "barbarians", space)
    assert s.leaders_at("bibracte", "barbarian") == ["gallic_invasion"]
    assert s.leaders_at("bastarnae", "barbarian") == ["gallic_invasion#2"]
    assert rating("gallic_invasion#2") == (1, 5)
    assert [a["leader"] for a in s.barbarian_armies] == ["gallic_invasion", "gallic_invasion#2"]
    s.turn += 1
    s.flow = []
    removal_phase(s)
    assert not any(ls.owner == "barbarian" for ls in s.leaders.values())
    assert s.barbarian_armies == []


def test_13_4_germans_are_moved_at_once_by_the_power_that_placed_them() -> None:
    """§13.4 Germans: 3d6 BR in Ancient Germany with the 2-5 leader; the Power that placed them
    moves them at once as their Major Move (Campaign 5 + 1d6), then takes its own Actions."""
    s = blank()
    hold(s, "rome")
    push(s, "place_barbarians", role="rome", group="germans")
    run(s)
    s = RULES.copy(s)
    dice(s, 2, 2, 2)
    s = act(s, "rome", "barbarians", "mattium")
    assert s.stack("mattium", "barbarian") == {"BR": 6}
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["role"] == "rome" and move["owner"] == "barbarian"
    assert move["leaders"] == ["german_invasion"] and move["units"] == {"BR": 6}
    dice(s, 3)
    s = act(s, "rome", "go")
    assert s.flow[-1]["mp"] == 5 + 3
    s = act(s, "rome", "stop")
    assert s.flow[-1]["k"] == "am" and s.flow[-1]["role"] == "rome"


def test_13_4_the_barbarian_leaders_are_named_in_both_languages() -> None:
    from games.core.text import msg, render
    from games.pax_romana.texts import TEXTS
    for lid in ("gallic_invasion", "gallic_invasion#2", "german_invasion"):
        m = msg("log.leader_fell_in_battle", leader=f"@leader.{lid}", roll=12)
        assert "leader." not in render(m, "en", TEXTS)
        assert "Вождь варваров" in render(m, "ru", TEXTS)
