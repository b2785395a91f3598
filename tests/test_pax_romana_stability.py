"""Pax Romana Stability (§14): the track's limits and ranges, and the adjustments that follow
control (§14.2.1): provinces gained and lost at home and abroad, capitals lost and regained, the
end-of-turn capital penalty (ambiguity A17), the Victory Phase awards."""

from __future__ import annotations

from games.pax_romana.stability import adjust, settle, stability_range
from games.pax_romana.victory import victory_phase
from tests.pax_romana_support import blank


def test_14_1_4_the_track_and_its_ranges() -> None:
    assert [stability_range(v) for v in (8, 0, -1, -4, -5, -6)] == [
        "stable", "stable", "unrest", "unrest", "disorder", "disorder"]
    s = blank()
    s.powers["rome"].stability = 7
    adjust(s, "rome", 5, "harvest")
    assert s.powers["rome"].stability == 8
    adjust(s, "rome", -20, "civil_war")
    assert s.powers["rome"].stability == -6


def test_14_2_1_provinces_gained_and_lost() -> None:
    """+1 / -1 for a province outside the Home Territory; +2 / -2 for a home province."""
    s = blank()
    r, c = s.powers["rome"].stability, s.powers["carthage"].stability
    s.add("gades", "rome", "LI")                       # Baetica: Rome alone in it
    settle(s)
    assert s.powers["rome"].stability == min(8, r + 1)
    for sp in ("carthage", "utica", "hadrumetum", "thapsus"):
        s.add(sp, "rome", "LI")                        # Africa: 4 of 6 and the capital
    settle(s)
    assert s.powers["carthage"].stability == c - 2 - 1      # a home province and the capital
    assert s.powers["carthage"].capital_lost == ["carthage"]
    # Carthage takes its capital back: +1 once, and Africa again (+2)
    s.remove("carthage", "rome", "LI")
    settle(s)
    assert s.powers["carthage"].stability == c - 3 + 1 + 2
    assert s.powers["carthage"].capital_lost == []


def test_14_2_1_two_capitals_count_each() -> None:
    s = blank()
    g = s.powers["greece"].stability
    s.add("athens", "rome", "LI")
    settle(s)
    # Athens lost (-1); Attica stays Greek (§5.2.2b: 1 of its spaces to Rome, not over half)
    assert s.powers["greece"].stability == g - 1


def test_14_2_1_end_of_turn_without_the_capital() -> None:
    """-1 at the end of each turn a capital is not held (per capital by default, A17)."""
    s = blank("VII")
    s.add("athens", "rome", "LI")
    s.add("pella", "rome", "LI")
    settle(s)
    g = s.powers["greece"].stability
    s.turn = 1
    s.last_turn = 5
    victory_phase(s)
    # two capitals not held: -2 (Greece gains neither the most nor the fewest VP: East 7 + 2,
    # Greece 4 + 2, Carthage 2 + 2, Rome 0 + 2)
    assert {r: p.vp_turn for r, p in s.powers.items()} == {
        "rome": 2, "carthage": 4, "greece": 6, "east": 9}
    reasons = [e.msg.args.get("reason") for e in s.log if e.msg.key == "log.stability"
               and e.msg.args.get("power") == "@power.greece"]
    assert reasons.count("@why.capital_not_held") == 1
    assert s.powers["greece"].stability == g - 2


def test_9_4_5_and_12_3_2_withdrawal_at_home_and_militia_cost_one() -> None:
    from games.pax_romana.stability import militia_raised, withdrawal
    s = blank()
    r = s.powers["rome"].stability
    withdrawal(s, "rome", "gades")            # not at home: nothing
    assert s.powers["rome"].stability == r
    withdrawal(s, "rome", "capua")
    militia_raised(s, "rome")
    assert s.powers["rome"].stability == r - 2
