"""A player's own items in words (``private_lines``): names as the hand pictures show them, in
the player's language, never an internal key or a field name."""

from __future__ import annotations

import re

import pytest

from games import registry
from games.mare_nostrum.data import board as mn_board
from renderers.ancients.labels import card_name as ancients_card_name
from renderers.hannibal.labels import battle_card_name, card_info
from renderers.mare_nostrum.hand import _tiles
from renderers.mare_nostrum.labels import good_name
from tests.seeded import positions

ANCIENTS = registry.get("ancients")
HANNIBAL = registry.get("hannibal")
MARE = registry.get("mare_nostrum")

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
CYRILLIC = re.compile("[А-Яа-яЁё]")
FIELDS = ("hand", "hand_numbers", "battle_hand", "spied", "rare", "resources", "offer")
GOODS = tuple(mn_board().goods) + ("coin",)


def check_words(line: str, lang: str) -> None:
    assert not SNAKE.search(line), line
    assert not any(f"{field}:" in line or f"{field}=" in line for field in FIELDS), line
    assert not any(ch in line for ch in "{}@*"), line
    assert not any(re.search(rf"\b{g}\b", line) for g in GOODS), line     # ids are lower case
    if lang == "ru":
        assert CYRILLIC.search(line), line


@pytest.mark.parametrize(("title", "scenario", "seed", "every"),
                         [("ancients", "001", 1, 3), ("hannibal", "218bc", 2, 4),
                          ("mare_nostrum", "3p", 1, 2)])
def test_private_lines_name_things_in_every_view_of_a_game(title, scenario, seed, every):
    rules = registry.get(title)
    seen = 0
    battles = 0
    for step, (s, _public) in enumerate(positions(title, scenario, seed)):
        if step % every:
            continue
        for role in s.roles:
            view = rules.view(s, role)
            for lang in ("en", "ru"):
                lines = rules.private_lines(view, lang)
                assert lines or not view.private, (role, view.private)
                for line in lines:
                    check_words(line, lang)
                    seen += 1
            battles += "battle_hand" in view.private
        assert rules.private_lines(rules.view(s, None), "en") == []
    assert seen > 0
    if title == "hannibal":
        assert battles > 0


# -- exact lines for a known hand ---------------------------------------------------------------
def test_ancients_hand_in_words():
    s = ANCIENTS.setup(1, "001", {})
    s.hands["south"] = ["order_2_left", "first_strike"]
    view = ANCIENTS.view(s, "south")
    assert ANCIENTS.private_lines(view, "en") == [
        "1. First Strike (tactic)", "2. Order Two Units Left (section)"]
    assert ANCIENTS.private_lines(view, "ru") == [
        "1. Первый удар (тактика)", "2. Приказ двум отрядам слева (сектор)"]
    for lang in ("en", "ru"):          # as the hand picture names and numbers them
        lines = ANCIENTS.private_lines(view, lang)
        for i, card in enumerate(view.private["hand"]):
            assert lines[i].startswith(f"{i + 1}. {ancients_card_name(card, lang)} (")


def test_hannibal_hand_in_words():
    """Strategy cards with their OPS and who may play the event (§8), battle cards by name."""
    s = HANNIBAL.setup(1, "218bc", {})
    s.hands["rome"] = [33, 20]
    s.battle = {"attacker": "carthage", "defender": "rome", "space": "praeneste", "round": 0,
                "lead": "carthage", "played": [], "counts": {"rome": 3, "carthage": 4},
                "cmd": {}, "charge": None, "revealed": {}, "winner": None}
    s.bhands = {"rome": ["flank_left", "flank_left", "probe"], "carthage": ["reserve"] * 4}
    s.touch()
    view = HANNIBAL.view(s, "rome")
    assert HANNIBAL.private_lines(view, "en") == [
        "#20 Spy in Enemy Camp (1 OPS, event: both sides, response)",
        "#33 Major Campaign (3 OPS, event: both sides)",
        "Battle cards (3): Flank Left ×2, Probe ×1"]
    assert HANNIBAL.private_lines(view, "ru") == [
        "№20 Лазутчик в стане врага (1 ОЧ, событие: обе стороны, переломное)",
        "№33 Большая кампания (3 ОЧ, событие: обе стороны)",
        "Карты тактики (3): Атака левым флангом ×2, Разведка боем ×1"]
    for lang in ("en", "ru"):          # the names, OPS and counts of the hand picture
        lines = HANNIBAL.private_lines(view, lang)
        for line, no in zip(lines, view.private["hand_numbers"], strict=False):
            info = card_info(no, lang)
            assert info.name in line and f"{info.ops} " in line
        for card in set(view.private["battle_hand"]):
            assert battle_card_name(card, lang) in lines[-1]
    # Carthage's own View: his hand only
    assert "Flank Left" not in " ".join(HANNIBAL.private_lines(HANNIBAL.view(s, "carthage"),
                                                                "en"))


def test_mare_nostrum_resources_and_offer_in_words():
    s = MARE.setup(3, "3p", {})
    s.players["rome"].hand = {"coin": 1, "sheep": 2}
    s.players["rome"].rare = ["wine"]
    s.touch()
    s = MARE.act(s, "carthage", MARE.view(s, "carthage").actions[2].action())  # token 2/1:2
    assert s.trade is not None and s.trade.value == 2
    s = MARE.act(s, "rome", next(c for c in MARE.view(s, "rome").actions
                                 if c.verb == "offer" and c.arg == "sheep").action())
    view = MARE.view(s, "rome")
    assert MARE.private_lines(view, "en") == [
        "Resources (4): Coin ×1, Sheep ×2, Rare Wine ×1",
        "Your secret offer (1): Sheep ×1"]
    assert MARE.private_lines(view, "ru") == [
        "Ресурсы (4): Монета ×1, Овцы ×2, Вино (редкий) ×1",
        "Ваш тайный обмен (1): Овцы ×1"]
    for lang in ("en", "ru"):          # every tile of the hand picture, with its count
        first = MARE.private_lines(view, lang)[0]
        for tok, n in _tiles(view.private["hand"], view.private["rare"]):
            assert good_name(tok.rstrip("*"), lang) in first and f"×{n}" in first
    # the others see nothing of it
    assert "Sheep" not in " ".join(MARE.private_lines(MARE.view(s, "greece"), "en"))
