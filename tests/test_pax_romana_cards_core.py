"""The Advanced Game's card machinery (§17.1): setup, the Card Segment, the hand limit, the card
carried over and the reshuffle of the Victory Phase, the Use Once and Remove cards, the windows
asked of exactly the right Powers with the same question, and Carthage's hiring (§17.1.6)."""

from __future__ import annotations

from typing import Any

import pytest

from games.pax_romana.cards import deck, segment, windows
from games.pax_romana.cards.registry import ACTION, RULES, SEGMENT, CardRule
from games.pax_romana.data import DataError
from games.pax_romana.flow import run
from games.pax_romana.rules import RULES as GAME
from games.pax_romana.state import PRState
from tests.pax_romana_support import act, blank, choices, fresh, hold

AMBUSH, CUNCTATOR, DEUS, SPIES, SURPRISE, GALLEY_TECH = 4, 12, 13, 33, 37, 18


def _game(**options: Any) -> PRState:
    s = blank("V", advanced=True, **options)
    for p in s.powers.values():
        p.treasury = 10
    s.hands = {p: [] for p in s.roles}
    s.deck, s.discard, s.removed_cards = [], [], []
    return s


def _am(s: PRState, power: str = "rome", free: bool = False) -> PRState:
    hold(s, "east")
    s.flow.append({"k": "am", "role": power, "free": free})
    s = fresh(s)
    run(s)
    return s


def _fake(kind: int, *moments: str, log: list[Any] | None = None) -> CardRule:
    def play(s: PRState, power: str, ctx: dict[str, Any]) -> None:
        if log is not None:
            log.append((power, dict(ctx)))
    return CardRule(kind=kind, moments=frozenset(moments), play=play,
                    can_play=lambda s, p, ctx: True)


def test_setup_deals_the_deck_and_four_ams() -> None:
    """§17.1.1, §3.8.2: 55 cards shuffled, empty hands, 4 AMs each, no Event markers."""
    s = GAME.setup(3, "V", {"advanced": True, "format": "basic"})
    assert sorted(s.deck) == sorted(k for k, (n, _, _) in deck.kinds().items()
                                    for _ in range(n))
    assert len(s.deck) == 55
    assert s.hands == {p: [] for p in s.roles}
    assert [p.ams for p in s.powers.values()] == [4, 4, 4, 4]
    assert s.options["event_markers"] == 0
    other = GAME.setup(4, "V", {"advanced": True})
    assert other.deck != s.deck          # shuffled with the game's generator
    assert GAME.setup(1, "VII", {"advanced": True}).deck


def test_standard_only_scenario_refuses_the_advanced_game() -> None:
    with pytest.raises(DataError):
        GAME.setup(1, "II", {"advanced": True})


def test_card_segment_draws_once_the_am_is_paid() -> None:
    """§17.1.3: the card is drawn as soon as the AM is paid for; others learn only that a
    card was drawn."""
    s = _game()
    s.deck = [SURPRISE, SPIES]
    s = _am(s)
    assert choices(s, "rome") == [("pay", 1), ("action", "pass")]
    s = act(s, "rome", "pay", 1)
    assert s.powers["rome"].treasury == 9
    assert s.hands["rome"] == [SURPRISE]
    assert s.deck == [SPIES]
    assert s.flow[-1]["k"] == "card_segment"
    assert GAME.prompt(s, "carthage") == GAME.prompt(s, "rome")
    public = GAME.view(s, "carthage")
    assert public.board["cards"]["hands"]["rome"] == 1
    assert "cards" not in public.private or not public.private["cards"]["hand"]
    assert [c["kind"] for c in GAME.view(s, "rome").private["cards"]["hand"]] == [SURPRISE]


def test_3_2_f_the_action_is_chosen_after_the_card_segment() -> None:
    """§3.2 F, §17.1.3: the AM is paid for first, then the card drawn and the Card Segment
    played out; only then the Action is chosen, with nothing more to pay."""
    s = _game()
    s.deck = [SURPRISE]
    s = _am(s)
    assert GAME.prompt(s, "rome").key == "prompt.am_pay"
    s = act(s, "rome", "pay", 1)
    assert [f["k"] for f in s.flow][-3:] == ["end_activation", "am", "card_segment"]
    s = act(s, "rome", "keep")
    assert s.flow[-1]["k"] == "am" and GAME.prompt(s, "rome").key == "prompt.am_action"
    assert choices(s, "rome") == [("action", "expansion"), ("action", "callup"),
                                  ("action", "pass")]
    s = act(s, "rome", "action", "expansion")
    assert s.powers["rome"].treasury == 9 and s.hands["rome"] == [SURPRISE]
    assert [f["k"] for f in s.flow][-2:] == ["end_activation", "expansion"]


def test_3_2_f_no_action_after_paying_keeps_the_card() -> None:
    """§3.2 F: a paid AM may end with no Action; the card drawn stays in hand, the 1T spent."""
    s = _game()
    s.deck = [SURPRISE]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    s = act(s, "rome", "keep")
    s = act(s, "rome", "action", "pass")
    assert s.powers["rome"].treasury == 9 and s.hands["rome"] == [SURPRISE]
    assert [f["k"] for f in s.flow] == ["am"] and s.flow[0]["role"] == "east"


def test_free_first_am_and_pass_draw_no_card() -> None:
    """Play note §17.1: the free first AM of a scenario starting in the Action Segment comes
    after the Card Segment; a passed AM is not paid for."""
    s = _game()
    s.deck = [SURPRISE, SPIES]
    s = _am(s, free=True)
    s = act(s, "rome", "action", "expansion")
    assert s.hands["rome"] == [] and len(s.deck) == 2
    s = _game()
    s.deck = [SURPRISE]
    s = _am(s)
    s = act(s, "rome", "action", "pass")
    assert s.hands["rome"] == [] and s.deck == [SURPRISE]


def test_play_when_drawn_is_played_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """§17.1.2: a Play When Drawn card is played on being drawn, then discarded."""
    seen: list[Any] = []
    monkeypatch.setitem(RULES, 30, _fake(30, "drawn", log=seen))
    s = _game()
    s.deck = [30, SPIES]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    assert seen == [("rome", {})]
    assert s.discard == [30] and s.hands["rome"] == []


def test_unregistered_kind_is_discarded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(RULES, 30, raising=False)
    s = _game()
    s.deck = [30]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    assert s.discard == [30] and s.hands["rome"] == []
    assert any(e.msg.key == "log.card_no_rule" for e in s.log)


def test_hand_limit_three(monkeypatch: pytest.MonkeyPatch) -> None:
    """§17.1.4: with 3 Hold in Hand cards and a 4th drawn, one must go before keeping."""
    s = _game()
    s.hands["rome"] = [AMBUSH, CUNCTATOR, SURPRISE]
    s.deck = [SPIES]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    got = choices(s, "rome")
    assert ("keep", None) not in got
    assert ("discard", AMBUSH) in got and ("play", SPIES) in got
    s = act(s, "rome", "discard", AMBUSH)
    assert s.discard == [AMBUSH]
    assert ("keep", None) in choices(s, "rome")
    s = act(s, "rome", "keep")
    assert sorted(s.hands["rome"]) == [CUNCTATOR, SPIES, SURPRISE]


def test_segment_plays_the_card_drawn_and_one_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """§17.1.3: play the card drawn and/or one from the hand."""
    seen: list[Any] = []
    for k in (21, 15, 28):
        monkeypatch.setitem(RULES, k, _fake(k, SEGMENT, ACTION, log=seen))
    s = _game()
    s.hands["rome"] = [15, 28]
    s.deck = [21]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    s = act(s, "rome", "play", 21)
    s = act(s, "rome", "play", 15)
    assert [c for c in choices(s, "rome") if c[0] == "play"] == []
    assert s.discard == [21, 15] and s.hands["rome"] == [28]


def test_use_once_and_remove() -> None:
    """§3.2 H: a Galley Tech played leaves the game; a discarded one does not."""
    s = _game()
    s.hands["rome"] = [GALLEY_TECH, 19]
    hold(s)
    windows.play_card(s, "rome", GALLEY_TECH)
    run(s)
    assert s.removed_cards == [GALLEY_TECH] and s.powers["rome"].galley_improvement
    deck.to_discard(s, 19, played=False)
    assert s.discard == [19]


def test_empty_deck_takes_the_discard_pile_back() -> None:
    s = _game()
    s.discard = [SPIES, SURPRISE]
    got = deck.draw(s)
    assert got in (SPIES, SURPRISE)
    assert s.discard == [] and len(s.deck) == 1


def test_victory_phase_keeps_one_card_and_reshuffles() -> None:
    """§17.1.1, §17.1.4: one card carried over; everything else (the discard pile too, not
    the removed cards) back into the deck; the turn's lasting effects end."""
    s = _game()
    s.hands.update(rome=[AMBUSH, CUNCTATOR], carthage=[SURPRISE])
    s.deck, s.discard, s.removed_cards = [SPIES], [DEUS], [GALLEY_TECH]
    s.card_effects["cunctator"] = ["rome"]
    hold(s)
    segment.end_of_turn(s)
    run(s)
    assert s.flow[-1]["k"] == "card_keep"
    assert GAME.prompt(s, "rome") == GAME.prompt(s, "carthage") == GAME.prompt(s, "greece")
    assert choices(s, "rome") == [("carry", AMBUSH), ("carry", CUNCTATOR), ("carry", 0)]
    s = act(s, "rome", "carry", CUNCTATOR)
    s = act(s, "carthage", "carry", 0)
    assert s.hands == {"rome": [CUNCTATOR], "carthage": [], "greece": [], "east": []}
    assert sorted(s.deck) == sorted([SPIES, DEUS, AMBUSH, SURPRISE])
    assert s.discard == [] and s.removed_cards == [GALLEY_TECH]
    assert "cunctator" not in s.card_effects


def test_window_asks_every_power_that_might_hold_the_answer() -> None:
    """The fairness rule: everyone with a card, other than the mover, is asked the same
    question while some Ambush is unaccounted; only the holder sees "play"."""
    s = _game()
    s.hands.update(rome=[SPIES], carthage=[AMBUSH], greece=[], east=[CUNCTATOR])
    s.add("tp_issus", "rome", "LG", 1)
    hold(s)
    windows.open_window(s, "enter_tp", "rome", space="tp_issus", owner="rome", mover="rome")
    s = fresh(s)
    run(s)
    top = s.flow[-1]
    assert top["k"] == "card_window" and top["roles"] == ["carthage", "east"]
    assert GAME.prompt(s, "carthage") == GAME.prompt(s, "east")
    assert choices(s, "carthage") == [("answer", AMBUSH), ("answer", 0)]
    assert choices(s, "east") == [("answer", 0)]
    assert all(c.secret for c in GAME.view(s, "carthage").actions)
    # every Ambush accounted for: nobody is asked
    s = _game()
    s.hands.update(carthage=[SPIES], east=[CUNCTATOR])
    s.add("tp_issus", "rome", "LG", 1)
    s.discard = [AMBUSH]
    assert windows.candidates(s, "enter_tp", "rome", {"space": "tp_issus", "owner": "rome",
                                                      "mover": "rome"}) == []


def test_action_segment_asks_the_others_once_unless_answers_only() -> None:
    """§17.1.5: the other Powers holding a card may play one in any player's Action Segment."""
    for option, asked in (("each_action", ["carthage", "east"]), ("answers_only", None)):
        s = _game(card_play_window=option)
        s.hands.update(carthage=[SPIES], east=[AMBUSH])
        s = _am(s)
        s = act(s, "rome", "pay", 1)
        s = act(s, "rome", "action", "callup")
        top = s.flow[-1]
        if asked is None:
            assert top["k"] != "card_window"
        else:
            assert top["k"] == "card_window" and top["roles"] == asked
            assert ("answer", SPIES) in choices(s, "carthage")
            assert choices(s, "east") == [("answer", 0)]


def test_deus_ex_machina_cancels_a_card_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """§17.2 Deus ex Machina: another's card cancelled before any effect; both discarded."""
    seen: list[Any] = []
    monkeypatch.setitem(RULES, GALLEY_TECH, _fake(GALLEY_TECH, SEGMENT, ACTION, log=seen))
    s = _game()
    s.hands.update(rome=[GALLEY_TECH], carthage=[DEUS])
    hold(s)
    windows.play_card(s, "rome", GALLEY_TECH)
    s = fresh(s)
    run(s)
    assert s.flow[-1]["roles"] == ["carthage"]
    s = act(s, "carthage", "answer", DEUS)
    assert seen == []
    assert sorted(s.discard) == [DEUS, GALLEY_TECH] and s.removed_cards == []


def test_carthage_hires_with_any_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """§17.1.6: Carthage may play any Hold in Hand card to hire Mercenaries; the card's own
    event is ignored; others may not."""
    seen: list[Any] = []
    monkeypatch.setitem(RULES, segment.MERCENARIES, _fake(segment.MERCENARIES, SEGMENT,
                                                          log=seen))
    s = _game()
    s.hands.update(carthage=[CUNCTATOR], rome=[CUNCTATOR])
    assert segment.hire_choices(s, "rome") == []
    assert [c.arg for c in segment.hire_choices(s, "carthage")] == [CUNCTATOR]
    s.hands["rome"] = []            # nobody to answer with Deus ex Machina
    hold(s)
    segment.hire_with(s, "carthage", CUNCTATOR)
    run(s)
    assert seen == [("carthage", {"via": CUNCTATOR})]
    assert s.discard == [CUNCTATOR] and "cunctator" not in s.card_effects


def test_carthage_hiring_left_out_without_the_mercenaries_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(RULES, segment.MERCENARIES, raising=False)
    s = _game()
    s.hands["carthage"] = [CUNCTATOR]
    assert segment.hire_choices(s, "carthage") == []


def test_every_card_kind_has_its_rule() -> None:
    """Every one of the 39 kinds registers what it does (§17.2)."""
    assert sorted(RULES) == sorted(deck.kinds()) == list(range(1, 40))


def test_hand_picture_and_words_show_the_cards() -> None:
    """The hand picture has a row for each card; ``/hand``'s words name them in Russian too."""
    from renderers.pax_romana.hand import hand_image
    s = _game()
    before = hand_image(GAME.view(s, "rome"), "ru").height
    s.hands["rome"] = [SURPRISE, DEUS]
    s.card_effects["seen"] = {"rome": [{"of": "carthage", "cards": [AMBUSH]}]}
    view = GAME.view(s, "rome")
    assert hand_image(view, "ru").height == before + 2 * 40     # 2 cards, 1 seen, no "none"
    lines = GAME.private_lines(view, "ru")
    assert "Карты на руке: Бог из машины, Тактическая внезапность" in lines
    assert "На руке у игрока Карфаген: Засада" in lines
    assert "Cards in hand: Deus ex Machina, Tactical Surprise" in GAME.private_lines(view, "en")


def test_board_words_show_the_public_side_of_the_cards() -> None:
    s = _game()
    s.hands["rome"] = [SURPRISE]
    s.deck, s.discard, s.removed_cards = [SPIES, DEUS], [AMBUSH], [GALLEY_TECH]
    text = GAME.describe(GAME.view(s, "carthage"), "en")
    assert "Cards in hand: Rome 1, Carthage 0, Greece 0, East 0; deck: 2" in text
    assert "Discard pile: Ambush" in text
    assert "Out of the game: Galley Tech – Artillery Engines" in text
    assert "Tactical Surprise" not in text


def test_carthage_hires_in_another_powers_action_segment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """§17.1.5-17.1.6: in Rome's Action Segment Carthage may hire with any card it holds."""
    seen: list[Any] = []
    monkeypatch.setitem(RULES, segment.MERCENARIES, _fake(segment.MERCENARIES, SEGMENT, ACTION,
                                                          log=seen))
    s = _game()
    s.hands["carthage"] = [AMBUSH]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    s = act(s, "rome", "action", "callup")
    assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["roles"] == ["carthage"]
    assert choices(s, "carthage") == [("answer", f"hire:{AMBUSH}"), ("answer", 0)]
    s = act(s, "carthage", "answer", f"hire:{AMBUSH}")
    assert seen == [("carthage", {"via": AMBUSH})]
    assert s.hands["carthage"] == [] and s.discard == [AMBUSH]


def test_17_1_5_no_answer_in_another_powers_card_segment(monkeypatch: pytest.MonkeyPatch) -> None:
    """§17.1.5: "no card may be played in any other segment": while Rome's Card Segment is
    under way (a battle its card brought about), Carthage's Tactical Surprise and Ambush are
    not asked for, Rome's own Tactical Surprise is; Deus ex Machina still answers the card
    Rome plays there (§17.2: a card just drawn or played)."""
    seen: list[Any] = []
    monkeypatch.setitem(RULES, 21, _fake(21, SEGMENT, ACTION, log=seen))
    s = _game()
    s.hands.update(rome=[SURPRISE, 21], carthage=[SURPRISE, AMBUSH, DEUS])
    s.add("tp_issus", "rome", "LG", 1)
    hold(s)
    s.flow.append({"k": "card_segment", "role": "rome", "drawn": None, "played_drawn": False,
                   "played_other": False})
    assert windows.card_segment_of(s) == "rome"
    battle = {"space": "tarsus", "attacker": "rome", "defender": "carthage", "city": False,
              "sides": ["rome", "carthage"]}
    assert windows.candidates(s, "land_battle", "rome", battle) == ["rome"]
    assert windows.candidates(s, "enter_tp", "rome", {"space": "tp_issus", "owner": "rome",
                                                      "mover": "rome"}) == []
    s = act(s, "rome", "play", 21)
    assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["roles"] == ["carthage"]
    assert ("answer", DEUS) in choices(s, "carthage")
    s = act(s, "carthage", "answer", 0)
    assert seen == [("rome", {})]
    # out of the Card Segment (Rome's Action Segment) Carthage answers again
    s.flow = [f for f in s.flow if f["k"] != "card_segment"]
    assert windows.card_segment_of(s) is None
    assert windows.candidates(s, "land_battle", "rome", battle) == ["rome", "carthage"]


def test_17_1_3_an_empty_deck_still_lets_the_hand_be_played() -> None:
    """§17.1.3: with no card left to draw, the Card Segment still asks what to do with the
    hand."""
    s = _game()
    s.hands["rome"] = [SPIES]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    assert s.flow[-1]["k"] == "card_segment" and s.flow[-1]["drawn"] is None
    assert ("keep", None) in choices(s, "rome")


def test_3_2_f_riots_of_a_stability_check_drawn_strike_this_activation() -> None:
    """§3.2 F, §17.2 Stability Check: drawn by Rome, the only Power at +3 or lower, in Unrest
    (-2): Riots in this very Activation, whose Action is chosen after the card; with no army
    brought into Rome it loses 1 Stability and its Garrisons (§16.2)."""
    s = _game()
    for p in s.powers.values():
        p.stability = 5
    s.powers["rome"].stability = -2
    s.add("capua", "rome", "GR", 1)
    s.deck = [35]
    s = _am(s)
    s = act(s, "rome", "pay", 1)
    assert s.powers["rome"].riots and s.flow[-1]["k"] == "am"
    s = act(s, "rome", "action", "pass")
    assert s.powers["rome"].stability == -3 and not s.powers["rome"].riots
    assert s.stack("capua", "rome") == {}
