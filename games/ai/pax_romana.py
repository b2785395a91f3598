"""The Pax Romana computer player.

**Sampled States.** ``board_state`` rebuilds a State from one Power's View: units (weakened ones
too), leaders on the map, cities and settlements, the Powers' tracks (Treasury, Stability, VP,
AMs), the AM pool, the Soldiers of Fortune, barbarian armies, slaves and pirates are public; the
seat's own drawn leaders and objectives are its own. What the View hides is sampled
(``determinize``): the strength of each unrevealed Tribe (2-8 warriors), and the dice to come (a
fresh seed); the other Powers' drawn leaders, objectives and secret plans are left empty, which no
decision of the current Activation reads. Nothing of the real State is ever read.

**Evaluation** (``evaluate``, from one Power, less the best rival's): VP, then the VP that the GOP
and CVP ranks give at each Victory Phase still to come (§15.2.3, §15.3.3) and, a little, the GOP
and CVP themselves, Stability (§14, less the loss that more LG/HI than CVP brings), Treasury (less
an Activation for each AM still to come that it cannot pay for, §3.4.4), the Battle Points of the
Power's armies (§10.3.1), its capitals held, the prizes within reach of its armies, and the way
made to the provinces it has a foothold in (the share of the majority its spaces already make,
§5.2.1, §5.2.3); the best rival's ranks count a quarter only with three Powers or more (a tie among
the others that a move breaks is not the mover's loss); in Scenario II, where the enemy capital
held at a Victory Phase wins, the BP by which an enemy army within reach (four steps by land, six
by sea) outnumbers what guards each capital (its army, its walls, part of the armies next to it)
counts against its owner (the army with what its Power's next Call-Up may raise, §12.1), and a
capital the enemy holds counts as nearly the game; in Scenario I, won by Greece holding the space
of Rome or Italia at the end of its one turn, the march on Rome replaces all of this
(``pax_romana_march``); a finished game is a win or a loss.

**Search.** At the start of an Activation (``prompt.am``; in the Advanced Game the choice of the
Action once the AM is paid and the card drawn, ``prompt.am_action``), at the Expansion menu
(``prompt.expansion``), at the choice of the army or unit to move (``prompt.choose_army``, whose
question names the Moves left) and at each step of an army's move (``prompt.move_army``, and a
Minor Move's ``prompt.move_unit``: the board shows the move under way, where it set out, the way it
came, what moves with it and what it dropped, and the units that have moved this Activation,
§9.1.4) the decision's frames
are rebuilt on three sampled States; when a sampled State then offers exactly the View's choices,
every choice is played on with the policy below for every Power (questions to others included, dice
from the sample): from the AM into the Activation, from the menu or a move until the Expansion menu
comes back; the end is rated and the best average wins, the policy's own pick keeping near ties.
Passing, ending the menu early and opening the card menu (to leave it again) are tried only when
the policy picks them, and so are a Call-Up in which it would raise nothing and an army's step back
into a space it has passed in this move; in Scenarios II and IV only the steps that leave the
capital no more outnumbered by the enemy armies within reach are weighed, since a rollout ends
before the enemy answers. Where the rebuilt State disagrees with the View the policy answers. Level
``easy`` takes the policy's own pick; ``greedy`` rates each choice's immediate outcome.

**Policy** (``policy``, from a View alone, used for every other question and inside the rollouts):
the Major Move takes the army with the best reachable prize (a city or a capital it outnumbers,
then spaces of provinces not yet held) toward it, never back into a space it has passed in this
move, attacking only with a clear BP edge (a Minor Move's unit with its own), by sea when its prize
lies over the water (§11.3) and along the coasts, never into a Deep Sea point, where a Storm sinks
a transport without galleys whole (§11.2.1), nor landing in the port it embarked in; leaving one
unit a space behind (§9.2.1), and one in a port on its voyage where the units aboard win the
province (§11.3.2): a garrison where a province is being won, a light unit where it is won (§5.2),
a garrison on a settlement's site or a legion in its own settlement when the Treasury will pay for
the building (§7.1.2); it turns a light unit (or, in a big army, a legion) into garrisons when
provinces or sites lie open ahead (§12.1.4), and an army guarding its capital in Scenario II stays;
Minor Moves build cities and settlements when the Treasury allows, spread single units and
garrisons into empty spaces up to three steps away (a Minor Move rolls 1d6 MP, §9.1.1), or by sea
to a port that wins a province (a port where the transport must Stop counting longer, §11.1.2), and
make garrisons of light infantry (and of heavy units beyond the CVP, §14.2.1); the secret plans
keep the Treasury above the AMs' cost, disband galleys before troops, rebuild and form heavy
infantry where the biggest army stands, never more than the Treasury pays, and place leaders with
the biggest armies; interceptions and withdrawals compare BP; a battle's shifts lower the enemy's
roll when the Power's army is the bigger, else raise its own (each weighs 10% of that army's BP,
§10.3.1); siege bids are small; losses take the fewest BP; proposals are accepted when they give
and refused when they take. A menu it does not know gets a weighted pick.
"""

from __future__ import annotations

import copy
import heapq
import logging
from collections import Counter, deque
from functools import cache
from typing import Any

from games.ai import pax_romana_march as march
from games.ai.common import (
    best_index,
    distinct,
    forward,
    key_of,
    same_choices,
    sample_seed,
    step_in_place,
)
from games.core import Choice, Msg, Rng, View, msg
from games.core.fuzz import weighted_index
from games.core.rng import PlayerRandom
from games.pax_romana import economy, naval, stability
from games.pax_romana.activation import am_cost, ams_left, battle_points
from games.pax_romana.cards import deck
from games.pax_romana.control import controllers, data, province_map, territory_map
from games.pax_romana.flow import FLOW, Frame, opt, question, waiting
from games.pax_romana.rules import OPTIONS, RULES, public_board
from games.pax_romana.setup import fixed_options, scenario_doc
from games.pax_romana.state import HEAVY, City, LeaderState, PowerState, PRState
from games.pax_romana.victory import cvp_of, gop_of, scale_points

log = logging.getLogger(__name__)

WIN = 10_000.0
VP = 3.0                   # a Victory Point already won
RANK = 0.6                 # the VP a Victory Phase gives for the GOP and CVP ranks, each to come
GOP = 0.6                  # a GOP now, for each Victory Phase still to come
PROGRESS = 0.5             # a province's GOP, for each Victory Phase to come, by the share
                           # of its majority already held
CVP = 0.5                  # a CVP now, for each Victory Phase still to come
STABILITY = 0.8
TREASURY = 0.25
UNPAID_AM = 4.0            # an AM the Treasury cannot pay for: an Activation lost (§3.4.4)
BP = 0.12
CAPITAL = 4.0              # an own capital held
RIVAL_RANK = 0.25          # how much a rival's ranks count with three Powers or more: a tie
                           # among the others that a move of mine breaks is little loss of mine
RIVAL_SHARE = 0.7          # how much the best rival's standing counts against
CAPITAL_RISK = 2.2         # a BP by which an enemy army in reach outnumbers a capital's guard
CAPITAL_LOST = 40.0        # Scenarios II and IV: an own capital the enemy holds (the game at the
                           # next Victory Phase unless it is taken back)
DANGER_LAND = 4            # land steps within which an enemy army threatens a capital
DANGER_SEA = 6             # sea steps within which an enemy army in a port threatens it
DANGER_DEEP = 1            # ... a Deep Sea point counting as this many (others brave them)
NEAR_GUARD = 0.7           # how much an army next to the capital guards it
POSITION = 0.6             # an army's best prize within reach
REACH = 6                  # steps within which an army looks for its prize
PROVINCE = 2.5             # a province won by holding one more space
RIVAL_PROVINCE = 3.5       # ... a province of a rival's Home Territory
OPEN_GAIN = 2.5            # a province worth garrisons: one more space wins it
CONVERT_BP = 12            # an army this strong may turn a legion into garrisons (§12.1.4)
CITY_PRIZE = 3.0           # an enemy city to take (a settlement half)
CAPITAL_CITY = 6.0         # ... when it is a Power's capital
CAPITAL_SPACE = 4.0        # a Power's capital space not held
VOYAGE = 8                 # sea steps after which a transport lands where it can
STOP_STEPS = 2             # a port where a lone unit's transport Stops, to sail on from
DEEP_STEPS = 50            # a Deep Sea Transit Point counts as this many sea steps: a Storm
                           # sinks a transport without galleys whole, Off Course and a failed
                           # Continuation too (§11.2.1), about one crossing in two
BUILD_DROPS = True         # armies leave the units for settlements and cities on their way
SEA_STRENGTH = 6           # an army this strong may go by sea to its prize
SPREAD_SEA = 6             # sea steps a single unit may sail to win a province
SPREAD_LAND = 3            # land steps a single unit may go to hold a space (a Minor Move's
SPREAD_STEP = 0.8          # MP is 1d6, §9.1.1) and its worth for each step beyond the first
SEA_HOP = 0.8              # ... its worth against a space next to it (the voyage's risks)
ATTACK_EDGE = 1.3          # attack only with this many times the defence's BP (and 1 more)

MOVE_PROMPTS = {"prompt.move_army", "prompt.move_unit"}     # an army's move, a Minor Move's
SEARCH_PROMPTS = ({"prompt.am", "prompt.am_action", "prompt.expansion", "prompt.choose_army"}
                  | MOVE_PROMPTS)
GREEDY_PROMPTS = SEARCH_PROMPTS
MENU_STEPS = 30            # a rollout from the Expansion menu: the Move or building chosen
MENU_TO_MENU = True        # whether a rollout from the menu stops when the menu comes back
CHORES = frozenset({"drop", "to_garrisons", "pick_up", "pick_up_with"})
SEARCH_CHORES = True       # whether the search weighs an army's chores on its way
AM_STEPS = 40              # a rollout from the AM: into the Activation
SAMPLES = {"easy": 0, "normal": 3}
TRUST = 0.3                # the policy's own pick keeps ties and near ties
HALT = "ai_halt"


# -- the end of a rollout: a question nobody else asks -----------------------------------------------

def _halt_choices(s: PRState, f: Frame) -> list[Choice]:
    return [opt("halt", None, "choice.back")]


def _halt_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.none")


if HALT not in FLOW.decisions:
    @question(HALT, _halt_choices, _halt_prompt)
    def _halt(s: PRState, f: Frame, verb: str, arg: Any) -> None:
        """Never answered: a rollout stops when it reaches this frame."""


# -- sampled States -------------------------------------------------------------------------------

def _units_of(space: dict[str, Any]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for u in space["units"]:
        st = out.setdefault(u["owner"], {})
        full = u["count"] - u["weakened"]
        if full:
            st[u["type"]] = st.get(u["type"], 0) + full
        if u["weakened"]:
            st["w" + u["type"]] = st.get("w" + u["type"], 0) + u["weakened"]
    return out


def board_state(view: View) -> PRState:
    """The public part of a State and the seat's own hidden items, from the View."""
    b = view.board
    me = view.role or ""
    doc = scenario_doc(view.scenario)
    s = PRState(title="pax_romana", scenario=view.scenario, seed=0,
                options={o.id: o.default for o in OPTIONS}, roles=list(view.roles),
                rng=Rng.from_seed(0), turn=b["turn"], last_turn=b["last_turn"], phase=b["phase"])
    s.options.update(fixed_options(doc))      # Scenario I: no Talents
    s.options["advanced"] = b.get("cards") is not None      # the Advanced Game's cards (§17)
    s.start_turn, s.start_phase = doc.start.turn, doc.start.phase
    s.independents = list(doc.independents)
    for r, p in b["powers"].items():
        ps = PowerState(treasury=p["treasury"], stability=p["stability"], vp=p["vp"],
                        vp_turn=p["vp_turn"], gop=p["gop"], cvp=p["cvp"], ams=p["ams_left"],
                        objectives_shown=list(p["objectives_shown"]), riots=p["riots"],
                        conqueror=p["conqueror"], galley_improvement=p["galley_improvement"],
                        no_activations=p["no_activations"])
        if p.get("free_units"):
            s.free_units[r] = dict(p["free_units"])
        if r == me:
            ps.drawn = [x["id"] for x in view.private.get("leaders", [])]
            ps.objectives = list(view.private.get("objectives", []))
        s.powers[r] = ps
    for sp, x in b["spaces"].items():
        units = _units_of(x)
        if units:
            s.units[sp] = units
        for ld in x["leaders"]:
            s.leaders[ld["id"]] = LeaderState(owner=ld["owner"], at=sp)
        if x["city"]:
            c = x["city"]
            s.cities[sp] = City(owner=c["owner"], kind=c["kind"], fp=c["fp"])
        if x["tribe"]:
            s.tribes[sp] = 5
        if x["pirates"]:
            s.pirates.append({"at": sp, "cilician": False})
    am = b["am_track"]
    s.am_pool = dict(am["by_owner"])
    s.first_round = list(am["first_round"])
    s.am_track = list(am["played"])
    s.streak = s.am_track[-3:]
    s.active_power = b["active"]
    s.last_am = s.am_track[-1] if s.am_track else None
    s.next_am_events = list(b["next_am_events"])
    s.sof = dict(b["sof"]) if b["sof"] else None
    s.slave_revolt = dict(b["slave_revolt"]) if b["slave_revolt"] else None
    s.barbarian_armies = [dict(a) for a in b["barbarian_armies"]]
    s.mutinied = list(b["mutinied"])
    s.rhodes_user = b["rhodes_user"]
    s.moved = {k: dict(v) for k, v in (b.get("moved") or {}).items()}     # §9.1.4
    cards = b.get("cards")
    if cards is not None:     # the Advanced Game (§17): the public cards and the seat's own hand
        s.card_effects = copy.deepcopy(dict(cards["effects"]))   # the Successor army too
        s.discard = list(cards["discard"])
        s.removed_cards = list(cards["removed"])
        s.hands = {p: [] for p in s.roles}
        s.hands[me] = [int(c["kind"]) for c in (view.private.get("cards") or {}).get("hand", [])]
    stability.settle(s, quiet=True)   # the provinces and capitals held, as last settled (§14.2.1)
    return s


def _deal_hidden_hands(s: PRState, view: View, rng: PlayerRandom) -> None:
    """The other Powers' hands (as many cards as the View says each holds) and the deck, drawn
    from the cards the seat cannot account for (not its own, not discarded, not removed)."""
    cards = view.board.get("cards")
    if cards is None:
        return
    unseen = Counter({k: n for k, (n, _, _) in deck.kinds().items()})
    unseen.subtract(s.discard + s.removed_cards + s.hands.get(view.role or "", []))
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    for p, n in sorted(cards["hands"].items()):
        if p != view.role and p in s.hands:
            s.hands[p] = [pool.pop() for _ in range(min(int(n), len(pool)))]
    s.deck = pool


def determinize(view: View, rng: PlayerRandom, base: PRState | None = None) -> PRState:
    """A State consistent with the View: each unrevealed Tribe's strength drawn (2-8), the dice
    to come following a fresh seed."""
    s = RULES.copy(base) if base is not None else board_state(view)
    for sp in sorted(s.tribes):
        s.tribes[sp] = 2 + rng.randrange(7)
    _deal_hidden_hands(s, view, rng)
    s.rng = Rng.from_seed(sample_seed(rng))
    return s


def with_frames(s: PRState, view: View) -> bool:
    """Put the decision's frames on a sampled State, under a halt that ends the rollout with
    the Activation: the AM's question, or the Expansion menu. False for other questions."""
    me = view.role or ""
    key = view.prompt_msg.key
    args = view.prompt_msg.args
    halt = {"k": HALT, "role": me}
    if key == "prompt.am":
        free = any(c.verb == "action" and c.msg is not None and c.msg.args.get("n") == 0
                   for c in view.actions)
        s.flow = [halt, {"k": "am", "role": me, "free": free}]
    elif key == "prompt.am_action":
        # Advanced Game: the AM paid and the Card Segment over, the Action is chosen (§3.2 F)
        s.flow = [halt, {"k": "end_activation", "power": me},
                  {"k": "am", "role": me, "free": False, "paid": True}]
    elif key == "prompt.expansion":
        s.flow = [halt, {"k": "end_activation", "power": me},
                  {"k": "expansion", "role": me, "majors": int(args.get("majors", 0)),
                   "extra": 0, "minors": int(args.get("minors", 0))}]
    elif key == "prompt.choose_army":
        if args.get("extra") or args.get("pergamene") or args.get("stage") not in ("major",
                                                                                  "minor_move"):
            return False
        s.flow = [halt, {"k": "end_activation", "power": me},
                  {"k": "expansion", "role": me, "majors": int(args.get("majors", 0)),
                   "extra": 0, "minors": int(args.get("minors", 0)),
                   "stage": args["stage"]}]
    elif key in MOVE_PROMPTS:
        move = _move_frame(view)
        if move is None:
            return False
        s.flow = [halt, {"k": "end_activation", "power": me},
                  {"k": "expansion", "role": me, "majors": 0, "extra": 0, "minors": 0}, move]
    else:
        return False
    s.active_power = me
    return True


def _minor_unit(view: View) -> str | None:
    """The kind of the one unit a Minor Move moves, as its question names it (§9.1.1)."""
    if view.prompt_msg.key not in ("prompt.move_unit", "prompt.transport",
                                   "prompt.transport_stopped"):
        return None
    return str(view.prompt_msg.args.get("unit", "")).removeprefix("@unit.") or None


def _moving_bp(view: View, at: str) -> int:
    """The BP of what moves: a Minor Move's one unit, else the Power's whole stack at ``at``."""
    unit = _minor_unit(view)
    if unit is not None:
        return battle_points(unit)
    return _mine(view.board, view.role or "", at)


def _move_frame(view: View) -> dict[str, Any] | None:
    """The army's move as the View shows it: where it stands, its MP, the way it came (the
    board's last move), the Power's units and leaders there."""
    b = view.board
    me = view.role or ""
    at = _space_arg(view)
    x = b["spaces"].get(at)
    if not x:
        return None
    moving = b.get("moving")
    if moving and moving.get("owner") == me and moving.get("at") == at:
        # the board shows the move as it stands: what moves, the way it came, what it dropped
        return {"k": "move_army", "role": me, **copy.deepcopy(moving), "stage": "move",
                "mp": int(view.prompt_msg.args.get("n", moving.get("mp", 0)))}
    unit = _minor_unit(view)
    if unit is not None:
        units, leaders = {unit: 1}, []
    else:
        units = {k: n for k, n in _units_of(x).get(me, {}).items() if k != "GS"}
        leaders = [ld["id"] for ld in x["leaders"] if ld["owner"] == me]
    last = b.get("last_move") or {}
    path = list(last.get("path") or [])
    if last.get("kind") != "land" or last.get("power") != me or not path or path[-1] != at:
        path = [at]
    return {"k": "move_army", "role": me, "owner": me, "start": path[0], "units": units,
            "leaders": leaders, "minor": unit is not None or (sum(units.values()) == 1
                                                               and not leaders),
            "stage": "move", "at": at, "mp": int(view.prompt_msg.args.get("n", 0)),
            "path": path}


# -- evaluation -----------------------------------------------------------------------------------

def _army_bp(s: PRState, power: str) -> int:
    return sum(battle_points(k) * n for sp in s.units.values() for k, n in sp.get(power, {}).items())


def victory_phases_left(s: PRState) -> int:
    """The Victory Phases still to come, this turn's among them until it is past (§15.1)."""
    return max(0, s.last_turn - s.turn) + (1 if s.phase <= "H" else 0)


def standing(s: PRState, who: str, ctrl: dict[str, str | None], gop: dict[str, int],
             cvp: dict[str, int], rate: dict[str, int], rank: float = 1.0) -> float:
    """How well ``who`` stands (see the module's docstring): the VP the GOP and CVP ranks give
    at each Victory Phase still to come (§15.2.3, §15.3.3), and the GOP and CVP themselves a
    little, since a rank is won by one more."""
    p = s.powers[who]
    left = victory_phases_left(s)
    weight = 0.5 + left
    capitals = sum(1 for c in data().capitals_of(who) if ctrl.get(c) == who)
    overrun = 2.0 * STABILITY if s.count(who, HEAVY) > cvp[who] else 0.0   # §14.2.1
    cost = am_cost(s, who)
    unpaid = UNPAID_AM * max(0, ams_left(s, who) - p.treasury // cost) if cost else 0.0
    return -overrun - unpaid + (VP * p.vp + weight * (VP * RANK * rank * rate[who] + GOP * gop[who]
                                             + CVP * cvp[who])
                       + STABILITY * p.stability + TREASURY * p.treasury
                       + BP * _army_bp(s, who) + CAPITAL * capitals)


def _capital_keeps(control: dict[str, Any], prov: str) -> bool:
    """Whether the Power whose home ``prov`` is holds its capital there, which keeps the
    province his whoever holds the rest (§5.2.3 a)."""
    d = data()
    home = d.provinces[prov].home_of
    return home is not None and any(d.spaces[sp].capital and d.spaces[sp].home_of == home
                                    and control.get(sp) == home for sp in d.spaces_of(prov))


def progress(who: str, ctrl: dict[str, str | None], provinces: dict[str, str | None]) -> float:
    """How far ``who`` is on the way to the provinces outside its Home Territory that it has a
    foothold in but does not hold (§5.2.1, §5.2.3): for each, the share of the majority it
    still lacks that its spaces already make; none in a rival's province while he holds its
    capital (§5.2.3 a)."""
    d = data()
    total = 0.0
    for prov, held in provinces.items():
        home = d.provinces[prov].home_of
        if held == who or home == who:
            continue
        if _capital_keeps(ctrl, prov):
            continue
        spaces = d.spaces_of(prov)
        mine = sum(1 for sp in spaces if ctrl.get(sp) == who)
        if mine:
            need = len(spaces) // 2 + 1
            total += min(mine, need - 1) / need
    return total


def evaluate(s: PRState, me: str) -> float:
    if s.result is not None:
        if me in s.result.winners:
            return WIN / max(1, len(s.result.winners))
        return -WIN
    if march.is_march(s.scenario, s.roles):     # Scenario I: Rome is all (its victory rule)
        v = march.march_value(s)
        return v if me == march.GREECE else -v
    ctrl = controllers(s)
    provinces = province_map(s, ctrl)
    territories = territory_map(provinces)
    gop = {r: gop_of(s, r, provinces, territories) for r in s.roles}
    cvp = {r: cvp_of(s, r, ctrl) for r in s.roles}
    scales = data().tables.victory_scales
    n = len(s.roles)
    from_gop, from_cvp = scale_points(gop, scales.gop(n)), scale_points(cvp, scales.cvp(n))
    rate = {r: from_gop[r] + from_cvp[r] for r in s.roles}
    left = victory_phases_left(s)
    mine = (standing(s, me, ctrl, gop, cvp, rate) + POSITION * position(s, me)
            + PROGRESS * GOP * left * progress(me, ctrl, provinces))
    rank = 1.0 if n == 2 else RIVAL_RANK      # two Powers: the ranks are one race
    rivals = [standing(s, r, ctrl, gop, cvp, rate, rank) for r in s.roles if r != me]
    if capital_race(s.scenario, n):
        b = public_board(s)
        mine -= CAPITAL_RISK * exposure(b, me) + CAPITAL_LOST * capitals_lost(ctrl, me)
        rivals = [v - CAPITAL_RISK * exposure(b, r) - CAPITAL_LOST * capitals_lost(ctrl, r)
                  for v, r in zip(rivals, [r for r in s.roles if r != me], strict=True)]
    return mine - RIVAL_SHARE * max(rivals, default=0.0)


def capitals_lost(ctrl: dict[str, str | None], who: str) -> int:
    """The Power's capitals another holds: held at the Victory Phase, one loses the game in
    Scenario II (§3.2 H)."""
    return sum(1 for c in data().capitals_of(who) if ctrl.get(c) not in (None, who))


def capital_race(scenario: str, powers: int) -> bool:
    """Scenarios II and IV: holding the enemy capital at a Victory Phase wins the game."""
    return powers == 2 and scenario in ("II", "IV")


def call_up_bp(b: dict[str, Any], who: str) -> int:
    """The BP of heavy units a Power's Call-Up may still raise (§12.1): its Treasury beyond the
    AMs to pay, 2T a unit of 3 BP, within its Manpower."""
    p = b["powers"].get(who)
    if not p:
        return 0
    room = sum(p.get("manpower", {}).values())
    cash = int(p["treasury"]) - int(p.get("ams_left", 0))
    return battle_points("HI") * max(0, min(room, cash // economy.FULL_COST["HI"]))


def danger(b: dict[str, Any], me: str, cap: str) -> int:
    """The biggest enemy army (BP) that may reach ``cap``, with what its Power's next Call-Up
    may add to it: within four steps by land, or in a port a short voyage away along the
    coasts (§11.3)."""
    near = set(distances(cap, DANGER_LAND))
    if cap in data().ports:
        near |= set(sea_distances(cap, DANGER_SEA, DANGER_DEEP))   # in port or already at sea
    mine = {me, "sof"} if (b.get("sof") or {}).get("power") == me else {me}
    best = 0
    for sp in near:
        x = b["spaces"].get(sp)
        for owner, bp in (x["bp"].items() if x else ()):
            if owner not in mine and bp > 0:
                best = max(best, int(bp) + call_up_bp(b, owner))
    return best


def guard_of(b: dict[str, Any], me: str, cap: str) -> int:
    """What holds ``cap``: the Power's BP there and its city's FP, and a part of its armies
    next to it (they may intercept, §9.3)."""
    x = b["spaces"].get(cap)
    city = x["city"] if x else None
    near = sum(_mine(b, me, nb) for nb in _neighbours(cap))
    return (_mine(b, me, cap) + (int(city["fp"]) if city and city["owner"] == me else 0)
            + int(NEAR_GUARD * near))


def exposure(b: dict[str, Any], me: str) -> float:
    """How far the enemy armies within reach outnumber what holds the Power's capitals."""
    return sum(max(0, danger(b, me, cap) - guard_of(b, me, cap))
               for cap in data().capitals_of(me))


def position(s: PRState, me: str) -> float:
    """The prizes within reach of ``me``'s armies (3 BP or more), read as the board shows them."""
    b = public_board(s)
    total = 0.0
    for sp, x in b["spaces"].items():
        strength = int(x["bp"].get(me, 0))
        if strength >= 3 and _is_space(sp):
            total += potential(b, me, sp, strength, REACH)
    return total


# -- the map, read from a View's board ------------------------------------------------------------

@cache
def _neighbours(space: str) -> tuple[str, ...]:
    return tuple(sorted(data().land_neighbours(space)))


def _is_space(point: str) -> bool:
    sp = data().spaces.get(point)
    return sp is not None and not sp.is_transit_point


def _enemies(b: dict[str, Any], me: str, sp: str) -> int:
    """BP of everyone but ``me`` in ``sp`` (the Soldiers of Fortune of my event are mine)."""
    x = b["spaces"].get(sp)
    if not x:
        return 0
    sof = (b.get("sof") or {}).get("power")
    return sum(v for o, v in x["bp"].items() if o != me and not (o == "sof" and sof == me))


def _mine(b: dict[str, Any], me: str, sp: str) -> int:
    x = b["spaces"].get(sp)
    return int(x["bp"].get(me, 0)) if x else 0


def _city_def(b: dict[str, Any], me: str, sp: str) -> int:
    x = b["spaces"].get(sp)
    c = x and x["city"]
    return int(c["fp"]) if c and c["owner"] != me else 0


def _tribe(b: dict[str, Any], sp: str) -> int:
    x = b["spaces"].get(sp)
    return 4 if x and x["tribe"] else 0


def defence(b: dict[str, Any], me: str, sp: str) -> int:
    """What an army of ``me`` must beat to take ``sp``: the units there, the walls, a tribe."""
    return _enemies(b, me, sp) + _city_def(b, me, sp) + _tribe(b, sp)


def prize(b: dict[str, Any], me: str, sp: str, strength: int) -> float:
    """What taking ``sp`` is worth to an army of ``strength`` BP (0 if it is not worth going)."""
    if not _is_space(sp):
        return 0.0
    d = data()
    x = b["spaces"].get(sp)
    ctrl = b["control"].get(sp)
    worth = 0.0
    city = x["city"] if x else None
    if city and city["owner"] != me:
        worth += CITY_PRIZE if city["kind"] == "city" else 0.5 * CITY_PRIZE
        if d.spaces[sp].capital and city["owner"] in b["powers"]:
            worth += CAPITAL_CITY
    capital_of = d.spaces[sp].home_of if d.spaces[sp].capital else None
    if capital_of and capital_of != me and capital_of in b["powers"] and ctrl != me:
        worth += CAPITAL_SPACE
        if len(b["powers"]) == 2:
            worth += 40.0      # Scenario II: the enemy capital wins the game
    if ctrl != me:
        worth += province_gain(b, me, sp)
    if worth <= 0:
        return 0.0
    need = defence(b, me, sp)
    if need > 0 and strength < ATTACK_EDGE * need + 1:
        return 0.0
    return worth


def province_gain(b: dict[str, Any], me: str, sp: str) -> float:
    """What holding ``sp`` adds toward its province (§5.2), the other spaces as they stand: the
    province itself when nobody else holds a space of it or when ``sp`` makes more than half;
    a little otherwise, or when it is held without ``sp``."""
    d = data()
    prov = d.spaces[sp].province
    home = d.provinces[prov].home_of
    if home == me:
        return 0.3
    rest = [x for x in d.spaces_of(prov) if x != sp]
    mine = sum(1 for x in rest if b["control"].get(x) == me)
    others = sum(1 for x in rest if b["control"].get(x) not in (None, me))
    n = len(rest) + 1
    held = mine > n / 2 or (mine > 0 and others == 0)
    if held:
        return 0.3
    if home is None and (others == 0 or mine + 1 > n / 2):
        return PROVINCE
    if home is not None and _majority_need(b, me, prov) == 1:
        return RIVAL_PROVINCE       # a rival's home province (§5.2.3): its GOP is his loss too
    return 0.8


def distances(start: str, most: int = 5, blocked: frozenset[str] = frozenset()) -> dict[str, int]:
    """Steps by land from ``start`` (up to ``most``), not through ``blocked``."""
    out = {start: 0}
    q = deque([start])
    while q:
        cur = q.popleft()
        if out[cur] >= most:
            continue
        for nb in _neighbours(cur):
            if nb not in out and nb not in blocked:
                out[nb] = out[cur] + 1
                q.append(nb)
    return out


def potential(b: dict[str, Any], me: str, at: str, strength: int, most: int = 4,
              blocked: frozenset[str] = frozenset()) -> float:
    """The best prize within ``most`` steps of ``at``, less for each step."""
    best = 0.0
    for sp, dist in distances(at, most, blocked).items():
        v = prize(b, me, sp, strength)
        if v > 0:
            best = max(best, v * (0.75 ** dist))
    return best


def threat(b: dict[str, Any], me: str, sp: str) -> int:
    """The biggest enemy BP next to ``sp``."""
    return max((_enemies(b, me, nb) for nb in _neighbours(sp)), default=0)


@cache
def _sea_neighbours(point: str) -> tuple[str, ...]:
    return tuple(sorted(data().sea_neighbours(point)))


@cache
def _deep(point: str) -> bool:
    """A Deep Sea Transit Point: a storm there may sink a transport and its army (§11.2.1)."""
    return naval.point_kind(point) == "dstp"


def sea_distances(start: str, most: int = 8, deep: int | None = None,
                  stops: frozenset[str] = frozenset()) -> dict[str, int]:
    """Sea steps from ``start``, a Deep Sea Transit Point counting ``deep`` (``DEEP_STEPS``
    unless told: a storm there may sink the transport with its army, §11.2.1), and a port of
    ``stops`` ``STOP_STEPS`` more to sail on from (the fleet Stops there and must pass a
    Continuation roll, §11.1.2-3)."""
    deep = DEEP_STEPS if deep is None else deep
    out = {start: 0}
    q = [(0, start)]
    while q:
        d, cur = heapq.heappop(q)
        if d > out.get(cur, d) or d >= most:
            continue
        if cur in stops and cur != start:
            d += STOP_STEPS
            if d >= most:
                continue
        for nb in _sea_neighbours(cur):
            nd = d + (deep if _deep(nb) else 1)
            if nd <= most and nd < out.get(nb, most + 1):
                out[nb] = nd
                heapq.heappush(q, (nd, nb))
    return out


def landing_worth(b: dict[str, Any], me: str, port: str, strength: int) -> float:
    """What an army of ``strength`` landing in ``port`` may take there and nearby."""
    return prize(b, me, port, strength) + potential(b, me, port, strength, 2)


def sea_goal(b: dict[str, Any], me: str, at: str, strength: int) -> tuple[float, str | None]:
    """The best port to land in, by what the landing is worth and how far it is by sea."""
    best, goal = 0.0, None
    ports = data().ports
    for p, dist in sorted(sea_distances(at).items()):
        if p == at or p not in ports:
            continue
        v = landing_worth(b, me, p, strength) * (0.9 ** dist)
        if v > best:
            best, goal = v, p
    return best, goal


# -- the policy -----------------------------------------------------------------------------------

def _args(view: View) -> dict[str, Any]:
    return dict(view.prompt_msg.args)


def _space_arg(view: View, name: str = "space") -> str:
    return str(_args(view).get(name, "")).removeprefix("@space.")


def _power(view: View) -> dict[str, Any]:
    return dict(view.board["powers"].get(view.role or "", {}))


def _heavy_over(view: View) -> int:
    """LG/HI on the map beyond the CVP (each Maintenance Phase costs Stability then, §14.2.1)."""
    b = view.board
    me = view.role or ""
    heavy = sum(u["count"] for x in b["spaces"].values() for u in x["units"]
                if u["owner"] == me and u["type"] in ("LG", "HI"))
    return heavy - int(_power(view).get("cvp", 0))


def _reserve(view: View) -> int:
    """Talents to keep: the AMs still to pay for and a little more."""
    return int(_power(view).get("ams_left", 0)) + 1


def _first(choices: list[Choice], verb: str, arg: Any = None) -> Choice | None:
    return next((c for c in choices if c.verb == verb and (arg is None or c.arg == arg)), None)


def _weighted(view: View, choices: list[Choice], rng: Rng | None = None) -> Choice:
    """A pick by the title's playout taste, for a menu the policy does not know."""
    rng = rng or Rng.from_seed(view.step * 7919 + len(choices))
    weights = [max(0.0, RULES.fuzz_weight(c, view)) for c in choices]
    if sum(weights) <= 0:
        return choices[0]
    return choices[weighted_index(rng, weights)]


def _am(view: View, choices: list[Choice]) -> Choice:
    p = _power(view)
    if _first(choices, "lose_am"):
        return choices[0]
    expansion = _first(choices, "action", "expansion")
    callup = _first(choices, "action", "callup")
    room = sum(p.get("manpower", {}).values())
    if callup is not None and (p.get("treasury", 0) >= 8 and room > 0 or p.get("free_units")):
        return callup       # a scenario's free units are raised by a Call-Up (Scenario I)
    if expansion is not None:
        return expansion
    return _first(choices, "action", "pass") or choices[-1]


def _am_pay(view: View, choices: list[Choice]) -> Choice:
    """Advanced Game: the AM is paid for whenever it can be (the Action comes after the
    card, ``_am``)."""
    return _first(choices, "lose_am") or _first(choices, "pay") or choices[-1]


SPREADERS = ("GR", "LI", "CV")


def _spare(view: View, sp: str, x: dict[str, Any]) -> bool:
    """Whether one of the Power's single units may leave ``sp`` without losing the space: more
    than one unit there, a city of its own, or its Home Territory."""
    me = view.role or ""
    mine = sum(u["count"] for u in x["units"] if u["owner"] == me)
    city = x["city"]
    home = data().spaces[sp].home_of == me if sp in data().spaces else False
    return mine > 1 or bool(city and city["owner"] == me) or home


def _spread_target(view: View, sp: str, fights: frozenset[str] | None = None) -> float:
    """The best empty space within ``SPREAD_LAND`` steps of ``sp`` (by spaces it may pass
    without a fight) worth holding with a single unit, less for each step beyond the first, or
    a port over the water where one unit wins a province (§11.3). ``fights``: ``_fights`` of
    the board, when the caller already has it."""
    b = view.board
    me = view.role or ""
    best = 0.0
    blocked = _fights(b, me) if fights is None else fights
    for nb, dist in distances(sp, SPREAD_LAND, blocked).items():
        if dist and _is_space(nb) and _safe_to_hold(b, me, nb):
            best = max(best, prize(b, me, nb, 1) * SPREAD_STEP ** (dist - 1))
    if sp in data().ports:
        best = max(best, SEA_HOP * _landing_spot(b, me, sp)[0])
    return best


def _fights(b: dict[str, Any], me: str) -> frozenset[str]:
    """The spaces a single unit of ``me`` cannot pass without a fight (§9.2)."""
    return frozenset(sp for sp in b["spaces"] if defence(b, me, sp) > 0)


def _safe_to_hold(b: dict[str, Any], me: str, sp: str) -> bool:
    """Whether a single unit may hold ``sp``: nothing there to beat, no army of 3 BP next to it."""
    return defence(b, me, sp) == 0 and threat(b, me, sp) < 3


def _stops(b: dict[str, Any], me: str) -> frozenset[str]:
    """The ports where a transport of ``me`` must Stop (§11.1.2): those it does not hold."""
    return frozenset(p for p in data().ports if b["control"].get(p) != me)


def _landing_spot(b: dict[str, Any], me: str, at: str) -> tuple[float, str | None]:
    """The best port a single unit sailing from ``at`` may land in and win its province with
    (§5.2.1 b, §11.3): empty, out of danger, nearer is better."""
    best, goal = 0.0, None
    ports = data().ports
    for p, dist in sorted(sea_distances(at, SPREAD_SEA, stops=_stops(b, me)).items()):
        if p == at or p not in ports or b["control"].get(p) == me or not _safe_to_hold(b, me, p):
            continue
        v = prize(b, me, p, 1)
        if v >= PROVINCE:
            v *= 0.9 ** dist
            if v > best:
                best, goal = v, p
    return best, goal


def _good_minor_move(view: View) -> bool:
    """A single unit (a garrison or light unit) next to an empty space worth holding."""
    b = view.board
    me = view.role or ""
    fights = _fights(b, me)
    for sp, x in b["spaces"].items():
        if not any(u["owner"] == me and u["type"] in SPREADERS for u in x["units"]):
            continue
        if _spare(view, sp, x) and _spread_target(view, sp, fights) > 0:
            return True
    return False


def _garrison_worth(view: View) -> bool:
    """Light infantry, or a space with three heavy units or more out of danger: garrisons hold
    more spaces and found settlements."""
    b = view.board
    me = view.role or ""
    for sp, x in b["spaces"].items():
        units = {u["type"]: u["count"] for u in x["units"] if u["owner"] == me}
        if units.get("LI"):
            return True
        heavy = units.get("LG", 0) + units.get("HI", 0)
        if heavy and _heavy_over(view) > 0:
            return True
        if heavy >= 3 and threat(b, me, sp) < 4 and units.get("GR", 0) < 2:
            return True
    return False


def _expansion(view: View, choices: list[Choice]) -> Choice:
    p = _power(view)
    cash = int(p.get("treasury", 0)) - _reserve(view)
    menus = {str(c.arg): c for c in choices if c.verb == "menu"}
    if "city" in menus and cash >= 3:
        return menus["city"]
    if "settlement" in menus and cash >= 2:
        return menus["settlement"]
    if "major" in menus:
        return menus["major"]
    if "repair" in menus and cash >= 2:
        return menus["repair"]
    if "minor_move" in menus and _good_minor_move(view):
        return menus["minor_move"]
    if "garrison" in menus and _garrison_worth(view):
        return menus["garrison"]
    return _first(choices, "end") or choices[-1]


def _army_score(view: View, space: str, owner: str) -> float:
    b = view.board
    me = view.role or ""
    x = b["spaces"].get(space, {})
    strength = int(x.get("bp", {}).get(owner, 0)) if x else 0
    if owner != me:
        strength = int(x.get("bp", {}).get(owner, 0))
    pot = potential(b, me, space, strength, REACH)
    if strength >= SEA_STRENGTH and space in data().ports:
        pot = max(pot, 0.8 * sea_goal(b, me, space, strength)[0])
    guard = 0.0
    if data().spaces[space].capital and data().spaces[space].home_of == me:
        if threat(b, me, space) > 0:
            guard = 3.0
        city = x.get("city") if x else None
        walls = int(city["fp"]) if city and city["owner"] == me else 0
        if capital_race(view.scenario, len(b["powers"])) and danger(b, me, space) > walls:
            guard = 10.0           # leaving would hand the enemy the game (Scenario II)
    return pot * (1.0 + 0.05 * strength) - guard + 0.01 * strength


def _choose_army(view: View, choices: list[Choice]) -> Choice:
    me = view.role or ""
    fights = _fights(view.board, me)
    scored = []
    for c in choices:
        if c.verb in ("from", "conqueror_from"):
            sp, _, owner = str(c.arg).partition("|")
            v = _army_score(view, sp, owner or me)
            x = view.board["spaces"].get(sp)
            if x and c.verb == "from" and _spare(view, sp, x) and any(
                    u["owner"] == me and u["type"] in SPREADERS for u in x["units"]):
                v = max(v, 0.3 + _spread_target(view, sp, fights))
            scored.append(v)
        elif c.verb == "fleet":
            scored.append(-0.5)
        else:
            scored.append(-5.0)
    if max(scored) <= -5.0:
        return choices[0]
    return choices[best_index(scored)]


def _choose_unit(view: View, choices: list[Choice]) -> Choice:
    order = {"GR": 0, "LI": 1, "CV": 2, "MHI": 3, "wHI": 4, "HI": 5, "wLG": 6, "LG": 7}
    units = [c for c in choices if c.verb == "unit"]
    if not units:
        return choices[0]
    return min(units, key=lambda c: (order.get(str(c.arg), 9), str(c.arg)))


def _site_value(view: View, sp: str) -> float:
    b = view.board
    me = view.role or ""
    prov = data().spaces[sp].province if sp in data().spaces else ""
    held = b["provinces"].get(prov, {}).get("control")
    return (1.0 if held != me else 0.0) - 0.1 * threat(b, me, sp) + 0.01 * _mine(b, me, sp)


def _minor_where(view: View, choices: list[Choice]) -> Choice:
    b = view.board
    me = view.role or ""
    verbs = {c.verb for c in choices} - {"back", "page"}
    if verbs & {"destroy"}:
        return _first(choices, "back") or choices[0]
    if "garrison" in verbs:
        order = {"LI": 0, "wHI": 1, "wLG": 2, "HI": 3, "LG": 4}

        def gkey(c: Choice) -> tuple[int, int, str]:
            sp, _, kind = str(c.arg).partition("|")
            return (order.get(kind, 5), -threat(b, me, sp), str(c.arg))
        opts = [c for c in choices if c.verb == "garrison"]
        return min(opts, key=gkey)
    if "hire" in verbs:
        opts = [c for c in choices if c.verb == "hire"]
        return max(opts, key=lambda c: (threat(b, me, str(c.arg)), str(c.arg)))
    opts = [c for c in choices if c.verb not in ("back", "page")]
    if not opts:
        return choices[0]
    return max(opts, key=lambda c: (_site_value(view, str(c.arg)), str(c.arg)))


def walked(b: dict[str, Any], me: str, at: str) -> frozenset[str]:
    """The spaces the army now at ``at`` has already passed in this move (the board's last
    move, §9.1): stepping back into one spends MP for nothing."""
    last = b.get("last_move") or {}
    path = last.get("path") or []
    if last.get("kind") != "land" or last.get("power") != me or not path or path[-1] != at:
        return frozenset()
    return frozenset(path[:-1])


def _no_step_back(view: View, choices: list[Choice]) -> list[Choice]:
    """``choices`` of a ``prompt.move_army`` without the steps back into a space the army has
    passed in this move (all of them when nothing else is left)."""
    been = walked(view.board, view.role or "", _space_arg(view))
    return [c for c in choices if c.verb != "to" or str(c.arg) not in been] or choices


def _move_army(view: View, choices: list[Choice]) -> Choice:
    b = view.board
    me = view.role or ""
    at = _space_arg(view)
    strength = max(1, _moving_bp(view, at))
    choices = _no_step_back(view, choices)
    if view.prompt_msg.key == "prompt.move_army" and march.is_march(view.scenario, view.roles):
        step = march.march_move(view, choices, strength)
        if step is not None:
            return step
    open_now = {str(c.arg) for c in choices if c.verb == "to"}
    closed = frozenset(nb for nb in _neighbours(at) if nb not in open_now)
    here = potential(b, me, at, strength, REACH, closed)
    stop = _first(choices, "stop")
    best, pick = here, stop
    for c in choices:
        if c.verb != "to":
            continue
        to = str(c.arg)
        need = defence(b, me, to)
        if need > 0 and strength < ATTACK_EDGE * need + 1:
            continue
        # no way back through here: going on must bring the army nearer its prize
        v = potential(b, me, to, strength, REACH, closed | {at}) + 0.9 * prize(b, me, to,
                                                                              strength)
        if v > best + 0.05:
            best, pick = v, c
    drop = _drop(view, choices, at)
    if drop is not None:
        return drop
    embark = _first(choices, "embark")
    if embark is not None and strength >= SEA_STRENGTH:
        by_sea, _goal = sea_goal(b, me, at, strength)
        if by_sea > 1.2 * best + 0.5:
            return embark
    if embark is not None and _minor_unit(view) is not None:
        hop, _goal = _landing_spot(b, me, at)
        if SEA_HOP * hop > best + 0.05:
            return embark
    if pick is None:
        tos = [c for c in choices if c.verb == "to"]
        safe = [c for c in tos if defence(b, me, str(c.arg)) == 0]
        return (safe or tos or choices)[0]
    return pick


def _dropped_here(view: View, at: str) -> bool:
    """Whether the army has already left a unit in ``at`` since it stepped in (the log)."""
    me = f"@power.{view.role}"
    for line in reversed(view.log):
        args = line.msg.args
        if args.get("power") != me:
            continue
        if line.msg.key == "log.dropped":
            return args.get("space") == f"@space.{at}"
        if line.msg.key in ("log.move_step", "log.mp_roll"):
            return False
    return False


def _open_provinces(b: dict[str, Any], me: str, at: str, most: int = 3) -> int:
    """The provinces, within ``most`` steps of ``at``, that one unit in an empty space of
    theirs would win (§5.2.1 b)."""
    provs = set()
    for sp, dist in distances(at, most).items():
        if 0 < dist and _is_space(sp) and defence(b, me, sp) == 0 \
                and b["control"].get(sp) != me and province_gain(b, me, sp) >= OPEN_GAIN:
            provs.add(data().spaces[sp].province)
    return len(provs)


def _drop(view: View, choices: list[Choice], at: str) -> Choice | None:
    """Leave one unit behind where it wins or helps to win a province (§5.2) for the Victory
    Phase: a garrison where the province is not yet held, a light unit where it wins it; one
    unit a space; disband a unit into garrisons (§12.1.4) when provinces lie open ahead."""
    b = view.board
    me = view.role or ""
    drops = [c for c in choices if c.verb == "drop" and "|" not in str(c.arg)]
    x = b["spaces"].get(at)
    if not drops or not _is_space(at) or not x or b["control"].get(at) != me:
        return None
    if _dropped_here(view, at) or threat(b, me, at) >= 4:
        return None
    build = _builder_drop(view, drops, at) if BUILD_DROPS else None
    if build is None and BUILD_DROPS and _first(drops, "drop", "GR") is None \
            and _open_sites(view, at) >= 2:
        build = _to_garrisons(view, choices, at)
    if build is not None or data().spaces[at].home_of == me or (
            x["city"] and x["city"]["owner"] == me):
        return build
    gain = province_gain(b, me, at)
    if gain >= 0.8 and _first(drops, "drop", "GR") is not None:
        return _first(drops, "drop", "GR")
    light = [c for c in drops if str(c.arg) in ("LI", "CV")]
    if light and gain >= PROVINCE:
        return min(light, key=lambda c: str(c.arg) != "LI")
    if gain >= 0.8 and _first(drops, "drop", "GR") is None:
        return _to_garrisons(view, choices, at)
    return None


def _pending_builds(view: View) -> tuple[int, int]:
    """The settlements and cities the Power could build now (§7.1.2): its garrisons in spaces
    without a city, its legions and heavy infantry in its intact settlements."""
    me = view.role or ""
    sites = cities = 0
    for x in view.board["spaces"].values():
        kinds = {u["type"] for u in x["units"] if u["owner"] == me}
        c = x["city"]
        if c is None and "GR" in kinds:
            sites += 1
        elif c and c["owner"] == me and c["kind"] == "settlement" and c["fp"] >= 2 \
                and kinds & {"LG", "HI"}:
            cities += 1
    return sites, cities


def _open_sites(view: View, at: str, most: int = 3) -> int:
    """Settlement sites within ``most`` steps of ``at`` a garrison could hold, when the
    Treasury would pay for them: the Power's or nobody's spaces without a city or a garrison,
    not Rough Mountains, out of danger (§7.1.2, §7.1.3)."""
    b = view.board
    me = view.role or ""
    cash = int(_power(view).get("treasury", 0)) - _reserve(view)
    sites, _cities = _pending_builds(view)
    if cash - 2 * sites < 4:
        return 0
    n = 0
    for sp, dist in distances(at, most).items():
        x = b["spaces"].get(sp)
        if (0 < dist and _is_space(sp) and not data().spaces[sp].rough_mountain
                and b["control"].get(sp) in (None, me) and defence(b, me, sp) == 0
                and not (x and (x["city"] or x["units"])) and threat(b, me, sp) < 4):
            n += 1
    return n


def _builder_drop(view: View, drops: list[Choice], at: str) -> Choice | None:
    """Leave the unit a building needs (§7.1.2) where the Treasury will pay for it: a garrison
    in an empty space of the Power's (a Settlement's site, not a Rough Mountain, §7.1.3), a
    full legion or heavy infantry in its intact Settlement."""
    b = view.board
    me = view.role or ""
    x = b["spaces"][at]
    cash = int(_power(view).get("treasury", 0)) - _reserve(view)
    sites, cities = _pending_builds(view)
    spare = cash - 2 * max(0, sites - 1) - 3 * max(0, cities - 1)
    city = x["city"]
    kinds = {str(c.arg) for c in drops}
    if city is None and "GR" in kinds and not data().spaces[at].rough_mountain and spare >= 4:
        return _first(drops, "drop", "GR")
    if city and city["owner"] == me and city["kind"] == "settlement" and city["fp"] >= 2 \
            and spare >= 6 and _mine(b, me, at) >= 12:
        return _first(drops, "drop", "LG") or _first(drops, "drop", "HI")
    return None


def _to_garrisons(view: View, choices: list[Choice], at: str) -> Choice | None:
    """An army without garrisons turns a light unit (or a legion it has many of) into
    garrisons when provinces lie open ahead and its MP allow (§12.1.4)."""
    b = view.board
    me = view.role or ""
    conv = {str(c.arg): c for c in choices if c.verb == "to_garrisons"}
    if not conv or int(view.prompt_msg.args.get("n", 0)) < 2:
        return None
    if _open_provinces(b, me, at) < 2 and _open_sites(view, at) < 2:
        return None
    for kind in ("LI", "wLG", "wHI"):
        if kind in conv:
            return conv[kind]
    if _mine(b, me, at) >= CONVERT_BP or _heavy_over(view) > 0:
        return conv.get("LG") or conv.get("HI")
    return None


def _transport(view: View, choices: list[Choice]) -> Choice:
    """At sea with an army (§11.3): sail toward the best landing, land there (or when nothing
    better is in reach)."""
    b = view.board
    me = view.role or ""
    at = _space_arg(view)
    strength = max(1, _moving_bp(view, at))
    land = _first(choices, "land")
    go_on = _first(choices, "continue_voyage")
    sails_now = [c for c in choices if c.verb == "sail_to"]
    if land is not None and sails_now and not _sailed(view):
        land = None            # landing where it embarked spends 2 MP for nothing
    drop = _sea_drop(view, choices, at)
    if drop is not None:
        return drop
    if _minor_unit(view) is None and march.is_march(view.scenario, view.roles):
        landing = march.march_landing(view, choices, strength)
        if landing is not None:
            return landing
    if _minor_unit(view) is not None:       # one unit sailing for a province
        _v, goal = _landing_spot(b, me, at)
        ashore = _without_transport(b, me, at)
        here = 0.0
        if at in data().ports and _safe_to_hold(b, me, at) and ashore["control"].get(at) != me:
            here = prize(ashore, me, at, 1)
    else:
        here = landing_worth(b, me, at, strength) if at in data().ports else 0.0
        _v, goal = sea_goal(b, me, at, strength)
    if land is not None and (goal is None or here > 0 and here >= 0.8 * _v):
        return land
    if go_on is not None:
        return go_on
    last = b.get("last_move") or {}
    path = list(last.get("path") or []) if last.get("kind") == "sea" and last.get(
        "power") == me else []
    sails = [c for c in choices if c.verb == "sail_to" and str(c.arg) not in path]
    sails = [c for c in sails if not _deep(str(c.arg))] or sails     # round the Deep Sea
    if land is not None and (not sails or len(path) >= VOYAGE
                             or all(_deep(str(c.arg)) for c in sails)):
        return land            # no sailing in circles (the voyage has gone round or far
                               # enough), nor on into the Deep Sea
    if goal is not None and sails:
        stops = _stops(b, me) if _minor_unit(view) is not None else frozenset()

        def dist(c: Choice) -> tuple[int, str]:
            to = str(c.arg)
            d = sea_distances(to, stops=stops).get(goal, 99) + (DEEP_STEPS if _deep(to) else 0)
            return (d + (STOP_STEPS if to in stops and to != goal else 0), to)
        return min(sails, key=dist)
    return land or (sails or [c for c in choices if c.verb == "sail_to"] or choices)[0]


def _without_transport(b: dict[str, Any], me: str, at: str) -> dict[str, Any]:
    """The board as if ``me``'s transport were not in ``at``: the space is the Power's only by
    its city or its Home Territory (§5.1.1)."""
    x = b["spaces"].get(at) or {}
    city = x.get("city")
    held = me if (city and city["owner"] == me) or (
        at in data().spaces and data().spaces[at].home_of == me) else None
    if b["control"].get(at) != me or held == me:
        return b
    return {**b, "control": {**b["control"], at: held}}


def _sailed(view: View) -> bool:
    """Whether the transport has sailed since it embarked (the log)."""
    me = f"@power.{view.role}"
    for line in reversed(view.log):
        if line.msg.args.get("power") != me:
            continue
        if line.msg.key == "log.sail":
            return True
        if line.msg.key == "log.embark":
            return False
    return False


def _sea_drop(view: View, choices: list[Choice], at: str) -> Choice | None:
    """A transported army drops a single light unit or garrison (0 MP, §11.3.2) in an empty
    port where it wins the province, out of danger, once a port."""
    me = view.role or ""
    b = _without_transport(view.board, me, at)
    drops = {str(c.arg): c for c in choices if c.verb == "drop_at_sea"}
    if not drops or at not in data().ports or b["control"].get(at) == me:
        return None
    if not _safe_to_hold(b, me, at) or _dropped_here(view, at):
        return None
    singles = [k for k in ("GR", "LI", "CV") if k in drops]
    if not singles:
        return None
    if province_gain(b, me, at) < PROVINCE:
        # a majority needs more drops: the voyage may make them in the province's other
        # empty ports (Salona and Lissus win Dalmatia)
        x = b["spaces"].get(at) or {}
        aboard = sum(u["count"] for u in x.get("units", ())
                     if u["owner"] == me and u["type"] in SPREADERS)
        need = _majority_need(b, me, data().spaces[at].province)
        ports = [p for p in data().spaces_of(data().spaces[at].province)
                 if p in data().ports and b["control"].get(p) != me
                 and defence(b, me, p) == 0]
        if not (0 < need <= min(2, max(aboard, len(singles)), len(ports))):
            return None
    return drops[singles[0]]


def _majority_need(b: dict[str, Any], me: str, prov: str) -> int:
    """How many more spaces ``me`` must hold to win ``prov`` (§5.2.1, §5.2.3 b); 99 when a
    Power's capital there keeps it (§5.2.3 a) or it is the Power's own."""
    d = data()
    home = d.provinces[prov].home_of
    spaces = d.spaces_of(prov)
    if home == me or _capital_keeps(b["control"], prov):
        return 99
    mine = sum(1 for sp in spaces if b["control"].get(sp) == me)
    others = sum(1 for sp in spaces if b["control"].get(sp) not in (None, me))
    if home is None and others == 0:
        return 0 if mine else 1
    return max(0, len(spaces) // 2 + 1 - mine)


def _pick_army(view: View, choices: list[Choice]) -> Choice:
    leave_gr = _first(choices, "leave", "GR")
    if leave_gr is not None:
        return leave_gr
    return _first(choices, "go") or choices[0]


def _intercept(view: View, choices: list[Choice]) -> Choice:
    b = view.board
    me = view.role or ""
    sp = _space_arg(view)
    mover = str(_args(view).get("army", "")).removeprefix("@army.")
    theirs = int(b["spaces"].get(sp, {}).get("bp", {}).get(mover, 0)) if sp in b["spaces"] else 0
    best, pick = 0.0, None
    for c in choices:
        if c.verb != "intercept":
            continue
        mine = _mine(b, me, str(c.arg))
        if theirs and mine >= 2 * theirs and mine - theirs > best:
            best, pick = mine - theirs, c
    return pick or _first(choices, "let_pass") or choices[-1]


def _withdraw(view: View, choices: list[Choice]) -> Choice:
    b = view.board
    me = view.role or ""
    sp = _space_arg(view)
    mover = str(_args(view).get("army", "")).removeprefix("@army.")
    x = b["spaces"].get(sp, {})
    theirs = int(x.get("bp", {}).get(mover, 0)) if x else 0
    city = x.get("city") if x else None
    mine = _mine(b, me, sp) + (int(city["fp"]) if city and city["owner"] == me else 0)
    if theirs > 2 * mine + 2:
        return _first(choices, "withdraw") or choices[0]
    return _first(choices, "stand") or choices[-1]


def _safest(view: View, choices: list[Choice]) -> Choice:
    b = view.board
    me = view.role or ""
    return max(choices, key=lambda c: (
        (b["control"].get(str(c.arg)) == me) - 0.2 * threat(b, me, str(c.arg))
        + 0.05 * _mine(b, me, str(c.arg)), str(c.arg)))


def _losses(choices: list[Choice]) -> Choice:
    """The loss that costs the fewest BP; another owner's units before one's own."""
    def cost(c: Choice) -> tuple[float, str]:
        parts = str(c.arg).split("|")
        kind, how = parts[-1], parts[-2] if len(parts) >= 2 else "kill"
        bp = battle_points(kind) or (1 if kind in ("GR", "EL") else 0)
        lost = bp - battle_points("w" + kind) if how == "weaken" else bp
        if kind == "EL":
            lost = 1.5
        return (lost, str(c.arg))
    return min(choices, key=cost)


def _builder(view: View, choices: list[Choice]) -> Choice:
    """The Manpower plan and the Call-Up: rebuild, then heavy infantry where the biggest army
    stands (light units when more LG/HI would outnumber the CVP, §14.2.1), within the Treasury
    less the reserve. A sub-menu is entered only when it has something to take, and never left
    by going back, so the menus cannot go round in circles."""
    b = view.board
    me = view.role or ""
    p = _power(view)
    plan = view.private.get("plan") or {}
    items = plan.get("items", []) if plan.get("kind") == "manpower" else []
    spent = int(plan.get("cost") or 0) if plan.get("kind") == "manpower" else 0
    cash = int(p.get("treasury", 0)) - spent - _reserve(view)
    planned = sum(1 for it in items if it.get("unit") in ("LG", "HI"))
    heavy_room = min(sum(p.get("manpower", {}).values()), -_heavy_over(view)) - planned
    # a scenario's gift (Scenario I's two Roman Legions) is raised whatever the cash
    free = {k: int(n) for k, n in (p.get("free_units") or {}).items()}
    for it in items:
        if free.get(str(it.get("unit")), 0) > 0:
            free[str(it.get("unit"))] -= 1

    def acceptable(kind: str) -> bool:
        if free.get(kind, 0) > 0:
            return True
        return economy.FULL_COST.get(kind, 99) <= cash and (kind not in HEAVY
                                                             or heavy_room > 0)

    if march.is_march(view.scenario, view.roles):
        home = march.march_place(choices)      # Rome's Legions, raised in Rome
        if home is not None:
            return home
    verbs = {c.verb for c in choices}
    done = _first(choices, "confirm") or _first(choices, "done")
    if "menu" in verbs or done is not None and verbs <= {"confirm", "done", "undo", "unrebuild",
                                                         "buy_objective"}:
        s = board_state(view)
        rebuild = _first(choices, "menu", "rebuild")
        if rebuild is not None and cash >= economy.rebuild_cost():
            ready = [k for k in economy.weakened_units(s, me) if economy.may_rebuild(s, me, k)]
            if len(ready) > sum(1 for it in items if it.get("action") == "rebuild"):
                return rebuild
        form = _first(choices, "menu", "form")
        if form is not None and (cash >= 1 or any(free.values())) and any(
                acceptable(k) for pr in economy.formable_provinces(s, me)
                for k in economy.formable_types(s, me, pr)):
            return form
        return done or choices[-1]
    if "rebuild" in verbs:
        return next(c for c in choices if c.verb == "rebuild")
    if "province" in verbs:
        opts = [c for c in choices if c.verb == "province"]
        good = [c for c in opts if any(acceptable(k) for k in economy.formable_types(
            board_state(view), me, str(c.arg)))] or opts

        def pscore(c: Choice) -> tuple[float, str]:
            spaces = data().spaces_of(str(c.arg))
            return (max((_mine(b, me, sp) + threat(b, me, sp) for sp in spaces), default=0),
                    str(c.arg))
        return max(good, key=pscore)
    if "type" in verbs:
        opts = [c for c in choices if c.verb == "type"]
        opts = [c for c in opts if acceptable(str(c.arg))] or opts    # within the cash
        order = ["LG", "HI", "CV", "LI", "EL"] if heavy_room > 0 else ["LI", "CV", "EL", "LG",
                                                                       "HI"]
        return min(opts, key=lambda c: (free.get(str(c.arg), 0) <= 0,
                                        order.index(str(c.arg)) if str(c.arg) in order else 9))
    if "place" in verbs:
        opts = [c for c in choices if c.verb == "place"]
        return max(opts, key=lambda c: (_mine(b, me, str(c.arg)) + 2 * threat(b, me, str(c.arg)),
                                        str(c.arg)))
    real = [c for c in choices if c.verb not in ("back", "page")]
    return real[0] if real else choices[0]


def _maintenance(view: View, choices: list[Choice]) -> Choice:
    p = _power(view)
    plan = view.private.get("plan") or {}
    cost = int(plan.get("cost") or 0)
    confirm = _first(choices, "confirm")
    gone = sum(int(it.get("count", 1)) for it in plan.get("items", [])
               if it.get("unit") in ("LG", "HI"))
    over = _heavy_over(view) - gone
    heavy = [c for c in choices if c.verb == "disband" and str(c.arg).split("|")[1] in HEAVY]
    if over > 0 and heavy:
        b = view.board
        me = view.role or ""
        return min(heavy, key=lambda c: (not str(c.arg).split("|")[1].startswith("w"),
                                         threat(b, me, str(c.arg).split("|")[0]), str(c.arg)))
    if confirm is not None and cost <= int(p.get("treasury", 0)):
        return confirm
    disband = [c for c in choices if c.verb == "disband"]
    if not disband:
        return confirm or choices[0]
    order = {"GS": 0, "MHI": 1, "wHI": 2, "wLG": 3, "HI": 4, "LG": 5}
    b = view.board
    me = view.role or ""
    return min(disband, key=lambda c: (order.get(str(c.arg).split("|")[1], 6),
                                       threat(b, me, str(c.arg).split("|")[0]), str(c.arg)))


def _leaders(view: View, choices: list[Choice]) -> Choice:
    b = view.board
    me = view.role or ""
    places = [c for c in choices if c.verb == "place"]
    if not places:
        return _first(choices, "confirm") or choices[0]
    placed = [ld.get("placed_at") for ld in view.private.get("leaders", []) if ld.get("placed_at")]
    return max(places, key=lambda c: (_mine(b, me, str(c.arg)) - 4 * placed.count(str(c.arg)),
                                      str(c.arg)))


def _leader_of(view: View, among: list[str]) -> str:
    b = view.board
    return max(among, key=lambda r: (b["powers"].get(r, {}).get("vp", 0),
                                     b["powers"].get(r, {}).get("gop", 0), r))


def _against_leader(view: View, choices: list[Choice]) -> Choice:
    """Place a nuisance (barbarians, pirates, slaves) where it hurts the leading rival most."""
    b = view.board
    me = view.role or ""
    rivals = [r for r in b["powers"] if r != me]
    if not rivals:
        return choices[0]
    top = _leader_of(view, rivals)

    def score(c: Choice) -> tuple[float, str]:
        sp = str(c.arg)
        if sp in data().spaces:
            near = [sp, *_neighbours(sp)]
            v = sum((b["control"].get(x) == top) - 1.5 * (b["control"].get(x) == me)
                    for x in near)
        else:
            v = 0.0
        return (v, sp)
    return max(choices, key=score)


def _deal(view: View, choices: list[Choice]) -> Choice:
    args = _args(view)
    me = view.role or ""
    receiver = str(args.get("receiver", "")).removeprefix("@power.")
    if receiver == me:
        return _first(choices, "accept") or choices[0]
    return _first(choices, "refuse") or choices[-1]


def _shifts(view: View, choices: list[Choice]) -> Choice:
    """§10.3.1 step 10: each shift either adds 10% of the enemy's BP to its losses or takes 10%
    of one's own BP off one's own; either moves the battle's result alike, so the shift goes
    where it weighs more BP: the bigger army saves its own, the smaller hurts the other."""
    b = view.board
    me = view.role or ""
    a = _args(view)
    sp = _space_arg(view)
    theirs = _enemies(b, me, sp) + _city_def(b, me, sp)
    raise_ = _first(choices, "raise") if int(a.get("mine", 0)) < 10 else None
    lower = _first(choices, "lower") if int(a.get("theirs", 0)) > 0 else None
    if lower is not None and (raise_ is None or _mine(b, me, sp) > theirs):
        return lower
    return raise_ or lower or _first(choices, "done") or choices[-1]


def _siege_bid(view: View, choices: list[Choice]) -> Choice:
    cash = int(_power(view).get("treasury", 0)) - _reserve(view)
    want = max(0, min(2, cash // 3))
    bids = [c for c in choices if c.verb == "bid"]
    return min(bids, key=lambda c: abs(int(c.arg) - want)) if bids else choices[0]


def _discontent(view: View, choices: list[Choice]) -> Choice:
    cash = int(_power(view).get("treasury", 0))
    pays = [c for c in choices if c.verb == "pay" and int(c.arg) <= max(0, cash - 1)]
    return max(pays, key=lambda c: int(c.arg)) if pays else choices[-1]


ANSWERS = {
    "prompt.am": _am,
    "prompt.am_pay": _am_pay,
    "prompt.am_action": _am,
    "prompt.expansion": _expansion,
    "prompt.choose_army": _choose_army,
    "prompt.choose_unit": _choose_unit,
    "prompt.minor_where": _minor_where,
    "prompt.move_army": _move_army,
    "prompt.move_unit": _move_army,
    "prompt.pick_army": _pick_army,
    "prompt.transport": _transport,
    "prompt.transport_stopped": _transport,
    "prompt.intercept": _intercept,
    "prompt.withdraw": _withdraw,
    "prompt.withdraw_to": _safest,
    "prompt.callup": _builder,
    "prompt.plan_manpower": _builder,
    "prompt.plan_maintenance": _maintenance,
    "prompt.plan_leaders": _leaders,
    "prompt.siege_bid": _siege_bid,
    "prompt.use_shifts": _shifts,
    "prompt.discontent": _discontent,
    "prompt.deal_city": _deal,
    "prompt.deal_galleys": _deal,
    "prompt.deal_mercenaries": _deal,
    "prompt.deal_talents": _deal,
    "prompt.barbarians": _against_leader,
    "prompt.pirates": _against_leader,
    "prompt.slaves": _against_leader,
    "prompt.move_slaves": _against_leader,
}

# questions answered by the first listed verb that is offered
PREFERRED = {
    "prompt.pick_fleet": ("stay", "sail"),
    "prompt.move_fleet": ("stop",),
    "prompt.fleet_stopped": ("stop",),
    "prompt.naval_contact": ("let_pass", "withdraw", "fight"),
    "prompt.pillage": ("pillage",),
    "prompt.raise_militia": ("raise_militia",),
    "prompt.use_city": ("use", "yes"),
    "prompt.commit_elephants": ("commit", "yes"),
    "prompt.negotiate": ("end", "back"),
    "prompt.plan_discard": ("confirm",),
    "prompt.retreat": ("stand",),
    "prompt.force_retreat": ("force", "yes"),
}


def policy(view: View, rng: Rng | None = None) -> Choice:
    """A sensible answer to any question, from the View alone; one of ``view.actions``."""
    choices = forward(distinct(view.actions))
    if len(choices) == 1:
        return choices[0]
    key = view.prompt_msg.key
    base = key.rsplit(".", 1)[0] if key.startswith("prompt.plan_") else key
    if view.board.get("cards") is not None:     # the Advanced Game's cards (§17)
        from games.ai.pax_romana_cards import card_answer
        picked = card_answer(view, choices)
        if picked is not None:
            return picked
    answer = ANSWERS.get(base)
    if answer is not None:
        return answer(view, choices)
    if base in ("prompt.allocate_losses", "prompt.attrition"):
        losses = [c for c in choices if c.verb == "loss"]
        if losses:
            return _losses(losses)
    if base in ("prompt.check_target",):
        rivals = [str(c.arg) for c in choices]
        top = _leader_of(view, [r for r in rivals if r in view.board["powers"]] or rivals)
        return next(c for c in choices if c.arg == top)
    if base in ("prompt.retreat", "prompt.retreat_where", "prompt.place_militia"):
        places = [c for c in choices if c.arg is not None and str(c.arg) in data().spaces]
        if places and base != "prompt.retreat":
            return _safest(view, places)
    if base == "prompt.sof":
        b = view.board
        me = view.role or ""
        return max(choices, key=lambda c: (potential(b, me, str(c.arg), 6)
                                           if str(c.arg) in data().spaces else 0, str(c.arg)))
    for verb in PREFERRED.get(base, ()):
        c = _first(choices, verb)
        if c is not None:
            return c
    real = [c for c in choices if c.verb != "page"]
    return _weighted(view, real or choices, rng)


# -- the search -----------------------------------------------------------------------------------

def _back_at_menu(s: PRState, me: str) -> bool:
    """The Expansion menu of ``me`` is asked again: the Move or building just chosen is over."""
    top = s.flow[-1] if s.flow else None
    return bool(top and top["k"] == "expansion" and top.get("role") == me
                and top.get("stage") is None)


def rollout(s: PRState, me: str, limit: int, to_menu: bool) -> float:
    """Play on with the policy for every Power until the halt (the Activation is over), with
    ``to_menu`` until the Expansion menu comes back, the game ends or ``limit`` steps are
    played; rate where it ends."""
    for _ in range(limit):
        if s.result is not None:
            break
        w = waiting(s)
        if w is None or w[0]["k"] == HALT or to_menu and _back_at_menu(s, me):
            break
        roles = RULES.active_roles(s)
        if not roles:
            break
        role = roles[0]
        view = RULES.view(s, role)
        if not view.actions:
            break
        step_in_place(RULES, s, role, policy(view))
    return evaluate(s, me)


def samples_for(view: View, rng: PlayerRandom, n: int) -> tuple[list[PRState], bool]:
    base = board_state(view)
    states = [determinize(view, rng, base) for _ in range(max(1, n))]
    framed = [with_frames(s, view) for s in states]
    me = view.role or ""
    consistent = all(framed) and same_choices(forward(distinct(view.actions)),
                                              forward(RULES.choices(states[0], me)))
    return states, consistent


def _listed(view: View, picked: Choice) -> Choice:
    k = key_of(picked)
    return next((c for c in view.actions if key_of(c) == k), view.actions[0])


def _worth_trying(c: Choice, default: tuple[str, Any], chores: bool = True) -> bool:
    """Negotiating is not searched (its answers are the others'); passing an AM or ending the
    Expansion early only when the policy itself would: a rollout of one sampled die roll
    too easily rates doing nothing best. Without ``chores`` the units an army drops off or
    picks up on its way are the policy's (the search weighs where it goes)."""
    if key_of(c) == default:
        return True
    if c.verb == "menu" and c.arg == "destroy":     # one's own city or settlement (§7.4.3)
        return False
    if c.verb == "cards":       # opening the card menu to leave it again changes nothing: a
        return False            # rollout rating it best would open it forever
    if not chores and c.verb in CHORES:
        return False
    if c.verb == "action":
        return c.arg not in ("negotiate", "pass")
    return c.verb != "end"


def _idle_call_up(s: PRState, me: str, c: Choice) -> bool:
    """A Call-Up (§12.1) in which the policy would raise nothing: the AM is spent for nothing,
    which a rollout of unlucky sampled dice may still rate above the Expansion."""
    if c.verb != "action" or c.arg != "callup":
        return False
    trial = RULES.copy(s)
    step_in_place(RULES, trial, me, c)
    view = RULES.view(trial, me)
    if me not in view.active or not view.actions:   # an answer card's window opened for
        return False                                # another power (§17): not idle
    return policy(view).verb in ("done", "confirm")


def _keeping_capital(s: PRState, me: str, candidates: list[Choice]) -> list[Choice]:
    """Scenarios II and IV: the choices that leave the capital no more outnumbered by the enemy
    armies within reach than it is now (holding the enemy capital at a Victory Phase wins,
    §3.2), or all of them when none does. A rollout ends with the Power's own move, before the
    enemy answers, so the search alone too easily trades the capital for a prize."""
    before = exposure(public_board(s), me)
    kept = []
    for c in candidates:
        trial = RULES.copy(s)
        step_in_place(RULES, trial, me, c)
        if exposure(public_board(trial), me) <= before:
            kept.append(c)
    return kept or candidates


def choose(view: View, rng: PlayerRandom, level: str) -> Choice:
    """The computer player's choice (see the module's docstring)."""
    choices = forward(distinct(view.actions))
    if len(choices) == 1:
        return _listed(view, choices[0])
    me = view.role or ""
    n = SAMPLES.get(level, 0)
    if n <= 0 or view.prompt_msg.key not in SEARCH_PROMPTS:
        return _listed(view, policy(view))
    try:
        states, consistent = samples_for(view, rng, n)
    except Exception:
        consistent = False
    if not consistent:
        return _listed(view, policy(view))
    default = key_of(policy(view))
    candidates = [c for c in choices if _worth_trying(c, default, SEARCH_CHORES)]
    if view.prompt_msg.key in MOVE_PROMPTS:      # no walking back and forth
        candidates = _no_step_back(view, candidates)
    candidates = [c for c in candidates
                  if key_of(c) == default or not _idle_call_up(states[0], me, c)]
    if capital_race(view.scenario, len(view.board["powers"])):
        candidates = _keeping_capital(states[0], me, candidates)
    if march.is_march(view.scenario, view.roles):
        candidates = march.march_candidates(view, candidates)
    moving = view.prompt_msg.key in MOVE_PROMPTS
    menu = moving or view.prompt_msg.key in ("prompt.expansion", "prompt.choose_army")
    limit = MENU_STEPS if menu else AM_STEPS
    menu = menu and (MENU_TO_MENU or moving)
    values = []
    try:
        for c in candidates:
            total = 0.0
            for s in states:
                trial = RULES.copy(s)
                step_in_place(RULES, trial, me, c)
                total += rollout(trial, me, limit, menu)
        # the policy's own pick keeps ties
            values.append(total / len(states) + (TRUST if key_of(c) == default else 0.0))
    except Exception:  # noqa: BLE001 - a sampled State the rules cannot play on: trust the policy
        log.debug("pax_romana search fell back on the policy", exc_info=True)
        return _listed(view, policy(view))
    return _listed(view, candidates[best_index(values)])


def greedy(view: View, rng: PlayerRandom) -> Choice:
    """The baseline: at the start of an Activation and the Expansion menu, the choice whose
    immediate outcome the evaluation rates best on one sampled State (among the choices the
    search weighs, the policy's own pick keeping near ties); elsewhere the policy."""
    choices = forward(distinct(view.actions))
    if len(choices) == 1 or view.prompt_msg.key not in GREEDY_PROMPTS:
        return _listed(view, policy(view))
    states, consistent = samples_for(view, rng, 1)
    if not consistent:
        return _listed(view, policy(view))
    me = view.role or ""
    default = key_of(policy(view))
    candidates = [c for c in choices if _worth_trying(c, default)]
    values = []
    for c in candidates:
        trial = RULES.copy(states[0])
        step_in_place(RULES, trial, me, c)
        values.append(evaluate(trial, me) + (TRUST if key_of(c) == default else 0.0))
    return _listed(view, candidates[best_index(values)])
