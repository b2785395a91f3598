"""The computer player in Scenario I, the Pyrrhic War: Greece wins if it holds the space of Rome or
Italia at the end of Turn I, else Rome (the scenario's victory rule), so its evaluation and army
moves are the march on Rome, not the VP race."""

from __future__ import annotations

from games import registry
from games.ai import pax_romana as pr_ai
from games.ai import pax_romana_march as pr_march
from games.ai.common import distinct, forward
from games.pax_romana.state import City, PRState
from tests.pax_romana_support import act, army, blank, dice, fresh, hold, march

RULES = registry.get("pax_romana")


def _start() -> PRState:
    return RULES.setup(1, "I", {})


def test_the_sampled_state_plays_without_talents_and_holds_romes_free_legions():
    """Scenario I plays without Talents and Rome may raise its two Legions free with a Call-Up:
    the State the computer rebuilds from Rome's View knows both, as the real one does (it used
    to make the AMs cost Talents and to forget the free Legions)."""
    real = _start()
    assert real.options["treasury"] is False
    view = RULES.view(real, "rome")
    assert view.board["powers"]["rome"]["free_units"] == {"LG": 2}
    assert view.board["powers"]["greece"]["free_units"] == {}
    s = pr_ai.board_state(view)
    assert s.options["treasury"] is False
    assert s.free_units == {"rome": {"LG": 2}}


def test_steps_to_rome_count_the_sea_from_any_port():
    """A Major Move reaches Rome by land, or from a port by sea: embarking, the voyage and the
    landing cost 3 MP (§11.3.1)."""
    assert pr_march.steps_to_rome("rome") == 0
    assert pr_march.steps_to_rome("capua") == 1
    assert pr_march.steps_to_rome("paestum") == 2
    assert pr_march.steps_to_rome("corcyra") == 3          # an island: by sea only
    assert pr_march.steps_to_rome("placentia") == 3        # by land


def test_greece_holding_rome_is_the_game_and_romes_guard_counts_until_then():
    """Greece's evaluation rises when its army stands next to a weakly held Rome, more still when
    it holds Rome's space; Rome's is the opposite; Rome's legions in the city lower the threat."""
    s = blank("I")
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    army(s, "corcyra", "greece", HI=4)
    s.am_pool = {"rome": 2, "greece": 2}      # Activations still to come
    far = fresh(s)
    near = fresh(s)
    near.units.pop("corcyra")
    army(near, "capua", "greece", HI=4)
    guarded = fresh(near)
    army(guarded, "rome", "rome", LG=3)
    taken = fresh(near)
    taken.cities["rome"] = City(owner="greece", kind="city", fp=5)
    taken.units.pop("capua")
    army(taken, "rome", "greece", HI=4)
    from games.pax_romana.stability import settle
    for x in (far, near, guarded, taken):
        settle(x, quiet=True)
    value = pr_march.march_value
    assert value(taken) - value(near) >= pr_march.HOLD - 2 * pr_march.EDGE * pr_march.MOST_EDGE
    assert value(near) > value(far)
    assert value(near) > value(guarded)
    assert pr_ai.evaluate(near, "greece") == value(near)
    assert pr_ai.evaluate(near, "rome") == -value(near)


def test_romes_army_marches_home_not_into_gaul():
    """Scenario I: Rome's legions at Placentia step toward Rome (they used to chase the
    provinces of Gaul, which count for nothing in this scenario)."""
    s = blank("I")
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    army(s, "placentia", "rome", LG=2)
    army(s, "corcyra", "greece", HI=4)
    hold(s, "rome")
    s = march(s, "rome", "placentia")
    dice(s, 6)
    s = act(s, "rome", "go")
    view = RULES.view(s, "rome")
    picked = pr_ai.policy(view)
    assert picked.verb == "to"
    assert pr_march.land_steps()[str(picked.arg)] == pr_march.land_steps()["placentia"] - 1


def test_the_greek_army_across_the_sea_embarks_and_the_search_weighs_nothing_else():
    """Scenario I: a Greek army at Corcyra can win only in Italy: the policy embarks it, and the
    search weighs only embarking (a rollout's one sampled storm made it stay home)."""
    s = blank("I")
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    army(s, "corcyra", "greece", HI=4, LI=2)
    hold(s, "greece")
    s = march(s, "greece", "corcyra")
    dice(s, 6)
    s = act(s, "greece", "go")
    view = RULES.view(s, "greece")
    assert pr_ai.policy(view).verb == "embark"
    candidates = forward(distinct(view.actions))
    assert {c.verb for c in candidates} > {"embark"}
    assert {c.verb for c in pr_march.march_candidates(view, candidates)} == {"embark"}


def test_the_search_never_weighs_destroying_ones_own_settlement():
    """§7.4.3: a Power may destroy its own city or settlement; the search no longer tries it (a
    rollout rated it best when every move looked risky, and Greece razed Tarentum)."""
    destroy = next(c for c in RULES.view(_with_menu(), "greece").actions
                   if c.verb == "menu" and c.arg == "destroy")
    assert not pr_ai._worth_trying(destroy, ("menu", "major"))


def _with_menu() -> PRState:
    s = _start()
    view = RULES.view(s, "greece")
    assert view.prompt_msg.key == "prompt.am"
    return act(s, "greece", "action", "expansion")
