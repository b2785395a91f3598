"""Pax Romana Views: every question told to the table names who must answer, in English and
Russian; private lines in words; the turn (a turn per Activation, one for a secret plan held by
every planner); the board hides tribe strengths, drawn leaders, plans and objectives."""

from __future__ import annotations

import re

from games import registry
from games.core.fuzz import weigher_of, weighted_index
from games.core.rng import Rng
from games.core.text import CASES
from games.pax_romana.texts import TEXTS

CYRILLIC = re.compile("[А-Яа-яЁё]")
RULES = registry.get("pax_romana")


def _positions(scenario: str, seed: int, options: dict, steps: int):
    state = RULES.setup(seed, scenario, options)
    chooser = Rng.from_seed(seed)
    weigh = weigher_of(RULES)
    for _ in range(steps):
        public = RULES.view(state, None)
        yield state, public
        if public.result is not None:
            return
        role = public.active[chooser.below(len(public.active))]
        view = RULES.view(state, role)
        weights = [weigh(c, view) for c in view.actions]
        state = RULES.act(state, role, view.actions[weighted_index(chooser, weights)].action())


def test_prompts_name_who_answers_and_private_lines_are_words() -> None:
    names = {lang: {r: TEXTS[lang][f"power.{r}"] for r in ("rome", "carthage", "greece", "east")}
             for lang in ("en", "ru")}
    seen_private = 0
    for step, (s, public) in enumerate(_positions("V", 4, {"format": "basic_plus"}, 700)):
        if public.result is not None:
            break
        en, ru = RULES.tr(public.prompt_msg, "en"), RULES.tr(public.prompt_msg, "ru")
        assert "{" not in en + ru and "@" not in en + ru and CYRILLIC.search(ru), (en, ru)
        assert any(names["en"][r] in en and names["ru"][r] in ru for r in public.active), en
        if step % 5:
            continue
        for role in s.roles:
            view = RULES.view(s, role)
            for lang in ("en", "ru"):
                for line in RULES.private_lines(view, lang):
                    assert not any(ch in line for ch in "{}@*|"), line
                    assert lang == "en" or CYRILLIC.search(line), line
                    seen_private += 1
            for c in view.actions:
                label = RULES.label(c, "ru")
                assert "{" not in label and "@" not in label, label
            assert RULES.describe(view, "ru")
    assert seen_private > 20


def test_turns_follow_activations_and_plans() -> None:
    keys = []
    for s, public in _positions("VII", 2, {}, 400):
        if public.result is not None:
            break
        turn = RULES.turn(s)
        if s.flow and s.flow[-1]["k"] == "plan":
            assert turn.roles == s.flow[-1]["roles"]
        elif s.active_power:
            assert turn.roles == [s.active_power]
        if not keys or keys[-1] != turn.key:
            keys.append(turn.key)
    # the leader plan, then one turn per Activation (12 AMs in the Basic format)
    assert keys[0].endswith(":plan:leaders")
    assert len(keys) >= 1 + 12


def test_the_board_hides_what_players_hide() -> None:
    s = RULES.setup(3, "V", {"format": "basic_ii"})
    board = RULES.view(s, None).board
    text = str(board)
    for sp in s.tribes:
        assert board["spaces"][sp]["tribe"] == {"revealed": False, "strength": None}
    for p in s.powers.values():
        for lid in p.drawn:
            assert lid not in text
        assert board["powers"]["rome"]["objectives"] == 1
    assert "objective_pool" not in text and "tribe_pool" not in text


def test_the_views_of_a_state_share_one_board_whatever_is_asked_between() -> None:
    """A service asks for one game's Views at different moments, other games' in between: the
    Views of one State still hold one board (made once), and a new State gets a board of its
    own; a board is let go with its State."""
    import gc
    import weakref

    a, b = RULES.setup(3, "V", {}), RULES.setup(4, "V", {})
    public_a = RULES.view(a, None)
    public_b = RULES.view(b, None)
    rome_a = RULES.view(a, "rome")
    assert rome_a.board is public_a.board
    assert RULES.view(b, "greece").board is public_b.board
    assert public_a.board is not public_b.board
    role = public_a.active[0]
    after = RULES.act(a, role, RULES.view(a, role).actions[0].action())
    assert RULES.view(after, None).board is not public_a.board
    gone, key = weakref.ref(b), id(b)
    assert key in RULES.__dict__["_boards"]
    del b, public_b
    gc.collect()
    assert gone() is None and key not in RULES.__dict__["_boards"]


def test_the_board_control_leaves_out_the_spaces_nobody_controls() -> None:
    """``control`` names each space with a controller (none with None, no Transit Point); the
    rest are nobody's; provinces and territories each have a ``control`` entry, one shared per
    holder."""
    from games.pax_romana.control import controllers
    from games.pax_romana.data import load as data

    s = RULES.setup(3, "V", {})
    board = RULES.view(s, None).board
    every = controllers(s)
    assert board["control"] == {sp: c for sp, c in every.items() if c is not None}
    assert None not in board["control"].values()
    assert not set(board["control"]) & set(data().transit_points)
    nobody = [sp for sp, c in every.items() if c is None]
    assert nobody and all(board["control"].get(sp) is None for sp in nobody)
    assert set(board["provinces"]) == set(data().provinces)
    held = {id(e) for e in board["provinces"].values()}
    owners = {e["control"] for e in board["provinces"].values()}
    assert len(held) == len(owners) and None in owners


def test_a_russian_log_line_names_its_space_in_russian() -> None:
    """The map's places reach a Russian reader by their Russian names (map.json ``name_ru``,
    declined by names_ru.json): a played log line naming a space reads it in Cyrillic, the
    English line in Latin."""
    checked = 0
    for s, _public in _positions("V", 4, {"format": "basic_plus"}, 300):
        for entry in s.log:
            places = [v[len("@space."):] for v in entry.msg.args.values()
                      if isinstance(v, str) and v.startswith("@space.")]
            if not places:
                continue
            en, ru = RULES.tr(entry.msg, "en"), RULES.tr(entry.msg, "ru")
            for sid in places:
                name_en, name_ru = TEXTS["en"][f"space.{sid}"], TEXTS["ru"][f"space.{sid}"]
                assert CYRILLIC.search(name_ru) and name_ru != name_en, sid
                # after a preposition the Russian line has the name in a case (names_ru.json)
                forms = {name_ru, *(TEXTS["ru"][f"space.{sid}:{c}"] for c in CASES)}
                assert name_en in en and any(f in ru for f in forms), (en, ru)
                assert name_en not in ru, (en, ru)
                checked += 1
        if checked >= 10:
            break
    assert checked >= 10
    assert TEXTS["ru"]["space.athens"] == "Афины" and TEXTS["ru"]["province.bruttium"] == "Бруттия"
    assert TEXTS["ru"]["territory.asia_minor"] == "Малая Азия"
    assert TEXTS["ru"]["space.dstp_mare_ionium"] == "Ионическое море (открытое море)"
