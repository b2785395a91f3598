"""Pax Romana Activation Phase (§3.2 F, §3.4): the first round in turn order, the AM pool drawn
blind, no third activation in a row and its exception (§3.4.2), the 1T payment and the lost AM
(§3.4.4), Negotiate for free, the Actions (§3.5), the Event markers (§16.1), the optional order."""

from __future__ import annotations

from games.pax_romana.activation import activation_phase
from games.pax_romana.rules import RULES
from tests.pax_romana_support import act, blank, choices


def _start(s, order, ams=3, markers=0, **options):
    s.first_round = list(order)
    for p in s.powers.values():
        p.ams = ams
    s.options["event_markers"] = markers
    s.options.update(options)
    activation_phase(s)
    from games.pax_romana.flow import run
    run(s)
    return RULES.copy(s)


def test_3_4_2_first_round_in_order_then_the_pool() -> None:
    """Every Power plays one Activation in the first-round order before the pool is used; the
    other AMs go into the pool (§3.4.2)."""
    s = _start(blank(), ["greece", "east", "carthage", "rome"])
    assert s.am_pool == {"rome": 2, "carthage": 2, "greece": 2, "east": 2}
    seen = []
    for _ in range(4):
        who = RULES.view(s, None).active[0]
        seen.append(who)
        s = act(s, who, "action", "pass")
    assert seen == ["greece", "east", "carthage", "rome"]
    assert s.am_track[:4] == seen
    # then blind draws from the pool
    assert sum(s.am_pool.values()) == 7


def test_3_4_4_paying_one_talent_and_the_lost_am() -> None:
    s = _start(blank(), ["rome", "carthage"])
    t = s.powers["rome"].treasury
    assert ("action", "expansion") in choices(s, "rome")
    s = act(s, "rome", "action", "expansion")
    assert s.powers["rome"].treasury == t - 1
    s = act(s, "rome", "end")
    # no money: only Negotiate or nothing; the AM counts as played
    s.powers["carthage"].treasury = 0
    s = RULES.copy(s)
    assert choices(s, "carthage") == [("action", "negotiate"), ("action", "pass")]
    s = act(s, "carthage", "action", "pass")
    assert s.am_track[:2] == ["rome", "carthage"]


def test_3_2_f3c_negotiate_is_free() -> None:
    s = _start(blank(), ["carthage"])
    t = s.powers["carthage"].treasury
    s = act(s, "carthage", "action", "negotiate")
    assert s.powers["carthage"].treasury == t
    s = act(s, "carthage", "end")


def _draw(s, pool, streak=(), scripted=()):
    """Draw the next AM from ``pool`` (an East AM decision waits underneath)."""
    from games.pax_romana.flow import push, run
    s.flow = [{"k": "am", "role": "east", "free": False}]
    s.am_pool = dict(pool)
    s.streak = list(streak)
    push(s, "am_draw")
    s.rng.scripted = list(scripted)
    run(s)
    return RULES.copy(s)


def test_3_4_2_no_third_activation_in_a_row() -> None:
    """Rome has just acted twice in a row; a Roman AM drawn next goes back and another Power's
    AM is drawn instead."""
    # markers in the pool, sorted: carthage, rome, rome, rome: index 1 is Roman; the redraw
    # among the others takes Carthage's
    s = _draw(blank(), {"rome": 3, "carthage": 1}, ["rome", "rome"], [1, 0])
    assert RULES.view(s, None).active == ["carthage"]
    assert s.am_pool == {"rome": 3}
    # without the streak the same draw is Rome's
    s = _draw(blank(), {"rome": 3, "carthage": 1}, ["carthage", "rome"], [1])
    assert RULES.view(s, None).active == ["rome"]


def test_3_4_2_the_exception_when_only_one_powers_ams_are_left() -> None:
    s = _draw(blank(), {"rome": 2}, ["rome", "rome"])
    assert RULES.view(s, None).active == ["rome"]


def test_16_1_event_marker_drawn_rolls_on_the_table() -> None:
    """An Event marker drawn from the pool: the Power that drew it (the one that last played an
    AM) rolls 2d6 on the Random Events table; 3 + 4 = 7 is Revenues and Stability here: under
    3T -1, over 12T +1."""
    s = blank()
    s.last_am = "greece"
    for p in s.powers.values():
        p.treasury = 5
    s.powers["rome"].treasury = 20
    s.powers["east"].treasury = 1
    stab = {r: p.stability for r, p in s.powers.items()}
    s = _draw(s, {"event": 1}, [], [0, "3", "4"])
    assert s.events_seen == ["revenues_and_stability"]
    assert s.powers["rome"].stability == min(8, stab["rome"] + 1)
    assert s.powers["east"].stability == stab["east"] - 1
    assert s.powers["greece"].stability == stab["greece"]


def test_3_4_2_optional_order_places_only_the_first_am() -> None:
    s = _start(blank(), ["greece", "east", "carthage", "rome"], am_order="alternative")
    assert RULES.view(s, None).active == ["greece"]
    assert s.am_pool == {"rome": 3, "carthage": 3, "greece": 2, "east": 3}


def test_3_5_1_expansion_one_major_two_minor() -> None:
    """A Major Move, two Minor Moves, then nothing more; a unit moves only once per Activation
    (§9.1.4)."""
    s = blank()
    s.add("rome", "rome", "LG", 2)
    s.add("rome", "rome", "LI", 2)
    s.add("capua", "rome", "LI", 1)
    s = _start(s, ["rome"])
    s = act(s, "rome", "action", "expansion")
    s = act(s, "rome", "menu", "major")
    s = act(s, "rome", "from", "rome|rome")
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "pisae")
    s = act(s, "rome", "stop")
    assert s.stack("pisae", "rome") == {"LG": 2, "LI": 2}
    # the army that moved may not move again; Capua's LI may
    s = act(s, "rome", "menu", "minor_move")
    assert [a for v, a in choices(s, "rome") if v == "from"] == ["capua|rome"]
    s = act(s, "rome", "from", "capua|rome")
    s = act(s, "rome", "unit", "LI")
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", choices(s, "rome")[0][1])
    if ("stop", None) in choices(s, "rome"):
        s = act(s, "rome", "stop")
    view = RULES.view(s, "rome")
    assert view.prompt_msg.args["majors"] == 0 and view.prompt_msg.args["minors"] == 1
    assert ("menu", "major") not in choices(s, "rome")
