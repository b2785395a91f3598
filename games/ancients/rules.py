"""Commands & Colors: Ancients behind the common interface: setup, the turn (§5), movement (§8)
and the choice of battles (§9), the View and its text description."""

from __future__ import annotations

from typing import Any

from games.ancients import board as B
from games.ancients import cards as C
from games.ancients import combat as K
from games.ancients import hexes
from games.ancients import table as T
from games.ancients.board import spec
from games.ancients.data import ScenarioError, cards, load_scenario, scenario_ids
from games.ancients.flow import FLOW, run, waiting
from games.ancients.state import SIDES, AncientsState, BattleInfo, Leader, Turn, Unit, other
from games.ancients.texts import TEXTS
from games.core import Action, Choice, GameRules, Msg, OptionInfo, Rng, ScenarioInfo, View, msg
from games.core import Turn as TableTurn

MAX_MENU = 25   # a Discord select menu holds 25 options

OPTIONS = [
    OptionInfo(id="chariot_x_ignore", description="Which chariots ignore 1 sword (spec 9.5)",
               choices=["all", "heavy"], default="all"),
    OptionInfo(id="elephant_leader_flag",
               description="May an elephant ignore a flag for its attached leader (spec 10.4)",
               choices=["ranged", "never", "always"], default="ranged"),
    OptionInfo(id="frighten_extra",
               description="Extra retreat from camels/elephants per flag accepted or rolled (10.1)",
               choices=["accepted", "rolled"], default="accepted"),
    OptionInfo(id="sacred_band_helmets",
               description="Sacred Band helmets: 1 hit each, or 2 with a leader near (spec 15)",
               choices=["one", "two_with_leader"], default="one"),
    OptionInfo(id="camp_order",
               description="Fortified camp: subtract 1 then cap, or cap then subtract (17.1)",
               choices=["minus_then_cap", "cap_then_minus"], default="minus_then_cap"),
    OptionInfo(id="retreat_path",
               description="Retreat path: any legal path, or one that goes furthest (10.3)",
               choices=["any", "furthest"], default="any"),
    OptionInfo(id="second_leader_check",
               description="A second casualty check after a blocked-retreat elimination (12.1)",
               choices=[False, True], default=False),
]


class AncientsRules(GameRules[AncientsState]):
    id = "ancients"
    title = "Commands & Colors: Ancients"
    texts = TEXTS
    state_model = AncientsState

    # -- scenarios and setup (§3) -----------------------------------------------------------------
    def race(self, board: dict[str, Any]) -> dict[str, int]:
        """The banners each side holds (the race to the battle's banner count)."""
        return {side: int(info.get("banners", 0))
                for side, info in (board.get("sides") or {}).items()}

    def summary(self, state: AncientsState) -> dict[str, Any]:
        """Attacks declared, units and leaders each side lost."""
        return {"battles": self.count_log(state, "log.declare"),
                "lost": self.count_log(state, "log.eliminated", "side"),
                "leaders_lost": self.count_log(state, "log.leader_killed", "side")}

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for sid in scenario_ids():
            sc = load_scenario(sid)
            armies = {"south": sc.south.army, "north": sc.north.army}
            # the battle and army names of the data are English only (data/ancients/README.md)
            out.append(ScenarioInfo(
                id=sc.id, name=f"{sc.id} {sc.name}", roles=["south", "north"],
                role_names=armies,
                names={lang: f"{sc.id} {sc.name}" for lang in ("en", "ru")},
                role_names_by_lang={lang: dict(armies) for lang in ("en", "ru")},
                description=f"{sc.name} {sc.year}: {sc.north.army} vs {sc.south.army}",
                options=OPTIONS))
        return out

    def check_scenario(self, doc: dict[str, Any]) -> str:
        """A battle document (data/ancients/README.md): its name, or ``ValueError`` with each
        ``item: reason``; unknown fields are refused at every level."""
        return load_scenario(doc).name

    def setup(self, seed: int, scenario: str | dict, options: dict) -> AncientsState:
        sc = load_scenario(scenario)
        opts = {o.id: options.get(o.id, o.default) for o in OPTIONS}
        for key, value in options.items():
            known = next((o for o in OPTIONS if o.id == key), None)
            if known is not None and value not in known.choices:
                raise ScenarioError([f"option {key}: {value!r} is not one of {known.choices}"])
        s = AncientsState(title=self.id, scenario=sc.id, seed=seed, options=opts,
                          roles=["south", "north"], rng=Rng.from_seed(seed),
                          scen=BattleInfo.model_validate(sc.model_dump(
                              include={"id", "name", "year", "north", "south", "first", "rules"})),
                          terrain={t.hex: t for t in sc.terrain}, turn=Turn(side=sc.first))
        n = {"south": 0, "north": 0}
        for up in sc.units:
            n[up.side] += 1
            full = B.units()[up.type].blocks
            uid = f"{up.side[0]}{n[up.side]}"
            s.units[uid] = Unit(id=uid, side=up.side, type=up.type, hex=up.hex,
                                blocks=up.blocks or full, max_blocks=full, special=up.special)
        for i, lp in enumerate(sc.leaders):
            lid = f"{lp.side[0]}L{i + 1}"
            s.leaders[lid] = Leader(id=lid, side=lp.side, name=lp.name, hex=lp.hex)
        if sc.rules.ambush:
            amb = sc.rules.ambush
            for j, code in enumerate(amb.units):
                uid = f"{amb.side[0]}A{j + 1}"
                full = B.units()[code].blocks
                s.reserve.append(Unit(id=uid, side=amb.side, type=code, hex="", blocks=full,
                                      max_blocks=full))
            if amb.leader:
                s.reserve_leaders.append(Leader(id=f"{amb.side[0]}LA", side=amb.side,
                                                name=amb.leader, hex=""))
        s.deck = [c.key for c in cards().values() for _ in range(c.count)]
        s.rng.shuffle(s.deck)
        for side in SIDES:
            army = sc.army(side)
            s.hands[side] = []
            s.to_win[side] = army.banners
            s.hand_limit[side] = army.cards
            C.draw(s, side, army.cards)
        s.say(msg("log.start", name=sc.name, year=sc.year, first=f"@side.{sc.first}",
                  army=T.side_arg(s, sc.first)))
        return s

    # -- whose decision ---------------------------------------------------------------------------
    def active_roles(self, state: AncientsState) -> list[str]:
        w = waiting(state)
        if w is not None:
            return [w["role"]]
        return [state.turn.side]

    def prompt(self, state: AncientsState, role: str | None) -> Msg:
        if state.result is not None:
            return state.result.msg or msg("result.over")
        w = FLOW.waiting(state)
        if w is not None:
            m = w[1].prompt(state, w[0], role)
            return m if role == w[0]["role"] else T.public_prompt(state, w[0]["role"], m)
        t = state.turn
        side = f"@side.{t.side}"
        army = T.side_arg(state, t.side)
        if t.phase == "card":
            return msg("prompt.card", side=side, army=army)
        if t.phase == "order":
            return msg("prompt.order", side=side, army=army, card=f"@card.{t.effective}",
                       n=C.order_count(state))
        if t.phase == "spartacus":
            return msg("prompt.spartacus", side=side, army=army,
                       dice=" ".join(t.dice_pool) or "-")
        if t.phase == "rally":
            return msg("prompt.rally", side=side, army=army, dice=" ".join(t.dice_pool) or "-")
        if t.phase in ("move", "move2"):
            if t.moving:
                return msg("prompt.move_to", side=side, army=army, hex=t.moving["at"])
            return msg("prompt.move", side=side, army=army)
        if t.attacker and t.attacker in state.units:
            return msg("prompt.target", side=side, army=army, hex=state.units[t.attacker].hex)
        return msg("prompt.battle", side=side, army=army)

    # -- the legal actions --------------------------------------------------------------------------
    def choices(self, state: AncientsState, role: str) -> list[Choice]:
        w = FLOW.waiting(state)
        if w is not None:
            return w[1].choices(state, w[0], role) if w[0]["role"] == role else []
        if role != state.turn.side:
            return []
        t = state.turn
        ph = t.phase
        if ph == "card":
            return [self.choice("card", k, msg("choice.card", card=f"@card.{k}"), secret=True)
                    for k in C.playable(state, role)]
        if ph == "order":
            return self._order_choices(state)
        if ph == "spartacus":
            out = [self._order_choice(state, v, h) for v, h in C.spartacus_options(state)]
            return out + [self.choice("done", None, msg("choice.done_orders"))]
        if ph == "rally":
            out = [self.choice("rally", h, msg("choice.rally", unit=self._unit_name(state, h),
                                               hex=h)) for h in C.rally_options(state)]
            return out + [self.choice("done", None, msg("choice.done_orders"))]
        if ph in ("move", "move2"):
            return self._move_choices(state)
        return self._battle_choices(state)

    def _unit_name(self, s: AncientsState, h: str) -> str:
        u = B.unit_at(s, h)
        return f"@unit.{u.type}" if u else "@leader"

    def _order_choice(self, s: AncientsState, verb: str, h: str) -> Choice:
        if verb == "leader":
            ld = B.leader_at(s, h)
            return self.choice("leader", h, msg("choice.leader", name=ld.name if ld else "", hex=h))
        if verb == "detach":
            ld = B.leader_at(s, h)
            return self.choice("detach", h, msg("choice.detach", name=ld.name if ld else "", hex=h))
        u = B.unit_at(s, h)
        if u is None:
            ld = B.leader_at(s, h)
            return self.choice("order", h, msg("choice.order_leader",
                                               name=ld.name if ld else "", hex=h))
        return self.choice("order", h, msg("choice.order", unit=f"@unit.{u.type}", hex=h,
                                           blocks=u.blocks))

    def _order_choices(self, s: AncientsState) -> list[Choice]:
        t = s.turn
        out = [self._order_choice(s, v, h) for v, h in C.order_options(s)]
        key = t.effective or ""
        if key and C.card(key).kind == "leadership" and t.chain_leader is None and not t.fallback:
            out.append(self.choice("one_unit", None, msg("choice.one_unit")))
        if self._ambush_ready(s):
            out.append(self.choice("ambush", None, msg("choice.ambush")))
        out.append(self.choice("done", None, msg("choice.done_orders")))
        return out

    # -- Trebbia's ambush (scenario rule) -----------------------------------------------------------
    def _ambush_ready(self, s: AncientsState) -> bool:
        t = s.turn
        amb = s.scen.rules.ambush
        return bool(amb and s.reserve and amb.side == t.side and s.turns_taken[t.side] >= 1
                    and t.effective and C.card(t.effective).kind == "leadership"
                    and not t.fallback and self._ambush_hexes(s))

    def _ambush_hexes(self, s: AncientsState) -> list[str]:
        side = s.turn.side
        row = B.baseline_row(other(side))
        secs = set(C.card_sections(s))
        by_hex, lead = B.occupancy(s)
        return [hexes.name(h) for h in hexes.ALL_HEXES if h[1] == row
                and hexes.name(h) not in by_hex and hexes.name(h) not in lead
                and not B.impassable(s, hexes.name(h))
                and B.sections(s, hexes.name(h), side) & secs]

    def _spring_ambush(self, s: AncientsState) -> None:
        """Trebbia: the hidden units enter on the enemy baseline in the card's section; entering
        counts as their first hex of movement (scenario rule; reading in the data README)."""
        t = s.turn
        free = self._ambush_hexes(s)
        for u in list(s.reserve):
            if not free:
                break
            u.hex = free.pop(0)
            s.units[u.id] = u
            s.reserve.remove(u)
            t.ordered.append(u.id)
            t.moved[u.id] = 1
            t.ambushed.append(u.id)
            s.say(msg("log.ambush", unit=f"@unit.{u.type}", hex=u.hex))
        for ld in list(s.reserve_leaders):
            first = next((s.units[i] for i in t.ordered if i in s.units
                          and s.units[i].id.startswith(ld.side[0] + "A")), None)
            if first is not None:
                ld.hex = first.hex
                s.leaders[ld.id] = ld
                s.reserve_leaders.remove(ld)

    # -- movement (§8) --------------------------------------------------------------------------
    def _movers(self, s: AncientsState, first: bool = False) -> list[tuple[str, str]]:
        t = s.turn
        out = []
        if t.effective in ("clash_of_shields", "darken_the_sky") and not t.fallback:
            return out
        for uid in t.ordered:
            u = s.units.get(uid)
            if u is None or uid in t.no_move:
                continue
            if t.phase == "move" and uid in t.moved and uid not in t.ambushed:
                continue
            if t.phase == "move2" and uid in t.moved_again:
                continue
            if self._can_move(s, u):
                out.append(("unit", u.hex))
                if first:
                    return out
        for lid in t.ordered_leaders:
            ld = s.leaders.get(lid)
            if ld is None or lid in t.moved or t.phase == "move2":
                continue
            if t.chain_leader == lid and not B.lone(s, ld):
                continue    # Leadership cards: the leader cannot detach (spec 5.3)
            if B.leader_destinations(s, ld):
                out.append(("leader", ld.hex))
                if first:
                    return out
        return out

    def _budget(self, s: AncientsState, u: Unit) -> int:
        """Hexes the unit may still move now (§8 and the card's changes, spec 6 and 16)."""
        t = s.turn
        budget = self._allowance(s, u)
        if u.id in t.ambushed and t.phase == "move":
            budget -= t.moved.get(u.id, 0)   # Trebbia: entering was the first hex
        return budget

    def _allowance(self, s: AncientsState, u: Unit) -> int:
        t = s.turn
        sp = spec(u)
        base = sp.move
        if t.phase == "move2" or u.id in t.plain_order:
            return base
        key = t.effective
        if key == "line_command":
            return 1
        if key == "double_time" and sp.foot and not sp.war_machine:
            return 3 if sp.code == "WA" else max(base, 2)
        if key == "mounted_charge" and sp.mounted and sp.weight == "heavy":
            return 3
        return base

    def _through_friends(self, s: AncientsState, u: Unit) -> bool:
        sp = spec(u)
        return (sp.foot and sp.weight == "light" and u.id not in s.turn.plain_order
                and s.turn.effective in ("order_light", "move_fire_move"))

    def _can_move(self, s: AncientsState, u: Unit) -> bool:
        if spec(u).code == "WA":
            return bool(self._destinations(s, u))   # its 2-hex moves must end next to an enemy
        budget = self._budget(s, u)
        return budget > 0 and bool(B.unit_destinations(
            s, u, budget, self._through_friends(s, u), any_one=True))

    def _destinations(self, s: AncientsState, u: Unit) -> dict[str, list[str]]:
        budget = self._budget(s, u)
        if budget <= 0:
            return {}
        dests = B.unit_destinations(s, u, budget, self._through_friends(s, u))
        sp = spec(u)
        if sp.code == "WA" and s.turn.phase == "move":
            # §8: warriors move 1, or 2 (3 under Double Time) as a charge ending next to an enemy
            dests = {h: p for h, p in dests.items()
                     if len(p) == 1 or self._enemy_adjacent(s, u, h)}
        return dests

    def _enemy_adjacent(self, s: AncientsState, u: Unit, h: str) -> bool:
        return any((e := B.unit_at(s, n)) is not None and e.side != u.side and e.id != u.id
                   for n in B.neighbours(h))

    def _mover_dests(self, s: AncientsState) -> tuple[dict[str, list[str]], list[str]]:
        """The destinations of the piece being moved, narrowed to the paths through the hexes
        already picked with "toward" (a menu holds 25 choices at most)."""
        mv = s.turn.moving
        assert mv is not None
        if mv["leader"]:
            dests = B.leader_destinations(s, s.leaders[mv["id"]])
        else:
            dests = self._destinations(s, s.units[mv["id"]])
        prefix: list[str] = list(mv.get("via", []))
        if prefix:
            dests = {h: p for h, p in dests.items() if p[: len(prefix)] == prefix}
        return dests, prefix

    def _move_choices(self, s: AncientsState) -> list[Choice]:
        t = s.turn
        if t.moving:
            dests, prefix = self._mover_dests(s)
            out = [self.choice("to", h, msg("choice.to", hex=h, n=len(p)))
                   for h, p in sorted(dests.items(), key=lambda kv: (len(kv[1]), kv[0]))]
            exits = self._exit_choices(s)
            if len(out) + len(exits) + 1 > MAX_MENU:
                k = len(prefix)
                groups = sorted({p[k] for p in dests.values() if len(p) > k + 1})
                nearest = [c for c in out if len(dests[str(c.arg)]) == k + 1]
                out = nearest + [self.choice("toward", h, msg("choice.toward", hex=h))
                                 for h in groups]
            out += exits
            out.append(self.choice("cancel", None, msg("choice.cancel")))
            return out
        out = []
        for kind, h in self._movers(s):
            if kind == "unit":
                u = B.unit_at(s, h)
                assert u is not None
                out.append(self.choice("move", h, msg("choice.move", unit=f"@unit.{u.type}",
                                                      hex=h)))
            else:
                ld = B.leader_at(s, h)
                out.append(self.choice("move_leader", h, msg("choice.move_leader",
                                                             name=ld.name if ld else "", hex=h)))
        out.append(self.choice("done", None, msg("choice.done_moves")))
        return out

    def _exit_hexes(self, s: AncientsState) -> dict[str, list[str]]:
        """Castulo: hexes of the enemy baseline, in the allowed sections, from which the moving
        unit may still step off the board (it needs one hex of movement left), with the path."""
        mv = s.turn.moving
        if not mv or mv["leader"] or mv.get("via"):
            return {}
        u = s.units[mv["id"]]
        allowed = s.scen.rules.exit_banners.get(u.side)  # type: ignore[call-overload]
        if not allowed:
            return {}
        row = B.baseline_row(other(u.side))
        budget = self._budget(s, u)
        cands = {u.hex: []} | {h: p for h, p in self._destinations(s, u).items()
                               if len(p) < budget and not B.stops_on_entering(s, h, u)}
        return {h: p for h, p in cands.items() if B.hx(h)[1] == row
                and B.sections(s, h, u.side) & set(allowed)}

    def _exit_choices(self, s: AncientsState) -> list[Choice]:
        return [self.choice("exit", h, msg("choice.exit", hex=h))
                for h in sorted(self._exit_hexes(s))]

    def _finish_move(self, s: AncientsState, u: Unit, path: list[str]) -> None:
        t = s.turn
        start = u.hex
        K.move_unit(s, u, path[-1])
        ldr = B.attached_leader(s, u)
        if ldr is not None and ldr.id not in t.moved:
            t.moved[ldr.id] = len(path)
        if t.phase == "move2":
            t.moved_again.append(u.id)
            t.moved[u.id] = t.moved.get(u.id, 0) + len(path)
        elif u.id in t.ambushed:
            t.ambushed.remove(u.id)
            t.moved[u.id] = t.moved.get(u.id, 0) + len(path)
        else:
            t.moved[u.id] = len(path)
        s.last_moves.append({"side": u.side, "path": [start, *path]})
        s.say(msg("log.move", unit=f"@unit.{u.type}", frm=start, to=path[-1]))
        sp = spec(u)
        ter = B.terrain(s, u.hex)
        no_battle = (
            (sp.war_machine)
            or (sp.code == "AX" and len(path) >= 2 and t.effective != "double_time")
            or (sp.mounted and ter == "broken")
            or (ter == "forest" and sp.code not in ("LI", "LS", "LB", "AX", "WA"))
        )
        if no_battle and u.id not in t.no_battle:
            t.no_battle.append(u.id)
        if sp.code == "WA" and len(path) >= 2 and t.phase == "move":
            t.must_attack.append(u.id)
        if ter == "marsh":
            K.marsh_check(s, u)
        if u.id in s.units:
            K.check_hex_banner(s, u)

    def _finish_leader_move(self, s: AncientsState, ld: Leader, path: list[str]) -> None:
        t = s.turn
        start = ld.hex
        ld.hex = path[-1]
        t.moved[ld.id] = len(path)
        s.last_moves.append({"side": ld.side, "path": [start, *path], "leader": True})
        s.say(msg("log.move_leader", name=ld.name or "@leader", frm=start, to=path[-1]))
        joined = B.unit_at(s, ld.hex)
        if joined is not None and joined.id in t.ordered and joined.id not in t.moved:
            t.no_move.append(joined.id)   # §8: it can no longer move, but may battle
        if joined is None and B.terrain(s, ld.hex) == "marsh":
            K.marsh_check(s, ldr=ld)

    # -- battles (§9) -----------------------------------------------------------------------------
    def _may_fire(self, s: AncientsState, u: Unit) -> bool:
        t = s.turn
        sp = spec(u)
        if sp.range <= 0 or t.effective in ("clash_of_shields", "double_time", "mounted_charge") \
                and u.id not in t.plain_order:
            return False
        moved = t.moved.get(u.id, 0)
        if (sp.code == "AX" and moved >= 2) or (sp.war_machine and moved):
            return False
        return not B.adjacent_enemy_units(s, u)

    def _may_close(self, s: AncientsState, u: Unit) -> bool:
        t = s.turn
        if u.id in t.plain_order:
            return True
        return t.effective not in ("darken_the_sky", "move_fire_move")

    def _targets(self, s: AncientsState, u: Unit) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if self._may_close(s, u):
            for h in B.adjacent_enemy_targets(s, u):
                if (B.terrain(s, h) == "city_walls" and spec(u).mounted
                        and not B.adjacent(s.turn.start_hex.get(u.id, ""), h)):
                    continue   # §16: mounted units attack walls only from where they began
                tgt = B.unit_at(s, h)
                if K.close_dice(s, u, h, tgt, "attack") > 0:
                    out.append(("close", h))
        if self._may_fire(s, u):
            rng = spec(u).range
            for e in list(s.units.values()) + [ld for ld in s.leaders.values()
                                                if B.lone(s, ld)]:
                if e.side == u.side:
                    continue
                d = hexes.distance(B.hx(u.hex), B.hx(e.hex))
                if 2 <= d <= rng and B.line_of_sight(s, u.hex, e.hex) and \
                        K.ranged_dice(s, u, e.hex) > 0:
                    out.append(("fire", e.hex))
        return out

    def _battlers(self, s: AncientsState, first: bool = False) -> list[Unit]:
        t = s.turn
        out = []
        for uid in t.ordered:
            u = s.units.get(uid)
            if u is None or uid in t.no_battle:
                continue
            allowed = 2 if t.effective == "darken_the_sky" and uid not in t.plain_order else 1
            if t.battles.get(uid, 0) >= allowed:
                continue
            if self._targets(s, u):
                out.append(u)
                if first:
                    return out
        return out

    def _battle_choices(self, s: AncientsState) -> list[Choice]:
        t = s.turn
        if t.attacker and t.attacker in s.units:
            u = s.units[t.attacker]
            out = []
            for kind, h in self._targets(s, u):
                tgt = B.unit_at(s, h)
                name = f"@unit.{tgt.type}" if tgt else "@leader"
                key = "choice.attack" if kind == "close" else "choice.fire"
                out.append(self.choice(kind, h, msg(key, unit=name, hex=h)))
            if u.id not in t.must_attack:
                out.append(self.choice("cancel", None, msg("choice.cancel")))
            return out
        battlers = self._battlers(s)
        out = [self.choice("battle", u.hex, msg("choice.battle", unit=f"@unit.{u.type}",
                                                 hex=u.hex)) for u in battlers]
        pending = [u for u in battlers if u.id in t.must_attack
                   and t.battles.get(u.id, 0) == 0
                   and any(k == "close" for k, _ in self._targets(s, u))]
        if not pending:
            key = "choice.done_fire" if t.effective == "move_fire_move" else "choice.end_turn"
            out.append(self.choice("done", None, msg(key)))
        return out

    # -- applying an action -----------------------------------------------------------------------
    def apply(self, state: AncientsState, role: str, action: Action) -> None:
        s = state
        if waiting(s) is not None:
            FLOW.answer(s, role, action.verb, action.arg)
            return
        t = s.turn
        verb, arg = action.verb, action.arg
        if t.phase == "card":
            s.last_moves = []
            s.last_combat = None
            C.play(s, str(arg))
        elif t.phase == "order":
            if verb == "order":
                C.order_unit(s, str(arg))
            elif verb == "detach":
                C.detach_leader(s, str(arg))
            elif verb == "leader":
                C.choose_leader(s, str(arg))
            elif verb == "one_unit":
                t.fallback = True
            elif verb == "ambush":
                self._spring_ambush(s)
            elif verb == "done":
                t.phase = "move"
        elif t.phase == "spartacus":
            if verb == "done":
                t.phase = "move"
            else:
                C.spartacus_take(s, verb, str(arg))
        elif t.phase == "rally":
            if verb == "done":
                t.phase = "move"
            else:
                C.rally_take(s, str(arg))
        elif t.phase in ("move", "move2"):
            self._apply_move(s, verb, arg)
        elif t.phase == "battle":
            self._apply_battle(s, verb, arg)
        run(s)

    def _apply_move(self, s: AncientsState, verb: str, arg: Any) -> None:
        t = s.turn
        if verb == "move":
            u = B.unit_at(s, str(arg))
            assert u is not None
            t.moving = {"id": u.id, "leader": False, "at": u.hex}
        elif verb == "move_leader":
            ld = B.leader_at(s, str(arg))
            assert ld is not None
            t.moving = {"id": ld.id, "leader": True, "at": ld.hex}
        elif verb == "cancel":
            t.moving = None
        elif verb == "toward":
            assert t.moving is not None
            t.moving["via"] = [*t.moving.get("via", []), str(arg)]
        elif verb == "to":
            mv = t.moving
            assert mv is not None
            dests, _ = self._mover_dests(s)
            if mv["leader"]:
                self._finish_leader_move(s, s.leaders[mv["id"]], dests[str(arg)])
            else:
                self._finish_move(s, s.units[mv["id"]], dests[str(arg)])
            t.moving = None
        elif verb == "exit":
            mv = t.moving
            assert mv is not None
            path = self._exit_hexes(s)[str(arg)]
            u = s.units[mv["id"]]
            if path:
                self._finish_move(s, u, path)
            t.moving = None
            if u.id in s.units and s.result is None:
                ld = B.attached_leader(s, u)
                if ld is not None:
                    s.leaders.pop(ld.id)
                del s.units[u.id]
                s.say(msg("log.exit", unit=f"@unit.{u.type}", hex=u.hex))
                K.award(s, u.side)
        elif verb == "done":
            if t.phase == "move2":
                t.phase = "done"
            else:
                t.phase = "battle"

    def _apply_battle(self, s: AncientsState, verb: str, arg: Any) -> None:
        t = s.turn
        if verb == "battle":
            u = B.unit_at(s, str(arg))
            assert u is not None
            t.attacker = u.id
            return
        if verb == "cancel":
            t.attacker = None
            return
        if verb == "done":
            t.phase = "move2" if t.effective == "move_fire_move" and not t.fallback else "done"
            return
        u = s.units[t.attacker or ""]
        t.attacker = None
        if verb == "close":
            K.declare_close(s, u, str(arg))
        elif verb == "fire":
            K.fire(s, u, str(arg))

    def advance_turn(self, s: AncientsState) -> bool:
        """The flow's hook for an empty stack: move the turn on where nothing is left to decide.
        True when the flow should run on (a new phase or turn began)."""
        t = s.turn
        if t.phase == "battle" and not t.attacker and not self._battlers(s, True) and not any(
                u in s.units and u not in t.battles for u in t.must_attack):
            t.phase = "move2" if t.effective == "move_fire_move" and not t.fallback else "done"
        if t.phase == "move" and not t.moving and not self._movers(s, True):
            t.phase = "battle"
            return True
        if t.phase == "move2" and not t.moving and not self._movers(s, True):
            t.phase = "done"
        if t.phase == "done":
            self._end_turn(s)
            return True
        return False

    def _end_turn(self, s: AncientsState) -> None:
        """§15: discard the card and draw; First Strike's owner draws first; I Am Spartacus
        reshuffles the deck and the discards."""
        t = s.turn
        side = t.side
        if t.card:
            s.discard.append(t.card)
        if t.card == "counter_attack" and t.effective == "first_strike":
            s.last_card[side] = None    # it had nothing to copy and gave no command
        else:
            s.last_card[side] = t.effective
            s.last_mirrored[side] = t.mirrored
        if t.effective == "i_am_spartacus":
            # §15: shuffle the deck with the discards, this card included, before any draw
            s.deck += s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
            s.say(msg("log.reshuffle"))
        if t.first_strike_by:
            C.draw(s, t.first_strike_by, 1)
        growth = s.scen.rules.hand_growth.get(side)  # type: ignore[call-overload]
        n_draw = 1
        if growth and s.turns_taken[side] < len(growth):
            n_draw = growth[s.turns_taken[side]]
        C.draw(s, side, n_draw)
        s.turns_taken[side] += 1
        s.turn = Turn(side=other(side))
        s.turn_no += 1
        s.say(msg("log.turn", side=f"@side.{other(side)}", army=T.side_arg(s, other(side)),
                  n=s.turn_no))

    # -- the View ---------------------------------------------------------------------------------
    def public_board(self, state: AncientsState) -> dict[str, Any]:
        s = state
        t = s.turn
        sc = s.scen
        highlight: list[str] = []
        if t.moving:
            mv = t.moving
            if mv["leader"] and mv["id"] in s.leaders:
                highlight = list(B.leader_destinations(s, s.leaders[mv["id"]]))
            elif mv["id"] in s.units:
                highlight = list(self._destinations(s, s.units[mv["id"]]))
        elif t.attacker and t.attacker in s.units and not s.flow:
            highlight = [h for _, h in self._targets(s, s.units[t.attacker])]
        w = waiting(s)
        if w is not None and w.get("options"):
            highlight = list(w["options"])

        def unit_dict(u: Unit) -> dict[str, Any]:
            sp = spec(u)
            c, r = B.hx(u.hex)
            return {"id": u.id, "hex": u.hex, "c": c, "r": r, "side": u.side, "type": u.type,
                    "blocks": u.blocks, "max_blocks": u.max_blocks, "weight": sp.weight,
                    "symbol": sp.symbol, "special": u.special, "ordered": u.id in t.ordered,
                    "moved": u.id in t.moved, "battled": u.id in t.battles}

        def leader_dict(ld: Leader) -> dict[str, Any]:
            c, r = B.hx(ld.hex)
            return {"id": ld.id, "hex": ld.hex, "c": c, "r": r, "side": ld.side, "name": ld.name,
                    "attached": not B.lone(s, ld),
                    "ordered": ld.id in t.ordered_leaders}

        card_played = None
        if t.card:
            card_played = {"side": t.side, "key": t.card, "name": cards()[t.card].name}
            if t.effective and t.effective != t.card and t.effective in cards():
                card_played["copies"] = t.effective
        return {
            "scenario": {"id": sc.id, "name": sc.name, "year": sc.year},
            "sides": {side: {"army": sc.army(side).army, "blocks": sc.army(side).blocks,
                             "banners": s.banners[side], "banners_to_win": s.to_win[side],
                             "hand_size": len(s.hands[side]), "command": s.hand_limit[side]}
                      for side in SIDES},
            "turn": s.turn_no,
            "to_move": t.side,
            "phase": t.phase,
            "terrain": [{"hex": h, "c": B.hx(h)[0], "r": B.hx(h)[1], "type": th.type,
                         "fordable": th.fordable, "front": list(th.front)}
                        for h, th in sorted(s.terrain.items())],
            "units": [unit_dict(u) for u in s.units.values()],
            "leaders": [leader_dict(ld) for ld in s.leaders.values()],
            "reserve": [u.type for u in s.reserve],
            "card_played": card_played,
            "dice_pool": list(t.dice_pool),
            "deck_size": len(s.deck),
            "discard_size": len(s.discard),
            "last_moves": list(s.last_moves),
            "last_combat": s.last_combat,
            "highlight": sorted(set(highlight)),
        }

    def private_items(self, state: AncientsState, role: str) -> dict[str, Any]:
        hand = state.hands.get(role, [])
        return {"hand": [{"key": k, "name": cards()[k].name, "kind": cards()[k].kind,
                          "text": cards()[k].text} for k in sorted(hand)]}

    def turn(self, state: AncientsState) -> TableTurn:
        return T.turn(state)

    def private_lines(self, view: View, lang: str = "en") -> list[str]:
        return T.private_lines(view, lang)

    def perturb_hidden(self, state: AncientsState, role: str, seed: int) -> AncientsState:
        s = self.copy(state)
        saved = s.rng.model_copy()
        s.rng = Rng.from_seed(seed)
        C.perturb_hand(s, role)
        s.rng.shuffle(s.deck)
        s.rng = saved
        return s

    def fuzz_weight(self, c: Choice, view: View) -> float:
        """The random playout's taste: it prefers fighting to passing and marching toward the
        enemy, so seeded games end in a victory in reasonable time."""
        if c.verb in ("done", "cancel", "stay", "no_battle_back", "one_unit", "no_bonus"):
            return 0.3
        if c.verb in ("close", "fire", "battle", "battle_back", "advance", "bonus"):
            return 4.0
        if c.verb in ("to", "toward") and isinstance(c.arg, str):
            me = view.role
            enemies = [(u["c"], u["r"]) for u in view.board["units"] if u["side"] != me]
            if enemies:
                h = hexes.parse_hex(c.arg)
                d = min(hexes.distance(h, e) for e in enemies)
                return 0.2 + 6.0 / (d * d)
        return 1.0

    def describe(self, view: View, lang: str = "en") -> str:
        b = view.board
        tr = self.tr
        lines = [f"{b['scenario']['id']} {b['scenario']['name']} {b['scenario']['year']} - "
                 + tr(msg("describe.turn", n=b["turn"], side=f"@side.{b['to_move']}",
                          army=T.board_side_arg(b, b["to_move"])), lang)]
        for side in ("north", "south"):
            sd = b["sides"][side]
            lines.append(tr(msg("describe.side", side=f"@side.{side}",
                                army=T.board_side_arg(b, side),
                                banners=sd["banners"], need=sd["banners_to_win"],
                                cards=sd["hand_size"]), lang))
            units_ = sorted((u for u in b["units"] if u["side"] == side), key=lambda u: (
                -u["r"], u["c"]))
            leaders_ = {ld["hex"]: ld["name"] for ld in b["leaders"] if ld["side"] == side}
            parts = []
            for u in units_:
                star = "*" if u["ordered"] else ""
                ld = f" +{leaders_.pop(u['hex'])}" if u["hex"] in leaders_ else ""
                parts.append(f"{u['hex']} {u['type']}{star} {u['blocks']}/{u['max_blocks']}{ld}")
            parts += [f"{h} {tr(msg('leader'), lang)} {n}" for h, n in leaders_.items()]
            lines.append("  " + ", ".join(parts))
        if b["terrain"]:
            lines.append(tr(msg("describe.terrain"), lang) + ": " + ", ".join(
                f"{t['hex']} {tr(msg('terrain.' + t['type']), lang)}"
                + ("~" if t["fordable"] else "") for t in b["terrain"]))
        if b.get("card_played"):
            lines.append(tr(msg("describe.card", card=f"@card.{b['card_played']['key']}"), lang))
        if b.get("last_combat"):
            lc = b["last_combat"]
            lines.append(tr(msg("describe.combat", a=lc["attacker"], d=lc["defender"],
                                dice=" ".join(lc["dice"]) or "-", hits=lc["hits"]), lang))
        hand = view.private.get("hand")
        if hand is not None:
            lines.append(tr(msg("describe.hand"), lang) + ": " + "; ".join(
                tr(msg(f"card.{c['key']}"), lang) for c in hand))
        if view.result is not None:
            lines.append(tr(view.result.msg, lang) if view.result.msg else view.result.reason)
        else:
            lines.append(tr(view.prompt_msg, lang))
            lines += [f"  {i + 1}. {self.label(c, lang)}" for i, c in enumerate(view.actions)]
        return "\n".join(lines)


RULES = AncientsRules()
FLOW.when_empty(RULES.advance_turn)
