"""Pax Romana (the Standard Game) behind the common interface: the scenarios of the data (V, VII,
I, II) and any scenario document, the Standard formats and optional rules as options, setup, the
View and its text.

The Game Turn (§3.2) runs as phases on the flow stack: economy.py (A Income, B Maintenance,
E Manpower, Call-Up), leaders.py (C Removal, D Leader Selection), activation.py (F, with
events.py, cities.py, negotiation.py), isolation.py (G), victory.py (H Victory, I Turn Order);
control.py and stability.py hold control (§5) and Stability (§14); plans.py the secret
simultaneous plans. Movement, battles, naval actions, barbarians and special units plug in as
state.py says.

The public board (``View.board``) is a JSON-able dict, in the shape the picture
(``renderers/pax_romana/board.py``) reads, with a few more keys:

```
{
  "turn": int, "last_turn": int, "phase": "A".."I", "bc": [from, to],
  "active": power | None,              # the Power whose Activation it is
  "am_track": {"played": [power], "pool": int,         # AMs played this turn; left in the pool
               "by_owner": {power | "event": int}, "first_round": [power]},
  "next_am_events": [event],           # events waiting for the next AM's Power (§16.1.3)
  "powers": {power: {"treasury", "stability", "range", "vp", "vp_turn", "gop", "cvp",
                     "ams_left", "manpower": {"LG"|"HI": room under the Manpower Maximum},
                     "max_mp": {"heavy": int, "max": int}, "leaders_in_pool", "drawn",
                     "objectives": int, "objectives_shown": [letter], "riots", "conqueror",
                     "galley_improvement", "no_activations"}},
  "provinces": {province: {"control": power | None}},
  "territories": {territory: {"control": power | None}},
  "control": {space: controller},     # every space someone controls (not the Transit Points)
  "spaces": {point: {"control": controller | None,
                     "units": [{"owner", "type", "count", "weakened"}], "bp": {owner: int},
                     "leaders": [{"id", "owner", "name", "tactics", "campaign", "exceptional"}],
                     "city": {"owner", "kind", "fp", "damaged"} | None,
                     "tribe": {"revealed": False, "strength": None} | None,   # hidden strength
                     "pirates": bool, "siege": None}},  # only points with something on them
  "last_move": {"power", "path", "kind", "battle"} | None, "focus": point | None,
  "moving": {"owner", "start", "at", "path", "units", "leaders", "minor", "mp", ...} | None,
  "moved": {"space|owner": {unit type: count}},   # moved this Activation (§9.1.4)
  "sof": {"power", "removal_turn"} | None, "slave_revolt": {...} | None,
  "barbarian_armies": [...], "mutinied": ["space|owner"],
  "rhodes_user": power | None,         # who uses Rhodes' navy this turn (§12.5.1)
  "allied_independents": {"rhodes" | "pergamum": power},   # by the alliance cards (§17.2)
  "negotiation": {"by": power, "invited": [power], "card"?: kind} | None,   # a Negotiate
                                   # under way (§4.1), or the Alliance card's (§4.2: "card")
  "alliances": [[power]],              # groups allied until the end of the Game Turn (§4.3.1)
  "bribes": [{"by", "to", "n"}],       # bribes offered and not yet answered (§4.4, bribes.py)
  "rebels": [{"space", "region"}],     # rebel Barbarians and their rebellion's region (§13.3)
  "cyprus_closed": [space],            # Cyprus closed to fleets this Game Turn (§13.3)
  "exceptional_box": [leader],         # Exceptional leaders resting this turn (§8.3)
  "cards": {...} | None                # the Advanced Game's cards (games/pax_romana/cards/view.py)
}
```

``View.private`` of a Power: ``leaders`` (drawn and not yet revealed: id, ratings, Exceptional,
``placed_at`` as planned), ``plan`` (its secret plan while it is being built: ``kind``,
``confirmed``, ``items`` [{action, unit, count, where, cost}], ``cost``), ``objectives`` (its
Optional Objective letters), ``cards`` (the Advanced Game: its hand and what its Spies and
Traitor showed it, cards/view.py).
"""

from __future__ import annotations

import copy
import weakref
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
from games.pax_romana import (  # noqa: F401 - the phase modules register their frames
    activation,
    alliances,
    bribes,
    cards,
    cities,
    economy,
    events,
    isolation,
    leaders,
    movement,
    negotiation,
    plans,
    victory,
)
from games.pax_romana.activation import battle_points
from games.pax_romana.cards import held as held_cards
from games.pax_romana.cards import view as card_view
from games.pax_romana.control import controllers, data, province_map, territory_map
from games.pax_romana.data import DataError
from games.pax_romana.flow import FLOW, active, run, waiting
from games.pax_romana.setup import new_game, scenario_doc
from games.pax_romana.stability import settle, stability_range
from games.pax_romana.state import MAXMP_TYPES, PRState
from games.pax_romana.texts import TEXTS

SCENARIOS = ("V", "VII", "II", "I", "IV")


def _option(oid: str, description: str, *choices: Any) -> OptionInfo:
    """A setup option; its first choice is the default."""
    return OptionInfo(id=oid, description=description, choices=list(choices), default=choices[0])


OPTIONS = [
    _option("format", "Standard format (§3.8.1): Basic (5 turns, 3 AMs, no events, no "
            "objectives), Basic II (1 Event marker, one objective each), Basic Plus (4 AMs, 2 "
            "Event markers, one objective each), Ultra Basic (10 turns, 4 AMs, 2 Event markers, "
            "objectives bought)", "basic", "basic_ii", "basic_plus", "ultra_basic"),
    _option("advanced", "The Advanced Game (§17): the 55 event cards instead of the Event "
            "markers, 4 AMs a Power (§3.8.2); Scenarios V and VII", False, True),
    _option("card_play_window", "Advanced Game (§17.1.5): at the start of each Action Segment "
            "the other Powers holding cards are asked whether to play one, or only when an "
            "action opens a window for an answering card", "each_action", "answers_only"),
    _option("naval_ambush_escorted", "Ambiguity A6: Naval Ambush against an escorted transport "
            "is a naval battle with the escort (the army loses 2 BP a galley lost, all of it "
            "if the escort is sunk, §11.4.6), or has no effect", "battle", "no_effect"),
    _option("naval_ambush_path", "Ambiguity A6: the sea path from the ambushing galleys may "
            "not pass through a port or naval point holding others' galleys, or must (as "
            "printed)", "blocked", "required"),
    _option("mission_links", "Ambiguity A7: Diplomatic Mission into Interior reaches Tribe "
            "counters within this many land links of the Power's units (the number is lost; "
            "4 as on Independent Expansion)", 4, 1, 2, 3, 5, 6),
    _option("independent_expansion", "Ambiguity A8: Independent Expansion places one free "
            "Garrison in each of any number of qualifying spaces (as printed), or at most this "
            "many", "any", 1, 2, 3),
    _option("gaul_objection", "Ambiguity A30: after a Mass Rebellion in Gaul any Power may move "
            "the Gallic army with its Major Move, or only while the card's player does not "
            "object (asked when he places it)", False, True),
    _option("event_markers", "Event markers a turn (§16.1.1): as the format or scenario says, or "
            "0 to 2", "format", 0, 1, 2),
    _option("am_order", "Activation order (§3.4.2): the first round in turn order, or the "
            "optional rule (only the first AM placed, every other one drawn)", "standard",
            "alternative"),
    _option("reroll", "Optional §10.3.5: the battle reroll", False, True),
    _option("simplified_ratio", "Optional §10.3.6: the simplified battle ratio", False, True),
    _option("legion_cavalry", "Optional: Roman legion cavalry in the Standard Game (§10.4.4)",
            False, True),
    _option("legions_without_cavalry", "Optional §10.4.5 (Advanced Game): no legion cavalry in "
            "Turns IX and X, each Legion 5 BP", False, True),
    _option("rough_mountain_attrition", "Optional §9.6.5 (Advanced Game): an army of 3 or more "
            "units that starts an Activation in a rough mountain and stays suffers attrition",
            False, True),
    _option("early_disbanding", "Optional §14.2.2 (Advanced Game): a player may disband HI and "
            "Legions at the start of each of his Activations", False, True),
    _option("table_talk", "Optional §4.5: table talk, alliances at any time", False, True),
    _option("home_territory_income", "Ambiguity A23: a Power's own Home Territory earns the "
            "+1T of a controlled territory (§6.1.1 as written), or not", True, False),
    _option("successor_greek_answers", "Ambiguity A40 (Advanced Game, card 36): Greece may "
            "intercept and withdraw against the Successor army as against any enemy, or its "
            "units stand", True, False),
    _option("capital_penalty", "Ambiguity A17: the end-of-turn -1 Stability for a capital not "
            "held counts each capital (Greece, East), or once", "per_capital", "once"),
]
# a scenario played Standard only offers no Advanced Game
STANDARD_OPTIONS = [_option("advanced", o.description, False) if o.id == "advanced" else o
                    for o in OPTIONS]
# and one played Advanced only (Scenario IV) no Standard Game
ADVANCED_OPTIONS = [_option("advanced", o.description, True) if o.id == "advanced" else o
                    for o in OPTIONS]


class PaxRomanaRules(GameRules[PRState]):
    id = "pax_romana"
    title = "Pax Romana"
    texts = TEXTS
    state_model = PRState

    # -- scenarios and setup (§3.1) ----------------------------------------------------------------

    def race(self, board: dict[str, Any]) -> dict[str, int]:
        """The Victory Points of each Power (§15)."""
        return {power: int(info.get("vp", 0))
                for power, info in (board.get("powers") or {}).items()}

    def summary(self, state: PRState) -> dict[str, Any]:
        """Land and naval battles fought, and won by each Power."""
        return {"battles": self.count_log(state, "log.battle_result")
                + self.count_log(state, "log.naval_battle"),
                "won": {p: n for p, n in self.count_log(state, "log.battle_result", "who").items()
                        if p in state.roles}}
    def coverage(self, state: PRState) -> set[str]:
        """The card kinds played in the game (§17.2), as ``card <kind>``."""
        return {f"card {str(e.msg.args['card']).rsplit('.', 1)[-1]}" for e in state.log
                if e.msg.key == "log.card_played" and "card" in e.msg.args}

    def coverage_expected(self, scenario: str, options: dict[str, Any]) -> set[str]:
        """In the Advanced Game, every card kind of the deck."""
        if not options.get("advanced", scenario == "IV"):
            return set()
        return {f"card {c.id}" for c in data().event_cards.cards}

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        d = data()
        for sid in SCENARIOS:
            doc = d.scenario(sid)
            roles = [p for p in ("rome", "carthage", "greece", "east") if p in doc.powers]
            out.append(ScenarioInfo(
                id=sid, name=f"{sid}. {doc.name}", roles=roles,
                role_names={r: TEXTS["en"][f"power.{r}"] for r in roles},
                names={"ru": f"{sid}. {TEXTS['ru'][f'scenario.{sid}']}"},
                role_names_by_lang={"ru": {r: TEXTS["ru"][f"power.{r}"] for r in roles}},
                min_players=doc.players.min, max_players=doc.players.max,
                description=f"{doc.name} ({doc.date or ''}): " + ", ".join(
                    TEXTS["en"][f"power.{r}"] for r in roles),
                options=OPTIONS if set(doc.rule_levels) == {"standard", "advanced"} else
                STANDARD_OPTIONS if "advanced" not in doc.rule_levels else ADVANCED_OPTIONS))
        return out

    def setup(self, seed: int, scenario: str | dict, options: dict) -> PRState:
        opts = {o.id: options.get(o.id, o.default) for o in OPTIONS}
        for key, value in options.items():
            known = next((o for o in OPTIONS if o.id == key), None)
            if known is None:
                raise DataError([f"option {key}: unknown"])
            if value not in known.choices:
                raise DataError([f"option {key}: {value!r} is not one of {known.choices}"])
        doc = scenario_doc(scenario)
        if "standard" not in doc.rule_levels and "advanced" not in options:
            opts["advanced"] = True         # an Advanced-only scenario's default (Scenario IV)
        s = new_game(seed, doc, opts)
        s.start_turn, s.start_phase = doc.start.turn, doc.start.phase
        s.free_first_am = doc.start.phase == "F" and doc.start.segment == 3
        settle(s, quiet=True)
        victory.count_points(s)
        if doc.leaders.mode == "draw" and doc.leaders.per_power:
            s.phase = "D" if doc.start.phase > "D" else doc.start.phase
            leaders.begin_selection(s, doc.leaders.per_power)
        else:
            s.phase = doc.start.phase
            from games.pax_romana.flow import PHASES
            PHASES[s.phase](s)
        run(s)
        return s

    # -- whose decision ---------------------------------------------------------------------------
    def active_roles(self, state: PRState) -> list[str]:
        return active(state)

    def prompt(self, state: PRState, role: str | None) -> Msg:
        if state.result is not None:
            return state.result.msg or msg("prompt.over")
        w = waiting(state)
        if w is None:
            return msg("prompt.none")
        f, d = w
        return d.prompt(state, f, role)

    def choices(self, state: PRState, role: str) -> list[Choice]:
        out = FLOW.choices(state, role)
        return out + alliances.table_talk_choices(state, role) if out else out

    def apply(self, state: PRState, role: str, action: Action) -> None:
        if action.verb == "table_talk":         # §4.5 (optional): talks at any time
            alliances.open_talk(state, role)
            return
        FLOW.answer(state, role, action.verb, action.arg)
        if state.result is None:
            settle(state)
        bribes.lapse(state)                     # §4.4: an offer lasts while its moment does

    def side_choices(self, state: PRState, role: str) -> list[Choice]:
        """Bribes (§4.4), offered and answered while another Power's action takes effect."""
        return bribes.side_choices(state, role)

    def apply_side(self, state: PRState, role: str, action: Action) -> None:
        bribes.apply(state, role, action)

    def turn(self, state: PRState) -> Turn:
        """A turn per Activation (the active Power holds it); a secret plan is one turn held by
        every planner; anyone else asked meanwhile answers an interrupting question."""
        w = waiting(state)
        if w is not None and w[0]["k"] == "plan":
            f = w[0]
            return Turn(key=f"{state.turn}{state.phase}:plan:{f['plan']}", roles=list(f["roles"]))
        key = f"{state.turn}{state.phase}:{len(state.am_track)}"
        if state.active_power:
            return Turn(key=key, roles=[state.active_power])
        # between two Activations (an event's question, the phases after F): a turn of its own
        return Turn(key=f"{key}:{len(state.events_seen)}:{len(state.flow)}",
                    roles=self.active_roles(state))

    # -- the View ---------------------------------------------------------------------------------
    def public_board(self, state: PRState) -> dict[str, Any]:
        """Made once per State object and shared by all its Views (read it, never change it):
        ``act`` always makes a new State, which is never changed once handed out. Kept while
        the State lives, whatever is asked in between: a table service holding many games asks
        for one game's Views at different moments, and each View would otherwise hold a board
        of its own."""
        boards: dict[int, tuple[weakref.ref[PRState], tuple[int, int, int], dict[str, Any]]] = \
            self.__dict__.setdefault("_boards", {})
        key = (state.step, len(state.log), len(state.flow))
        kept = boards.get(id(state))
        if kept is not None and kept[0]() is state and kept[1] == key:
            return kept[2]
        board = public_board(state)
        n = id(state)
        boards[n] = (weakref.ref(state, lambda _ref: boards.pop(n, None)), key, board)
        return board

    def private_items(self, state: PRState, role: str) -> dict[str, Any]:
        if role not in state.powers:
            return {}
        p = state.powers[role]
        plan_frame = next((f for f in state.flow if f["k"] == "plan" and role in f["plans"]),
                          None)
        placed = plan_frame["plans"][role].get("at", []) if plan_frame else []
        out: dict[str, Any] = {
            "leaders": [{"id": lid, "owner": role, "name": None,
                         "tactics": data().leader(lid).tactics,
                         "campaign": data().leader(lid).campaign,
                         "exceptional": leaders.is_exceptional(lid),
                         "placed_at": placed[i] if i < len(placed) else None}
                        for i, lid in enumerate(p.drawn)],
            "objectives": list(p.objectives)}
        if plan_frame is not None:
            out["plan"] = _plan_items(state, role, plan_frame)
        if state.options.get("advanced"):
            out["cards"] = card_view.private_cards(state, role)
        seen = held_cards.tribes_seen(state, role)
        if seen:
            out["tribes_seen"] = seen           # Diplomatic Mission into Interior (§17.2)
        return out

    def perturb_hidden(self, state: PRState, role: str, seed: int) -> PRState:
        """Other leaders drawn (from the same pool), other objective letters, another plan being
        built, other tribe strengths: nothing another role may see changes."""
        s = self.copy(state)
        rng = Rng.from_seed(seed)
        if role in s.powers:
            p = s.powers[role]
            if p.drawn and p.pool:
                everyone = p.drawn + p.pool
                rng.shuffle(everyone)
                p.drawn, p.pool = everyone[:len(p.drawn)], sorted(everyone[len(p.drawn):])
            if p.objectives and s.objective_pool:
                hidden = [x for x in p.objectives if x not in p.objectives_shown]
                both = hidden + s.objective_pool
                rng.shuffle(both)
                p.objectives = [x for x in p.objectives if x in p.objectives_shown] + both[:len(hidden)]
                s.objective_pool = sorted(both[len(hidden):])
            for f in s.flow:
                if f["k"] == "plan" and role in f["plans"] and role not in f["confirmed"]:
                    f["plans"][role] = plans.KINDS[f["plan"]].blank(s, role)
        for sp in s.tribes:
            s.tribes[sp] = 2 + rng.below(7)
        held_cards.perturb_seen(s, role)
        held_cards.perturb_dictator(s, role)
        card_view.perturb_cards(s, role, rng)
        return s

    # -- random playouts --------------------------------------------------------------------------
    def fuzz_weight(self, c: Choice, view: View) -> float:
        """The random playout's taste: act and expand rather than pass, finish plans."""
        v = c.verb
        if v in ("back", "page", "undo", "unrebuild", "stay", "refuse", "leave", "leave_leader",
                 "leave_galley", "table_talk"):
            return 0.2
        if v == "action":
            return {"expansion": 6.0, "callup": 2.0, "negotiate": 0.5, "pass": 0.2}[str(c.arg)]
        if v == "answer":
            return 0.5 if c.arg == 0 else 4.0    # a card that answers is played when held
        if v == "embark":
            return 3.0                  # armies go by sea now and then (Naval Transport, §11.3)
        if v == "kind" and c.arg == "city":
            return 0.05                 # a city given away (a capital ends many a game at once)
        if v == "pay" and view.prompt_msg.key == "prompt.am_pay":
            return 8.0                  # the Advanced Game's AM paid, as an Action is taken
        if v in ("confirm", "done"):
            return 2.0
        if v == "end":
            return 0.6
        if v in ("march", "from", "unit", "go", "to", "sail", "fleet"):
            return 4.0
        if v == "menu":
            return 3.0 if c.arg in ("major", "minor_move", "settlement", "city", "form",
                                    "galley") else 1.0
        return 1.0

    # -- text -------------------------------------------------------------------------------------
    def private_lines(self, view: View, lang: str = "en") -> list[str]:
        priv = view.private
        lines = []
        t = TEXTS.get(lang, TEXTS["en"])
        word = {"en": "Leader drawn", "ru": "Вытянут полководец"}.get(lang, "Leader drawn")
        for ld in priv.get("leaders", []):
            name = t.get(f"leader.{ld['id']}", ld["id"])
            where = t.get(f"space.{ld.get('placed_at')}") if ld.get("placed_at") else None
            lines.append(f"{word}: {name} ({ld['tactics']}-{ld['campaign']})"
                         + (f" → {where}" if where else ""))
        label = {"en": "Optional Objective", "ru": "Возможная цель"}.get(lang, "")
        for letter in priv.get("objectives", []):
            lines.append(f"{label} {letter}: {t.get(f'objective.{letter}', letter)}")
        plan = priv.get("plan")
        if plan:
            lines.extend(_plan_lines(plan, lang))
        lines.extend(card_view.card_lines(priv.get("cards"), lang))
        tribe = {"en": "Tribe counter at {space}: {n} warriors (Diplomatic Mission)",
                 "ru": "Фишка племени в {space}: воинов {n} (дипломатическая миссия)"}.get(
            lang, "Tribe counter at {space}: {n} warriors (Diplomatic Mission)")
        for sp, n in priv.get("tribes_seen", {}).items():
            lines.append(tribe.format(space=t.get(f"space.{sp}", sp), n=n))
        return lines

    def describe(self, view: View, lang: str = "en") -> str:
        t = TEXTS.get(lang, TEXTS["en"])
        b = view.board
        head = {"en": "Game Turn {turn} of {last}, phase: {phase}",
                "ru": "Ход {turn} из {last}, фаза: {phase}"}.get(lang, "")
        lines = [head.format(turn=b["turn"], last=b["last_turn"], phase=t[f"phase.{b['phase']}"])]
        row = {"en": "{name}: {treasury}T, Stability {stability}, VP {vp}, GOP {gop}, CVP {cvp}, "
                     "AMs left {ams}; provinces: {provinces}",
               "ru": "{name}: {treasury}Т, стабильность {stability}, ПО {vp}, ОГЦ {gop}, ОЦ {cvp}, "
                     "МА осталось {ams}; провинции: {provinces}"}.get(lang, "")
        for power, p in b["powers"].items():
            held = [t[f"province.{pr}"] for pr, c in b["provinces"].items()
                    if c["control"] == power]
            lines.append(row.format(name=t[f"power.{power}"], treasury=p["treasury"],
                                    stability=p["stability"], vp=p["vp"], gop=p["gop"],
                                    cvp=p["cvp"], ams=p["ams_left"],
                                    provinces=", ".join(held) or "—"))
        ally = {"en": "Alliance until the end of the turn: ",
                "ru": "Союз до конца хода: "}.get(lang, "")
        for group in b.get("alliances", []):            # §4.3.1
            lines.append(ally + ", ".join(t[f"power.{p}"] for p in group))
        rebels = {"en": "Rebels ({region}): ", "ru": "Мятежники ({region}): "}.get(lang, "")
        by_region: dict[str, list[str]] = {}
        for r in b.get("rebels", []):                  # §13.3
            by_region.setdefault(r["region"], []).append(t[f"space.{r['space']}"])
        for region, where in by_region.items():
            lines.append(rebels.format(region=t[f"region.{region}"]) + ", ".join(where))
        if b.get("cyprus_closed"):
            lines.append({"en": "Cyprus is closed to fleets this turn: ",
                          "ru": "Кипр закрыт для флотов в этом ходу: "}.get(lang, "")
                         + ", ".join(t[f"space.{sp}"] for sp in b["cyprus_closed"]))
        bribe = {"en": "Bribe of {n}T offered by {by} to {to}, not yet answered",
                 "ru": "Взятка {n}Т: предлагает {by}, получатель {to}; ответа ещё нет"}.get(
            lang, "Bribe of {n}T offered by {by} to {to}, not yet answered")
        for o in b.get("bribes", []):                   # §4.4
            lines.append(bribe.format(n=o["n"], by=t[f"power.{o['by']}"],
                                      to=t[f"power.{o['to']}"]))
        lines += card_view.board_lines(b.get("cards"), lang)     # §17 (Advanced Game)
        lines.append(self.tr(view.prompt_msg, lang))
        lines += [f"{i + 1}. {self.label(c, lang)}" for i, c in enumerate(view.actions)]
        lines += self.private_lines(view, lang)
        return "\n".join(lines)


def _plan_items(s: PRState, role: str, f: dict[str, Any]) -> dict[str, Any]:
    """A Power's own plan in the shape the hand picture reads."""
    plan = f["plans"][role]
    items: list[dict[str, Any]] = []
    cost = 0
    if f["plan"] == "maintenance":
        for key, n in sorted(plan["disband"].items()):
            sp, kind = key.split("|")
            items.append({"action": "disband", "unit": kind, "count": n, "where": sp})
        cost = economy.maintenance_cost(s, role, plan)
    elif f["plan"] == "manpower":
        for what, sp, kind in plan["items"]:
            if what == "objective":
                price = int(plan.get("objective_cost", 1))
                items.append({"action": "objective", "count": 1, "cost": price})
                cost += price
                continue
            action = {"galley": "galleys", "hire": "form"}.get(what, "form")
            items.append({"action": action, "unit": kind, "count": 1, "where": sp,
                          "cost": economy.FULL_COST[kind]})
            cost += economy.FULL_COST[kind]
        for key in plan["rebuild"]:
            sp, kind, _ = key.split("|")
            items.append({"action": "rebuild", "unit": kind[1:], "count": 1, "where": sp,
                          "cost": economy.rebuild_cost()})
            cost += economy.rebuild_cost()
    elif f["plan"] == "discard":
        for x in plan["out"]:
            items.append({"action": "discard", "unit": None, "count": 1, "objective": x})
    else:
        for lid, sp in zip(s.powers[role].drawn, plan.get("at", []), strict=False):
            items.append({"action": "place", "unit": None, "leader": lid, "where": sp})
    return {"kind": f["plan"], "confirmed": role in f["confirmed"], "items": items,
            "cost": cost if f["plan"] != "leaders" else None}


def _plan_lines(plan: dict[str, Any], lang: str) -> list[str]:
    t = TEXTS.get(lang, TEXTS["en"])
    out = []
    for item in plan.get("items", []):
        where = t.get(f"space.{item.get('where')}", "") if item.get("where") else ""
        if item.get("leader"):
            what = t.get(f"leader.{item['leader']}", item["leader"])
        elif item.get("objective"):
            what = item["objective"]
        elif item.get("unit"):
            unit = t[f"unit.{item['unit']}"]
            what = f"{item.get('count', 1)} × {unit}"
        else:
            what = str(item.get("count", 1))
        verb = t.get(f"plan.{item['action']}", item["action"])
        out.append(" ".join(x for x in (verb, what, where) if x))
    if plan.get("cost") is not None:
        out.append(t["plan.cost"].format(n=plan["cost"]))
    return out


def _units(owners: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    """Units by owner and type, weakened LG/HI counted within their type."""
    out = []
    for owner, st in sorted(owners.items()):
        merged: dict[str, list[int]] = {}
        for kind, n in st.items():
            base = kind[1:] if kind in ("wLG", "wHI") else kind
            entry = merged.setdefault(base, [0, 0])
            entry[0] += n
            if base != kind:
                entry[1] += n
        for kind, (n, weak) in sorted(merged.items()):
            out.append({"owner": owner, "type": kind, "count": n, "weakened": weak})
    return out


def _rebels(s: PRState) -> list[dict[str, str]]:
    """§13.3: where rebel Barbarians stand, with the region whose rebellion raised them (what
    lasts while they live hangs on it); public, as the units are."""
    from games.pax_romana.rebellions import REBELS
    return [{"space": sp, "region": r}
            for sp, r in sorted(s.card_effects.get(REBELS, {}).items())
            if s.stack(sp, "barbarian").get("BR", 0) > 0]


def _cyprus_closed(s: PRState) -> list[str]:
    """§13.3 Cyprus: the spaces closed to fleets this Game Turn."""
    from games.pax_romana.rebellions import CYPRUS, cyprus_spaces
    return sorted(cyprus_spaces()) if s.card_effects.get(CYPRUS) == s.turn else []


MOVING_KEYS = ("owner", "start", "at", "path", "units", "leaders", "minor", "mp", "from",
               "dropped", "disbanded")


def _moving(s: PRState) -> dict[str, Any] | None:
    """The army (or Minor Move's unit) on its way by land, as the table sees it (§9.1-9.2): where
    it set out, the way it came, what moves with it, its MP left, what it dropped."""
    f = next((f for f in reversed(s.flow) if f["k"] == "move_army"), None)
    if f is None or f.get("stage") != "move" or f.get("sea"):
        return None
    return {k: copy.deepcopy(f[k]) for k in MOVING_KEYS if k in f}


def public_board(s: PRState) -> dict[str, Any]:
    d = data()
    ctrl = controllers(s)
    provinces = province_map(s, ctrl)
    territories = territory_map(provinces)
    # one {"control": holder} per holder, shared by the provinces and territories it holds (a
    # board is read, never changed; a table service keeps hundreds of them)
    entries: dict[str | None, dict[str, str | None]] = {}

    def held(holder: str | None) -> dict[str, str | None]:
        return entries.setdefault(holder, {"control": holder})

    row = d.tables.game_turns.turn(min(max(s.turn, 1), 10))
    powers = {}
    for power, p in s.powers.items():
        ams_left = activation.ams_left(s, power)
        heavy, most = s.count(power, MAXMP_TYPES), economy.maxmp(s, power)
        powers[power] = {
            "treasury": p.treasury, "stability": p.stability,
            "range": stability_range(p.stability), "vp": p.vp, "vp_turn": p.vp_turn,
            "gop": p.gop, "cvp": p.cvp, "ams_left": ams_left,
            "manpower": {"LG" if power == "rome" else "HI": max(0, most - heavy)},
            "max_mp": {"heavy": heavy, "max": most},
            "leaders_in_pool": len(p.pool) + len(p.drawn), "drawn": len(p.drawn),
            "objectives": len(p.objectives), "objectives_shown": list(p.objectives_shown),
            "riots": p.riots, "conqueror": p.conqueror,
            "galley_improvement": p.galley_improvement, "no_activations": p.no_activations,
            # a scenario's gift still to raise (Scenario I: Rome's two Legions, free)
            "free_units": dict(s.free_units.get(power, {}))}
    spaces: dict[str, Any] = {}
    pirates = {x["at"] for x in s.pirates}
    by_space: dict[str, list[dict[str, Any]]] = {}
    for lid, ls in sorted(s.leaders.items()):
        ld = d.leader(lid)
        by_space.setdefault(ls.at, []).append(
            {"id": lid, "owner": ls.owner, "name": getattr(ld, "name", None),
             "tactics": ld.tactics, "campaign": ld.campaign,
             "exceptional": bool(getattr(ld, "exceptional", False))})
    for sp in sorted(set(s.units) | set(s.cities) | set(s.tribes) | pirates | set(by_space)):
        owners = s.units.get(sp, {})
        c = s.cities.get(sp)
        spaces[sp] = {
            "control": ctrl.get(sp),
            "units": _units(owners),
            "bp": {o: sum(battle_points(k) * n for k, n in st.items())
                   for o, st in sorted(owners.items())},
            "leaders": by_space.get(sp, []),
            "city": ({"owner": c.owner, "kind": c.kind, "fp": c.fp,
                      "damaged": c.fp < economy.full_fp(c.kind)} if c else None),
            "tribe": {"revealed": False, "strength": None} if sp in s.tribes else None,
            "pirates": sp in pirates, "siege": None}
    return {
        "turn": s.turn, "last_turn": s.last_turn, "phase": s.phase, "bc": [row.bc_from, row.bc_to],
        "active": s.active_power,
        "am_track": {"played": list(s.am_track), "pool": sum(s.am_pool.values()),
                     "by_owner": dict(sorted(s.am_pool.items())),
                     "first_round": list(s.first_round)},
        "next_am_events": list(s.next_am_events),
        "powers": powers,
        "provinces": {p: held(c) for p, c in provinces.items()},
        "territories": {t: held(c) for t, c in territories.items()},
        "control": {sp: c for sp, c in ctrl.items() if c is not None},
        "spaces": spaces,
        "last_move": dict(s.last_move) if s.last_move else None,
        "moving": _moving(s),
        # the units that have moved this Activation and may not move again (§9.1.4)
        "moved": {k: dict(v) for k, v in sorted(s.moved.items())},
        "focus": s.last_move["path"][-1] if s.last_move else None,
        "sof": dict(s.sof) if s.sof else None,
        "slave_revolt": dict(s.slave_revolt) if s.slave_revolt else None,
        "barbarian_armies": [dict(a) for a in s.barbarian_armies],
        "mutinied": list(s.mutinied),
        "rhodes_user": s.rhodes_user,
        "allied_independents": dict(sorted(s.allied_independents.items())),
        "negotiation": negotiation.public(s),
        "alliances": [list(g) for g in s.alliances],
        "bribes": bribes.public(s),             # offers on the table (§4.4)
        "rebels": _rebels(s),
        "cyprus_closed": _cyprus_closed(s),
        "exceptional_box": sorted(lid for p in s.powers.values()
                                  for lid, turn in p.exceptional_turn.items()
                                  if turn == s.turn - 1 and lid not in s.leaders),
        "cards": card_view.public_cards(s),
    }


RULES = PaxRomanaRules()
