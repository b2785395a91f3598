"""The Independents a Power may ally with or raise in the Advanced Game (§12.5): Rhodes' navy by
the Alliance with Rhodes card (§12.5.1), Pergamum's armies by the Alliance with Pergamum card
(§12.5.4, §17.2), the Kingdom of Pontus by the Pontus card (§12.5.5).

``s.allied_independents`` holds ``rhodes``/``pergamum`` -> the allied Power;
``s.card_effects["pontus"]`` the Pontus player while the kingdom is in play (``{"power"}``);
``s.card_effects["alliance_rhodes"]`` the galleys Rhodes had when the alliance was made
(``{"galleys"}``, replaced at 2T each in the Manpower Phase); ``s.card_effects["pergamum"]``
what the Pergamene alliance keeps: ``leader`` once a Pergamene leader was placed (he is never
placed again), ``out`` the units waiting out of play after a break (type -> n).

The rest of the engine asks this module: ``allies_of`` (movement.friends_of: who stacks and
fights together), ``commander_of`` (movement.controller_of: who decides for Pergamum or
Pontus), ``allied_control`` (control.space_controller, §5.4.1 and the card's ban on Pergamum's
own spaces), ``rhodes_holder`` (naval: who is owed the Rhodes toll).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.control import data
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, step, turn_page
from games.pax_romana.state import LCU_TYPES, LeaderState, PRState
from games.pax_romana.texts import extend

RHODES = "rhodes"
PERGAMUM = "pergamum"
PONTUS = "pontus"
UNSET = object()
RHODIAN_GALLEY_T = 2                # §17.2 Alliance with Rhodes: a lost galley replaced
PONTUS_FORCE = (("HI", 4), ("LI", 2), ("CV", 1), ("GS", 1))     # §12.5.5


def pontus_player(s: PRState) -> str | None:
    got = s.card_effects.get(PONTUS)
    return str(got["power"]) if isinstance(got, dict) and got.get("power") else None


def allies_of(s: PRState, owner: str) -> set[str]:
    """An allied Independent's units are its ally's friends, and his theirs (§4.3.1, §17.2)."""
    if not s.allied_independents:
        return set()
    if owner in s.allied_independents:
        return {s.allied_independents[owner]}
    return {ind for ind, p in s.allied_independents.items() if p == owner}


def commander_of(s: PRState, owner: str) -> str | None:
    """Who decides for Pergamum's armies (its ally, §17.2) and Pontus's (the Pontus player,
    §12.5.5); None for anyone else."""
    if owner == PERGAMUM:
        return s.allied_independents.get(PERGAMUM)
    if owner == PONTUS:
        return pontus_player(s)
    return None


def pergamum_home(s: PRState) -> dict[str, dict[str, int]]:
    """The spaces Pergamene armies occupied at the start, with their units: the scenario's
    placements when it is a built-in one, else Pergamum's core spaces of the map (one HI each,
    reconstructed)."""
    return {sp: dict(st) for sp, st in _home(s.scenario)}


@cache
def _home(scenario: str) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    return tuple((sp, tuple(st.items())) for sp, st in _home_of(scenario).items())


def _home_of(scenario: str) -> dict[str, dict[str, int]]:
    d = data()
    if scenario in d.scenarios:
        out: dict[str, dict[str, int]] = {}
        for pl in d.scenario(scenario).placements:
            if pl.owner == PERGAMUM:
                st = out.setdefault(pl.at, {})
                for kind, n in pl.units.items():
                    st[kind] = st.get(kind, 0) + n
        if out:
            return out
    return {sp: {"HI": 1} for sp in d.independents[PERGAMUM].core_spaces}


def allied_control(s: PRState, space: str, occ: set[str]) -> Any:
    """§5.4.1: an allied Independent's army neither breaks its ally's control nor controls for
    him; §17.2 (Alliance with Pergamum): while allied, the Power never gains control of a space
    Pergamene armies occupied at the start, even alone there. ``UNSET`` when this rule says
    nothing about ``space``."""
    ally = s.allied_independents.get(PERGAMUM)
    if ally is None or ally not in occ and PERGAMUM not in occ:
        return UNSET
    if any(sp == space for sp, _ in _home(s.scenario)) and occ <= {ally, PERGAMUM}:
        return PERGAMUM if PERGAMUM in occ else None
    if ally in occ and PERGAMUM in occ:
        occ = occ - {PERGAMUM}
    if len(occ) == 1:
        return next(iter(occ))
    return UNSET


def rhodes_holder(s: PRState, controller: str | None) -> str | None:
    """Who Rhodes' toll is owed to (§12.5.1): Rhodes' ally in the Advanced Game while Rhodes is
    Independent, else the controller of the space."""
    ally = s.allied_independents.get(RHODES)
    if ally is not None and controller == RHODES:
        return ally
    return controller


# -- Rhodes (§12.5.1, Alliance with Rhodes) ------------------------------------------------------
def rhodes_galleys(s: PRState) -> int:
    return sum(st.get(RHODES, {}).get("GS", 0) for st in s.units.values())


def ally_rhodes(s: PRState, power: str) -> None:
    s.allied_independents[RHODES] = power
    s.rhodes_user = power
    s.card_effects["alliance_rhodes"] = {"galleys": rhodes_galleys(s)}
    s.say(msg("log.ally_rhodes", power=f"@power.{power}", n=rhodes_galleys(s)))


def break_alliance(s: PRState, independent: str, by: str) -> None:
    """The Alliance card, or the alliance card itself, breaks an alliance with Pergamum or Rhodes
    (§17.2)."""
    ally = s.allied_independents.pop(independent, None)
    if ally is None:
        return
    s.say(msg("log.alliance_broken", power=f"@power.{by}", who=f"@power.{ally}",
              ind=f"@power.{independent}"))
    if independent == RHODES:
        s.rhodes_user = None
        s.card_effects.pop("alliance_rhodes", None)
    else:
        pergamenes_home(s)


def replace_rhodian_galleys(s: PRState) -> None:
    """Manpower Phase (§17.2 Alliance with Rhodes): the ally replaces every Rhodian galley lost
    since the alliance at 2T each, as many as he can pay."""
    ally = s.allied_independents.get(RHODES)
    kept = s.card_effects.get("alliance_rhodes")
    if ally is None or not isinstance(kept, dict) or ally not in s.powers:
        return
    lost = int(kept.get("galleys", 0)) - rhodes_galleys(s)
    cost = RHODIAN_GALLEY_T
    n = min(max(0, lost), s.powers[ally].treasury // cost)
    if n <= 0:
        return
    s.powers[ally].treasury -= n * cost
    s.add(RHODES, RHODES, "GS", n)
    s.say(msg("log.rhodes_replaced", power=f"@power.{ally}", n=n, cost=n * cost))


# -- Pergamum (§12.5.4, Alliance with Pergamum) --------------------------------------------------
def pergamene_units(s: PRState) -> dict[str, dict[str, int]]:
    return {sp: dict(st[PERGAMUM]) for sp, st in s.units.items() if PERGAMUM in st}


def pergamum_in_play(s: PRState) -> bool:
    return any(k in LCU_TYPES for st in pergamene_units(s).values() for k in st)


def pergamene_armies(s: PRState, power: str) -> list[str]:
    """``space|pergamum`` for each Pergamene army its ally may move (§17.2)."""
    from games.pax_romana.activation import movable
    if s.allied_independents.get(PERGAMUM) != power:
        return []
    return [f"{sp}|{PERGAMUM}" for sp in sorted(pergamene_units(s))
            if sp in data().spaces and any(k in LCU_TYPES for k in movable(s, PERGAMUM, sp))]


def pergamene_leader_roll(s: PRState, power: str) -> None:
    """§17.2: until a Pergamene leader is placed, each Major Move of a Pergamene army rolls 1d6:
    1-4 none (the army moves as under a 0-0 leader), 5 the 1-4 leader, 6 the 2-5 leader, placed
    in Pergamum. He stays between turns and is not replaced if killed."""
    kept = s.card_effects.setdefault(PERGAMUM, {})
    if kept.get("leader"):
        return
    roll = int(s.rng.roll(range(1, 7)))
    lid = {5: "pergamum_attalus", 6: "pergamum_eumenes"}.get(roll)
    s.say(msg("log.pergamene_leader_roll", power=f"@power.{power}", roll=roll))
    if lid is None:
        return
    kept["leader"] = lid
    s.leaders[lid] = LeaderState(owner=PERGAMUM, at=PERGAMUM)
    s.say(msg("log.pergamene_leader", leader=f"@leader.{lid}", space=f"@space.{PERGAMUM}"))


def companions(s: PRState, f: Frame, start: bool = False) -> dict[str, dict[str, int]]:
    """§17.2 ("use all Pergamene armies as his own, combining them with any of his armies"):
    in a Major Move of the ally's own army, the Pergamene units where it stands that may go
    with it as one army; in a Major Move of a Pergamene army, the ally's units there. At the
    start, once only (``start``); on the way, any not yet with it."""
    from games.pax_romana.activation import movable
    ally = s.allied_independents.get(PERGAMUM)
    if ally is None or f.get("minor") or f["role"] != ally or f.get("successor"):
        return {}
    other = {ally: PERGAMUM, PERGAMUM: ally}.get(f["owner"])
    if other is None or start and other in f.get("with", {}):
        return {}
    units = movable(s, other, f.get("at", f["start"]))
    return {other: units} if any(k in LCU_TYPES for k in units) else {}


def combine(s: PRState, f: Frame, start: bool = False) -> None:
    """The units ``companions`` names join the army's move (its leaders with them); the first
    Pergamenes joining the ally's Major Move count as his Major Move for a Pergamene army: the
    leader roll, and Minor Moves for Pergamene units after it."""
    at = f.get("at", f["start"])
    for other, units in companions(s, f, start).items():
        st = f.setdefault("with", {}).setdefault(other, {})
        for kind, n in units.items():
            st[kind] = st.get(kind, 0) + n
            if not start:               # picked up on the way: they moved (§9.1.4)
                moved = s.moved.setdefault(f"{at}|{other}", {})
                moved[kind] = moved.get(kind, 0) + n
        f["leaders"] += [lid for lid in s.leaders_at(at, other) if lid not in f["leaders"]]
        s.say(msg("log.combined", power=f"@power.{f['role']}", who=f"@power.{other}",
                  space=f"@space.{at}", n=sum(units.values())))
        if other == PERGAMUM and not f.get("pergamene_roll"):
            f["pergamene_roll"] = True
            pergamene_leader_roll(s, f["role"])
            exp = next((x for x in reversed(s.flow) if x["k"] == "expansion"
                        and x.get("role") == f["role"]), None)
            if exp is not None:
                exp["pergamene"] = True


def _free_for_pergamum(s: PRState, space: str) -> bool:
    return all(o == PERGAMUM for o in s.units.get(space, {})) and (
        space not in s.cities or s.cities[space].owner == PERGAMUM)


def pergamenes_home(s: PRState) -> None:
    """The alliance broken (§17.2, the designer's clarification): every Pergamene unit goes back
    to its starting space as nearly as it can; the survivors of a smaller army are spread evenly
    over the starting spaces that are free. With none free they leave play until one is
    (``return_pergamenes``)."""
    out: dict[str, int] = dict(s.card_effects.get(PERGAMUM, {}).get("out", {}))
    for sp, st in pergamene_units(s).items():
        for kind, n in st.items():
            if kind != "GS":
                out[kind] = out.get(kind, 0) + n
                s.remove(sp, PERGAMUM, kind, n)
    kept = s.card_effects.setdefault(PERGAMUM, {})
    kept["out"] = out
    lid = kept.get("leader")
    if lid and lid in s.leaders:           # he goes home with them
        del s.leaders[lid]
        kept["leader_out"] = lid
    if not return_pergamenes(s):
        s.say(msg("log.pergamenes_out"))


def return_pergamenes(s: PRState) -> bool:
    """Units out of play come back as soon as one starting space is free (§17.2); False while
    none is."""
    kept = s.card_effects.get(PERGAMUM, {})
    out: dict[str, int] = dict(kept.get("out", {}))
    if not any(out.values()):
        kept.pop("out", None)
        return True
    home = pergamum_home(s)
    free = [sp for sp in home if _free_for_pergamum(s, sp)]
    if not free:
        return False
    placed: dict[str, int] = {}
    start: dict[str, int] = {}
    for st in home.values():
        for kind, n in st.items():
            start[kind] = start.get(kind, 0) + n
    whole = all(out.get(kind, 0) >= n for kind, n in start.items())
    for sp in free if whole else []:       # all there: as they stood at the start
        for kind, n in home[sp].items():
            k = min(n, out.get(kind, 0))
            if k:
                s.add(sp, PERGAMUM, kind, k)
                out[kind] -= k
                placed[sp] = placed.get(sp, 0) + k
    for kind in sorted(out):               # survivors (or the rest) spread evenly
        for _ in range(out[kind]):
            sp = min(free, key=lambda x: (placed.get(x, 0), free.index(x)))
            s.add(sp, PERGAMUM, kind)
            placed[sp] = placed.get(sp, 0) + 1
    kept.pop("out", None)
    lid = kept.pop("leader_out", None)
    if lid:
        at = max(free, key=lambda x: (placed.get(x, 0), -free.index(x)))
        s.leaders[lid] = LeaderState(owner=PERGAMUM, at=at)
    s.say(msg("log.pergamenes_home"))
    return True


# -- a joint army's losses at sea (§17.2 with §11.2.1, §11.4.6) ----------------------------------
def joint_sea_losses(s: PRState, m: Frame, need: int, battle: str | None = None) -> bool:
    """§17.2 ("when allocating losses he may, for each of his BP lost, destroy the same amount
    of Pergamenes instead") at sea: the BP a Storm (§11.2.1) or a naval battle (2 BP a galley
    lost, §11.4.6) costs a transport carrying a joint army fall on the land units of both sides
    aboard, and the ally chooses them, BP for BP, as after a land battle (``joint_sea_loss``).
    The moving side's own last land combat unit goes only after the partner's last (the partner's
    units are the ones it sheds, as on the way). ``battle``: the naval battle's outcome, carried
    on once the losses are taken. False when the transport carries no partner's land combat
    unit: its losses are taken as any army's."""
    if need <= 0 or not any(k in LCU_TYPES for st in m.get("with", {}).values() for k in st):
        return False
    if battle is not None:
        s.say(msg("log.transport_losses", power=f"@power.{m['owner']}",
                  space=f"@space.{m['at']}", n=need))
    push(s, "joint_sea_losses_over", battle=battle)
    push(s, "joint_sea_loss", role=m["role"], space=m["at"], need=need, weakened=False)
    return True


def _aboard(m: Frame, owner: str) -> dict[str, int]:
    return m["units"] if owner == m["owner"] else m.get("with", {}).get(owner, {})


def _transport(s: PRState) -> Frame | None:
    from games.pax_romana.movement import move_frame
    m = move_frame(s)
    return m if m is not None and m.get("sea") is not None else None


def joint_loss_options(s: PRState, m: Frame, need: int,
                       weakened: bool) -> list[tuple[str, int]]:
    """What of the units aboard may take the next loss (``owner|verb|kind``, BP), by the land
    battle's rules (``battle.loss_choices_for``), the moving side's last LCU last."""
    from games.pax_romana.battle import loss_choices_for
    partners = sorted(m.get("with", {}))
    mine = [k for k, n in m["units"].items() if k in LCU_TYPES for _ in range(n)]
    theirs = any(k in LCU_TYPES for o in partners for k in m["with"][o])

    def fits(key: str) -> bool:
        owner, verb, kind = key.split("|")
        if _aboard(m, owner).get(kind, 0) <= 0:
            return False
        return not (verb == "kill" and owner == m["owner"] and theirs and len(mine) == 1)

    for owners in ([m["owner"], *partners], partners):
        got = [(key, v) for key, v in loss_choices_for(s, m["at"], m["owner"], need, weakened,
                                                       False, owners) if fits(key)]
        if got:
            return got
    return []


def _joint_loss_choices(s: PRState, f: Frame) -> list[Choice]:
    m = _transport(s)
    if m is None:
        return []
    out = []
    for key, _ in joint_loss_options(s, m, f["need"], f["weakened"]):
        owner, verb, kind = key.split("|")
        out.append(opt("loss", key, f"choice.{verb}_unit_of", unit=f"@unit.{kind}",
                       who=f"@power.{owner}"))
    return paged(f, f["role"], out, [])


def _joint_loss_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.joint_sea_loss", who=f"@power.{f['role']}", n=f["need"],
               space=f"@space.{f['space']}", partner=f"@power.{PERGAMUM}")


@question("joint_sea_loss", _joint_loss_choices, _joint_loss_prompt, lapses=lambda s, f: True)
def joint_sea_loss(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """One unit aboard of either side lost or weakened (§10.3.2: the loss is a minimum)."""
    from games.pax_romana.battle import CAVALRY, bp_of
    if verb == "page":
        turn_page(f, f["role"])
        return
    f.setdefault("page", {}).pop(f["role"], None)
    m = _transport(s)
    assert m is not None
    owner, what, kind = str(arg).split("|")
    aboard = _aboard(m, owner)
    s.remove(m["at"], owner, kind)
    aboard[kind] -= 1
    if not aboard[kind]:
        del aboard[kind]
    if what == "weaken":
        s.add(m["at"], owner, f"w{kind}")
        aboard[f"w{kind}"] = aboard.get(f"w{kind}", 0) + 1
        f["weakened"] = True
        f["need"] -= bp_of(kind) - bp_of(f"w{kind}")
    else:
        f["need"] -= 1 if kind in CAVALRY else bp_of(kind)
    if not joint_loss_options(s, m, f["need"], f["weakened"]):
        pop(s, f)


@step("joint_sea_losses_over")
def joint_sea_losses_over(s: PRState, f: Frame) -> None:
    """The joint army's losses at sea are taken: elephants without LCUs go (§10.4.9); with no
    land combat unit left the transport is lost (§11.2.1, §11.4.6); a naval battle goes on to
    its result (``naval.transport_battle_over``)."""
    from games.pax_romana import naval
    pop(s, f)
    m = _transport(s)
    if m is None:
        return
    for owner in (m["owner"], *sorted(m.get("with", {}))):
        aboard = _aboard(m, owner)
        if aboard.get("EL") and not any(k in LCU_TYPES for k in aboard):
            s.remove(m["at"], owner, "EL", aboard.pop("EL"))
    m["with"] = {o: st for o, st in m.get("with", {}).items() if st}
    if not any(k in LCU_TYPES for k in m["units"]):
        naval._lost_at_sea(s, m)
    elif f["battle"] is not None:
        naval.transport_battle_over(s, m, f["battle"])


# -- Pontus (§12.5.5) ----------------------------------------------------------------------------
def pontus_spaces(s: PRState, galley: bool = False) -> list[str]:
    """The unoccupied spaces of the province of Pontus (its ports for the galley); Pontus's own
    units placed there do not count as occupying it."""
    d = data()
    return [sp for sp in d.spaces_of(PONTUS) if sp not in d.transit_points
            and all(o == PONTUS for o in s.units.get(sp, {})) and sp not in s.cities
            and sp not in s.tribes and (not galley or sp in d.ports)]


def kept_apart(s: PRState, owner: str, space: str) -> bool:
    """§12.5.5: Pontic units never stack with their player's land units: an army of either side
    may not enter a space the other holds (nor Pontus its player's city or settlement)."""
    power = pontus_player(s)
    if power is None:
        return False
    mine = {power, "sof"} if s.sof is not None and s.sof.get("power") == power else {power}
    here = s.units.get(space, {})
    if owner == PONTUS:
        city = s.cities.get(space)
        return (any(o in mine and any(k != "GS" for k in st) for o, st in here.items())
                or city is not None and city.owner == power)
    if owner in mine:
        return any(k != "GS" for k in here.get(PONTUS, {}))
    return False


def pontus_alive(s: PRState) -> bool:
    return any(k in LCU_TYPES for st in s.units.values() for k in st.get(PONTUS, {}))


def pontus_check(s: PRState) -> None:
    """§12.5.5: Pontus stays in play until its last LCU is destroyed."""
    if pontus_player(s) is None or pontus_alive(s):
        return
    for sp in [sp for sp, st in s.units.items() if PONTUS in st]:
        del s.units[sp][PONTUS]
        if not s.units[sp]:
            del s.units[sp]
    s.card_effects.pop(PONTUS, None)
    s.am_pool.pop(PONTUS, None)
    s.say(msg("log.pontus_ends"))


def pontus_placement(s: PRState, power: str) -> None:
    """The Pontus card (§12.5.5): the kingdom is created; its player places 4 HI, 2 LI, 1 CV in
    unoccupied spaces of the province and the galley in an unoccupied port (none if there is
    none), and the Pontus AM goes into the pool at once."""
    s.card_effects[PONTUS] = {"power": power}
    s.am_pool[PONTUS] = 1
    s.say(msg("log.pontus_created", power=f"@power.{power}"))
    f = push(s, "pontus_place", role=power,
             left=[kind for kind, n in PONTUS_FORCE for _ in range(n)])
    _skip_unplaceable(s, f)


def _place_choices(s: PRState, f: Frame) -> list[Choice]:
    kind = f["left"][0]
    return paged(f, f["role"], [opt("place", sp, "choice.pontus_place", unit=f"@unit.{kind}",
                                    space=f"@space.{sp}")
                                for sp in pontus_spaces(s, galley=kind == "GS")], [])


def _place_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.pontus_place", who=f"@power.{f['role']}", unit=f"@unit.{f['left'][0]}",
               n=len(f["left"]))


def _skip_unplaceable(s: PRState, f: Frame) -> None:
    while f["left"] and not pontus_spaces(s, galley=f["left"][0] == "GS"):
        s.say(msg("log.pontus_unplaced", unit=f"@unit.{f['left'].pop(0)}"))
    if not f["left"]:
        pop(s, f)


@question("pontus_place", _place_choices, _place_prompt)
def pontus_place(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    f.setdefault("page", {}).pop(f["role"], None)
    kind = f["left"].pop(0)
    s.add(arg, PONTUS, kind)
    s.say(msg("log.pontus_placed", unit=f"@unit.{kind}", space=f"@space.{arg}"))
    _skip_unplaceable(s, f)


def pontic_armies(s: PRState) -> list[str]:
    """Spaces whose Pontic land units may still march this Activation."""
    from games.pax_romana.activation import may_march, movable
    return [sp for sp in sorted(s.spaces_of_owner(PONTUS)) if sp in data().spaces
            and any(k in LCU_TYPES for k in movable(s, PONTUS, sp))
            and may_march(s, PONTUS, sp)]


def pontic_fleets(s: PRState) -> list[str]:
    """Where the Pontic galley lies, if it may sail this Activation (§12.5.5: the kingdom's own
    galley moves as its player's Rhodian navy would, §11.1)."""
    from games.pax_romana.naval import sea_targets
    power = pontus_player(s)
    if power is None:
        return []
    return [sp for sp in sorted(s.spaces_of_owner(PONTUS)) if s.stack(sp, PONTUS).get("GS")
            and f"{sp}|{PONTUS}" not in s.finished and sea_targets(s, power, sp, [sp])]


def _fleet_options(s: PRState, minor: bool) -> list[Choice]:
    return [opt("fleet", sp, "choice.pontic_fleet_at", space=f"@space.{sp}",
                n=1 if minor else s.stack(sp, PONTUS).get("GS", 0)) for sp in pontic_fleets(s)]


def _am_choices(s: PRState, f: Frame) -> list[Choice]:
    from games.pax_romana.activation import movable
    stage = f.get("stage")
    back = opt("back", None, "choice.back")
    if stage == "major":
        return paged(f, f["role"], [
            opt("from", sp, "choice.pontic_army_at", space=f"@space.{sp}",
                n=sum(movable(s, PONTUS, sp).values())) for sp in pontic_armies(s)]
            + _fleet_options(s, False), [back])
    if stage == "minor":
        return paged(f, f["role"], [
            opt("unit", f"{sp}|{k}", "choice.pontic_unit_at", unit=f"@unit.{k}",
                space=f"@space.{sp}")
            for sp in pontic_armies(s) for k in sorted(movable(s, PONTUS, sp)) if k in LCU_TYPES]
            + _fleet_options(s, True), [back])
    out = []
    if pontic_armies(s) or pontic_fleets(s):
        if f["majors"]:
            out.append(opt("menu", "major", "choice.major_move"))
        if f["minors"]:
            out.append(opt("menu", "minor", "choice.minor_move"))
    return out + [opt("end", None, "choice.end_expansion")]


def _am_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.pontus_am", who=f"@power.{f['role']}", majors=f["majors"],
               minors=f["minors"])


@question("pontus_am", _am_choices, _am_prompt)
def pontus_am(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§12.5.5: the Pontus AM: no 1T, no card; one Major Move and two Minor Moves with Pontic
    units only (no leaders: 0-0)."""
    from games.pax_romana.activation import movable
    if verb == "page":
        turn_page(f, f["role"])
        return
    f.setdefault("page", {}).pop(f["role"], None)
    if verb == "end":
        pop(s, f)
        s.moved = {}
        s.finished = []
        s.active_power = None
        return
    if verb == "back":
        f["stage"] = None
    elif verb == "menu":
        f["stage"] = arg
    elif verb == "from":
        f["stage"] = None
        f["majors"] -= 1
        push(s, "move_army", role=f["role"], owner=PONTUS, start=arg,
             units=movable(s, PONTUS, arg), leaders=[], minor=False)
    elif verb == "unit":
        sp, kind = arg.split("|")
        f["stage"] = None
        f["minors"] -= 1
        push(s, "move_army", role=f["role"], owner=PONTUS, start=sp, units={kind: 1},
             leaders=[], minor=True)
    elif verb == "fleet":               # the Pontic galley (§12.5.5, §11.1)
        minor = f["stage"] == "minor"
        f["stage"] = None
        f["minors" if minor else "majors"] -= 1
        push(s, "move_fleet", role=f["role"], owner=PONTUS, start=arg,
             n=1 if minor else s.stack(arg, PONTUS).get("GS", 0), leaders=[], minor=minor,
             stage="pick", at=arg, path=[arg], stopped=False, drm=0)


def pontus_activation(s: PRState) -> None:
    """The Pontus AM was drawn (§12.5.5): its player moves Pontic units only."""
    pontus_check(s)
    power = pontus_player(s)
    if power is None:
        return
    s.active_power = power
    s.moved = {}
    s.finished = []
    s.say(msg("log.pontus_am", power=f"@power.{power}"))
    push(s, "pontus_am", role=power, majors=1, minors=2, stage=None)


extend({
    "en": {
        "log.ally_rhodes": "{power} allies with Rhodes and uses its navy ({n} galleys).",
        "log.alliance_broken": "{power} breaks the alliance of {who} with {ind}.",
        "log.rhodes_replaced": "{power} replaces {n} lost Rhodian galleys for {cost} T.",
        "log.pergamene_leader_roll": "{power} rolls {roll} for a Pergamene leader.",
        "log.pergamene_leader": "{leader} takes command in {space}.",
        "log.pergamenes_out": "Every starting space of Pergamum is occupied: its units wait "
                              "out of play.",
        "log.pergamenes_home": "Pergamum's units return to their starting spaces.",
        "log.pontus_created": "{power} raises the Kingdom of Pontus.",
        "log.pontus_placed": "Pontus places {unit} in {space}.",
        "log.pontus_unplaced": "No unoccupied space of Pontus is left for {unit}.",
        "log.pontus_am": "The Pontus AM: {power} moves the Pontic units.",
        "log.pontus_ends": "Pontus's last land unit is gone: the kingdom leaves play.",
        "choice.intercept_with": "Intercept with the army of {who} from {space} into {target}",
        "choice.intercept_joint": "Intercept with your army and the army of {who} from {space} "
                                  "into {target}, as one",
        "choice.combine": "Take along the units of {who} here ({n}) as one army",
        "choice.drop_partner_unit": "Drop one {unit} of {who} here (0 MP)",
        "choice.pick_up_with": "Pick up the units of {who} here ({n}; 1 MP)",
        "log.combined": "{power}: the units of {who} in {space} ({n}) join the army.",
        "choice.pontus_place": "{unit} to {space}",
        "choice.pontic_army_at": "Pontic army at {space} ({n} units)",
        "choice.pontic_unit_at": "{unit} at {space}",
        "choice.pontic_fleet_at": "Pontic galleys at {space} ({n})",
        "prompt.pontus_place": "{who}: where does Pontus place {unit}? ({n} to place)",
        "prompt.pontus_am": "{who}: the Pontus AM, {majors} Major and {minors} Minor Moves "
                            "with Pontic units",
        "prompt.joint_sea_loss": "{who}: your army and {partner}'s aboard at {space} lose at "
                                 "least {n} BP more: whose units?",
        "choice.kill_unit_of": "Lose a {unit} of {who}",
        "choice.weaken_unit_of": "Weaken a {unit} of {who}",
    },
    "ru": {
        "log.ally_rhodes": "{power} заключает союз с Родосом и получает его флот "
                           "(галер: {n}).",
        "log.alliance_broken": "{power}: союз «{ind} — {who}» разорван.",
        "log.rhodes_replaced": "{power} восполняет потерянные галеры Родоса ({n}) за {cost} Т.",
        "log.pergamene_leader_roll": "{power} бросает {roll} на командира Пергама.",
        "log.pergamene_leader": "{leader} принимает командование в области {space}.",
        "log.pergamenes_out": "Все начальные области Пергама заняты: его отряды выходят "
                              "из игры до освобождения.",
        "log.pergamenes_home": "Отряды Пергама возвращаются на начальные позиции.",
        "log.pontus_created": "{power} создаёт Понтийское царство.",
        "log.pontus_placed": "Понт размещает: {unit} в области {space}.",
        "log.pontus_unplaced": "Для отряда «{unit}» не осталось незанятой области Понта.",
        "log.pontus_am": "МА Понта: {power} двигает отряды Понта.",
        "log.pontus_ends": "Последний сухопутный отряд Понта уничтожен: царство выходит "
                           "из игры.",
        "choice.intercept_with": "Перехват армией ({who}) из {space:gen} в {target:acc}",
        "choice.intercept_joint": "Перехват вашей армией вместе с армией ({who}) из {space:gen} в "
                                  "{target:acc}",
        "choice.combine": "Взять с собой отряды ({who}) отсюда ({n}) одной армией",
        "choice.drop_partner_unit": "Оставить здесь: {unit} ({who}) (0 ОД)",
        "choice.pick_up_with": "Забрать отряды ({who}) здесь ({n}; 1 ОД)",
        "log.combined": "{power}: отряды ({who}) в {space:loc} ({n}) присоединяются к армии.",
        "choice.pontus_place": "{unit} в {space:acc}",
        "choice.pontic_army_at": "Армия Понта в {space:loc} (отрядов: {n})",
        "choice.pontic_unit_at": "{unit} в {space:loc}",
        "choice.pontic_fleet_at": "Галеры Понта в {space:loc} ({n})",
        "prompt.pontus_place": "{who}: куда Понт размещает отряд «{unit}»? "
                               "(осталось: {n})",
        "prompt.pontus_am": "{who}: МА Понта, главных движений: {majors}, малых: {minors}, "
                            "только отряды Понта",
        "prompt.joint_sea_loss": "{who}: ваша армия и армия ({partner}) на кораблях в {space:loc} "
                                 "теряют ещё не меньше {n} ОБ: чьи отряды?",
        "choice.kill_unit_of": "Потерять: {unit} ({who})",
        "choice.weaken_unit_of": "Ослабить: {unit} ({who})",
    },
})
