"""Barbarians (§13): Tribe counters placed blind (setup.py) whose strength stays hidden until an
army attacks them (§13.1.2), then Tribal Warriors that never move, withdraw or retreat
(§13.1.3-13.1.4) and stay until beaten (§13.1.7); invasion armies (§13.4, events.py) that move
with a Power's Major Move (movement.py) and pass through tribes without attacking (§13.4.2),
led by their Barbarian leader, the 2 MP of an attack where they were placed taken from their
first Major Move (§13.4.5), the Germans moved at once by the Power that placed them.
Nobody plays the barbarians in battle: their decisions follow fixed rules (§13.2.4, battle.py)."""

from __future__ import annotations

from typing import Any

from games.core import msg
from games.pax_romana import texts
from games.pax_romana.flow import Frame, pop, push, step
from games.pax_romana.state import LCU_TYPES, LeaderState, PRState

# a second Gallic invasion counter reads as the first (the names are the leaders' data)
texts.extend({lang: {"leader.gallic_invasion#2": texts.TEXTS[lang]["leader.gallic_invasion"]}
              for lang in ("en", "ru")})


def reveal_tribe(s: PRState, space: str) -> int:
    """§13.1.2: the attacked counter is flipped: its warriors become TW units of the
    barbarians and the counter is set aside for good."""
    n = s.tribes.pop(space)
    s.add(space, "barbarian", "TW", n)
    s.say(msg("log.tribe_revealed", space=f"@space.{space}", n=n))
    return n


def tribe_strength_known(s: PRState, space: str) -> int | None:
    """What anybody may know of a tribe: its warriors once revealed, else nothing."""
    if space in s.tribes:
        return None
    return s.stack(space, "barbarian").get("TW")


INVASION_PROVINCES = {
    "eastern_gauls": ("sarmatia", "scythia"),
    "germans": ("ancient_germany", "great_germanic_tribes", "lower_germany", "upper_germany"),
}


def invasion_sites(s: PRState, group: str, gaul: tuple[str, ...]) -> list[str]:
    """§13.4: any space, occupied or not, of the group's provinces (mainland Gaul for the
    Western Gauls); never with another Barbarian army (§13.4.6)."""
    from games.pax_romana.control import data
    provinces = INVASION_PROVINCES.get(group, gaul)
    d = data()
    return [sp for pr in provinces for sp in d.spaces_of(pr)
            if not any(a["at"] == sp for a in s.barbarian_armies)]


def attack_on_placement(s: PRState, army: dict[str, object], power: str) -> None:
    """§13.4.5: placed in an occupied space, the army attacks at once (its defenders may
    withdraw), which spends 2 MP of its Major Move (``placement_mp``); beaten, it stays where
    it was placed (the official clarification). Tribes are not attacked (§13.4.2)."""
    from games.pax_romana.movement import hostile
    at = str(army["at"])
    if hostile(s, at, "barbarian"):
        army["placement_mp"] = PLACEMENT_ATTACK_MP
        push(s, "contact", space=at, came_from=at, owner="barbarian", role=power, offered=[])


# §13.4.5: the MP a Barbarian army placed in an occupied space spends attacking it
PLACEMENT_ATTACK_MP = 2


def placement_mp(s: PRState, f: dict[str, Any]) -> int:
    """The MP the army of move frame ``f`` already spent attacking where it was placed
    (§13.4.5): taken from its first Major Move, once."""
    if f.get("owner") != "barbarian" or f.get("minor"):
        return 0
    army = next((a for a in s.barbarian_armies if a["at"] == f.get("start")), None)
    if army is None:
        return 0
    return int(army.pop("placement_mp", 0))


def place_leader(s: PRState, army: dict[str, Any], leader: str) -> None:
    """The invasion army's Barbarian leader stands with it (§13.4): his Tactics in its battles,
    his Campaign in its Major Moves. A second counter of the same leader (two Gallic armies at
    once) is ``<id>#2``."""
    lid = leader if leader not in s.leaders else f"{leader}#2"
    s.leaders[lid] = LeaderState(owner="barbarian", at=str(army["at"]))
    army["leader"] = lid


def german_first_move(s: PRState, army: dict[str, Any], power: str) -> None:
    """§13.4 Germans: the Power entitled to the army (the next AM's, §16.2) may move it at once
    as a Major Move of its own, and then takes its own Actions without activating it again
    (after any attack where it was placed, §13.4.5)."""
    from games.pax_romana.flow import push
    push(s, "german_first_move", role=power, at=army["at"])


@step("german_first_move")
def _german_first_move(s: PRState, f: Frame) -> None:
    from games.pax_romana.activation import movable
    pop(s, f)
    at = f["at"]
    army = next((a for a in s.barbarian_armies if a["at"] == at), None)
    units = movable(s, "barbarian", at) if army is not None else {}
    if not any(k in LCU_TYPES for k in units):
        return
    # §13.4: it moves "without activating it again": not by this Power's own Major Move in the
    # present Activation, whether it went or stayed (ambiguity list)
    army["first_move"] = [f["role"], s.turn, len(s.am_track)]
    army["moved_by"] = f["role"]
    push(s, "move_army", role=f["role"], owner="barbarian", start=at, units=units,
         leaders=s.leaders_at(at, "barbarian"), minor=False)


def slave_steps(s: PRState, at: str) -> list[str]:
    """§12.7.1: one space, Transit Points ignored; an occupied space is attacked (the slaves
    never withdraw or retreat, §12.7.3); never onto a Barbarian army."""
    from games.pax_romana.control import data
    d = data()
    out: set[str] = set()
    todo, seen = [at], {at}
    while todo:
        pt = todo.pop()
        for nb in d.land_neighbours(pt):
            if nb in seen:
                continue
            seen.add(nb)
            if nb in d.transit_points:
                if not s.units.get(nb):
                    todo.append(nb)
                continue
            if "barbarian" not in s.units.get(nb, {}):
                out.add(nb)
    return sorted(out)


def slaves_attack(s: PRState, came_from: str, at: str, power: str) -> None:
    """The slave army entering an occupied space fights there (§12.7.3)."""
    from games.pax_romana.movement import hostile
    if hostile(s, at, "slaves"):
        push(s, "contact", space=at, came_from=came_from, owner="slaves", role=power,
             offered=[])
