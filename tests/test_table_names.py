"""Names in every language: scenarios and sides by language, Ancients' sides by their armies
everywhere, and the engines' refusals in one language."""

from __future__ import annotations

import re

import pytest

from games import registry
from games.core import Action, IllegalAction, msg
from tests.seeded import positions

CYRILLIC = re.compile("[А-Яа-яЁё]")
TITLES = ("ancients", "hannibal", "mare_nostrum")
ERRORS = ("error.game_over", "error.no_role", "error.not_your_turn", "error.not_a_choice",
          "error.illegal")


def test_scenario_and_side_names_by_language():
    hannibal = registry.get("hannibal").scenarios()[0]
    assert hannibal.names == {"en": "218 BC: the standard game",
                              "ru": "218 год до н. э.: основная игра"}
    assert hannibal.role_names_by_lang["ru"] == {"rome": "Рим", "carthage": "Карфаген"}
    mare = {s.id: s for s in registry.get("mare_nostrum").scenarios()}
    assert mare["5p"].names == {"en": "5 players", "ru": "5 игроков"}
    assert mare["3p"].role_names_by_lang["ru"]["rome"] == "Рим"
    for s in registry.get("ancients").scenarios():
        # the battle and army names of the data are English only: the same in Russian
        assert s.names["ru"] == s.names["en"] == s.name
        assert s.role_names_by_lang["ru"] == s.role_names_by_lang["en"] == s.role_names
    for title in TITLES:
        for s in registry.get(title).scenarios():
            assert set(s.names) == {"en", "ru"}
            for lang in ("en", "ru"):
                assert set(s.role_names_by_lang[lang]) == set(s.roles)


def test_ancients_names_the_sides_by_their_armies():
    """Prompts, log lines, the result and the description name the armies, as the seats do."""
    rules = registry.get("ancients")
    for _state, public in positions("ancients", "001", 1):
        texts = [rules.tr(public.prompt_msg, lang) for lang in ("en", "ru")]
        texts += [rules.tr(line.msg, lang) for line in public.log for lang in ("en", "ru")]
        texts.append(rules.describe(public, "ru"))
        for text in texts:
            assert not re.search(r"\b(South|North|Юг|Север)\b", text.split("\n")[0]), text
        if public.result is not None:
            break
    assert rules.tr(public.result.msg) == "The Carthaginian army wins the battle!"
    assert "Carthaginian" in rules.tr(public.prompt_msg, "ru")
    custom = rules.setup(1, {**_scenario_doc("001"), "id": "X1",
                             "north": {**_scenario_doc("001")["north"], "army": "Gauls"}}, {})
    assert rules.tr(rules.view(custom, None).log[0].msg) == "Akragas (406 BC). Syracusan moves first."
    custom.turn.side = "north"
    assert rules.tr(rules.view(custom, None).prompt_msg, "ru").startswith("Gauls: ")


def _scenario_doc(sid: str) -> dict:
    from games.ancients.data import load_scenario
    return load_scenario(sid).model_dump()


@pytest.mark.parametrize("title", TITLES)
def test_refusals_are_in_one_language(title):
    rules = registry.get(title)
    for key in ERRORS:
        for lang in ("en", "ru"):
            assert key in rules.texts[lang], (key, lang)
        assert "{reason}" not in rules.texts["ru"][key] and CYRILLIC.search(rules.texts["ru"][key])
    s = rules.setup(1, rules.scenarios()[0].id, {})
    idle = next(r for r in s.roles if r not in rules.view(s, None).active)
    for role, action in ((idle, Action(verb="done")), ("nobody", Action(verb="done")),
                         (rules.view(s, None).active[0], Action(verb="zzz", arg="zzz"))):
        with pytest.raises(IllegalAction) as err:
            rules.act(s, role, action)
        ru = rules.tr(err.value.msg, "ru")
        assert CYRILLIC.search(ru) and err.value.reason not in ru and "zzz" not in ru, ru
    assert rules.tr(msg("error.illegal", reason="Some English reason."), "ru") == \
        "Так сейчас сделать нельзя."
