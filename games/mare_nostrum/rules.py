"""Mare Nostrum: Empires behind the common interface: scenarios (3, 4 or 5 players), setup, the
View and its text description. The phases live in collection.py, trade.py, building.py,
movement.py (with battle.py), leadership.py; the victory checks in victory.py; the Heroes and
Wonders in heroes.py and where the rulebook applies them. Diplomacy (§8) is free talk at the
table: the engine has no action that hands anything to another player outside the trade.

The public board (``View.board``), for renderers and bots, is a JSON-able dict:

```
{
  "turn": int, "phase": "collection"|"trade"|"build"|"movement"|"leadership",
  "players": int,                      # 3, 4 or 5
  "segment": role | None,              # who builds / moves now
  "done": [role],                      # who has had his build / movement segment this phase
  "titles": {"trade": role, "culture": role, "military": role},
  "previous_titles": {track: role},
  "tracks": {"trade": {role: int}, "culture": {role: int}, "military": {role: int}},
  "empires": {role: {
      "name": str, "colour": str, "capital": province id,
      "titles": [track],
      "cards": [card id],              # starting Hero first; "pyramids" if built
      "castor_copies": card id | None,
      "resources": int,                # how many Resources behind the screen (contents hidden)
      "shown": [token],                # Resources kept and shown at the end of his build
      "pieces_left": {"legions": int, "triremes": int, "fortresses": int,
                      "control_markers": int},
      "great_cities": int,             # Capitals + Legendary Cities held (6.3)
      "card_count": int}},             # Heroes and Wonders (6.2)
  "provinces": [{
      "id": str, "name": str, "name_ru": str, "kind": "land"|"island", "region": str,
      "pos": {"x": int, "y": int},     # schematic anchor on a 960 x 540 canvas
      "controller": role | None, "marker": "printed"|"token"|None,
      "marker_held_by": role | None, "marker_since": int | None,   # §4.3.3 attempt
      "capital_of": role | None, "legendary": str | None,
      "cities": [{"slot": int, "type": "ordinary"|"capital"|"legendary", "label": str,
                  "built": bool, "held_by": role | None}],
      "caravans": [{"slot": int, "good": str, "built": bool, "held_by": role | None,
                    "circe": role | None}],
      "market": {"built": bool, "held_by": role | None} | None,    # None: no slot
      "temple": {"built": bool, "held_by": role | None} | None,
      "legions": {role: int}, "fortress": role | None, "at_war": bool,
      "land": [province id], "seas": [sea id]}],
  "seas": [{"id": str, "name": str, "name_ru": str, "pos": {"x", "y"},
            "triremes": {role: int}, "seas": [sea id], "coasts": [province id]}],
  "trade_tokens": {"available": [token id], "played": [token id]},
  "trade": None | {"token": id | None, "value": int, "counts": {role: int},
                   "participants": [role], "first": role | None,
                   "confirmed": [role], "revealed": bool,
                   "offers": {role: [token]},   # only once revealed
                   "pool": {role: [token]}, "received": {role: [token]},
                   "takes": [[taker, victim, token]], "taker": role | None,
                   "gift": {"from": role, "to": role} | None},
  "heroes_wonders": {"face_up": [card id], "face_down": int, "pyramids": role | None},
  "supply": {"coin": int, good: int, ..., "rare_pile": int, "rare_aside": int,
             "buildings": {"caravan": int, "market": int, "city_ordinary": int,
                           "city_capital": int, "city_legendary": int, "temple": int}},
  "peace": [role, role] | [],          # Statue of Zeus this turn
  "last_battle": None | {"kind": "land"|"sea", "area": id, "attacker": role,
                         "defender": role, "rolls": {role: {"dice": [int], "per_die": int,
                         "fortress": bool, "total": int, "hits": int}},
                         "losses": {role: int}},
  "highlight": [province or sea id]
}
```

A token is a Good id, ``"coin"``, or a Good id with ``*`` for a Rare Good. ``View.private`` of a
player holds his ``hand`` ({kind: n}), ``rare`` ([good]), ``resources`` (the count) and, while the
trade offers are secret, his own ``offer``.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Choice, GameRules, Msg, OptionInfo, Rng, ScenarioInfo, View, msg
from games.core import Turn as TableTurn
from games.mare_nostrum import board as B
from games.mare_nostrum import building, collection, leadership, movement, trade  # noqa: F401
from games.mare_nostrum import heroes as H
from games.mare_nostrum import scenario as S
from games.mare_nostrum import table as T
from games.mare_nostrum.data import TRACKS, DataError, board, cards, empire_setup, setup_data
from games.mare_nostrum.flow import active, opt, run, waiting
from games.mare_nostrum.state import (
    COIN,
    VIEW_KEYS,
    MNState,
    PlayerState,
    ProvinceState,
    copy_state,
)
from games.mare_nostrum.texts import TEXTS

MAX_MENU = 25


def _option(oid: str, description: str, *choices: Any) -> OptionInfo:
    """A setup option; its first choice is the default (the spec's recommended reading)."""
    return OptionInfo(id=oid, description=description, choices=list(choices),
                      default=choices[0])


OPTIONS = [
    _option("all_heroes_open", "Variant (Setup 5): all Heroes and Wonders face up from the start",
            False, True),
    _option("dice", "Battle dice faces: the reconstructed dice or plain d6",
            "reconstructed", "d6"),
    _option("ping_pong", "Trade (C1): no third take in a row between two players ('pair'), or "
            "never from the same player on two own takes in a row ('own')", "pair", "own"),
    _option("trade_leader_out", "Trade (C4): a Trade Leader who cannot offer names the first "
            "taker, or the highest on the Trade track takes first", "designate", "highest_trade"),
    _option("colossus_coin", "Colossus of Rhodes (C7): may the extra Resource be a Coin",
            False, True),
    _option("capital_buildings", "Own Capital (C9): Buildings may be built there while enemies "
            "stand in it", True, False),
    _option("penthesilea_provinces", "Penthesilea (C12): count own Provinces holding enemy "
            "Legions, or only those where an enemy Capturer occupies a Building or the Control "
            "Marker", "enemy_legions", "occupied"),
    _option("circe_where", "Circe (C13): her Legions stand on Caravan slots anywhere free of "
            "enemies, or only in own Provinces", "free", "controlled"),
    _option("circe_market", "Circe (C13): an own Market doubles her Legions' Goods", True, False),
    _option("ramses_bonus", "Ramses II (C14): the extra die gets Caesar's or Pericles' bonus",
            True, False),
    _option("conquest_tie", "Conquest (C18): several at once share the victory, or the Military "
            "Leader among them wins", "shared", "military_leader"),
    _option("gardens_coin", "Hanging Gardens (C25): may one of the 2 different Resources be a "
            "third Coin", True, False),
]

PHASE_NAMES = ("collection", "trade", "build", "movement", "leadership")


class MareNostrumRules(GameRules[MNState]):
    id = "mare_nostrum"
    title = "Mare Nostrum: Empires"
    texts = TEXTS
    state_model = MNState

    # -- scenarios and setup (Setup 1-5, Setup 3-4p) ------------------------------------------
    def race(self, board: dict[str, Any]) -> dict[str, int]:
        """The victory races: each empire's three tracks added up (§6)."""
        out: dict[str, int] = {}
        for track in (board.get("tracks") or {}).values():
            for empire, value in track.items():
                out[empire] = out.get(empire, 0) + int(value)
        return out

    def summary(self, state: MNState) -> dict[str, Any]:
        """Battles fought on land and at sea, Buildings destroyed."""
        return {"battles": self.count_log(state, "log.land_battle")
                + self.count_log(state, "log.sea_battle"),
                "destroyed": self.count_log(state, "log.destroy")}

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for n in (3, 4, 5):
            empires = setup_data().player_counts[str(n)].empires
            names = {e: board().empires[e].name for e in empires}
            out.append(ScenarioInfo(
                id=f"{n}p", name=f"{n} players", roles=list(empires), role_names=names,
                names={lang: TEXTS[lang][f"scenario.{n}p"] for lang in ("en", "ru")},
                role_names_by_lang={lang: {e: TEXTS[lang][f"empire.{e}"] for e in empires}
                                    for lang in ("en", "ru")},
                min_players=n, max_players=n,
                description=f"{n} players: " + ", ".join(names[e] for e in empires),
                options=OPTIONS))
        return out

    def setup(self, seed: int, scenario: str | dict, options: dict) -> MNState:
        sc = None
        if isinstance(scenario, dict):
            sc = S.read(scenario)
            n = sc.players
            scen_id = sc.id
        else:
            if scenario not in ("3p", "4p", "5p"):
                raise DataError([f"scenario {scenario!r}: not one of 3p, 4p, 5p"])
            n = int(scenario[0])
            scen_id = scenario
        opts = {o.id: options.get(o.id, o.default) for o in OPTIONS}
        for key, value in options.items():
            known = next((o for o in OPTIONS if o.id == key), None)
            if known is None:
                raise DataError([f"option {key}: unknown"])
            if value not in known.choices:
                raise DataError([f"option {key}: {value!r} is not one of {known.choices}"])
        s = new_game(seed, n, scen_id, opts)
        if sc is not None:
            S.apply(s, sc)
            S.check_built(s)
        collection.start_collection(s)
        run(s)
        return s

    def check_scenario(self, doc: dict[str, Any]) -> str:
        """A scenario document (data/mare_nostrum/README.md): its name, or ``ValueError`` with
        each ``item: reason``; unknown fields are refused at every level."""
        sc = S.read(doc)
        self.setup(0, doc, {})
        return sc.name

    def copy(self, state: MNState) -> MNState:
        """A deep copy, made field by field (see state.copy_state): much cheaper than the
        generic JSON round trip, and ``act`` copies on every action."""
        return copy_state(state)

    # -- whose decision ---------------------------------------------------------------------------
    def active_roles(self, state: MNState) -> list[str]:
        """Worked out once per State object, like the choices (``act`` asks three times)."""
        key = ("active", state.step, len(state.log), len(state.flow), state.turn, state.phase)
        got = state.choices_cache(key)
        if got is None:
            got = active(state)
            state.keep_choices(key, got)
        return list(got)

    def prompt(self, state: MNState, role: str | None) -> Msg:
        if state.result is not None:
            return state.result.msg or msg("result.over")
        w = waiting(state)
        if w is None:
            return msg("prompt.none")
        f, d = w
        m = d.prompt(state, f, role)
        asked = d.roles(state, f)
        return m if role in asked else T.public_prompt(f, asked, m)

    def turn(self, state: MNState) -> TableTurn:
        return T.turn(state, self.active_roles(state))

    def private_lines(self, view: View, lang: str = "en") -> list[str]:
        return T.private_lines(view, lang)

    def choices(self, state: MNState, role: str) -> list[Choice]:
        """The legal actions, worked out once per State object (``act`` always makes a new
        State; a test that edits one in place calls ``state.touch()``)."""
        key = (role, state.step, len(state.log), len(state.flow), state.turn, state.phase)
        got = state.choices_cache(key)
        if got is None:
            got = self._choices(state, role)
            state.keep_choices(key, got)
        return list(got)

    def _choices(self, state: MNState, role: str) -> list[Choice]:
        w = waiting(state)
        if w is None:
            return []
        f, d = w
        if role not in d.roles(state, f):
            return []
        return paged(d.choices(state, f, role), f.get(f"page:{role}", 0))

    def apply(self, state: MNState, role: str, action: Action) -> None:
        w = waiting(state)
        assert w is not None
        f, d = w
        if action.verb == "page":
            f[f"page:{role}"] = int(action.arg or 0)
            return
        f.pop(f"page:{role}", None)
        d.decide(state, f, role, action.verb, action.arg)
        run(state)

    # -- the View --------------------------------------------------------------------------------
    def public_board(self, state: MNState) -> dict[str, Any]:
        """Built once per State object and shared by all its Views (read it, never change it):
        ``act`` always makes a new State. A test that edits a State in place calls
        ``state.touch()`` before asking for Views again."""
        key = (state.step, len(state.log), len(state.flow), state.turn, state.phase)
        got = state.board_cache(key)
        if got is None:
            got = public_board(state)
            state.keep_board(key, got)
        return got

    def private_items(self, state: MNState, role: str) -> dict[str, Any]:
        if role not in state.players:
            return {}
        pl = state.players[role]
        out: dict[str, Any] = {"hand": {k: v for k, v in sorted(pl.hand.items()) if v > 0},
                               "rare": sorted(pl.rare), "resources": B.hand_size(state, role)}
        t = state.trade
        if t is not None and not t.revealed and role in t.offers:
            out["offer"] = sorted(t.offers[role])
        return out

    def perturb_hidden(self, state: MNState, role: str, seed: int) -> MNState:
        """Another hand of the same size (and as many Rare Goods), another unrevealed offer of the
        same size from it; the rest (supply, public counts) untouched."""
        s = self.copy(state)
        s.touch()
        if role not in s.players:
            return s
        rng = Rng.from_seed(seed)
        pl = s.players[role]
        n_ord = sum(pl.hand.values())
        kinds = [COIN, *board().goods]
        hand: dict[str, int] = {}
        for _ in range(n_ord):
            k = kinds[rng.below(len(kinds))]
            hand[k] = hand.get(k, 0) + 1
        pl.hand = hand
        pl.rare = sorted(board().goods[rng.below(len(board().goods))] for _ in pl.rare)
        t = s.trade
        if t is not None and not t.revealed and role in t.offers and t.offers[role]:
            pool = [k for k, v in hand.items() for _ in range(v)] + [r + "*" for r in pl.rare]
            rng.shuffle(pool)
            t.offers[role] = pool[:len(t.offers[role])]
        return s

    # -- random playouts -----------------------------------------------------------------------
    def fuzz_weight(self, c: Choice, view: View) -> float:
        """The random playout's taste: build and buy rather than pass, pay with ready-made sets,
        march on the great cities of others and fight, so seeded games end in a victory."""
        v, a = c.verb, c.arg
        if v in ("back", "unoffer", "sheba_no"):
            return 0.02
        if v == "item":
            return {"card": 30.0, "pyramids": 40.0, "legion": 6.0, "control": 6.0,
                    "trireme": 4.0, "city": 5.0, "temple": 2.0, "market": 2.0}.get(str(a), 2.0)
        if v == "add":
            return 0.1
        if v in ("set", "free", "pay1", "confirm", "offer_set", "perseus", "penthesilea",
                 "swap"):
            return 0.3 if a == "no" else 20.0
        if v == "done":
            return {"prompt.legions": 1.5, "prompt.build": 8.0}.get(view.prompt_msg.key, 1.0)
        if v == "token":
            return {0: 5.0, 1: 3.0, 2: 1.0, 3: 0.5, 4: 0.3, 5: 0.2}[int(str(a).split(":")[1])]
        if v == "fleet":
            return 0.3
        if v == "army":
            return 0.5
        if v == "to" and isinstance(a, str):
            return _march_taste(view, a)
        if v in ("battle", "occupy", "marker", "occ"):
            return 5.0
        if v == "destroy":
            return 0.5 if str(a).startswith("city") else 1.5
        if v == "title":
            return 5.0 if a == view.role else 1.0
        return 1.0

    # -- text ------------------------------------------------------------------------------------
    def describe(self, view: View, lang: str = "en") -> str:
        return describe(self, view, lang)


def _march_taste(view: View, target: str) -> float:
    """Prefer Provinces holding someone else's Capital or a Legendary City, then enemy ones."""
    prov = next((p for p in view.board.get("provinces", []) if p["id"] == target), None)
    if prov is None:
        return 1.0       # a Sea
    me = view.role
    great = any(c["built"] and c["type"] in ("capital", "legendary") for c in prov["cities"])
    enemy = prov["controller"] not in (None, me)
    if great and enemy:
        return 12.0
    if enemy:
        return 4.0
    return 1.0


def paged(choices: list[Choice], page: int) -> list[Choice]:
    """At most 25 choices in a step: longer lists are shown a page at a time with a 'more' choice;
    'back'/'done' choices stay on every page."""
    if len(choices) <= MAX_MENU:
        return choices
    fixed = [c for c in choices if c.verb in ("back", "done")]
    rest = [c for c in choices if c.verb not in ("back", "done")]
    size = MAX_MENU - len(fixed) - 1
    pages = (len(rest) + size - 1) // size
    page %= pages
    nxt = (page + 1) % pages
    return rest[page * size:(page + 1) * size] + fixed + [
        opt("page", nxt, "choice.more", page=nxt + 1, pages=pages)]


# -- setup -----------------------------------------------------------------------------------------
def new_game(seed: int, n: int, scen_id: str, opts: dict[str, Any]) -> MNState:
    bd = board()
    pc = setup_data().player_counts[str(n)]
    roles = list(pc.empires)
    provinces, seas = bd.in_play(n)
    s = MNState(title="mare_nostrum", scenario=scen_id, seed=seed, options=opts, roles=roles,
                rng=Rng.from_seed(seed), players_n=n)
    s.supply = {COIN: bd.file.coin.tokens} | {g.id: g.tokens for g in bd.file.goods}
    sup = bd.file.building_supply
    s.buildings = {"caravan": sup.caravan, "market": sup.market, "city_ordinary": sup.city_ordinary,
                   "city_capital": sup.city_capital, "city_legendary": sup.city_legendary,
                   "temple": sup.temple}
    for pid in provinces:
        p = bd.provinces[pid]
        pv = ProvinceState(cities=[False] * len(p.slots.cities),
                           caravans=[False] * len(p.slots.caravans))
        st = p.start
        if st is not None and st.controller in roles:
            pv.controller = st.controller
            pv.printed = st.control_marker == "printed"
            for i in st.built.cities:
                pv.cities[i] = True
                s.buildings[f"city_{p.slots.cities[i].type}"] -= 1
            for i in st.built.caravans:
                pv.caravans[i] = True
                s.buildings["caravan"] -= 1
            pv.market = st.built.market
            pv.temple = st.built.temple
            s.buildings["market"] -= int(st.built.market)
            s.buildings["temple"] -= int(st.built.temple)
            if st.legions:
                pv.legions = {st.controller: st.legions}
            pv.fortress = st.controller if st.fortress else None
        elif p.capital_of is not None and p.capital_of in roles:
            pv.controller = p.capital_of
            pv.printed = True
        s.provinces[pid] = pv
    s.seas = {sid: {} for sid in seas}
    for r in roles:
        es = empire_setup(r)
        pl = PlayerState(cards=[es.starting_hero])
        for kind, count in es.starting_resources.items():
            got = min(count, s.supply.get(kind, 0))
            s.supply[kind] -= got
            if got:
                pl.hand[kind] = got
        s.players[r] = pl
    s.titles = dict(pc.titles)
    s.prev_titles = dict(pc.titles)
    s.tokens = [t for t in bd.tokens if t in setup_data().turn_one.trade_tokens_available]
    s.rare_pile = list(bd.goods)
    s.rng.shuffle(s.rare_pile)
    deck = [c.id for c in cards().values() if c.kind in ("hero", "wonder")]
    s.rng.shuffle(deck)
    if opts.get("all_heroes_open"):
        s.hw_up = deck
    else:
        from games.mare_nostrum.data import face_up_count
        k = face_up_count()
        s.hw_up, s.hw_down = deck[:k], deck[k:]
    s.say(msg("log.start", n=n))
    return s


# -- the public board ------------------------------------------------------------------------------
def _highlight(s: MNState) -> list[str]:
    w = waiting(s)
    if w is None:
        return []
    f, _ = w
    k = f["k"]
    role = f.get("role")
    if k == "build_target" and role:
        return sorted({t.split(":")[0] for t in building.targets(s, role, f["item"])
                       if f["item"] not in ("card", "pyramids")})
    if k == "fleet_to":
        return B.sea_neighbours(s, f["origin"])
    if k == "army_to" and role:
        return movement.destinations(s, role, f["origin"])
    if k in ("capture", "occupy", "sheba", "swap", "casualty", "loot"):
        return [f["area"]] if "area" in f else []
    if k == "land" and role:
        return sorted({pid for pid, _ in movement.land_options(s, role)})
    if k == "naval" and role:
        return sorted({sid for sid, _ in movement.naval_options(s, role)})
    return []


_STATIC: dict[int, tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]] = {}


def _static(s: MNState) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """What never changes on the board for a number of players: names, places, links, slots."""
    got = _STATIC.get(s.players_n)
    if got is None:
        bd = board()
        provs = {}
        for pid in s.provinces:
            p = bd.provinces[pid]
            provs[pid] = {
                "id": pid, "name": p.name, "name_ru": p.name_ru, "kind": p.kind,
                "region": p.region, "pos": {"x": p.pos.x, "y": p.pos.y},
                "capital_of": p.capital_of,
                "legendary": bd.legendary[pid].name if pid in bd.legendary else None,
                "city_slots": [(c.type, c.label) for c in p.slots.cities],
                "caravan_goods": [c.good for c in p.slots.caravans],
                "market": p.slots.market, "temple": p.slots.temple,
                "land": B.land_neighbours(s, pid), "seas": B.coast(s, pid)}
        seas = {sid: {"id": sid, "name": bd.seas[sid].name, "name_ru": bd.seas[sid].name_ru,
                      "pos": {"x": bd.seas[sid].pos.x, "y": bd.seas[sid].pos.y},
                      "seas": B.sea_neighbours(s, sid), "coasts": B.shore(s, sid)}
                for sid in s.seas}
        got = _STATIC[s.players_n] = (provs, seas)
    return got


_PROVINCE_ENTRIES: dict[tuple[Any, ...], dict[str, Any]] = {}


def _province_entry(pid: str, pv: ProvinceState, st: dict[str, Any],
                    key: tuple[Any, ...]) -> dict[str, Any]:
    """A province of the public board, built once per content (read it, never change it)."""
    got = _PROVINCE_ENTRIES.get(key)
    if got is not None:
        return got
    if len(_PROVINCE_ENTRIES) > 20000:
        _PROVINCE_ENTRIES.clear()
    units = B.unit_roles(pv)

    def held(key: str) -> str | None:
        r = pv.held.get(key)
        return r if r is not None and units == {r} else None

    got = _PROVINCE_ENTRIES[key] = {
        "id": pid, "name": st["name"], "name_ru": st["name_ru"], "kind": st["kind"],
        "region": st["region"], "pos": st["pos"],
        "controller": pv.controller,
        "marker": None if pv.controller is None else ("printed" if pv.printed else "token"),
        "marker_held_by": held("marker"), "marker_since": pv.marker_turn,
        "capital_of": st["capital_of"], "legendary": st["legendary"],
        "cities": [{"slot": i, "type": typ, "label": label, "built": pv.cities[i],
                    "held_by": held(f"city:{i}")}
                   for i, (typ, label) in enumerate(st["city_slots"])],
        "caravans": [{"slot": i, "good": good, "built": pv.caravans[i],
                      "held_by": held(f"caravan:{i}"), "circe": pv.circe.get(f"caravan:{i}")}
                     for i, good in enumerate(st["caravan_goods"])],
        "market": {"built": pv.market, "held_by": held("market")} if st["market"] else None,
        "temple": {"built": pv.temple, "held_by": held("temple")} if st["temple"] else None,
        "legions": {r: n for r, n in pv.legions.items() if n > 0},
        "fortress": pv.fortress, "at_war": len(units) >= 2,
        "land": st["land"], "seas": st["seas"],
    }
    return got


def _shared_key(pid: str, pv: ProvinceState) -> tuple[Any, ...]:
    """``board.province_key`` kept per Province object for the Views: a State and its copies
    share the Provinces no action changed (state.copy_state). ``MNState.edit`` forgets the key
    of a Province about to change, ``touch`` every key. The object is held with its key, so its
    id cannot be reused while it is kept."""
    got = VIEW_KEYS.get(id(pv))
    if got is not None and got[0] is pv:
        return got[1]
    if len(VIEW_KEYS) > 20000:
        VIEW_KEYS.clear()
    key = B.province_key(pid, pv)
    VIEW_KEYS[id(pv)] = (pv, key)
    return key


def public_board(s: MNState) -> dict[str, Any]:
    bd = board()
    sprov, ssea = _static(s)
    keys = {pid: _shared_key(pid, pv) for pid, pv in s.provinces.items()}
    scan = B.scan(s, keys)
    left = B.all_pieces_left(s, keys)
    empires: dict[str, Any] = {}
    for r in s.roles:
        pl = s.players[r]
        e = bd.empires[r]
        empires[r] = {
            "name": e.name, "colour": e.colour, "capital": e.capital_province,
            "titles": [t for t in TRACKS if s.titles.get(t) == r],
            "cards": list(pl.cards),
            "castor_copies": pl.castor,
            "resources": B.hand_size(s, r),
            "shown": list(pl.shown),
            "pieces_left": left[r],
            "great_cities": scan[r]["great"],
            "card_count": H.card_count(s, r),
        }
    provinces = [_province_entry(pid, pv, sprov[pid], keys[pid])
                 for pid, pv in s.provinces.items()]
    seas = [ssea[sid] | {"triremes": {r: n for r, n in fleet.items() if n > 0}}
            for sid, fleet in s.seas.items()]
    t = s.trade
    trade_view = None
    if t is not None:
        trade_view = {
            "token": t.token, "value": t.value, "counts": dict(t.counts),
            "participants": list(t.participants), "first": t.first,
            "confirmed": list(t.confirmed), "revealed": t.revealed,
            "offers": {r: list(o) for r, o in t.offers.items()} if t.revealed else {},
            "pool": {r: list(o) for r, o in t.pool.items()},
            "received": {r: list(o) for r, o in t.received.items()},
            "takes": [list(x) for x in t.takes], "taker": t.taker if t.revealed else None,
            "gift": dict(t.gift) if t.gift else None,
        }
    supply: dict[str, Any] = dict(s.supply)
    supply["rare_pile"] = len(s.rare_pile)
    supply["rare_aside"] = len(s.rare_aside)
    supply["buildings"] = dict(s.buildings)
    return {
        "turn": s.turn, "phase": s.phase, "players": s.players_n,
        "segment": s.segment, "done": list(s.done),
        "titles": dict(s.titles), "previous_titles": dict(s.prev_titles),
        "tracks": {k: {r: scan[r][k] for r in s.roles} for k in TRACKS},
        "empires": empires, "provinces": provinces, "seas": seas,
        "trade_tokens": {"available": list(s.tokens), "played": list(s.played_tokens)},
        "trade": trade_view,
        "heroes_wonders": {"face_up": list(s.hw_up), "face_down": len(s.hw_down),
                           "pyramids": s.pyramids},
        "supply": supply, "peace": list(s.peace), "last_battle": s.last_battle,
        "highlight": _highlight(s),
    }


# -- the text description --------------------------------------------------------------------------
def describe(rules: MareNostrumRules, view: View, lang: str = "en") -> str:
    b = view.board
    tr = rules.tr

    def t(key: str, **args: Any) -> str:
        return tr(msg(key, **args), lang)

    lines = [t("describe.head", n=b["turn"], phase=f"@phase.{b['phase']}")]
    lines.append(t("describe.titles", trade=f"@empire.{b['titles']['trade']}",
                   culture=f"@empire.{b['titles']['culture']}",
                   military=f"@empire.{b['titles']['military']}"))
    for r, e in b["empires"].items():
        trk = {k: b["tracks"][k][r] for k in TRACKS}
        lines.append(t("describe.empire", who=f"@empire.{r}", trade=trk["trade"],
                       culture=trk["culture"], military=trk["military"], n=e["resources"],
                       cities=e["great_cities"], cards=e["card_count"]))
        lines.append("   " + ", ".join(t(f"card.{c}") for c in e["cards"]))
    for p in b["provinces"]:
        parts = []
        slots = board().provinces[p["id"]].slots.cities
        for c in p["cities"]:
            if c["built"]:
                label = (slots[c["slot"]].label_ru if lang == "ru" else None) or c["label"]
                parts.append(t(f"city.{c['type']}") + (f" ({label})" if label else "")
                             + (f"[{t('empire.' + c['held_by'])}]" if c["held_by"] else ""))
        for c in p["caravans"]:
            if c["built"]:
                parts.append(t(f"caravan.{c['good']}")
                             + (f"[{t('empire.' + c['held_by'])}]" if c["held_by"] else ""))
        for key in ("market", "temple"):
            if p[key] and p[key]["built"]:
                parts.append(t(f"item.{key}"))
        units = [f"{t('empire.' + r)} {t('describe.legions', n=n)}" for r, n in p["legions"].items()]
        if p["fortress"]:
            units.append(t("describe.fortress", who=f"@empire.{p['fortress']}"))
        if not (p["controller"] or parts or units):
            continue
        owner = t("empire." + p["controller"]) if p["controller"] else "-"
        war = " " + t("describe.at_war") if p["at_war"] else ""
        lines.append(f" {t('prov.' + p['id'])} [{owner}]{war}: " + (", ".join(parts + units) or "-"))
    fleets = [f"{t('sea.' + x['id'])}: " + ", ".join(f"{t('empire.' + r)} {n}"
                                                     for r, n in x["triremes"].items())
              for x in b["seas"] if x["triremes"]]
    if fleets:
        lines.append(t("describe.triremes") + " " + "; ".join(fleets))
    hw = b["heroes_wonders"]
    lines.append(t("describe.cards_up", n=hw["face_down"]) + " "
                 + ", ".join(t(f"card.{c}") for c in hw["face_up"]))
    lines.append(t("describe.tokens") + " " + ", ".join(b["trade_tokens"]["available"]))
    tv = b.get("trade")
    if tv and tv["revealed"] and b["phase"] == "trade":
        for r, o in tv["pool"].items():
            if o:
                lines.append(f"  {t('empire.' + r)}: " + ", ".join(t(f"res.{x}") for x in o))
    lb = b.get("last_battle")
    if lb:
        rolls = lb["rolls"]
        lines.append(t("describe.battle", area=f"@{'prov' if lb['kind'] == 'land' else 'sea'}."
                       + lb["area"], a=f"@empire.{lb['attacker']}",
                       d=f"@empire.{lb['defender']}", ha=rolls[lb["attacker"]]["hits"],
                       hd=rolls[lb["defender"]]["hits"]))
    if view.private:
        res = [f"{n}× {t('res.' + k)}" for k, n in view.private.get("hand", {}).items()]
        res += [t(f"res.{k}*") for k in view.private.get("rare", [])]
        lines.append(t("describe.hand") + " " + (", ".join(res) or "-"))
        if view.private.get("offer") is not None:
            lines.append(t("describe.offer") + " "
                         + (", ".join(t(f"res.{x}") for x in view.private["offer"]) or "-"))
    if view.result is not None:
        lines.append(rules.tr(view.result.msg, lang) if view.result.msg else view.result.reason)
    else:
        lines.append(rules.tr(view.prompt_msg, lang))
        lines += [f"  {i + 1}. {rules.label(c, lang)}" for i, c in enumerate(view.actions)]
    return "\n".join(lines)


RULES = MareNostrumRules()
