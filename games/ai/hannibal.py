"""The Hannibal: Rome vs Carthage computer player.

**Sampled States.** ``board_state`` rebuilds a State from one side's View: areas (PCs, tribes,
sieges), armies, generals (where, consuls, proconsuls), markers, the turn and whose play it is
are public, and its own hand is its own. ``determinize`` fills in what is hidden: the other
side's hand, the deck and the discards are drawn from the cards neither in its hand nor removed
(the top discard stays where it is seen), the battle deck is shuffled anew, and future dice follow
a fresh seed. At the side's own card plays (which card, how to use it, where its PCs go) the
decision's frames are rebuilt from the prompt and the log lines of the play; when the sampled
State then offers exactly the View's choices, the search steps it with the rules themselves.

**Evaluation** (``evaluate``, from one side; §19, §22, §23): political points (the provinces
held, ties going to Carthage at the end), progress toward the threshold of each province no one
holds and the slack above it in one's own, the areas held, PCs that would be isolated (§19.4),
the CUs and generals on the map, Hannibal himself.

**Search.** For a card play every card and each of its uses (OPS to move, to place PCs, to raise
a CU, the event, a discard) is tried on sampled States and the play is finished with the policy
(both sides answering their questions, battles and interceptions included) before it is rated.
The policy (``view_policy``) reads the View only: PCs where they complete or guard a province,
armies marching toward enemy PCs they can convert and weaker armies, away from stronger ones,
avoiding and intercepting by strength, battle cards led from the longest suit and matched
whenever possible, PCs removed where they cost no province. ``easy`` plays the policy alone.
"""

from __future__ import annotations

import heapq
from collections import Counter
from functools import cache
from typing import Any

from games.ai.common import (
    best_index,
    distinct,
    forward,
    same_choices,
    sample_seed,
    step_in_place,
)
from games.core import Choice, Rng, View
from games.core.rng import PlayerRandom
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.flow import waiting
from games.hannibal.rules import RULES
from games.hannibal.state import CARTHAGE, ROME, HState, SpaceState, other
from games.hannibal.turn import LAST_TURN, isolated

WIN = 10_000.0
POINT = 12.0             # one political point (a province held)
PROGRESS = 3.0           # a province no one holds, by the share of its threshold reached
SLACK = 1.0              # each area above the threshold of a province held (up to two)
AREA = 0.6               # an area held
ISOLATED = 0.8           # a PC the isolation phase would remove
CU = 0.7                 # a combat unit on the map
HANNIBAL_ALIVE = 12.0

SEARCH_PROMPTS = {"prompt.play_card", "prompt.use_card", "prompt.place_pcs"}
PLAY_STEPS = 400
SAMPLES = {"easy": 0, "normal": 1}
STRATEGY_TAIL = ("strategy", "winter", "isolation", "assessment", "end_turn")


# -- the map --------------------------------------------------------------------------------------

@cache
def links() -> dict[str, tuple[tuple[str, int], ...]]:
    """Each area's neighbours with the movement points a step costs (passes and straits 2)."""
    out: dict[str, list[tuple[str, int]]] = {sid: [] for sid in B.board().spaces}
    for a, b, kind in B.board().links:
        cost = 1 if kind == "line" else 2
        out[a].append((b, cost))
        out[b].append((a, cost))
    return {k: tuple(v) for k, v in out.items()}


@cache
def distances_from(sid: str) -> dict[str, int]:
    """Movement points from ``sid`` to every area (Dijkstra over the movement lines)."""
    dist = {sid: 0}
    heap = [(0, sid)]
    while heap:
        d, a = heapq.heappop(heap)
        if d > dist.get(a, 1 << 30):
            continue
        for b, cost in links()[a]:
            nd = d + cost
            if nd < dist.get(b, 1 << 30):
                dist[b] = nd
                heapq.heappush(heap, (nd, b))
    return dist


@cache
def province_need() -> dict[str, int]:
    return {pid: p.need for pid, p in B.board().provinces.items() if p.need}


@cache
def province_areas() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for sid, sp in B.board().spaces.items():
        out.setdefault(sp.province, []).append(sid)
    return {k: tuple(v) for k, v in out.items()}


@cache
def card_numbers() -> dict[str, int]:
    return {c.key: no for no, c in B.board().cards.items()}


# -- a reading of the View ------------------------------------------------------------------------

class Board:
    """The View's board read once: who holds each area, the armies by area and side."""

    def __init__(self, view: View) -> None:
        b = view.board
        self.view = view
        self.me = view.role or ""
        self.enemy = other(self.me) if self.me in (ROME, CARTHAGE) else ROME
        self.spaces = {sp["id"]: sp for sp in b["spaces"]}
        self.generals = b["generals"]
        self.armies: dict[tuple[str, str], dict[str, Any]] = {}
        for a in b["armies"]:
            key = (a["space"], a["side"])
            got = self.armies.setdefault(key, {"cu": 0, "out": 0, "generals": [], "battle": 0})
            got["cu"] += a["cu"]
            if not a["inside"]:
                got["out"] += a["cu"]
            got["generals"] += a["generals"]
            for g in a["generals"]:
                got["battle"] = max(got["battle"], self.generals[g]["battle"])
        self.controllers = {p["id"]: p["controller"] for p in b["provinces"]}

    def strength(self, sid: str, side: str) -> float:
        a = self.armies.get((sid, side))
        if not a or a["cu"] <= 0:
            return 0.0
        return a["cu"] + 1.5 * a["battle"]

    def count(self, pid: str, side: str) -> int:
        return sum(1 for a in province_areas()[pid] if self.spaces[a]["pc"] == side)

    def place_gain(self, sid: str, side: str) -> float:
        """What a PC of ``side`` in area ``sid`` is worth: a province completed or a step
        toward it, an enemy province broken, an area held."""
        sp = self.spaces[sid]
        pid = sp["province"]
        need = province_need().get(pid, 0)
        foe = other(side)
        flip = sp["pc"] == foe
        value = 1.0 + (1.0 if flip else 0.0)
        if need:
            mine = self.count(pid, side)
            theirs = self.count(pid, foe)
            if mine + 1 == need:
                value += 10.0
            elif mine < need:
                value += 3.0 * (mine + 1) / need
            if flip and theirs == need:
                value += 9.0          # their province falls
        if self._cut_off(sid, side):
            value -= 2.5              # it would not last the isolation phase
        return value

    def _cut_off(self, sid: str, side: str) -> bool:
        """Roughly §19.4: no friendly area or force next to it."""
        for nb, cost in links()[sid]:
            if cost > 1:
                continue
            sp = self.spaces[nb]
            if sp["pc"] == side or self.strength(nb, side) > 0:
                return False
        return self.strength(sid, side) <= 0 and not self.spaces[sid]["port"]


# -- the policy, from the View --------------------------------------------------------------------

def _first(choices: list[Choice], verb: str, arg: Any = None, any_arg: bool = True
           ) -> Choice | None:
    for c in choices:
        if c.verb == verb and (any_arg or c.arg == arg):
            return c
    return None


def _pick_pc(bd: Board, choices: list[Choice]) -> Choice:
    side = bd.me
    best, pick = -1e9, None
    for c in choices:
        if c.verb == "pc":
            v = bd.place_gain(str(c.arg), side)
        elif c.verb == "province" and c.arg is not None:
            v = max((bd.place_gain(a, side) for a in province_areas()[str(c.arg)]
                     if bd.spaces[a]["pc"] is None), default=0.5)
        else:
            continue
        if v > best:
            best, pick = v, c
    done = _first(choices, "done")
    if pick is None or (best < 0 and done is not None):
        return done or choices[0]
    return pick


def _pick_removal(bd: Board, choices: list[Choice]) -> Choice:
    """Remove the PC that costs least: where no province changes hands."""
    side = bd.me
    best, pick = -1e9, None
    for c in choices:
        if c.verb == "remove":
            sid = str(c.arg)
            pid = bd.spaces[sid]["province"]
            need = province_need().get(pid, 0)
            mine = bd.count(pid, side)
            v = -1.0
            if need and mine == need:
                v -= 10.0
            elif need and mine > need:
                v += 1.0
            elif need:
                v -= 2.0 * mine / need
        elif c.verb == "province" and c.arg is not None:
            pid = str(c.arg)
            need = province_need().get(pid, 0)
            mine = bd.count(pid, side)
            v = -1.0 - (10.0 if need and mine == need else 0.0) + (1.0 if need and mine > need
                                                                   else 0.0)
        else:
            continue
        if v > best:
            best, pick = v, c
    return pick or choices[0]


def area_worth(bd: Board, sid: str, side: str, power: float) -> float:
    """How good an area is for an army of ``side`` with ``power``: enemy PCs it can convert,
    a weaker enemy army to beat, a province to guard; stronger enemies nearby count against."""
    sp = bd.spaces[sid]
    pid = sp["province"]
    need = province_need().get(pid, 0)
    foe = other(side)
    value = 0.0
    if sp["pc"] == foe and sp["kind"] == "pc_space":
        value += 2.0 + (2.0 if need and bd.controllers.get(pid) != side else 0.0)
    if need and bd.controllers.get(pid) != foe and bd.count(pid, side) >= need - 1:
        value += 1.0
    enemy = bd.strength(sid, foe)
    if enemy > 0:
        value += enemy + 3.0 if power > 1.4 * enemy else -12.0
    for nb, _cost in links()[sid]:
        threat = bd.strength(nb, foe)
        if threat > power:
            value -= 3.0
    if sp["kind"] == "walled_city" and sp["pc"] == foe and power >= 5:
        value += 1.5
    return value


def _march_target(bd: Board, at: str, side: str, power: float, mp: int) -> str:
    dist = distances_from(at)
    best, target = area_worth(bd, at, side, power), at
    for sid, d in dist.items():
        if 0 < d <= max(mp, 1) + 2:
            v = area_worth(bd, sid, side, power) - 0.4 * d
            if v > best + 0.5:
                best, target = v, sid
    return target


def _pick_march(bd: Board, choices: list[Choice]) -> Choice:
    moving = bd.view.board.get("moving") or {}
    at = moving.get("space")
    stop = _first(choices, "stop")
    steps = [c for c in choices if c.verb == "to"]
    if not at or not steps:
        return stop or _first(choices, "troops") or choices[0]
    power = moving.get("cu", 0) + 1.5 * B.general(moving["general"]).battle
    target = _march_target(bd, at, bd.me, power, int(moving.get("mp", 4)))
    if target == at:
        return stop or steps[0]
    to_target = distances_from(target)
    step = min(steps, key=lambda c: (to_target.get(str(c.arg), 99), str(c.arg)))
    if to_target.get(str(step.arg), 99) >= to_target.get(at, 99):
        return stop or step
    return step


def _pick_general(bd: Board, choices: list[Choice]) -> Choice:
    best, pick = -1e9, None
    for c in choices:
        if c.verb != "general":
            continue
        g = str(c.arg)
        at = bd.generals[g]["where"]
        a = bd.armies.get((at, bd.me), {"cu": 0})
        power = a["cu"] + 1.5 * B.general(g).battle
        target = _march_target(bd, at, bd.me, power, 4) if at in bd.spaces else at
        gain = (area_worth(bd, target, bd.me, power) - area_worth(bd, at, bd.me, power)
                if at in bd.spaces else 0.0)
        v = gain + 0.1 * a["cu"]
        if v > best:
            best, pick = v, c
    return pick or _first(choices, "done") or choices[0]


def _pick_card_quick(view: View, choices: list[Choice]) -> Choice:
    """Without a search: the card with the most OPS."""
    return max(choices, key=lambda c: (int(c.msg.args.get("ops", 0)) if c.msg else 0, -int(
        c.arg or 0)))


def _pick_use_quick(bd: Board, choices: list[Choice]) -> Choice:
    for verb in ("pcs", "event", "raise", "move", "discard"):
        c = _first(choices, "use", verb, any_arg=False)
        if c is not None:
            return c
    return choices[0]


def _battle_hand(view: View) -> list[str]:
    return list(view.private.get("battle_hand", []))


def _pick_lead(view: View, choices: list[Choice]) -> Choice:
    hand = Counter(_battle_hand(view))
    leads = [c for c in choices if c.verb == "lead" and ">" not in str(c.arg)]
    if leads:
        return max(leads, key=lambda c: (hand.get(str(c.arg), 0), str(c.arg)))
    others = [c for c in choices if c.verb == "lead"]
    if others:
        return others[0]
    return _first(choices, "withdraw") or choices[0]


def _strength_here(bd: Board) -> tuple[float, float]:
    """The strength of our force and of the moving enemy at the area in question."""
    moving = bd.view.board.get("moving") or {}
    at = moving.get("space") or (bd.view.board.get("highlight") or [""])[0]
    enemy = moving.get("cu", 0) + 1.5 * (B.general(moving["general"]).battle
                                         if moving.get("general") else 0)
    return bd.strength(at, bd.me) if at in bd.spaces else 0.0, enemy


def view_policy(view: View, choices: list[Choice]) -> Choice:
    """A sensible answer to any question, from the View alone."""
    if len(choices) == 1:
        return choices[0]
    key = view.prompt_msg.key
    bd = Board(view)
    verbs = {c.verb for c in choices}
    if key == "prompt.play_card":
        return _pick_card_quick(view, choices)
    if key == "prompt.use_card":
        return _pick_use_quick(bd, choices)
    if key == "prompt.place_pcs":
        return _pick_pc(bd, choices)
    if key == "prompt.remove_pcs":
        return _pick_removal(bd, choices)
    if key == "prompt.march":
        return _pick_march(bd, choices)
    if key == "prompt.pick_general":
        return _pick_general(bd, choices)
    if key == "prompt.lead":
        return _pick_lead(view, choices)
    if key == "prompt.match":
        return next((c for c in choices if c.verb == "match" and c.arg), choices[0])
    if key == "prompt.here":
        mine, enemy = _strength_here(bd)
        stand = _first(choices, "here", "stand", any_arg=False)
        avoid = _first(choices, "here", "avoid", any_arg=False)
        if avoid is not None and enemy > 1.2 * mine:
            return avoid
        return stand or choices[0]
    if key == "prompt.intercept":
        _, enemy = _strength_here(bd)
        best = None
        for c in choices:
            if c.verb == "intercept" and c.arg:
                at = str(c.arg).split(">")[0]
                if bd.strength(at, bd.me) > 1.5 * enemy + 2:
                    best = c
                    break
        return best or _first(choices, "intercept", "", any_arg=False) or choices[-1]
    if key == "prompt.fight_or_return":
        mine, enemy = _strength_here(bd)
        fight = _first(choices, "fight", "battle", any_arg=False)
        if fight is not None and mine >= enemy:
            return fight
        return _first(choices, "fight", "return", any_arg=False) or choices[0]
    if key == "prompt.respond":
        return next((c for c in choices if c.arg), choices[0])
    if key in ("prompt.rome_first",):
        return _first(choices, "first", "no", any_arg=False) or choices[0]
    if key == "prompt.who_first":
        # the other side plays first: the last card of the turn is ours
        return _first(choices, "first", bd.enemy, any_arg=False) or choices[0]
    if key in ("prompt.reinf_rome", "prompt.reinf_carthage", "prompt.consul_at",
               "prompt.return_general", "prompt.raise"):
        return _pick_biggest_stack(bd, choices)
    if key == "prompt.proconsul":
        gens = [c for c in choices if c.arg]
        if gens:
            return max(gens, key=lambda c: (B.general(str(c.arg)).battle, str(c.arg)))
    if key == "prompt.cus":
        return max((c for c in choices if c.verb == "cus"), key=lambda c: int(c.arg or 0),
                   default=choices[0])
    if key == "prompt.troops":
        return _first(choices, "back") or choices[0]
    if key == "prompt.sail_to":
        return _first(choices, "back") or choices[0]
    if key == "prompt.retreat":
        return _pick_refuge(bd, choices)
    for verb, yes in (("siege", "roll"), ("pursue", "roll"), ("charge", "yes"), ("cmd", "roll"),
                      ("counter", "roll"), ("block", "roll"), ("take", "yes"),
                      ("hanno", "yes")):
        if verb in verbs:
            return _first(choices, verb, yes, any_arg=False) or choices[0]
    return next((c for c in choices if c.verb not in ("back", "done", "province")), choices[0])


def _pick_biggest_stack(bd: Board, choices: list[Choice]) -> Choice:
    def size(c: Choice) -> tuple[float, str]:
        at = str(c.arg or "").split(":")[0]
        return (bd.strength(at, bd.me) if at in bd.spaces else -1.0, str(c.arg))
    places = [c for c in choices if c.verb in ("place", "raise")]
    return max(places, key=size) if places else choices[0]


def _pick_refuge(bd: Board, choices: list[Choice]) -> Choice:
    def safety(c: Choice) -> tuple[float, str]:
        at = str(c.arg)
        if at not in bd.spaces:
            return (0.0, at)
        own = 2.0 if bd.spaces[at]["pc"] == bd.me else 0.0
        threat = max((bd.strength(nb, bd.enemy) for nb, _ in links()[at]), default=0.0)
        return (own - 0.3 * threat, at)
    return max(choices, key=safety)


# -- sampled States -------------------------------------------------------------------------------

@cache
def _template() -> HState:
    return RULES.setup(0, "218bc", {})


def board_state(view: View) -> HState:
    """The public part of a State and the side's own hand, from the View."""
    b = view.board
    me = view.role or ""
    s = RULES.copy(_template())
    s.scenario = view.scenario
    s.turn, s.phase = b["turn"], b["phase"]
    s.first_player, s.to_play = b["first_player"], b["to_play"]
    s.truce, s.siege_train = b["truce"], b["siege_train"]
    s.markers = list(b["markers"])
    for sp in b["spaces"]:
        siege = sp["siege"]
        s.spaces[sp["id"]] = SpaceState(sp["pc"], sp["native"], siege["by"] if siege else None,
                                        siege["points"] if siege else 0)
    s.units, s.stacks = {}, {}
    for a in b["armies"]:
        loc = a["space"] + (":in" if a["inside"] else "")
        key = f"{a['side']}|{loc}"
        if a["cu"] > 0:
            s.units[key] = [a["cu"], a["elephants"]]
        if a["generals"]:
            s.stacks[key] = list(a["generals"])
    s.gens = {}
    for g, info in b["generals"].items():
        where = info["where"]
        s.gens[g] = where if where in P.DEAD_STATES else where + (":in" if info["inside"] else "")
    s.consuls = [g for g, info in b["generals"].items() if info["title"] == "consul"]
    s.proconsuls = [g for g, info in b["generals"].items() if info["title"] == "proconsul"]
    numbers = card_numbers()
    s.removed = [numbers[k] for k in b["removed"] if k in numbers]
    s.hands = {me: list(view.private.get("hand_numbers", [])), other(me): []}
    s.bhands = {}
    s.battle = s.move = s.activation = None
    s.last_move = list(b["last_move"])
    s.flow = []
    s.touch()
    return s


def determinize(view: View, rng: PlayerRandom, base: HState | None = None) -> HState:
    """A State consistent with the View: the hidden cards drawn from what is unaccounted for,
    a fresh battle deck and fresh dice."""
    s = RULES.copy(base) if base is not None else board_state(view)
    b = view.board
    me = view.role or ""
    numbers = card_numbers()
    top = numbers.get(b["discard_top"]) if b["discard_top"] else None
    seen = set(s.hands[me]) | set(s.removed) | ({top} if top else set())
    pool = [no for no in B.board().cards if no not in seen]
    rng.shuffle(pool)
    n_opp = b["hands"][other(me)]
    s.hands[other(me)] = pool[:n_opp]
    rest = pool[n_opp:]
    s.deck = rest[:b["deck"]]
    s.discard = rest[b["deck"]:b["deck"] + max(0, b["discard"] - (1 if top else 0))]
    if top:
        s.discard.append(top)
    bdeck = [k for k, n in B.board().battle_deck.items() for _ in range(n)]
    rng.shuffle(bdeck)
    s.bdeck = bdeck
    s.rng = Rng.from_seed(sample_seed(rng))
    s.touch()
    return s


def _this_play(view: View) -> list[Any] | None:
    """The log lines of the card play in progress (after its OPS line)."""
    lines = view.log
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].msg.key in ("log.ops", "log.event", "log.discard"):
            return [line.msg for line in lines[i + 1:]]
    return None


def with_frames(s: HState, view: View) -> bool:
    """Put the decision's frames on the sampled State, for the side's own card plays (which
    card, its use, its PCs). False for the other questions."""
    me = view.role or ""
    key = view.prompt_msg.key
    if s.phase != "strategy" or key not in SEARCH_PROMPTS:
        return False
    tail = [{"k": k} for k in reversed(STRATEGY_TAIL)]
    if key == "prompt.play_card":
        top: dict[str, Any] = {"k": "play", "role": me}
    elif key == "prompt.use_card":
        card = str(view.prompt_msg.args.get("card", "")).removeprefix("@card.")
        if not card.isdigit():
            return False
        top = {"k": "use", "role": me, "card": int(card)}
    else:
        lines = _this_play(view)
        if lines is None:
            return False
        done = [str(m.args.get("where", "")).removeprefix("@space.") for m in lines
                if m.key in ("log.pc_placed", "log.pc_flipped")]
        top = {"k": "pcs", "role": me, "left": int(view.prompt_msg.args.get("n", 1)),
               "done": done}
        areas = [str(c.arg) for c in view.actions if c.verb == "pc"]
        if areas and any(c.verb == "province" and c.arg is None for c in view.actions):
            top["province"] = B.province_of(areas[0])
    s.flow = tail + [top]
    s.touch()
    return True


def samples_for(view: View, rng: PlayerRandom, n: int) -> tuple[list[HState], bool]:
    base = board_state(view)
    states = [determinize(view, rng, base) for _ in range(max(1, n))]
    framed = [with_frames(s, view) for s in states]
    consistent = all(framed) and same_choices(view.actions,
                                              RULES.choices(states[0], view.role or ""))
    return states, consistent


# -- evaluation -----------------------------------------------------------------------------------

def evaluate(s: HState, me: str) -> float:
    """How good the position is for ``me`` (see the module's docstring)."""
    if s.result is not None:
        return WIN if me in s.result.winners else -WIN
    foe = other(me)
    ctl = P.province_controllers(s)
    needs = province_need()
    counts: dict[str, Counter[str]] = {pid: Counter() for pid in needs}
    held: Counter[str] = Counter()
    for sid, sp in s.spaces.items():
        if sp.pc is not None:
            held[sp.pc] += 1
            pid = B.province_of(sid)
            if pid in counts:
                counts[pid][sp.pc] += 1
    points = {side: sum(1 for pid in needs if ctl[pid] == side) for side in (ROME, CARTHAGE)}
    diff = points[me] - points[foe] + (0.5 if me == CARTHAGE else -0.5)
    score = POINT * diff
    for pid, need in needs.items():
        for side, sign in ((me, 1.0), (foe, -1.0)):
            n = counts[pid][side]
            if ctl[pid] is None:
                score += sign * PROGRESS * (n / need) ** 2
            elif ctl[pid] == side:
                score += sign * SLACK * min(2, n - need)
    score += AREA * (held[me] - held[foe])
    score -= ISOLATED * (len(isolated(s, me)) - len(isolated(s, foe)))
    cus = Counter[str]()
    for key, u in s.units.items():
        cus[key.split("|", 1)[0]] += u[0]
    score += CU * (cus[me] - cus[foe])
    if P.where(s, "hannibal") is not None or s.gens.get("hannibal") == "displaced":
        score += HANNIBAL_ALIVE if me == CARTHAGE else -HANNIBAL_ALIVE
    if s.turn >= LAST_TURN and s.phase in ("winter", "isolation", "assessment"):
        score += POINT * diff
    return score


# -- the search -----------------------------------------------------------------------------------

def _active(s: HState) -> list[str]:
    return RULES.active_roles(s) if s.result is None else []


def finish_play(s: HState, me: str, steps: int = PLAY_STEPS) -> float:
    """Play the card play in progress to its end with the policy (both sides answering), then
    rate the position: the play is over when the next card play begins or the phase ends."""
    for _ in range(steps):
        if s.result is not None:
            break
        w = waiting(s)
        if w is not None and w[0]["k"] == "play" or s.phase != "strategy":
            break
        active = _active(s)
        if not active:
            break
        role = active[0]
        view = RULES.view(s, role)
        choices = forward(view.actions)
        if not choices:
            break
        step_in_place(RULES, s, role, view_policy(view, choices))
    return evaluate(s, me)


def _use_values(s: HState, me: str) -> list[tuple[Choice, float]]:
    """Each use of the card in hand (the "use" question), played out and rated."""
    out = []
    for c in forward(RULES.choices(s, me)):
        trial = RULES.copy(s)
        step_in_place(RULES, trial, me, c)
        out.append((c, finish_play(trial, me)))
    return out


def choose(view: View, rng: PlayerRandom, level: str) -> Choice:
    """The computer player's choice (see the module's docstring)."""
    choices = forward(distinct(view.actions))
    if len(choices) == 1:
        return choices[0]
    me = view.role or ""
    n = SAMPLES.get(level, 0)
    if n == 0 or view.prompt_msg.key not in SEARCH_PROMPTS:
        return view_policy(view, choices)
    states, consistent = samples_for(view, rng, n)
    if not consistent:
        return view_policy(view, choices)
    totals = [0.0] * len(choices)
    for s in states:
        for i, c in enumerate(choices):
            trial = RULES.copy(s)
            step_in_place(RULES, trial, me, c)
            if view.prompt_msg.key == "prompt.play_card":
                values = _use_values(trial, me)
                totals[i] += max((v for _, v in values), default=evaluate(trial, me))
            else:
                totals[i] += finish_play(trial, me)
    return choices[best_index(totals)]


def greedy(view: View, rng: PlayerRandom) -> Choice:
    """The baseline: at its card plays every choice is applied to one sampled State and its
    immediate outcome rated by ``evaluate`` (the first listed on a tie); elsewhere the View
    policy."""
    choices = forward(distinct(view.actions))
    me = view.role or ""
    if view.prompt_msg.key not in SEARCH_PROMPTS:
        return view_policy(view, choices)
    states, consistent = samples_for(view, rng, 1)
    if not consistent:
        return view_policy(view, choices)
    scores = []
    for c in choices:
        trial = RULES.copy(states[0])
        step_in_place(RULES, trial, me, c)
        scores.append(evaluate(trial, me))
    return choices[best_index(scores)]
