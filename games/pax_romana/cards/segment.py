"""The Card Segment and the Action Segment's cards (§17.1.3-17.1.6), and the cards kept at the
end of the Game Turn (§17.1.1, §17.1.4, §3.2 H).

* ``begin_cards(s, power)`` (activation.py, once the AM is paid): the Card Segment draws one
  card (not for a free AM: the first AM of a scenario that starts in the Action Segment). A
  Play When Drawn card is played at once; then the Power may play the card drawn and/or one
  from its hand, discard, or keep its cards (3 Hold in Hand cards at most). Only then is the
  Action chosen (§3.2 F).
* ``begin_action(s, power, action)`` (activation.py, the Action chosen): the Action Segment
  opens: the other Powers holding any card are asked once whether to play one (option
  ``card_play_window``, "each_action"); an Expansion opens its own window for its holder
  (Conqueror).
* The active Power plays a Hold in Hand card between the steps of its action from its menu
  (``card_menu``); Carthage may play any Hold in Hand card to hire Mercenaries (§17.1.6).
* ``end_of_turn`` (Victory Phase): each Power may keep one card; everything else goes back into
  the deck, reshuffled; the lasting effects of the turn end."""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.cards import deck
from games.pax_romana.cards.registry import ACTION, RULES, SEGMENT
from games.pax_romana.cards.windows import open_window, play_card
from games.pax_romana.flow import Frame, decision, opt, pop, push, question, step
from games.pax_romana.plans import names_msg
from games.pax_romana.state import PRState
from games.pax_romana.texts import extend

MERCENARIES = 23
# lasting effects that end with the Game Turn (§17.2: "until the end of the Game Turn")
TURN_EFFECTS = ("cunctator", "conqueror", "archimedes", "seen", "tactical_surprise")


def begin_cards(s: PRState, power: str) -> None:
    """The hook of activation.py once the AM is paid for: its Card Segment (§17.1.3). The
    Action is chosen after it (§3.2 F)."""
    if deck.advanced(s):
        push(s, "card_draw", power=power)


def begin_action(s: PRState, power: str, action: str) -> None:
    """The hook of activation.py: ``power`` has chosen ``action`` in its Action Segment, whose
    cards are asked for now (§17.1.5)."""
    if not deck.advanced(s) or action not in ("expansion", "callup"):
        return
    if action == "expansion":
        open_window(s, "expansion_start", power)
    if s.options.get("card_play_window", "each_action") == "each_action":
        push(s, "card_window_open", window=ACTION, actor=power, ctx={})
    if action == "callup":
        push(s, "card_menu", role=power, opening=True)


@step("card_draw")
def card_draw(s: PRState, f: Frame) -> None:
    """§17.1.3: the card is drawn as soon as the AM is paid for."""
    pop(s, f)
    power = f["power"]
    kind = deck.draw(s)
    if kind is None:                # no card left to draw: the hand may still be played
        _segment_question(s, power, None)
        return
    if kind not in RULES:
        s.say(msg("log.card_drawn_open", power=f"@power.{power}", card=deck.card_arg(kind)))
        s.say(msg("log.card_no_rule", card=deck.card_arg(kind)))
        deck.to_discard(s, kind, played=False)
        _segment_question(s, power, None)
        return
    if deck.when_drawn(kind):
        # §17.1.2: played at once (after it, the Power may still play one from its hand)
        s.say(msg("log.card_drawn_open", power=f"@power.{power}", card=deck.card_arg(kind)))
        _segment_question(s, power, None)
        play_card(s, power, kind, drawn=True)
        return
    s.hands.setdefault(power, []).append(kind)
    s.say(msg("log.card_drawn", power=f"@power.{power}"))
    s.say(msg("log.card_drawn_own", card=deck.card_arg(kind)), to=power)
    _segment_question(s, power, kind)


def _segment_question(s: PRState, power: str, drawn: int | None) -> None:
    push(s, "card_segment", role=power, drawn=drawn, played_drawn=False, played_other=False)


def segment_playable(s: PRState, f: Frame) -> list[int]:
    """What the Power may still play in its Card Segment: the card drawn, and one other."""
    power = f["role"]
    out = []
    for k in sorted(set(s.hands.get(power, []))):
        rule = RULES.get(k)
        if rule is None or SEGMENT not in rule.moments or not rule.can_play(s, power, {}):
            continue
        if (k == f["drawn"] and not f["played_drawn"]) or not f["played_other"]:
            out.append(k)
    return out


def hire_choices(s: PRState, power: str) -> list[Choice]:
    """§17.1.6: Carthage may play any Hold in Hand card to hire Mercenaries (once the
    Mercenaries card's rule exists)."""
    merc = RULES.get(MERCENARIES)
    if power != "carthage" or merc is None or not merc.can_play(s, power, {}):
        return []
    return [opt("hire_with", k, "choice.card_hire", secret=True, card=deck.card_arg(k))
            for k in sorted(set(s.hands.get(power, [])))]


def hire_with(s: PRState, power: str, kind: int) -> None:
    """Carthage plays ``kind`` for its Mercenaries; the card's event is ignored (§17.1.6)."""
    s.hands[power].remove(kind)
    deck.to_discard(s, kind, played=False)
    s.mark_irreversible()
    s.say(msg("log.card_hire", power=f"@power.{power}", card=deck.card_arg(kind)))
    push(s, "card_effect", power=power, card=MERCENARIES, ctx={"via": kind}, cancelled=False)
    open_window(s, "card", power, kind=MERCENARIES, by=power)


def _segment_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    hand = s.hands.get(power, [])
    if not hand:
        return []                   # nothing to play, discard or keep: the question lapses
    out = [opt("play", k, "choice.play_card", secret=True, card=deck.card_arg(k))
           for k in segment_playable(s, f)]
    if not f["played_other"]:
        out += hire_choices(s, power)
    out += [opt("discard", k, "choice.card_discard", secret=True, card=deck.card_arg(k))
            for k in sorted(set(hand))]
    if len(hand) <= deck.HAND_LIMIT:
        out.append(opt("keep", None, "choice.card_keep", secret=True))
    return out


def _segment_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.card_segment", who=f"@power.{f['role']}", n=deck.HAND_LIMIT)


@question("card_segment", _segment_choices, _segment_prompt, lapses=lambda s, f: True)
def card_segment(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§17.1.3-17.1.4: play the card drawn and/or one from the hand, discard, or keep (at most
    three Hold in Hand cards)."""
    power = f["role"]
    if verb == "keep":
        pop(s, f)
        return
    kind = int(arg)
    if verb == "discard":
        s.hands[power].remove(kind)
        deck.to_discard(s, kind, played=False)
        s.say(msg("log.card_discarded", power=f"@power.{power}", card=deck.card_arg(kind)))
        if f["drawn"] == kind and kind not in s.hands[power]:
            f["played_drawn"] = True
        return
    if verb == "play" and kind == f["drawn"] and not f["played_drawn"]:
        f["played_drawn"] = True
    else:
        f["played_other"] = True
    if verb == "hire_with":
        hire_with(s, power, kind)
    else:
        play_card(s, power, kind)


# -- the active Power's cards during its action (§17.1.5) --------------------------------------------
def action_playable(s: PRState, power: str) -> list[int]:
    return sorted({k for k in s.hands.get(power, []) if k in RULES
                   and ACTION in RULES[k].moments and RULES[k].can_play(s, power, {})})


def menu_choice(s: PRState, power: str) -> list[Choice]:
    """The "play a card" entry of the active Power's menus (nothing without a card)."""
    if not deck.advanced(s) or not s.hands.get(power):
        return []
    return [opt("cards", None, "choice.card_menu")]


def open_menu(s: PRState, power: str) -> None:
    push(s, "card_menu", role=power, opening=False)


def _menu_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    if not s.hands.get(power):
        return []
    out = [opt("play", k, "choice.play_card", secret=True, card=deck.card_arg(k))
           for k in action_playable(s, power)] + hire_choices(s, power)
    return out[:24] + [opt("done", None, "choice.card_menu_done", secret=True)]


def _menu_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.card_menu", who=f"@power.{f['role']}")


@question("card_menu", _menu_choices, _menu_prompt,
          lapses=lambda s, f: True)
def card_menu(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """A Hold in Hand card played between two steps of the Power's action; no limit (§17.1.5)."""
    power = f["role"]
    pop(s, f)
    if verb == "done":     # leave the menu, no card played
        return
    if f.get("opening") and s.hands.get(power):
        push(s, "card_menu", role=power, opening=True)
    if verb == "hire_with":
        hire_with(s, power, int(arg))
    else:
        play_card(s, power, int(arg))


# -- the end of the Game Turn (§17.1.1, §17.1.4, §3.2 H) ----------------------------------------------
def end_of_turn(s: PRState) -> None:
    """The hook of the Victory Phase."""
    if deck.advanced(s):
        push(s, "card_turn_end")


@step("card_turn_end")
def card_turn_end(s: PRState, f: Frame) -> None:
    pop(s, f)
    holders = [p for p in s.roles if s.hands.get(p)]
    for key in TURN_EFFECTS:
        s.card_effects.pop(key, None)
    if holders:
        push(s, "card_keep", roles=holders, answers={})
    else:
        deck.reshuffle_for_next_turn(s)


def _keep_choices(s: PRState, f: Frame, role: str) -> list[Choice]:
    return [opt("carry", k, "choice.card_carry", secret=True, card=deck.card_arg(k))
            for k in sorted(set(s.hands.get(role, [])))] + [
        opt("carry", 0, "choice.card_carry_none", secret=True)]


def _keep_prompt(s: PRState, f: Frame, role: str | None) -> Msg:
    waiting = [r for r in f["roles"] if r not in f.get("answers", {})]
    return names_msg("prompt.card_keep", waiting)


def _keep_roles(s: PRState, f: Frame) -> list[str]:
    return [r for r in f["roles"] if r not in f["answers"]]


@decision("card_keep", _keep_choices, _keep_prompt, roles=_keep_roles)
def card_keep(s: PRState, f: Frame, role: str, verb: str, arg: Any) -> None:
    """§17.1.4: one card may be carried over; the others go back into the deck."""
    f["answers"][role] = int(arg)
    if any(r not in f["answers"] for r in f["roles"]):
        return
    pop(s, f)
    for power in f["roles"]:
        keep = f["answers"][power]
        hand = s.hands.get(power, [])
        back = list(hand)
        if keep and keep in back:
            back.remove(keep)
        s.hands[power] = [keep] if keep and keep in hand else []
        s.deck.extend(back)
        s.say(msg("log.card_carried", power=f"@power.{power}", n=len(s.hands[power])))
    deck.reshuffle_for_next_turn(s)


def _names(key: str, en: str, ru: str) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {"en": {}, "ru": {}}
    for n in range(1, 5):
        who = ", ".join(f"{{p{i}}}" for i in range(1, n + 1))
        out["en"][f"{key}.{n}"] = en.format(who=who)
        out["ru"][f"{key}.{n}"] = ru.format(who=who)
    return out


extend(_names("prompt.card_keep",
              "End of the turn: keep one card for the next turn? (waiting for {who})",
              "Конец хода: оставить одну карту на следующий ход? (ждём: {who})"))
extend({
    "en": {
        "log.card_drawn": "{power} draws a card.",
        "log.card_drawn_own": "You drew {card}.",
        "log.card_drawn_open": "{power} draws {card}.",
        "log.card_discarded": "{power} discards {card}.",
        "log.card_hire": "{power} plays {card} to hire Mercenaries.",
        "log.card_carried": "{power} keeps {n} card(s) for the next turn.",
        "prompt.card_segment": "{who}: Card Segment. Play a card, discard, or keep your cards "
                               "(at most {n} in hand).",
        "prompt.card_menu": "{who}: play a card?",
        "choice.card_discard": "Discard {card}",
        "choice.card_keep": "Keep my cards",
        "choice.card_hire": "Hire Mercenaries with {card}",
        "choice.card_menu": "Play a card",
        "choice.card_menu_done": "No more cards now",
        "choice.card_carry": "Keep {card}",
        "choice.card_carry_none": "Keep no card",
    },
    "ru": {
        "log.card_drawn": "{power} тянет карту.",
        "log.card_drawn_own": "Вы вытянули «{card}».",
        "log.card_drawn_open": "{power} тянет «{card}».",
        "log.card_discarded": "{power} сбрасывает «{card}».",
        "log.card_hire": "{power} разыгрывает «{card}», чтобы нанять наёмников.",
        "log.card_carried": "{power} оставляет на следующий ход карт: {n}.",
        "prompt.card_segment": "{who}: сегмент карт. Разыграть карту, сбросить или оставить "
                               "карты (не больше {n} на руке).",
        "prompt.card_menu": "{who}: разыграть карту?",
        "choice.card_discard": "Сбросить «{card}»",
        "choice.card_keep": "Оставить карты",
        "choice.card_hire": "Нанять наёмников за «{card}»",
        "choice.card_menu": "Разыграть карту",
        "choice.card_menu_done": "Больше не разыгрывать",
        "choice.card_carry": "Оставить «{card}»",
        "choice.card_carry_none": "Не оставлять карт",
    },
})
