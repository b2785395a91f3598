"""Phase 5, Leadership (spec B.5; §5, C6, C34) and the four victories (spec B.6; §6.0-§6.4,
§10 Perseus, C18, C19), each at the moment the rules check it."""

from __future__ import annotations

from games.mare_nostrum import board as B
from tests.test_mare_nostrum_kit import (
    RULES,
    act,
    active,
    builder,
    choices,
    enter,
    game,
    hand,
    logs,
    mover,
    skip_to,
)


def lead(s, role, track, by=3):
    """Give ``role`` a clear lead on a track through card influence (Hercules-like)."""
    from games.mare_nostrum.data import cards
    extra = {"trade": "hanging_gardens", "culture": "penthesilea", "military": "penthesilea"}
    card = extra[track]
    for _ in range(by):
        s.players[role].cards.append(card)
    assert cards()[card].influence.of(track) > 0
    s.touch()


def settle(s, **picks):
    """Answer the remaining tie decisions: ``picks[track]`` or the first of the tied."""
    while s.phase == "leadership" and s.result is None:
        f = s.flow[-1]
        assert f["k"] == "tie"
        s = act(s, f["role"], "title", picks.get(f["track"], f["tied"][0]))
    return s


# -- Phase 5 (§5) ------------------------------------------------------------------------------------
def test_b5_highest_value_takes_each_title():
    """§5 example: the highest Trade value becomes Trade Leader; titles change only at the end
    of the phase."""
    s = game(5)
    s.provinces["gallia"].controller = "rome"
    s.provinces["gallia"].caravans = [True]
    s = enter(s, "leadership")
    assert active(s) == ["egypt"]                 # Culture IV: Greece and Egypt tie
    assert s.titles["trade"] == "carthage"
    s = settle(s, culture="egypt", military="rome")
    assert s.titles == {"trade": "rome", "culture": "egypt", "military": "rome"}
    assert s.prev_titles["trade"] == "carthage"
    assert s.turn == 2 and active(s) == ["rome"]


def test_b5_tie_is_decided_by_the_previous_leader():
    """Rome and Carthage tie at Trade VII: Carthage, the Trade Leader this turn, decides and may
    name himself."""
    s = enter(game(5), "leadership")
    assert active(s) == ["carthage"]
    assert choices(s, "carthage") == [("title", "rome"), ("title", "carthage")]
    s = act(s, "carthage", "title", "carthage")
    assert s.titles["trade"] == "carthage"


def test_b5_previous_leader_not_tied_still_decides_c34():
    """Culture: Greece and Egypt tie at IV; with 5 players Egypt decides. Make Babylon the Culture
    Leader this turn: not tied, it still names one of them."""
    s = game(5)
    s.titles["culture"] = "babylon"
    s.titles["trade"] = "rome"        # and Rome names the Trade tie
    s = enter(s, "leadership")
    assert active(s) == ["rome"]
    s = act(s, "rome", "title", "rome")
    assert active(s) == ["babylon"]
    assert choices(s, "babylon") == [("title", "greece"), ("title", "egypt")]
    s = act(s, "babylon", "title", "egypt")
    s = settle(s)
    assert s.titles["culture"] == "egypt"
    assert any("Babylon gives the Culture title to Egypt" in x for x in logs(s))


def test_b5_new_trade_leader_gets_all_tokens_c6():
    s = game(5)
    s.tokens, s.played_tokens = ["5/0"], ["2/1", "4/3"]
    s = enter(s, "leadership")
    s = act(s, "carthage", "title", "carthage")     # keeps the title: keeps the depleted set
    s = settle(s)
    assert s.tokens == ["5/0"]
    s = game(5)
    s.tokens, s.played_tokens = ["5/0"], ["2/1", "4/3"]
    s = enter(s, "leadership")
    s = act(s, "carthage", "title", "rome")
    s = settle(s)
    assert sorted(s.tokens) == ["2/1", "4/3", "5/0"] and s.played_tokens == []
    assert active(s) == ["rome"] and s.phase == "trade"


# -- 6.1 and 6.2 ----------------------------------------------------------------------------------------
def test_6_1_prestige_pyramids_at_once():
    s = builder(game(3), "carthage")
    hand(s, "carthage", {"coin": 12})
    s = act(s, "carthage", "item", "pyramids")
    s = act(s, "carthage", "at", "pyramids")
    s = act(s, "carthage", "set", "+".join(["coin"] * 12))
    assert s.result.winners == ["carthage"] and s.result.msg.key == "result.prestige"
    assert RULES.view(s, "rome").actions == []


def _four_cards(s, role):
    s.players[role].cards += ["hercules", "circe", "gilgamesh"]
    s.touch()


def test_6_2_glory_at_the_end_of_the_build_phase():
    s = game(3)
    _four_cards(s, "rome")
    s.hw_up = ["antigone", "hamilcar"]
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 10})
    s = act(s, "rome", "item", "card")
    s = act(s, "rome", "at", "antigone")
    s = act(s, "rome", "set", "+".join(["coin"] * 10))
    assert s.result is None                      # not before the end of the phase
    s = act(s, "rome", "done")
    s = act(s, "greece", "builder", "greece")
    s = act(s, "greece", "done")
    s = act(s, "carthage", "done")
    assert s.result.winners == ["rome"] and s.result.msg.key == "result.glory"


def test_6_2_ties_go_to_the_culture_leader_else_shared():
    s = game(3)
    _four_cards(s, "rome")
    s.players["carthage"].cards += ["antigone", "hamilcar", "spartacus"]
    s.glory = ["rome", "carthage"]
    s.players["rome"].cards.append("temple_of_artemis")
    s.players["carthage"].cards.append("colossus")
    from games.mare_nostrum import victory as V
    t = s.model_copy(deep=True)
    V.glory_end_of_build(t)
    assert sorted(t.result.winners) == ["carthage", "rome"] and t.result.msg.key == \
        "result.glory_shared"
    s.titles["culture"] = "carthage"
    V.glory_end_of_build(s)
    assert s.result.winners == ["carthage"]


def test_6_2_perseus_wins_at_once():
    s = game(3)
    s.players["rome"].cards += ["hercules", "circe", "perseus"]
    s.hw_up = ["antigone"]
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 10})
    s = act(s, "rome", "item", "card")
    s = act(s, "rome", "at", "antigone")
    s = act(s, "rome", "set", "+".join(["coin"] * 10))
    assert s.result.winners == ["rome"]


# -- 6.3 Conquest --------------------------------------------------------------------------------------
def _great(s, role, pids):
    for pid in pids:
        s.provinces[pid].controller = role
        s.provinces[pid].cities = [True] * len(s.provinces[pid].cities)
    s.touch()


def test_6_3_counts_capitals_and_legendary_cities_held_or_occupied():
    s = game(5)
    _great(s, "rome", ["asia", "judaea"])
    assert len(B.great_cities(s, "rome")) == 3
    pv = s.provinces["africa"]
    pv.legions, pv.fortress, pv.held = {"rome": 1}, None, {"city:0": "rome"}
    assert len(B.great_cities(s, "rome")) == 4 and len(B.great_cities(s, "carthage")) == 0
    s = mover(s, "rome")
    s = skip_to(s, "rome", "capture")
    while s.result is None:
        s = act(s, "rome", next(v for v, a in choices(s, "rome") if v in ("done", "hold")))
    assert s.result.winners == ["rome"] and s.result.msg.key == "result.conquest"


def test_6_3_not_before_the_end_of_the_phase_c19():
    s = game(5)
    _great(s, "rome", ["asia", "judaea", "sicilia"])
    s = mover(s, "rome", others_done=False)
    assert s.result is None
    s = skip_to(s, "rome", "capture")
    assert s.result is None and active(s) == ["rome"]


def test_6_3_simultaneous_conquerors_share_or_military_leader_c18():
    from games.mare_nostrum import victory as V
    s = game(5)
    _great(s, "rome", ["asia", "judaea", "sicilia"])
    _great(s, "greece", ["aegyptus", "babylonia", "africa"])
    V.conquest_end_of_movement(s)
    assert s.result.winners == ["rome", "greece"] and s.result.msg.key == "result.conquest_shared"
    s = game(5, conquest_tie="military_leader")
    _great(s, "rome", ["asia", "judaea", "sicilia"])
    _great(s, "greece", ["aegyptus", "babylonia", "africa"])
    V.conquest_end_of_movement(s)
    assert s.result.winners == ["rome"]


# -- 6.4 Primacy ---------------------------------------------------------------------------------------
def test_6_4_primacy_at_the_end_of_the_leadership_phase():
    s = game(3)
    s.players["rome"].cards += ["hercules", "hercules", "hercules"]
    s = enter(s, "leadership")
    assert s.titles == {"trade": "rome", "culture": "rome", "military": "rome"}
    assert s.result.winners == ["rome"] and s.result.msg.key == "result.primacy"


def test_6_4_primacy_through_a_tie_decision():
    s = game(3)
    s.players["rome"].cards += ["hercules"]
    s.players["rome"].cards += ["penthesilea"]
    # Trade: Rome 10, Carthage 7; Culture: Rome 1+2+2 = 5 > Greece 4; Military: Rome 3+2+2 = 7
    s = enter(s, "leadership")
    assert s.result is not None and s.result.winners == ["rome"]


def test_b5_titles_change_only_in_the_leadership_phase():
    """A.6 / §5: tracks follow the board at once, titles only at the end of the turn."""
    s = game(5)
    s.provinces["achaea"].legions = {"greece": 5}
    s = enter(s, "movement")
    assert B.tracks(s, "greece")["military"] > B.tracks(s, "rome")["military"]
    assert s.titles["military"] == "rome"
    assert RULES.view(s, None).board["titles"]["military"] == "rome"
    s = enter(s, "leadership")
    s = act(s, "carthage", "title", "carthage")     # Trade VII each: the previous Leader decides
    s = act(s, "egypt", "title", "egypt")           # Culture IV each
    assert s.titles["military"] == "greece" and s.prev_titles["military"] == "rome"
