"""Mare Nostrum data (data/mare_nostrum): every file loads and passes its checks, every item keeps
its provenance, the loader names the file, the item and the reason of a problem; and the setups
for 3, 4 and 5 players (spec A.2, A.3, Setup 1-5, Setup 3-4p)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from games.mare_nostrum import board as B
from games.mare_nostrum import data as D
from tests.test_mare_nostrum_kit import RULES, game


def test_all_files_load_and_pass_their_checks():
    D.load_all()
    bd = D.board()
    assert len(bd.provinces) == 30 and len(bd.seas) == 10
    assert len(D.cards()) == 23
    assert D.dice_faces("land") == [1, 2, 3, 3, 4, 5]
    assert D.dice_faces("land", "d6") == [1, 2, 3, 4, 5, 6]
    assert D.card_costs() == {"2": 7, "3": 8, "4": 9, "5": 10, "pyramids": 12}


def test_every_item_keeps_its_provenance():
    root = D.DATA_DIR
    for name in ("board.json", "setup.json", "dice.json", "cards.json"):
        raw = json.loads((root / name).read_text(encoding="utf-8"))
        labels = []

        def walk(node, labels=labels):
            if isinstance(node, dict):
                if "source" in node and "confidence" in node:
                    labels.append(node["source"])
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)
        walk(raw)
        assert labels, name
    bd = json.loads((root / "board.json").read_text(encoding="utf-8"))
    for key in ("provinces", "seas", "land_adjacency", "coasts", "sea_adjacency", "empires",
                "goods", "legendary_cities"):
        assert all("provenance" in item for item in bd[key]), key
    for p in bd["provinces"]:
        assert {"identity", "kind", "slots", "covered", "pos"} <= set(p["provenance"]), p["id"]


def test_rulebook_facts_hold_on_the_board():
    """Spec D.6: the map facts the rulebook gives."""
    bd = D.board()
    assert "dacia" in bd.land["germania"]
    assert {"judaea", "asia"} <= bd.land["cilicia"]
    assert {"asia", "achaea", "macedonia", "thracia"} <= bd.shore["aegean"]
    assert "italia" in bd.shore["ionian"] and "african" in bd.sea_links["ionian"]
    assert {"creta", "cyrenaica"} <= bd.shore["african"]
    assert "asia" not in bd.land["thracia"]
    asia = bd.provinces["asia"].slots
    assert [c.type for c in asia.cities] == ["legendary"] and not asia.caravans and not asia.market
    assert [c.good for c in bd.provinces["ethiopia"].slots.caravans] == ["grain", "gold"]
    assert {c.province for c in bd.file.legendary_cities} == {"asia", "judaea", "sicilia"}
    assert {e.capital_province for e in bd.empires.values()} == {
        "italia", "achaea", "babylonia", "aegyptus", "africa"}


def _broken(tmp_path: Path, monkeypatch, name: str, edit) -> list[str]:
    for f in D.DATA_DIR.iterdir():
        if f.suffix == ".json":
            shutil.copy(f, tmp_path / f.name)
    raw = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    edit(raw)
    (tmp_path / name).write_text(json.dumps(raw), encoding="utf-8")
    monkeypatch.setattr(D, "DATA_DIR", tmp_path)
    D.forget()
    try:
        with pytest.raises(D.DataError) as err:
            D.load_all()
        return err.value.problems
    finally:
        monkeypatch.undo()
        D.forget()


def test_a_link_to_an_unknown_province_is_named(tmp_path, monkeypatch):
    def edit(raw):
        raw["land_adjacency"].append({"between": ["gallia", "atlantis"],
                                      "provenance": {"source": "reconstructed",
                                                     "confidence": "low"}})
    problems = _broken(tmp_path, monkeypatch, "board.json", edit)
    assert any("board.json" in p and "gallia-atlantis" in p and "atlantis" in p for p in problems)


def test_a_bad_field_is_named_with_its_item(tmp_path, monkeypatch):
    def edit(raw):
        raw["provinces"][0]["kind"] = "volcano"
    problems = _broken(tmp_path, monkeypatch, "board.json", edit)
    assert any(p.startswith("board.json: provinces[hispania].kind") for p in problems), problems


def test_starting_pieces_must_give_the_rulebook_tracks(tmp_path, monkeypatch):
    def edit(raw):
        for p in raw["provinces"]:
            if p["id"] == "italia":
                p["start"]["legions"] = 3
    problems = _broken(tmp_path, monkeypatch, "board.json", edit)
    assert any("setup.json: empire rome" in p and "military 5" in p for p in problems), problems


def test_data_restored_after_the_broken_copies():
    assert len(D.board().provinces) == 30


# -- setups for 3, 4 and 5 players (spec A.2, A.3) -------------------------------------------------
@pytest.mark.parametrize("n, empires", [
    (5, ["rome", "greece", "babylon", "egypt", "carthage"]),
    (4, ["rome", "greece", "egypt", "carthage"]),
    (3, ["rome", "greece", "carthage"]),
])
def test_scenarios_give_the_empires_in_play(n, empires):
    info = next(x for x in RULES.scenarios() if x.id == f"{n}p")
    assert info.roles == empires
    assert info.min_players == info.max_players == n
    ids = {o.id for o in info.options}
    assert {"all_heroes_open", "ping_pong", "trade_leader_out", "colossus_coin",
            "capital_buildings", "circe_where", "conquest_tie", "gardens_coin", "dice"} <= ids
    s = game(n)
    assert s.roles == empires


def test_setup_5p_tracks_titles_and_screens():
    """A.2: starting tracks, titles, 9 screen Resources; Carthage holds the 3 Trade Tokens."""
    s = game(5)
    assert s.titles == {"trade": "carthage", "culture": "egypt", "military": "rome"}
    expected = {"rome": (7, 1, 3), "greece": (4, 4, 3), "babylon": (5, 3, 2), "egypt": (4, 4, 2),
                "carthage": (7, 1, 2)}
    for r, (t, c, m) in expected.items():
        assert B.tracks(s, r) == {"trade": t, "culture": c, "military": m}
        assert B.hand_size(s, r) == 9
        assert s.players[r].cards == [D.empire_setup(r).starting_hero]
        assert B.triremes_on_board(s, r) == 0
    assert s.players["greece"].hand == {"coin": 5, "wood": 1, "oil": 2, "gladiator": 1}
    assert sorted(s.tokens) == ["2/1", "4/3", "5/0"]
    assert s.phase == "trade" and s.turn == 1
    assert RULES.view(s, None).active == ["carthage"]
    # the supply lost what the screens hold
    assert s.supply["coin"] == 44 - (1 + 5 + 3 + 5 + 1)
    assert s.buildings["city_capital"] == 0 and s.buildings["caravan"] == 37 - 19


def test_setup_heroes_and_wonders_board():
    """Setup 5: 5 of the 17 face up, 12 face down, Pyramids apart; B.10: all open."""
    s = game(5)
    assert len(s.hw_up) == 5 and len(s.hw_down) == 12 and s.pyramids is None
    starting = {"caesar", "pericles", "hammurabi", "cleopatra", "hannibal", "pyramids"}
    assert not (set(s.hw_up) | set(s.hw_down)) & starting
    assert len(set(s.hw_up) | set(s.hw_down)) == 17
    s = game(5, all_heroes_open=True)
    assert len(s.hw_up) == 17 and s.hw_down == []
    assert RULES.public_board(s)["heroes_wonders"]["face_down"] == 0


def test_setup_4p_covers_babylon():
    """Setup 3-4p: the Leadership Board covers the Babylonian provinces."""
    s = game(4)
    assert not {"babylonia", "mesopotamia", "assyria", "persia"} & set(s.provinces)
    assert "arabia" in s.provinces and len(s.provinces) == 26
    assert "babylon" not in s.players
    assert s.titles == {"trade": "carthage", "culture": "egypt", "military": "rome"}
    assert B.land_neighbours(s, "arabia") == ["aegyptus", "judaea"]


def test_setup_3p_covers_babylon_and_egypt_greece_leads_culture():
    """Setup 3-4p and C30: Greece is Culture Leader with 3 players."""
    s = game(3)
    gone = {"babylonia", "mesopotamia", "assyria", "persia", "aegyptus", "ethiopia", "cyrenaica"}
    assert not gone & set(s.provinces) and len(s.provinces) == 23
    assert s.titles == {"trade": "carthage", "culture": "greece", "military": "rome"}
    assert len(s.seas) == 10
    assert "hammurabi" not in {c for p in s.players.values() for c in p.cards}


def test_same_seed_same_setup_and_different_seeds_differ():
    a, b = game(5, seed=7), game(5, seed=7)
    assert a.model_dump_json() == b.model_dump_json()
    assert game(5, seed=8).hw_up != a.hw_up or game(5, seed=8).rare_pile != a.rare_pile


def test_unknown_options_and_values_are_refused():
    with pytest.raises(D.DataError):
        RULES.setup(1, "5p", {"ping_pong": "never"})
    with pytest.raises(D.DataError):
        RULES.setup(1, "5p", {"no_such_option": True})
    with pytest.raises(D.DataError):
        RULES.setup(1, "6p", {})


def test_a_position_document_sets_up_any_position():
    s = RULES.setup(3, {"id": "custom", "name": "Gaul", "players": 3,
                        "provinces": {"gallia": {"controller": "rome", "legions": {"rome": 2}}},
                        "empires": {"rome": {"resources": {"coin": 12}}}}, {})
    assert s.scenario == "custom" and s.provinces["gallia"].controller == "rome"
    assert s.players["rome"].hand == {"coin": 12}
    with pytest.raises(ValueError, match="provinces.babylonia: 'babylonia' is covered"):
        RULES.setup(3, {"name": "x", "players": 3, "provinces": {"babylonia": {}}}, {})


@pytest.mark.parametrize("n", [3, 4, 5])
def test_a2_a6_every_player_count_starts_with_the_rulebook_position(n):
    """A.2-A.6 for 3, 4 and 5 players: each empire in play holds its 3 Provinces with the
    rulebook's track values and 9 Resources, no Triremes, 7 Control Markers less the ones on the
    board (a Capital's is printed); covered Provinces are out of play with their Capitals; the
    purchasable cards are the same 17; Carthage holds all three Trade Tokens."""
    s = game(n)
    expected = {"rome": (7, 1, 3), "greece": (4, 4, 3), "babylon": (5, 3, 2), "egypt": (4, 4, 2),
                "carthage": (7, 1, 2)}
    for r in s.roles:
        own = B.controlled(s, r)
        assert len(own) == 3 and B.capital_province(r) in own
        assert all(s.provinces[p].printed == (p == B.capital_province(r)) for p in own)
        assert B.pieces_left(s, r) == {"legions": 8 - sum(s.provinces[p].legions.get(r, 0)
                                                          for p in own),
                                       "triremes": 5,
                                       "fortresses": 5 - sum(s.provinces[p].fortress == r
                                                             for p in own),
                                       "control_markers": 7 - 2}
        t, c, m = expected[r]
        assert B.tracks(s, r) == {"trade": t, "culture": c, "military": m}
        assert B.hand_size(s, r) == 9 and s.players[r].rare == []
    absent = set(expected) - set(s.roles)
    for r in absent:
        assert B.capital_province(r) not in s.provinces
    great = {pid for pid in s.provinces
             for c in D.board().provinces[pid].slots.cities if c.type != "ordinary"}
    assert len(great) == 8 - len(absent)
    assert not any(B.unit_roles(pv) & absent for pv in s.provinces.values())
    assert len(s.hw_up) == 5 and len(s.hw_down) == 12 and s.pyramids is None
    assert sorted(s.tokens) == ["2/1", "4/3", "5/0"] and s.titles["trade"] == "carthage"
    assert len(s.rare_pile) == 13 and s.rare_aside == []
    assert s.supply["coin"] + sum(p.hand.get("coin", 0) for p in s.players.values()) == 44
