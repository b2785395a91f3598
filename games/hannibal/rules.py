"""Hannibal: Rome vs Carthage behind the common interface: the 218 BC scenario, setup (§4), the
View and its text description. The sequence of play lives in turn.py, card play in cards.py,
movement, interception and avoiding in movement.py, battles and retreats in combat.py, sieges in
siege.py, events in events.py (on the primitives of prims.py).

The public board (``View.board``), for renderers and bots, is a JSON-able dict:

```
{
  "turn": int 1-9, "year": str,                 # "218 BC" ... (the turn track)
  "phase": "reinforcements"|"strategy"|"winter"|"isolation"|"assessment",
  "first_player": role | None, "to_play": role | None,     # who plays the next card
  "spaces": [{"id", "name", "province", "kind": "walled_city"|"tribe"|"pc_space", "x", "y",
              "pc": role | None,                # PC, walled-city owner, or "carthage" for a
                                                # friendly tribe (§20.9)
              "native": "neutral"|"carthage"|None,   # a tribe marker still standing
              "siege": {"by": role, "points": int} | None,
              "port": bool, "port_modifier": int, "capacity": int}],   # capacity: walls (§10.7)
  "links": [[a, b, kind]],                      # kind: line | pass | alps | strait
  "provinces": [{"id", "name", "region", "controller": role | None, "scoring": bool}],
  "armies": [{"space", "side", "inside": bool,  # inside the walled city of that space
              "generals": [general key],        # commander first (§9.2)
              "commander": general key | None, "cu": int, "elephants": int,
              "besieging": bool}],
  "generals": {key: {"side", "where": space id | "pool" | "aside" | "displaced" | "dead",
                     "inside": bool, "title": "consul"|"proconsul"|None,
                     "strategy": int, "battle": int}},
  "generals_off_map": {"pool": [key], "displaced": [key], "dead": [key], "aside": [key]},
  "hands": {role: int},                         # cards left in each strategy hand
  "battle_hands": {role: int} | None,           # during a battle
  "political": {role: int},                     # scoring provinces controlled (§22.1)
  "deck": int, "discard": int, "discard_top": card key | None, "removed": [card key],
  "markers": [str],                             # in effect: "philip_allied", "syracuse_allied",
                                                # "naval_victory" (naval boxes, §11.6),
                                                # "counsel:hanno", "counsel:cato" (#57/#58)
  "truce": bool, "siege_train": location | None,
  "battle": None | {"attacker", "defender", "space", "round": int, "lead": role,
                    "played": [[role, card, as_type]],   # cards played so far, public
                    "counts": {role: int},              # cards dealt (§14.1)
                    "commanders": {role: general key | None},
                    "charge": None | "ok" | "failed" | "fright",
                    "revealed": {role: [battle card keys]},  # shown face up by Spy (#20)
                    "winner": role | None},
  "moving": None | {"general", "space", "mp": int, "cu": int},   # the army moving now
  "last_move": [space ids],                     # the path of the latest move
  "highlight": [space ids]                      # where the pending choice points
}
```

``View.private`` of a player: {"hand": [card keys], "hand_numbers": [card numbers],
"battle_hand": [battle card keys] (during a battle), "spied": [the enemy's battle card keys his
Spy in Enemy Camp showed him, still in the enemy's hand] (during a battle he spied on)}.

Readings of the rulebook where it is unclear (the spec's best readings):

* Interception's +1 (§12.4 vs §19.3b): into an area with a PC of the moving player and no CUs of
  the interceptor (option ``intercept_bonus``: "no_cus" reads §12.4 literally). An intercepting
  army takes its whole stack of generals and the CUs its player declares (at most 10; a
  consular army at least 5). A subordinate may intercept or avoid with
  part of the stack, his commander keeping 1 CU (5 for a consul) (§12.7, §13.3); what stays
  behind after a subordinate's avoid fights.
* A general activated as commander moves with his whole stack of generals; a subordinate moves
  alone (§9.2, §10.9); on the way either may drop or pick up CUs and generals (§10.8-10.9).
  Units leave a walled city as the first step of a move; with enemy CUs outside that is a
  sortie (below).
* Campaign cards ignore strategy ratings (OPS 3); each general moves at most 4 areas (Nero 6);
  a general moves once per campaign. CUs that moved with one general keep count of the areas
  used: another general of the campaign takes fresh CUs first and moves only as far as the
  most-moved CUs he takes may still go; a battle, a return, a failed pursuit or an assault uses
  them up (§10.11, §20.3).
* Consul tokens: only generals not on the map are drawn (§6.4); Scipio Africanus has none.
* Roman reinforcements without an army of 5 CUs: all five go to one place, which the first CU
  fixes and which must be in Italy (at least three go there) with room for all five (§6.2).
  Reinforcement CUs no legal place can take (no Italian place open: the three owed to Italy)
  are lost, said in the log.
* No reinforcements where enemy CUs stand outside the walls (§6.3), but inside one's own
  unbesieged walled city even then, as many as the walls hold (§6.3 bars only a besieged one;
  §10.7): Rome or Carthage is then "inside the walls", for Carthage's R1 and R4 as for Rome.
  A displaced Carthaginian general with no Carthaginian CU to join (outside besieged walled
  cities) stays displaced until a later reinforcement phase (§6.1).
* Battle losses for 0 rounds (the attacker held no cards, or withdrew at once) use the 1-round
  column: §14.11 always rolls, and the table has no 0 column (option ``zero_round_losses``:
  "none" gives no losses).
* Losses the owner may choose (attrition, battle losses): an "e" result takes an elephant; when
  he could give up more elephants, he is asked how many of the losses are elephants; rout and
  retreat losses take ordinary CUs after the first rout loss, an elephant (§17.2).
* A relief (§20.7): the besieged CUs and generals join the relieving army's battle; the owner
  splits the battle losses between the two parts; only what came out of the walls (that many
  CUs, those generals) may retreat back in. The side that sortied withdraws only into its city
  (§16.2), and only if its whole force fits. Retreating into the walls (§15.4), the generals go
  with the part inside or the part outside: all, none, or one of them inside.
* A failed withdrawal: the defender may take the initiative; if not, the attacker must lead a
  card this round (§16.1). Flaminius' 1-4 also works for the roll that stops a withdrawal (§24;
  option ``flaminius_blocks_withdrawal`` off follows the English chart).
* Retreat: the original attacker's first step is the area he came from; the nearest eligible
  ends are offered, and farther ones that cost fewer CUs (§15.1). CUs that cannot retreat are
  destroyed and count as retreat losses (§15.5).
* Isolation: a path may cross straits, not passes; a friendly port is a port area with one's own
  PC or walled city (§19.4).
* Hannibal's death: Carthage removes 5 PCs; failing that, she sues for peace (§10.10, §15.6).
* The Carthaginian -1 on the siege table applies to subjugation too; the walled-city modifier is
  the table's city modifier, applied once (§20.2).
* Spy (#20) and Ally Deserts (#59) played in battle preparation act at the deal. #59 may also
  be kept and played at the start of any battle round, after the deal (the side that does not
  lead is asked first): the card is taken at once, a card shown by the Spy or a hidden one at
  random. No response window opens for a card whose copies are all discarded or out of the game.
* Hannibal's Probe (§24, "once per battle may play a Probe as Flank Left, Flank Right or
  Double Envelopment") works when he leads and when he matches; a Probe matching a Double
  Envelopment counts as one (automatic initiative, §14.8).
* #6 Maharbal's Cavalry: a Carthaginian leader without battle cards who holds it may play it,
  try to withdraw, or play nothing and lose the battle as §14.10 says (no rout modifier).
* Capturing Rome or Carthage wins at once (§23); the all-Italy victory is checked at the start of
  the political assessment, before PC removal.
* Sheltering (§10.3 step 1, §10.7): the owner puts some or all of his CUs inside the walls (as
  many as they hold); the generals go in with the whole army, or with part of it if he says so
  (the rest stands). CUs inside do not stop the mover (§13.5). As each enemy army enters, the
  owner may instead bring CUs (with or without the generals) out of his unbesieged walled city;
  they stand, avoid or are overrun as usual.
* A sortie (§20.7) is a move of the besieged out of their city into the besiegers: a battle at
  once; the sortie force may withdraw or retreat only back into its city.
* #57/#58 restrictions end at the start of the turn after the next reshuffle (§25, rulebook over
  the data's paraphrase). Carthaginian Naval Victory lasts to the end of the turn.
* #30 Siege Train: placed with a Carthaginian army (a general with CUs) where a reinforcement
  may go (§6.3); played again it is handed over to another army. When its area's commander
  starts a move, the player says whether it goes with the army (a sortie takes it along); with
  it the army crosses no Alpine pass. It stays in port when the army sails, and with the CUs
  when a general leaves (or loses) all of them. It goes with its army into the walls (when no
  CUs stay outside), on an avoid of all the CUs, on an interception by the commander, and back
  with an intercepted army that returns (§12.5). It is lost when its army retreats from its
  area, or when enemy CUs stand in its area without Carthaginian CUs on its side of the walls
  (§25). It does not count toward the 3 CUs of a siege; its siege effect, which the rulebook
  does not give, is the card data's: no Carthaginian -1 on the siege table where it stands.
* #28 Hannibal Charms Italy is an event that moves Hannibal alone (OPS 2): the Roman ordinary PC
  of each Italian area he enters and keeps (no battle; no Roman CUs left there: none came,
  they were overrun or avoided him) is removed at no cost; the PC of his starting area costs
  1 MP, before his first step, never during a Truce.
* #41 Bad Weather holds the moving general to the 2nd area he enters (the card; §25's campaign
  note: it limits generals, not CUs): when he enters his 3rd or later area by land, before the
  reaction phase, the army goes back to the 2nd area he entered and its move ends (never back
  over the sea: at most to its landing port; if enemy CUs have come there since, the nearest
  free area before it; with none the card cannot be played). Against a pass or strait it also
  stops a crossing that takes a movement point after his second (the 3rd or 4th; with Forced
  March or Nero also the later ones): entering only his 1st or 2nd area so, the army stays on
  its side. Against a sea move, the generals of the force stay in port until the end of the
  turn (their CUs may go with another general).
* §12.6: when interceptors join other generals of their side in the area, the intercepting
  player names the commander among those of the highest status; a general moving without
  CUs (or who lost them on the way) that is intercepted is displaced, no battle (§10.10).
* #57/#58: a reshuffle at the deal (a deck too short) is the reshuffle of that turn: the
  restriction holds through it and ends when the next turn begins.
* #26: the Syracuse box of the naval track counts only while Carthage holds Syracuse: the PC
  leaves the box the first time she loses the city, and does not come back if she retakes it.
* §12.10: a failed interceptor may neither avoid nor intercept again the army he tried to stop
  until the card ends (he stays when his commander avoids it); other armies he may.
* The interception +1 is judged once, as the area stands when all attempts are declared (§12.6).
* §13.2(a): a commander who avoids may leave CUs behind (a consul keeps 5 with him); one CU left
  alone is overrun, more fight.
* §25 Truce: an event breaks it only when it happens (a truce-breaking card is declared as an
  event and spent without effect: the Truce holds); a response of a breaking class (both
  Hostile Tribes) ends it once applied, in either player's turn. During a Truce no army comes
  out of its walled city into enemy CUs (a sortie is a battle).
* §14.1 with #59: a player receives at most 20 battle cards in a battle, counting the deal
  before the elephants' reductions and the cards taken; a card taken beyond that only leaves
  the opponent's hand.
* #7/#8 also answer any card the opponent plays (before it acts) while his CUs stand in Liguria
  or Transalpine Gaul, against any of those CUs; the card then acts if it still can.
"""

from __future__ import annotations

from typing import Any

from games.core import (
    Action,
    Choice,
    GameRules,
    Msg,
    OptionInfo,
    Rng,
    ScenarioInfo,
    Turn,
    View,
    msg,
)
from games.hannibal import board as B
from games.hannibal import cards, combat, events, movement, siege, turn  # noqa: F401
from games.hannibal import prims as P
from games.hannibal import scenario as S
from games.hannibal import table as T
from games.hannibal.flow import DECISIONS, FLOW, active, run, settled_choices, waiting
from games.hannibal.state import CARTHAGE, ROME, SIDES, HState, SpaceState, area_of, copy_state
from games.hannibal.texts import TEXTS

OPTIONS: list[OptionInfo] = [
    OptionInfo(id="intercept_bonus",
               description="Interception +1 (§12.4 vs §19.3b): into an area with an enemy PC and "
                           "no own CUs ('enemy_pc'), or wherever the interceptor has no CUs "
                           "('no_cus', §12.4 literally)",
               choices=["enemy_pc", "no_cus"], default="enemy_pc"),
    OptionInfo(id="flaminius_blocks_withdrawal",
               description="§24: Flaminius' 1-4 also stops enemy withdrawals (the rulebook); "
                           "off as in the English reference chart",
               choices=[True, False], default=True),
    OptionInfo(id="zero_round_losses",
               description="§14.11: battle losses of a battle that ended before any round was "
                           "fought (an attacker without cards, a withdrawal at once): on the "
                           "1-round column ('column_1'), or none ('none')",
               choices=["column_1", "none"], default="column_1"),
]


class HannibalRules(GameRules[HState]):
    id = "hannibal"
    title = "Hannibal: Rome vs Carthage"
    texts = TEXTS
    state_model = HState

    def race(self, board: dict[str, Any]) -> dict[str, int]:
        """Political control: the political points of each side (§19)."""
        return {side: int(n) for side, n in (board.get("political") or {}).items()}

    def summary(self, state: HState) -> dict[str, Any]:
        """Battles fought and won by each side."""
        return {"battles": self.count_log(state, "log.battle"),
                "won": self.count_log(state, "log.battle_won", "side")}

    def scenarios(self) -> list[ScenarioInfo]:
        st = B.board().setup
        return [ScenarioInfo(
            id="218bc", name=st.name, roles=[ROME, CARTHAGE],
            role_names={ROME: "Rome", CARTHAGE: "Carthage"}, min_players=2, max_players=2,
            names={"en": st.name, "ru": st.name_ru},
            role_names_by_lang={lang: {r: TEXTS[lang][f"side.{r}"] for r in SIDES}
                                for lang in ("en", "ru")},
            description="The Second Punic War, 218-202 BC, nine turns (§4).", options=OPTIONS)]

    def setup(self, seed: int, scenario: str | dict, options: dict) -> HState:
        sc = S.read(scenario) if isinstance(scenario, dict) else None
        scen_id = sc.id if sc is not None else str(scenario)
        if sc is None and scen_id != "218bc":
            raise ValueError(f"unknown scenario {scenario!r}")
        opts = {o.id: options.get(o.id, o.default) for o in OPTIONS}
        for key, value in options.items():
            known = next((o for o in OPTIONS if o.id == key), None)
            if known is None or value not in known.choices:
                raise ValueError(f"option {key}={value!r}: unknown")
        s = new_game(seed, scen_id, opts)
        if sc is not None:
            S.apply(s, sc)
        run(s)
        return s

    def check_scenario(self, doc: dict[str, Any]) -> str:
        """A scenario document (data/hannibal/README.md): its name, or ``ValueError`` with each
        ``item: reason``; unknown fields are refused at every level."""
        sc = S.read(doc)
        self.setup(0, doc, {})
        return sc.name

    def copy(self, state: HState) -> HState:
        return copy_state(state)

    def active_roles(self, state: HState) -> list[str]:
        return active(state)

    def prompt(self, state: HState, role: str | None) -> Msg:
        if state.result is not None:
            return state.result.msg or msg("result.over")
        w = waiting(state)
        if w is None:
            return msg("prompt.none")
        f, d = w
        if role != f["role"]:
            return T.public_prompt(f, d.prompt(state, f, f["role"]))
        return d.prompt(state, f, role)

    def choices(self, state: HState, role: str) -> list[Choice]:
        key = ("choices", role, state.step, len(state.log), len(state.flow))
        got = state.cached(key)
        if got is None:
            w = waiting(state)
            if w is None or w[0]["role"] != role:
                got = []
            else:
                got = settled_choices(state)
                if got is None:
                    got = w[1].choices(state, w[0], role)
            state.keep(key, got)
        return list(got)

    def apply(self, state: HState, role: str, action: Action) -> None:
        FLOW.answer(state, role, action.verb, action.arg)

    # -- the View --------------------------------------------------------------------------------
    def public_board(self, state: HState) -> dict[str, Any]:
        key = ("board", state.step, len(state.log), len(state.flow))
        got = state.cached(key)
        if got is None:
            got = state.keep(key, public_board(state))
        return got

    def private_items(self, state: HState, role: str) -> dict[str, Any]:
        if role not in SIDES:
            return {}
        hand = sorted(state.hands.get(role, []))
        out: dict[str, Any] = {"hand": [B.card(c).key for c in hand], "hand_numbers": hand}
        if state.battle is not None and role in state.bhands:
            out["battle_hand"] = sorted(state.bhands[role])
        out.update(T.spied(state, role))
        return out

    def turn(self, state: HState) -> Turn:
        return T.turn(state)

    def private_lines(self, view: View, lang: str = "en") -> list[str]:
        return T.private_lines(view, lang)

    def perturb_hidden(self, state: HState, role: str, seed: int) -> HState:
        """Another strategy hand of the same size, another battle hand of the same size and
        another deck order: nothing the other side may see depends on them."""
        s = self.copy(state)
        rng = Rng.from_seed(seed)
        pool = list(B.board().cards)
        rng.shuffle(pool)
        if role in s.hands:
            s.hands[role] = pool[:len(s.hands[role])]
        if role in s.bhands:
            kinds = list(B.board().battle_deck)
            s.bhands[role] = sorted(kinds[rng.below(len(kinds))] for _ in s.bhands[role])
        rng.shuffle(s.deck)
        rng.shuffle(s.bdeck)
        return s

    # -- random playouts --------------------------------------------------------------------------
    def fuzz_weight(self, c: Choice, view: View) -> float:
        """The random playout's taste, read from the View only: play cards for moves and events,
        march armies toward the enemy and into him, besiege, intercept, answer with response
        cards, fight battles out (lead and match cards) rather than wander or discard."""
        v, a = c.verb, c.arg
        if v == "to":
            return _march_taste(view, str(a), int(c.msg.args.get("mp", 1)) if c.msg else 1)
        if v == "stop":
            return _stop_taste(view)
        if v == "port":
            return _port_taste(view, str(a))
        if v == "general":
            return _general_taste(view, str(a))
        if v == "card":
            return 1.0 + float(c.msg.args.get("ops", 1)) if c.msg is not None else 1.0
        if v in ("cus", "icu", "avoidk"):
            return 1.0 + 2.0 * int(a or 0)
        w = _FLAT.get((v, a if a in _FLAT_ARGS.get(v, ()) else "*"))
        return w if w is not None else 1.0

    def describe(self, view: View, lang: str = "en") -> str:
        return describe(self, view, lang)


# verb (and the args that matter) -> weight; "*" stands for any other arg of that verb
_FLAT_ARGS: dict[str, tuple[Any, ...]] = {
    "use": ("move", "pcs", "raise", "event", "discard", "back"),
    "here": ("stand", "avoid"), "intercept": ("",), "respond": (0,), "siege": ("roll", "no"),
    "match": ("",), "fight": ("battle", "return"), "pursue": ("roll",), "charge": ("yes",),
    "cmd": ("roll",), "counter": ("roll",), "block": ("roll",), "take": ("yes",),
    "hanno": ("yes",),
}
_FLAT: dict[tuple[str, Any], float] = {
    ("use", "move"): 7.0, ("use", "event"): 5.0, ("use", "pcs"): 2.0, ("use", "raise"): 2.0,
    ("use", "discard"): 0.2, ("use", "back"): 0.05,
    ("here", "stand"): 3.0, ("here", "avoid"): 2.0, ("here", "*"): 0.4,   # shelter, a sub avoids
    ("intercept", ""): 1.0, ("intercept", "*"): 4.0,
    ("respond", 0): 1.0, ("respond", "*"): 4.0,
    ("siege", "roll"): 12.0, ("siege", "no"): 0.2, ("siege", "*"): 3.0,
    ("lead", "*"): 1.0, ("withdraw", "*"): 0.4, ("concede", "*"): 0.2,
    ("match", ""): 0.3, ("match", "*"): 1.0,
    ("fight", "battle"): 5.0, ("fight", "return"): 1.0, ("fight", "*"): 0.5,
    ("pursue", "roll"): 3.0, ("pursue", "*"): 1.0,
    ("charge", "yes"): 3.0, ("charge", "*"): 1.0,
    ("cmd", "roll"): 2.0, ("counter", "roll"): 3.0, ("block", "roll"): 3.0, ("take", "yes"): 2.0,
    ("hanno", "yes"): 3.0,
    ("troops", "*"): 0.2, ("walls", "*"): 0.2, ("sail", "*"): 1.5, ("back", "*"): 0.05,
    ("done", "*"): 0.3,
}


class _Taste:
    """What the random player reads off one View's board: the armies of each side (areas with
    CUs outside the walls) and the places each side could besiege."""

    def __init__(self, view: View) -> None:
        b = view.board
        self.board = b
        self.me = view.role or ROME
        self.foe = CARTHAGE if self.me == ROME else ROME
        self.armies: dict[str, int] = {}            # my CUs outside the walls, by area
        self.foes: set[str] = set()
        self.lone_foes: set[str] = set()           # enemy generals without CUs (§10.4)
        for army in b["armies"]:
            if army["inside"]:
                continue
            if army["cu"] and army["side"] == self.me:
                self.armies[army["space"]] = self.armies.get(army["space"], 0) + army["cu"]
            elif army["cu"]:
                self.foes.add(army["space"])
            elif army["side"] != self.me and army["generals"]:
                self.lone_foes.add(army["space"])
        # §20: an enemy walled city or a tribe not friendly to me
        hostile = ("neutral",) if self.me == CARTHAGE else ("neutral", CARTHAGE)
        self.targets = {sp["id"] for sp in b["spaces"]
                        if (sp["kind"] == "walled_city" and sp["pc"] == self.foe)
                        or sp["native"] in hostile}
        self.goals = self.foes | self.targets
        moving = b.get("moving")
        self.at: str | None = moving["space"] if moving else None
        self.n: int = moving["cu"] if moving else 0
        self.mp: int = moving["mp"] if moving else 0

    def near(self, sid: str, goals: set[str]) -> int:
        d = B.distances(sid)
        return min((d.get(x, 99) for x in goals), default=99)


_TASTES: dict[int, _Taste] = {}


def _taste(view: View) -> _Taste:
    got = _TASTES.get(id(view.board))
    if got is None or got.board is not view.board or got.me != (view.role or ROME):
        _TASTES.clear()
        got = _TASTES[id(view.board)] = _Taste(view)
    return got


def _march_taste(view: View, target: str, cost: int) -> float:
    """Into the enemy army most of all, then onto a siege target, then closer to either; a
    general alone keeps clear of the last step onto an enemy general alone, where he could
    neither stop nor go on (§10.4)."""
    t = _taste(view)
    if t.n == 0:
        return 0.0 if target in t.lone_foes and t.mp - cost < 1 else 1.0
    if target in t.foes:
        return 30.0
    if t.n >= 3 and target in t.targets:
        return 10.0
    goals = t.goals if t.n >= 3 else t.foes
    if t.at is None or not goals:
        return 1.0
    here, there = t.near(t.at, goals), t.near(target, goals)
    return 6.0 if there < here else 1.0 if there == here else 0.3


def _stop_taste(view: View) -> float:
    """Stop on a siege target (then roll), or next to an enemy army; else keep marching."""
    t = _taste(view)
    if t.at is None:
        return 1.0
    if t.n >= 3 and t.at in t.targets:
        return 20.0
    return 2.0 if t.near(t.at, t.foes) <= 1 else 0.5


def _port_taste(view: View, port: str) -> float:
    t = _taste(view)
    d = t.near(port, t.goals)
    return 8.0 if d == 0 else 4.0 if d <= 2 else 1.0


def _general_taste(view: View, g: str) -> float:
    """A general with an army near the enemy, or near a place to besiege."""
    t = _taste(view)
    info = view.board["generals"].get(g)
    if info is None:
        return 1.0
    where = info["where"]
    cu = 0 if info["inside"] else t.armies.get(where, 0)
    if cu == 0:
        return 0.5
    d = t.near(where, t.goals)
    return 1.0 + min(cu, 10) / 2.0 + (8.0 if d <= 1 else 4.0 if d <= 3 else 0.0)


# -- setup (§4) ------------------------------------------------------------------------------------
def new_game(seed: int, scen_id: str, opts: dict[str, Any]) -> HState:
    bd = B.board()
    st = bd.setup
    s = HState(title="hannibal", scenario=scen_id, seed=seed, options=opts,
               roles=[ROME, CARTHAGE], rng=Rng.from_seed(seed))
    for sid, sp in bd.spaces.items():
        s.spaces[sid] = SpaceState(pc=sp.start or ("carthage" if sp.tribe == CARTHAGE else None),
                                   tribe=sp.tribe)
    for g in bd.generals:
        s.gens[g] = "pool" if P.side_of(g) == ROME else "dead"
    s.gens["africanus"] = "aside"
    s.consuls = list(st.consuls)
    for army in st.armies:
        P.add_cu(s, army.side, army.space, army.cus, army.elephants)
        for g in army.generals:
            P.place_general(s, g, army.space)
            for sub in st.holding_boxes.get(g, []):
                P.place_general(s, sub, army.space)
    s.deck = list(bd.cards)
    s.rng.shuffle(s.deck)
    s.say(msg("log.setup"))
    return s


# -- the public board ------------------------------------------------------------------------------
_STATIC: dict[str, Any] = {}


def _static() -> dict[str, Any]:
    if not _STATIC:
        bd = B.board()
        _STATIC["spaces"] = {
            sid: {"id": sid, "name": sp.name, "province": sp.province, "kind": sp.kind,
                  "x": sp.x, "y": sp.y, "port": sp.port, "port_modifier": sp.port_mod,
                  "capacity": sp.capacity}
            for sid, sp in bd.spaces.items()}
        _STATIC["links"] = [[a, b, k] for a, b, k in bd.links]
    return _STATIC


def _highlight(s: HState) -> list[str]:
    w = waiting(s)
    if w is None:
        return []
    f, _ = w
    if s.move is not None and f["k"] in ("march", "here", "intercept", "fight_or_return",
                                         "pursue_q"):
        return [area_of(s.move["loc"])]
    if f["k"] in ("siege_q", "hanno_pc"):
        return [f["sid"]]
    if s.battle is not None:
        return [s.battle["space"]]
    return []


# Parts of the public board, made once per content and shared between Views (read them, never
# change them): the areas by their markers, the provinces by their controllers, a general's entry
# by where he stands.
_SPACE_LISTS: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
_PROVINCE_LISTS: dict[tuple[str | None, ...], tuple[list[dict[str, Any]], dict[str, int]]] = {}
_GENERAL_ENTRIES: dict[tuple[str, str, str | None], dict[str, Any]] = {}


def _bounded(cache: dict[Any, Any], limit: int = 256) -> dict[Any, Any]:
    """Keep a cache small: consecutive States share most of their board, and a big cache of
    containers only makes the garbage collector's rounds longer."""
    if len(cache) > limit:
        cache.clear()
    return cache


def _spaces_part(s: HState, st: dict[str, Any]) -> list[dict[str, Any]]:
    key = tuple([(sp.pc, sp.tribe, sp.siege_by, sp.siege) for sp in s.spaces.values()])
    got = _SPACE_LISTS.get(key)
    if got is None:
        static = st["spaces"]
        got = _bounded(_SPACE_LISTS, 64)[key] = [
            static[sid] | {"pc": sp.pc, "native": sp.tribe,
                           "siege": {"by": sp.siege_by, "points": sp.siege} if sp.siege_by
                           else None}
            for sid, sp in s.spaces.items()]
    return got


def _provinces_part(s: HState) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The provinces with their controllers, and the political points (§22.1)."""
    ctl = P.province_controllers(s)
    key = tuple(ctl.values())
    got = _PROVINCE_LISTS.get(key)
    if got is None:
        provs = B.board().provinces
        points = {r: sum(1 for pid, p in provs.items() if p.need and ctl[pid] == r)
                  for r in SIDES}
        got = _bounded(_PROVINCE_LISTS)[key] = (
            [{"id": pid, "name": p.name, "region": p.region, "controller": ctl[pid],
              "scoring": bool(p.need)} for pid, p in provs.items()], points)
    return got


def _general_entry(s: HState, g: str, where: str) -> dict[str, Any]:
    title = "consul" if g in s.consuls else "proconsul" if g in s.proconsuls else None
    key = (g, where, title)
    got = _GENERAL_ENTRIES.get(key)
    if got is None:
        gen = B.general(g)
        on = None if where in P.DEAD_STATES else where
        got = _bounded(_GENERAL_ENTRIES, 2000)[key] = {
            "side": gen.side, "where": area_of(on) if on else where,
            "inside": bool(on and on.endswith(":in")), "title": title,
            "strategy": gen.strategy, "battle": gen.battle}
    return got


_GENERAL_PARTS: dict[tuple[Any, ...], tuple[dict[str, Any], dict[str, list[str]]]] = {}


def _generals_part(s: HState) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Every general's entry, and those off the map by where they wait (fresh containers over
    shared entries)."""
    key = (tuple(s.gens.items()), tuple(s.consuls), tuple(s.proconsuls))
    got = _GENERAL_PARTS.get(key)
    if got is None:
        generals = {}
        off: dict[str, list[str]] = {"pool": [], "displaced": [], "dead": [], "aside": []}
        for g, where in s.gens.items():
            generals[g] = _general_entry(s, g, where)
            if where in off:
                off[where].append(g)
        got = _bounded(_GENERAL_PARTS)[key] = (generals, off)
    return dict(got[0]), {k: list(v) for k, v in got[1].items()}


def public_board(s: HState) -> dict[str, Any]:
    st = _static()
    spaces = list(_spaces_part(s, st))
    provinces, points = _provinces_part(s)
    armies = []
    keys = sorted(set(s.units) | set(s.stacks))
    for key in keys:
        side, loc = key.split("|", 1)
        u = s.units.get(key, [0, 0])
        gens = list(s.stacks.get(key, []))
        is_in = loc.endswith(":in")
        sid = loc[:-3] if is_in else loc
        armies.append({"space": sid, "side": side, "inside": is_in,
                       "generals": gens, "commander": gens[0] if gens else None,
                       "cu": u[0], "elephants": u[1],
                       "besieging": s.spaces[sid].siege_by == side and not is_in})
    generals, off = _generals_part(s)
    b = s.battle
    battle = None
    if b is not None:
        battle = {"attacker": b["attacker"], "defender": b["defender"], "space": b["space"],
                  "round": b["round"], "lead": b["lead"], "played": [list(x) for x in b["played"]],
                  "counts": dict(b["counts"]), "commanders": dict(b["cmd"]),
                  "charge": b["charge"],
                  # how many cards the Spy showed: which ones only its player sees (private)
                  "revealed": {k: sorted(v) for k, v in b["revealed"].items()},
                  "winner": b["winner"] if b["winner"] in SIDES else None}
    moving = None
    if s.move is not None:
        moving = {"general": s.move["g"], "space": area_of(s.move["loc"]), "mp": s.move["mp"],
                  "cu": s.move["n"]}
    return {
        "turn": s.turn, "year": B.years(s.turn), "phase": s.phase,
        "first_player": s.first_player, "to_play": s.to_play,
        "spaces": spaces, "links": st["links"], "provinces": list(provinces), "armies": armies,
        "generals": generals, "generals_off_map": off,
        "hands": {r: len(s.hands.get(r, [])) for r in SIDES},
        "battle_hands": {r: len(s.bhands.get(r, [])) for r in SIDES} if b is not None else None,
        "political": dict(points),
        "deck": len(s.deck), "discard": len(s.discard),
        "discard_top": B.card(s.discard[-1]).key if s.discard else None,
        "removed": [B.card(c).key for c in s.removed],
        "markers": list(s.markers), "truce": s.truce, "siege_train": s.siege_train,
        "battle": battle, "moving": moving,
        "last_move": list(s.last_move), "highlight": _highlight(s),
    }


# -- the text description --------------------------------------------------------------------------
def describe(rules: HannibalRules, view: View, lang: str = "en") -> str:
    b = view.board

    def t(key: str, **args: Any) -> str:
        return rules.tr(msg(key, **args), lang)

    lines = [t("describe.head", n=b["turn"], years=f"@years.{b['turn']}", phase=f"@phase.{b['phase']}"),
             t("describe.points", rome=b["political"][ROME], carthage=b["political"][CARTHAGE],
               hr=b["hands"][ROME], hc=b["hands"][CARTHAGE])]
    for a in b["armies"]:
        gens = ", ".join(t(f"gen.{g}") for g in a["generals"])
        where = t(f"{'inside' if a['inside'] else 'space'}.{a['space']}")
        lines.append(f" {t('side.' + a['side'])}: {where}: {a['cu']} ({gens})")
    if b["battle"]:
        bt = b["battle"]
        lines.append(t("describe.battle", where=f"@space.{bt['space']}", n=bt["round"],
                       a=bt["counts"].get(bt["attacker"], 0),
                       d=bt["counts"].get(bt["defender"], 0)))
    if view.private.get("hand"):
        lines.append(t("describe.hand") + " " + ", ".join(
            t(f"card.{n}") for n in view.private["hand_numbers"]))
    if view.private.get("battle_hand"):
        lines.append(t("describe.battle_hand") + " " + ", ".join(
            t(f"bc.{x}") for x in view.private["battle_hand"]))
    if view.result is not None:
        lines.append(rules.tr(view.result.msg, lang) if view.result.msg else view.result.reason)
    else:
        lines.append(rules.tr(view.prompt_msg, lang))
        lines += [f"  {i + 1}. {rules.label(c, lang)}" for i, c in enumerate(view.actions)]
    return "\n".join(lines)


RULES = HannibalRules()

__all__ = ["DECISIONS", "RULES", "HannibalRules", "events"]
