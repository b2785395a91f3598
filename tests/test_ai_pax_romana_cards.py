"""The Pax Romana computer player's card decisions in the Advanced Game (games.ai.pax_romana_cards,
§17): exact choices from built Views (an Ambush on an army marching next to the holder's bigger
army, the harmful cards aimed at the VP leader, the answers kept for their moment, the
Objective bought while the Treasury allows, §15.4.4), fairness (the same decision whatever the
other Powers hold), a seeded Advanced game played to its end by computer players, and the
arena's option flag."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games import registry
from games.ai import decide
from games.ai import pax_romana as pr_ai
from games.ai import pax_romana_cards as cards_ai
from games.ai.common import key_of, random_choice
from games.arena import main as arena_main
from games.core import View
from games.pax_romana.cards import windows
from games.pax_romana.flow import push, run
from games.pax_romana.plans import start_plan
from games.pax_romana.state import City, LeaderState, PRState
from tests.pax_romana_support import act, army, blank, fresh, hold

RULES = registry.get("pax_romana")
AMBUSH, DEUS, EXPANSION, MERCENARIES, SPIES = 4, 13, 21, 23, 33
SURPRISE, TRAITOR, CONSPIRACY = 37, 38, 11


def _game(**options: Any) -> PRState:
    s = blank("V", advanced=True, card_play_window="answers_only", **options)
    for p in s.powers.values():
        p.treasury = 10
    s.hands = {p: [] for p in s.roles}
    s.deck, s.discard, s.removed_cards = [], [], []
    return s


def _pick(s: PRState, role: str) -> tuple[str, Any]:
    view = RULES.view(s, role)
    picked = pr_ai.policy(view)
    assert view.find(picked.action()) is not None
    # the computer player at its full level answers a card question by the same rules
    assert key_of(decide(view, 3, "ai", "normal", strict=True)) == key_of(picked)
    return key_of(picked)


# -- the windows (§17.1.5) --------------------------------------------------------------------------

def _rome_enters_issus(carthage_at: str) -> PRState:
    """Rome's 2 Legions march from Tarsus into the Transit Point of Issus; Carthage holds an
    Ambush and has 4 HI at ``carthage_at``."""
    s = _game()
    s.hands["carthage"] = [AMBUSH]
    army(s, carthage_at, "carthage", HI=4)
    army(s, "tarsus", "rome", LG=2)
    hold(s, "east")
    push(s, "move_army", role="rome", owner="rome", start="tarsus", units={"LG": 2}, leaders=[],
         minor=False)
    s = fresh(s)
    s.rng.scripted.append("6")
    s = act(s, "rome", "go")
    return act(s, "rome", "to", "tp_issus")


def test_an_ambush_is_sprung_on_an_army_marching_next_to_the_holders_bigger_army():
    """§17.2 Ambush: Rome's 8 BP enter the Transit Point next to Carthage's 12 BP at Antioch:
    Carthage plays its Ambush."""
    s = _rome_enters_issus("antioch")
    assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["roles"] == ["carthage"]
    assert _pick(s, "carthage") == ("answer", AMBUSH)


def test_an_ambush_is_kept_for_an_army_far_from_the_holder_and_not_the_leaders():
    """§17.2 Ambush: Rome's army is far from Carthage's lands and the East leads on VP: the
    Ambush is kept for a better moment."""
    s = _rome_enters_issus("carthage")
    s.powers["east"].vp = 4
    assert _pick(fresh(s), "carthage") == ("answer", 0)


def _battle_window(s: PRState) -> PRState:
    hold(s, "east")
    windows.open_window(s, "land_battle", "rome", space="capua", attacker="rome",
                        defender="carthage", city=False, sides=["rome", "carthage"])
    s = fresh(s)
    run(s)
    return s


def test_tactical_surprise_is_played_in_a_close_battle_only():
    """§17.2 Tactical Surprise: 8 BP against Carthage's 6 BP: played; against 1 BP, kept."""
    s = _game()
    s.hands["carthage"] = [SURPRISE]
    army(s, "capua", "rome", LG=2)
    army(s, "capua", "carthage", HI=2)
    assert _pick(_battle_window(s), "carthage") == ("answer", SURPRISE)
    s = _game()
    s.hands["carthage"] = [SURPRISE]
    army(s, "capua", "rome", LG=2)
    army(s, "capua", "carthage", LI=1)
    assert _pick(_battle_window(s), "carthage") == ("answer", 0)


def _card_window(kind: int, by: str) -> PRState:
    """Rome's action; ``by`` plays ``kind``; Greece holds Deus ex Machina."""
    s = _game()
    s.hands["greece"] = [DEUS]
    s.active_power = "rome"
    hold(s, "east")
    windows.open_window(s, "card", by, kind=kind, by=by)
    s = fresh(s)
    run(s)
    return s


def test_deus_ex_machina_cancels_an_answer_to_the_holders_own_action():
    """§17.2 Deus ex Machina: during Greece's own action Carthage plays Ambush: cancelled; a
    Spies of a Power not leading: let be."""
    s = _card_window(AMBUSH, "carthage")
    s.active_power = "greece"
    assert _pick(fresh(s), "greece") == ("answer", DEUS)
    assert _pick(_card_window(SPIES, "carthage"), "greece") == ("answer", 0)


# -- the Card Segment and the carry-over (§17.1.3, §17.1.4) -----------------------------------------

def _segment(hand: list[int], role: str = "rome") -> PRState:
    s = _game()
    s.hands[role] = list(hand)
    army(s, "capua", role, LG=2)
    hold(s, "east")
    push(s, "card_segment", role=role, drawn=None, played_drawn=False, played_other=False)
    return fresh(s)


def test_the_card_segment_plays_a_free_gain_and_keeps_the_answers():
    """Independent Expansion's free Garrisons are played at once; an Ambush alone is kept for
    its moment; over the hand limit the card Rome can never use (Mercenaries, §12.2) goes."""
    assert _pick(_segment([AMBUSH, EXPANSION]), "rome") == ("play", EXPANSION)
    assert _pick(_segment([AMBUSH]), "rome") == ("keep", None)
    assert _pick(_segment([AMBUSH, SURPRISE, DEUS, MERCENARIES]), "rome") == (
        "discard", MERCENARIES)


def test_the_free_garrisons_go_where_they_win_something_then_stop():
    """Independent Expansion: a Garrison in a space worth holding; none once the spaces left
    win nothing (the bare space next to Rome's own province)."""
    s = _segment([EXPANSION])
    s = act(s, "rome", "play", EXPANSION)
    while s.flow[-1]["k"] == "card_window":
        s = act(s, s.flow[-1]["roles"][0], "answer", 0)
    assert s.flow[-1]["k"] == "free_garrisons"
    view = RULES.view(s, "rome")
    verb, where = _pick(s, "rome")
    assert verb == "garrison_at" and where in {str(c.arg) for c in view.actions}
    s.card_effects = {}
    placed = 0
    while s.flow[-1]["k"] == "free_garrisons" and placed < 60:
        s = act(s, "rome", *_pick(s, "rome"))
        placed += 1
    assert 0 < placed < 60


def test_the_best_card_is_carried_into_the_next_turn():
    """§17.1.4: of Spies and Tactical Surprise, the Tactical Surprise is kept."""
    s = _game()
    s.hands["rome"] = [SPIES, SURPRISE]
    hold(s, "east")
    push(s, "card_keep", roles=["rome"], answers={})
    assert _pick(fresh(s), "rome") == ("carry", SURPRISE)


# -- the targets of harmful cards: the VP leader ----------------------------------------------------

def test_spies_and_traitor_are_aimed_at_the_vp_leader():
    """§17.2 Spies and Traitor: Greece leads on VP: its hand is looked at, its card taken."""
    for kind in (SPIES, TRAITOR):
        s = _game()
        s.powers["greece"].vp = 3
        s.powers["east"].vp = 1
        s.hands["greece"] = [AMBUSH]
        s.hands["east"] = [DEUS, SURPRISE]
        hold(s, "east")
        push(s, "card_pick", role="rome", card=kind)
        assert _pick(fresh(s), "rome") == ("pick", "greece")


def test_a_conspiracy_removes_the_best_leader_of_the_vp_leader():
    """§17.2 Conspiracy: Carthage leads on VP; of its two leaders the better-rated (2-5) goes,
    never one of the drawer's own."""
    s = _game()
    s.powers["carthage"].vp = 2
    for lid, sp in (("rome_08", "capua"), ("carthage_02", "utica"), ("carthage_07", "cirta"),
                    ("greece_08", "athens")):
        s.leaders[lid] = LeaderState(owner=lid.split("_")[0], at=sp)
    hold(s, "east")
    push(s, "conspiracy", role="east")
    assert _pick(fresh(s), "east") == ("conspirator", "carthage_07")


# -- the Manpower Phase: Optional Objectives (§15.4.4) ----------------------------------------------

def _playout(scenario: str, seed: int, steps: int, options: dict[str, Any],
             mixed: bool = False) -> Iterator[tuple[PRState, str, View]]:
    """(state, role, its view) along a seeded playout: random picks, or with ``mixed`` the
    policy's two times in three (cards are then played and answered)."""
    state = RULES.setup(seed, scenario, options)
    for i in range(steps):
        if state.result is not None:
            return
        role = RULES.view(state, None).active[0]
        view = RULES.view(state, role)
        yield state, role, view
        picked = pr_ai.policy(view) if mixed and i % 3 else random_choice(view, seed * 1000 + i)
        state = RULES.act(state, role, picked.action())


def test_an_objective_is_bought_while_the_treasury_stays_above_the_ams_cost():
    """§15.4.4: offered an Optional Objective in the Manpower plan, the player buys it with 20T;
    with only the AMs' cost and one Talent more in the Treasury it does not."""
    found = next(((state, role) for state, role, view in _playout("V", 2, 3000, {"advanced": True})
                  if any(c.verb == "buy_objective" for c in view.actions)), None)
    assert found is not None, "no Manpower plan offered an Optional Objective"
    state, role = found
    rich = RULES.copy(state)
    rich.powers[role].treasury = 20
    assert _pick(rich, role) == ("buy_objective", None)
    poor = RULES.copy(state)
    poor.powers[role].treasury = poor.powers[role].ams + 1
    assert any(c.verb == "buy_objective" for c in RULES.view(poor, role).actions)
    assert _pick(poor, role) != ("buy_objective", None)


# -- fairness and a whole game -----------------------------------------------------------------------

CARD_PROMPTS = ("prompt.card_segment", "prompt.card_window_", "prompt.card_keep",
                "prompt.card_pick", "prompt.free_garrisons", "prompt.hire_mercenaries",
                "prompt.mercenaries_join")


def test_a_card_decision_does_not_depend_on_what_the_other_powers_hold():
    """The same View and the same decision whatever the other Powers' hands, objectives and
    leaders drawn (``perturb_hidden`` on each of them)."""
    checked: set[str] = set()
    for state, role, view in _playout("VII", 2, 400, {"advanced": True}, mixed=True):
        if len(view.actions) < 2 or not view.prompt_msg.key.startswith(CARD_PROMPTS):
            continue
        if not any(state.hands.get(r) for r in state.roles if r != role):
            continue
        picked = key_of(pr_ai.policy(view))
        for n, hider in enumerate(r for r in state.roles if r != role):
            other = RULES.perturb_hidden(state, hider, 7 + n)
            other_view = RULES.view(other, role)
            assert other_view.model_dump_json() == view.model_dump_json()
            assert key_of(pr_ai.policy(other_view)) == picked
        key = view.prompt_msg.key
        checked.add(key.rsplit(".", 1)[0] if key[-1].isdigit() else key)
    assert {"prompt.card_segment", "prompt.card_window_action", "prompt.hire_mercenaries"} <= (
        checked)


def test_a_seeded_advanced_game_is_finished_by_computer_players_without_an_illegal_action():
    """Scenario VII (one Game Turn) of the Advanced Game: Rome by the search, the others by the
    easy player; every pick is among the View's actions, cards are played, the game ends."""
    state = RULES.setup(2, "VII", {"advanced": True})
    played = 0
    for step in range(1500):
        if state.result is not None:
            break
        role = RULES.view(state, None).active[0]
        view = RULES.view(state, role)
        level = "normal" if role == "rome" else "easy"
        choice = decide(view, step, "ai", level, strict=True)
        assert view.find(choice.action()) is not None
        played += choice.verb == "play"
        state = RULES.act(state, role, choice.action())
    assert state.result is not None
    assert played > 0


def test_the_module_answers_only_card_questions():
    """A Standard-game question (the Expansion menu) is left to the Standard policy."""
    for _state, _role, view in _playout("V", 6, 400, {"advanced": True}):
        if view.prompt_msg.key == "prompt.expansion" and len(view.actions) > 1:
            assert cards_ai.card_answer(view, list(view.actions)) is None
            return
    raise AssertionError("no Expansion menu met")


def test_the_arena_plays_the_advanced_game_with_an_option(monkeypatch, capsys):
    """``--option advanced=true`` reaches the setup of every game (its header names it)."""
    monkeypatch.setenv("FUZZ_WORKERS", "1")
    code = arena_main(["pax_romana", "--scenario", "VII", "--seats", "random", "--games", "1",
                       "--option", "advanced=true"])
    out = capsys.readouterr().out
    assert code == 0 and "advanced=True" in out.splitlines()[0]


def test_the_rebels_and_an_insurrection_strike_the_vp_leader():
    """§13.3 rebels strike the VP leader's units (Carthage), not the card player's; §17.2 Local
    Insurrection removes its Garrison standing alone (the space is lost with it)."""
    s = _game()
    s.powers["carthage"].vp = 3
    army(s, "capua", "rome", LI=2)
    army(s, "athens", "greece", LI=2)
    army(s, "utica", "carthage", LI=2)
    hold(s, "east")
    push(s, "rebels_choice", role="rome", stage="strike",
         options=["capua|rome", "athens|greece", "utica|carthage"])
    assert _pick(fresh(s), "rome") == ("strike", "utica|carthage")
    s = _game()
    s.powers["carthage"].vp = 3
    army(s, "capua", "rome", GR=1)
    army(s, "athens", "greece", GR=1)
    army(s, "utica", "carthage", GR=1, LI=1)
    army(s, "cirta", "carthage", GR=1)
    hold(s, "east")
    push(s, "insurrection", role="rome")
    assert _pick(fresh(s), "rome") == ("garrison", "cirta|carthage")


def _transport_window(escort: int) -> PRState:
    """Rome's 2 Legions by Naval Transport enter Syracuse with ``escort`` galleys; Carthage
    holds a Naval Ambush and one galley at Messana."""
    s = _game()
    s.hands["carthage"] = [24]
    army(s, "syracuse", "rome", LG=2)
    if escort:
        army(s, "syracuse", "rome", GS=escort)
    army(s, "messana", "carthage", GS=1)
    hold(s, "east")
    windows.open_window(s, "naval_transport", "rome", space="syracuse", owner="rome",
                        mover="rome", escorted=bool(escort))
    s = fresh(s)
    run(s)
    return s


def test_a_naval_ambush_sinks_a_transport_its_galleys_can_beat():
    """§17.2 Naval Ambush: an unescorted transport is ambushed; one escorted by three galleys,
    more than Carthage's one, is let pass (A6: the escort would fight)."""
    assert _pick(_transport_window(0), "carthage") == ("answer", 24)
    assert _pick(_transport_window(3), "carthage") == ("answer", 0)


def test_the_successor_army_marches_on_the_greek_units_it_beats():
    """§17.2 Successor Wars Roll On, drawn by Carthage: the biggest Greek army (9 BP at Megara)
    marches; it goes into Corinth's single light infantry and attacks it rather than take it
    along."""
    s = _game()
    army(s, "megara", "greece", HI=3)
    army(s, "corinth", "greece", LI=1)
    army(s, "pella", "greece", LI=2)
    hold(s, "east")
    push(s, "successor_wars", role="carthage")
    s = fresh(s)
    assert _pick(s, "carthage") == ("greek_army", "megara")
    s = act(s, "carthage", "greek_army", "megara")
    s.rng.scripted.append("2")
    s = act(s, "carthage", "go")
    assert _pick(s, "carthage") == ("to", "corinth")
    s = act(s, "carthage", "to", "corinth")
    assert _pick(s, "carthage") == ("attack", None)


def test_the_card_menu_is_left_when_no_card_is_worth_playing():
    """§17.1.5: in its own action Rome, holding Spies and Tactical Surprise with nothing to gain,
    plays Spies (nothing is lost by it); holding Cunctator and The Archimedes Effect with no
    enemy at home and no City threatened, it leaves the menu and keeps them."""
    s = _game()
    s.hands["rome"] = [SURPRISE, SPIES]
    army(s, "capua", "rome", LG=2)
    hold(s, "east")
    push(s, "card_menu", role="rome", opening=False)
    s = fresh(s)
    assert _pick(s, "rome") == ("play", SPIES)
    s = _game()
    s.hands["rome"] = [5, 12]
    army(s, "capua", "rome", LG=2)
    s.cities["syracuse"] = City(owner="greece", kind="city", fp=3)
    hold(s, "east")
    push(s, "card_menu", role="rome", opening=False)
    s = fresh(s)
    assert [c.verb for c in RULES.view(s, "rome").actions] == ["play", "play", "done"]
    assert _pick(s, "rome") == ("done", None)


def test_mercenaries_buy_heavy_infantry_for_the_threatened_army():
    """§12.2.3 Mercenaries: 2T buy a Mercenary HI (3 BP, Carthage below its Manpower Maximum),
    who join the army facing Rome's Legions rather than the one at peace."""
    s = _game()
    army(s, "utica", "carthage", HI=2)
    army(s, "lilybaeum", "carthage", HI=2)
    army(s, "panormus", "rome", LG=3)
    hold(s, "east")
    push(s, "hire_mercenaries", role="carthage", unit=None)
    s = fresh(s)
    assert _pick(s, "carthage") == ("mercenaries", "MHI")
    s = act(s, "carthage", "mercenaries", "MHI")
    assert _pick(s, "carthage") == ("join", "lilybaeum")


# -- the Expansion menu's card entry: no endless menu (§17.1.5) -------------------------------------

def _moved(s: PRState, me: str) -> float:
    """A stand-in evaluation: -1 once the Major Move is spent, so every Move rates below standing
    still (as a rollout on unlucky sampled dice may)."""
    frame = next((f for f in reversed(s.flow) if f["k"] == "expansion"), None)
    return -1.0 if frame is not None and frame["majors"] == 0 else 0.0


def test_the_search_does_not_open_the_card_menu_only_to_leave_it(monkeypatch):
    """§17.1.5: Rome at its Expansion menu holds Cunctator with no enemy at home (the card menu
    would be left at once). Even when the rollouts rate its Major Move below standing still, the
    search does not pick "play a card": leaving the menu brings the same menu back, and in a real
    game the same pick came back hundreds of times until the arena's step limit."""
    s = _game()
    s.hands["rome"] = [12]
    army(s, "capua", "rome", LG=2)
    hold(s, "east")
    push(s, "expansion", role="rome", majors=1, extra=0, minors=0)
    s = fresh(s)
    view = RULES.view(s, "rome")
    assert {c.verb for c in view.actions} >= {"menu", "cards", "end"}
    monkeypatch.setattr(pr_ai, "evaluate", _moved)
    assert key_of(decide(view, 3, "ai", "normal", strict=True)) != ("cards", None)


def test_an_objective_out_of_reach_is_discarded_at_the_removal():
    """§15.4.7: Carthage holds the Danube (H) and Hispania (C); its army stands in Hispania and
    nothing of it comes near the Danube: H is discarded (a new objective may be bought in its
    place, §15.4.4), C kept, and the plan confirmed."""
    s = _game()
    s.powers["carthage"].objectives = ["C", "H"]
    army(s, "gades", "carthage", HI=3)
    army(s, "carthage", "carthage", HI=2)
    hold(s, "east")
    start_plan(s, "discard", ["carthage"])
    s = fresh(s)
    assert _pick(s, "carthage") == ("discard", "H")
    s = act(s, "carthage", "discard", "H")
    assert _pick(s, "carthage") == ("confirm", None)
    s = act(s, "carthage", "confirm")
    assert s.powers["carthage"].objectives == ["C"]


def test_mercenaries_without_the_talents_to_hire_are_not_carried_over():
    """§17.1.4, §12.2.3: Greece keeps Mercenaries over a Traitor while 2T are to spare beyond
    its AMs' cost; with an empty Treasury the Traitor (played at once next turn) is kept."""
    for treasury, kept in ((10, MERCENARIES), (0, TRAITOR)):
        s = _game()
        s.powers["greece"].treasury = treasury
        s.hands["greece"] = [MERCENARIES, TRAITOR]
        army(s, "athens", "greece", HI=2)
        hold(s, "east")
        push(s, "card_keep", roles=["greece"], answers={})
        assert _pick(fresh(s), "greece") == ("carry", kept)


def test_a_change_in_foreign_policy_swaps_the_holders_own_dead_objective():
    """§17.2 Change in Foreign Policy: Carthage, in Africa only, holds the Danube (H), out of
    reach: it draws for itself (the one given back is the Danube). Holding Hispania (C) with
    its army there, it shuffles the VP leader's objectives instead."""
    for held, target in ((["H"], "carthage"), (["C"], "greece")):
        s = _game()
        s.powers["greece"].vp = 4
        s.powers["carthage"].objectives = list(held)
        army(s, "carthage", "carthage", HI=3)
        army(s, "gades", "carthage", HI=2)
        hold(s, "east")
        push(s, "foreign_policy", role="carthage")
        assert _pick(fresh(s), "carthage") == ("target", target)
