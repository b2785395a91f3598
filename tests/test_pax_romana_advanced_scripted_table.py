"""Pax Romana's Advanced Game at the table, from scripted positions: answering cards played
through the bot (§17.1.5; §17.2 Ambush, Tactical Surprise), what ``/hand`` and the hand DMs show
(§17.1.4, §15.4.6), and the Alliance card's negotiation in a thread of its two players (§4.2,
§4.3.1).

Each position is made with the rules tests' helpers and set up in place of the scenario's own
(the title's ``setup`` returns it), so the game starts in the store as any other. Ambush: Rome's
army of two Legions at Tarsus is about to move; Carthage holds Ambush and Spies, Greece
Cunctator, the others nothing. The seats read the language under test (English, Russian), and
the channel too; in the Alliance card's negotiation one party reads Russian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.cogs import present
from games import registry
from games.core import Msg
from games.pax_romana.flow import push, run
from games.pax_romana.state import PRState
from games.pax_romana.texts import TEXTS
from tests.harness import CHANNEL, GUILD, A, B, C, Harness, component_ids
from tests.pax_romana_support import blank, dice, fresh, hold
from tests.test_ancients_table import db_url
from tests.test_cogs import reply_text
from tests.test_pax_romana_advanced_table import (
    Secrets,
    ask_text,
    labels,
    named_kinds,
    no_pictures,  # noqa: F401  (the pictures left out: an autouse fixture)
    version_texts,
)
from tests.test_pax_romana_table import RULES, Clock, D, open_table, press_move

TITLE = "pax_romana"
POWERS = ["rome", "carthage", "greece", "east"]
AMBUSH, CUNCTATOR, SPIES = 4, 12, 33
OBJECTIVES = {"carthage": ["C"], "greece": ["F"]}
HANDS = {"rome": [], "carthage": [AMBUSH, SPIES], "greece": [CUNCTATOR], "east": []}


def ambush_position() -> PRState:
    """Scenario V, Advanced, with windows only where an action opens them; the MP roll will be
    6 and the Ambush roll 5."""
    s = blank("V", 5, advanced=True, card_play_window="answers_only")
    for p in s.powers.values():
        p.treasury = 10
    s.hands = {r: list(k) for r, k in HANDS.items()}
    s.deck, s.discard, s.removed_cards = [], [], []
    for role, letters in OBJECTIVES.items():
        s.powers[role].objectives = list(letters)
        s.objective_pool = [x for x in s.objective_pool if x not in letters]
    s.add("tarsus", "rome", "LG", 2)
    s.active_power = "rome"                  # Rome's Activation: the turn Rome holds
    hold(s, "east")
    push(s, "move_army", role="rome", owner="rome", start="tarsus", units={"LG": 2},
         leaders=[], minor=False)
    s = fresh(s)
    run(s)
    dice(s, 6, 5)
    return s


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> PRState:
    """The title's setup gives the scripted position, whatever the seed."""
    position = ambush_position()
    rules = registry.get(TITLE)

    def setup(seed: int, scenario: str | dict, options: dict) -> PRState:
        return RULES.copy(position)

    monkeypatch.setattr(rules, "setup", setup)
    return position


async def seat(h: Harness, lang: str) -> tuple[int, dict[str, int]]:
    if lang != "en":
        await h.service.set_settings(GUILD, True, language=lang)
    seats = dict(zip(POWERS, (A, B, C, D), strict=True))
    for user in seats.values():
        await h.service.set_player(user, language=lang)
    await h.command("game new", A, TITLE, "V", seed=5,
                    options="advanced=true, card_play_window=answers_only")
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    for role, user in seats.items():
        await h.command("game join", user, game, role)
    await h.command("game start", A, game)
    return game, seats


def tr(lang: str, key: str, **args: Any) -> str:
    return RULES.tr(Msg(key=key, args=args), lang)


def cards_named(text: str) -> set[int]:
    """The held kinds of this position whose name (English or Russian) a text contains (before
    a card is played, no other text of the game names an Ambush)."""
    return {kind for kinds in HANDS.values() for kind in kinds
            if any(TEXTS[lang][f"card.{kind}"] in text for lang in ("en", "ru"))}


def channel_texts(h: Harness) -> list[str]:
    return [text for c in h.channels.values() if c.kind != "dm" for m in c.messages
            for v in [m.first, *m.edits] for text in version_texts(v)]


def dm_texts(h: Harness, user: int) -> list[str]:
    return [text for m in h.users[user].dm_channel.messages for v in [m.first, *m.edits]
            for text in version_texts(v)]


async def verb_index(h: Harness, game: int, seats: dict[str, int], role: str, verb: str,
                     arg: Any = None) -> int:
    view = (await h.service.views_for(game, seats[role]))[role]
    return next(i for i, c in enumerate(view.actions)
                if c.verb == verb and (arg is None or c.arg == arg))


async def press(h: Harness, game: int, seats: dict[str, int], role: str, verb: str,
                arg: Any = None) -> str:
    return await press_move(h, game, role, await verb_index(h, game, seats, role, verb, arg))


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_s17_2_ambush_answered_by_dm_and_shown_once_played(
        tmp_path: Path, scripted: PRState, lang: str) -> None:
    """§17.1.5, §17.2 Ambush: Rome's army enters the Transit Point of Issus. Carthage and Greece
    hold cards, so both are asked by DM in the same words (the waiting names, the space as the
    map names it); "Play Ambush" is Carthage's alone, "Pass" everyone's. Carthage plays it, the
    channel still names no card until Greece has passed too; then the channel reads "Carthage
    plays the card Ambush", Greece may cancel it (Deus ex Machina) and passes, and the Ambush
    roll of 5 destroys 3 BP: Rome loses one Legion (§17.2: half of 1d6, rounded up)."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        game, seats = await seat(h, lang)
        info = await h.service.status(game)
        secrets = Secrets(h, game, seats)
        await secrets.check()
        assert await press(h, game, seats, "rome", "go") in ("channel", "ephemeral")
        await press(h, game, seats, "rome", "to", "tp_issus")
        await secrets.check()

        # -- the window: the same question by DM for the holder and the non-holder
        memo = await h.bot.table.memo(game)
        asked = ["carthage", "greece"]
        assert sorted(r for r in memo.asks if memo.asks[r].where == "dm") == asked
        texts = {}
        for role in asked:
            message = h.by_id[memo.asks[role].message]
            assert message.channel is h.users[seats[role]].dm_channel
            view = (await h.service.views_for(game, seats[role]))[role]
            private = present.private_text(info, view, lang)
            name = present.role_name(info, role, lang)
            text = ask_text(message, name, private)
            for other in asked:
                text = text.replace(present.role_name(info, other, lang), "<asked>")
            texts[role] = text
        assert texts["carthage"] == texts["greece"], texts
        prompt = tr(lang, "prompt.card_window_enter_tp.2", actor="@power.rome",
                    space="@space.tp_issus", p1="@power.carthage", p2="@power.greece")
        for role in asked:
            assert prompt in h.by_id[memo.asks[role].message]["content"]
        assert TEXTS[lang]["space.tp_issus"] in prompt and "@" not in prompt
        play = tr(lang, "choice.play_card", card=f"@card.{AMBUSH}")
        passing = tr(lang, "choice.card_pass")
        assert play == {"en": "Play Ambush", "ru": "Разыграть «Засада»"}[lang]
        assert labels(h.by_id[memo.asks["carthage"].message]) == [play, passing]
        assert labels(h.by_id[memo.asks["greece"].message]) == [passing]
        assert not any(named_kinds(x) | cards_named(x) for x in channel_texts(h))

        # -- Carthage plays it: nothing is said until the last answer is in
        assert await press(h, game, seats, "carthage", "answer", AMBUSH) == "dm"
        await secrets.check()
        assert not any(named_kinds(x) | cards_named(x) for x in channel_texts(h))
        for user in (A, C, D):
            assert not any(cards_named(x) & {AMBUSH, SPIES} for x in dm_texts(h, user)), user
        played = tr(lang, "log.card_played", power="@power.carthage", card=f"@card.{AMBUSH}")
        assert not any(played in x for x in channel_texts(h))
        assert await press(h, game, seats, "greece", "answer", 0) == "dm"
        await secrets.check()
        assert any(played in x for x in channel_texts(h)), channel_texts(h)[-3:]
        assert TEXTS[lang][f"card.{AMBUSH}"] in played

        # -- Deus ex Machina may answer the card: Greece (holding a card) is asked, and passes
        s = await secrets.state()
        assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["window"] == "card"
        assert s.flow[-1]["roles"] == ["greece"]
        assert await press(h, game, seats, "greece", "answer", 0) == "dm"

        # -- the effect: 3 BP destroyed, Rome chooses the loss
        s = await secrets.state()
        assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["need"] == 3
        await press(h, game, seats, "rome", "loss", "rome|kill|LG")
        s = await secrets.state()
        assert s.stack("tp_issus", "rome") == {"LG": 1}
        assert s.discard == [AMBUSH] and s.hands["carthage"] == [SPIES]
        await secrets.check()
        # Spies and Cunctator stay their holders' own, in the channel and in the others' DMs
        assert not any(cards_named(x) & {SPIES, CUNCTATOR} for x in channel_texts(h))
        for user in (A, D):
            assert not any(cards_named(x) & {SPIES, CUNCTATOR} for x in dm_texts(h, user))
        assert not any(SPIES in cards_named(x) for x in dm_texts(h, seats["greece"]))
    finally:
        await h.service.store.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_s17_1_4_hand_shows_ones_own_cards_and_objectives_only(
        tmp_path: Path, scripted: PRState, lang: str) -> None:
    """``/hand``: Carthage's player reads Ambush, Spies and Optional Objective C; Greece's,
    Cunctator and Objective F; Rome's, no card and no objective; nobody another's."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        game, seats = await seat(h, lang)
        locale = discord.Locale.russian if lang == "ru" else discord.Locale.british_english
        label = {"en": "Optional Objective", "ru": "Возможная цель"}[lang]
        objectives = {r: f"{label} {x}: {TEXTS[lang][f'objective.{x}']}"
                      for r, letters in OBJECTIVES.items() for x in letters}
        for role, user in seats.items():
            text = reply_text(await h.command("hand", user, game, locale=locale))
            assert cards_named(text) == set(HANDS[role]), (role, text)
            for kind in HANDS[role]:
                assert TEXTS[lang][f"card.{kind}"] in text
            for other, line in objectives.items():
                assert (line in text) == (other == role), (role, text)
            assert "card." not in text and "objective." not in text
            assert {"en": "Cards in hand", "ru": "Карты на руке"}[lang] in text
            # the hand DM alike: one's own cards and objectives, nobody else's
            dms = "\n".join(dm_texts(h, user))
            assert cards_named(dms) == set(HANDS[role]), (role, dms)
            for other, line in objectives.items():
                assert (line in dms) == (other == role), (role, dms)
    finally:
        await h.service.store.close()


# -- the Alliance card's negotiation (§17.2 Alliance, §4.2, §4.3.1) -------------------------------
ALLIANCE = 1
ALLIANCE_HANDS = {"rome": [], "carthage": [CUNCTATOR], "greece": [ALLIANCE, SPIES], "east": []}


def alliance_position() -> PRState:
    """Greece's Card Segment in Scenario V, Advanced: Greece holds Alliance and Spies, Carthage
    Cunctator; Greece has 2 galleys at Athens, Carthage a mercenary unit and a galley at
    Gades."""
    s = blank("V", 5, advanced=True, card_play_window="answers_only")
    for p in s.powers.values():
        p.treasury = 10
    s.hands = {r: list(k) for r, k in ALLIANCE_HANDS.items()}
    s.deck, s.discard, s.removed_cards = [], [], []
    s.add("athens", "greece", "GS", 2)
    s.add("gades", "carthage", "MHI", 1)
    s.add("gades", "carthage", "GS", 1)
    s.active_power = "greece"
    hold(s, "east")
    push(s, "card_segment", role="greece", drawn=None, played_drawn=False, played_other=False)
    s = fresh(s)
    run(s)
    return s


@pytest.fixture
def alliance_scripted(monkeypatch: pytest.MonkeyPatch) -> PRState:
    position = alliance_position()

    def setup(seed: int, scenario: str | dict, options: dict) -> PRState:
        return RULES.copy(position)

    monkeypatch.setattr(registry.get(TITLE), "setup", setup)
    return position


async def test_s4_2_the_alliance_card_trades_galleys_mercenaries_a_card_and_an_alliance(
        tmp_path: Path, alliance_scripted: PRState) -> None:
    """§17.2 Alliance, §4.2: Greece plays Alliance in its Card Segment (Carthage, holding a
    card, may cancel it and passes) and negotiates with Carthage alone: a private thread of the
    two players (Carthage's reads Russian), nobody else invited or added. §4.3.1: each transfer
    is proposed by one party and confirmed by the other by DM, and carried out at once
    (§4.3.2): Greece's 2 galleys at Athens to Carthage (they stay at Athens), Carthage's
    mercenary unit at Gades to Greece, 3 Talents asked of Carthage and refused, Spies given to
    Carthage (its name read by the two alone), an alliance to the end of the Game Turn. The
    thread closes with what changed hands, in both readers' languages, the refusal left out."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        await h.service.set_player(B, language="ru")
        seats = dict(zip(POWERS, (A, B, C, D), strict=True))
        await h.command("game new", A, TITLE, "V", seed=5,
                        options="advanced=true, card_play_window=answers_only")
        game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
        for role, user in seats.items():
            await h.command("game join", user, game, role)
        await h.command("game start", A, game)
        secrets = Secrets(h, game, seats)
        await secrets.check()

        assert await press(h, game, seats, "greece", "play", ALLIANCE) == "ephemeral"
        await secrets.check()
        assert any(tr("en", "log.card_played", power="@power.greece",
                      card=f"@card.{ALLIANCE}") in x for x in channel_texts(h))
        assert await press(h, game, seats, "carthage", "answer", 0) == "dm"   # Deus: passes
        view = (await h.service.views_for(game, C))["greece"]
        assert view.prompt_msg.key == "prompt.alliance_card"
        assert [c.arg for c in view.actions if c.verb == "negotiate_with"] == [
            "rome", "carthage", "east"]
        await press(h, game, seats, "greece", "negotiate_with", "carthage")
        await secrets.check()

        (thread,) = h.private_threads
        assert thread.parent is h.channel and sorted(thread.members) == [B, C]
        public = await h.bot.table.public_view(game)
        assert public.board["negotiation"] == {"by": "greece", "invited": ["carthage"],
                                               "card": ALLIANCE}
        opening = thread.messages[0]["content"]
        assert "plays Alliance and negotiates with" in opening and "(§4.2)" in opening
        assert "разыгрывает карту «Альянс» и ведёт переговоры только с одним" in opening
        assert "(cards, Talents, galleys" in opening and "(карты, таланты, галеры" in opening
        assert sorted(thread.messages[0].pinged) == [B, C]
        s = await secrets.state()
        began = next(line.seq for line in s.log if line.msg.key == "log.card_played")
        assert (await h.bot.table.memo(game)).negotiation.start == began
        view = (await h.service.views_for(game, C))["greece"]
        assert sorted({c.verb for c in view.actions}) == ["ally", "ask_from", "end", "give_to"]
        assert {c.arg for c in view.actions if c.arg is not None} == {"carthage"}

        # galleys given: Greece proposes, Carthage confirms by DM
        await press(h, game, seats, "greece", "give_to", "carthage")
        await press(h, game, seats, "greece", "kind", "galleys")
        await press(h, game, seats, "greece", "asset", "athens")
        question = h.by_id[(await h.bot.table.memo(game)).asks["carthage"].message]["content"]
        assert tr("ru", "prompt.deal_galleys", who="@power.carthage", proposer="@power.greece",
                  giver="@power.greece", receiver="@power.carthage", n=0,
                  space="@space.athens") in question
        assert await press(h, game, seats, "carthage", "accept") == "dm"
        s = await secrets.state()
        assert s.stack("athens", "carthage") == {"GS": 2} and s.stack("athens", "greece") == {}

        # mercenaries asked for: Carthage confirms
        await press(h, game, seats, "greece", "ask_from", "carthage")
        await press(h, game, seats, "greece", "kind", "mercenaries")
        await press(h, game, seats, "greece", "asset", "gades")
        assert await press(h, game, seats, "carthage", "accept") == "dm"
        s = await secrets.state()
        assert s.stack("gades", "greece") == {"MHI": 1}
        assert s.stack("gades", "carthage") == {"GS": 1}

        # Talents asked for: Carthage refuses, nothing changes
        await press(h, game, seats, "greece", "ask_from", "carthage")
        await press(h, game, seats, "greece", "kind", "talents")
        await press(h, game, seats, "greece", "amount", 3)
        assert await press(h, game, seats, "carthage", "refuse") == "dm"
        s = await secrets.state()
        assert (s.powers["greece"].treasury, s.powers["carthage"].treasury) == (10, 10)

        # a card offered: named to Carthage (in Russian) and nobody else
        await press(h, game, seats, "greece", "give_to", "carthage")
        await press(h, game, seats, "greece", "kind", "card")
        await press(h, game, seats, "greece", "asset", SPIES)
        await secrets.check()
        question = h.by_id[(await h.bot.table.memo(game)).asks["carthage"].message]["content"]
        assert "«Шпионы»" in question, question
        assert await press(h, game, seats, "carthage", "accept") == "dm"
        s = await secrets.state()
        assert sorted(s.hands["carthage"]) == [CUNCTATOR, SPIES] and s.hands["greece"] == []
        got = tr("ru", "log.deal_card_got", giver="@power.greece", card=f"@card.{SPIES}")
        assert any(got in x for x in dm_texts(h, B)), got
        await secrets.check()

        # an alliance to the end of the Game Turn, accepted
        await press(h, game, seats, "greece", "ally", "carthage")
        assert await press(h, game, seats, "carthage", "accept") == "dm"
        s = await secrets.state()
        assert [sorted(g) for g in s.alliances] == [["carthage", "greece"]]

        await press(h, game, seats, "greece", "end")
        await secrets.check()
        closing = thread.messages[-1]["content"]
        for lang in ("en", "ru"):
            lines = [
                tr(lang, "log.deal_units", giver="@power.greece", receiver="@power.carthage",
                   n=2, unit="@unit.GS", space="@space.athens"),
                tr(lang, "log.deal_units", giver="@power.carthage", receiver="@power.greece",
                   n=1, unit="@unit.MHI", space="@space.gades"),
                tr(lang, "log.deal_card", giver="@power.greece", receiver="@power.carthage"),
                tr(lang, "log.alliance2", a="@power.carthage", b="@power.greece"),
            ]
            for line in lines:
                assert f"• {line}" in closing, (line, closing)
            assert tr(lang, "log.deal_refused", who="@power.carthage") not in closing
        assert "Переговоры окончены" in closing and "negotiation is over" in closing
        assert thread.archived and thread.locked
        assert not cards_named(closing) & {SPIES}
        for user in (A, D):
            assert not any(SPIES in cards_named(x) for x in dm_texts(h, user)), user
            assert user not in thread.members
        assert not any(SPIES in cards_named(x) for x in channel_texts(h))
    finally:
        await h.service.store.close()


# -- Tactical Surprise: the window of a land battle asks both sides (§17.2) ------------------------
SURPRISE = 37
SURPRISE_HANDS = {"rome": [SURPRISE], "carthage": [SPIES], "greece": [CUNCTATOR], "east": []}


def battle_position() -> PRState:
    """Carthage's Activation: its 4 HI at Capua are about to march on Rome's 3 LI at Venusia
    (12 BP against 3: 4 shifts to Carthage); the MP roll will be 6, the battle's 5 and 2."""
    s = blank("V", 5, advanced=True, card_play_window="answers_only")
    for p in s.powers.values():
        p.treasury = 10
    s.hands = {r: list(k) for r, k in SURPRISE_HANDS.items()}
    s.deck, s.discard, s.removed_cards = [], [], []
    s.add("capua", "carthage", "HI", 4)
    s.add("venusia", "rome", "LI", 3)
    s.active_power = "carthage"
    hold(s, "carthage")
    push(s, "move_army", role="carthage", owner="carthage", start="capua", units={"HI": 4},
         leaders=[], minor=False)
    s = fresh(s)
    run(s)
    dice(s, 6, 5, 2)
    return s


@pytest.fixture
def battle_scripted(monkeypatch: pytest.MonkeyPatch) -> PRState:
    position = battle_position()

    def setup(seed: int, scenario: str | dict, options: dict) -> PRState:
        return RULES.copy(position)

    monkeypatch.setattr(registry.get(TITLE), "setup", setup)
    return position


async def private_menu(h: Harness, game: int, user: int) -> tuple[str, list[str]]:
    """The turn holder's private menu (behind the turn post's button): its text and buttons."""
    memo = await h.bot.table.memo(game)
    post = h.by_id[memo.turn_post]
    secret = next(cid for cid in component_ids(post.get("view")) if cid.startswith("gx:"))
    menu = await h.press(secret, user)
    texts = [f["content"] for f in menu.followups if f.get("content")]
    buttons = [getattr(getattr(c, "item", c), "label", "") or "" for f in menu.followups
               if f.get("view") is not None for c in f["view"].children]
    return "\n".join(texts), buttons


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_s17_2_tactical_surprise_asked_of_both_sides_alike(
        tmp_path: Path, battle_scripted: PRState, lang: str) -> None:
    """§17.1.5, §17.2 Tactical Surprise: Carthage's army attacks Venusia and Rome stands. The
    battle's window asks both sides, who both hold a card: Rome (the defender) by DM, Carthage
    (whose Activation it is) in its private menu, with the same question; "Play Tactical
    Surprise" is Rome's alone. Greece, not a side, is not asked though it holds a card. Rome
    plays it, Carthage passes; only then does the channel name it, and the battle is fought
    with 2 shifts to Rome: 4 - 2 = 2 net shifts to Carthage with the rolls 5 and 2."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        game, seats = await seat(h, lang)
        secrets = Secrets(h, game, seats)
        await press(h, game, seats, "carthage", "go")
        await press(h, game, seats, "carthage", "to", "venusia")
        assert await press(h, game, seats, "rome", "stand") == "dm"
        await secrets.check()
        s = await secrets.state()
        assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["window"] == "land_battle"
        assert s.flow[-1]["roles"] == ["rome", "carthage"]

        prompt = tr(lang, "prompt.card_window_land_battle.2", space="@space.venusia",
                    actor="@power.carthage", p1="@power.rome", p2="@power.carthage")
        memo = await h.bot.table.memo(game)
        assert sorted(memo.asks) == ["rome"] and memo.asks["rome"].where == "dm"
        dm = h.by_id[memo.asks["rome"].message]
        assert prompt in dm["content"]
        text, buttons = await private_menu(h, game, seats["carthage"])
        assert prompt in text, text
        play = tr(lang, "choice.play_card", card=f"@card.{SURPRISE}")
        passing = tr(lang, "choice.card_pass")
        assert labels(dm) == [play, passing]
        assert buttons == [passing], buttons
        assert not any(cards_named(x) for x in channel_texts(h))

        assert await press(h, game, seats, "rome", "answer", SURPRISE) == "dm"
        await secrets.check()
        assert not any(cards_named(x) for x in channel_texts(h))
        assert await press(h, game, seats, "carthage", "answer", 0) == "ephemeral"
        await secrets.check()
        played = tr(lang, "log.card_played", power="@power.rome", card=f"@card.{SURPRISE}")
        assert TEXTS[lang][f"card.{SURPRISE}"] in played
        assert any(played in x for x in channel_texts(h))
        # Deus ex Machina may cancel it: Carthage and Greece hold cards and are asked; they pass
        s = await secrets.state()
        while s.flow[-1]["k"] == "card_window":
            assert s.flow[-1]["window"] == "card"
            role = next(r for r in s.flow[-1]["roles"] if r not in s.flow[-1].get("answers", {}))
            await press(h, game, seats, role, "answer", 0)
            s = await secrets.state()
        fight = next(f for f in s.flow if f["k"] == "battle")
        assert fight["card_shifts"] == {"rome": 2}
        assert fight["rolls"] == {"carthage": 5, "rome": 2}
        assert fight["net"] == ["carthage", 2]
        await secrets.check()
        assert not any(cards_named(x) & {SPIES, CUNCTATOR} for x in channel_texts(h))
    finally:
        await h.service.store.close()
