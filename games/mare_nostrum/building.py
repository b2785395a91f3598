"""Phase 3, Building (§3, §3.1, §3.1.1-§3.1.3, §3.2, sidebars; spec B.3).

The Culture Leader names each next builder (he may name himself); the builder does all his
building, item by item: what, where, then how he pays. Each item is paid with one set: only Coins,
or all-different Goods (a Rare Good counts as its kind); Hannibal allows one kind twice, Cleopatra
one Coin in a Goods set or one Good in a Coin set (§3, §10). At the end of his build he keeps up
to 2 Coins (and, with the Hanging Gardens, 2 different Resources) and discards the rest (§3, §11).
Perseus' owner may pre-empt any builder to build the Pyramids or his 5th card and win (§10, §9).
At the end of the phase the Heroes & Wonders board is refilled and 6.2 is checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from games.core import Choice, Msg, msg
from games.mare_nostrum import board as B
from games.mare_nostrum import heroes as H
from games.mare_nostrum import victory as V
from games.mare_nostrum.data import board, cards
from games.mare_nostrum.flow import Frame, decision, opt, phase, pick, pop, push, step, who_prompt
from games.mare_nostrum.state import COIN, MNState, ProvinceState
from games.mare_nostrum.texts import slots

ITEMS = ("control", "city", "caravan", "market", "temple", "legion", "trireme", "fortress",
         "card", "pyramids")
HANNIBAL = "hannibal"
CLEOPATRA = "cleopatra"
GARDENS = "hanging_gardens"
PENTHESILEA = "penthesilea"
CITY_COST = {"ordinary": "city_ordinary", "capital": "city_capital", "legendary": "city_legendary"}


# -- payment sets (§3, §10; spec B.3.3) ----------------------------------------------------------
def can_complete(part: list[str], avail: dict[str, int], k: int, hannibal: bool,
                 cleopatra: bool) -> bool:
    """Can ``part`` (kinds chosen so far) grow into a valid set of ``k`` with what is left in
    ``avail``? With nothing left to add it says whether ``part`` is a valid set."""
    r = k - len(part)
    if r < 0:
        return False
    coins_p = part.count(COIN)
    goods_p = [x for x in part if x != COIN]
    gcount = Counter(goods_p)
    coins_a = avail.get(COIN, 0)
    new_kinds = [g for g, n in avail.items() if g != COIN and n > 0 and g not in gcount]
    if not goods_p and coins_a >= r:
        return True                                             # only Coins
    if coins_p == 0:
        dups = sum(c - 1 for c in gcount.values())
        if max(gcount.values(), default=0) <= 2 and (dups == 0 or (hannibal and dups == 1)):
            cap = len(new_kinds)
            if hannibal and dups == 0 and (any(avail.get(g, 0) >= 1 for g in gcount)
                                           or any(avail[g] >= 2 for g in new_kinds)):
                cap += 1                                        # Hannibal: one kind twice
            if r <= cap:
                return True
    if cleopatra and k >= 2:
        if coins_p <= 1 and max(gcount.values(), default=0) <= 1:
            need_goods = (k - 1) - len(goods_p)                 # Goods set, one Good -> a Coin
            if need_goods >= 0 and coins_a >= 1 - coins_p and len(new_kinds) >= need_goods:
                return True
        if len(goods_p) <= 1 and coins_p <= k - 1:
            need_coins = (k - 1) - coins_p                      # Coin set, one Coin -> a Good
            has_good = any(n > 0 for g, n in avail.items() if g != COIN)
            if coins_a >= need_coins and (goods_p or has_good):
                return True
    return False


def valid_set(kinds: list[str], k: int, hannibal: bool = False, cleopatra: bool = False) -> bool:
    return can_complete(kinds, {}, k, hannibal, cleopatra)


def set_powers(s: MNState, role: str) -> tuple[bool, bool]:
    return H.has(s, role, HANNIBAL), H.has(s, role, CLEOPATRA)


def available(s: MNState, role: str, part: list[str]) -> dict[str, int]:
    avail = B.kinds_in_hand(s, role)
    for k in part:
        avail[k] -= 1
    return avail


def can_pay(s: MNState, role: str, k: int) -> bool:
    han, cleo = set_powers(s, role)
    return can_complete([], B.kinds_in_hand(s, role), k, han, cleo)


def suggestions(avail: dict[str, int], k: int, hannibal: bool, cleopatra: bool) -> list[list[str]]:
    """A few ready-made sets, so a player rarely has to pick Resources one by one."""
    coins = avail.get(COIN, 0)
    goods = sorted((g for g, n in avail.items() if g != COIN and n > 0),
                   key=lambda g: (-avail[g], g))
    out: list[list[str]] = []
    if coins >= k:
        out.append([COIN] * k)
    if len(goods) >= k:
        out.append(goods[:k])
    elif hannibal and len(goods) == k - 1 and goods and avail[goods[0]] >= 2:
        out.append(goods + [goods[0]])
    if cleopatra and k >= 2:
        if len(goods) >= k - 1 and coins >= 1 and k - 1 < len(goods) + 1:
            out.append(goods[:k - 1] + [COIN])
        if coins >= k - 1 and goods:
            out.append([COIN] * (k - 1) + [goods[0]])
    seen, uniq = set(), []
    for x in out:
        key = tuple(sorted(x))
        if key not in seen and valid_set(x, k, hannibal, cleopatra):
            seen.add(key)
            uniq.append(sorted(x))
    return uniq[:3]


def pay(s: MNState, role: str, kinds: list[str]) -> list[str]:
    """Spend a set: ordinary tokens before Rare Goods; spent Rare Goods are set aside (§1.2)."""
    spent = []
    for k in kinds:
        tok = B.token_for(s, role, k)
        assert tok is not None, (role, k)
        B.spend_token(s, role, tok)
        spent.append(tok)
    return spent


# -- where each item may go (§3.1.1, §3.1.2, §4.2.1, §4.3.5; spec B.3.4) ---------------------------
Sites = dict[bool, list[tuple[str, ProvinceState]]]


def build_sites(s: MNState, role: str, buildings: bool,
                known: Sites | None = None) -> list[tuple[str, ProvinceState]]:
    """Where he may build Units (``buildings`` False) or Buildings: his own Provinces without
    enemy Units (§3.1.1), and his own Capital Province always (§3.1.1, §4.3.5; for Buildings
    unless the option says otherwise, C9). ``known`` keeps the answers for a menu that asks
    about every item."""
    if known is not None:
        got = known.get(buildings)
        if got is None:
            got = known[buildings] = build_sites(s, role, buildings)
        return got
    cap = B.capital_province(role)
    cap_ok = not buildings or s.options.get("capital_buildings", True)
    return [(pid, pv) for pid, pv in s.provinces.items()
            if (pid == cap and cap_ok) or (pv.controller == role and not B.enemy_units(pv, role))]


def control_targets(s: MNState, role: str, left: dict[str, int] | None = None) -> list[str]:
    """A Control Marker goes into a Province without a marker and without enemy Units, adjacent
    or connected by the player's Triremes to a Province he controlled at the start of the turn
    (§3.1.1; C35). Triremes built this turn count."""
    left = left if left is not None else B.pieces_left(s, role)
    if left["control_markers"] <= 0:
        return []
    comp = B.sea_components(s, role)
    reach: set[str] = set()
    for base in s.players[role].bases:
        if base in s.provinces:
            reach |= set(B.land_neighbours(s, base)) | B.connected_to(s, role, base, comp)
    return sorted(pid for pid in reach if s.provinces[pid].controller is None
                  and not B.enemy_units(s.provinces[pid], role))


def trireme_targets(s: MNState, role: str, left: dict[str, int] | None = None,
                    known: Sites | None = None) -> list[str]:
    """Any Sea next to a Province he controls that holds no enemy Legions, or next to his own
    Capital Province (§3.1.2; C10)."""
    left = left if left is not None else B.pieces_left(s, role)
    if left["triremes"] <= 0:
        return []
    out: set[str] = set()
    for pid, _pv in build_sites(s, role, False, known):
        out.update(B.coast(s, pid))
    return sorted(out)


def targets(s: MNState, role: str, item: str, left: dict[str, int] | None = None,
            known: Sites | None = None) -> list[str]:
    left = left if left is not None else B.pieces_left(s, role)
    if item == "control":
        return control_targets(s, role, left)
    if item == "trireme":
        return trireme_targets(s, role, left, known)
    if item == "legion":
        if left["legions"] <= 0:
            return []
        return [pid for pid, _pv in build_sites(s, role, False, known)]
    if item == "fortress":
        if left["fortresses"] <= 0:
            return []
        return [pid for pid, pv in build_sites(s, role, False, known) if pv.fortress is None]
    if item == "card":
        return H.buyable(s) if H.next_card_cost(s, role) is not None else []
    if item == "pyramids":
        return ["pyramids"] if s.pyramids is None else []
    out = []
    for pid, pv in build_sites(s, role, True, known):
        slots_ = board().provinces[pid].slots
        if item == "city":
            for i, c in enumerate(slots_.cities):
                if not pv.cities[i] and s.buildings.get(CITY_COST[c.type], 0) > 0:
                    out.append(f"{pid}:{i}")
        elif item == "caravan":
            if s.buildings.get("caravan", 0) > 0:
                out += [f"{pid}:{i}" for i in range(len(slots_.caravans)) if not pv.caravans[i]]
        elif item in ("market", "temple"):
            if getattr(slots_, item) and not getattr(pv, item) and s.buildings.get(item, 0) > 0:
                out.append(pid)
    return out


def cost(s: MNState, role: str, item: str, target: str) -> int:
    c = board().costs
    if item == "control":
        return c.control_marker
    if item == "city":
        pid, _, i = target.partition(":")
        return getattr(c, CITY_COST[board().provinces[pid].slots.cities[int(i)].type])
    if item == "card":
        n = H.next_card_cost(s, role)
        assert n is not None
        return n
    if item == "pyramids":
        return H.pyramids_cost()
    return int(getattr(c, item))


def item_cost(s: MNState, role: str, item: str, ts: list[str] | None = None) -> int:
    """The cost of the item wherever it goes (cities: the cheapest open slot)."""
    ts = targets(s, role, item) if ts is None else ts
    if item != "city":
        return cost(s, role, item, ts[0]) if ts else 0
    return min((cost(s, role, item, t) for t in ts), default=0)


_DISCOUNT_ITEMS = {"legion": "legion", "fortress": "fortress", "trireme": "trireme",
                   "control_marker": "control"}


@cache
def discount_cards() -> tuple[tuple[str, str, tuple[str, ...] | None], ...]:
    """The cards that make an item cheap or free once a turn, read from cards.json: (card, item,
    payable kinds, or None when free)."""
    out: list[tuple[str, str, tuple[str, ...] | None]] = []
    for cid, card in cards().items():
        eff = card.effect or {}
        item = _DISCOUNT_ITEMS.get(str(eff.get("item")))
        if item is None:
            continue
        if eff.get("type") == "discount":
            out.append((cid, item, tuple(eff.get("pay", []))))
        elif eff.get("type") == "free_build" and "where" not in eff:
            out.append((cid, item, None))
    return tuple(out)


def discounts(s: MNState, role: str, item: str) -> list[tuple[str, list[str] | None]]:
    """Once-per-turn cards that make an item cheap or free: (card, payable kinds or None=free)."""
    used = s.players[role].used
    return [(cid, None if kinds is None else list(kinds))
            for cid, it, kinds in discount_cards()
            if it == item and cid not in used and H.has(s, role, cid)]


def affordable(s: MNState, role: str, item: str, ts: list[str] | None = None,
               payable: dict[int, bool] | None = None, k: int | None = None) -> bool:
    """Some target and a way to pay: a discount card, or a set of the item's cost ``k``
    (``payable`` keeps what was found per cost, for a menu that asks about every item)."""
    ts = targets(s, role, item) if ts is None else ts
    if not ts:
        return False
    for _cid, kinds in discounts(s, role, item):
        if kinds is None or any(B.count_kind(s, role, kd) > 0 for kd in kinds):
            return True
    k = item_cost(s, role, item, ts) if k is None else k
    if payable is None:
        return can_pay(s, role, k)
    if k not in payable:
        payable[k] = can_pay(s, role, k)
    return payable[k]


def penthesilea_count(s: MNState, role: str, left: dict[str, int] | None = None) -> int:
    """Penthesilea: one free Legion in the Capital Province per own Province "occupied by enemy
    Legions" (§10), within the 8-Legion set. C12: a Province of his holding enemy Legions; the
    option ``penthesilea_provinces = "occupied"`` counts only those where an enemy Capturer's
    Legion holds a Building or the Control Marker (§4.3.2-§4.3.3)."""
    if not H.has(s, role, PENTHESILEA) or PENTHESILEA in s.players[role].used:
        return 0
    if B.capital_province(role) not in s.provinces:
        return 0
    if s.options.get("penthesilea_provinces", "enemy_legions") == "occupied":
        n = sum(1 for pid, pv in s.provinces.items() if pv.controller == role
                and any(B.holder(pv, k) not in (None, role) for k in pv.held
                        if k == "marker" or k in B.building_keys(s, pid)))
    else:
        n = sum(1 for pv in s.provinces.values()
                if pv.controller == role and B.enemy_legions(pv, role))
    left = left if left is not None else B.pieces_left(s, role)
    return min(n, left["legions"])


# -- placing what was paid for ------------------------------------------------------------------------
def place(s: MNState, role: str, item: str, target: str) -> None:
    who = f"@empire.{role}"
    if item == "control":
        pv = s.edit(target)
        pv.controller = role
        s.say(msg("log.build_control", who=who, prov=f"@prov.{target}"))
    elif item in ("city", "caravan"):
        pid, _, i = target.partition(":")
        pv = s.edit(pid)
        if item == "city":
            typ = board().provinces[pid].slots.cities[int(i)].type
            pv.cities[int(i)] = True
            pv.held.pop(f"city:{i}", None)     # a Legion left on the ruins gives way
            s.buildings[CITY_COST[typ]] -= 1
            s.say(msg("log.build_city", who=who, prov=f"@prov.{pid}", kind=f"@city.{typ}"))
        else:
            pv.caravans[int(i)] = True
            pv.circe.pop(f"caravan:{i}", None)
            pv.held.pop(f"caravan:{i}", None)
            s.buildings["caravan"] -= 1
            s.say(msg("log.build_caravan", who=who, prov=f"@prov.{pid}",
                      good=f"@good.{board().provinces[pid].slots.caravans[int(i)].good}"))
    elif item in ("market", "temple"):
        setattr(s.edit(target), item, True)
        s.edit(target).held.pop(item, None)
        s.buildings[item] -= 1
        s.say(msg(f"log.build_{item}", who=who, prov=f"@prov.{target}"))
    elif item == "legion":
        B.add_legions(s.edit(target), role, 1)
        s.say(msg("log.build_legion", who=who, prov=f"@prov.{target}"))
    elif item == "fortress":
        s.edit(target).fortress = role
        s.say(msg("log.build_fortress", who=who, prov=f"@prov.{target}"))
    elif item == "trireme":
        s.seas[target][role] = s.seas[target].get(role, 0) + 1
        s.say(msg("log.build_trireme", who=who, sea=f"@sea.{target}"))
    elif item == "card":
        s.hw_up.remove(target)
        s.players[role].cards.append(target)
        s.say(msg("log.build_card", who=who, card=f"@card.{target}"))
        if H.card_count(s, role) >= V.CARDS_TO_WIN and role not in s.glory:
            s.glory.append(role)
        if target == H.CASTOR:
            if H.castor_targets(s, role):
                push(s, "castor", role=role)
            else:
                s.say(msg("log.castor_none", who=who))
    elif item == "pyramids":
        s.pyramids = role
        s.players[role].cards.append(H.PYRAMIDS)
        s.say(msg("log.build_card", who=who, card="@card.pyramids"))


def finish_item(s: MNState, role: str, item: str, perseus: bool) -> None:
    """Victory checks that come at once: 6.1 and Perseus' 6.2."""
    if item == "pyramids":
        V.prestige(s, role)
    elif item == "card":
        V.glory_at_once(s, role)


# -- the phase -----------------------------------------------------------------------------------
@phase("build")
def start_build(s: MNState) -> None:
    s.done = []
    s.glory = []
    s.segment = None
    push(s, "build_end")
    push(s, "build_next")


@step("build_next")
def build_next(s: MNState, f: Frame) -> None:
    left = [r for r in s.roles if r not in s.done]
    if not left:
        pop(s, f)
        return
    s.perseus_passed = False
    if len(left) == 1:
        begin_builder(s, left[0])
    else:
        push(s, "build_order", role=s.titles["culture"])


def begin_builder(s: MNState, role: str) -> None:
    s.segment = role
    s.started = False
    s.say(msg("log.builder", who=f"@empire.{role}"))
    push(s, "build", role=role)


@step("build_end")
def build_end(s: MNState, f: Frame) -> None:
    pop(s, f)
    s.segment = None
    if s.options.get("all_heroes_open", False) is False:
        for c in H.refill(s):
            s.say(msg("log.card_up", card=f"@card.{c}"))
    V.glory_end_of_build(s)


# -- Perseus (§10, §9 Q&A 1; C17) ------------------------------------------------------------------
def perseus_owner(s: MNState) -> str | None:
    """The Perseus owner, while he may still pre-empt the builder about to be named or to act."""
    if s.phase != "build" or s.perseus_passed:
        return None
    who = H.owner(s, H.PERSEUS)
    if who is None or who in s.done or who == s.segment:
        return None
    if s.segment is not None and s.started:
        return None
    if perseus_options(s, who):
        return who
    return None


def perseus_options(s: MNState, who: str) -> list[str]:
    """What he could declare, judged by what everyone can see: enough Resources in number."""
    n = B.hand_size(s, who)
    out = []
    if s.pyramids is None and n >= H.pyramids_cost():
        out.append("pyramids")
    if H.card_count(s, who) == V.CARDS_TO_WIN - 1 and n >= (H.next_card_cost(s, who) or 99):
        out += list(H.buyable(s))
    return out


def perseus_choices(s: MNState, who: str) -> list[Choice]:
    out = [opt("perseus", c, "choice.perseus", card=f"@card.{c}") for c in perseus_options(s, who)]
    return out + [opt("perseus_pass", None, "choice.perseus_pass")]


def _with_perseus(s: MNState, f: Frame) -> list[str]:
    roles = [f["role"]]
    p = perseus_owner(s)
    if p is not None and p not in roles:
        roles.append(p)
    return roles


def perseus_act(s: MNState, role: str, verb: str, arg: Any) -> bool:
    """Handle the Perseus owner's own choices in a frame he shares; True if it was one."""
    if role != perseus_owner(s) or verb not in ("perseus", "perseus_pass"):
        return False
    if verb == "perseus_pass":
        s.perseus_passed = True
        return True
    item = "pyramids" if arg == "pyramids" else "card"
    s.say(msg("log.perseus", who=f"@empire.{role}", card=f"@card.{arg}"))
    push(s, "pay", role=role, item=item, target=str(arg), cost=cost(s, role, item, str(arg)),
         part=[], perseus=True)
    return True


DecideFn = Callable[[MNState, Frame, str, str, Any], None]


def shared_with_perseus(kind: str, own: Callable[[MNState, Frame, str], list[Choice]],
                        prompt_key: str) -> Callable[[DecideFn], DecideFn]:
    """A decision of the frame's role that the Perseus owner shares while he may pre-empt: his
    choices and prompt are his own, and his acts are handled before the handler's (C17)."""
    def choices(s: MNState, f: Frame, role: str) -> list[Choice]:
        out = own(s, f, role) if role == f["role"] else []
        return out + perseus_choices(s, role) if role == perseus_owner(s) else out

    def prompt(s: MNState, f: Frame, role: str | None) -> Msg:
        if role is not None and role != f["role"] and role == perseus_owner(s):
            return msg("prompt.perseus")
        return msg(prompt_key, who=f"@empire.{f['role']}")

    def deco(fn: DecideFn) -> DecideFn:
        def decide(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
            if not perseus_act(s, role, verb, arg):
                fn(s, f, role, verb, arg)
        decision(kind, choices, prompt, roles=_with_perseus)(decide)
        return fn
    return deco


# -- who builds next (§3) --------------------------------------------------------------------------
def _order_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("builder", r, "choice.builder", who=f"@empire.{r}")
            for r in s.roles if r not in s.done]


@shared_with_perseus("build_order", _order_choices, "prompt.builder")
def choose_builder(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pop(s, f)
    begin_builder(s, str(arg))


# -- the builder's menu ----------------------------------------------------------------------------
def menu(s: MNState, role: str) -> list[Choice]:
    out = []
    left = B.pieces_left(s, role)
    payable: dict[int, bool] = {}
    known: Sites = {}
    for item in ITEMS:
        ts = targets(s, role, item, left, known)
        if not ts:
            continue
        k = item_cost(s, role, item, ts)
        if affordable(s, role, item, ts, payable, k):
            out.append(opt("item", item, "choice.item", secret=True, item=f"@item.{item}", n=k))
    n = penthesilea_count(s, role, left)
    if n:
        out.append(opt("penthesilea", None, "choice.penthesilea", n=n,
                       prov=f"@prov.{B.capital_province(role)}"))
    out.append(opt("done", None, "choice.build_done"))
    return out


def _build_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return menu(s, role)


@shared_with_perseus("build", _build_choices, "prompt.build")
def build_menu(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    s.started = True
    if verb == "item":
        push(s, "build_target", role=role, item=str(arg))
    elif verb == "penthesilea":
        n = penthesilea_count(s, role)
        cap = B.capital_province(role)
        B.add_legions(s.edit(cap), role, n)
        s.players[role].used.append(PENTHESILEA)
        s.say(msg("log.penthesilea", who=f"@empire.{role}", n=n, prov=f"@prov.{cap}"))
    elif verb == "done":
        pop(s, f)
        push(s, "build_finish", role=role)
        if H.has(s, role, GARDENS):
            push(s, "keep", role=role, kept=[])


def target_label(item: str, target: str) -> Choice:
    if item in ("city", "caravan"):
        pid, _, i = target.partition(":")
        slot = board().provinces[pid].slots
        if item == "city":
            c = slot.cities[int(i)]
            return opt("at", target, "choice.at_city", prov=f"@prov.{pid}", kind=f"@city.{c.type}",
                       name=c.label)
        return opt("at", target, "choice.at_caravan", prov=f"@prov.{pid}",
                   good=f"@good.{slot.caravans[int(i)].good}")
    if item == "trireme":
        return opt("at", target, "choice.at_sea", sea=f"@sea.{target}")
    if item in ("card", "pyramids"):
        return opt("at", target, "choice.at_card", card=f"@card.{target}")
    return opt("at", target, "choice.at_prov", prov=f"@prov.{target}")


def _target_options(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [target_label(f["item"], t) for t in targets(s, role, f["item"])]


def _target_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.target", who=f"@empire.{f['role']}", item=f"@item.{f['item']}")


@pick("build_target", _target_options, _target_prompt)
def choose_target(s: MNState, f: Frame, role: str, arg: Any) -> None:
    item = f["item"]
    push(s, "pay", role=role, item=item, target=str(arg), cost=cost(s, role, item, str(arg)),
         part=[], perseus=False)


# -- paying, one set per item ---------------------------------------------------------------------
def pay_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    item, k, part = f["item"], f["cost"], f["part"]
    han, cleo = set_powers(s, role)
    out: list[Choice] = []
    if not part and not f.get("perseus"):
        for cid, kinds in discounts(s, role, item):
            if kinds is None:
                out.append(opt("free", cid, "choice.free", card=f"@card.{cid}"))
            else:
                out += [opt("pay1", f"{cid}:{kd}", "choice.pay1", secret=True,
                            card=f"@card.{cid}", res=f"@res.{kd}")
                        for kd in kinds if B.count_kind(s, role, kd) > 0]
    avail = available(s, role, part)
    if not part:
        for sug in suggestions(avail, k, han, cleo):
            out.append(opt("set", "+".join(sug), "choice.pay_set", secret=True, **slots(sug, 12)))
    for kind in sorted(g for g, n in avail.items() if n > 0):
        nxt = avail.copy()
        nxt[kind] -= 1
        if can_complete(part + [kind], nxt, k, han, cleo):
            out.append(opt("add", kind, "choice.pay_add", secret=True, res=f"@res.{kind}",
                           have=len(part), n=k))
    return out + [opt("back", None, "choice.back")]


def _pay_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.pay", who=f"@empire.{f['role']}", item=f"@item.{f['item']}", n=f["cost"],
               have=len(f["part"]))


@decision("pay", pay_choices, _pay_prompt)
def choose_payment(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    item, target = f["item"], f["target"]
    if verb == "back":
        pop(s, f)
        if f.get("perseus"):
            s.perseus_passed = True          # backing out of a declaration passes (C17)
        return
    if verb == "add":
        f["part"].append(str(arg))
        if len(f["part"]) < f["cost"]:
            return
        kinds = list(f["part"])
    elif verb == "set":
        kinds = str(arg).split("+")
    elif verb == "pay1":
        cid, _, kd = str(arg).partition(":")
        kinds = [kd]
        s.players[role].used.append(cid)
    else:                                                    # "free"
        kinds = []
        s.players[role].used.append(str(arg))
    pop(s, f)
    spent = pay(s, role, kinds)
    s.say(msg("log.paid", who=f"@empire.{role}", n=len(spent), **slots(spent, 12)))
    place(s, role, item, target)
    finish_item(s, role, item, bool(f.get("perseus")))


# -- Castor & Pollux (§10) ----------------------------------------------------------------------------
def _castor_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("copy", c, "choice.copy", card=f"@card.{c}") for c in H.castor_targets(s, role)]


@decision("castor", _castor_choices, who_prompt("prompt.castor"))
def castor(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    s.players[role].castor = str(arg)
    s.say(msg("log.castor", who=f"@empire.{role}", card=f"@card.{arg}"))
    pop(s, f)


# -- the end of a player's build (§3, §11; spec B.3.6) ------------------------------------------------
def keep_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    kept: list[str] = f["kept"]
    out = []
    if len(kept) < 2:
        have = B.kinds_in_hand(s, role)
        for kind in sorted(have):
            if kind in kept:
                continue
            if kind == COIN and (not s.options.get("gardens_coin", True) or have[kind] <= 2):
                continue
            out.append(opt("keep", kind, "choice.keep", secret=True, res=f"@res.{kind}"))
    return out + [opt("done", None, "choice.keep_done")]


@decision("keep", keep_choices, who_prompt("prompt.keep"))
def keep(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    if verb == "keep":
        f["kept"].append(str(arg))
        if len(f["kept"]) < 2:
            return
    pop(s, f)
    for fr in s.flow:
        if fr["k"] == "build_finish" and fr["role"] == role:
            fr["extra"] = list(f["kept"])


@step("build_finish")
def build_finish(s: MNState, f: Frame) -> None:
    """Keep up to 2 Coins (and the Gardens' 2 different Resources), show them, discard the rest."""
    pop(s, f)
    role = f["role"]
    pl = s.players[role]
    kept: list[str] = []
    coins = pl.hand.get(COIN, 0)
    extra = list(f.get("extra", []))
    n_coins = min(2, coins) + (1 if COIN in extra and coins > 2 else 0)
    kept += [COIN] * n_coins
    for kind in extra:
        if kind != COIN:
            tok = B.token_for(s, role, kind)
            if tok is not None:
                kept.append(tok)
    keep_count = Counter(kept)
    for tok in [k for k, n in pl.hand.items() for _ in range(n)] + [r + "*" for r in pl.rare]:
        if keep_count.get(tok, 0) > 0:
            keep_count[tok] -= 1
            continue
        B.spend_token(s, role, tok)
    pl.shown = sorted(kept)
    s.say(msg("log.keeps", who=f"@empire.{role}", n=len(kept), **slots(pl.shown)))
    s.done.append(role)
    s.segment = None
