"""Playing a strategy card (§7.2, §8): as operations (move a general whose strategy rating is at
most the card's OPS, place PCs, raise one CU with 3 OPS), as its event (only if its colour allows
and the event is implemented in events.py), or discarded (§8.6). Response events (§8.4) are
offered in ``response windows`` opened by the rules at the moment they may be played; one opens
for the opponent after every card played here (trigger "card"), before the card takes effect."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import msg
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.flow import Frame, decision, opt, pop, push, step
from games.hannibal.state import CARTHAGE, ROME, HState, area_of, other

TRUCE = 64


def card_name(no: int) -> str:
    return f"@card.{no}"


def begin_card_play(s: HState, side: str) -> None:
    push(s, "play", role=side)


def _hand_choices(s: HState, f: Frame) -> list[Any]:
    hand = s.hands.get(f["role"], [])
    if "campaign_first" in s.markers and f["role"] == ROME:
        from games.hannibal.turn import CAMPAIGN_CARDS
        hand = [c for c in hand if c in CAMPAIGN_CARDS]
    return [opt("card", c, "choice.card", secret=True, card=card_name(c), ops=B.card(c).ops)
            for c in hand]


@decision("play", _hand_choices, lambda s, f: msg("prompt.play_card"))
def _play(s: HState, f: Frame, verb: str, arg: Any) -> None:
    f["k"] = "use"
    f["card"] = int(arg)


# -- how the card is used ------------------------------------------------------------------------
def movable_generals(s: HState, side: str, ops: int, forced: bool = False) -> list[str]:
    """Generals of ``side`` an OPS card of value ``ops`` may activate (§8.2): strategy rating at
    most ``ops`` (Publius Scipio counts 2 in Iberia, §24); a consular army needs 5 CUs (§18.1)."""
    from games.hannibal.movement import can_start_move
    out = []
    for g in P.generals_of(s, side):
        loc = P.where(s, g)
        assert loc is not None
        rating = B.general(g).strategy
        if g == "p_scipio" and B.region_of(area_of(loc)) == B.IBERIA:
            rating = min(rating, 2)
        if rating <= ops and can_start_move(s, g):
            out.append(g)
    return out


def raise_spots(s: HState, side: str) -> list[str]:
    """§8.2(c): a general in a friendly area of a friendly province, not inside a besieged city."""
    out: list[str] = []
    gens = P.generals_of(s, side)
    if not gens:
        return out
    ctl = P.province_controllers(s)
    for g in gens:
        loc = P.where(s, g)
        assert loc is not None
        sid = area_of(loc)
        if s.spaces[sid].pc == side and ctl[B.province_of(sid)] == side \
                and not (loc.endswith(":in") and P.besieged(s, sid)) and loc not in out:
            out.append(loc)
    return out


def pc_spots(s: HState, side: str) -> list[str]:
    """§19.2: an area with no enemy PC and no enemy CUs (and no PC of one's own yet), or an enemy
    ordinary PC where one has CUs (flipped). Tribes and walled cities are never placed on."""
    enemy = other(side)
    plain, tribes = P.pc_kinds()
    barred = P.areas_with_cus(s, enemy)
    own = P.locations_with_cus(s, side)
    truce = s.truce
    out = []
    for sid, sp in s.spaces.items():
        if sid not in plain and (sid not in tribes or sp.tribe is not None):
            continue                    # not an ordinary PC area
        if sp.pc is None:
            if sid not in barred:
                out.append(sid)
        elif sp.pc == enemy and sid in own and not truce:
            out.append(sid)             # #64: no flipping during a Truce
    return out


def event_playable(s: HState, side: str, no: int) -> bool:
    from games.hannibal.events import EVENTS
    c = B.card(no)
    ev = EVENTS.get(c.key)
    if ev is None or ev.response_only:
        return False
    if c.playable_by not in ("either", side):
        return False
    return ev.can_play(s, side, no)


def _use_choices(s: HState, f: Frame) -> list[Any]:
    side, no = f["role"], f["card"]
    c = B.card(no)
    out = []
    if movable_generals(s, side, c.ops):
        out.append(opt("use", "move", "choice.ops_move", secret=True, ops=c.ops))
    if pc_spots(s, side):
        out.append(opt("use", "pcs", "choice.ops_pcs", secret=True, ops=c.ops))
    if c.ops >= 3 and raise_spots(s, side):
        out.append(opt("use", "raise", "choice.ops_raise", secret=True))
    if event_playable(s, side, no):
        out.append(opt("use", "event", "choice.event", secret=True, card=card_name(no)))
    if "campaign_first" not in s.markers or not out:
        # §7.3: the opening Campaign card is played for OPS or as its event, if it can be
        out.append(opt("use", "discard", "choice.discard", secret=True))
    if "campaign_first" not in s.markers:
        out.append(opt("use", "back", "choice.back", secret=True))
    return out


@decision("use", _use_choices, lambda s, f: msg("prompt.use_card", card=card_name(f["card"])))
def _use(s: HState, f: Frame, verb: str, arg: Any) -> None:
    side, no = f["role"], f["card"]
    if arg == "back":
        f["k"] = "play"
        del f["card"]
        return
    pop(s, f)
    if "campaign_first" in s.markers:
        s.markers.remove("campaign_first")
    s.hands[side].remove(no)
    s.last_move = []
    s.mark_irreversible()
    c = B.card(no)
    if no == TRUCE:
        s.reshuffle = True          # §8.7: played in any way or discarded
    if arg == "discard":
        s.discard.append(no)
        s.say(msg("log.discard", side=f"@side.{side}", card=card_name(no)))
    elif arg == "event":
        from games.hannibal.events import removed_after_play
        if removed_after_play(s, no):
            s.removed.append(no)
        else:
            s.discard.append(no)
        s.say(msg("log.event", side=f"@side.{side}", card=card_name(no)))
    else:
        s.discard.append(no)
        s.say(msg("log.ops", side=f"@side.{side}", card=card_name(no), ops=c.ops))
    # §8.4: the opponent may answer the card play with a response event (Hostile Tribes) before
    # it takes effect; the effect waits below the window
    push(s, "card_effect", role=side, card=no, use=arg)
    open_window(s, other(side), "card", by=side)


@step("card_effect")
def card_effect(s: HState, f: Frame) -> None:
    """What the card played does (after the opponent's response window, if one opened). A
    response may have taken away what the card needed (CUs lost to Hostile Tribes): then the
    card is spent without effect."""
    pop(s, f)
    side, no, arg = f["role"], f["card"], f["use"]
    c = B.card(no)
    if arg == "discard":
        return
    if arg == "event":
        from games.hannibal.events import EVENTS
        ev = EVENTS[c.key]
        if ev.can_play(s, side, no):
            # §25: only an event that happens breaks a Truce
            end_truce(s, no)
            ev.play(s, side, no)
        return
    if arg == "move":
        from games.hannibal.movement import begin_activation
        if movable_generals(s, side, c.ops):
            begin_activation(s, side, no, c.ops)
    elif arg == "pcs":
        push(s, "pcs", role=side, left=c.ops, done=[])
    elif arg == "raise":
        push(s, "raise", role=side)


def _pcs_choices(s: HState, f: Frame) -> list[Any]:
    from games.hannibal.turn import _by_region
    spots = [x for x in pc_spots(s, f["role"]) if x not in f["done"]]
    out = _by_region(s, f, spots, "pc", "choice.place_pc")
    if out:
        out = out[:24] + [opt("done", None, "choice.done")]
    return out


# placed "while any more fits": once a PC is down, the question closes when no area is left
@decision("pcs", _pcs_choices, lambda s, f: msg("prompt.place_pcs", n=f["left"]),
          lapses=lambda s, f: bool(f.get("done")))
def _pcs(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "province":
        f["province"] = arg
        return
    f.pop("province", None)
    if verb == "done":
        pop(s, f)
        return
    side, sid = f["role"], str(arg)
    flip = s.spaces[sid].pc == other(side)
    P.place_pc(s, side, sid)
    s.say(msg("log.pc_flipped" if flip else "log.pc_placed", side=f"@side.{side}",
              where=f"@space.{sid}"))
    f["done"].append(sid)
    f["left"] -= 1
    if f["left"] <= 0:
        pop(s, f)
    from games.hannibal.turn import check_capitals
    check_capitals(s)


@decision("raise", lambda s, f: [opt("raise", loc, "choice.raise_at", where=f"@space.{area_of(loc)}")
                                 for loc in raise_spots(s, f["role"])][:25],
          lambda s, f: msg("prompt.raise"))
def _raise(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    P.add_cu(s, f["role"], str(arg), 1)
    s.say(msg("log.raise", side=f"@side.{f['role']}", where=f"@space.{area_of(str(arg))}"))


# -- response windows (§8.4) -----------------------------------------------------------------------
def responses(s: HState, side: str, trigger: str, ctx: dict[str, Any]) -> list[int]:
    """Response cards in ``side``'s hand that may be played at ``trigger`` now."""
    from games.hannibal.events import EVENTS
    out = []
    for no in s.hands.get(side, []):
        c = B.card(no)
        ev = EVENTS.get(c.key)
        if ev is None or not ev.answers(trigger) or c.playable_by not in ("either", side):
            continue
        if ev.can_respond(s, side, no, ctx):
            out.append(no)
    return out


def open_window(s: HState, side: str, trigger: str, **ctx: Any) -> None:
    """Offer ``side`` the response events that fit ``trigger``. The question is asked whenever
    he holds any card and some implemented response event of his colour could be played here
    (its ``opens`` and ``can_respond`` hold for some copy of the card, whoever holds it: public
    facts only), so his opponent learns nothing about his hand from being kept waiting; only
    his own View lists the cards (secret choices), next to "no response". A copy in the discard
    pile or out of the game (played in view of both) is in no hand."""
    if not s.hands.get(side):
        return
    gone: set[int] | None = None
    for key, ev in _answering(trigger, side):
        if not ev.opens(s, side, ctx):
            continue
        if gone is None:
            gone = set(s.discard) | set(s.removed)
        if any(no not in gone and ev.can_respond(s, side, no, ctx) for no in _copies(key)):
            push(s, "respond", role=side, trigger=trigger, ctx=ctx)
            return


_ANSWERING: dict[tuple[str, str], list[tuple[str, Any]]] = {}
_REGISTRY: list[tuple[Any, ...]] = [(), ()]


def _answering(trigger: str, side: str) -> list[tuple[str, Any]]:
    """The events (key, event) of ``side``'s colour that may be played at ``trigger``, in the
    registry's order; worked out again whenever the registry changes."""
    from games.hannibal.events import EVENTS
    keys, evs = tuple(EVENTS), tuple(EVENTS.values())
    if keys != _REGISTRY[0] or evs != _REGISTRY[1]:
        _ANSWERING.clear()
        _REGISTRY[:] = [keys, evs]
    got = _ANSWERING.get((trigger, side))
    if got is None:
        got = _ANSWERING[(trigger, side)] = [
            (key, ev) for key, ev in EVENTS.items()
            if ev.answers(trigger) and _colour_ok(key, side)]
    return got


@cache
def _copies(key: str) -> tuple[int, ...]:
    """The numbers of the cards of an event (copies share the key)."""
    return tuple(no for no, c in B.board().cards.items() if c.key == key)


@cache
def _colour_ok(key: str, side: str) -> bool:
    c = B.card_by_key(key)
    return c is not None and c.playable_by in ("either", side)


def _respond_choices(s: HState, f: Frame) -> list[Any]:
    cards = responses(s, f["role"], f["trigger"], f["ctx"])
    if f.get("again") and not cards:
        return []
    return [opt("respond", no, "choice.respond", secret=True, card=card_name(no)) for no in cards] + [
        opt("respond", 0, "choice.no_response", secret=True)]


# the window reopened after a response closes by itself when no further response fits
@decision("respond", _respond_choices,
          lambda s, f: msg("prompt.respond", trigger=f"@trigger.{f['trigger']}"),
          lapses=lambda s, f: bool(f.get("again")))
def _respond(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    no = int(arg)
    if not no:
        return
    from games.hannibal.events import EVENTS
    side = f["role"]
    c = B.card(no)
    ev = EVENTS[c.key]
    s.hands[side].remove(no)
    s.mark_irreversible()
    (s.removed if B.card(no).unique else s.discard).append(no)
    s.say(msg("log.response", side=f"@side.{side}", card=card_name(no)))
    # another fitting response may follow at the same moment (Spy, then Allies Defect)
    push(s, "respond", role=side, trigger=f["trigger"], ctx=f["ctx"], again=True)
    ev.respond(s, side, no, f["ctx"])
    # §25: a response of a truce-breaking class (both Hostile Tribes, "if their event is
    # applied") ends a Truce once it has acted, whoever's turn it is
    end_truce(s, no)


def end_truce(s: HState, no: int) -> None:
    """§25: card ``no``'s event takes effect now: a Truce ends if its class breaks one."""
    from games.hannibal.events import breaks_truce
    if s.truce and breaks_truce(no):
        s.truce = False
        s.say(msg("log.truce_ends"))


def holds(s: HState, side: str) -> list[int]:
    return list(s.hands.get(side, []))


__all__ = ["CARTHAGE", "ROME", "begin_card_play", "movable_generals", "open_window", "holds"]
