"""What the bot posts: texts, embeds and components built from the service's answers.

Pure functions of a GameInfo / View / language, so they are tested without Discord. Engine
messages are translated by the title's catalogue, the bot's own texts by ``bot.i18n``.
"""

from __future__ import annotations

import io
import json
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.cogs import codec
from bot.cogs.components import (
    OPTION_LABEL_MAX,
    ChoiceButton,
    ChoiceMenu,
    ExportButton,
    JoinButton,
    MoreButton,
    RematchButton,
    SecretButton,
    clip,
)
from bot.i18n import has, option_text, t, tr_msg
from bot.service import computer_level
from games import registry
from games.core import Choice, LogLine, Msg, OptionInfo, Rules, ScenarioInfo, View

CONTENT_MAX = 2000
ALT_MAX = 1024
EMBED_TEXT_MAX = 4000
BUTTONS_PER_ROW = 5
MAX_BUTTONS = 20          # four rows of buttons; larger lists become select menus
OPTIONS_PER_MENU = 25
MENUS_PER_PAGE = 4        # the fifth row holds the "more" button
PAGE_SIZE = OPTIONS_PER_MENU * MENUS_PER_PAGE


@dataclass
class Post:
    """One message: text, an optional embed with a picture, components, whom it may ping."""

    content: str = ""
    embed: discord.Embed | None = None
    picture: bytes | None = None
    picture_name: str = "board.png"
    view: discord.ui.View | None = None
    ping: list[int] = field(default_factory=list)
    alt: str = ""            # the picture's alt text (screen readers, no images)

    def kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "content": clip_block(self.content, CONTENT_MAX) or None,
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False,
                users=[discord.Object(id=u) for u in self.ping] if self.ping else False),
        }
        if self.embed is not None:
            out["embed"] = self.embed
        if self.picture is not None:
            out["file"] = discord.File(io.BytesIO(self.picture), filename=self.picture_name,
                                       description=clip(self.alt, ALT_MAX) or None)
        if self.view is not None:
            out["view"] = self.view
        return out


def clip_block(text: str, limit: int) -> str:
    """Keep the end of a long text (the newest lines matter most)."""
    if len(text) <= limit:
        return text
    return "…\n" + text[-(limit - 2):].split("\n", 1)[-1]


# -- names -------------------------------------------------------------------------------------

def rules_of(title: str) -> Rules:
    return registry.get(title)


def title_name(title: str, lang: str) -> str:
    key = f"title.{title}"
    text = t(key, lang)
    if text != key:
        return text
    try:
        return rules_of(title).title
    except KeyError:
        return title


def engine_text(title: str, key: str, lang: str) -> str | None:
    """A plain entry of the title's catalogue, if it has one."""
    try:
        texts = rules_of(title).texts
    except KeyError:
        return None
    return (texts.get(lang) or {}).get(key) or (texts.get("en") or {}).get(key)


def scenario_info(title: str, scenario: str) -> ScenarioInfo | None:
    """The listed scenario of a title (None for a custom one)."""
    try:
        infos = rules_of(title).scenarios()
    except KeyError:
        return None
    return next((s for s in infos if s.id == scenario), None)


def role_name(info: Any, role: str, lang: str) -> str:
    """A side's name as the pictures and the engine's texts give it, in ``lang``."""
    listed = scenario_info(info.title, getattr(info, "scenario", ""))
    if listed is not None:
        named = listed.role_names_by_lang.get(lang, {}).get(role)
        if named:
            return named
    return (engine_text(info.title, f"role.{role}", lang)
            or (getattr(info, "role_names", None) or {}).get(role) or role)


def side_name(title: str, role: str, lang: str) -> str:
    """A side of a title by itself (not in one scenario): its catalogue name, else its id."""
    return (engine_text(title, f"role.{role}", lang) or engine_text(title, f"side.{role}", lang)
            or engine_text(title, f"empire.{role}", lang) or role)


def scenario_name(info: Any, lang: str) -> str:
    listed = scenario_info(info.title, getattr(info, "scenario", ""))
    if listed is not None and listed.names.get(lang):
        return listed.names[lang]
    return (engine_text(info.title, f"scenario.{info.scenario}", lang)
            or getattr(info, "scenario_name", None) or info.scenario)


def mention(user_id: int | None, lang: str = "en") -> str:
    """How a seated player is named: a mention, or the computer with its level."""
    level = computer_level(user_id)
    if level is not None:
        return t("bot.computer", lang, level=t(f"bot.level.{level}", lang))
    return f"<@{user_id}>" if user_id else ""


def seat_line(info: Any, role: str, lang: str) -> str:
    user = (info.seats or {}).get(role)
    who = mention(user, lang) if user else t("bot.seat_free", lang)
    return t("bot.seat", lang, role=role_name(info, role, lang), player=who)


def players_of(info: Any, roles: Iterable[str], lang: str) -> str:
    return ", ".join(
        t("bot.player_role", lang,
          player=mention(info.seats.get(r), lang) or t("bot.seat_free", lang),
          role=role_name(info, r, lang))
        for r in roles)


def game_heading(info: Any, lang: str) -> str:
    return t("bot.game_heading", lang, id=info.id, title=title_name(info.title, lang),
             scenario=scenario_name(info, lang))


def choice_label(rules: Rules, choice: Choice, lang: str) -> str:
    return rules.tr(choice.msg, lang) if choice.msg is not None else choice.label


def result_text(info: Any, view: View, lang: str) -> str:
    result = view.result if view.result is not None else getattr(info, "result", None)
    if result is None:
        return t("bot.game_ended", lang)
    if result.msg is not None:
        text = tr_msg(result.msg, lang, info.title)
    elif result.draw:
        text = t("bot.draw", lang)
    else:
        text = t("bot.winners", lang, players=players_of(info, result.winners, lang))
    return t("bot.game_over", lang, result=text)


# -- secrecy -----------------------------------------------------------------------------------

def _leaves(value: Any) -> Iterable[str | int]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(k)
            yield from _leaves(v)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | str):
        yield value


def choices_reveal_private(view: View) -> bool:
    """Whether posting this role's choices in the channel could show what the role hides (its
    hand: the cards it may play). A choice whose argument is one of the View's private items is
    treated as revealing, and so is any choice the engine marks ``secret`` (a decision whose
    very options depend on the hand, such as a defence where First Strike may be played); such
    choices are offered only ephemerally. Errs on the safe side."""
    if any(c.secret for c in view.actions):
        return True
    if not view.private:
        return False
    hidden = {str(v) for v in _leaves(view.private)}
    return any(c.arg is not None and str(c.arg) in hidden for c in view.actions)


# -- components --------------------------------------------------------------------------------

def fingerprint(view: View) -> str:
    """A short digest of a role's question and choices: a press made on them stays good while
    the role is asked exactly the same (``codec``)."""
    data = [view.prompt_msg.key, sorted(view.prompt_msg.args.items()),
            [(c.verb, c.arg) for c in view.actions]]
    return format(zlib.crc32(json.dumps(data, sort_keys=True, default=str).encode()), "08x")


def choice_components(game_id: int, version: int, role: str, choices: Sequence[Choice],
                      rules: Rules, lang: str, page: int = 0,
                      fingerprint: str = "") -> discord.ui.View:
    """Buttons (up to 20) or select menus (25 options each, four per page, "more" beyond) for
    the legal actions of one role."""
    view = discord.ui.View(timeout=None)
    labels = [choice_label(rules, c, lang) for c in choices]
    fp = fingerprint
    if len(choices) <= MAX_BUTTONS and page == 0:
        for index, label in enumerate(labels):
            press = codec.Press("choice", str(game_id), version, role, index=index,
                                fingerprint=fp)
            button = ChoiceButton(press, label)
            button.row = index // BUTTONS_PER_ROW
            view.add_item(button)
        return view
    start = page * PAGE_SIZE
    for menu in range(MENUS_PER_PAGE):
        first = start + menu * OPTIONS_PER_MENU
        chunk = list(enumerate(labels))[first:first + OPTIONS_PER_MENU]
        if not chunk:
            break
        options = [discord.SelectOption(label=clip(text, OPTION_LABEL_MAX) or "…",
                                        value=str(index)) for index, text in chunk]
        press = codec.Press("menu", str(game_id), version, role,
                            page=page * MENUS_PER_PAGE + menu, fingerprint=fp)
        item = ChoiceMenu(press, options, placeholder=t(
            "bot.menu_placeholder", lang, first=chunk[0][0] + 1, last=chunk[-1][0] + 1))
        item.row = menu
        view.add_item(item)
    if start + PAGE_SIZE < len(choices):
        more = MoreButton(codec.Press("more", str(game_id), version, role, page=page + 1,
                                      fingerprint=fp),
                          t("bot.button.more", lang))
        more.row = MENUS_PER_PAGE
        view.add_item(more)
    return view


def end_components(game_id: int, lang: str) -> discord.ui.View:
    """The buttons of a finished game's last post: a rematch (sides kept or swapped) and the
    export."""
    view = discord.ui.View(timeout=None)
    for mode in ("keep", "swap"):
        view.add_item(RematchButton(codec.Press("rematch", str(game_id), vote=mode),
                                    t(f"bot.button.rematch_{mode}", lang)))
    view.add_item(ExportButton(codec.Press("export", str(game_id)),
                               t("bot.button.export", lang)))
    return view


def secret_components(game_id: int, version: int, lang: str, several: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    label = t("bot.button.secret" if several else "bot.button.mine", lang)
    view.add_item(SecretButton(codec.Press("secret", str(game_id), version), label))
    return view


def lobby_components(info: Any, lang: str) -> discord.ui.View | None:
    free = [r for r in info.roles if not info.seats.get(r)]
    if not free:
        return None
    view = discord.ui.View(timeout=None)
    for role in free[:MAX_BUTTONS]:
        label = t("bot.button.join", lang, role=role_name(info, role, lang))
        view.add_item(JoinButton(codec.Press("join", str(info.id), role=role), label))
    return view


# -- posts -------------------------------------------------------------------------------------

def lobby_post(info: Any, lang: str, headline: str = "") -> Post:
    """The game's one lobby post: who opened it, the seats, how to sit and start."""
    lines = [headline or t("bot.created", lang, creator=mention(info.creator_id))]
    lines.append(game_heading(info, lang))
    lines += [seat_line(info, role, lang) for role in info.roles]
    if option_infos(info):
        lines.append(options_text(info, lang))
    lines.append(t("bot.lobby_hint", lang, creator=mention(info.creator_id)))
    return Post(content="\n".join(lines), view=lobby_components(info, lang))


def log_text(title: str, lines: Sequence[LogLine], lang: str) -> str:
    rules = rules_of(title)
    return "\n".join("• " + rules.tr(line.msg, lang) for line in lines)


def turn_post(info: Any, public: View, lines: Sequence[LogLine], notices: Sequence[Msg],
              role_views: dict[str, View], lang: str, picture: bytes | None = None,
              ping: Sequence[int] = (), asked: Sequence[str] = (),
              turns: int | None = None, summary: Sequence[str] = ()) -> Post:
    """The turn post: picture, the turn's log lines, notices, the question and who must
    answer it, and the components for the players who hold the turn.

    ``role_views`` holds the Views of the active roles whose choices may go into the channel:
    only when one role is active and its choices show nothing it hides. ``asked`` are the
    active roles answering a question privately (it interrupts the turn); ``ping`` the users
    this post notifies."""
    rules = rules_of(info.title)
    # ``lines`` are lines the public may read (the service's public log): a private line never
    # reaches the channel.
    log_block = log_text(info.title, lines, lang)
    text: list[str] = [tr_msg(n, lang, info.title) for n in notices]
    components: discord.ui.View | None = None
    finished = public.result is not None or info.status in ("finished", "ended")
    if finished:
        if public.result is not None or info.result is not None or not notices:
            text.append(result_text(info, public, lang))
        if turns is not None:
            text.append(t("bot.summary", lang, moves=max(0, info.version - 1), turns=turns))
        text.extend(summary)
        components = end_components(info.id, lang)
    elif info.status == "paused":
        text.append(t("bot.paused", lang))
    else:
        text.append("▶ " + rules.tr(public.prompt_msg, lang))
        active = [r for r in public.active if r in info.roles]
        holders = [r for r in active if r not in asked]
        if holders:
            text.append(t("bot.turn_of", lang, players=players_of(info, holders, lang)))
        waiting = [r for r in active if r in asked]
        if waiting:
            text.append(t("bot.asked_privately", lang, players=players_of(info, waiting, lang)))
        acting = {r: v for r, v in role_views.items() if r in holders and v.actions}
        if len(holders) > 1:
            components = secret_components(info.id, info.version, lang, several=True)
        elif len(acting) == 1:
            role, view = next(iter(acting.items()))
            if choices_reveal_private(view):
                components = secret_components(info.id, info.version, lang, several=False)
            else:
                components = choice_components(info.id, info.version, role, view.actions,
                                               rules, lang, fingerprint=fingerprint(view))
    heading = f"**{game_heading(info, lang)}**"
    ping_ids = list(dict.fromkeys(u for u in ping if u))
    if picture is not None:
        embed = discord.Embed(title=clip(game_heading(info, lang), 256),
                              description=clip_block(log_block, EMBED_TEXT_MAX) or None)
        embed.set_image(url="attachment://board.png")
        return Post(content="\n".join(text), embed=embed, picture=picture, view=components,
                    ping=ping_ids, alt=alt_text(info, lines, text, lang))
    body = "\n".join(part for part in [heading, log_block, "\n".join(text)] if part)
    return Post(content=body, view=components, ping=ping_ids)


def alt_text(info: Any, lines: Sequence[LogLine], text: Sequence[str], lang: str) -> str:
    """A board picture's alt text: which game, what changed last, whose turn it is."""
    rules = rules_of(info.title)
    last = [rules.tr(line.msg, lang) for line in lines[-3:]]
    said = [re.sub(r"<@!?\d+>", "", part).replace("▶ ", "").strip() for part in text]
    return " ".join([t("bot.alt_board", lang, heading=game_heading(info, lang)), *last,
                     *said]).strip()


def post_digest(post: Post) -> str:
    """What a reader sees of a post (text, picture, the components' labels and what they do,
    not the game version their ids carry): two posts with the same digest look the same."""
    parts: list[Any] = [post.content, post.embed.description if post.embed else None]
    for item in (post.view.children if post.view is not None else []):
        press = codec.decode(getattr(item, "custom_id", "") or "")
        what = (press.kind, press.role, press.index, press.page, press.fingerprint,
                press.vote) if press is not None else None
        parts.append([getattr(item, "label", None), what,
                      [o.label for o in getattr(item, "options", [])]])
    return digest(json.dumps(parts, default=str), post.picture)


def digest(text: str, picture: bytes | None = None) -> str:
    """A short digest of a text and a picture: what a message shows."""
    value = zlib.crc32(text.encode())
    if picture:
        value = zlib.crc32(picture, value)
    return format(value, "08x")


def question_post(info: Any, public: View, role: str, view: View, lang: str) -> Post:
    """A question that interrupts the turn, asked of one role's player by DM: who waits for
    the answer and why, the question, what the player hides, and the choices."""
    rules = rules_of(info.title)
    holders = [r for r in (public.turn.roles if public.turn is not None else [])
               if r != role] or [r for r in public.active if r != role]
    lines = [f"**{game_heading(info, lang)}**"]
    if holders:
        lines.append(t("bot.ask_why", lang, role=role_name(info, role, lang),
                       players=", ".join(role_name(info, r, lang) for r in holders)))
    lines.append("▶ " + rules.tr(view.prompt_msg, lang))
    if view.private:
        lines.append(private_text(info, view, lang))
    components = choice_components(info.id, info.version, role, view.actions, rules, lang,
                                   fingerprint=fingerprint(view))
    return Post(content="\n".join(lines), view=components)


def board_post(info: Any, public: View, lang: str, picture: bytes | None) -> Post:
    """The current board for one reader: picture, prompt, recent public lines."""
    recent = public.log[-5:]
    return turn_post(info, public, recent, [], {}, lang, picture)


def _item_text(title: str, value: Any, lang: str) -> str:
    """One private item: a card-like ``{"key": ..., "name": ...}`` by its translated name."""
    if isinstance(value, dict):
        key = value.get("key")
        if key is not None:
            named = engine_text(title, f"card.{key}", lang)
            if named:
                return named
        if value.get("name"):
            return str(value["name"])
        return "; ".join(f"{k}: {_item_text(title, v, lang)}" for k, v in value.items()) or "—"
    if isinstance(value, list | tuple):
        return ", ".join(_item_text(title, v, lang) for v in value) or "—"
    return str(value)


def private_name(title: str, key: str, lang: str, fallback: str | None = None) -> str:
    """The name of a View's private item (``fallback``, else the key, when none is given)."""
    for candidate in (f"private.{key}", f"describe.{key}"):
        text = engine_text(title, candidate, lang)
        if text:
            return text
    if has(f"bot.private.{key}"):
        return t(f"bot.private.{key}", lang)
    return key if fallback is None else fallback


def private_text(info: Any, view: View, lang: str) -> str:
    """The private part of a View in words (a hand, a secret choice already made): the
    engine's own lines, which name things as its pictures do."""
    if not view.private:
        return ""
    lines = rules_of(info.title).private_lines(view, lang)
    if lines:
        # the engine's lines name their items; the heading is the first item's name, or a
        # general one (never an internal key)
        heading = private_name(info.title, next(iter(view.private)), lang,
                               t("bot.private_heading", lang)).rstrip(":")
        return "\n".join([f"**{heading}**", *lines])
    return "\n".join(f"**{private_name(info.title, key, lang)}**: "
                     f"{_item_text(info.title, value, lang)}"
                     for key, value in view.private.items())


def hand_text(info: Any, view: View, lang: str, public_seqs: set[int] | None = None) -> str:
    """What a player is told about their own hidden items, in a DM or an ephemeral reply. With
    ``public_seqs`` (the sequence numbers of the public log) the lines only this role reads from
    its latest step are added (e.g. the card it drew)."""
    role = view.role or ""
    lines = [t("bot.hand_heading", lang, id=info.id, title=title_name(info.title, lang),
               role=role_name(info, role, lang))]
    lines.append(private_text(info, view, lang) or t("bot.hand_empty", lang))
    if public_seqs is not None and view.log:
        last_step = max(line.step for line in view.log)
        mine = [line for line in view.log if line.step == last_step and line.seq not in public_seqs]
        if mine:
            lines.append(log_text(info.title, mine, lang))
    return "\n".join(lines)


# -- rule options ------------------------------------------------------------------------------

def option_infos(info: Any) -> list[OptionInfo]:
    listed = scenario_info(info.title, getattr(info, "scenario", ""))
    if listed is not None:
        return list(listed.options)
    try:
        scenarios = rules_of(info.title).scenarios()
    except KeyError:
        return []
    return list(scenarios[0].options) if scenarios else []


def option_description(title: str, option: OptionInfo, lang: str) -> str:
    return option_text(f"option.{title}.{option.id}", lang, option.description)


def option_value_name(title: str, option_id: str, value: Any, lang: str) -> str:
    named = option_text(f"option.{title}.{option_id}.{value}", lang, "")
    return named or option_text(f"option.value.{value}", lang, str(value))


RACE_POINTS = 12


def end_summary(info: Any, figures: dict[str, Any], lang: str) -> list[str]:
    """The last post's lines about how the game went: battles, units lost, the race over the
    turns (at most ``RACE_POINTS`` of them) and when it was decided."""
    out: list[str] = []

    def per_side(values: Any) -> str:
        return ", ".join(f"{role_name(info, r, lang)} {n}" for r, n in sorted(
            (values or {}).items(), key=lambda item: info.roles.index(item[0])
            if item[0] in info.roles else 99))

    if figures.get("battles"):
        out.append(t("bot.end_battles", lang, n=figures["battles"]))
    if figures.get("won"):
        out.append(t("bot.end_won", lang, sides=per_side(figures["won"])))
    if figures.get("lost"):
        out.append(t("bot.end_lost", lang, sides=per_side(figures["lost"])))
    if figures.get("destroyed"):
        out.append(t("bot.end_destroyed", lang, n=figures["destroyed"]))
    race = [r for r in figures.get("race") or [] if r]
    if len(race) >= 2:
        step = max(1, -(-len(race) // RACE_POINTS))
        points = race[::step]
        if points[-1] is not race[-1]:
            points.append(race[-1])
        roles = [r for r in info.roles if r in race[-1]]
        lines = [f"{role_name(info, r, lang)}: " + " · ".join(str(p.get(r, 0)) for p in points)
                 for r in roles]
        out.append(t("bot.end_race", lang) + "\n" + "\n".join(lines))
        winners = (info.result.winners if info.result is not None else []) or []
        if len(winners) == 1 and winners[0] in race[-1]:
            win = winners[0]
            ahead = [all(p.get(win, 0) > p.get(r, 0) for r in roles if r != win) for p in race]
            if ahead[-1]:
                first = len(ahead) - 1
                while first > 0 and ahead[first - 1]:
                    first -= 1
                out.append(t("bot.end_decided", lang, side=role_name(info, win, lang),
                             turn=first + 1, turns=len(race)))
    return out


def options_text(info: Any, lang: str) -> str:
    """The options in force that differ from the rulebook's (the defaults), one per line."""
    chosen = getattr(info, "options", None) or {}
    lines = [f"• {option_description(info.title, o, lang)}: "
             f"{option_value_name(info.title, o.id, chosen[o.id], lang)}"
             for o in option_infos(info) if o.id in chosen and chosen[o.id] != o.default]
    if not lines:
        return t("bot.options_default", lang)
    return "\n".join([t("bot.options_heading", lang), *lines])


def status_text(info: Any, lang: str) -> str:
    lines = [f"**{game_heading(info, lang)}**",
             t("bot.status_line", lang, status=t(f"bot.status.{info.status}", lang),
               version=info.version)]
    lines += [seat_line(info, role, lang) for role in info.roles]
    if info.status in ("active", "paused") and info.active_roles:
        lines.append(t("bot.turn_of", lang, players=players_of(info, info.active_roles, lang)))
    timer = getattr(info, "turn_timer", None)
    if timer:
        lines.append(t("bot.timer_is", lang, minutes=max(1, int(timer) // 60)))
    if option_infos(info):
        lines.append(options_text(info, lang))
    return "\n".join(lines)
