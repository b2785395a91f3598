"""The View of Mare Nostrum: the public board's documented shape, one secrecy boundary (hands and
unrevealed offers, spec A.7 and Part E), menus of at most 25 choices, the text description and
the English/Russian catalogues."""

from __future__ import annotations

import json
import string

from games.core import Action
from games.mare_nostrum import rules as R
from games.mare_nostrum.texts import TEXTS
from tests.test_mare_nostrum_kit import RULES, act, builder, game, hand


def test_public_board_has_the_documented_shape():
    s = game(5)
    b = RULES.public_board(s)
    json.dumps(b)
    assert set(b) == {"turn", "phase", "players", "segment", "done", "titles", "previous_titles",
                      "tracks", "empires", "provinces", "seas", "trade_tokens", "trade",
                      "heroes_wonders", "supply", "peace", "last_battle", "highlight"}
    rome = b["empires"]["rome"]
    assert set(rome) == {"name", "colour", "capital", "titles", "cards", "castor_copies",
                         "resources", "shown", "pieces_left", "great_cities", "card_count"}
    assert rome["resources"] == 9 and rome["titles"] == ["military"]
    assert rome["pieces_left"] == {"legions": 6, "triremes": 5, "fortresses": 4,
                                   "control_markers": 5}
    italia = next(p for p in b["provinces"] if p["id"] == "italia")
    assert set(italia) == {"id", "name", "name_ru", "kind", "region", "pos", "controller",
                           "marker", "marker_held_by", "marker_since", "capital_of", "legendary",
                           "cities", "caravans", "market", "temple", "legions", "fortress",
                           "at_war", "land", "seas"}
    assert italia["marker"] == "printed" and italia["capital_of"] == "rome"
    assert italia["cities"] == [{"slot": 0, "type": "capital", "label": "Rome", "built": True,
                                 "held_by": None}]
    assert italia["market"] == {"built": True, "held_by": None}
    assert italia["temple"] == {"built": False, "held_by": None}
    assert next(p for p in b["provinces"] if p["id"] == "asia")["legendary"] == "Troy"
    sea = next(x for x in b["seas"] if x["id"] == "ionian")
    assert set(sea) == {"id", "name", "name_ru", "pos", "triremes", "seas", "coasts"}
    assert b["tracks"]["trade"]["carthage"] == 7
    assert b["heroes_wonders"]["face_down"] == 12 and len(b["heroes_wonders"]["face_up"]) == 5
    assert b["supply"]["rare_pile"] == 13 and "buildings" in b["supply"]
    # the documented shape is in the module docstring
    for key in ("trade_tokens", "heroes_wonders", "last_battle", "highlight", "marker_held_by"):
        assert key in R.__doc__


def test_hands_are_private_and_counts_public():
    s = game(5)
    hand(s, "rome", {"coin": 2}, rare=["gems"])
    assert RULES.view(s, "rome").private == {"hand": {"coin": 2}, "rare": ["gems"],
                                             "resources": 3}
    assert RULES.view(s, "greece").private["hand"] != {"coin": 2}
    assert RULES.view(s, None).private == {}
    assert RULES.view(s, "greece").board["empires"]["rome"]["resources"] == 3
    assert "gems" not in json.dumps(RULES.view(s, "greece").private)


def test_perturbing_a_hidden_hand_or_offer_changes_no_other_view():
    s = game(5)
    s = act(s, "carthage", "token", "4/3:3")
    s = act(s, "rome", "offer", "wine")
    for hider in s.roles:
        other = RULES.perturb_hidden(s, hider, 99)
        assert other.players[hider].hand != s.players[hider].hand or hider == "none"
        for viewer in [None, *s.roles]:
            if viewer != hider:
                assert RULES.view(other, viewer).model_dump_json() == \
                    RULES.view(s, viewer).model_dump_json()
    other = RULES.perturb_hidden(s, "rome", 5)
    assert len(other.trade.offers["rome"]) == 1


def test_menus_never_exceed_25_choices_and_page():
    s = game(5)
    for _pid, pv in s.provinces.items():
        pv.legions, pv.fortress = {}, None
        if not pv.printed:
            pv.controller = "rome"
        pv.caravans = [False] * len(pv.caravans)
    s.buildings["caravan"] = 37
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 30})
    s = act(s, "rome", "item", "caravan")
    view = RULES.view(s, "rome")
    assert len(view.actions) == 25 and view.actions[-1].verb == "page"
    assert ("back", None) in [(c.verb, c.arg) for c in view.actions]
    first = {c.arg for c in view.actions if c.verb == "at"}
    s = RULES.act(s, "rome", Action(verb="page", arg=1))
    second = {c.arg for c in RULES.view(s, "rome").actions if c.verb == "at"}
    assert first and second and not first & second
    assert len(first | second) == 31         # every Caravan slot but those of enemy Capitals
    s = act(s, "rome", "at", sorted(second)[0])
    assert s.flow[-1]["k"] == "pay"


def fields(t: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(t) if f}


def test_catalogues_match_in_both_languages():
    en, ru = TEXTS["en"], TEXTS["ru"]
    assert set(en) == set(ru)
    for key in en:
        if key == "error.illegal":
            # its reason is an English sentence: the Russian text says it in its own words
            assert fields(ru[key]) == set()
            continue
        assert fields(en[key]) == fields(ru[key]), key


def test_every_message_key_used_is_in_the_catalogue():
    """Play a seeded game and render every prompt, label and log line in both languages."""
    from games.core.fuzz import play, weigher_of
    out = play(RULES, "4p", 11, max_steps=20000, check_secrecy_every=0, weigh=weigher_of(RULES))
    state = RULES.setup(11, "4p", {})
    seen = set()
    for role, action in out.actions:
        view = RULES.view(state, role)
        for m in [view.prompt_msg] + [c.msg for c in view.actions if c.msg]:
            seen.add(m.key)
        state = RULES.act(state, role, action)
    seen |= {e.msg.key for e in state.log}
    missing = [k for k in seen if k not in TEXTS["en"]]
    assert missing == []
    for e in state.log[:200]:
        assert "{" not in RULES.tr(e.msg, "ru"), e.msg


def test_describe_in_english_and_russian():
    s = game(3)
    text = RULES.describe(RULES.view(s, "carthage"), "en")
    assert "Mare Nostrum, turn 1" in text and "Your Resources" in text
    assert "Play the 5/0 token as 5" in text
    ru = RULES.describe(RULES.view(s, "carthage"), "ru")
    assert "Наше море" in ru and "Ваши Ресурсы" in ru and "Сыграть фишку" in ru
    assert "Your Resources" not in RULES.describe(RULES.view(s, None), "en")


def test_act_shares_unchanged_provinces_and_never_changes_an_earlier_state():
    """DESIGN (act never mutates its input): the Provinces are shared between a State and its
    copies until one of them changes a Province, which it then copies first."""
    from tests.test_mare_nostrum_kit import mover
    s = mover(RULES.setup(1, "5p", {}), "rome")
    assert s.flow[-1]["k"] == "legions"                  # Rome has no Trireme to move
    before = s.model_dump_json()
    a = act(act(s, "rome", "army", "cisalpina"), "rome", "to", "gallia")
    b = act(act(s, "rome", "army", "cisalpina"), "rome", "to", "dalmatia")
    assert s.model_dump_json() == before
    assert a.provinces["gallia"].legions == {"rome": 1} and b.provinces["gallia"].legions == {}
    assert b.provinces["dalmatia"].legions == {"rome": 1}
    assert a.provinces["cisalpina"] is not s.provinces["cisalpina"]
    assert a.provinces["achaea"] is s.provinces["achaea"]          # untouched: shared
