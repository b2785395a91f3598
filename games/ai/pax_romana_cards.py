"""The Pax Romana computer player's decisions about the Advanced Game's event cards (§17).

``card_answer(view, choices)`` answers the card questions of the Advanced Game from the View
alone (the seat's own hand in ``view.private["cards"]``, the public board) and returns None
for every other question, which the Standard Game's policy (``games.ai.pax_romana``) answers.

* **The Card Segment** (§17.1.3-17.1.4): a card is played when its effect helps now (a free
  Garrison, army or AM; Mercenaries or a Helepolis when the Treasury stays above the AMs' cost
  and an army can use them; the Inventor in a threatened City; Militia or Cunctator while an
  enemy stands in the Home Territory); the answering cards (Ambush, Naval Ambush, Tactical
  Surprise, Deus ex Machina, Conqueror) are kept for the moment they answer; over the hand
  limit the least useful card goes (Mercenaries with no 2T to spare beyond the AMs' cost
  count for little: the Manpower plans leave no more, so they would only be carried along). Carthage hires Mercenaries with a card of little use
  (§17.1.6) when its Treasury allows and an army wants them.
* **The windows**: Ambush on an army of 2 BP or more that comes near the holder's land or is
  the VP leader's; Naval Ambush on any transport it can sink (an escort no bigger than the
  holder's galleys); Tactical Surprise in a real battle (both sides 2 BP or more, neither 3
  times the other); Deus ex Machina on an answer played against the holder's own action, or on
  a strong card of the VP leader; Conqueror always. In another Power's Action Segment only
  the cards that answer a threat are played (Mercenaries, Cunctator, the Inventor, Militia).
* **Targets**: harmful effects (Spies, Traitor, Conspiracy, Local Insurrection, rebels,
  Tribes) aim at the rival leading on VP, never at the holder when another target exists;
  helpful ones (Mercenaries, a Helepolis, free Garrisons) go where the holder's armies have the
  most to win or to fear.
* **The Manpower Phase**: an Optional Objective is bought (§15.4.4) whenever the Treasury
  stays above the AMs' cost once the weakened heavy units are rebuilt; a duplicate drawn is put
  back for another. At the Removal (§15.4.7) an objective out of reach is discarded, so that a
  new one may be bought in its place (three are held at most): one whose provinces or ports
  the Power holds not a quarter of, with none of the missing spaces within four steps of its
  units.
* **The end of the turn**: the most useful card is carried over (§17.1.4).
"""

from __future__ import annotations

from typing import Any

from games.ai import pax_romana as base
from games.core import Choice, View
from games.pax_romana.control import data
from games.pax_romana.leaders import is_exceptional, rating

ALLIANCE, RHODES, PERGAMUM, AMBUSH, ARCHIMEDES = 1, 2, 3, 4, 5
CONQUEROR, CUNCTATOR, DEUS, MISSION, EXPANSION = 10, 12, 13, 15, 21
GALLEY_TECHS = (18, 19, 20)
MERCENARIES, NAVAL_AMBUSH, POLIORCETES, PONTUS, MILITIA = 23, 24, 26, 27, 28
SOF, SPIES, OPPORTUNITY, SURPRISE, TRAITOR = 32, 33, 34, 37, 38

# what holding a card is worth, when nothing calls for it now (the hand limit, the carry-over)
KEEP = {DEUS: 6.0, SURPRISE: 5.0, AMBUSH: 4.5, CONQUEROR: 4.0, NAVAL_AMBUSH: 3.0, SOF: 4.0,
        PONTUS: 4.0, EXPANSION: 4.0, OPPORTUNITY: 4.0, MERCENARIES: 3.0, PERGAMUM: 2.5,
        POLIORCETES: 2.5, ARCHIMEDES: 2.0, CUNCTATOR: 2.0, MILITIA: 2.0, TRAITOR: 2.0,
        RHODES: 1.5, 18: 1.5, 19: 1.5, 20: 1.5, ALLIANCE: 1.0, SPIES: 1.0, MISSION: 1.0}
# the cards worth playing as soon as they may be
FREE_GAINS = {EXPANSION: 5.0, PONTUS: 5.0, OPPORTUNITY: 5.0, SOF: 5.0, TRAITOR: 2.0,
              SPIES: 0.5, MISSION: 0.5}
# played in another Power's Action Segment only: they answer a threat
REACTIVE = (MERCENARIES, CUNCTATOR, ARCHIMEDES, MILITIA)
# a Deus ex Machina is spent on these when the VP leader plays them
STRONG = (CONQUEROR, EXPANSION, PONTUS, SOF, OPPORTUNITY, MERCENARIES, TRAITOR, 36)
# the answers played against the acting Power itself
AGAINST_ACTOR = (AMBUSH, NAVAL_AMBUSH, SURPRISE)
MERCENARY_PRICE = 2
HELEPOLIS_PRICE = 2
RHODES_PRICE = 3
AMBUSH_MIN = 2            # BP of an army worth an Ambush
NEAR = 2                  # steps within which an army threatens the holder's land
GARRISON_WORTH = 0.8      # a free Garrison goes only where it wins at least this much
OBJECTIVE_REACH = 4       # steps from the Power's units within which an objective is in reach
OBJECTIVE_SHARE = 0.25    # ... or the share of its spaces already held


# -- what the View shows ---------------------------------------------------------------------------

def _me(view: View) -> str:
    return view.role or ""


def hand(view: View) -> list[int]:
    cards = view.private.get("cards") or {}
    return [int(c["kind"]) for c in cards.get("hand", [])]


def _treasury(view: View) -> int:
    return int(base._power(view).get("treasury", 0))


def _cash(view: View) -> int:
    """Talents to spend beyond the AMs still to pay for and one more."""
    return _treasury(view) - base._reserve(view)


def _rivals(view: View) -> list[str]:
    return [r for r in view.board["powers"] if r != _me(view)]


def vp_leader(view: View) -> str | None:
    """The rival leading on VP (then GOP)."""
    rivals = _rivals(view)
    return base._leader_of(view, rivals) if rivals else None


def _power_arg(value: Any) -> str:
    return str(value or "").removeprefix("@power.")


def _space_of(value: Any) -> str:
    return str(value or "").removeprefix("@space.")


def _card_of(value: Any) -> int:
    text = str(value or "").removeprefix("@card.")
    return int(text) if text.isdigit() else 0


def _my_spaces(view: View) -> list[str]:
    b = view.board
    me = _me(view)
    return [sp for sp, x in b["spaces"].items()
            if any(u["owner"] == me for u in x["units"]) or b["control"].get(sp) == me]


def _my_armies(view: View, least: int = 1) -> list[str]:
    b = view.board
    me = _me(view)
    return sorted(sp for sp in b["spaces"] if base._mine(b, me, sp) >= least)


def _near_mine(view: View, space: str, steps: int = NEAR) -> bool:
    """A space of the holder (units, or controlled) within ``steps`` of ``space``."""
    mine = set(_my_spaces(view))
    return any(sp in mine for sp in base.distances(space, steps))


def _home_spaces(view: View) -> list[str]:
    d = data()
    return sorted(d.spaces_of_territory(d.home_territory(_me(view)).id))


def _enemy_in_home(view: View) -> int:
    """Enemy BP in the Power's Home Territory."""
    b = view.board
    return sum(base._enemies(b, _me(view), sp) for sp in _home_spaces(view))


def _my_cities(view: View) -> list[str]:
    me = _me(view)
    return sorted(sp for sp, x in view.board["spaces"].items()
                  if x["city"] and x["city"]["owner"] == me and x["city"]["kind"] == "city")


def _galleys(view: View, who: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for sp, x in view.board["spaces"].items():
        n = sum(u["count"] for u in x["units"] if u["owner"] == who and u["type"] == "GS")
        if n:
            out[sp] = n
    return out


def _first(choices: list[Choice], verb: str, arg: Any = None) -> Choice | None:
    return base._first(choices, verb, arg)


# -- what a card is worth now ---------------------------------------------------------------------

def _army_wants(view: View) -> float:
    """How much an army of the holder wants more troops: the biggest enemy next to it, or a
    prize it could take with a little more."""
    b = view.board
    me = _me(view)
    best = 0.0
    for sp in _my_armies(view, 3):
        strength = base._mine(b, me, sp)
        best = max(best, base.threat(b, me, sp) / 2.0,
                   base.potential(b, me, sp, strength + 3, 3)
                   - base.potential(b, me, sp, strength, 3))
    return best


def _helepolis_army(view: View) -> tuple[float, str | None]:
    """The holder's army with a foreign City or Settlement it could storm within two steps."""
    b = view.board
    me = _me(view)
    best, where = 0.0, None
    for sp in _my_armies(view, 4):
        strength = base._mine(b, me, sp)
        for to, dist in base.distances(sp, 2).items():
            x = b["spaces"].get(to)
            city = x["city"] if x else None
            if not city or city["owner"] == me or strength < base.defence(b, me, to):
                continue
            v = (3.0 if city["kind"] == "city" else 1.5) * (0.8 ** dist)
            if v > best:
                best, where = v, sp
    return best, where


def _threatened_city(view: View) -> tuple[int, str | None]:
    b = view.board
    me = _me(view)
    scored = [(base.threat(b, me, sp), sp) for sp in _my_cities(view)]
    return max(scored, default=(0, None))


def _naval_rivals_near(view: View) -> bool:
    mine = _galleys(view, _me(view))
    if sum(mine.values()) < 3:
        return False
    theirs = {sp for r in _rivals(view) for sp in _galleys(view, r)}
    return any(sp in theirs for at in mine for sp in base.sea_distances(at, 2))


def play_value(view: View, kind: int) -> float:
    """What playing ``kind`` now brings (0: keep it). Only asked about a card the View offers."""
    b = view.board
    me = _me(view)
    if kind in FREE_GAINS:
        if kind == SOF and me == "rome":
            return 3.0                          # a Dictator, with an enemy at home (§12.4.7)
        return FREE_GAINS[kind]
    if kind == MERCENARIES:
        return 3.0 if _cash(view) >= MERCENARY_PRICE and _army_wants(view) >= 1.0 else 0.0
    if kind == POLIORCETES:
        worth, where = _helepolis_army(view)
        return 3.0 if where and _cash(view) >= HELEPOLIS_PRICE and worth >= 1.0 else 0.0
    if kind == ARCHIMEDES:
        return 2.0 if _threatened_city(view)[0] >= 4 else 0.0
    if kind == CUNCTATOR:
        return 2.0 if _enemy_in_home(view) >= 4 else 0.0
    if kind == MILITIA:
        stable = int(base._power(view).get("stability", 0)) >= 1
        return 3.0 if stable and _enemy_in_home(view) >= 2 else 0.0
    if kind in GALLEY_TECHS:
        return 2.0 if _naval_rivals_near(view) else 0.0
    allied = dict(b.get("allied_independents") or {})
    if kind == RHODES:
        holder = allied.get("rhodes")
        if holder is not None:
            return 3.0 if holder != me else 0.0
        fleet = sum(_galleys(view, me).values())
        return 1.0 if _cash(view) >= RHODES_PRICE and fleet >= 2 else 0.0
    if kind == PERGAMUM:
        return 0.0 if allied.get("pergamum") == me else 3.0
    if kind == ALLIANCE:
        return 2.0 if any(p != me for p in allied.values()) else 0.0
    return 0.0


def keep_value(view: View, kind: int) -> float:
    me = _me(view)
    if kind == MERCENARIES:
        if me == "rome":
            return 0.0                          # Rome hires no mercenaries (§12.2)
        if _cash(view) < MERCENARY_PRICE:
            return 1.0                          # no 2T to spare: a card it will not play
    if kind == CONQUEROR and not any(
            ld["owner"] == me and is_exceptional(ld["id"])
            for x in view.board["spaces"].values() for ld in x["leaders"]):
        return 1.5
    if kind == NAVAL_AMBUSH and not _galleys(view, me):
        return 0.5
    return KEEP.get(kind, 1.0)


# -- the Card Segment, the card menu, the carry-over ---------------------------------------------

def _hire(view: View, choices: list[Choice], verb: str) -> Choice | None:
    """§17.1.6: Carthage plays a card of little use for Mercenaries when it can pay and an army
    wants them."""
    hires = [c for c in choices if c.verb == verb and str(c.arg).startswith(
        "hire:" if verb == "answer" else "")]
    if not hires or _cash(view) < MERCENARY_PRICE or _army_wants(view) < 1.0:
        return None

    def card(c: Choice) -> int:
        return int(str(c.arg).removeprefix("hire:"))
    cheap = [c for c in hires if keep_value(view, card(c)) <= 2.5]
    return min(cheap, key=lambda c: (keep_value(view, card(c)), card(c))) if cheap else None


def _best_play(view: View, plays: list[Choice]) -> Choice | None:
    scored = [(play_value(view, int(c.arg)), -int(c.arg), c) for c in plays]
    scored = [x for x in scored if x[0] > 0]
    return max(scored, key=lambda x: (x[0], x[1]))[2] if scored else None


def card_segment(view: View, choices: list[Choice]) -> Choice:
    play = _best_play(view, [c for c in choices if c.verb == "play"])
    if play is not None and play_value(view, int(play.arg)) >= 2.0:
        return play
    hire = _hire(view, choices, "hire_with")
    if hire is not None:
        return hire
    if play is not None:
        return play
    keep = _first(choices, "keep")
    if keep is not None:
        return keep
    discards = [c for c in choices if c.verb == "discard"]
    return min(discards, key=lambda c: (keep_value(view, int(c.arg)), int(c.arg)))


def card_menu(view: View, choices: list[Choice]) -> Choice:
    """A card worth playing now, else the menu is left (its "back" is the way on: it is not
    among the forward ``choices``)."""
    play = _best_play(view, [c for c in choices if c.verb == "play"])
    if play is not None:
        return play
    done = next((c for c in view.actions if c.verb == "done"), None)
    return _hire(view, choices, "hire_with") or done or choices[-1]


def card_keep(view: View, choices: list[Choice]) -> Choice:
    carries = [c for c in choices if c.verb == "carry" and c.arg]
    if not carries:
        return choices[-1]
    best = max(carries, key=lambda c: (keep_value(view, int(c.arg)), -int(c.arg)))
    return best if keep_value(view, int(best.arg)) > 0 else (_first(choices, "carry", 0)
                                                           or best)


# -- the windows ----------------------------------------------------------------------------------

def _window(view: View) -> str:
    return view.prompt_msg.key.removeprefix("prompt.card_window_").rsplit(".", 1)[0]


def _answers(choices: list[Choice]) -> dict[int, Choice]:
    return {int(c.arg): c for c in choices if c.verb == "answer" and isinstance(c.arg, int)
            and c.arg}


def ambush_worth(view: View, space: str, mover: str) -> bool:
    """An army of 2 BP or more entering a Transit Point near the holder's land, or the VP
    leader's."""
    theirs = base._enemies(view.board, _me(view), space)
    return theirs >= AMBUSH_MIN and (_near_mine(view, space) or mover == vp_leader(view))


def naval_ambush_worth(view: View, space: str, mover: str) -> bool:
    """Any transport worth 2 BP; an escorted one only if its galleys are no more than the
    holder's biggest fleet."""
    b = view.board
    x = b["spaces"].get(space)
    if not x:
        return False
    army = sum(v for o, v in x["bp"].items() if o == mover)
    escort = sum(u["count"] for u in x["units"] if u["owner"] == mover and u["type"] == "GS")
    fleet = max(_galleys(view, _me(view)).values(), default=0)
    return army >= AMBUSH_MIN and escort <= fleet


def surprise_worth(view: View, space: str) -> bool:
    """A real battle: both sides 2 BP or more (an unrevealed Tribe counted as 4), neither 3
    times the other."""
    b = view.board
    me = _me(view)
    mine = base._mine(b, me, space)
    theirs = base._enemies(b, me, space) + base._tribe(b, space)
    return mine >= 2 and theirs >= 2 and max(mine, theirs) <= 3 * min(mine, theirs)


def deus_worth(view: View, kind: int, by: str) -> bool:
    """Cancel an answer played against the holder's own action, or a strong card of the VP
    leader."""
    if by == _me(view):
        return False
    if kind in AGAINST_ACTOR and view.board.get("active") == _me(view):
        return True
    return kind in STRONG and by == vp_leader(view)


def card_window(view: View, choices: list[Choice]) -> Choice:
    window = _window(view)
    args = base._args(view)
    actor = _power_arg(args.get("actor"))
    space = _space_of(args.get("space"))
    held = _answers(choices)
    passing = _first(choices, "answer", 0) or choices[-1]
    if window == "enter_tp" and AMBUSH in held and ambush_worth(view, space, actor):
        return held[AMBUSH]
    if (window == "naval_transport" and NAVAL_AMBUSH in held
            and naval_ambush_worth(view, space, actor)):
        return held[NAVAL_AMBUSH]
    if window == "land_battle" and SURPRISE in held and surprise_worth(view, space):
        return held[SURPRISE]
    if window == "card" and DEUS in held and deus_worth(view, _card_of(args.get("card")),
                                                        actor):
        return held[DEUS]
    if window == "expansion_start" and CONQUEROR in held:
        return held[CONQUEROR]
    if window == "action":
        reactive = [c for k, c in held.items() if k in REACTIVE]
        play = _best_play(view, reactive)
        if play is not None:
            return play
        hire = _hire(view, choices, "answer")
        if hire is not None:
            return hire
    return passing


# -- the cards' targets and choices ---------------------------------------------------------------

def _rank(view: View, who: str) -> int:
    """How much hurting ``who`` is worth: the VP leader most, the holder never."""
    if who == _me(view):
        return -10
    b = view.board
    top = vp_leader(view)
    return (5 if who == top else 0) + int(b["powers"].get(who, {}).get("vp", 0))


def card_pick(view: View, choices: list[Choice]) -> Choice:
    """Archimedes (a City), Poliorcetes (an army), Spies and Traitor (a player)."""
    b = view.board
    me = _me(view)
    picks = [c for c in choices if c.verb == "pick"]
    if not picks:
        return choices[0]
    args = [str(c.arg) for c in picks]
    if all(a in b["powers"] for a in args):
        hands = (b.get("cards") or {}).get("hands", {})
        return max(picks, key=lambda c: (_rank(view, str(c.arg)) + min(2, hands.get(c.arg, 0)),
                                         str(c.arg)))
    if all(base._mine(b, me, a) > 0 for a in args):             # Poliorcetes: my armies
        _worth, where = _helepolis_army(view)
        return next((c for c in picks if c.arg == where),
                    max(picks, key=lambda c: (base._mine(b, me, str(c.arg)), str(c.arg))))

    def city(c: Choice) -> tuple[float, str]:                    # Archimedes: a City
        x = b["spaces"].get(str(c.arg)) or {}
        owner = (x.get("city") or {}).get("owner")
        return ((10 if owner == me else -_rank(view, str(owner)))
                + base.threat(b, me, str(c.arg)), str(c.arg))
    return max(picks, key=city)


def _leader_owner(c: Choice) -> str:
    return _power_arg((c.msg.args if c.msg else {}).get("power"))


def conspiracy(view: View, choices: list[Choice]) -> Choice:
    """The best-rated leader of the VP leader; one's own worst only when no other is left."""
    picks = [c for c in choices if c.verb == "conspirator"]
    if not picks:
        return choices[0]
    return max(picks, key=lambda c: (_rank(view, _leader_owner(c)),
                                     sum(rating(str(c.arg))) * (
                                         1 if _leader_owner(c) != _me(view) else -1),
                                     str(c.arg)))


def foreign_policy(view: View, choices: list[Choice]) -> Choice:
    """§17.2 Change in Foreign Policy: one's own draw is a gain when every objective held is
    out of reach (the one given back is one of those); else the VP leader's objectives are
    shuffled."""
    me = _me(view)
    mine = _first(choices, "target", me)
    held = [str(x) for x in view.private.get("objectives") or []]
    if mine is not None and all(objective_out_of_reach(view, x) for x in held):
        return mine
    others = [c for c in choices if c.verb == "target" and c.arg != me]
    return max(others, key=lambda c: (_rank(view, str(c.arg)), str(c.arg))) if others else (
        mine or choices[0])


def _owner_of_key(arg: Any) -> tuple[str, str]:
    parts = str(arg).split("|")
    return parts[0], parts[1] if len(parts) > 1 else ""


def _only_here(view: View, space: str, owner: str) -> bool:
    x = view.board["spaces"].get(space) or {}
    return sum(u["count"] for u in x.get("units", []) if u["owner"] == owner) <= 1


def insurrection(view: View, choices: list[Choice]) -> Choice:
    """A Garrison of the VP leader, one standing alone first (its space is lost with it)."""
    picks = [c for c in choices if c.verb == "garrison"]
    if not picks:
        return choices[0]

    def score(c: Choice) -> tuple[float, str]:
        sp, owner = _owner_of_key(c.arg)
        alone = _only_here(view, sp, owner)
        sign = -1 if owner == _me(view) else 1
        return (_rank(view, owner) + sign * (2 if alone else 0), str(c.arg))
    return max(picks, key=score)


def dies_irae(view: View, choices: list[Choice]) -> Choice:
    """Pay the priests when the AMs to come can still be paid for."""
    pay = _first(choices, "pay")
    ams = int(base._power(view).get("ams_left", 0))
    if pay is not None and _treasury(view) - int(pay.arg) >= ams:
        return pay
    return _first(choices, "cancel_am") or choices[-1]


def disease(view: View, choices: list[Choice]) -> Choice:
    """The leader of the lowest Campaign rating is the least likely to die (1d6 at or under
    it)."""
    picks = [c for c in choices if c.verb == "sick"]
    return min(picks, key=lambda c: (rating(str(c.arg))[1], str(c.arg))) if picks else choices[0]


def free_garrisons(view: View, choices: list[Choice]) -> Choice:
    """Free Garrisons where a province, a capital or a city is won, out of reach of enemies."""
    b = view.board
    me = _me(view)
    spots = [c for c in choices if c.verb == "garrison_at"]

    def worth(c: Choice) -> float:
        sp = str(c.arg)
        return base.prize(b, me, sp, 1) - 0.3 * base.threat(b, me, sp)
    if spots:
        best = max(spots, key=lambda c: (worth(c), str(c.arg)))
        if worth(best) >= GARRISON_WORTH:
            return best
    return _first(choices, "done") or choices[-1]


def hire_mercenaries(view: View, choices: list[Choice]) -> Choice:
    """The most BP for the 2T (a Mercenary HI, or two Mercenary LI at the Manpower Maximum);
    then the army most threatened or with the most to win."""
    b = view.board
    me = _me(view)
    units = [c for c in choices if c.verb == "mercenaries"]
    if units:
        most = base._power(view).get("max_mp") or {}
        room = int(most.get("max", 0)) - int(most.get("heavy", 0))
        kind = "MHI" if room > 0 else "MLI"     # an MHI over the Manpower Maximum costs (§6.4.2)
        return _first(units, "mercenaries", kind) or units[0]
    joins = [c for c in choices if c.verb == "join"]
    if not joins:
        return choices[0]
    return max(joins, key=lambda c: (base.threat(b, me, str(c.arg)) + 0.5 * base._mine(
        b, me, str(c.arg)) + base.potential(b, me, str(c.arg), base._mine(b, me, str(c.arg)) + 3,
                                           3), str(c.arg)))


def mission(view: View, choices: list[Choice]) -> Choice:
    """The Tribe counters nearest the holder's biggest armies."""
    b = view.board
    me = _me(view)
    looks = [c for c in choices if c.verb == "look"]
    if not looks:
        return choices[0]
    armies = _my_armies(view, 3)

    def near(c: Choice) -> tuple[float, str]:
        dist = base.distances(str(c.arg), 4)
        return (max((base._mine(b, me, sp) * 0.75 ** dist[sp] for sp in armies if sp in dist),
                    default=0.0), str(c.arg))
    return max(looks, key=near)


def dictator(view: View, choices: list[Choice]) -> Choice:
    """§12.4.7: the worst-rated leader steps down; the best-rated of the three comes."""
    downs = [c for c in choices if c.verb == "step_down"]
    if downs:
        named = [c for c in downs if c.arg]
        return min(named, key=lambda c: (sum(rating(str(c.arg))), str(c.arg))) if named \
            else downs[0]
    picks = [c for c in choices if c.verb == "dictator" and c.arg]
    if picks:
        return max(picks, key=lambda c: (sum(rating(str(c.arg))), str(c.arg)))
    return choices[-1]


def alliance_card(view: View, choices: list[Choice]) -> Choice:
    """Break a rival's alliance with an Independent, the VP leader's first; else negotiate with
    the rival furthest behind."""
    breaks = [c for c in choices if c.verb == "break" and _power_arg(
        (c.msg.args if c.msg else {}).get("who")) != _me(view)]
    if breaks:
        return max(breaks, key=lambda c: (_rank(view, _power_arg(c.msg.args.get("who")
                                                                 if c.msg else "")),
                                          str(c.arg)))
    talks = [c for c in choices if c.verb == "negotiate_with"]
    if talks:
        return min(talks, key=lambda c: (_rank(view, str(c.arg)), str(c.arg)))
    return choices[-1]


def opportunity(view: View, choices: list[Choice]) -> Choice:
    """An extra AM, which costs nothing when drawn."""
    return _first(choices, "extra_am") or choices[0]


def successor_wars(view: View, choices: list[Choice]) -> Choice:
    """The biggest Greek army marches on the other Greeks."""
    b = view.board
    armies = [c for c in choices if c.verb == "greek_army"]
    if not armies:
        return choices[0]
    return max(armies, key=lambda c: (int((b["spaces"].get(str(c.arg)) or {}).get(
        "bp", {}).get("greece", 0)), str(c.arg)))


def successor_join(view: View, choices: list[Choice]) -> Choice:
    """Attack the Greek units met when the Successor army beats them clearly; else they
    join."""
    b = view.board
    sp = _space_of(base._args(view).get("space"))
    x = b["spaces"].get(sp) or {}
    ours = int(x.get("bp", {}).get("successor", 0))
    theirs = int(x.get("bp", {}).get("greece", 0))
    attack = _first(choices, "attack")
    if attack is not None and ours >= 2 * theirs + 1:
        return attack
    return _first(choices, "join") or choices[0]


def successor_move(view: View, choices: list[Choice]) -> Choice | None:
    """The Successor army the holder moves (card 36): into the Greek City or army it beats
    clearly, else toward the nearest one, else it stops."""
    b = view.board
    effect = ((b.get("cards") or {}).get("effects") or {}).get("successor") or {}
    at = base._space_arg(view)
    x = b["spaces"].get(at) or {}
    ours = int(x.get("bp", {}).get("successor", 0))
    if effect.get("power") != _me(view) or ours <= 0:
        return None

    def greek_target(sp: str) -> float:
        y = b["spaces"].get(sp) or {}
        city = y.get("city")
        theirs = int(y.get("bp", {}).get("greece", 0))
        fp = int(city["fp"]) if city and city["owner"] == "greece" else 0
        if not theirs and not fp:
            return 0.0
        if ours < base.ATTACK_EDGE * (theirs + fp) + 1:
            return 0.0
        return 3.0 if fp else 1.0 + 0.1 * theirs

    stop = _first(choices, "stop")
    best, pick = 0.0, stop
    for c in choices:
        if c.verb != "to":
            continue
        to = str(c.arg)
        v = greek_target(to) + 0.8 * max(
            (greek_target(sp) * 0.75 ** d for sp, d in base.distances(to, 3).items() if d),
            default=0.0)
        if v > best + 0.05:
            best, pick = v, c
    if pick is None:
        tos = [c for c in choices if c.verb == "to"]
        return tos[0] if tos else None
    return pick


def _against(view: View, choices: list[Choice]) -> Choice:
    """Rebels, Tribes, a Gallic army: where they hurt the VP leader most (``base``)."""
    return base._against_leader(view, choices)


def rebels(view: View, choices: list[Choice]) -> Choice:
    """The rebellion's choices (§13.3): strike, remove or destroy the VP leader's units,
    place the rebels against it, raise Gaul in its province."""
    b = view.board
    me = _me(view)
    picks = [c for c in choices if c.verb not in ("page", "none")]
    none = _first(choices, "none")
    if not picks:
        return none or choices[0]
    verb = picks[0].verb
    if verb in ("strike", "garrison", "unit"):
        def score(c: Choice) -> tuple[float, str]:
            sp, owner = _owner_of_key(c.arg)
            parts = str(c.arg).split("|")
            size = base._mine(b, owner, sp) if verb == "strike" else (
                base.battle_points(parts[2]) if len(parts) > 2 else 1)
            sign = 1 if owner != me else -1
            return (_rank(view, owner) + sign * 0.1 * size, str(c.arg))
        best = max(picks, key=score)
        if none is not None and _owner_of_key(best.arg)[1] == me:
            return none
        return best
    if verb == "province":
        def prov(c: Choice) -> tuple[float, str]:
            held = (b["provinces"].get(str(c.arg)) or {}).get("control")
            return (_rank(view, str(held)) if held else 0, str(c.arg))
        return max(picks, key=prov)
    if verb == "retreat":
        return base._safest(view, picks)
    return _against(view, picks)


def gaul_objection(view: View, choices: list[Choice]) -> Choice:
    """The Gallic army is the card player's own to use: the others may not."""
    return _first(choices, "gaul_share", False) or choices[-1]


def buy_objective(view: View, choices: list[Choice]) -> Choice | None:
    """§15.4.4: one Optional Objective a Manpower Phase, while the Treasury stays above the
    AMs' cost once it and the plan are paid for."""
    buy = _first(choices, "buy_objective")
    if buy is None:
        return None
    plan = view.private.get("plan") or {}
    spent = int(plan.get("cost") or 0) if plan.get("kind") == "manpower" else 0
    price = int((buy.msg.args if buy.msg else {}).get("n", 1))
    # the weakened LG/HI are rebuilt first (else they are disbanded, §10.6.6): 1T each
    me = _me(view)
    weakened = sum(u["weakened"] for x in view.board["spaces"].values() for u in x["units"]
                   if u["owner"] == me and u["type"] in ("LG", "HI"))
    rebuilt = sum(1 for it in plan.get("items", []) if it.get("action") == "rebuild") if (
        plan.get("kind") == "manpower") else 0
    return buy if _cash(view) - spent - max(0, weakened - rebuilt) >= price else None


def _territory_spaces(*territories: str) -> list[str]:
    d = data()
    return [sp for t in territories for sp in d.spaces_of_territory(t)]


def _province_spaces(*provinces: str) -> list[str]:
    d = data()
    return [sp for p in provinces for sp in d.spaces_of(p)]


def objective_spaces(letter: str) -> list[str]:
    """The spaces an Optional Objective asks to control (§15.4.9); none for those judged
    otherwise (K cities, L the Treasury, M any foreign Home province, N any of four)."""
    d = data()
    if letter == "A":
        return _province_spaces(*[p for p in d.provinces_of("asia_minor")
                                  if d.provinces[p].has_port])
    by_provinces = {"B": ("egypt",), "D": ("crete", "cyprus", "cilicia"),
                    "G": ("upper_germany", "raetia", "noricum"),
                    "I": ("west_sicily", "east_sicily", "sardinia", "corsica")}
    if letter in by_provinces:
        return _province_spaces(*by_provinces[letter])
    by_territory = {"C": "hispania", "E": "gallia", "H": "danube"}
    if letter in by_territory:
        return _territory_spaces(by_territory[letter])
    if letter == "F":
        return ["lesbos_chios", "naxos", "knossos", "miletus"]
    if letter == "J":
        return [sp for p in ("baetica", "mauretania", "tarraconensis") for sp in d.spaces_of(p)
                if d.spaces[sp].port] + list(d.spaces_of("balearic_islands"))
    return []


def objective_out_of_reach(view: View, letter: str) -> bool:
    """Not a quarter of the objective's spaces held, and none of the missing ones within
    ``OBJECTIVE_REACH`` steps of the Power's land units."""
    needed = objective_spaces(letter)
    if not needed:
        return False
    b = view.board
    me = _me(view)
    held = [sp for sp in needed if b["control"].get(sp) == me]
    if len(held) >= OBJECTIVE_SHARE * len(needed):
        return False
    missing = set(needed) - set(held)
    units = [sp for sp, x in b["spaces"].items()
             if any(u["owner"] == me and u["type"] != "GS" for u in x["units"])]
    return not any(sp in missing for at in units
                   for sp in base.distances(at, OBJECTIVE_REACH))


def objective_removal(view: View, choices: list[Choice]) -> Choice:
    """§15.4.7: an objective out of reach is discarded (a new one may then be bought in the
    Manpower Phase, §15.4.4); the others are kept."""
    for c in choices:
        if c.verb == "discard" and objective_out_of_reach(view, str(c.arg)):
            return c
    return _first(choices, "confirm") or choices[-1]


def objective_duplicate(view: View, choices: list[Choice]) -> Choice:
    return _first(choices, "redraw_objective") or choices[0]


def pontus_place(view: View, choices: list[Choice]) -> Choice:
    """Pontic units where the enemy is nearest; the galley anywhere."""
    b = view.board
    me = _me(view)
    places = [c for c in choices if c.verb == "place"]
    if not places:
        return choices[0]
    return max(places, key=lambda c: (base.threat(b, me, str(c.arg)), str(c.arg)))


def pontus_am(view: View, choices: list[Choice]) -> Choice:
    """The Pontus AM: its armies hold their ground."""
    return _first(choices, "end") or _first(choices, "back") or choices[-1]


def card_deal(view: View, choices: list[Choice]) -> Choice:
    """A card offered to the holder is taken; none is given away."""
    receiver = _power_arg(base._args(view).get("receiver"))
    if receiver == _me(view):
        return _first(choices, "accept") or _first(choices, "refuse") or choices[0]
    return _first(choices, "refuse") or choices[-1]


ANSWERS = {
    "prompt.card_segment": card_segment,
    "prompt.card_menu": card_menu,
    "prompt.card_pick": card_pick,
    "prompt.conspiracy": conspiracy,
    "prompt.foreign_policy": foreign_policy,
    "prompt.insurrection": insurrection,
    "prompt.dies_irae": dies_irae,
    "prompt.disease": disease,
    "prompt.free_garrisons": free_garrisons,
    "prompt.hire_mercenaries": hire_mercenaries,
    "prompt.mercenaries_join": hire_mercenaries,
    "prompt.mission": mission,
    "prompt.dictator": dictator,
    "prompt.dictator_remove": dictator,
    "prompt.alliance_card": alliance_card,
    "prompt.opportunity": opportunity,
    "prompt.successor_wars": successor_wars,
    "prompt.successor_join": successor_join,
    "prompt.resurgence": _against,
    "prompt.rebels_place": rebels,
    "prompt.rebels_strike": rebels,
    "prompt.rebels_garrison": rebels,
    "prompt.rebels_loss": rebels,
    "prompt.rebels_retreat": rebels,
    "prompt.gaul_province": rebels,
    "prompt.gallic_army": rebels,
    "prompt.gaul_objection": gaul_objection,
    "prompt.objective_duplicate": objective_duplicate,
    "prompt.pontus_place": pontus_place,
    "prompt.pontus_am": pontus_am,
    "prompt.deal_card": card_deal,
    "prompt.deal_a_card": card_deal,
    "prompt.deal_ask_card": card_deal,
}


def card_answer(view: View, choices: list[Choice]) -> Choice | None:
    """The answer to a card question of the Advanced Game (one of ``choices``), or None when
    the question is not one of them."""
    key = view.prompt_msg.key
    if key.startswith("prompt.card_window_"):
        return card_window(view, choices)
    if key.startswith("prompt.card_keep"):
        return card_keep(view, choices)
    if key.startswith("prompt.plan_manpower"):
        return buy_objective(view, choices)
    if key.startswith("prompt.plan_discard"):
        return objective_removal(view, choices)
    if key in ("prompt.move_army", "prompt.move_unit"):
        return successor_move(view, choices) if view.board.get("cards") else None
    answer = ANSWERS.get(key)
    return answer(view, choices) if answer is not None else None
