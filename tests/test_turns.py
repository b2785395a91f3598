"""Whose turn it is (``View.turn``), as each title's sequence of play names its turns: the key
changes exactly when the turn passes and never while the same player goes on in the same turn;
an active role outside ``Turn.roles`` answers a question that interrupts the turn.

Ancients §5 (a player's turn); Hannibal §5, §7.4 (a card play, the other phases); Mare Nostrum
Turn Overview, §2, §3, §4 (the phases, the stages of the trade, each player's segment)."""

from __future__ import annotations

from typing import Any

from games import registry
from games.core import Action, Turn
from tests.seeded import positions

ANCIENTS = registry.get("ancients")
HANNIBAL = registry.get("hannibal")
MARE = registry.get("mare_nostrum")


def act(rules: Any, s: Any, role: str, verb: str, arg: Any = None) -> Any:
    return rules.act(s, role, Action(verb=verb, arg=arg))


def turn_of(rules: Any, s: Any) -> tuple[str, list[str]]:
    t = rules.view(s, None).turn
    assert isinstance(t, Turn)
    return t.key, list(t.roles)


def never_back(keys: list[str]) -> None:
    """A turn once passed never comes back: the keys of a game, run together, are distinct."""
    runs = [k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k]
    assert len(runs) == len(set(runs)), [k for k in runs if runs.count(k) > 1][:5]


# -- Ancients ----------------------------------------------------------------------------------
def test_ancients_s5_scripted_turns():
    """§5: South's whole turn (card, orders, moves, battles) is one turn; North's next."""
    s = ANCIENTS.setup(1, "001", {})
    assert turn_of(ANCIENTS, s) == ("1:south", ["south"])
    for verb, arg in (("card", "order_3_left"), ("order", "C2"), ("order", "B2"),
                      ("order", "D3"), ("done", None)):
        s = act(ANCIENTS, s, "south", verb, arg)
        assert turn_of(ANCIENTS, s) == ("1:south", ["south"])
    s = act(ANCIENTS, s, "south", "done", None)       # no moves: the battles, none, the end
    assert turn_of(ANCIENTS, s) == ("2:north", ["north"])


def test_ancients_s5_key_changes_once_per_player_turn_and_defenders_interrupt():
    interruptions = 0
    for scenario, seed in (("001", 1), ("006", 3)):
        keys: list[str] = []
        before: tuple[int, str] | None = None
        for s, public in positions("ancients", scenario, seed):
            if public.result is not None:
                assert public.turn is None
                break
            assert public.turn is not None
            player = (s.turn_no, s.turn.side)
            if keys:
                assert (public.turn.key != keys[-1]) == (player != before), (player, keys[-1])
            keys.append(public.turn.key)
            before = player
            assert public.turn.roles == [s.turn.side]
            for role in public.active:
                if role not in public.turn.roles:
                    # the defender's evade, First Strike, battle back or retreat (§9-§13)
                    interruptions += 1
                    assert s.flow and s.flow[-1]["role"] == role != s.turn.side
        never_back(keys)
        assert len(set(keys)) == s.turn_no
    assert interruptions > 0


# -- Hannibal ----------------------------------------------------------------------------------
def test_hannibal_s7_scripted_start():
    """§7.3 who plays first is a turn of its own (Rome, then Carthage answer in it); §7.4 each
    card played is the turn of its player; the other side's response window interrupts it."""
    s = HANNIBAL.setup(1, "218bc", {})
    assert turn_of(HANNIBAL, s) == ("1:first_player", ["rome"])
    s = act(HANNIBAL, s, "rome", "first", "no")
    assert turn_of(HANNIBAL, s) == ("1:first_player", ["carthage"])
    s = act(HANNIBAL, s, "carthage", "first", "rome")
    assert turn_of(HANNIBAL, s) == ("1:card:1", ["rome"])
    for verb, arg in (("card", 4), ("use", "move"), ("general", "longus"), ("cus", 5),
                      ("to", "panormus"), ("to", "messana"), ("to", "rhegium")):
        s = act(HANNIBAL, s, "rome", verb, arg)
        assert turn_of(HANNIBAL, s) == ("1:card:1", ["rome"])
    public = HANNIBAL.view(s, None)
    assert public.active == ["carthage"]               # a response window: an interruption
    s = act(HANNIBAL, s, "carthage", "respond", 0)
    assert turn_of(HANNIBAL, s) == ("1:card:1", ["rome"])
    s = act(HANNIBAL, s, "rome", "stop")
    assert turn_of(HANNIBAL, s) == ("1:card:2", ["carthage"])


CARD_USES = ("log.ops", "log.event", "log.discard")


def test_hannibal_s7_4_one_turn_per_card_played_in_a_whole_game():
    keys: list[str] = []
    plays: dict[str, list[str]] = {}         # card-play key -> the sides of the cards used in it
    interruptions = 0
    seen = 0
    for s, public in positions("hannibal", "218bc", 1):
        for e in s.log[seen:]:
            if e.msg.key in CARD_USES and keys and ":card:" in keys[-1]:
                plays[keys[-1]].append(str(e.msg.args["side"]))
        seen = len(s.log)
        if public.result is not None:
            assert public.turn is None
            break
        t = public.turn
        assert t is not None
        keys.append(t.key)
        if ":card:" in t.key:
            plays.setdefault(t.key, [])
            player = t.roles[0]
            assert t.roles == [player]
            # the other side's answers inside the card play interrupt it
            for role in public.active:
                if role != player:
                    interruptions += 1
                    assert role not in t.roles
        else:
            assert t.roles == public.active
    never_back(keys)
    assert interruptions > 0
    # each card play holds exactly one card, used by the player whose turn it is
    assert plays and all(len(sides) == 1 for sides in plays.values()), plays
    card_lines = [e for e in s.log if e.msg.key in CARD_USES]
    assert len(card_lines) == len(plays)


# -- Mare Nostrum ------------------------------------------------------------------------------
def test_mare_nostrum_scripted_phases_and_segments():
    """The Trade Token is the Trade Leader's; the Build phase (§3): the Culture Leader names
    the first builder, then each builder's segment is a turn; naming the next one belongs to the
    segment just over."""
    s = MARE.setup(1, "3p", {})
    assert turn_of(MARE, s) == ("1:trade:token", ["carthage"])
    s = act(MARE, s, "carthage", "token", "5/0:0")     # nothing to offer: on to the Build
    assert turn_of(MARE, s) == ("1:build:0", ["greece"])
    s = act(MARE, s, "greece", "builder", "greece")
    assert turn_of(MARE, s) == ("1:build:1", ["greece"])
    for verb, arg in (("item", "legion"), ("at", "thracia"), ("set", "gladiator+oil+wood"),
                      ("done", None)):
        s = act(MARE, s, "greece", verb, arg)
        assert turn_of(MARE, s) == ("1:build:1", ["greece"])
    s = act(MARE, s, "greece", "builder", "rome")
    assert turn_of(MARE, s) == ("1:build:2", ["rome"])
    s = act(MARE, s, "rome", "done")
    assert turn_of(MARE, s) == ("1:build:3", ["carthage"])


def test_mare_nostrum_offers_are_held_by_every_chooser():
    """§2.1: the secret offers are one turn, held by every player choosing at once."""
    s = MARE.setup(3, "3p", {})
    s = act(MARE, s, "carthage", "token", "2/1:2")
    key, roles = turn_of(MARE, s)
    assert key == "1:trade:offers" and roles == ["rome", "greece", "carthage"]
    s = act(MARE, s, "rome", "offer_set", MARE.view(s, "rome").actions[0].arg)
    assert turn_of(MARE, s) == ("1:trade:offers", ["greece", "carthage"])


def test_mare_nostrum_segments_over_whole_games():
    interruptions = 0
    for scenario, seed in (("3p", 1), ("5p", 2)):
        keys: list[str] = []
        last: tuple[int, str, str | None] | None = None
        segments: dict[tuple[int, str], set[str]] = {}
        for s, public in positions("mare_nostrum", scenario, seed):
            if public.result is not None:
                assert public.turn is None
                break
            t = public.turn
            assert t is not None
            here = (s.turn, s.phase, s.segment)
            if s.segment is not None:
                # §3, §4: the segment's player holds the turn; another player's choice inside
                # it (a casualty, Perseus) interrupts it
                assert t.roles == [s.segment]
                segments.setdefault((s.turn, s.phase), set()).add(t.key)
                interruptions += len([r for r in public.active if r not in t.roles])
                if last is not None and last == here:
                    assert t.key == keys[-1]
                if last is not None and last[2] not in (None, s.segment):
                    assert t.key != keys[-1]
            elif s.phase in ("collection", "trade", "leadership"):
                assert t.roles == public.active
            keys.append(t.key)
            last = here
        never_back(keys)
        # one turn per player's segment in each Build and Movement phase played through
        done = [k for k in segments if (s.turn, s.phase) != k]
        assert done and all(len(segments[k]) == s.players_n for k in done)
    assert interruptions > 0
