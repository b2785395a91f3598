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
                    "revealed": {role: [card]},         # shown by Spy (#20)
                    "winner": role | None},
  "moving": None | {"general", "space", "mp": int, "cu": int},   # the army moving now
  "last_move": [space ids],                     # the path of the latest move
  "highlight": [space ids]                      # where the pending choice points
}
```

``View.private`` of a player: {"hand": [card keys], "hand_numbers": [card numbers],
"battle_hand": [battle card keys] (during a battle)}.

Readings of the rulebook where it is unclear (the spec's best readings):

* Interception's +1 (§12.4 vs §19.3b): into an area with a PC of the moving player and no CUs of
  the interceptor (option ``intercept_bonus``: "no_cus" reads §12.4 literally). An intercepting
  army takes its whole stack of generals and the CUs its player declares (at most 10; a
  consular army at least 5). A subordinate may intercept or avoid with
  part of the stack, his commander keeping 1 CU (5 for a consul) (§12.7, §13.3); what stays
  behind after a subordinate's avoid fights.
* A failed interceptor may not avoid that army until the end of the card (§12.10).
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
* Roman reinforcements without an army of 5 CUs: all five go to one place (§6.2).
* No reinforcements where enemy CUs stand outside the walls (§6.3).
* Battle losses for 0 rounds (the attacker held no cards) use the 1-round column.
* Losses the owner may choose (attrition, battle) take ordinary CUs first, elephants only for an
  "e" result; the first rout loss is an elephant (§17.2).
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
* Spy (#20) and Allies Defect (#59) are played in battle preparation and act at the deal.
* Capturing Rome or Carthage wins at once (§23); the all-Italy victory is checked at the start of
  the political assessment, before PC removal.
* Sheltering (§10.3 step 1): the owner puts some or all of his CUs inside the walls; the generals
  go in only with the whole army. CUs inside do not stop the mover (§13.5).
* A sortie (§20.7) is a move of the besieged out of their city into the besiegers: a battle at
  once; the sortie force may withdraw or retreat only back into its city.
* #57/#58 restrictions end at the start of the turn after the next reshuffle (§25, rulebook over
  the data's paraphrase). Carthaginian Naval Victory lasts to the end of the turn.
* The siege train (#30) moves with the army that leaves its area under that area's commander; it
  stays behind when the army sails; it is lost when it retreats or when enemy CUs stand in its
  area without Carthaginian CUs (§25). It does not count toward the 3 CUs of a siege.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Choice, GameRules, Msg, OptionInfo, Rng, ScenarioInfo, View, msg
from games.hannibal import board as B
from games.hannibal import cards, combat, events, movement, siege, turn  # noqa: F401
from games.hannibal import prims as P
from games.hannibal.flow import DECISIONS, active, run, waiting
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
]


class HannibalRules(GameRules[HState]):
    id = "hannibal"
    title = "Hannibal: Rome vs Carthage"
    texts = TEXTS
    state_model = HState

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(
            id="218bc", name="218 BC: the standard game", roles=[ROME, CARTHAGE],
            role_names={ROME: "Rome", CARTHAGE: "Carthage"}, min_players=2, max_players=2,
            description="The Second Punic War, 218-202 BC, nine turns (§4).", options=OPTIONS)]

    def setup(self, seed: int, scenario: str | dict, options: dict) -> HState:
        doc: dict[str, Any] = scenario if isinstance(scenario, dict) else {}
        scen_id = str(doc.get("id", "218bc")) if doc else str(scenario)
        if scen_id != "218bc" and not doc:
            raise ValueError(f"unknown scenario {scenario!r}")
        opts = {o.id: options.get(o.id, o.default) for o in OPTIONS}
        for key, value in options.items():
            known = next((o for o in OPTIONS if o.id == key), None)
            if known is None or value not in known.choices:
                raise ValueError(f"option {key}={value!r}: unknown")
        s = new_game(seed, scen_id, opts)
        if doc.get("position"):
            apply_position(s, doc["position"])
        run(s)
        return s

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
            return msg("prompt.waiting", side=f"@side.{f['role']}")
        return d.prompt(state, f)

    def choices(self, state: HState, role: str) -> list[Choice]:
        key = ("choices", role, state.step, len(state.log), len(state.flow))
        got = state.cached(key)
        if got is None:
            w = waiting(state)
            got = [] if w is None or w[0]["role"] != role else w[1].choices(state, w[0])
            state.keep(key, got)
        return list(got)

    def apply(self, state: HState, role: str, action: Action) -> None:
        w = waiting(state)
        assert w is not None
        f, d = w
        d.decide(state, f, action.verb, action.arg)
        run(state)

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
        return out

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
        """The random playout's taste: move and fight rather than discard, keep battles short."""
        v, a = c.verb, c.arg
        if v == "use":
            return {"move": 6.0, "pcs": 4.0, "raise": 2.0, "event": 3.0, "discard": 0.3,
                    "back": 0.1}.get(str(a), 1.0)
        if v == "to":
            return _march_taste(view, str(a))
        if v == "stop":
            return 0.5
        if v == "troops":
            return 0.2
        if v == "cus":
            return 1.0 + 2.0 * int(a or 0)
        if v == "walls":
            return 0.2
        if v == "sail":
            return 0.7
        if v == "back":
            return 0.1
        if v == "withdraw":
            return 0.3
        if v == "match" and not a:
            return 0.5
        if v == "siege":
            return 5.0 if a == "roll" else 0.5
        if v == "intercept":
            return 1.0 if a else 2.0
        return 1.0

    def describe(self, view: View, lang: str = "en") -> str:
        return describe(self, view, lang)


_TASTE: dict[int, tuple[Any, dict[str, set[str]]]] = {}


def _march_taste(view: View, target: str) -> float:
    """Prefer steps toward the nearest enemy army, most of all into it."""
    b = view.board
    got = _TASTE.get(id(b))
    if got is None or got[0] is not b:
        enemies: dict[str, set[str]] = {ROME: set(), CARTHAGE: set()}
        for a in b["armies"]:
            if a["cu"] and not a["inside"]:
                enemies[a["side"]].add(a["space"])
        _TASTE.clear()
        got = _TASTE[id(b)] = (b, enemies)
    foes = got[1][CARTHAGE if view.role == ROME else ROME]
    if target in foes:
        return 12.0
    d = B.distances(target)
    near = min((d.get(x, 99) for x in foes), default=99)
    return 6.0 if near <= 2 else 3.0 if near <= 4 else 1.5


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


def apply_position(s: HState, pos: dict[str, Any]) -> None:
    """A custom position (tests, moderators): fields of the State replaced wholesale."""
    for key, value in pos.items():
        if key == "spaces":
            for sid, fields in value.items():
                old = s.spaces[sid]
                s.spaces[sid] = SpaceState(**({"pc": old.pc, "tribe": old.tribe,
                                                "siege_by": old.siege_by, "siege": old.siege}
                                               | fields))
        else:
            setattr(s, key, value)


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


_ENTRIES: dict[tuple[Any, ...], dict[str, Any]] = {}


def _space_entry(sid: str, pc: str | None, tribe: str | None, by: str | None, points: int,
                 st: dict[str, Any]) -> dict[str, Any]:
    """An area of the public board, made once per content and shared (read it, never change
    it)."""
    key = (sid, pc, tribe, by, points)
    got = _ENTRIES.get(key)
    if got is None:
        if len(_ENTRIES) > 20000:
            _ENTRIES.clear()
        got = _ENTRIES[key] = dict(st["spaces"][sid]) | {
            "pc": pc, "native": tribe,
            "siege": {"by": by, "points": points} if by else None}
    return got


def public_board(s: HState) -> dict[str, Any]:
    st = _static()
    spaces = [_space_entry(sid, sp.pc, sp.tribe, sp.siege_by, sp.siege, st)
              for sid, sp in s.spaces.items()]
    ctl = P.province_controllers(s)
    provinces = [{"id": pid, "name": p.name, "region": p.region, "controller": ctl[pid],
                  "scoring": bool(p.need)} for pid, p in B.board().provinces.items()]
    armies = []
    keys = sorted(set(s.units) | set(s.stacks))
    for key in keys:
        side, loc = key.split("|", 1)
        u = s.units.get(key, [0, 0])
        gens = list(s.stacks.get(key, []))
        sid = area_of(loc)
        sp = s.spaces[sid]
        armies.append({"space": sid, "side": side, "inside": loc.endswith(":in"),
                       "generals": gens, "commander": gens[0] if gens else None,
                       "cu": u[0], "elephants": u[1],
                       "besieging": sp.siege_by == side and not loc.endswith(":in")})
    generals = {}
    off: dict[str, list[str]] = {"pool": [], "displaced": [], "dead": [], "aside": []}
    for g, where in s.gens.items():
        gen = B.general(g)
        title = "consul" if g in s.consuls else "proconsul" if g in s.proconsuls else None
        on = P.where(s, g)
        generals[g] = {"side": gen.side, "where": area_of(on) if on else where,
                       "inside": bool(on and on.endswith(":in")), "title": title,
                       "strategy": gen.strategy, "battle": gen.battle}
        if on is None and where in off:
            off[where].append(g)
    b = s.battle
    battle = None
    if b is not None:
        battle = {"attacker": b["attacker"], "defender": b["defender"], "space": b["space"],
                  "round": b["round"], "lead": b["lead"], "played": [list(x) for x in b["played"]],
                  "counts": dict(b["counts"]), "commanders": dict(b["cmd"]),
                  "charge": b["charge"], "revealed": {k: list(v) for k, v in b["revealed"].items()},
                  "winner": b["winner"] if b["winner"] in SIDES else None}
    moving = None
    if s.move is not None:
        moving = {"general": s.move["g"], "space": area_of(s.move["loc"]), "mp": s.move["mp"],
                  "cu": s.move["n"]}
    return {
        "turn": s.turn, "year": B.years(s.turn), "phase": s.phase,
        "first_player": s.first_player, "to_play": s.to_play,
        "spaces": spaces, "links": st["links"], "provinces": provinces, "armies": armies,
        "generals": generals, "generals_off_map": off,
        "hands": {r: len(s.hands.get(r, [])) for r in SIDES},
        "battle_hands": {r: len(s.bhands.get(r, [])) for r in SIDES} if b is not None else None,
        "political": {r: P.political_points(s, r) for r in SIDES},
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

    lines = [t("describe.head", n=b["turn"], years=b["year"], phase=f"@phase.{b['phase']}"),
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
