"""The computer player in Scenario I, the Pyrrhic War: Greece wins if it holds the space of Rome or
Italia at the end of Turn I, else Rome (the scenario's victory rule), so its evaluation and army
moves are the march on Rome, not the VP race."""

from __future__ import annotations

from games import registry
from games.ai import choose
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
    assert round(pr_march.steps_to_rome("corcyra"), 1) == 6.2   # an island: by sea to Tarentum, then 3
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


def test_11_2_1_the_greek_transport_sails_for_rome_along_the_coast_not_the_open_sea():
    """§11.2.1: a transport without galleys entering a Deep Sea Transit Point is lost on a Storm
    (5-6) and on a failed Continuation after Off Course (3-4). At Paestum, Rome is one voyage
    away both through Mare Tyrrhenum (open sea) and along the coast through Mare Inferum; the
    Greek army takes the coast (it used to take the open sea, first by name, and sank there)."""
    s = blank("I")
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    army(s, "rhegium", "greece", HI=4, LI=2)
    hold(s, "greece")
    s = march(s, "greece", "rhegium")
    dice(s, 6, 1, 1, 6)           # 6 MP; no disaster in Sinus Hipponiates; Continuation 7
    s = act(s, "greece", "go")
    s = act(s, "greece", "embark")
    s = act(s, "greece", "sail_to", "ntp_sinus_hipponiates")
    s = act(s, "greece", "sail_to", "paestum")
    s = act(s, "greece", "continue_voyage")
    view = RULES.view(s, "greece")
    assert view.prompt_msg.key == "prompt.transport"
    sails = {c.arg for c in view.actions if c.verb == "sail_to"}
    assert sails == {"dstp_mare_tyrrhenum", "ntp_mare_inferum"}
    assert pr_ai.policy(view).arg == "ntp_mare_inferum"
    assert choose(view, 1).arg == "ntp_mare_inferum"


def _rome_taken() -> PRState:
    """Greece holds Rome's city and space; Rome's legions stand at Pisae, one step away, fewer
    than what holds the city; no Activation is left after this one (Scenario I's victory rule:
    Greece wins if it holds Rome at the end of the turn)."""
    from games.pax_romana.stability import settle
    s = blank("I")
    s.cities["rome"] = City(owner="greece", kind="city", fp=5)
    army(s, "rome", "greece", HI=4)
    army(s, "pisae", "rome", LG=3)
    settle(s, quiet=True)
    return s


def test_romes_last_activation_marches_on_rome_whatever_holds_it():
    """Scenario I: in Rome's last Activation with Greece holding Rome, staying put loses for
    certain, so the Roman army at Pisae marches on Rome though the Greeks and the walls outnumber
    it, and the search weighs only that (three sampled lost assaults used to rate staying best,
    and the legions watched the game end from Pisae)."""
    s = _rome_taken()
    hold(s, "rome")
    s = march(s, "rome", "pisae")
    dice(s, 6)
    s = act(s, "rome", "go")
    view = RULES.view(s, "rome")
    assert pr_march.greece_holds(view.board)
    assert view.board["powers"]["rome"]["ams_left"] == 0
    candidates = forward(distinct(view.actions))
    assert {c.verb for c in candidates} >= {"to", "stop"}
    assert (pr_ai.policy(view).verb, pr_ai.policy(view).arg) == ("to", "rome")
    assert [(c.verb, c.arg) for c in pr_march.march_candidates(view, candidates)] == [("to", "rome")]


def test_rome_held_with_no_activation_left_is_the_game_whatever_is_left_on_the_map():
    """Once Rome has no Activation left, Greece holding Rome decides the game: a lost last
    assault rates no lower than not trying (it used to, by the Battle Points it cost)."""
    s = _rome_taken()
    weaker = fresh(s)
    weaker.units["pisae"]["rome"]["LG"] = 1
    assert pr_march.march_value(s) == pr_march.HOLD
    assert pr_march.march_value(weaker) == pr_march.HOLD
    s.am_pool = {"rome": 1}             # while Rome may still strike, its legions count
    weaker.am_pool = {"rome": 1}
    assert pr_march.march_value(weaker) > pr_march.march_value(s) != pr_march.HOLD


def test_scenario_one_romes_call_up_raises_its_two_free_legions_in_rome():
    """Scenario I has no Treasury, and Rome may raise its two Legions free with a Call-Up: the
    policy calls up and raises both in Rome (it used to judge every unit beyond its cash, so
    the Call-Up raised nothing and the legions were never raised)."""
    s = _start()
    for _ in range(400):        # the policy plays on until Rome's first AM
        role = RULES.view(s, None).active[0]
        view = RULES.view(s, role)
        if role == "rome" and view.prompt_msg.key == "prompt.am":
            break
        s = RULES.act(s, role, pr_ai.policy(view).action())
    before = s.stack("rome", "rome").get("LG", 0)
    assert view.prompt_msg.key == "prompt.am"
    assert view.board["powers"]["rome"]["treasury"] == 0
    picked = pr_ai.policy(view)
    assert (picked.verb, picked.arg) == ("action", "callup")
    s = RULES.act(s, "rome", picked.action())
    for _ in range(20):
        view = RULES.view(s, "rome")
        if view.prompt_msg.key != "prompt.callup":
            break
        s = RULES.act(s, "rome", pr_ai.policy(view).action())
    assert view.prompt_msg.key != "prompt.callup"
    assert s.stack("rome", "rome").get("LG", 0) == before + 2
    assert s.free_units.get("rome", {}) == {}
