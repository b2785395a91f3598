"""Heroes and Wonders (spec B.7; rulebook §3.1.3, §7, §10, §11). Each card's ability is tested
where the rulebook applies it (collection, trade, building, movement tests); this file adds the
influences, the card-specific corners and a check that every card is covered somewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.mare_nostrum import board as B
from games.mare_nostrum import heroes as H
from games.mare_nostrum.data import cards
from tests.test_mare_nostrum_kit import RULES, act, builder, game, hand, mover, skip_to


def test_b7_every_card_is_tested():
    here = Path(__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in here.glob("test_mare_nostrum_*.py"))
    for cid in cards():
        assert f'"{cid}"' in text, cid


@pytest.mark.parametrize("cid, influence", [
    ("hercules", (2, 2, 2)), ("circe", (1, 0, 1)), ("penthesilea", (0, 2, 2)),
    ("hamilcar", (1, 1, 1)), ("perseus", (1, 2, 1)), ("queen_of_sheba", (0, 1, 1)),
    ("antigone", (2, 2, 0)), ("hanging_gardens", (2, 0, 0)),
    ("caesar", (0, 0, 0)), ("statue_of_zeus", (0, 0, 0)), ("temple_of_artemis", (0, 0, 0)),
])
def test_b7_leadership_influence_is_added_to_the_tracks(cid, influence):
    s = game(5)
    before = B.tracks(s, "greece")
    s.players["greece"].cards.append(cid)
    after = B.tracks(s, "greece")
    assert (after["trade"] - before["trade"], after["culture"] - before["culture"],
            after["military"] - before["military"]) == influence


def test_b7_castor_and_pollux_copy_the_ability_not_the_influence():
    s = game(5)
    s.players["egypt"].cards.append("penthesilea")
    s.players["rome"].cards.append("castor_pollux")
    s.players["rome"].castor = "penthesilea"
    before = B.tracks(s, "rome")
    assert H.has(s, "rome", "penthesilea")
    assert B.tracks(s, "rome") == before == {"trade": 7, "culture": 1, "military": 3}
    # the copy lasts only while another player owns the Hero
    s.players["egypt"].cards.remove("penthesilea")
    assert not H.has(s, "rome", "penthesilea")


def test_b7_castor_and_pollux_never_copy_perseus_wonders_or_starting_heroes():
    s = game(5)
    s.players["egypt"].cards += ["perseus", "colossus", "ramses_ii"]
    assert H.castor_targets(s, "rome") == ["ramses_ii"]


def test_b7_ramses_rolls_even_beside_a_lone_fortress_c14():
    s = game(5)
    s.players["egypt"].cards.append("ramses_ii")
    s.provinces["cyrenaica"].legions = {"rome": 2}
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["1", "1", "5"]
    s = act(s, "rome", "battle", "cyrenaica:egypt")
    assert s.last_battle["rolls"]["egypt"]["dice"] == [5]
    assert s.last_battle["rolls"]["egypt"]["total"] == 10


def test_b7_pericles_defends_caesar_attacks():
    """Rome (Caesar) attacks Greece (Pericles): +1 per Roman die, +2 per Greek die."""
    s = game(5)
    s.provinces["thracia"].legions = {"greece": 1, "rome": 2}
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["2", "2", "2"]
    s = act(s, "rome", "battle", "thracia:greece")
    assert s.last_battle["rolls"]["rome"]["total"] == 6
    assert s.last_battle["rolls"]["greece"]["total"] == 4


def test_b7_nebuchadnezzar_only_in_his_own_province_c15():
    s = game(5)
    s.players["rome"].cards.append("nebuchadnezzar")
    s.provinces["gallia"].legions = {"rome": 1, "greece": 1}
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["1", "1"]
    s = act(s, "rome", "battle", "gallia:greece")
    assert s.last_battle["rolls"]["rome"]["total"] == 2          # Gallia is nobody's


def test_b7_lighthouse_is_a_wonder_and_works_once_per_turn():
    s = game(5)
    s.players["greece"].cards.append("lighthouse")
    s = builder(s, "greece")
    hand(s, "greece", {"wood": 2})
    s = act(s, "greece", "item", "trireme")
    s = act(s, "greece", "at", "aegean")
    s = act(s, "greece", "pay1", "lighthouse:wood")
    assert s.seas["aegean"] == {"greece": 1}
    assert "item" not in {c.verb for c in RULES.view(s, "greece").actions}


def test_b7_pyramids_are_always_available_apart_from_the_board():
    s = game(5)
    assert "pyramids" not in s.hw_up + s.hw_down
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 12})
    assert ("item", "pyramids") in [(c.verb, c.arg) for c in RULES.view(s, "rome").actions]
    assert H.card_count(s, "rome") == 1
