"""The Activation Phase (§3.2 F, §3.4): the first round in turn order, the AM pool drawn blind,
no third activation in a row (§3.4.2), the Event markers (§16.1), the payment of 1T (§3.4.4) and
the Actions (§3.5): Expansion (one Major Move, two Minor Moves, building instead of a Minor Move,
garrisons, mercenary HI), Call-Up, Negotiate. The Standard Game asks for the payment and the
Action at once; the Advanced Game asks for the payment, then plays the Card Segment
(cards/segment.py), then asks for the Action (§3.2 F, §17.1.3)."""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana import cities, economy, independents, naval
from games.pax_romana.control import data
from games.pax_romana.flow import (
    Frame,
    opt,
    paged,
    phase,
    pop,
    push,
    question,
    reset_page,
    step,
    turn_page,
)
from games.pax_romana.isolation import rough_armies, rough_attrition
from games.pax_romana.leaders import is_exceptional
from games.pax_romana.stability import adjust, offer_disbanding
from games.pax_romana.state import LCU_TYPES, PRState
from games.pax_romana.texts import extend

EVENT = "event"


@phase("F")
def activation_phase(s: PRState) -> None:
    """§3.4.2: every Power plays one Activation in the first-round order before the pool is
    used; the rest of its AMs and the Event markers go into the pool. With the optional order
    only the first Power's AM is placed; every other AM is drawn (§3.4.2 optional rule)."""
    order = list(s.first_round) or list(s.roles)
    s.am_pool = {}
    s.streak = []
    s.am_track = []
    for power in s.roles:
        s.am_pool[power] = max(0, s.powers[power].ams)
    if s.options.get("am_order") == "alternative":
        order = order[:1]
    s.first_round = [p for p in order if s.am_pool.get(p, 0) > 0]
    for power in s.first_round:
        s.am_pool[power] -= 1
    markers = int(s.options.get("event_markers", 0))
    if markers:
        s.am_pool[EVENT] = markers
    if independents.pontus_player(s) is not None:     # §12.5.5: the free Pontus AM
        s.am_pool[independents.PONTUS] = 1
    s.am_pool = {k: v for k, v in s.am_pool.items() if v > 0}
    push(s, "am_draw", free_first=s.free_first_am)
    s.free_first_am = False


def pool_size(s: PRState) -> int:
    return sum(s.am_pool.values())


def _draw_from(s: PRState, keys: list[str]) -> str:
    """One AM drawn blind from those of ``keys`` in the pool, each marker equally likely."""
    tokens = [k for k in sorted(keys) for _ in range(s.am_pool[k])]
    return tokens[s.rng.below(len(tokens))]


@step("am_draw")
def am_draw(s: PRState, f: Frame) -> None:
    """§3.2 F / §3.4.2: the next AM. A Power's AM that would be its third activation in a row
    goes back and another is drawn, unless only that Power's AMs are left (Event markers do
    not break or extend a streak, ambiguity A16)."""
    if s.card_effects.get(independents.PERGAMUM, {}).get("out"):
        independents.return_pergamenes(s)       # §17.2: back once a starting space is free
    if s.first_round:
        power = s.first_round.pop(0)
        return _activate(s, f, power)
    if not s.am_pool:
        pop(s, f)
        finish_activations(s)
        return
    keys = list(s.am_pool)
    drawn = _draw_from(s, keys)
    if drawn != EVENT and s.streak[-2:] == [drawn, drawn]:
        others = [k for k in keys if k not in (drawn, EVENT, independents.PONTUS)]
        if others:
            redraw = [k for k in keys if k != drawn]
            drawn = _draw_from(s, redraw)
            s.say(msg("log.third_in_a_row", power=f"@power.{s.streak[-1]}"))
    s.am_pool[drawn] -= 1
    if not s.am_pool[drawn]:
        del s.am_pool[drawn]
    s.mark_irreversible()
    if drawn == EVENT:
        s.say(msg("log.event_marker"))
        push(s, "event_roll", role=s.last_am or s.roles[0])
        return
    if drawn == independents.PONTUS:
        independents.pontus_activation(s)
        return
    _activate(s, f, drawn)


def _activate(s: PRState, f: Frame, power: str) -> None:
    """A Power's AM comes up: the events waiting for the next AM's Power apply to it first
    (§16.1.3); then, unless a Civil War took its Activations (§16.2), it pays and acts."""
    s.last_am = power
    s.active_power = power
    s.am_track.append(power)
    s.streak.append(power)
    s.streak = s.streak[-3:]
    s.moved = {}
    s.finished = []
    push(s, "am", role=power, free=bool(f.pop("free_first", False)) or _card_free_am(s, power))
    if power in s.card_effects.get("civil_war", []):      # the Stability Check card (§17.2)
        from games.pax_romana.cards.drawn import next_am_civil_war
        next_am_civil_war(s, power)
    if s.slave_revolt is not None and power != s.slave_revolt["against"]:
        from games.pax_romana.events import slaves_grow
        slaves_grow(s, power)
    if s.next_am_events:
        from games.pax_romana.events import apply_next_am_events
        apply_next_am_events(s, power)


def _card_free_am(s: PRState, power: str) -> bool:
    """The extra AM of Stability and Opportunity costs nothing (§17.2, ambiguity A19)."""
    if not s.card_effects.get("free_am"):
        return False
    from games.pax_romana.cards.held import take_free_am
    return take_free_am(s, power)


def finish_activations(s: PRState) -> None:
    s.active_power = None
    s.moved = {}
    s.finished = []


def am_cost(s: PRState, power: str) -> int:
    if not s.options.get("treasury", True):
        return 0
    return 2 if s.powers[power].costly_turn == s.turn else 1


def ams_left(s: PRState, power: str) -> int:
    """The AMs ``power`` has still to play this turn (each paid for, §3.4.4): its markers in
    the pool and its first-round ones in the Activation Phase, all of them before it."""
    if s.phase == "F":
        return s.am_pool.get(power, 0) + s.first_round.count(power)
    return s.powers[power].ams if s.phase < "F" else 0


def _paying(s: PRState, f: Frame) -> bool:
    """Advanced Game: the AM's question first asks for the payment alone; the Card Segment
    comes between it and the choice of the Action (§3.2 F, §17.1.3). Not for a free AM, which
    has no Payment Segment and no card (§17.1.3 play note)."""
    return bool(s.options.get("advanced")) and not f.get("free") and not f.get("paid")


def _am_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    p = s.powers[power]
    if p.no_activations:
        return [opt("lose_am", None, "choice.lose_am")]
    cost = 0 if f.get("free") else am_cost(s, power)
    out = []
    if _paying(s, f):
        if p.treasury >= cost or cost == 0:
            out.append(opt("pay", cost, "choice.pay_am", n=cost))
        return out + [opt("action", "pass", "choice.pass_am")]
    if s.options.get("advanced"):       # the Action Segment: paid for (or free) already
        return [opt("action", "expansion", "choice.action_expansion"),
                opt("action", "callup", "choice.action_callup"),
                opt("action", "pass", "choice.action_none")]
    if p.treasury >= cost or cost == 0:
        out.append(opt("action", "expansion", "choice.expansion", n=cost))
        out.append(opt("action", "callup", "choice.callup", n=cost))
    if s.options.get("negotiate", True) and len(s.roles) > 1:
        out.append(opt("action", "negotiate", "choice.negotiate"))
    out.append(opt("action", "pass", "choice.pass_am"))
    return out


def _am_prompt(s: PRState, f: Frame) -> Msg:
    if s.powers[f["role"]].no_activations:     # §16.2: a Civil War took its Activations
        return msg("prompt.am_civil_war", who=f"@power.{f['role']}")
    if _paying(s, f):
        return msg("prompt.am_pay", who=f"@power.{f['role']}", n=am_cost(s, f["role"]))
    if s.options.get("advanced") and not s.powers[f["role"]].no_activations:
        return msg("prompt.am_action", who=f"@power.{f['role']}")
    return msg("prompt.am", who=f"@power.{f['role']}", n=am_cost(s, f["role"]))


@question("am", _am_choices, _am_prompt)
def _am(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§3.4.4: 1T to use the AM (Negotiate is free); an AM not paid for is lost but counts as
    played. §3.5.1: one Action. In the Advanced Game the payment comes first, then the Card
    Segment, then the Action is chosen (§3.2 F, §17.1.3): the same frame asks again with
    ``paid`` set once the cards are done."""
    power = f["role"]
    pop(s, f)
    s.active_power = power
    if verb == "lose_am":
        s.say(msg("log.am_lost_civil_war", power=f"@power.{power}"))
        return
    if verb == "pay":
        s.powers[power].treasury -= am_cost(s, power)
        s.say(msg("log.am_paid", power=f"@power.{power}", n=am_cost(s, power)))
        push(s, "end_activation", power=power, rough=rough_armies(s, power))
        push(s, "am", role=power, free=False, paid=True)
        from games.pax_romana.cards.segment import begin_cards
        begin_cards(s, power)           # §17.1.3: the Card Segment, as soon as it is paid
        return
    if arg in ("expansion", "callup") and not f.get("free") and not f.get("paid"):
        s.powers[power].treasury -= am_cost(s, power)
    s.say(msg("log.action", power=f"@power.{power}", action=f"@action.{arg}"))
    if not f.get("paid"):
        push(s, "end_activation", power=power, rough=rough_armies(s, power))
    if arg == "expansion":
        extra = 1 if s.powers[power].conqueror else 0
        push(s, "expansion", role=power, majors=1, extra=extra, minors=2)
    elif arg == "callup":
        economy.start_callup(s, power)
    elif arg == "negotiate":
        push(s, "negotiate", role=power, stage=None)
    offer_disbanding(s, power)          # §14.2.2 (optional, Advanced Game)
    # §17.1.5: the Action Segment's cards (Advanced Game)
    from games.pax_romana.cards.segment import begin_action
    begin_action(s, power, arg)


@step("end_activation")
def end_activation(s: PRState, f: Frame) -> None:
    """Riots (§16.2): the Power had to bring an army of at least 3 BP into a capital in this
    Activation; if it did not, it loses 1 Stability and all its Garrisons. An army lost in the
    Activation otherwise than in battle or at sea (attrition, say) takes its Helepolis along."""
    power = f["power"]
    pop(s, f)
    from games.pax_romana.cards.hooks import armies_lost  # §17.2 (Advanced Game)
    armies_lost(s)
    p = s.powers[power]
    if p.riots:
        p.riots = False
        brought = 0
        for c in data().capitals_of(power):
            brought += sum(n * battle_points(k) for k, n in s.moved.get(f"{c}|{power}", {}).items())
        if brought < 3:
            adjust(s, power, -1, "riots")
            for sp in s.spaces_of_owner(power):
                s.remove(sp, power, "GR", 99)
            s.say(msg("log.riots_failed", power=f"@power.{power}"))
    rough_attrition(s, power, f.get("rough", {}))      # §9.6.5 (optional, Advanced Game)
    s.moved = {}
    s.finished = []
    s.active_power = None


def battle_points(kind: str) -> int:
    """Land BP by type (§10.3.1)."""
    return {"LG": 4, "wLG": 2, "HI": 3, "wHI": 1, "MHI": 3, "LI": 1, "CV": 1, "ML": 1, "BR": 1,
            "BC": 1, "TW": 1, "MLI": 1, "MCV": 1}.get(kind, 0)


# -- Expansion (§3.5.1, §9.1) ------------------------------------------------------------------------
def movable(s: PRState, power: str, space: str) -> dict[str, int]:
    """``power``'s land units in ``space`` that have not moved this Activation (§9.1.4)."""
    moved = s.moved.get(f"{space}|{power}", {})
    out = {}
    for kind, n in s.stack(space, power).items():
        if kind == "GS":
            continue
        left = n - moved.get(kind, 0)
        if left > 0:
            out[kind] = left
    return out


def army_spaces(s: PRState, power: str, kinds: frozenset[str] = LCU_TYPES) -> list[str]:
    """The spaces where ``power`` has a unit of ``kinds`` that has not moved yet: an army
    (an LCU) by default."""
    return sorted(sp for sp in s.spaces_of_owner(power)
                  if sp in data().spaces and any(k in kinds for k in movable(s, power, sp)))


def minor_move_spaces(s: PRState, power: str) -> list[str]:
    """Where a Minor Move's one unit may start: a land unit, or a garrison, which may move
    alone as a Minor Move (§12.1.3) though it is no LCU (§12.1.1)."""
    return army_spaces(s, power, LCU_TYPES | {"GR"})


def other_armies(s: PRState, power: str) -> list[str]:
    """Armies not of the Power's own colour that it may move with its Major Move: the Soldiers
    of Fortune of its event (§12.4.2), a Barbarian invasion army it placed, once (§13.4), and
    the Germans, whom any Power may activate (§13.4.2). Keys are ``space|owner``."""
    out = []
    if s.sof is not None and s.sof.get("power") == power:
        out += [f"{sp}|sof" for sp in s.spaces_of_owner("sof")
                if sp in data().spaces and movable(s, "sof", sp)]
    from games.pax_romana.rebellions import may_move
    for army in s.barbarian_armies:
        # the Germans, and the Gallic army of a Mass Rebellion (§13.3), move again and again
        again = army["group"] == "germans" or may_move(s, army, power)
        if army.get("first_move") == [power, s.turn, len(s.am_track)]:
            continue                    # §13.4: the Germans' first move is not activated again
        if army.get("moved_by") == power and not again:
            continue
        if again or (army.get("mover") == power and not army.get("moved_by")):
            if movable(s, "barbarian", army["at"]):
                out.append(f"{army['at']}|barbarian")
    out += independents.pergamene_armies(s, power)      # an allied Pergamum (§17.2)
    return sorted(set(out))


def conqueror_armies(s: PRState, power: str) -> list[str]:
    """Spaces where the Power's Exceptional leader stands with its army (§16.2 Conqueror)."""
    return sorted({ls.at for lid, ls in s.leaders.items()
                   if ls.owner == power and is_exceptional(lid) and ls.at in data().spaces
                   and any(k in LCU_TYPES for k in s.stack(ls.at, power))
                   and may_march(s, power, ls.at)})


def march_targets(s: PRState, power: str, space: str, owner: str | None = None) -> list[str]:
    """The points an army in ``space`` may step to by land (§9.2.2); what each step costs and
    whether it may be taken is movement.py's (§9.2-9.5). A Barbarian army never goes back into
    the Germans' province of origin (§13.4)."""
    owner = owner or power
    return [nb for nb in sorted(data().land_neighbours(space))
            if not (owner == "barbarian" and _german_home_left(s, space, nb))]


def may_march(s: PRState, power: str, space: str, owner: str | None = None) -> bool:
    """Whether an army in ``space`` has somewhere to go: a land step (§9.2.2), or the sea from a
    port (§11.3.1; an island space has no land links at all). Barbarians and slaves never
    embark (§13.4.2, §12.7.3), nor militia (§12.3.3); whether a transport has the MP for it
    is naval.py's."""
    if march_targets(s, power, space, owner):
        return True
    owner = owner or power
    return (space in data().ports and naval.embarks(owner)
            and any(k != "ML" for k in movable(s, owner, space)))


def _german_home_left(s: PRState, space: str, target: str) -> bool:
    """The Germans may not go back to their province of origin once they left it (§13.4)."""
    army = next((a for a in s.barbarian_armies if a["at"] == space), None)
    if army is None or army["group"] != "germans":
        return False
    origin = army.get("origin")
    return bool(origin and data().spaces[space].province != origin
                and data().spaces[target].province == origin)


def _exp_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    stage = f.get("stage")
    back = opt("back", None, "choice.back")
    if stage is None:
        out = []
        if (f["majors"] > 0 and (
                any(may_march(s, power, sp) for sp in army_spaces(s, power))
                or any(may_march(s, power, *k.split("|")) for k in other_armies(s, power))
                or naval.fleet_spaces(s, power))
                or f.get("extra", 0) > 0 and conqueror_armies(s, power)):
            out.append(opt("menu", "major", "choice.major_move"))
        if f["minors"] > 0:
            minor = cities.minor_menu(s, power)
            if (any(may_march(s, power, sp) for sp in minor_move_spaces(s, power))
                    or naval.fleet_spaces(s, power)
                    or f.get("pergamene") and independents.pergamene_armies(s, power)):
                out.append(opt("menu", "minor_move", "choice.minor_move"))
            out.extend(minor)
        from games.pax_romana.cards.segment import menu_choice
        out += menu_choice(s, power)
        out.append(opt("end", None, "choice.end_expansion"))
        return out
    if stage == "major":
        options = []
        if f.get("extra", 0) > 0:
            options += [opt("conqueror_from", sp, "choice.conqueror_at", space=f"@space.{sp}")
                        for sp in conqueror_armies(s, power)]
        if f["majors"] <= 0:
            return paged(f, power, options, [back])
        options += [opt("from", f"{sp}|{power}", "choice.army_at", space=f"@space.{sp}",
                        n=sum(movable(s, power, sp).values()))
                    for sp in army_spaces(s, power) if may_march(s, power, sp)]
        for key in other_armies(s, power):
            sp, owner = key.split("|")
            if may_march(s, power, sp, owner):
                options.append(opt("from", key, "choice.other_army_at", space=f"@space.{sp}",
                                   owner=f"@power.{owner}",
                                   n=sum(movable(s, owner, sp).values())))
        options += naval.fleet_choices(s, power)
        return paged(f, power, options, [back])
    if stage == "minor_move":
        options = [opt("from", f"{sp}|{power}", "choice.army_at", space=f"@space.{sp}",
                       n=sum(movable(s, power, sp).values()))
                   for sp in minor_move_spaces(s, power) if may_march(s, power, sp)]
        if f.get("pergamene"):     # §17.2: Minor Moves for Pergamum after its Major Move
            options += [opt("from", key, "choice.other_army_at", space=f"@space.{sp}",
                            owner=f"@power.{owner}", n=sum(movable(s, owner, sp).values()))
                        for key in independents.pergamene_armies(s, power)
                        for sp, owner in [key.split("|")] if may_march(s, power, sp)]
        options += naval.fleet_choices(s, power)
        return paged(f, power, options, [back])
    if stage.startswith("unit:"):
        sp, _, owner = stage.split(":", 1)[1].partition("|")
        options = [opt("unit", k, "choice.unit_type", unit=f"@unit.{k}", cost=n)
                   for k, n in sorted(movable(s, owner or power, sp).items())
                   if k in LCU_TYPES or k == "GR"]
        return options + [back]
    return cities.minor_stage_choices(s, f, power, stage) + [back]


def _exp_prompt(s: PRState, f: Frame) -> Msg:
    stage = f.get("stage")
    if stage in ("major", "minor_move"):
        # the Moves left ride along for a player (a computer one) who plans the Activation
        return msg("prompt.choose_army", who=f"@power.{f['role']}", stage=stage,
                   majors=f["majors"], minors=f["minors"], extra=f.get("extra", 0),
                   pergamene=bool(f.get("pergamene")))
    if stage and stage.startswith("unit:"):
        return msg("prompt.choose_unit", who=f"@power.{f['role']}")
    if stage:
        return msg("prompt.minor_where", who=f"@power.{f['role']}")
    return msg("prompt.expansion", who=f"@power.{f['role']}",
               majors=f["majors"] + f.get("extra", 0), minors=f["minors"])


@question("expansion", _exp_choices, _exp_prompt)
def _expansion(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """One Major Move and two Minor Moves in any order (§9.1.1, §9.1.3); a Minor Move may be
    spent on building or repairing (§7.1), creating garrisons (§12.1.4) or hiring a Mercenary
    HI (§12.2.2)."""
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    reset_page(f, power)
    stage = f.get("stage")
    if verb == "end":
        pop(s, f)
        return
    if verb == "back":
        f["stage"] = None
    elif verb == "cards":
        from games.pax_romana.cards.segment import open_menu
        open_menu(s, power)
    elif verb == "menu":
        f["stage"] = arg
    elif verb == "from" and stage == "major":
        f["stage"] = None
        f["majors"] -= 1
        sp, owner = arg.split("|")
        if owner == independents.PERGAMUM:      # §17.2: the Pergamene leader roll
            f["pergamene"] = True
            independents.pergamene_leader_roll(s, power)
        units = movable(s, owner, sp)
        leaders = s.leaders_at(sp, owner)
        if owner == "barbarian":
            for army in s.barbarian_armies:
                if army["at"] == sp:
                    army["moved_by"] = power
        push(s, "move_army", role=power, owner=owner, start=sp, units=units, leaders=leaders,
             minor=False)
    elif verb == "conqueror_from":
        # §16.2 Conqueror: a second Major Move for the Exceptional leader and the army stacked
        # with him, which may move again this Activation
        f["stage"] = None
        f["extra"] -= 1
        units = {k: n for k, n in s.stack(arg, power).items() if k != "GS"}
        push(s, "move_army", role=power, owner=power, start=arg, units=units,
             leaders=s.leaders_at(arg, power), minor=False)
    elif verb == "fleet":
        # §11.1: a fleet moves as the Major Move or, one galley, as a Minor Move (naval.py)
        f["stage"] = None
        f["majors" if stage == "major" else "minors"] -= 1
        naval.start_fleet(s, power, arg, minor=stage != "major")
    elif verb == "from":
        f["stage"] = f"unit:{arg}"
    elif verb == "unit":
        sp, _, owner = stage.split(":", 1)[1].partition("|")
        f["stage"] = None
        f["minors"] -= 1
        push(s, "move_army", role=power, owner=owner or power, start=sp, units={arg: 1},
             leaders=[], minor=True)
    else:
        cities.minor_decide(s, f, power, verb, arg)


# -- the army move: the frame "move_army" is movement.py's (§9) -----------------------------------


# -- Negotiate (§4.1, §4.3, §4.4) -------------------------------------------------------------------
def _neg_choices(s: PRState, f: Frame) -> list[Choice]:
    from games.pax_romana.negotiation import choices
    return choices(s, f)


def _neg_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.negotiate", who=f"@power.{f['role']}")


@question("negotiate", _neg_choices, _neg_prompt)
def _negotiate(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    from games.pax_romana.negotiation import decide
    decide(s, f, verb, arg)


extend({
    "en": {
        "prompt.am_pay": "{who}: your AM came up. Pay {n}T to use it (you then draw a card and "
                         "choose your Action), or let it go?",
        "prompt.am_action": "{who}: Action Segment. Choose your Action",
        "prompt.am_civil_war": "{who}: your AM came up, but the Civil War has taken your "
                               "Activations this turn: the AM is lost",
        "choice.pay_am": "Pay {n}T",
        "choice.action_expansion": "Expansion",
        "choice.action_callup": "Call-Up",
        "choice.action_none": "No Action",
        "log.am_paid": "{power} pays {n}T for its AM.",
    },
    "ru": {
        "prompt.am_pay": "{who}: вытянут ваш МА. Заплатить {n}Т, чтобы его использовать (затем "
                         "вы тянете карту и выбираете действие), или отказаться?",
        "prompt.am_action": "{who}: сегмент действий. Выберите действие",
        "prompt.am_civil_war": "{who}: вытянут ваш МА, но гражданская война лишила вас "
                               "активаций в этом ходу: МА пропадает",
        "choice.pay_am": "Заплатить {n}Т",
        "choice.action_expansion": "Экспансия",
        "choice.action_callup": "Призыв",
        "choice.action_none": "Без действия",
        "log.am_paid": "{power} платит {n}Т за свой МА.",
    },
})
