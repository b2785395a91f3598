"""The question told to the table (the spectators' prompt, ``prompt(state, None)``) states what
is asked and of whom, in both languages, and never carries what a player hides: where the
question depends on a hand it names only the kind of question."""

from __future__ import annotations

import re

import pytest

from games import registry
from games.core import Action, msg
from games.hannibal.texts import TEXTS as HANNIBAL_TEXTS
from tests.seeded import positions

HANNIBAL = registry.get("hannibal")
CYRILLIC = re.compile("[А-Яа-яЁё]")


def act(s, role, verb, arg=None):
    return HANNIBAL.act(s, role, Action(verb=verb, arg=arg))


def test_hannibal_s10_the_cu_question_is_public_in_full():
    """§10: "how many CUs move with the general" is asked of the mover; the table reads the
    question with the side that answers it, instead of "Waiting for Rome"."""
    s = HANNIBAL.setup(1, "218bc", {})
    s = act(s, "rome", "first", "no")
    s = act(s, "carthage", "first", "rome")
    s = act(s, "rome", "card", 4)
    s = act(s, "rome", "use", "move")
    s = act(s, "rome", "general", "longus")
    public = HANNIBAL.view(s, None)
    assert HANNIBAL.tr(public.prompt_msg, "en") == \
        "Rome: how many CUs move with Tiberius Sempronius Longus?"
    assert HANNIBAL.tr(public.prompt_msg, "ru") == "Рим: сколько ВЧ идёт с полководцем Тиберий Лонг?"
    assert HANNIBAL.view(s, "carthage").prompt_msg == public.prompt_msg
    assert HANNIBAL.tr(HANNIBAL.view(s, "rome").prompt_msg, "en") == \
        "How many CUs move with Tiberius Sempronius Longus?"


def test_hannibal_a_question_about_a_hand_names_only_its_kind():
    """§7.4, §8: which card Rome plays, and how, is Rome's secret until it is played."""
    s = HANNIBAL.setup(1, "218bc", {})
    s = act(s, "rome", "first", "no")
    s = act(s, "carthage", "first", "rome")
    assert HANNIBAL.tr(HANNIBAL.view(s, None).prompt_msg) == \
        "Rome chooses a strategy card to play."
    s = act(s, "rome", "card", 4)
    public = HANNIBAL.view(s, None).prompt_msg
    assert HANNIBAL.tr(public) == "Rome chooses how to use a strategy card."
    assert HANNIBAL.tr(public, "ru") == "Рим решает, как разыграть карту стратегии."
    assert "card" not in public.args                     # the card chosen travels nowhere


def names_of(title: str, s, role: str) -> list[str]:
    """How a role is named in the texts (en, ru)."""
    rules = registry.get(title)
    if title == "ancients":
        return [s.scen.army(role).army]
    key = "side" if title == "hannibal" else "empire"
    return [rules.tr(msg(f"{key}.{role}"), lang) for lang in ("en", "ru")]


def hidden_refs(title: str, s) -> set[str]:
    """Catalogue references to the cards players hold: none may be an argument of a question
    told to the table."""
    if title == "hannibal":
        return {f"@card.{n}" for hand in s.hands.values() for n in hand}
    if title == "mare_nostrum":
        t = s.trade
        if t is None or t.revealed:
            return set()
        return {f"@res.{tok}" for offer in t.offers.values() for tok in offer}
    return set()


@pytest.mark.parametrize(("title", "scenario", "seed", "every"),
                         [("ancients", "002", 2, 3), ("hannibal", "218bc", 3, 3),
                          ("mare_nostrum", "5p", 2, 3)])
def test_spectators_prompts_say_what_is_asked_and_hide_the_hands(title, scenario, seed, every):
    rules = registry.get(title)
    checked = 0
    for step, (s, public) in enumerate(positions(title, scenario, seed, max_steps=900)):
        if public.result is not None:
            break
        m = public.prompt_msg
        assert not (set(map(str, m.args.values())) & hidden_refs(title, s)), m
        en, ru = rules.tr(m, "en"), rules.tr(m, "ru")
        assert "{" not in en + ru and CYRILLIC.search(ru), (en, ru)
        # who must answer is named
        assert any(name in en or name in ru
                   for role in public.active for name in names_of(title, s, role)), en
        if step % every == 0:
            # what a player hides (hand, deck order, secret offer) changes nothing of it
            for hider in s.roles:
                other = rules.perturb_hidden(s, hider, seed + step)
                assert rules.view(other, None).prompt_msg == m, (hider, en)
                for viewer in s.roles:
                    if viewer != hider:
                        assert rules.view(other, viewer).prompt_msg == \
                            rules.view(s, viewer).prompt_msg, (hider, viewer)
            checked += 1
    assert checked > 10


def test_hannibal_every_question_has_its_public_form():
    en, ru = HANNIBAL_TEXTS["en"], HANNIBAL_TEXTS["ru"]
    questions = [k for k in en if (k.startswith("prompt.") or k.endswith(".prompt")
                                   or k.startswith("event.adriatic_pirates."))
                 and not k.startswith("public.") and k not in ("prompt.none", "prompt.waiting")]
    assert len(questions) > 50
    missing = [k for k in questions if f"public.{k}" not in en or f"public.{k}" not in ru]
    assert not missing
    for k in questions:
        assert "{side}" in en[f"public.{k}"] and "{side}" in ru[f"public.{k}"], k


def test_ancients_defender_questions_name_the_army():
    rules = registry.get("ancients")
    for s, public in positions("ancients", "001", 1):
        if public.result is not None:
            break
        if s.flow and s.flow[-1].get("role") and s.flow[-1]["k"] == "defend":
            asked = s.flow[-1]["role"]
            army = s.scen.army(asked).army
            text = rules.tr(public.prompt_msg)
            assert text.startswith(f"{army}: ") and "attacked" in text, text
            assert rules.tr(rules.view(s, asked).prompt_msg).startswith("Your ")
            return
    raise AssertionError("no defender's question in the game")
