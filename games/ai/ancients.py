"""The Commands & Colors: Ancients computer player.

**Sampled States.** ``determinize`` rebuilds a State from one side's View: the board (units,
blocks, leaders, terrain, banners) and the turn so far (card, ordered units, the moves of this
turn from ``last_moves``) are public; the opponent's hand, the deck order and the discards are
drawn from the 60 cards less the seat's own hand and the card in play, and future dice come from
a fresh seed. When the sampled State offers exactly the View's choices it is *consistent* and the
search steps it with the rules themselves.

**Evaluation** (``evaluate``, from one side): the banner race (each banner worth 100 / banners to
win), every unit's worth (its blocks, and the banner it would give away, weighed more as it
weakens), lone leaders in reach of the enemy, and the best attacks each side has next (expected
hits by the dice, the unit symbol, swords and helmets, less the battle back), the side to move
counting more.

**Search.** At the side's own turn every listed choice is tried on a few sampled States and the
rest of the turn is played out with the fast playout policy (``policy``: order the units that can
strike or close in, move each to the hex that scores best, attack the best target); the end of
the turn is rated by the evaluation and the choice with the best average wins. Choosing the card
thus plans the whole turn it allows. Questions in the middle of a battle (battle back, retreat,
evade, advance, momentum) are answered by the same policy on the sampled board. ``easy`` plays
the policy alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
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
from games.ancients import board as B
from games.ancients import cards as C
from games.ancients import combat as K
from games.ancients import hexes
from games.ancients.board import spec
from games.ancients.data import ArmyInfo, ScenarioError, ScenarioRules, TerrainHex, cards
from games.ancients.data import load_scenario as load_battle
from games.ancients.flow import waiting
from games.ancients.rules import OPTIONS, RULES
from games.ancients.state import SIDES, AncientsState, BattleInfo, Leader, Turn, Unit, other
from games.core import Choice, Rng, View
from games.core.rng import PlayerRandom, player_random

WIN = 10_000.0
# what a unit's next lost block gives away, as a share of one enemy banner, by blocks left
EXPOSURE = {1: 0.5, 2: 0.25, 3: 0.12, 4: 0.06}
BLOCK = 2.0                      # fighting worth of one block
LEADER_WORTH = 4.0               # what a leader adds (helmets, bolstering, orders)
NEXT_ATTACKS = (1.0, 0.8, 0.6)   # weights of the best attacks a side has next
TO_MOVE_WEIGHT = 0.6             # the side about to move will make its attacks
WAITING_WEIGHT = 0.25            # the other side's attacks are a turn away
PLANNED_WEIGHT = 0.85            # the attacks the ordered units will make this turn
SIXTH = 1.0 / 6.0
TURN_PROMPTS = {"prompt.card", "prompt.order", "prompt.spartacus", "prompt.rally",
                "prompt.move", "prompt.move_to", "prompt.target", "prompt.battle"}

# search sizes per level: sampled States, choices tried, steps of a playout
SAMPLES = {"easy": 0, "normal": 3}
WIDTH = {"easy": 0, "normal": 8}
PLAYOUT_STEPS = 160


# -- sampled States -------------------------------------------------------------------------------

@cache
def _battle_rules(scenario: str, name: str) -> tuple[ScenarioRules, list[Unit], list[Leader]]:
    """A built-in battle's special rules and off-board ambush: public, but not in the View."""
    try:
        sc = load_battle(scenario)
    except (ScenarioError, OSError):
        return ScenarioRules(), [], []
    if sc.name != name:
        return ScenarioRules(), [], []
    template = RULES.setup(0, scenario, {})
    return sc.rules, list(template.reserve), list(template.reserve_leaders)


def _deck_cards() -> list[str]:
    return [c.key for c in cards().values() for _ in range(c.count)]


def _last_cards(view: View) -> tuple[dict[str, str | None], dict[str, bool]]:
    """The card each side played last, read from the log lines the View carries."""
    last: dict[str, str | None] = {"north": None, "south": None}
    mirrored = {"north": False, "south": False}
    side = None
    for line in view.log:
        args = line.msg.args
        if line.msg.key == "log.card":
            side = str(args.get("side", "")).removeprefix("@side.")
            if side in last:
                last[side] = str(args.get("card", "")).removeprefix("@card.")
                mirrored[side] = False
        elif line.msg.key == "log.counter" and side in last:
            last[side] = str(args.get("card", "")).removeprefix("@card.")
            mirrored[side] = True
    return last, mirrored


def _this_turn(view: View) -> list[Any] | None:
    """The log lines of the turn in play (after its card), or None when the card's line has left
    the View's window."""
    lines = view.log
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].msg.key == "log.card":
            return [line.msg for line in lines[i + 1:]]
    return None


def _moving_piece(s: AncientsState, view: View, t: Turn, at: str) -> dict[str, Any] | None:
    """The unit or leader being moved from ``at``: the one whose destinations the board
    highlights."""
    side = t.side
    u = B.unit_at(s, at)
    ld = next((x for x in s.leaders.values() if x.hex == at and x.side == side), None)
    options: list[dict[str, Any]] = []
    if u is not None and u.side == side and u.id in t.ordered:
        options.append({"id": u.id, "leader": False, "at": at})
    if ld is not None and ld.id in t.ordered_leaders:
        options.append({"id": ld.id, "leader": True, "at": at})
    if len(options) > 1:
        lit = set(view.board.get("highlight", []))
        saved = s.turn
        s.turn = t
        try:
            for mv in options:
                dests = (B.leader_destinations(s, s.leaders[mv["id"]]) if mv["leader"]
                         else RULES._destinations(s, s.units[mv["id"]]))
                if set(dests) == lit:
                    return mv
        finally:
            s.turn = saved
    return options[0] if options else None


def _moving_via(s: AncientsState, view: View, t: Turn) -> None:
    """The hexes already picked with "toward" (a long move narrowed step by step): the longest
    common start of the paths to the destinations the View lists."""
    listed = {str(c.arg) for c in view.actions if c.verb == "to"}
    mv = t.moving
    if not listed or mv is None:
        return
    saved = s.turn
    s.turn = t
    try:
        dests = (B.leader_destinations(s, s.leaders[mv["id"]]) if mv["leader"]
                 else RULES._destinations(s, s.units[mv["id"]]))
    finally:
        s.turn = saved
    paths = [dests[h] for h in listed if h in dests]
    if not paths or set(dests) == listed:
        return
    common: list[str] = []
    for step in zip(*paths, strict=False):
        if len(set(step)) != 1:
            break
        common.append(step[0])
    mv["via"] = common


def _turn_from(view: View, s: AncientsState) -> Turn:
    """The turn so far, from the board: the card in play, what is ordered, moved and has
    battled, and the moves of this turn (``last_moves``, and the log lines of the turn)."""
    b = view.board
    side = b["to_move"]
    t = Turn(side=side, phase=b["phase"] if b["phase"] != "done" else "battle")
    played = b.get("card_played")
    if played:
        t.card = played["key"]
        t.effective = played.get("copies") or played["key"]
        if t.card == "counter_attack":
            t.mirrored = not s.last_mirrored[other(side)]
        t.command = len(s.hands[side]) + 1
    units_here = {u.hex: u for u in s.units.values()}
    t.ordered = [u["id"] for u in b["units"] if u["ordered"] and u["side"] == side]
    t.ordered_leaders = [ld["id"] for ld in b["leaders"] if ld["ordered"] and ld["side"] == side]
    t.battles = {u["id"]: 1 for u in b["units"] if u["battled"] and u["side"] == side}
    lines = _this_turn(view) if played else None
    if lines is not None:
        shots: dict[str, int] = {}
        for m in lines:
            if m.key in ("log.fire", "log.declare", "log.roll_leader") and m.key != "log.roll":
                h = str(m.args.get("hex", ""))
                u = units_here.get(h)
                if u is not None and u.side == side and m.key != "log.roll_leader" or (
                        m.key == "log.roll_leader" and u is not None and u.side == side):
                    shots[u.id] = shots.get(u.id, 0) + 1  # type: ignore[union-attr]
        for uid, n in shots.items():
            t.battles[uid] = max(t.battles.get(uid, 0), n)
    if t.effective == "clash_of_shields":
        t.clash_used = list(t.battles)
    key = t.effective or ""
    kind = cards()[key].kind if key in cards() else ""
    if kind == "leadership" and t.ordered_leaders:
        t.chain_leader = t.ordered_leaders[0]
        ld = s.leaders.get(t.chain_leader)
        with_leader = 1 if ld is not None and ld.hex in units_here else 0
        t.chain_left = max(0, cards()[key].chain - (len(t.ordered) - with_leader))
    elif key and t.ordered and (kind == "leadership" or not C.has_matching(s, side, key)):
        t.fallback = True
        t.plain_order = list(t.ordered)
    leaders_here = {ld.hex: ld for ld in s.leaders.values() if ld.side == side}
    for mv in b.get("last_moves", []):
        if mv.get("side") != side or mv.get("retreat") or mv.get("evade") or mv.get("advance"):
            continue
        path = mv["path"]
        end = path[-1]
        if mv.get("leader"):
            ld = leaders_here.get(end)
            if ld is not None:
                t.moved[ld.id] = len(path) - 1
                joined = units_here.get(end)
                if joined is not None and joined.id in t.ordered and joined.id not in t.moved:
                    t.no_move.append(joined.id)
            continue
        u = units_here.get(end)
        if u is None:
            continue
        rider = leaders_here.get(end)
        if rider is not None and rider.id not in t.moved:
            t.moved[rider.id] = len(path) - 1
        t.moved[u.id] = t.moved.get(u.id, 0) + len(path) - 1
        if spec(u).mounted:
            t.start_hex.setdefault(u.id, path[0])
        sp = spec(u)
        ter = B.terrain(s, end)
        if (sp.war_machine or (sp.code == "AX" and len(path) >= 3 and key != "double_time")
                or (sp.mounted and ter == "broken")
                or (ter == "forest" and sp.code not in ("LI", "LS", "LB", "AX", "WA"))):
            t.no_battle.append(u.id)
        if sp.code == "WA" and len(path) >= 3 and u.id not in t.battles:
            t.must_attack.append(u.id)
    if t.phase == "move2":
        # Move-Fire-Move: a unit that moved twice has had its second move; so has one that moved
        # once and is not among the units the View still offers to move
        entries: dict[str, int] = {}
        for mv in b.get("last_moves", []):
            if mv.get("side") == side and not (mv.get("retreat") or mv.get("evade")
                                               or mv.get("advance") or mv.get("leader")):
                u = units_here.get(mv["path"][-1])
                if u is not None:
                    entries[u.id] = entries.get(u.id, 0) + 1
        offered = {str(c.arg) for c in view.actions if c.verb == "move"}
        asked = view.prompt_msg.key == "prompt.move"
        t.moved_again = [uid for uid, n in entries.items()
                         if n >= 2 or (asked and s.units[uid].hex not in offered)]
    for u in b["units"]:
        if u["moved"] and u["id"] not in t.moved and u["side"] == side:
            t.moved[u["id"]] = 1
    for u in s.units.values():
        if u.side == side and spec(u).mounted:
            t.start_hex.setdefault(u.id, u.hex)
    t.dice_pool = list(b.get("dice_pool", []))
    prompt = view.prompt_msg
    if prompt.key == "prompt.move_to":
        t.moving = _moving_piece(s, view, t, str(prompt.args.get("hex", "")))
        _moving_via(s, view, t)
    elif prompt.key == "prompt.target":
        u = units_here.get(str(prompt.args.get("hex", "")))
        if u is not None:
            t.attacker = u.id
    return t


def board_state(view: View) -> AncientsState:
    """The public part of a State, from the View: everything but the hidden cards and dice."""
    b = view.board
    sides = b["sides"]
    sc = b["scenario"]
    special, reserve, reserve_leaders = _battle_rules(view.scenario, sc["name"])
    info = BattleInfo(
        id=sc["id"], name=sc["name"], year=sc.get("year", ""),
        north=ArmyInfo(army=sides["north"]["army"], blocks=sides["north"]["blocks"],
                       cards=max(1, min(8, sides["north"]["command"])),
                       banners=max(1, min(20, sides["north"]["banners_to_win"]))),
        south=ArmyInfo(army=sides["south"]["army"], blocks=sides["south"]["blocks"],
                       cards=max(1, min(8, sides["south"]["command"])),
                       banners=max(1, min(20, sides["south"]["banners_to_win"]))),
        first=b["to_move"], rules=special)
    s = AncientsState(
        title="ancients", scenario=view.scenario, seed=0,
        options={o.id: o.default for o in OPTIONS}, roles=list(view.roles), scen=info,
        terrain={t["hex"]: TerrainHex(hex=t["hex"], type=t["type"], fordable=t["fordable"],
                                      front=t["front"]) for t in b["terrain"]},
        turn=Turn(side=b["to_move"]), turn_no=b["turn"])
    for u in b["units"]:
        s.units[u["id"]] = Unit(id=u["id"], side=u["side"], type=u["type"], hex=u["hex"],
                                blocks=u["blocks"], max_blocks=u["max_blocks"],
                                special=u["special"])
    for ld in b["leaders"]:
        s.leaders[ld["id"]] = Leader(id=ld["id"], side=ld["side"], name=ld["name"], hex=ld["hex"])
    if len(reserve) == len(b.get("reserve", [])):
        s.reserve = [u.model_copy() for u in reserve]
        s.reserve_leaders = [ld.model_copy() for ld in reserve_leaders] if reserve else []
    s.banners = {side: sides[side]["banners"] for side in SIDES}
    s.to_win = {side: sides[side]["banners_to_win"] for side in SIDES}
    s.hand_limit = {side: sides[side]["command"] for side in SIDES}
    mover = b["to_move"]
    done = b["turn"] - 1
    s.turns_taken = {mover: done // 2, other(mover): done - done // 2}
    s.last_card, s.last_mirrored = _last_cards(view)
    for side in SIDES:
        rule = special.banner_reinforcement.get(side)  # type: ignore[call-overload]
        if rule and s.banners[side] >= rule.get("banners", 99):
            s.reinforced.append(side)
    s.last_moves = [dict(m) for m in b.get("last_moves", [])]
    s.last_combat = b.get("last_combat")
    me = view.role or mover
    s.hands = {me: [c["key"] for c in view.private.get("hand", [])], other(me): []}
    s.turn = _turn_from(view, s)
    return s


def determinize(view: View, rng: PlayerRandom, base: AncientsState | None = None
                ) -> AncientsState:
    """A State consistent with the View: the public board and turn, the seat's own hand, and the
    hidden cards (the opponent's hand, the deck, the discards) drawn from what is unaccounted
    for; the dice to come follow a fresh seed."""
    s = RULES.copy(base) if base is not None else board_state(view)
    b = view.board
    me = view.role or b["to_move"]
    opp = other(me)
    pool = _deck_cards()
    for key in s.hands[me]:
        pool.remove(key)
    played = b.get("card_played")
    if played and played["key"] in pool:
        pool.remove(played["key"])
    rng.shuffle(pool)
    n_opp = b["sides"][opp]["hand_size"]
    s.hands[opp] = pool[:n_opp]
    rest = pool[n_opp:]
    s.deck = rest[:b["deck_size"]]
    s.discard = rest[b["deck_size"]:]
    if s.last_card[opp] is None and any(c.verb == "card" and c.arg == "counter_attack"
                                        for c in view.actions):
        s.last_card[opp] = "order_3_center"   # it was played before the log lines we see
    s.rng = Rng.from_seed(sample_seed(rng))
    return s


def samples_for(view: View, rng: PlayerRandom, n: int) -> tuple[list[AncientsState], bool]:
    """``n`` sampled States and whether they agree with the View's choices."""
    base = board_state(view)
    role = view.role or ""
    consistent = False
    if view.prompt_msg.key in TURN_PROMPTS:
        probe = determinize(view, player_random(0), base)
        consistent = same_choices(view.actions, RULES.choices(probe, role))
        if not consistent and view.prompt_msg.key == "prompt.order":
            # "order 1 unit of your choice" leaves no trace on the board before the unit
            probe.turn.fallback = base.turn.fallback = not base.turn.fallback
            consistent = same_choices(view.actions, RULES.choices(probe, role))
            if not consistent:
                base.turn.fallback = not base.turn.fallback
    states = [determinize(view, rng, base) for _ in range(max(1, n))]
    return states, consistent


# -- dice and worth -------------------------------------------------------------------------------

@cache
def hex_distance(a: str, b: str) -> int:
    return hexes.distance(hexes.parse_hex(a), hexes.parse_hex(b))


@cache
def _rear_hexes(h: str, side: str) -> tuple[str, ...]:
    return tuple(B.rear(h, side))


def _may_retreat(s: AncientsState, u: Unit, by_hex: dict[str, Unit]) -> bool:
    """Whether a unit has an open hex to fall back into (spec 10.2, roughly: lone leaders and
    the rest of the retreat aside)."""
    return any(n not in by_hex and not B.impassable(s, n, u) for n in _rear_hexes(u.hex, u.side))


_NEAREST: dict[tuple[str, ...], dict[str, int]] = {}


def nearest_enemy(s: AncientsState, side: str, h: str) -> int:
    """Hexes from ``h`` to the nearest unit not of ``side`` (remembered per enemy position)."""
    key = (side, *sorted(u.hex for u in s.units.values() if u.side != side))
    table = _NEAREST.get(key)
    if table is None:
        if len(_NEAREST) > 256:
            _NEAREST.clear()
        table = _NEAREST[key] = {}
    d = table.get(h)
    if d is None:
        d = table[h] = min((hex_distance(h, e) for e in key[1:]), default=0)
    return d

@cache
def _at_least(n: int, p: float) -> tuple[float, ...]:
    """P(at least k successes) of n dice with chance p each, for k = 0..n."""
    exact = [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    return tuple(sum(exact[k:]) for k in range(n + 1))


def banner_worth(s: AncientsState, side: str) -> float:
    """What one banner is worth to ``side``: its share of the banners it needs."""
    return 100.0 / max(1, s.to_win[side])


def block_loss(u: Unit, k: int, enemy_banner: float) -> float:
    """What losing its k-th block from now costs the unit's side."""
    left = u.blocks - k
    if left <= 0:
        return BLOCK + enemy_banner * (1.0 - EXPOSURE.get(1, 0.5))
    return BLOCK + enemy_banner * (EXPOSURE.get(left, 0.05) - EXPOSURE.get(left + 1, 0.04))


def unit_worth(u: Unit, enemy_banner: float) -> float:
    return u.blocks * BLOCK - EXPOSURE.get(u.blocks, 0.05) * enemy_banner


def hit_chance(s: AncientsState, att: Unit, target: Unit) -> float:
    """The chance one die of ``att`` hits ``target``: its symbol, swords, helmets (§11)."""
    a = spec(att)
    p = SIXTH
    if a.swords_hit:
        p += SIXTH if K.x_ignores(s, target, att) == 0 else SIXTH * 0.4
    if att.special == "sacred_band" or (not a.elephant and B.leader_near(s, att)):
        p += SIXTH
    return p


def damage(s: AncientsState, att: Unit, target: Unit, dice: int) -> float:
    """The expected cost to the target's side of a roll of ``dice`` by ``att``: each block at
    risk times the chance of that many hits, and the flags (a retreat, or blocks where it is
    hemmed in)."""
    if dice <= 0:
        return 0.0
    tail = _at_least(min(dice, 8), round(hit_chance(s, att, target), 3))
    enemy_banner = banner_worth(s, att.side)
    out = 0.0
    for k in range(1, min(target.blocks, len(tail) - 1) + 1):
        out += tail[k] * block_loss(target, k, enemy_banner)
    by_hex = {u.hex: u for u in s.units.values()}
    flag_cost = 0.3 if _may_retreat(s, target, by_hex) else BLOCK + enemy_banner * 0.15
    return out + dice * SIXTH * flag_cost * 0.7


def attack_gain(s: AncientsState, att: Unit, target: Unit) -> float:
    """Close combat from where ``att`` stands: the damage dealt less the expected battle back."""
    dice = K.close_dice(s, att, target.hex, target, "attack")
    gain = damage(s, att, target, dice)
    dice = min(dice, 8)
    killed = (_at_least(dice, round(hit_chance(s, att, target), 3))[target.blocks]
              if dice >= target.blocks else 0.0)
    back = K.close_dice(s, target, att.hex, att, "back")
    # a defender that survives and stays may battle back (a flag may drive it off first)
    return gain - 0.7 * (1.0 - killed) * damage(s, target, att, back)


def fire_gain(s: AncientsState, att: Unit, target: Unit, dice: int) -> float:
    return damage(s, att, target, dice)


def _enemy_units(s: AncientsState, side: str) -> list[Unit]:
    return [u for u in s.units.values() if u.side != side]


def best_attacks(s: AncientsState, side: str) -> list[float]:
    """The best gain of each unit of ``side`` that can attack next turn from where it stands."""
    by_hex = {u.hex: u for u in s.units.values()}
    out = []
    for u in s.units.values():
        if u.side != side:
            continue
        best = 0.0
        for n in B.neighbours(u.hex):
            e = by_hex.get(n)
            if e is not None and e.side != side:
                best = max(best, attack_gain(s, u, e))
        sp = spec(u)
        if sp.range > 0 and best == 0.0:
            for e in s.units.values():
                if e.side != side and 2 <= hex_distance(u.hex, e.hex) <= sp.range:
                    best = max(best, fire_gain(s, u, e, 2))
        if best > 0:
            out.append(best)
    out.sort(reverse=True)
    return out


def _leader_risk(s: AncientsState, side: str) -> float:
    """Lone leaders of ``side`` next to enemy units may be struck down for a banner."""
    enemy_banner = banner_worth(s, other(side))
    by_hex = {u.hex: u for u in s.units.values()}
    risk = 0.0
    for ld in s.leaders.values():
        if ld.side != side or ld.hex in by_hex:
            continue
        if any((e := by_hex.get(n)) is not None and e.side != side for n in B.neighbours(ld.hex)):
            risk += 0.35 * enemy_banner
    return risk


def _closing(s: AncientsState, side: str) -> float:
    """How far the side's units stand from the enemy, in hexes beyond striking distance."""
    return float(sum(max(0, nearest_enemy(s, side, u.hex) - 1)
                     for u in s.units.values() if u.side == side))


def planned_attacks(s: AncientsState, side: str) -> float:
    """The attacks still to come this turn: each ordered unit that may battle, at its best
    target."""
    t = s.turn
    total = 0.0
    for uid in t.ordered:
        u = s.units.get(uid)
        if u is None or uid in t.no_battle or t.battles.get(uid, 0) >= (
                2 if t.effective == "darken_the_sky" else 1):
            continue
        total += strike_now(s, u)
    return total


def evaluate(s: AncientsState, me: str) -> float:
    """How good the position is for ``me``: the banner race, the worth of both armies, lone
    leaders at risk, the attacks each side has next (the side to move weighing more; in the
    middle of a turn, the attacks its ordered units still have and then the other side's), and a
    little for standing close to the enemy (a battle is won by fighting)."""
    if s.result is not None:
        if s.result.draw:
            return 0.0
        return WIN if me in s.result.winners else -WIN
    opp = other(me)
    worth = {side: banner_worth(s, side) for side in SIDES}
    score = worth[me] * s.banners[me] - worth[opp] * s.banners[opp]
    for u in s.units.values():
        v = unit_worth(u, worth[other(u.side)])
        score += v if u.side == me else -v
    for ld in s.leaders.values():
        score += LEADER_WORTH if ld.side == me else -LEADER_WORTH
    score -= _leader_risk(s, me) - _leader_risk(s, opp)
    to_move = s.turn.side
    mid_turn = s.turn.phase != "card"
    if mid_turn:
        now = PLANNED_WEIGHT * planned_attacks(s, to_move)
        score += now if to_move == me else -now
    for side in SIDES:
        if mid_turn:
            weight = WAITING_WEIGHT if side == to_move else TO_MOVE_WEIGHT
        else:
            weight = TO_MOVE_WEIGHT if side == to_move else WAITING_WEIGHT
        attacks = best_attacks(s, side)
        value = weight * sum(w * a for w, a in zip(NEXT_ATTACKS, attacks, strict=False))
        score += value if side == me else -value
    score -= 0.3 * _closing(s, me)
    return score


# -- the playout policy ---------------------------------------------------------------------------

def _may_battle_after(s: AncientsState, u: Unit, path_len: int, h: str) -> bool:
    sp = spec(u)
    ter = B.terrain(s, h)
    if sp.war_machine and path_len:
        return False
    if sp.code == "AX" and path_len >= 2 and s.turn.effective != "double_time":
        return False
    if sp.mounted and ter == "broken" and path_len:
        return False
    if ter == "forest" and path_len and sp.code not in ("LI", "LS", "LB", "AX", "WA"):
        return False
    return True


def spot_score(s: AncientsState, u: Unit, h: str, path_len: int = 0, can_fight: bool = True
               ) -> float:
    """How good hex ``h`` is for unit ``u`` (placed there for the count): the best attack it
    then has, less what the enemy next to it may do to it, with support and closeness."""
    saved = u.hex
    ldr = B.attached_leader(s, u)
    u.hex = h
    if ldr is not None:
        ldr.hex = h
    try:
        by_hex = {x.hex: x for x in s.units.values()}
        fight = can_fight and _may_battle_after(s, u, path_len, h)
        best = 0.0
        threat: list[float] = []
        friends = 0
        for n in B.neighbours(h):
            e = by_hex.get(n)
            if e is None:
                continue
            if e.side == u.side:
                friends += 1
                continue
            if fight:
                best = max(best, attack_gain(s, u, e))
            dice = K.close_dice(s, e, h, u, "attack")
            threat.append(damage(s, e, u, dice))
        sp = spec(u)
        if sp.range > 0 and not threat and fight:
            dice = 1 if path_len else 2
            for e in s.units.values():
                if e.side != u.side and 2 <= hex_distance(h, e.hex) <= sp.range:
                    best = max(best, fire_gain(s, u, e, dice) * 0.9)
        threat.sort(reverse=True)
        exposure = sum(w * t for w, t in zip((0.5, 0.3, 0.2), threat, strict=False))
        far = max(0, nearest_enemy(s, u.side, h) - 1)
        return best - exposure + (0.6 if friends >= 2 else 0.0) - 0.3 * far
    finally:
        u.hex = saved
        if ldr is not None:
            ldr.hex = saved


def _destinations(s: AncientsState, u: Unit) -> dict[str, list[str]]:
    if s.turn.phase not in ("move", "move2"):
        budget = RULES._allowance(s, u)
        return B.unit_destinations(s, u, budget, RULES._through_friends(s, u))
    return RULES._destinations(s, u)


def position_memo(s: AncientsState) -> dict[tuple[Any, ...], Any]:
    """Answers worked out for the position of ``s`` (where every unit and leader stands, and
    its blocks): playouts of one decision meet the same positions again and again. About a thousand
    positions are kept."""
    key = (s.scenario, s.turn.side,
           tuple((x.id, x.hex, x.blocks) for x in s.units.values()),
           tuple((ld.id, ld.hex) for ld in s.leaders.values()))
    memo = _POSITIONS.get(key)
    if memo is None:
        if len(_POSITIONS) > 1024:
            _POSITIONS.clear()
        memo = _POSITIONS[key] = {}
    return memo


_POSITIONS: dict[tuple[Any, ...], dict[tuple[Any, ...], Any]] = {}


def _unit_key(t: Turn, u: Unit) -> tuple[Any, ...]:
    """What a unit's worth depends on besides the position: the card and what the turn has
    made of the unit (every answer kept must follow from its key alone, so that a decision
    never depends on the ones worked out before it)."""
    return (u.id, t.phase, t.effective, u.id in t.ordered, u.id in t.plain_order,
            t.start_hex.get(u.id), t.battles.get(u.id, 0))


def move_gain(s: AncientsState, u: Unit) -> tuple[float, str | None]:
    """The best hex the unit may reach and how much better it is than staying (remembered per
    position, card and what the unit has done)."""
    t = s.turn
    moved = t.moved.get(u.id, 0)
    memo = position_memo(s)
    key = ("move", *_unit_key(t, u), moved, u.id in t.ambushed)
    got = memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    stay = spot_score(s, u, u.hex, moved)
    best, where = 0.0, None
    for h, path in _destinations(s, u).items():
        gain = spot_score(s, u, h, len(path) + moved) - stay
        if gain > best:
            best, where = gain, h
    memo[key] = (best, where)
    return best, where


def strike_now(s: AncientsState, u: Unit) -> float:
    """The best attack the unit has from where it stands."""
    targets = RULES._targets(s, u)
    best = 0.0
    for kind, h in targets:
        e = B.unit_at(s, h)
        if e is None:
            best = max(best, 0.3 * banner_worth(s, u.side))   # a lone leader
        elif kind == "close":
            best = max(best, attack_gain(s, u, e))
        else:
            best = max(best, fire_gain(s, u, e, K.ranged_dice(s, u, h)))
    return best


def order_worth(s: AncientsState, u: Unit) -> float:
    """Why order this unit: an attack from where it stands or a better hex within reach.
    Remembered per position and card while ordering (nothing moves then)."""
    t = s.turn
    if t.phase not in ("order", "card", "spartacus", "rally"):
        return max(strike_now(s, u), move_gain(s, u)[0])
    memo = position_memo(s)
    key = ("order", *_unit_key(t, u), t.fallback, t.mirrored)
    got = memo.get(key)
    if got is None:
        got = memo[key] = max(strike_now(s, u), move_gain(s, u)[0])
    return got  # type: ignore[no-any-return]


def _unit_or_leader_worth(s: AncientsState, h: str, side: str) -> float:
    u = B.unit_at(s, h)
    if u is not None and u.side == side:
        return order_worth(s, u)
    ld = B.leader_at(s, h)
    if ld is None:
        return 0.0
    dests = B.leader_destinations(s, ld)
    # a lone leader joins a unit that fights; an attached one is best left where it is
    return 0.5 if any(B.unit_at(s, d) is not None for d in dests) and B.lone(s, ld) else 0.05


def _pick_order(s: AncientsState, choices: list[Choice]) -> Choice:
    side = s.turn.side
    best, pick = 0.4, None
    for c in choices:
        if c.verb in ("order", "leader", "detach"):
            v = _unit_or_leader_worth(s, str(c.arg), side)
            if c.verb == "leader":
                v += 3.0   # a leadership card's chain starts at a leader
            if v > best:
                best, pick = v, c
        elif c.verb == "ambush":
            return c
    if pick is not None:
        return pick
    return _verb(choices, "done") or _verb(choices, "one_unit") or choices[0]


def _verb(choices: Iterable[Choice], verb: str) -> Choice | None:
    return next((c for c in choices if c.verb == verb), None)


def _pick_mover(s: AncientsState, choices: list[Choice]) -> Choice:
    best, pick = 0.2, None
    for c in choices:
        if c.verb == "move":
            u = B.unit_at(s, str(c.arg))
            if u is None:
                continue
            gain, _ = move_gain(s, u)
            if gain > best:
                best, pick = gain, c
        elif c.verb == "move_leader":
            ld = B.leader_at(s, str(c.arg))
            if ld is not None and B.lone(s, ld) and _leader_refuge(s, ld) is not None:
                v = 1.0 + (1.0 if _leader_in_danger(s, ld) else 0.0)
                if v > best:
                    best, pick = v, c
    return pick or _verb(choices, "done") or choices[0]


def _leader_in_danger(s: AncientsState, ld: Leader) -> bool:
    return any((e := B.unit_at(s, n)) is not None and e.side != ld.side
               for n in B.neighbours(ld.hex))


def _leader_refuge(s: AncientsState, ld: Leader) -> str | None:
    """The friendly unit a lone leader can join, the strongest first."""
    best, where = -1.0, None
    for h in B.leader_destinations(s, ld):
        u = B.unit_at(s, h)
        if u is not None and u.side == ld.side:
            v = u.blocks + spec(u).cc
            if v > best:
                best, where = v, h
    return where


def _pick_destination(s: AncientsState, choices: list[Choice]) -> Choice:
    mv = s.turn.moving or {}
    if mv.get("leader"):
        ld = s.leaders.get(mv.get("id", ""))
        refuge = _leader_refuge(s, ld) if ld is not None else None
        for c in choices:
            if c.verb == "to" and c.arg == refuge:
                return c
        return next((c for c in choices if c.verb == "to"), choices[0])
    u = s.units.get(mv.get("id", ""))
    exit_ = _verb(choices, "exit")
    if exit_ is not None:
        return exit_
    if u is None:
        return next((c for c in choices if c.verb in ("to", "toward")), choices[0])
    moved = s.turn.moved.get(u.id, 0)
    dests = _destinations(s, u)
    best, pick = -1e9, None
    for c in choices:
        if c.verb not in ("to", "toward"):
            continue
        h = str(c.arg)
        length = len(dests.get(h, [h])) + moved
        v = spot_score(s, u, h, length)
        if v > best:
            best, pick = v, c
    return pick or choices[0]


def _pick_battle(s: AncientsState, choices: list[Choice]) -> Choice:
    t = s.turn
    best, pick = 0.0, None
    for c in choices:
        if c.verb != "battle":
            continue
        u = B.unit_at(s, str(c.arg))
        if u is None:
            continue
        v = strike_now(s, u) + (100.0 if u.id in t.must_attack else 0.0)
        if v > best:
            best, pick = v, c
    return pick or _verb(choices, "done") or choices[0]


def _pick_target(s: AncientsState, choices: list[Choice]) -> Choice:
    u = s.units.get(s.turn.attacker or "")
    best, pick = -1e9, None
    for c in choices:
        if c.verb not in ("close", "fire"):
            continue
        e = B.unit_at(s, str(c.arg))
        if u is None:
            v = 0.0
        elif e is None:
            v = 0.3 * banner_worth(s, u.side)
        elif c.verb == "close":
            v = attack_gain(s, u, e)
        else:
            v = fire_gain(s, u, e, K.ranged_dice(s, u, e.hex))
        if v > best:
            best, pick = v, c
    return pick or choices[0]


def _pick_dice_order(s: AncientsState, choices: list[Choice]) -> Choice:
    """I Am Spartacus and Rally: order (or rally) the unit that gains most, then stop."""
    best, pick = 0.0, None
    for c in choices:
        if c.verb in ("order", "rally", "detach"):
            u = B.unit_at(s, str(c.arg))
            if u is None:
                v = 0.1
            elif c.verb == "rally":
                v = block_loss(u, 0, banner_worth(s, other(u.side))) + 0.5
            else:
                v = order_worth(s, u)
            if v > best:
                best, pick = v, c
    return pick or _verb(choices, "done") or choices[0]


def card_worth(s: AncientsState, side: str, key: str) -> float:
    """A quick rating of a card: the worth of the best units it would order."""
    spec_ = cards()[key]
    units = [u for u in s.units.values() if u.side == side]
    if spec_.kind == "section":
        secs = set(spec_.sections)
        worths = sorted((order_worth(s, u) for u in units
                         if B.sections(s, u.hex, side) & secs), reverse=True)
        return sum(worths[: spec_.orders])
    if key == "first_strike":
        return -5.0   # kept for a defence
    if key in ("clash_of_shields",):
        return sum(strike_now(s, u) + 1.0 for u in units if B.adjacent_enemy_units(s, u))
    worths = sorted((order_worth(s, u) for u in units if C.unit_matches(s, u, key)),
                    reverse=True)
    n = len(s.hands[side]) if spec_.kind == "troop" else max(1, spec_.chain or 3)
    return sum(worths[:n]) + (0.5 if key in ("mounted_charge", "i_am_spartacus") else 0.0)


def _pick_card(s: AncientsState, side: str, choices: list[Choice]) -> Choice:
    scores = [card_worth(s, side, str(c.arg)) for c in choices]
    return choices[best_index(scores)]


# -- questions in the middle of a battle ----------------------------------------------------------

def _flow_pick(s: AncientsState, role: str, f: dict[str, Any], choices: list[Choice]) -> Choice:
    kind = f["k"]
    if kind == "flags":
        return max(choices, key=lambda c: int(c.arg or 0))
    if kind == "defend":
        return _pick_defence(s, f, choices)
    if kind == "back":
        return _verb(choices, "battle_back") or choices[0]
    if kind in ("retreat", "evade"):
        return _pick_refuge(s, f.get("unit", ""), choices)
    if kind == "rampage":
        for c in choices:
            e = B.unit_at(s, str(c.arg))
            if e is not None and e.side != role:
                return c
        return choices[0]
    if kind == "levade":
        return _pick_leader_escape(s, f, choices)
    if kind == "advance":
        u = s.units.get(f["att"])
        if u is None:
            return choices[0]
        stay = spot_score(s, u, u.hex, 0)
        go = spot_score(s, u, f["to"], 0) + (1.0 if K.bonus_eligible(s, u) else 0.0)
        return _verb(choices, "advance" if go >= stay else "stay") or choices[0]
    if kind == "extra":
        u = s.units.get(f["att"])
        if u is None:
            return choices[0]
        best, pick = spot_score(s, u, u.hex, 0), _verb(choices, "stay")
        for c in choices:
            if c.verb == "extra":
                v = spot_score(s, u, str(c.arg), 0)
                if v > best:
                    best, pick = v, c
        return pick or choices[0]
    if kind == "bonus":
        u = s.units.get(f["att"])
        best, pick = 0.0, _verb(choices, "stay")
        for c in choices:
            if c.verb == "bonus" and u is not None:
                e = B.unit_at(s, str(c.arg))
                v = attack_gain(s, u, e) if e is not None else 0.3 * banner_worth(s, u.side)
                if v > best:
                    best, pick = v, c
        return pick or choices[0]
    return choices[0]


def _pick_defence(s: AncientsState, f: dict[str, Any], choices: list[Choice]) -> Choice:
    dfn, att = s.units.get(f["cc_def"]), s.units.get(f["cc_att"])
    first = _verb(choices, "first_strike")
    if first is not None:
        return first
    evade = _verb(choices, "evade")
    if evade is None or dfn is None or att is None:
        return _verb(choices, "stand") or choices[0]
    dice = K.close_dice(s, att, dfn.hex, dfn, "attack")
    stand_cost = damage(s, att, dfn, dice) - 0.7 * damage(
        s, dfn, att, K.close_dice(s, dfn, att.hex, att, "back"))
    evade_cost = damage(s, att, dfn, dice) * 0.4
    return evade if evade_cost < stand_cost else (_verb(choices, "stand") or choices[0])


def _pick_refuge(s: AncientsState, uid: str, choices: list[Choice]) -> Choice:
    u = s.units.get(uid)
    if u is None:
        return choices[0]
    scores = [spot_score(s, u, str(c.arg), 0, can_fight=False) for c in choices]
    return choices[best_index(scores)]


def _pick_leader_escape(s: AncientsState, f: dict[str, Any], choices: list[Choice]) -> Choice:
    ld = s.leaders.get(f["leader"])
    best, pick = -1e9, choices[0]
    for c in choices:
        if c.verb == "leader_to" and ld is not None:
            u = B.unit_at(s, str(c.arg))
            v = 3.0 if u is not None and u.side == ld.side else (
                -5.0 if u is not None else 0.0)
        elif c.verb == "leader_stay":
            v = 1.0 if ld is not None and not _leader_in_danger(s, ld) else -1.0
        elif c.verb == "leader_off":
            v = -2.0
        else:
            v = -10.0
        if v > best:
            best, pick = v, c
    return pick


# -- the policy and the search --------------------------------------------------------------------

def policy(s: AncientsState, role: str, choices: list[Choice]) -> Choice:
    """The fast playout policy: a sensible choice for any decision, from the State alone."""
    if len(choices) == 1:
        return choices[0]
    w = waiting(s)
    if w is not None:
        return _flow_pick(s, role, w, choices)
    t = s.turn
    if t.phase == "card":
        return _pick_card(s, role, choices)
    if t.phase == "order":
        return _pick_order(s, choices)
    if t.phase in ("spartacus", "rally"):
        return _pick_dice_order(s, choices)
    if t.phase in ("move", "move2"):
        return _pick_destination(s, choices) if t.moving else _pick_mover(s, choices)
    if t.attacker:
        return _pick_target(s, choices)
    return _pick_battle(s, choices)


def play_out(s: AncientsState, me: str, steps: int = PLAYOUT_STEPS) -> float:
    """Play ``me``'s turn on with the policy (the opponent answering its questions with it too)
    up to its battles, or to its end when they are behind, and rate where it stops: the battles
    ahead count at their expected worth, so the dice do not blur the comparison. ``s`` is the
    playout's own copy."""
    before_battles = s.turn.phase in ("card", "order", "spartacus", "rally", "move")
    for _ in range(steps):
        if s.result is not None or (s.turn.side != me and waiting(s) is None):
            break
        if before_battles and s.turn.phase == "battle" and waiting(s) is None:
            break
        active = RULES.active_roles(s)
        if not active:
            break
        role = active[0]
        choices = RULES.choices(s, role)
        if not choices:
            break
        step_in_place(RULES, s, role, policy(s, role, choices))
    return evaluate(s, me)


def _shortlist(s: AncientsState, role: str, choices: list[Choice], width: int) -> list[Choice]:
    """At most ``width`` choices to search: the policy's pick, then the others in an order that
    puts the likely ones first (the full list when it is short)."""
    if len(choices) <= width:
        return choices
    first = policy(s, role, choices)
    t = s.turn
    scored: list[tuple[float, int, Choice]] = []
    for i, c in enumerate(choices):
        v = 0.0
        if c.verb in ("order", "move") and isinstance(c.arg, str):
            u = B.unit_at(s, c.arg)
            if u is not None and u.side == role:
                v = order_worth(s, u) if c.verb == "order" else move_gain(s, u)[0]
        elif c.verb in ("to", "toward") and t.moving and not t.moving.get("leader"):
            u = s.units.get(t.moving["id"])
            if u is not None:
                v = spot_score(s, u, str(c.arg), 1)
        elif c.verb == "battle":
            u = B.unit_at(s, str(c.arg))
            v = strike_now(s, u) if u is not None else 0.0
        elif c.verb == "done":
            v = 1e6   # always compare with stopping
        scored.append((-v, i, c))
    scored.sort(key=lambda x: (x[0], x[1]))
    out = [first] + [c for _, _, c in scored if c is not first]
    return out[:width]


def choose(view: View, rng: PlayerRandom, level: str) -> Choice:
    """The computer player's choice (see the module's docstring)."""
    choices = forward(distinct(view.actions))
    if len(choices) == 1:
        return choices[0]
    role = view.role or ""
    n = SAMPLES.get(level, 0)
    states, consistent = samples_for(view, rng, max(1, n))
    if n == 0 or not consistent or states[0].turn.phase == "battle":
        # the battles themselves: the policy weighs each attack by its expected worth
        return _listed(view, policy(states[0], role, choices) if consistent else
                       _view_policy(states[0], view, role, choices))
    shortlist = _shortlist(states[0], role, choices, WIDTH[level])
    totals = [0.0] * len(shortlist)
    for s in states:
        for i, c in enumerate(shortlist):
            trial = RULES.copy(s)
            step_in_place(RULES, trial, role, c)
            totals[i] += play_out(trial, role)
    return shortlist[best_index(totals)]


def _view_policy(s: AncientsState, view: View, role: str, choices: list[Choice]) -> Choice:
    """A question the sampled State cannot pose itself (the middle of a battle): the policy's
    answer, with the question's frame rebuilt from the prompt where it needs one."""
    frame = _frame_from_prompt(s, view, role)
    if frame is not None:
        return _flow_pick(s, role, frame, choices)
    return policy(s, role, choices) if s.turn.side == role else choices[0]


def _frame_from_prompt(s: AncientsState, view: View, role: str) -> dict[str, Any] | None:
    """The decision frame behind a battle question, rebuilt from the prompt's arguments."""
    p = view.prompt_msg
    args = p.args
    at = str(args.get("hex", ""))
    here = B.unit_at(s, at)
    kind = p.key.removeprefix("prompt.")
    if kind == "ignore":
        return {"k": "flags", "unit": here.id if here else ""}
    if kind == "defend":
        att = B.unit_at(s, str(args.get("from_", "")))
        if here is None or att is None:
            return None
        return {"k": "defend", "cc_def": here.id, "cc_att": att.id}
    if kind == "battle_back":
        return {"k": "back"}
    if kind in ("retreat", "evade"):
        return {"k": kind, "unit": here.id if here else ""}
    if kind == "rampage":
        return {"k": "rampage"}
    if kind == "leader_evade":
        ld = B.leader_at(s, at)
        return {"k": "levade", "leader": ld.id if ld else ""}
    if kind == "advance":
        attacker = _attacker_next_to(s, at, role)
        return {"k": "advance", "att": attacker.id if attacker else "", "to": at}
    if kind in ("extra", "bonus"):
        return {"k": kind, "att": here.id if here else ""}
    return None


def _attacker_next_to(s: AncientsState, h: str, side: str) -> Unit | None:
    """The unit of ``side`` that has just won the hex ``h`` (the last combat's attacker)."""
    lc = s.last_combat or {}
    u = B.unit_at(s, str(lc.get("attacker", "")))
    if u is not None and u.side == side:
        return u
    return next((x for x in s.units.values() if x.side == side and B.adjacent(x.hex, h)), None)


def _listed(view: View, picked: Choice) -> Choice:
    """The View's own choice for what the sampled State picked."""
    k = key_of(picked)
    return next((c for c in view.actions if key_of(c) == k), view.actions[0])


def greedy(view: View, rng: PlayerRandom) -> Choice:
    """The baseline: every choice applied to one sampled State and its immediate outcome rated by
    ``evaluate``; the best wins (the first listed on a tie; stepping back out of a question is
    never taken). A battle question, which a sampled State cannot pose, is answered by the
    policy."""
    choices = forward(distinct(view.actions))
    role = view.role or ""
    states, consistent = samples_for(view, rng, 1)
    s = states[0]
    if not consistent:
        return _listed(view, _view_policy(s, view, role, choices))
    scores = []
    for c in choices:
        trial = RULES.copy(s)
        step_in_place(RULES, trial, role, c)
        scores.append(evaluate(trial, role))
    return choices[best_index(scores)]
