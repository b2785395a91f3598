"""Bribes (§4.4, both games; §4.2 "exception: Bribery"): side actions offered to the Power whose
action takes effect, answered by it, the Talents paid at once; and the interface's side actions
(games.core.interface: ``side_choices``, ``View.side``, ``act`` by a role not asked)."""

from __future__ import annotations

import json

import pytest

from games import registry
from games.core import Action, IllegalAction
from games.core.fuzz import play, weigher_of
from games.core.interface import View, can_undo
from games.pax_romana import bribes
from games.pax_romana.rules import RULES
from games.pax_romana.state import PRState
from tests.pax_romana_support import act, blank, choices, fresh, hold


def _rome_acting(**options: object) -> PRState:
    """Rome asked to choose its Action (§3.4), every Treasury set."""
    s = blank(**options)
    hold(s, "rome")
    for power, talents in {"rome": 10, "carthage": 15, "greece": 12, "east": 3}.items():
        s.powers[power].treasury = talents
    return fresh(s)


def _side(s: PRState, role: str) -> list[tuple[str, object]]:
    return [(c.verb, c.arg) for c in RULES.view(s, role).side]


def _offer(s: PRState, by: str, to: str, n: int) -> PRState:
    return act(act(s, by, "bribe_to", to), by, "bribe_amount", n)


def _public_log(s: PRState) -> list[str]:
    return [RULES.tr(e.msg) for e in s.log if e.to is None]


def test_s4_4_any_other_power_may_offer_the_acting_power_a_bribe() -> None:
    s = _rome_acting()
    assert RULES.active_roles(s) == ["rome"]
    assert _side(s, "carthage") == [("bribe_to", "rome")]
    assert _side(s, "greece") == [("bribe_to", "rome")]
    assert _side(s, "rome") == []                      # never to oneself
    s = act(s, "carthage", "bribe_to", "rome")
    assert _side(s, "carthage") == [("bribe_amount", n) for n in range(1, 16)] + [
        ("bribe_back", None)]
    s = act(s, "carthage", "bribe_amount", 5)
    assert RULES.view(s, None).board["bribes"] == [{"by": "carthage", "to": "rome", "n": 5}]
    assert _public_log(s)[-1] == "Carthage offers Rome a bribe of 5T."
    assert _side(s, "rome") == [("bribe_accept", "carthage"), ("bribe_refuse", "carthage")]
    assert _side(s, "carthage") == [("bribe_withdraw", None)]
    # the acting Power's own decision is not held up
    assert choices(s, "rome") == [("action", "expansion"), ("action", "callup"),
                                  ("action", "negotiate"), ("action", "pass")]


def test_s4_4_an_accepted_bribe_is_paid_at_once() -> None:
    s = _offer(_rome_acting(), "carthage", "rome", 5)
    s = act(s, "rome", "bribe_accept", "carthage")
    assert s.powers["carthage"].treasury == 10
    assert s.powers["rome"].treasury == 15
    assert _public_log(s)[-1] == "Bribe: Carthage pays Rome 5T."
    assert RULES.view(s, None).board["bribes"] == []
    assert _side(s, "carthage") == [("bribe_to", "rome")]   # free to offer again
    assert not can_undo(s)                                  # done in front of everyone


def test_s4_4_a_refused_bribe_moves_nothing() -> None:
    s = _offer(_rome_acting(), "greece", "rome", 7)
    s = act(s, "rome", "bribe_refuse", "greece")
    assert s.powers["greece"].treasury == 12
    assert s.powers["rome"].treasury == 10
    assert _public_log(s)[-1] == "Rome refuses Greece's bribe of 7T."
    assert s.bribes == []


def test_s4_4_an_offer_may_be_taken_back_before_the_answer() -> None:
    s = _offer(_rome_acting(), "greece", "rome", 2)
    s = act(s, "greece", "bribe_withdraw")
    assert s.bribes == []
    assert _public_log(s)[-1] == "Greece takes back the bribe offered to Rome."
    with pytest.raises(IllegalAction):
        act(s, "rome", "bribe_accept", "greece")


def test_s4_4_no_more_talents_than_the_treasury() -> None:
    s = act(_rome_acting(), "east", "bribe_to", "rome")
    assert _side(s, "east") == [("bribe_amount", 1), ("bribe_amount", 2), ("bribe_amount", 3),
                                ("bribe_back", None)]
    with pytest.raises(IllegalAction):
        act(s, "east", "bribe_amount", 4)
    s = _rome_acting()
    s.powers["east"].treasury = 0
    s = fresh(s)
    assert _side(s, "east") == []                           # nothing to offer
    with pytest.raises(IllegalAction):
        act(s, "east", "bribe_to", "rome")


def test_s4_4_a_large_treasury_is_offered_a_page_at_a_time() -> None:
    s = _rome_acting()
    s.powers["carthage"].treasury = 60
    s = act(fresh(s), "carthage", "bribe_to", "rome")
    first = _side(s, "carthage")
    assert len(first) == 25
    assert first[:23] == [("bribe_amount", n) for n in range(1, 24)]
    assert first[23:] == [("bribe_page", 1), ("bribe_back", None)]
    s = act(s, "carthage", "bribe_page", 1)
    assert _side(s, "carthage")[:2] == [("bribe_amount", 24), ("bribe_amount", 25)]
    s = act(s, "carthage", "bribe_amount", 40)
    assert s.bribes == [{"by": "carthage", "to": "rome", "n": 40, "at": bribes.moment(s)}]


def test_s4_4_only_while_an_action_takes_effect() -> None:
    s = _rome_acting()
    with pytest.raises(IllegalAction):                      # Greece is not acting
        act(s, "carthage", "bribe_to", "greece")
    s.phase = "H"                                           # the Victory Phase: no action
    s = fresh(s)
    assert _side(s, "carthage") == []
    with pytest.raises(IllegalAction):
        act(s, "carthage", "bribe_to", "rome")


def test_s4_4_an_offer_lapses_when_its_activation_ends() -> None:
    s = _offer(_rome_acting(), "carthage", "rome", 4)
    s.am_track.append("rome")                               # the next Activation
    bribes.lapse(s)
    assert s.bribes == []
    assert _public_log(s)[-1] == "The bribe of 4T that Carthage offered Rome lapses."
    assert s.powers["carthage"].treasury == 15


def test_s4_4_an_offer_its_power_cannot_pay_is_not_accepted() -> None:
    s = _offer(_rome_acting(), "carthage", "rome", 12)
    s.powers["carthage"].treasury = 5                       # spent meanwhile
    s = fresh(s)
    assert _side(s, "rome") == [("bribe_refuse", "carthage")]
    with pytest.raises(IllegalAction):
        act(s, "rome", "bribe_accept", "carthage")


def test_s4_2_bribery_in_the_advanced_game_too() -> None:
    s = _offer(_rome_acting(advanced=True), "greece", "rome", 3)
    s = act(s, "rome", "bribe_accept", "greece")
    assert (s.powers["greece"].treasury, s.powers["rome"].treasury) == (9, 13)


def test_the_russian_log_names_who_paid_whom() -> None:
    s = act(_offer(_rome_acting(), "carthage", "rome", 5), "rome", "bribe_accept", "carthage")
    assert RULES.tr(s.log[-1].msg, "ru") == "Подкуп: Карфаген → Рим, выплачено 5Т."


# -- the interface ------------------------------------------------------------------------------


def test_a_side_action_is_legal_only_as_the_roles_view_lists_it() -> None:
    s = _rome_acting()
    view = RULES.view(s, "carthage")
    assert view.find_side(Action(verb="bribe_to", arg="rome")) is not None
    assert view.actions == []                               # Carthage is not asked
    with pytest.raises(IllegalAction) as caught:
        act(s, "carthage", "action", "pass")                # not its turn
    assert caught.value.msg.key == "error.not_your_turn"
    with pytest.raises(IllegalAction):
        act(s, "carthage", "bribe_amount", 3)               # not yet listed
    new = act(s, "carthage", "bribe_to", "rome")
    assert new.step == s.step + 1 and s.bribes == []        # the input is untouched


@pytest.mark.parametrize("title", ["ancients", "hannibal", "mare_nostrum"])
def test_views_without_side_actions_serialise_as_before(title: str) -> None:
    """The titles without side actions: no ``side`` in their serialised Views (the fields a
    View always had, nothing more), and a role not asked still may not act."""
    rules = registry.get(title)
    state = rules.setup(1, rules.scenarios()[0].id, {})
    fields = set(View.model_fields) - {"side"}
    for role in [None, *state.roles]:
        view = rules.view(state, role)
        assert view.side == []
        assert set(json.loads(view.model_dump_json())) == fields
        assert set(view.model_dump()) == fields
    idle = [r for r in state.roles if r not in rules.view(state, None).active]
    for role in idle:
        with pytest.raises(IllegalAction) as caught:
            rules.act(state, role, Action(verb="bribe_to", arg=state.roles[0]))
        assert caught.value.msg.key == "error.not_your_turn"


def test_a_view_with_side_actions_serialises_them() -> None:
    view = RULES.view(_rome_acting(), "greece")
    assert '"side":[{"verb":"bribe_to","arg":"rome"' in view.model_dump_json()


def test_the_random_playout_plays_side_actions_now_and_then() -> None:
    """games.core.fuzz: a Pax Romana game offers, answers and pays bribes through the Views'
    side actions, and its replay reproduces it."""
    out = play(RULES, "VII", 2, check_secrecy_every=0, weigh=weigher_of(RULES))
    verbs = {action.verb for _, action in out.actions}
    assert {"bribe_to", "bribe_amount", "bribe_accept"} <= verbs
    final = RULES.load_state(out.final_json)
    assert any(e.msg.key == "log.bribe_paid" for e in final.log)
