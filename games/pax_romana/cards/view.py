"""What the View shows of the Advanced Game's cards (§17).

The public board's ``cards`` (None in the Standard Game)::

    {"hands": {power: int},            # how many cards each Power holds
     "deck": int, "discard": [kind], "removed": [kind],
     "effects": {"cunctator": [power], "conqueror": [power], "archimedes": [space],
                 "helepolis": {power: space}, ...}}     # the public lasting effects

A Power's own ``cards`` (private)::

    {"hand": [{"kind": int, "name": str, "name_ru": str}],
     "seen": [{"of": power, "cards": [{"kind", "name"}]}   # Spies
              | {"of": power, "took": {"kind", "name"}}]}  # Traitor
"""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.pax_romana.state import PRState
from games.pax_romana.texts import TEXTS

PRIVATE_EFFECTS = frozenset({"seen"})


def _named(kind: int) -> dict[str, Any]:
    return {"kind": kind, "name": TEXTS["en"].get(f"card.{kind}", str(kind)),
            "name_ru": TEXTS["ru"].get(f"card.{kind}", str(kind))}


def public_cards(s: PRState) -> dict[str, Any] | None:
    if not s.options.get("advanced"):
        return None
    return {"hands": {p: len(s.hands.get(p, [])) for p in s.roles},
            "deck": len(s.deck), "discard": list(s.discard), "removed": list(s.removed_cards),
            "effects": {k: v for k, v in sorted(s.card_effects.items())
                        if k not in PRIVATE_EFFECTS and not k.startswith("_")}}


def private_cards(s: PRState, role: str) -> dict[str, Any]:
    seen = []
    for item in s.card_effects.get("seen", {}).get(role, []):
        if "took" in item:
            seen.append({"of": item["of"], "took": _named(item["took"])})
        else:
            seen.append({"of": item["of"], "cards": [_named(k) for k in item["cards"]]})
    return {"hand": [_named(k) for k in sorted(s.hands.get(role, []))], "seen": seen}


def perturb_cards(s: PRState, role: str, rng: Rng) -> None:
    """``role``'s hand swapped with cards of the deck (same size), the deck reshuffled, and
    what its Spies and Traitor showed it replaced: nothing another role sees may change."""
    if not s.options.get("advanced"):
        return
    hand = s.hands.get(role, [])
    pool = hand + s.deck
    rng.shuffle(pool)
    s.hands[role] = pool[:len(hand)]
    s.deck = pool[len(hand):]
    for item in s.card_effects.get("seen", {}).get(role, []):
        if "took" in item:
            item["took"] = 1 + rng.below(39)
        else:
            item["cards"] = [1 + rng.below(39) for _ in item["cards"]]
    # the flow may name a card of the hand (the Card Segment's card drawn)
    for f in s.flow:
        if f["k"] == "card_segment" and f["role"] == role and f.get("drawn") is not None:
            f["drawn"] = s.hands[role][-1] if s.hands[role] else None


def card_lines(cards: dict[str, Any] | None, lang: str = "en") -> list[str]:
    """The hand and what was seen, in words (``/hand``)."""
    if not cards:
        return []
    t = TEXTS.get(lang, TEXTS["en"])
    words = {"en": ("Cards in hand", "none", "Seen in the hand of", "Taken from"),
             "ru": ("Карты на руке", "нет", "На руке у игрока", "Взята у игрока")}.get(
        lang, ("Cards in hand", "none", "Seen in the hand of", "Taken from"))

    def name(kind: int) -> str:
        return t.get(f"card.{kind}", str(kind))

    hand = [name(c["kind"]) for c in cards.get("hand", [])]
    out = [f"{words[0]}: {', '.join(hand) if hand else words[1]}"]
    for item in cards.get("seen", []):
        who = t.get(f"power.{item['of']}", item["of"])
        if "took" in item:
            out.append(f"{words[3]} {who}: {name(item['took']['kind'])}")
        else:
            shown = [name(c["kind"]) for c in item.get("cards", [])]
            out.append(f"{words[2]} {who}: {', '.join(shown) if shown else words[1]}")
    return out


def board_lines(cards: dict[str, Any] | None, lang: str = "en") -> list[str]:
    """The public side of the cards in words: hand sizes, the deck, the discard pile and the
    cards out of the game."""
    if not cards:
        return []
    t = TEXTS.get(lang, TEXTS["en"])
    words = {"en": ("Cards in hand", "deck", "Discard pile", "Out of the game", "empty"),
             "ru": ("Карт на руках", "колода", "Сброс", "Вне игры", "пусто")}.get(
        lang, ("Cards in hand", "deck", "Discard pile", "Out of the game", "empty"))

    def names(kinds: list[int]) -> str:
        return ", ".join(t.get(f"card.{k}", str(k)) for k in kinds) or words[4]

    hands = ", ".join(f"{t.get(f'power.{p}', p)} {n}" for p, n in cards.get("hands", {}).items())
    return [f"{words[0]}: {hands}; {words[1]}: {cards.get('deck', 0)}",
            f"{words[2]}: {names(cards.get('discard', []))}",
            f"{words[3]}: {names(cards.get('removed', []))}"]
