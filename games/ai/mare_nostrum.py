"""The Mare Nostrum: Empires computer player.

**Sampled States.** ``board_state`` rebuilds a State from one empire's View: the map (control,
Buildings, Legions, Fortresses, holdings, Triremes), the tracks' inputs (cards), titles, Trade
Tokens, supply, the Heroes & Wonders board and the seat's own Resources are public or its own;
``determinize`` fills in what is hidden: the other empires' Resources (as many as the View
counts, their shown ones among them), the Rare Goods pile and the face-down cards, drawn from
what is unaccounted for. During the empire's own Build segment the decision's frames are rebuilt
too, and when the sampled State then offers exactly the View's choices the search steps it with
the rules themselves.

**Evaluation** (``evaluate``, from one empire: the victory races of §6): Primacy, by the chance
of leading each of the three tracks (its margin over the best rival, the previous Leader
keeping ties) and of leading all three at once; Glory, by the Heroes and Wonders held; Conquest,
by the Capitals and Legendary Cities held; the income of the next Collection (Coins and Goods,
new kinds of Goods counting more, since payment sets want different kinds); Resources still to
spend (what they can still buy; at the end of the build only the 2 Coins that are kept); less a
share of the best rival's own standing in the races.

**Search.** In its Build segment, every listed choice (each item, a target) is played on to the
end of the segment with the build policy (the purchase whose completed outcome the evaluation
rates best, its best target, the payment that leaves the most buying power) and the end of the
segment is rated. Elsewhere (trade offers and takes, the order of builders and movers, moves,
captures, ties) the policy decides from the View: offer duplicates, take the kinds that complete
sets, keep the Legions home to guard what they hold, name itself in ties.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from games.ai.common import (
    best_index,
    distinct,
    forward,
    key_of,
    same_choices,
    sample_seed,
    step_in_place,
)
from games.core import Choice, Rng, View
from games.core.rng import PlayerRandom
from games.mare_nostrum import board as B
from games.mare_nostrum import collection
from games.mare_nostrum import heroes as H
from games.mare_nostrum.data import TRACKS, board, cards
from games.mare_nostrum.flow import waiting
from games.mare_nostrum.rules import OPTIONS, RULES
from games.mare_nostrum.state import COIN, MNState, PlayerState, ProvinceState, TradeState

WIN = 10_000.0
CARDS_TO_WIN = 5
PRIMACY = 30.0           # holding all three titles at once
TITLE = 3.0              # one title
CARD = 6.0               # a Hero or Wonder, growing toward the fifth
GREAT_CITY = 4.0         # a Capital or Legendary City held
INCOME = 1.2             # a Resource collected each turn
NEW_KIND = 1.0           # a kind of Good not collected before
RIVAL_SHARE = 0.5        # how much the best rival's standing counts against

SEARCH_PROMPTS = {"prompt.build", "prompt.target"}
SEGMENT_STEPS = 60


# -- sampled States -------------------------------------------------------------------------------

def _plain(token: str) -> str:
    return token.rstrip("*")


def _placed_this_build(view: View) -> set[tuple[str, str]]:
    """The Control Markers placed in this Build Phase (they do not serve as bases, §3.1.1), from
    the log lines of the builders the View still shows."""
    if view.board["phase"] != "build":
        return set()
    out = set()
    for line in view.log:
        if line.msg.key == "log.build_control":
            who = str(line.msg.args.get("who", "")).removeprefix("@empire.")
            out.add((who, str(line.msg.args.get("prov", "")).removeprefix("@prov.")))
    return out


def board_state(view: View) -> MNState:
    """The public part of a State and the seat's own Resources, from the View."""
    b = view.board
    me = view.role or ""
    s = MNState(title="mare_nostrum", scenario=view.scenario, seed=0,
                options={o.id: o.default for o in OPTIONS}, roles=list(view.roles),
                rng=Rng.from_seed(0), players_n=b["players"], turn=b["turn"], phase=b["phase"])
    for p in b["provinces"]:
        held: dict[str, str] = {}
        for c in p["cities"]:
            if c["held_by"]:
                held[f"city:{c['slot']}"] = c["held_by"]
        for c in p["caravans"]:
            if c["held_by"]:
                held[f"caravan:{c['slot']}"] = c["held_by"]
        for key in ("market", "temple"):
            if p[key] and p[key]["held_by"]:
                held[key] = p[key]["held_by"]
        if p["marker_held_by"]:
            held["marker"] = p["marker_held_by"]
        s.provinces[p["id"]] = ProvinceState(
            controller=p["controller"], printed=p["marker"] == "printed",
            cities=[c["built"] for c in p["cities"]], caravans=[c["built"] for c in p["caravans"]],
            market=bool(p["market"] and p["market"]["built"]),
            temple=bool(p["temple"] and p["temple"]["built"]),
            legions=dict(p["legions"]), fortress=p["fortress"], held=held,
            marker_turn=p["marker_since"],
            circe={f"caravan:{c['slot']}": c["circe"] for c in p["caravans"] if c["circe"]})
    s.seas = {x["id"]: dict(x["triremes"]) for x in b["seas"]}
    placed = _placed_this_build(view)
    for r, e in b["empires"].items():
        pl = PlayerState(cards=list(e["cards"]), castor=e["castor_copies"], shown=list(e["shown"]))
        pl.bases = [p["id"] for p in b["provinces"]
                    if p["controller"] == r and (r, p["id"]) not in placed]
        if r == me:
            pl.hand = dict(view.private.get("hand", {}))
            pl.rare = list(view.private.get("rare", []))
        s.players[r] = pl
    s.titles = dict(b["titles"])
    s.prev_titles = dict(b["previous_titles"])
    s.tokens = list(b["trade_tokens"]["available"])
    s.played_tokens = list(b["trade_tokens"]["played"])
    supply = b["supply"]
    s.supply = {k: v for k, v in supply.items() if k not in ("rare_pile", "rare_aside",
                                                             "buildings")}
    s.buildings = dict(supply["buildings"])
    hw = b["heroes_wonders"]
    s.hw_up = list(hw["face_up"])
    s.pyramids = hw["pyramids"]
    s.peace = list(b["peace"])
    s.done = list(b["done"])
    s.segment = b["segment"]
    s.last_battle = b["last_battle"]
    t = b.get("trade")
    if t is not None:
        s.trade = TradeState(
            token=t["token"], value=t["value"], counts=dict(t["counts"]),
            participants=list(t["participants"]), first=t["first"],
            offers={r: list(o) for r, o in t["offers"].items()}, confirmed=list(t["confirmed"]),
            revealed=t["revealed"], pool={r: list(o) for r, o in t["pool"].items()},
            received={r: list(o) for r, o in t["received"].items()},
            takes=[list(x) for x in t["takes"]], taker=t["taker"],
            gift=dict(t["gift"]) if t["gift"] else None)
        if not t["revealed"] and "offer" in view.private:
            s.trade.offers[me] = list(view.private["offer"])
    return s


def determinize(view: View, rng: PlayerRandom, base: MNState | None = None) -> MNState:
    """A State consistent with the View: the other empires' Resources (their counts, their shown
    tokens among them), the Rare Goods pile and the face-down cards drawn from what is
    unaccounted for; the dice to come follow a fresh seed."""
    s = RULES.copy(base) if base is not None else board_state(view)
    b = view.board
    me = view.role or ""
    goods = board().goods
    mine_rare = set(view.private.get("rare", []))
    unseen_rare = [g for g in goods if g not in mine_rare]
    rng.shuffle(unseen_rare)
    pile_n = b["supply"]["rare_pile"]
    s.rare_pile = unseen_rare[:pile_n]
    s.rare_aside = unseen_rare[pile_n:pile_n + b["supply"]["rare_aside"]]
    pool = [k for k, n in s.supply.items() for _ in range(max(0, n))]
    for r, e in b["empires"].items():
        if r == me:
            continue
        pl = s.players[r]
        hand = Counter(_plain(x) for x in e["shown"])
        for _ in range(max(0, e["resources"] - sum(hand.values()))):
            hand[pool[rng.randrange(len(pool))] if pool else COIN] += 1
        pl.hand = dict(hand)
        pl.rare = []
    owned = {c for pl in s.players.values() for c in pl.cards}
    hidden = [c.id for c in cards().values()
              if c.kind in ("hero", "wonder") and c.id not in owned and c.id not in s.hw_up]
    rng.shuffle(hidden)
    s.hw_down = hidden[: b["heroes_wonders"]["face_down"]]
    s.rng = Rng.from_seed(sample_seed(rng))
    s.touch()
    return s


def _item_of(view: View) -> str:
    return str(view.prompt_msg.args.get("item", "")).removeprefix("@item.")


def with_frames(s: MNState, view: View) -> bool:
    """Put the decision's frames on the sampled State, for the questions of the seat's own Build
    segment (its menu, where an item goes). False for the others."""
    me = view.role or ""
    key = view.prompt_msg.key
    if s.phase != "build" or s.segment != me or key not in SEARCH_PROMPTS:
        return False
    s.started = True
    s.flow = [{"k": "build_end"}, {"k": "build_next"}, {"k": "build", "role": me}]
    if key == "prompt.target":
        s.flow.append({"k": "build_target", "role": me, "item": _item_of(view)})
    s.touch()
    return True


def samples_for(view: View, rng: PlayerRandom, n: int) -> tuple[list[MNState], bool]:
    base = board_state(view)
    states = [determinize(view, rng, base) for _ in range(max(1, n))]
    framed = [with_frames(s, view) for s in states]
    consistent = all(framed) and same_choices(view.actions, RULES.choices(states[0],
                                                                         view.role or ""))
    return states, consistent


# -- evaluation -----------------------------------------------------------------------------------

def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def title_chances(s: MNState, tracks: dict[str, dict[str, int]], who: str) -> list[float]:
    """The chance ``who`` leads each track at the next Leadership Phase: its margin over the
    best rival; a tie goes to the previous Leader (§5)."""
    out = []
    for k in TRACKS:
        mine = tracks[k][who]
        rival = max(v for r, v in tracks[k].items() if r != who)
        margin = mine - rival + (0.5 if s.titles.get(k) == who else -0.5)
        out.append(_logistic(1.3 * margin))
    return out


def race_standing(s: MNState, who: str, tracks: dict[str, dict[str, int]],
                  great: dict[str, int]) -> float:
    """How far ``who`` is on the roads to victory: Primacy, Glory, Conquest."""
    chances = title_chances(s, tracks, who)
    n_cards = H.card_count(s, who)
    value = TITLE * sum(chances) + PRIMACY * chances[0] * chances[1] * chances[2]
    value += CARD * n_cards * (1.0 + 0.25 * n_cards)
    value += GREAT_CITY * great.get(who, 0) * (1.5 if great.get(who, 0) >= 3 else 1.0)
    return value


def income_worth(s: MNState, who: str, income: dict[str, dict[str, Any]]) -> float:
    got = income[who]
    kinds = len(got["goods"]) + got["rare"]
    return INCOME * (got["coins"] + sum(got["goods"].values()) + got["rare"]) + NEW_KIND * kinds


def buying_power(hand: dict[str, int]) -> float:
    """What a hand can still buy: sets of three (Coins alone, or different Goods) and whether
    a Hero's set (seven Coins or seven kinds) is within reach."""
    coins = hand.get(COIN, 0)
    goods = sorted((n for k, n in hand.items() if k != COIN and n > 0), reverse=True)
    sets = coins // 3
    left = list(goods)
    while True:
        left.sort(reverse=True)
        if len(left) < 3 or left[2] <= 0:
            break
        for i in range(3):
            left[i] -= 1
        sets += 1
    big = max(coins, len(goods))
    return 3.0 * sets + (4.0 if big >= 7 else 0.0)


def _hand_of(s: MNState, who: str) -> dict[str, int]:
    pl = s.players[who]
    hand = dict(pl.hand)
    for r in pl.rare:
        hand[r] = hand.get(r, 0) + 1
    return hand


def evaluate(s: MNState, me: str, spent: bool = False) -> float:
    """How good the position is for ``me`` (see the module's docstring). ``spent``: its build
    is over, so only the two Coins it keeps are worth anything of its hand."""
    if s.result is not None:
        if me in s.result.winners:
            return WIN / max(1, len(s.result.winners))
        return -WIN
    scan = B.scan(s)
    tracks = {k: {r: scan[r][k] for r in s.roles} for k in TRACKS}
    great = {r: scan[r]["great"] for r in s.roles}
    income = collection.income(s)
    mine = race_standing(s, me, tracks, great) + income_worth(s, me, income)
    hand = _hand_of(s, me)
    if spent or me in s.done and s.phase == "build":
        mine += 0.8 * min(2, hand.get(COIN, 0))
    else:
        mine += buying_power(hand)
    rival = max(race_standing(s, r, tracks, great) + 0.5 * income_worth(s, r, income)
                for r in s.roles if r != me)
    return mine - RIVAL_SHARE * rival - _exposure(s, me)


def _exposure(s: MNState, me: str) -> float:
    """Provinces of ``me`` with Buildings that enemy Legions next door outnumber its own in."""
    bd = board()
    risk = 0.0
    for pid, pv in s.provinces.items():
        if pv.controller != me:
            continue
        worth = sum(pv.cities) * 2 + sum(pv.caravans) + pv.market + pv.temple
        if not worth:
            continue
        guard = pv.legions.get(me, 0) + (2 if pv.fortress == me else 0)
        enemy = max((n for q in bd.land.get(pid, ()) if q in s.provinces
                     for r, n in s.provinces[q].legions.items() if r != me), default=0)
        if enemy > guard:
            risk += 0.3 * worth * min(1.0, (enemy - guard) / 2)
    return risk


# -- the build policy -----------------------------------------------------------------------------

def target_worth(s: MNState, me: str, item: str, target: str) -> float:
    """A quick rating of where an item goes: the income and track points it adds."""
    bd = board()
    if item in ("card", "pyramids"):
        if item == "pyramids":
            return 100.0
        c = cards()[target]
        need = {k: 1.0 for k in TRACKS}
        return 1.0 + sum(need[k] * c.influence.of(k) for k in TRACKS)
    pid, _, slot = target.partition(":")
    if item == "trireme":
        shore = bd.shore.get(target, set())
        free = sum(1 for q in shore if q in s.provinces and s.provinces[q].controller is None)
        own = sum(1 for q in shore if q in s.provinces and s.provinces[q].controller == me)
        return 1.0 + 1.5 * free + 0.3 * own
    p = bd.provinces.get(pid)
    pv = s.provinces.get(pid)
    if p is None or pv is None:
        return 0.0
    if item == "city":
        typ = p.slots.cities[int(slot)].type if slot else "ordinary"
        return 2.0 + (1.0 if pv.temple else 0.0) + (4.0 if typ != "ordinary" else 0.0)
    if item == "caravan":
        good = p.slots.caravans[int(slot)].good if slot else ""
        made = collection.income(s)[me]["goods"]
        return 2.0 + (2.0 if good not in made else 0.0) + (1.0 if pv.market else 0.0)
    if item == "market":
        return 1.0 + sum(pv.caravans)
    if item == "temple":
        return 1.0 + sum(pv.cities)
    if item == "control":
        return 1.0 + len(p.slots.cities) + len(p.slots.caravans) + p.slots.market + p.slots.temple
    if item in ("legion", "fortress"):
        enemy = max((n for q in bd.land.get(pid, ()) if q in s.provinces
                     for r, n in s.provinces[q].legions.items() if r != me), default=0)
        worth = sum(pv.cities) * 2 + sum(pv.caravans) + pv.market + pv.temple
        return 1.0 + 0.5 * worth + enemy - pv.legions.get(me, 0) * 0.3
    return 1.0


def _pick_target(s: MNState, me: str, item: str, choices: list[Choice]) -> Choice:
    scored = [(target_worth(s, me, item, str(c.arg)) if c.verb == "at" else -1e9)
              for c in choices]
    return choices[best_index(scored)]


def _pick_payment(hand: dict[str, int], choices: list[Choice]) -> Choice:
    """The cheapest way to pay: a card's free item, then one Resource of the kind held most,
    then the set that leaves the most buying power."""
    best, pick = -1e9, None
    for c in choices:
        if c.verb == "free":
            return c
        if c.verb == "pay1":
            kind = str(c.arg).partition(":")[2]
            v = 50.0 + hand.get(kind, 0)
        elif c.verb == "set":
            left = dict(hand)
            for k in str(c.arg).split("+"):
                left[k] = left.get(k, 0) - 1
            v = buying_power(left) + 0.1 * left.get(COIN, 0)
        elif c.verb == "add":
            left = dict(hand)
            left[str(c.arg)] = left.get(str(c.arg), 0) - 1
            v = buying_power(left) - 5.0
        else:
            continue
        if v > best:
            best, pick = v, c
    return pick or choices[0]


def _complete_item(s: MNState, me: str) -> None:
    """Finish the purchase just begun (where, then how to pay) with the policy."""
    for _ in range(20):
        w = waiting(s)
        if w is None or w[0]["k"] not in ("build_target", "pay") or w[0].get("role") != me:
            return
        choices = forward(RULES.choices(s, me))
        if not choices:
            return
        f = w[0]
        if f["k"] == "build_target":
            c = _pick_target(s, me, f["item"], choices)
        else:
            c = _pick_payment(_hand_of(s, me), choices)
        step_in_place(RULES, s, me, c)


def purchase_value(s: MNState, me: str, c: Choice) -> float:
    """The evaluation after buying the item of a menu choice, its target and payment picked by
    the policy."""
    trial = RULES.copy(s)
    step_in_place(RULES, trial, me, c)
    _complete_item(trial, me)
    return evaluate(trial, me)


def _pick_build(s: MNState, me: str, choices: list[Choice]) -> Choice:
    done = next((c for c in choices if c.verb == "done"), None)
    stay = evaluate(s, me, spent=True)
    best, pick = stay, done
    for c in choices:
        if c.verb in ("item", "penthesilea"):
            v = purchase_value(s, me, c)
            if v > best + 0.01:
                best, pick = v, c
    return pick or choices[0]


def build_policy(s: MNState, me: str, choices: list[Choice]) -> Choice:
    w = waiting(s)
    kind = w[0]["k"] if w is not None else ""
    if kind == "build":
        return _pick_build(s, me, choices)
    if kind == "build_target":
        return _pick_target(s, me, w[0]["item"], choices)  # type: ignore[index]
    if kind == "pay":
        return _pick_payment(_hand_of(s, me), choices)
    return next((c for c in choices if c.verb == "done"), choices[0])


def play_segment(s: MNState, me: str) -> float:
    """Build on to the end of ``me``'s segment with the policy; rate where it ends."""
    for _ in range(SEGMENT_STEPS):
        if s.result is not None or me in s.done or s.segment != me:
            break
        active = RULES.active_roles(s)
        if me not in active:
            break
        choices = forward(RULES.choices(s, me))
        if not choices:
            break
        step_in_place(RULES, s, me, build_policy(s, me, choices))
    return evaluate(s, me, spent=True)


# -- decisions from the View ----------------------------------------------------------------------

def _my_hand(view: View) -> dict[str, int]:
    hand = dict(view.private.get("hand", {}))
    for r in view.private.get("rare", []):
        hand[r] = hand.get(r, 0) + 1
    return hand


def _standing_of(view: View) -> dict[str, float]:
    """A quick public standing of each empire (titles, cards, great cities)."""
    b = view.board
    out = {}
    for r, e in b["empires"].items():
        out[r] = 3.0 * len(e["titles"]) + 4.0 * e["card_count"] + 2.0 * e["great_cities"]
    return out


def _leader_among(view: View, roles: list[str]) -> str:
    standing = _standing_of(view)
    return max(roles, key=lambda r: (standing.get(r, 0.0), r))


def _offer_pick(view: View, choices: list[Choice]) -> Choice:
    """Offer what is worth least: the kind held most (duplicates), Goods before Coins."""
    hand = _my_hand(view)
    confirm = next((c for c in choices if c.verb == "confirm"), None)
    if confirm is not None:
        return confirm
    offered = Counter(_plain(x) for x in view.private.get("offer", []))
    best, pick = -1e9, None
    for c in choices:
        if c.verb == "offer":
            kind = _plain(str(c.arg))
            left = hand.get(kind, 0) - offered.get(kind, 0)
            v = left * 2.0 - (3.0 if kind == COIN else 0.0) - (2.0 if str(c.arg).endswith("*")
                                                               else 0.0)
            if v > best:
                best, pick = v, c
    if pick is not None:
        return pick
    sets = [c for c in choices if c.verb == "offer_set"]
    if sets:
        def left_power(c: Choice) -> float:
            left = dict(hand)
            for k in str(c.arg).split("+"):
                left[_plain(k)] = left.get(_plain(k), 0) - 1
            return buying_power(left)
        return max(sets, key=left_power)
    return next((c for c in choices if c.verb != "unoffer"), choices[0])


def _take_pick(view: View, choices: list[Choice]) -> Choice:
    """Take the Resource that adds most buying power, from the best-placed rival on a tie."""
    hand = _my_hand(view)
    standing = _standing_of(view)
    base = buying_power(hand)
    best, pick = -1e9, None
    for c in choices:
        if c.verb != "take":
            continue
        victim, _, tok = str(c.arg).partition(":")
        kind = _plain(tok)
        more = dict(hand)
        more[kind] = more.get(kind, 0) + 1
        v = buying_power(more) - base + (0.5 if hand.get(kind, 0) == 0 and kind != COIN else 0.0)
        v += 0.05 * standing.get(victim, 0.0)
        if v > best:
            best, pick = v, c
    return pick or choices[0]


def _give_pick(view: View, choices: list[Choice]) -> Choice:
    hand = _my_hand(view)
    return max(choices, key=lambda c: (hand.get(_plain(str(c.arg)), 0)
                                       - (2 if str(c.arg) == COIN else 0), str(c.arg)))


def _token_pick(view: View, choices: list[Choice]) -> Choice:
    """The Trade Leader takes first and gains one: the higher the count the better."""
    return max(choices, key=lambda c: (int(str(c.arg).split(":")[1]), str(c.arg)))


def view_policy(view: View, choices: list[Choice]) -> Choice:
    """A sensible answer to any question, from the View alone."""
    me = view.role or ""
    key = view.prompt_msg.key
    verbs = {c.verb for c in choices}
    if key == "prompt.offer":
        return _offer_pick(view, choices)
    if key == "prompt.take":
        return _take_pick(view, choices)
    if key == "prompt.gift":
        return _give_pick(view, choices)
    if key == "prompt.token":
        return _token_pick(view, choices)
    if "perseus" in verbs:
        return next(c for c in choices if c.verb == "perseus")
    if key in ("prompt.builder", "prompt.first"):
        # build first: the face-up cards are all still there
        return next((c for c in choices if c.arg == me), choices[0])
    if key == "prompt.mover":
        # move last: see what the others do first
        others = [c for c in choices if c.arg != me]
        return others[0] if others else choices[0]
    if key == "prompt.tie":
        mine = next((c for c in choices if c.arg == me), None)
        if mine is not None:
            return mine
        # hand the title to the rival least placed to win with it
        roles = [str(c.arg) for c in choices]
        standing = _standing_of(view)
        weakest = min(roles, key=lambda r: (standing.get(r, 0.0), r))
        return next(c for c in choices if c.arg == weakest)
    if key == "prompt.pay":
        return _pick_payment(_my_hand(view), choices)
    if key == "prompt.capture":
        for verb in ("marker", "occupy", "hold"):
            c = next((x for x in choices if x.verb == verb), None)
            if c is not None:
                return c
    if key == "prompt.occupy":
        occ = [c for c in choices if c.verb == "occ"]
        if occ:
            return max(occ, key=lambda c: (str(c.arg).startswith("city"), str(c.arg)))
    if key == "prompt.casualty":
        return next((c for c in choices if c.arg == "fortress"), choices[0])
    if key in ("prompt.legend", "prompt.loot"):
        return next((c for c in choices if c.arg == "rare"), choices[0])
    if key == "prompt.colossus":
        hand = _my_hand(view)
        picks = [c for c in choices if c.arg != "none"]
        if picks:
            return min(picks, key=lambda c: (hand.get(str(c.arg), 0), str(c.arg)))
    if key == "prompt.antigone":
        return max(choices, key=lambda c: int(c.arg or 0))
    if key == "prompt.zeus":
        others = [c for c in choices if c.arg != "none"]
        if others:
            return next((c for c in others if c.arg == _leader_among(
                view, [str(x.arg) for x in others])), others[0])
    if key in ("prompt.legions", "prompt.triremes", "prompt.naval", "prompt.keep",
               "prompt.circe", "prompt.build"):
        done = next((c for c in choices if c.verb == "done"), None)
        if done is not None:
            return done
    if "penthesilea" in verbs:
        return next(c for c in choices if c.verb == "penthesilea")
    return next((c for c in choices if c.verb not in ("page",)), choices[0])


# -- the players ----------------------------------------------------------------------------------

def _listed(view: View, picked: Choice) -> Choice:
    k = key_of(picked)
    return next((c for c in view.actions if key_of(c) == k), view.actions[0])


def choose(view: View, rng: PlayerRandom, level: str) -> Choice:
    """The computer player's choice (see the module's docstring)."""
    choices = forward(distinct(view.actions))
    if len(choices) == 1:
        return choices[0]
    me = view.role or ""
    if view.prompt_msg.key not in SEARCH_PROMPTS or view.board.get("segment") != me:
        return view_policy(view, choices)
    states, consistent = samples_for(view, rng, 1)
    if not consistent:
        return view_policy(view, choices)
    s = states[0]
    if level == "easy":
        return _listed(view, build_policy(s, me, choices))
    values = []
    for c in choices:
        trial = RULES.copy(s)
        step_in_place(RULES, trial, me, c)
        values.append(play_segment(trial, me))
    return choices[best_index(values)]


def greedy(view: View, rng: PlayerRandom) -> Choice:
    """The baseline: in its Build segment, the purchase whose completed outcome (target and
    payment by the policy) the evaluation rates best, or stopping when none gains; elsewhere the
    View policy."""
    choices = forward(distinct(view.actions))
    me = view.role or ""
    if view.prompt_msg.key not in SEARCH_PROMPTS or view.board.get("segment") != me:
        return view_policy(view, choices)
    states, consistent = samples_for(view, rng, 1)
    if not consistent:
        return view_policy(view, choices)
    return _listed(view, build_policy(states[0], me, choices))
