"""Playing a card, and the windows another player's action opens for an answer (§17.1.5).

``play_card`` takes a card from its holder's hand onto the discard pile (or out of the game),
says so, and pushes its effect (the step ``card_effect``) with, on top, the ``card`` window in
which the other Powers may cancel it (Deus ex Machina) before any effect.

``open_window(s, name, actor, **ctx)`` is the hook the rules call where an action opens a window
(``registry.WINDOWS``). It pushes a step that, when it runs, asks at once and in secret (one
simultaneous frame, ``card_window``) every Power that might hold an answering card as far as
the others can tell: it holds at least one card, it may answer this window (not the acting
Power where the card answers "another player's" action), and some copy of an answering kind is
neither on the discard pile nor out of the game, with the card's printed condition met. Holders
and non-holders get the same question; "play X" is offered only to a holder of X, "pass" to
everyone; so being asked, or answering at once, says nothing about a hand. The answers are kept
in the frame until the last is in, then carried out in turn order (``card_answers``)."""

from __future__ import annotations

from typing import Any

from games.core import Action, Choice, Msg, msg
from games.pax_romana.cards import deck
from games.pax_romana.cards.registry import RULES, WINDOWS
from games.pax_romana.flow import Frame, opt, pop, push, simultaneous, step
from games.pax_romana.plans import names_msg
from games.pax_romana.state import PRState
from games.pax_romana.texts import extend


def play_card(s: PRState, power: str, kind: int, ctx: dict[str, Any] | None = None,
              drawn: bool = False) -> None:
    """``power`` plays ``kind`` (from its hand unless just drawn): the card leaves play, then,
    unless someone cancels it in the ``card`` window, its effect."""
    hand = s.hands.setdefault(power, [])
    if kind in hand:
        hand.remove(kind)
    deck.to_discard(s, kind, played=True)
    s.mark_irreversible()
    s.say(msg("log.card_played", power=f"@power.{power}", card=deck.card_arg(kind)))
    push(s, "card_effect", power=power, card=kind, ctx=dict(ctx or {}), cancelled=False)
    open_window(s, "card", power, kind=kind, by=power)


@step("card_effect")
def card_effect(s: PRState, f: Frame) -> None:
    pop(s, f)
    power, kind, ctx = f["power"], f["card"], f["ctx"]
    if f["cancelled"]:
        s.say(msg("log.card_cancelled", card=deck.card_arg(kind)))
        if kind in s.removed_cards:
            # §17.2 Deus ex Machina: both cards are discarded
            s.removed_cards.remove(kind)
            s.discard.append(kind)
        return
    rule = RULES.get(kind)
    if rule is None:
        s.say(msg("log.card_no_rule", card=deck.card_arg(kind)))
        return
    rule.play(s, power, ctx)
    if ctx.get("cancelled"):
        cancel_pending(s, ctx.get("kind"), ctx.get("by"))


def cancel_pending(s: PRState, kind: Any, by: Any) -> bool:
    """Mark the effect of ``kind`` played by ``by`` still waiting on the stack as cancelled."""
    for f in reversed(s.flow):
        if (f["k"] == "card_effect" and f["card"] == kind and f["power"] == by
                and not f["cancelled"]):
            f["cancelled"] = True
            return True
    return False


# -- who is asked -----------------------------------------------------------------------------------
def answering_kinds(window: str) -> list[int]:
    return sorted(k for k, r in RULES.items() if window in r.moments)


def may_answer(s: PRState, window: str, power: str, actor: str | None,
               ctx: dict[str, Any]) -> bool:
    """Whether ``power`` is in the window at all (whoever holds what): the Powers of the two
    sides of a land battle; the acting Power alone at the start of its Expansion; any other
    Power elsewhere (the cards answer "another player's" action)."""
    if window == "expansion_start":
        return power == actor
    if window == "land_battle":
        return power in ctx.get("sides", [])
    return power != actor


def card_segment_of(s: PRState) -> str | None:
    """The Power whose Card Segment is under way: its question is still on the stack, under
    whatever the cards played in it have pushed (§17.1.3)."""
    for f in reversed(s.flow):
        if f.get("k") == "card_segment":
            return str(f["role"])
    return None


def in_its_moment(s: PRState, window: str, power: str) -> bool:
    """§17.1.5: a Hold in Hand card is played in its holder's own Card Segment or in any
    player's Action Segment, "no card may be played in any other segment": during another
    Power's Card Segment only Deus ex Machina answers, a card "just drawn or played" being its
    own moment (§17.2)."""
    segment = card_segment_of(s)
    return segment is None or segment == power or window == "card"


def candidates(s: PRState, window: str, actor: str | None, ctx: dict[str, Any]) -> list[str]:
    """The Powers asked: those that might hold an answer as far as the others can tell (and
    whose cards may be played at this moment at all)."""
    kinds = answering_kinds(window)
    out = []
    for power in s.roles:
        if not s.hands.get(power) or not may_answer(s, window, power, actor, ctx):
            continue
        if not in_its_moment(s, window, power):
            continue
        if any(deck.unaccounted(s, k) > 0 and RULES[k].can_play(s, power, ctx) for k in kinds):
            out.append(power)
    return out


def open_window(s: PRState, name: str, actor: str | None, **ctx: Any) -> None:
    """The hook: ``actor``'s action opens the window ``name`` (see ``registry.WINDOWS``); who
    is asked is worked out when the window's turn comes (after anything pushed later)."""
    if not deck.advanced(s) or s.phase != "F":
        return                      # §17.1.5: cards are played in the Activation Phase only
    if name not in WINDOWS:
        raise ValueError(f"unknown card window {name!r}")
    push(s, "card_window_open", window=name, actor=actor, ctx=ctx)


@step("card_window_open")
def card_window_open(s: PRState, f: Frame) -> None:
    pop(s, f)
    roles = candidates(s, f["window"], f["actor"], f["ctx"])
    if roles:
        push(s, "card_window", window=f["window"], actor=f["actor"], ctx=f["ctx"], roles=roles)


def held_answers(s: PRState, window: str, power: str, ctx: dict[str, Any]) -> list[int]:
    """The kinds in ``power``'s hand it may play in this window now."""
    return sorted({k for k in s.hands.get(power, []) if k in RULES
                   and window in RULES[k].moments and RULES[k].can_play(s, power, ctx)})


def _window_choices(s: PRState, f: Frame, role: str) -> list[Choice]:
    out = [opt("answer", k, "choice.play_card", secret=True, card=deck.card_arg(k))
           for k in held_answers(s, f["window"], role, f["ctx"])]
    if f["window"] == "action":
        # §17.1.6: Carthage hires Mercenaries with any Hold in Hand card, in any Action Segment
        from games.pax_romana.cards.segment import hire_choices
        out += [opt("answer", f"hire:{c.arg}", "choice.card_hire", secret=True,
                    card=deck.card_arg(int(str(c.arg))))
                for c in hire_choices(s, role)]
    return out + [opt("answer", 0, "choice.card_pass", secret=True)]


def _window_prompt(s: PRState, f: Frame, role: str | None) -> Msg:
    """The same question for everyone asked: what happened, and who is still to answer."""
    waiting = [r for r in f["roles"] if r not in f.get("answers", {})]
    ctx = f["ctx"]
    actor = ctx.get("by") or ctx.get("mover") or f.get("actor") or waiting[0]
    return names_msg(f"prompt.card_window_{f['window']}", waiting, actor=f"@power.{actor}",
                     space=f"@space.{ctx['space']}" if ctx.get("space") else "",
                     card=deck.card_arg(int(ctx["kind"])) if ctx.get("kind") else "")


@simultaneous("card_window", _window_choices, _window_prompt)
def card_window(s: PRState, f: Frame, answers: dict[str, Action]) -> None:
    """The answers, once all are in, carried out in turn order (§17.1.5)."""
    plays = [[r, a.arg] for r, a in answers.items() if a.arg]
    if plays:
        push(s, "card_answers", window=f["window"], ctx=f["ctx"], plays=plays)


@step("card_answers")
def card_answers(s: PRState, f: Frame) -> None:
    if not f["plays"]:
        pop(s, f)
        return
    power, kind = f["plays"].pop(0)
    if isinstance(kind, str) and kind.startswith("hire:"):
        from games.pax_romana.cards.segment import hire_choices, hire_with
        card = int(kind.split(":", 1)[1])
        if card in s.hands.get(power, []) and hire_choices(s, power):
            hire_with(s, power, card)
        return
    kind = int(kind)
    if kind in s.hands.get(power, []) and RULES[kind].can_play(s, power, f["ctx"]):
        play_card(s, power, kind, f["ctx"])


# -- the prompts: one key per window, with the names of those still to answer ------------------------
def _names(en: str, ru: str) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {"en": {}, "ru": {}}
    for window in _WHAT["en"]:
        for n in range(1, 5):
            who_en = ", ".join(f"{{p{i}}}" for i in range(1, n + 1))
            out["en"][f"prompt.card_window_{window}.{n}"] = en.replace(
                "{who}", who_en).replace("{what}", _WHAT["en"][window])
            out["ru"][f"prompt.card_window_{window}.{n}"] = ru.replace(
                "{who}", who_en).replace("{what}", _WHAT["ru"][window])
    return out


_WHAT = {
    "en": {"enter_tp": "{actor}'s army enters {space}",
           "naval_transport": "{actor}'s army by Naval Transport enters {space}",
           "land_battle": "a land battle is about to be fought in {space}",
           "card": "{actor} plays {card}", "expansion_start": "{actor} begins an Expansion",
           "action": "{actor}'s Action Segment begins"},
    "ru": {"enter_tp": "армия ({actor}) входит в {space:acc}",
           "naval_transport": "армия ({actor}) морем входит в {space:acc}",
           "land_battle": "начинается сухопутное сражение в {space:loc}",
           "card": "{actor} разыгрывает «{card}»", "expansion_start": "{actor} начинает экспансию",
           "action": "начинается сегмент действий: {actor}"},
}

extend(_names("Cards: {what}. Play a card, or pass? (waiting for {who})",
              "Карты: {what}. Разыграть карту или спасовать? (ждём: {who})"))
extend({
    "en": {
        "log.card_played": "{power} plays the card {card}.",
        "log.card_cancelled": "The card {card} is cancelled.",
        "log.card_no_rule": "The card {card} has no effect in this game yet; it is discarded.",
        "choice.play_card": "Play {card}",
        "choice.card_pass": "Pass",
    },
    "ru": {
        "log.card_played": "{power} разыгрывает карту «{card}».",
        "log.card_cancelled": "Карта «{card}» отменена.",
        "log.card_no_rule": "У карты «{card}» пока нет действия в этой игре; она сброшена.",
        "choice.play_card": "Разыграть «{card}»",
        "choice.card_pass": "Пас",
    },
})
