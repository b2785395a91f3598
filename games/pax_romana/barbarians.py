"""Barbarians (§13): Tribe counters placed blind (setup.py) whose strength stays hidden until an
army attacks them (§13.1.2), then Tribal Warriors that never move, withdraw or retreat
(§13.1.3-13.1.4) and stay until beaten (§13.1.7); invasion armies (§13.4, events.py) that move
with a Power's Major Move (movement.py) and pass through tribes without attacking (§13.4.2).
Nobody plays the barbarians in battle: their decisions follow fixed rules (§13.2.4, battle.py)."""

from __future__ import annotations

from games.core import msg
from games.pax_romana.state import PRState


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
    withdraw); beaten, it stays where it was placed (the official clarification). Tribes are
    not attacked (§13.4.2)."""
    from games.pax_romana.flow import push
    from games.pax_romana.movement import hostile
    at = str(army["at"])
    if hostile(s, at, "barbarian"):
        push(s, "contact", space=at, came_from=at, owner="barbarian", role=power, offered=[])


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
    from games.pax_romana.flow import push
    from games.pax_romana.movement import hostile
    if hostile(s, at, "slaves"):
        push(s, "contact", space=at, came_from=came_from, owner="slaves", role=power,
             offered=[])
