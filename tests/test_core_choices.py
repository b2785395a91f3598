"""games.core.choices: a title's choices, each made once, labelled in English from its texts."""

from __future__ import annotations

from games.core import Choice
from games.core.choices import choice_maker
from games.core.text import msg


def test_a_choice_is_made_once_per_content_with_its_english_label() -> None:
    texts: dict[str, dict[str, str]] = {"en": {"choice.to": "To {space}"},
                                        "ru": {"choice.to": "В {space}"}}
    opt = choice_maker(texts)
    a = opt("to", "rome", "choice.to", space="Rome")
    assert a == Choice(verb="to", arg="rome", label="To Rome", msg=msg("choice.to", space="Rome"))
    assert opt("to", "rome", "choice.to", space="Rome") is a
    b = opt("to", "rome", "choice.to", secret=True, space="Rome")
    assert b is not a and b.secret
    texts["en"]["choice.stop"] = "Stop here"              # texts added later count
    assert opt("stop", None, "choice.stop").label == "Stop here"


def test_the_kept_choices_are_dropped_past_the_limit_and_unchecked_ones_are_the_same() -> None:
    texts = {"en": {"k": "K {n}"}}
    opt = choice_maker(texts, keep=2)
    first = opt("n", 1, "k", n=1)
    opt("n", 2, "k", n=2)
    opt("n", 3, "k", n=3)
    opt("n", 4, "k", n=4)                                  # more than 2 kept: forgotten
    again = opt("n", 1, "k", n=1)
    assert again == first and again is not first
    fast = choice_maker(texts, checked=False)
    assert fast("n", 1, "k", n=1) == first
