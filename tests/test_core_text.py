"""games.core.text: whether a catalogue has a text, in a language or in its English fallback;
the case forms a template asks for with a format spec (``в {space:loc}``)."""

from __future__ import annotations

from games.core import has_text
from games.core.text import fields_of, msg, render, restate

CASED = {
    "en": {"space.athens": "Athens", "space.bari": "Barium",
           "log.go": "{who} marches from {start:gen} to {space:acc} and camps in {space:loc}."},
    "ru": {"space.athens": "Афины", "space.athens:gen": "Афин", "space.athens:acc": "Афины",
           "space.athens:loc": "Афинах", "space.athens:dat": "Афинам",
           "space.athens:ins": "Афинами", "space.bari": "Бари",
           "log.go": "{who} идёт из {start:gen} в {space:acc} и стоит в {space:loc}.",
           "log.near": "Бой у {space:gen}, к {space:dat}, под {space:ins}: {space}."},
}


def test_has_text_in_the_language_or_in_english() -> None:
    catalog = {"en": {"a": "A", "b": "B"}, "ru": {"a": "А", "c": "В"}}
    assert has_text("b", catalog, "ru")              # the English fallback
    assert has_text("c", catalog, "ru")
    assert not has_text("c", catalog)                # English only by default
    assert has_text("a", catalog) and not has_text("d", catalog, "ru")
    assert not has_text("a", {"ru": {"a": "А"}}, "de")


def test_a_case_spec_takes_the_catalogue_form() -> None:
    m = msg("log.go", who="Пирр", start="@space.athens", space="@space.athens")
    assert render(m, "ru", CASED) == "Пирр идёт из Афин в Афины и стоит в Афинах."
    near = msg("log.near", space="@space.athens")
    assert render(near, "ru", CASED) == "Бой у Афин, к Афинам, под Афинами: Афины."


def test_a_name_without_forms_keeps_its_nominative() -> None:
    # an indeclinable name has no forms: every case shows the name itself
    m = msg("log.go", who="Пирр", start="@space.bari", space="@space.bari")
    assert render(m, "ru", CASED) == "Пирр идёт из Бари в Бари и стоит в Бари."
    # a plain (not referenced) argument asked for in a case is shown as it is
    plain = msg("log.go", who="Пирр", start="Тарент", space="Тарент")
    assert render(plain, "ru", CASED) == "Пирр идёт из Тарент в Тарент и стоит в Тарент."
    # a missing argument shows its field, as without a spec
    assert render(msg("log.go", who="Пирр"), "ru", CASED) == (
        "Пирр идёт из {start} в {space} и стоит в {space}.")


def test_english_ignores_the_russian_forms() -> None:
    m = msg("log.go", who="Pyrrhus", start="@space.athens", space="@space.athens")
    assert render(m, "en", CASED) == "Pyrrhus marches from Athens to Athens and camps in Athens."


def test_a_case_spec_is_not_part_of_the_field_name() -> None:
    assert fields_of("log.go", CASED) == frozenset({"who", "start", "space"})
    m = restate("log.near", msg("log.go", who="Пирр", space="@space.athens"), CASED)
    assert m.args == {"space": "@space.athens"}


def test_other_format_specs_are_unchanged() -> None:
    catalog = {"en": {"k": "{n:+d} [{name:>6}]"}}
    assert render(msg("k", n=2, name="ab"), "en", catalog) == "+2 [    ab]"
