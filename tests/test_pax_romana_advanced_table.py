"""Pax Romana's Advanced Game at the table (§17): an Advanced game of Scenario V through the bot
and the service across a restart (four players, and two players holding two Powers each).

The cards and what they show stay private: a card's name reaches the channel only once it is
played (or otherwise laid open: the discard pile, a card drawn and played at once), and a
player's DMs name only the cards of that player's own Powers (their hands, what their Spies or
Traitor showed them) besides the open ones. This is checked on every version of every post,
button and menu, and of every DM. An answer window (§17.1.5) is asked by DM of every Power that
might hold an answer, with the same words for a holder and for a non-holder; a non-holder
answers with one press ("Pass"). The Card Segment's choices are made in the player's own DM or
private menu, never on the turn post.

Most actions go through the service's ``act`` (each outcome published, the pictures left out
for speed); the Card Segment, the answers of a window and a card played are pressed through
what the bot shows. Moves are chosen from the acting role's own View with a seeded
``games.core.Rng`` and the title's playout preference, so every run is the same."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.cogs.publish as publish_module
from bot.cogs import present
from bot.cogs.game import new_options_autocomplete, scenario_autocomplete
from bot.i18n import t
from bot.service import Outcome
from games.core import Msg, Rng
from games.pax_romana.cards.held import tribes_seen
from games.pax_romana.texts import TEXTS
from tests.harness import (
    CHANNEL,
    GUILD,
    OUTSIDER,
    A,
    B,
    C,
    FakeChannel,
    Harness,
    Sent,
    where_asked,
)
from tests.test_ancients_table import db_url
from tests.test_cogs import reply_text
from tests.test_pax_romana_table import (
    RULES,
    Clock,
    D,
    chosen,
    open_table,
    press_move,
)

TITLE = "pax_romana"
SCENARIO = "V"
POWERS = ["rome", "carthage", "greece", "east"]
SEED = 2
CHOOSER = 3
PLAY_CHOOSER = 7             # the long games' picks (they must meet every kind of window)
LANGS = ("en", "ru")
CARD_KINDS = range(1, 40)


# -- the card names a reader may meet ----------------------------------------------------------

def _other_texts(lang: str) -> list[str]:
    from bot.i18n import en, ru
    bot_texts = {"en": en, "ru": ru}[lang]
    words = [v for k, v in TEXTS[lang].items() if not k.startswith("card.")]
    words += [v for d in vars(bot_texts).values() if isinstance(d, dict)
              for v in d.values() if isinstance(v, str)]
    return words


def distinctive_names() -> dict[int, list[re.Pattern[str]]]:
    """Each card kind's names (English and Russian) that no other text of the game or the bot
    contains: finding one in a message means the card is named there."""
    out: dict[int, list[re.Pattern[str]]] = {}
    for lang in LANGS:
        others = _other_texts(lang)
        for kind in CARD_KINDS:
            name = TEXTS[lang][f"card.{kind}"]
            if any(name in text for text in others):
                continue
            out.setdefault(kind, []).append(re.compile(rf"(?<!\w){re.escape(name)}(?!\w)"))
    return out


NAMES = distinctive_names()


def named_kinds(text: str) -> set[int]:
    return {kind for kind, patterns in NAMES.items() if any(p.search(text) for p in patterns)}


def test_most_card_names_are_distinctive():
    """The check below reads names: most kinds, and the cards the windows are about, are
    recognisable in a message."""
    assert len(NAMES) >= 25
    for kind in (12, 13, 15, 24, 33, 38):        # Cunctator, Deus ex Machina, Spies, ...
        assert len(NAMES[kind]) == 2, kind


def version_texts(version: dict[str, Any]) -> list[str]:
    """What a reader reads in one version of a message: its text, its embed, its picture's
    alt text, its buttons' and menus' labels."""
    out: list[str] = []
    if version.get("content"):
        out.append(version["content"])
    embed = version.get("embed")
    if embed is not None:
        out += [x for x in (embed.title, embed.description) if x]
    picture = version.get("file")
    if picture is not None and getattr(picture, "description", None):
        out.append(picture.description)
    view = version.get("view")
    for component in view.children if view is not None else []:
        item = getattr(component, "item", component)      # a dynamic item's component
        out += [x for x in (getattr(item, "label", None), getattr(item, "placeholder", None))
                if x]
        out += [o.label for o in getattr(item, "options", [])]
    return out


MISSION_WORDS = ("Tribe counter at", "Фишка племени в")


# -- who may know which card -------------------------------------------------------------------

class Secrets:
    """Watches every message the bot sends, version by version: a card in a Power's hand is
    named only to that Power's player, unless it has been laid open."""

    def __init__(self, h: Harness, game: int, seats: dict[str, int]) -> None:
        self.h = h
        self.game = game
        self.seats = seats
        self.known: dict[int, set[int]] = {}      # user: kinds that player has held or seen
        self.checked: dict[int, int] = {}         # message id: versions checked
        self.versions = 0
        self.open_kinds: set[int] = set()
        self.missions: set[int] = set()          # users whose Powers saw tribe counters
        self.tribes_seen = 0

    async def state(self) -> Any:
        _, stored = await self.h.service.store.state_json(self.game)
        return RULES.load_state(stored)

    async def check(self) -> None:
        s = await self.state()
        open_kinds = set(s.discard) | set(s.removed_cards)
        for line in s.log:
            if line.to is not None:
                continue                         # a line one Power reads
            card = line.msg.args.get("card")
            if isinstance(card, str) and card.startswith("@card."):
                open_kinds.add(int(card.rsplit(".", 1)[1]))
        self.open_kinds = open_kinds
        for f in s.flow:
            if f.get("k") == "card_deal" and f.get("what"):
                # §4.3.1: a card offered is named to the two parties
                for role in (f["giver"], f["receiver"]):
                    self.known.setdefault(self.seats[role], set()).add(f["what"])
        for role, user in self.seats.items():
            self.known.setdefault(user, set()).update(s.hands.get(role, []))
            for item in s.card_effects.get("seen", {}).get(role, []):
                self.known[user].update(item.get("cards", []))
                if "took" in item:
                    self.known[user].add(item["took"])
        held = {role: set(s.hands.get(role, [])) for role in self.seats}
        # §17.2 Diplomatic Mission: the tribe strengths seen are its player's alone
        self.missions = {self.seats[r] for r in self.seats if tribes_seen(s, r)}
        self.tribes_seen += len(self.missions)

        def hidden_from(readers: set[int]) -> set[int]:
            """The kinds held that some reader may not know (all of them for everyone)."""
            out: set[int] = set()
            for kinds in held.values():
                out |= kinds
            if readers:
                out -= set.intersection(*(self.known.get(u, set()) for u in readers))
            return out - open_kinds

        for channel in list(self.h.channels.values()):
            if channel.kind == "dm":
                readers = {channel.user.id} if channel.user is not None else set()
            elif channel.kind == "private":
                readers = set(channel.members)
            else:
                readers = set()                 # everyone
            secret = hidden_from(readers)
            tribes = bool(readers) and readers <= self.missions
            for m in channel.messages:
                self._check_message(m, channel, secret, tribes)

    def _check_message(self, m: Sent, channel: FakeChannel, secret: set[int],
                       tribes: bool) -> None:
        versions = [m.first, *m.edits]
        for version in versions[self.checked.get(m.id, 0):]:
            for text in version_texts(version):
                leaked = named_kinds(text) & secret
                assert not leaked, (channel.kind, channel.id, sorted(leaked), text)
                if not tribes:
                    assert not any(w in text for w in MISSION_WORDS), (channel.id, text)
            self.versions += 1
        self.checked[m.id] = len(versions)


# -- the table ---------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pictures are not what this file is about: left out, the game goes fast."""
    async def none(*_: Any, **__: Any) -> None:
        return None

    monkeypatch.setattr(publish_module, "board_png", none)
    monkeypatch.setattr(publish_module, "hand_png", none)


async def seat_advanced(h: Harness, users: tuple[int, ...]) -> tuple[int, dict[str, int]]:
    await h.command("game new", A, TITLE, SCENARIO, seed=SEED, options="advanced=yes")
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    info = await h.service.status(game)
    assert info.roles == POWERS and info.options == {"advanced": True}
    seats = dict(zip(info.roles, users, strict=True))
    for role, user in seats.items():
        await h.command("game join", user, game, role)
    it = await h.command("game start", A, game)
    assert "has started" in reply_text(it)
    return game, seats


def window_roles(s: Any) -> list[str]:
    for f in reversed(s.flow):
        if f.get("k") == "card_window":
            return [r for r in f["roles"] if r not in f.get("answers", {})]
    return []



ANSWERS = {"en": ("Pass", ("Play ", "Hire ")), "ru": ("Пас", ("Разыграть ", "Нанять "))}


def ask_text(message: Sent, role_name: str, private: str) -> str:
    """A question DM as any askee reads it: its own Power's name and its own hidden items (the
    player's own hand) taken out."""
    text = message["content"].replace(private, "<own>")
    return text.replace(f" as {role_name}:", " as <role>:").replace(
        f"за сторону {role_name} ", "за сторону <role> ")


def labels(message: Sent) -> list[str]:
    view = message.get("view")
    return [getattr(getattr(c, "item", c), "label", "") or ""
            for c in (view.children if view is not None else [])]


class Watch:
    """What the game showed along the way: card draws, cards played, windows asked."""

    def __init__(self) -> None:
        self.draws = 0
        self.plays: list[int] = []
        self.windows = 0
        self.both = 0                 # windows where a holder and a non-holder were asked
        self.passes = 0               # a non-holder's one-press answer
        self.segments: set[str] = set()
        self.seen = 0                 # what Spies or Traitor showed, in its player's hand DM


SEEN_WORDS = {"en": ("Seen in the hand of", "Taken from"),
              "ru": ("На руке у игрока", "Взята у игрока")}


async def check_seen(h: Harness, game: int, seats: dict[str, int], langs: dict[int, str],
                     watch: Watch) -> None:
    """§17.2 Spies, Traitor: what the card showed is in its player's hand DM, in words (the
    others' DMs never name it: ``Secrets``)."""
    _, stored = await h.service.store.state_json(game)
    s = RULES.load_state(stored)
    memo = await h.bot.table.memo(game)
    for role, items in s.card_effects.get("seen", {}).items():
        if not items or role not in seats:
            continue
        lang = langs.get(seats[role], "en")
        hand = h.by_id[memo.hands[role].message]["content"]
        for item in items:
            who = TEXTS[lang][f"power.{item['of']}"]
            word = SEEN_WORDS[lang][1 if "took" in item else 0]
            assert f"{word} {who}" in hand, hand
            for kind in item.get("cards", []) + ([item["took"]] if "took" in item else []):
                assert TEXTS[lang][f"card.{kind}"] in hand, (kind, hand)
        watch.seen += 1


async def check_window(h: Harness, game: int, seats: dict[str, int], roles: list[str],
                       watch: Watch) -> None:
    """§17.1.5: every askee is asked by DM, in the same words; "Play X" only for a holder,
    "Pass" for everyone; the turn post names every askee alike and offers no card."""
    memo = await h.bot.table.memo(game)
    info = await h.service.status(game)
    public = await h.bot.table.public_view(game)
    texts: dict[str, str] = {}
    holders: list[str] = []
    for role in roles:
        lang = "ru" if seats[role] == B else "en"
        if public.turn is not None and role in public.turn.roles:
            # the Power whose Activation it is answers from its private menu (the turn post
            # carries only the button that opens it)
            where, panels = await where_asked(h, game, role, seats[role])
            assert where == "ephemeral", where
            buttons = [getattr(getattr(c, "item", c), "label", "") or ""
                       for panel in panels for c in panel.children]
        else:
            ask = memo.asks.get(role)
            assert ask is not None and ask.where == "dm", (role, memo.asks)
            message = h.by_id[ask.message]
            assert message.channel is h.users[seats[role]].dm_channel
            view = (await h.service.views_for(game, seats[role]))[role]
            private = present.private_text(info, view, lang)
            texts[role] = lang + ask_text(message, present.role_name(info, role, lang), private)
            buttons = labels(message)
        assert buttons[-1] == ANSWERS[lang][0], buttons
        if len(buttons) > 1:
            holders.append(role)
            assert all(b.startswith(ANSWERS[lang][1]) for b in buttons[:-1]), buttons
    for lang in ("en", "ru"):       # the same words for every askee reading one language
        assert len({x for x in texts.values() if x.startswith(lang)}) <= 1, texts
    if holders and len(holders) < len(roles):
        watch.both += 1
    turn_post = h.by_id[memo.turn_post]["content"]
    for role in roles:
        assert present.role_name(info, role, "en") in turn_post
    assert "Play " not in " ".join(labels(h.by_id[memo.turn_post]))
    watch.windows += 1


async def play_advanced(tmp_path: Path, users: tuple[int, ...], actions: int,
                        restart: int) -> tuple[Harness, Watch, Secrets]:
    """``actions`` moves of an Advanced game of Scenario V (B reads Russian), the bot
    restarted after ``restart`` of them."""
    url = db_url(tmp_path)
    clock = Clock()
    h = await open_table(url, clock)
    await h.service.set_player(B, language="ru")
    langs = {B: "ru"}
    game, seats = await seat_advanced(h, users)
    secrets = Secrets(h, game, seats)
    watch = Watch()
    rng = Rng.from_seed(PLAY_CHOOSER)
    await secrets.check()
    for n in range(actions):
        if n == restart:
            # A new bot over a new service over the same database: the game goes on, the
            # hands' DMs and the questions are edited where they are.
            info = await h.service.status(game)
            await h.service.store.close()
            h = await open_table(url, clock, before=h)
            secrets.h = h
            again = await h.service.status(game)
            assert (again.version, again.active_roles) == (info.version, info.active_roles)
            assert (await h.bot.table.memo(game)).posted == info.version
        info, role, index, view = await chosen(h, game, rng)
        key = view.prompt_msg.key
        plays = [i for i, c in enumerate(view.actions)
                 if c.verb in ("answer", "play") and c.arg not in (0, None)]
        if key.startswith("prompt.card_window"):
            s = await secrets.state()
            await check_window(h, game, seats, window_roles(s), watch)
            if plays and watch.both:
                index = plays[0]          # a holder plays its answer (once both were seen)
            elif plays:
                index = len(view.actions) - 1   # it keeps it till a window asks both kinds
            elif len(view.actions) == 1:
                watch.passes += 1         # one press: "Pass"
        elif key.startswith("prompt.card_segment") and plays:
            index = plays[0]
        if key.startswith("prompt.card"):
            where = await press_move(h, game, role, index)
            assert where in ("dm", "ephemeral"), (key, where)
            watch.segments.add(key.split(".")[1] + ":" + where)
        else:
            choice = view.actions[index]
            outcome: Outcome = await h.service.act(game, info.seats[role], choice.verb,
                                                   choice.arg, expected_version=info.version,
                                                   role=role)
            await h.bot.table.publish(outcome)
        await secrets.check()
        await check_seen(h, game, seats, langs, watch)
    log = (await secrets.state()).log
    watch.draws = sum(1 for line in log if line.msg.key == "log.card_drawn")
    watch.plays = [int(str(line.msg.args["card"]).rsplit(".", 1)[1]) for line in log
                   if line.msg.key == "log.card_played"]
    return h, watch, secrets


async def check_hand_command(h: Harness, secrets: Secrets) -> None:
    """``/hand``: each player's cards in words, in the reader's language, and no card of
    another player's that is not laid open."""
    s = await secrets.state()
    for user in dict.fromkeys(secrets.seats.values()):
        lang = "ru" if user == B else "en"
        locale = discord.Locale.russian if lang == "ru" else discord.Locale.british_english
        it = await h.command("hand", user, secrets.game, locale=locale)
        text = reply_text(it)
        heading = {"en": "Cards in hand:", "ru": "Карты на руке:"}[lang]
        assert text.count(heading) == sum(1 for u in secrets.seats.values() if u == user)
        mine = [k for r, u in secrets.seats.items() if u == user for k in s.hands.get(r, [])]
        for kind in mine:
            assert TEXTS[lang][f"card.{kind}"] in text, (kind, text)
        assert not named_kinds(text) - secrets.known[user] - secrets.open_kinds, text
        assert "card." not in text and "leaders" not in text


async def test_an_advanced_game_of_four_players_keeps_the_cards_private(tmp_path: Path):
    """§17: card draws, cards played, answer windows (one asking a holder and a non-holder
    alike), the Card Segment in private menus, Traitor's card shown to its player only, and
    a restart in the middle."""
    h, watch, secrets = await play_advanced(tmp_path, (A, B, C, D), 320, 200)
    try:
        assert watch.draws >= 5 and len(watch.plays) >= 5 and 38 in watch.plays
        assert watch.windows >= 10 and watch.both >= 1 and watch.passes >= 10
        assert watch.seen > 0
        assert {"card_segment:ephemeral", "card_window_action:dm",
                "card_window_card:dm"} <= watch.segments
        assert secrets.versions > 400
        assert h.users[OUTSIDER].dms == []
        dms_b = [m["content"] for m in h.users[B].dms]
        assert any("Карты на руке" in text for text in dms_b)
        assert not any("Cards in hand" in text for text in dms_b)
        # each Power's hand is one DM, edited as it changes (across the restart too)
        for role, user in secrets.seats.items():
            lang = "ru" if user == B else "en"
            heading = t("bot.hand_heading", lang, id=secrets.game, title="Pax Romana",
                        role=TEXTS[lang][f"power.{role}"])
            hands = [m for m in h.users[user].dms if m.first["content"].startswith(heading)]
            assert len(hands) == 1 and len(hands[0].edits) >= 3, (role, len(hands))
        await check_hand_command(h, secrets)
    finally:
        await h.service.store.close()


async def test_an_advanced_game_of_two_players_holding_two_powers_each(tmp_path: Path):
    """The same game with two players, each holding two Powers: a player reads both its
    Powers' cards, never the other player's."""
    h, watch, secrets = await play_advanced(tmp_path, (A, B, A, B), 220, 190)
    try:
        assert watch.draws >= 5 and watch.plays and watch.windows >= 5 and watch.both >= 1
        assert secrets.versions > 300
        await check_hand_command(h, secrets)
    finally:
        await h.service.store.close()


# -- /game new: the Advanced Game and Scenario IV --------------------------------------------------

async def test_game_new_offers_the_advanced_game_and_scenario_iv(tmp_path: Path):
    """/game new offers ``advanced`` among its options and Scenario IV among the scenarios;
    Scenario IV is played with the Advanced Game only (§17): without it the table refuses, in
    the reader's language, and by default it is Advanced."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        offered = await scenario_autocomplete(h.interaction(A, title=TITLE), "")
        assert "IV" in [c.value for c in offered]
        options = await new_options_autocomplete(
            h.interaction(A, title=TITLE, scenario="V"), "format=basic, adv")
        assert "format=basic, advanced=true" in [c.value for c in options]
        assert any("Advanced Game" in c.name for c in options)
        russian = await new_options_autocomplete(
            h.interaction(A, title=TITLE, scenario="IV", locale=discord.Locale.russian), "")
        assert [c.value for c in russian if c.value.startswith("advanced")] == [
            "advanced=true"]
        assert any("Расширенная игра" in c.name for c in russian)

        it = await h.command("game new", A, TITLE, "IV", options="advanced=no")
        assert "This scenario is played only one way: The Advanced Game (§17)" in \
            reply_text(it)
        assert reply_text(it).endswith("Scenarios IV, V and VII — yes."), reply_text(it)
        it = await h.command("game new", B, TITLE, "IV", options="advanced=нет",
                             locale=discord.Locale.russian)
        assert "Этот сценарий играется только так: Расширенная игра" in reply_text(it)
        assert "— да" in reply_text(it)
        assert await h.service.list_games(GUILD, CHANNEL) == []

        await h.command("game new", A, TITLE, "IV")
        (info,) = await h.service.list_games(GUILD, CHANNEL)
        game = info.id
        for role, user in zip(info.roles, (A, B, C, D), strict=False):
            await h.command("game join", user, game, role)
        await h.command("game start", A, game)
        public = await h.bot.table.public_view(game)
        assert public.board["cards"] is not None          # the Advanced Game's cards
    finally:
        await h.service.store.close()


# -- the Alliance card's negotiation ---------------------------------------------------------------



async def press_verb(h: Harness, game: int, seats: dict[str, int], role: str, verb: str,
                     arg: Any = None) -> str:
    view = (await h.service.views_for(game, seats[role]))[role]
    index = next(i for i, c in enumerate(view.actions)
                 if c.verb == verb and (arg is None or c.arg == arg))
    return await press_move(h, game, role, index)


# seeds where Greece may play the Alliance card early: with East holding a card (10), and with
# no card left in either party's hand (29)
@pytest.mark.parametrize(("seed", "card"), [(10, True), (29, False)])
async def test_the_alliance_card_negotiates_in_a_thread_of_the_two_players(
        tmp_path: Path, seed: int, card: bool):
    """§17.2 Alliance, §4.2: the card's player negotiates with exactly one other player, in a
    private thread of the two; a card changes hands when both confirm (§4.3.1), its name read
    by the two only; the thread closes with what changed hands."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        await h.command("game new", A, TITLE, SCENARIO, seed=seed,
                        options="advanced=true")
        game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
        seats = dict(zip(POWERS, (A, B, C, D), strict=True))
        for role, user in seats.items():
            await h.command("game join", user, game, role)
        await h.command("game start", A, game)
        secrets = Secrets(h, game, seats)
        rng = Rng.from_seed(CHOOSER)
        for _ in range(160):
            info, role, index, view = await chosen(h, game, rng, avoid=("negotiate",))
            if any(c.verb == "play" and c.arg == 1 for c in view.actions):
                break
            choice = view.actions[index]
            outcome = await h.service.act(game, info.seats[role], choice.verb, choice.arg,
                                          expected_version=info.version, role=role)
            await h.bot.table.publish(outcome)
            await secrets.check()
        else:
            raise AssertionError("the Alliance card is never playable")
        by = role
        assert await press_verb(h, game, seats, by, "play", 1) == "ephemeral"
        await secrets.check()
        # the others may answer the card (Deus ex Machina): they pass, each by DM
        while (s := await secrets.state()) and window_roles(s):
            other = window_roles(s)[0]
            assert await press_verb(h, game, seats, other, "answer", 0) == "dm"
            await secrets.check()
        view = (await h.service.views_for(game, seats[by]))[by]
        assert view.prompt_msg.key == "prompt.alliance_card", view.prompt_msg
        s = await secrets.state()
        partner = max((r for r in POWERS if r != by),
                      key=lambda r: (len(s.hands.get(r, [])), -POWERS.index(r)))
        await press_verb(h, game, seats, by, "negotiate_with", partner)
        await secrets.check()
        (thread,) = h.private_threads
        assert sorted(thread.members) == sorted({seats[by], seats[partner]})
        assert h.channel.kind == "channel" and thread.parent is h.channel

        # A card asked of the partner (whose hand size is public), who picks which by DM;
        # else one offered from the card player's hand, which the partner confirms by DM.
        s = await secrets.state()
        if s.hands.get(partner):
            giver, receiver = partner, by
            await press_verb(h, game, seats, by, "ask_from", partner)
            await press_verb(h, game, seats, by, "kind", "card")
            await press_verb(h, game, seats, by, "asset", 0)
            s = await secrets.state()
            kind = sorted(s.hands[partner])[0]
            assert await press_verb(h, game, seats, partner, "give", kind) == "dm"
        elif not s.hands.get(by):
            kind = 0                      # no card to trade: 2 Talents change hands instead
            giver, receiver = (by, partner) if s.powers[by].treasury >= 2 else (partner, by)
            treasury = {r: s.powers[r].treasury for r in (by, partner)}
            await press_verb(h, game, seats, by, "give_to" if giver == by else "ask_from",
                             partner)
            await press_verb(h, game, seats, by, "kind", "talents")
            await press_verb(h, game, seats, by, "amount", 2)
            assert await press_verb(h, game, seats, partner, "accept") == "dm"
        else:
            giver, receiver = by, partner
            kind = sorted(s.hands[by])[0]
            await press_verb(h, game, seats, by, "give_to", partner)
            await press_verb(h, game, seats, by, "kind", "card")
            await press_verb(h, game, seats, by, "asset", kind)
            await secrets.check()
            question = h.by_id[(await h.bot.table.memo(game)).asks[partner].message]["content"]
            assert TEXTS["en"][f"card.{kind}"] in question           # named to the receiver
            assert await press_verb(h, game, seats, partner, "accept") == "dm"
        assert bool(kind) == card
        before = {r: sorted(v) for r, v in s.hands.items()}
        await secrets.check()
        s = await secrets.state()
        if kind:
            assert s.hands[receiver].count(kind) == before.get(receiver, []).count(kind) + 1
            assert s.hands[giver].count(kind) == before[giver].count(kind) - 1
            got = RULES.tr(Msg(key="log.deal_card_got", args={
                "giver": f"@power.{giver}", "card": f"@card.{kind}"}), "en")
            assert any(got in m["content"] for m in h.users[seats[receiver]].dms)
        else:
            assert s.powers[giver].treasury == treasury[giver] - 2
            assert s.powers[receiver].treasury == treasury[receiver] + 2
        await press_verb(h, game, seats, by, "end")
        await secrets.check()
        closing = thread.messages[-1]["content"]
        assert "negotiation is over" in closing, closing
        assert ("a card" if kind else "2T") in closing, closing
        assert thread.archived and thread.locked
        if kind in NAMES:
            name = TEXTS["en"][f"card.{kind}"]
            for user in (A, B, C, D):
                if user not in (seats[by], seats[partner]):
                    assert not any(name in text for m in h.users[user].dm_channel.messages
                                   for v in [m.first, *m.edits]
                                   for text in version_texts(v)), user
    finally:
        await h.service.store.close()


# -- the cards that show hidden things -------------------------------------------------------------

async def open_advanced(h: Harness, seed: int) -> tuple[int, dict[str, int]]:
    """An Advanced game of Scenario V with four players, begun with ``seed``."""
    await h.command("game new", A, TITLE, SCENARIO, seed=seed, options="advanced=true")
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    seats = dict(zip(POWERS, (A, B, C, D), strict=True))
    for role, user in seats.items():
        await h.command("game join", user, game, role)
    await h.command("game start", A, game)
    return game, seats


async def test_spies_and_the_diplomatic_mission_show_their_player_alone(tmp_path: Path):
    """§17.2 Spies (33): the hand looked at; Diplomatic Mission into Interior (15): the Tribe
    counters' strengths. Each is read in the player's own hand DM, and nowhere else (the
    channel, the other players' DMs)."""
    for seed, kind in ((7, 33), (12, 15)):
        h = await open_table(db_url(tmp_path / str(seed)), Clock())
        try:
            game, seats = await open_advanced(h, seed)
            secrets = Secrets(h, game, seats)
            rng = Rng.from_seed(CHOOSER)
            by = ""
            for _ in range(120):
                info, role, index, view = await chosen(h, game, rng, avoid=("negotiate",))
                if not by and any(c.verb == "play" and c.arg == kind for c in view.actions):
                    by = role
                    assert await press_verb(h, game, seats, by, "play", kind) == "ephemeral"
                elif role == by or view.prompt_msg.key.startswith("prompt.card"):
                    await press_move(h, game, role, index)       # the card's questions
                else:
                    choice = view.actions[index]
                    outcome = await h.service.act(game, info.seats[role], choice.verb,
                                                  choice.arg, role=role)
                    await h.bot.table.publish(outcome)
                await secrets.check()
                s = await secrets.state()
                if by and (s.card_effects.get("seen", {}).get(by) or tribes_seen(s, by)):
                    break
            assert by, f"card {kind} never playable"
            memo = await h.bot.table.memo(game)
            hand = h.by_id[memo.hands[by].message]["content"]
            if kind == 15:
                assert secrets.missions == {seats[by]}
                assert MISSION_WORDS[0] in hand, hand
            else:
                assert SEEN_WORDS["en"][0] in hand, hand
            for user in (A, B, C, D):
                if user != seats[by]:
                    assert not any(w in v.get("content") or "" for m in
                                   h.users[user].dm_channel.messages
                                   for v in [m.first, *m.edits]
                                   for w in (*MISSION_WORDS, *SEEN_WORDS["en"])), user
        finally:
            await h.service.store.close()
