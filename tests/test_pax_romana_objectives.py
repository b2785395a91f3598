"""Optional Objectives bought in the Manpower Phase (§15.4.4) in the Ultra Basic format and the
Advanced Game, and drawn blind (§15.4.5): the price by Stability range, never with three held,
the duplicate kept or put back, the objective a Power may not use."""

from __future__ import annotations

from games.pax_romana.economy import (
    carry_out,
    draw_objective,
    may_buy_objective,
    objective_cost,
)
from games.pax_romana.flow import run
from games.pax_romana.plans import start_plan
from tests.pax_romana_support import act, blank, choices, hold


def test_objectives_are_bought_in_the_advanced_game_and_ultra_basic_only() -> None:
    """§15.4.4: Ultra Basic and the Advanced Game; not the Basic formats (Scenario V uses
    objectives)."""
    assert may_buy_objective(blank(advanced=True), "rome")
    assert may_buy_objective(blank(format="ultra_basic"), "rome")
    assert not may_buy_objective(blank(), "rome")
    assert not may_buy_objective(blank(format="basic_plus"), "rome")


def test_objective_price_by_stability_range() -> None:
    """§15.4.4: Stable 1T, Unrest 2T, Disorder 3T."""
    s = blank(advanced=True)
    for stability, price in ((0, 1), (8, 1), (-1, 2), (-4, 2), (-5, 3), (-6, 3)):
        s.powers["rome"].stability = stability
        assert objective_cost(s, "rome") == price


def test_never_bought_with_three_held() -> None:
    s = blank(advanced=True)
    s.powers["rome"].objectives = ["A", "C", "E"]
    assert not may_buy_objective(s, "rome")
    s.powers["rome"].objectives = ["A", "C"]
    assert may_buy_objective(s, "rome")


def test_the_manpower_plan_buys_one_in_the_advanced_game() -> None:
    """§15.4.4: one a Manpower Phase, paid when the plans are revealed; drawn blind and kept
    secret (§15.4.5-15.4.6)."""
    s = blank(advanced=True)
    s.phase = "E"
    s.powers["rome"].stability = -2
    s.powers["rome"].treasury = 5
    start_plan(s, "manpower", ["rome"])
    run(s)
    assert ("buy_objective", None) in choices(s, "rome")
    s = act(s, "rome", "buy_objective")
    assert ("buy_objective", None) not in choices(s, "rome")
    s.rng.scripted.append(0)
    pool = list(s.objective_pool)
    s = act(s, "rome", "confirm")
    assert s.powers["rome"].treasury == 3
    assert s.powers["rome"].objectives == [pool[0]]
    assert len(s.objective_pool) == len(pool) - 1


def test_a_duplicate_may_be_kept() -> None:
    """§15.4.5: a duplicate of one held may be put back unseen; the player may keep it."""
    s = blank(advanced=True)
    hold(s, "east")
    s.powers["rome"].objectives = ["A"]
    s.objective_pool = ["A", "C"]
    s.rng.scripted.append(0)                    # the other "A"
    carry_out(s, "rome", [["objective", "", ""]], [], 1)
    run(s)
    assert choices(s, "rome") == [("keep_objective", None), ("redraw_objective", None)]
    s = act(s, "rome", "keep_objective")
    assert s.powers["rome"].objectives == ["A", "A"] and s.objective_pool == ["C"]


def test_a_duplicate_put_back_and_another_drawn() -> None:
    s = blank(advanced=True)
    hold(s, "east")
    s.powers["rome"].objectives = ["A"]
    s.objective_pool = ["A", "C"]
    s.rng.scripted.append(0)
    carry_out(s, "rome", [["objective", "", ""]], [], 1)
    run(s)
    s.rng.scripted.append(0)                    # from ["C", "A"]: the "C"
    s = act(s, "rome", "redraw_objective")
    assert s.powers["rome"].objectives == ["A", "C"] and s.objective_pool == ["A"]
    assert s.flow[-1]["k"] == "am"


def test_an_objective_the_power_may_not_use_is_never_kept() -> None:
    """§15.4.5, §15.4.9: the East cannot use B; drawn, it goes back and another is drawn."""
    s = blank(advanced=True)
    s.objective_pool = ["B", "B", "C"]
    draw_objective(s, "east", ask=True)
    assert s.powers["east"].objectives == ["C"] and s.objective_pool == ["B", "B"]
