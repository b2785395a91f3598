"""Strategy-card events (§8.3-§8.7, §25): the registry ``EVENTS`` keyed by the card key of the data
(``strategy_cards.json``; copies of a card share the key).

A card whose key is not in ``EVENTS`` can only be played for OPS or discarded: its event is simply
not offered. Adding an event:

1. Write ``play(s, side, no)``: it runs when ``side`` plays card number ``no`` as its event, after
   the card has left the hand (to the discard pile, or out of the game when the data marks it
   ``unique``) and the log says so. It changes ``s`` with the primitives of ``prims.py``
   (``place_pc``, ``remove_pc``, ``flip_pc``, ``add_cu``, ``remove_cu``, ``move_force``,
   ``displace``, ``roll``...) and, to move generals, ``movement.begin_activation``; an attrition
   roll is ``turn.attrition(s, side, loc, modifier, why)``.
2. Write ``can_play(s, side, no) -> bool``: whether the event may be played now (its condition on
   the board). Who may play it (the card's colour) is checked for you from the data.
3. To ask a player something, call ``prims.ask(s, role, prompt_key, options, then="my_event:step",
   **data)`` with options ``[(arg, label_key, label_args)]`` and register the continuation with
   ``@prims.continuation("my_event:step")`` as ``fn(s, frame, arg)``; ``frame`` holds ``data``.
   Return right after asking: the flow waits for the answer and then calls the continuation,
   which may ask again. When a handler returns without pushing anything, the event is over and
   play passes on (§7.4); so is it when ``ask`` gets no options (nothing is asked). Every text
   goes through a key of texts.py (English and Russian).
4. Register it: ``EVENTS["the_key"] = Event(play=..., can_play=...)``. A response event (§8.4)
   sets ``trigger`` (one of ``TRIGGERS``, or a tuple of them), ``can_respond(s, side, no, ctx)`` and
   ``respond(s, side, no, ctx)``; the rules open a window at that moment and offer it there.
   ``can_respond`` must judge public facts only (whether the player holds the card is checked
   by the rules): the window opens only where some copy of a fitting card could be played, so
   players are not asked at every step. ``opens(s, side, ctx)`` may narrow it further.
   ``response_only=True`` keeps it out of the normal card play.

Whether an event ends a Truce comes from the data (``truce_class``; "none" does not, §25); it
ends it only when it happens (cards.py: as the event acts, or after a response acted). Tests
script dice with ``s.rng.scripted = ["4", "2"]`` (faces, in the order they are rolled).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core import msg
from games.hannibal import board as B
from games.hannibal.state import CARTHAGE, ROME, HState, other

# The moments at which the rules open a response window, with the context they pass:
#   "battle"          at the start of a battle, attacker then defender (§14.5 steps 2-3):
#                     {"space", "attacker"}; s.battle holds the battle
#   "elephant_charge" the Carthaginian declared an elephant charge (§14.5 step 4, §17.3):
#                     {"space"}; to the Roman
#   "naval"           the opponent sails, before the naval combat roll (§11.5): {"src", "dst",
#                     "mover"}; setting s.move["cancelled"] = True keeps the fleet in port and
#                     ends the move (Bad Weather); attrition on s.move's force (Storm at Sea)
#   "crossing"        the opponent's army has crossed a pass or strait into {"space"}, or
#                     entered by land the 3rd or later area of its move, before the pass
#                     attrition roll and the reaction phase: {"space", "link" (line | pass |
#                     alps | strait), "mover", "mp_spent" (the movement points the moving
#                     general has spent, this step included), "areas" (the areas he has
#                     entered)}; s.move["blocked"] = True sends it back and ends its move
#                     (Bad Weather: movement.weather_stop says where)
#   "enter"           the opponent's army entered {"space"} by land, before the reaction
#                     phase: {"space", "mover"} (Hostile Tribes in Transalpine Gaul/Liguria)
#   "card"            the opponent has just played a strategy card in the strategy phase (for
#                     OPS, as its event or discarded), before it takes effect: {"by"} (cards.py;
#                     Hostile Tribes against standing troops, §8.4)
#   "battle_round"    at the start of each battle round, after the deal, the side that does
#                     not lead first, then the leader: {"space", "attacker"} (Ally Deserts
#                     kept for the rounds, §25 #59; combat.py opens it)
# s.move is the moving army (movement.py): {"g", "gens", "n", "loc", "mp", "came_from", ...}.
TRIGGERS = ("battle", "elephant_charge", "naval", "crossing", "enter", "card", "battle_round")


def _never(*_: Any) -> bool:
    return False


def _always(*_: Any) -> bool:
    return True


def _nothing(*_: Any) -> None:
    return None


@dataclass(frozen=True)
class Event:
    play: Callable[[HState, str, int], None] = _nothing
    can_play: Callable[[HState, str, int], bool] = _always
    # one of TRIGGERS, or several (Bad Weather answers a sea move and a pass crossing)
    trigger: str | tuple[str, ...] | None = None
    can_respond: Callable[[HState, str, int, dict[str, Any]], bool] = _never
    respond: Callable[[HState, str, int, dict[str, Any]], None] = _nothing
    response_only: bool = False
    # Whether the window of ``trigger`` is worth opening for ``side`` at all, judged on public
    # facts only (never the hand): e.g. Hostile Tribes only where the entered area is in
    # Transalpine Gaul or Liguria. Without it the window opens whenever the side holds a card.
    opens: Callable[[HState, str, dict[str, Any]], bool] = _always

    def answers(self, trigger: str) -> bool:
        """Whether this response event may be played at ``trigger``."""
        if isinstance(self.trigger, tuple):
            return trigger in self.trigger
        return self.trigger == trigger

    @staticmethod
    def unique_of(no: int) -> bool:
        return B.card(no).unique


def is_unique(no: int) -> bool:
    """§8.5: removed from the game when played as an event (the data's flag)."""
    return B.card(no).unique


# §25 #9: Philip V is removed only after its second event play (the first puts the
# "philip_allied" marker in the Carthaginian naval box; the second, by Rome, ends the alliance).
REMOVE_WHEN: dict[str, Callable[[HState], bool]] = {
    "philip_v": lambda s: "philip_allied" in s.markers,
}


def removed_after_play(s: HState, no: int) -> bool:
    """Whether card ``no`` leaves the game now that it is played as an event (checked before its
    handler runs)."""
    rule = REMOVE_WHEN.get(B.card(no).key)
    return rule(s) if rule is not None else is_unique(no)


def breaks_truce(no: int) -> bool:
    """§25: the truce-breaking classes (reinforcement, revolt, attrition, politics, sortie,
    special) end a Truce when their event happens (both Hostile Tribes also as a response);
    movement events and the other response events do not."""
    return B.card(no).truce_class != "none"


# -- Campaign cards (§10.11) -------------------------------------------------------------------------
def _campaign(s: HState, side: str, no: int) -> None:
    from games.hannibal.movement import begin_activation
    c = B.card(no)
    # §10.11, §11.4: each of 2 or 3 generals moves up to 4 areas; one army may sail with 10 CUs
    begin_activation(s, side, no, ops=3, campaign=c.campaign, mp=4, naval_cap=10,
                     kind="campaign")


def _campaign_ok(s: HState, side: str, no: int) -> bool:
    from games.hannibal.cards import movable_generals
    return bool(movable_generals(s, side, 3))


# -- Forced March (#61-#63, §10.2) ---------------------------------------------------------------------
def _forced(s: HState, side: str, no: int) -> None:
    from games.hannibal.movement import begin_activation
    c = B.card(no)
    begin_activation(s, side, no, ops=c.ops, mp=6, naval_cap=5, kind="forced")


def _forced_ok(s: HState, side: str, no: int) -> bool:
    from games.hannibal.cards import movable_generals
    return bool(movable_generals(s, side, B.card(no).ops))


# -- Truce (#64, §25) --------------------------------------------------------------------------------
def _truce(s: HState, side: str, no: int) -> None:
    s.truce = True
    s.say(msg("log.truce"))


# -- battle response events (§14.5) ---------------------------------------------------------------------
def _in_battle(s: HState, side: str, no: int, ctx: dict[str, Any]) -> bool:
    return s.battle is not None and s.battle["counts"] == {}


def _spy(s: HState, side: str, no: int, ctx: dict[str, Any]) -> None:
    """#20: at the deal, up to half of the opponent's battle cards are shown for the battle."""
    assert s.battle is not None
    s.battle["spy"] = s.battle.get("spy", []) + [side]


def _allies_desert(region_groups: tuple[str, ...], provinces: tuple[str, ...]) -> Any:
    """#31 / #32: the opponent gets no ally cards from the named provinces in a battle there."""
    def ok(s: HState, side: str, no: int, ctx: dict[str, Any]) -> bool:
        if not _in_battle(s, side, no, ctx):
            return False
        sid = ctx["space"]
        return B.region_of(sid) in region_groups or B.province_of(sid) in provinces or (
            bool(provinces) and B.region_of(sid) == B.AFRICA)

    def run(s: HState, side: str, no: int, ctx: dict[str, Any]) -> None:
        assert s.battle is not None
        cut = [p for p, pr in B.board().provinces.items()
               if (pr.region in region_groups) or p in provinces]
        s.battle["no_allies"][other(side)] = s.battle["no_allies"][other(side)] + cut
    return ok, run


def _steal_ok(s: HState, side: str, no: int, ctx: dict[str, Any]) -> bool:
    """#59 (§25): before the battle cards are dealt, or kept and played at the start of any
    round while the opponent still holds a battle card (how many he holds is public)."""
    b = s.battle
    if b is None or b.get("winner") is not None:
        return False
    return b["counts"] == {} or bool(s.bhands.get(other(side)))


def _steal(s: HState, side: str, no: int, ctx: dict[str, Any]) -> None:
    """#59: one battle card drawn at random from the opponent's hand into one's own: played in
    battle preparation, as soon as the cards are dealt; played in a round, at once."""
    assert s.battle is not None
    if s.battle["counts"] == {}:
        s.battle["steal"] = s.battle.get("steal", []) + [[side, "random"]]
        return
    _steal_now(s, side)


def _steal_now(s: HState, side: str) -> None:
    """With cards shown by the Spy (#20) the player takes a shown one or draws a hidden one
    (the battle's "steal_pick" question); else one hidden card at random."""
    assert s.battle is not None
    enemy = other(side)
    shown = s.battle["revealed"].get(enemy, [])
    if shown:
        from games.hannibal.flow import push
        push(s, "steal_pick", role=side)
        return
    from games.hannibal.combat import _steal as take
    take(s, side, None)         # at random; not over 20 battle cards in the battle (§14.1)


def _fright_ok(s: HState, side: str, no: int, ctx: dict[str, Any]) -> bool:
    return side == ROME and s.battle is not None and s.battle["charge"] is None


def _fright(s: HState, side: str, no: int, ctx: dict[str, Any]) -> None:
    """#42: the elephants have no effect and the Carthaginian loses 2 battle cards."""
    assert s.battle is not None
    s.battle["charge"] = "fright"


_spanish_ok, _spanish = _allies_desert((B.IBERIA,), ())
_numidian_ok, _numidian = _allies_desert((), ("western_numidia", "eastern_numidia"))

EVENTS: dict[str, Event] = {
    "major_campaign": Event(play=_campaign, can_play=_campaign_ok),
    "minor_campaign": Event(play=_campaign, can_play=_campaign_ok),
    "force_march": Event(play=_forced, can_play=_forced_ok),
    "truce": Event(play=_truce, can_play=lambda s, side, no: not s.truce),
    "spy_in_enemy_camp": Event(trigger="battle", can_respond=_in_battle, respond=_spy,
                               response_only=True),
    "spanish_allies_desert": Event(trigger="battle", can_respond=_spanish_ok, respond=_spanish,
                                   response_only=True),
    "numidian_allies_desert": Event(trigger="battle", can_respond=_numidian_ok,
                                    respond=_numidian, response_only=True),
    "ally_deserts": Event(trigger=("battle", "battle_round"), can_respond=_steal_ok,
                          respond=_steal, response_only=True),
    "elephant_fright": Event(trigger="elephant_charge", can_respond=_fright_ok, respond=_fright,
                             response_only=True),
    # #6 is played from the strategy hand as a battle card when leading (combat.py)
    "maharbals_cavalry": Event(response_only=True),
}

__all__ = ["CARTHAGE", "EVENTS", "Event", "ROME", "TRIGGERS", "breaks_truce", "is_unique"]


def _register_texts() -> None:
    from games.hannibal.texts import TEXTS
    for lang, texts in (("en", {"trigger.card": "the card the enemy plays",
                                "trigger.battle_round": "the start of the battle round"}),
                        ("ru", {"trigger.card": "карта, которую играет противник",
                                "trigger.battle_round": "начало раунда битвы"})):
        for key, value in texts.items():
            TEXTS[lang].setdefault(key, value)


_register_texts()


# The other events register themselves here (kept last: they import this module).
from games.hannibal import event_cards  # noqa: E402,F401
