"""Stability (§14): the track, its ranges, and the adjustments that follow control (§14.2.1)."""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.control import controllers, data, province_map
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, turn_page
from games.pax_romana.state import HEAVY, PRState
from games.pax_romana.texts import extend


def stability_range(value: int) -> str:
    """Stable 0..8, Unrest -1..-4, Disorder -5..-6 (§14.1.4)."""
    return data().tables.stability_track.range_of(value)


def adjust(s: PRState, power: str, delta: int, reason: str) -> None:
    """Change ``power``'s Stability by ``delta``, kept within -6..+8 (§14.1.4), and say why."""
    if delta == 0 or power not in s.powers:
        return
    track = data().tables.stability_track
    p = s.powers[power]
    new = max(track.min, min(track.max, p.stability + delta))
    if new == p.stability:
        return
    p.stability = new
    s.say(msg("log.stability", power=f"@power.{power}", delta=f"{delta:+d}", value=new,
              reason=f"@why.{reason}"))


def settle(s: PRState, quiet: bool = False) -> None:
    """Compare the provinces and capitals each Power controls now with what it controlled when
    last settled, and apply §14.2.1: +1/-1 for a province outside the Home Territory, +2/-2 for
    a home province, -1 for each capital lost, +1 once when it is regained. ``quiet`` (set-up)
    only records control."""
    d = data()
    ctrl = controllers(s)
    provinces = province_map(s, ctrl)
    for power, p in s.powers.items():
        now = sorted(pr for pr, c in provinces.items() if c == power)
        caps = [c for c in d.capitals_of(power) if ctrl.get(c) == power]
        if not quiet:
            before = set(p.provinces)
            for pr in now:
                if pr not in before:
                    home = d.provinces[pr].home_of == power
                    adjust(s, power, 2 if home else 1, "home_gained" if home else "province_gained")
            for pr in before - set(now):
                home = d.provinces[pr].home_of == power
                adjust(s, power, -2 if home else -1, "home_lost" if home else "province_lost")
            for c in d.capitals_of(power):
                if c in p.capitals and c not in caps:
                    adjust(s, power, -1, "capital_lost")
                    if c not in p.capital_lost:
                        p.capital_lost.append(c)
                elif c in caps and c in p.capital_lost:
                    p.capital_lost.remove(c)
                    adjust(s, power, 1, "capital_regained")
        p.provinces = now
        p.capitals = caps
    # §12.7.2: the revolt ends when every slave unit is destroyed
    if s.slave_revolt is not None and not s.spaces_of_owner("slaves"):
        against = s.slave_revolt["against"]
        s.slave_revolt = None
        if not quiet:
            adjust(s, against, 1, "slaves_crushed")


def cvp_overrun(s: PRState, power: str) -> None:
    """Maintenance Phase (§3.2 B, §14.2.1): more LG/HI (full or weakened) on the map than CVP
    costs 2 Stability, at least three times as many 3, in the Advanced Game at least four
    times as many 4 (ambiguity A2: the thresholds of the printed chart; with 0 CVP any LG/HI is
    all of them)."""
    from games.pax_romana.victory import cvp_of
    heavy = s.count(power, HEAVY)
    cvp = cvp_of(s, power)
    if heavy > cvp:
        four = bool(s.options.get("advanced")) and heavy >= 4 * cvp
        adjust(s, power, -4 if four else -3 if heavy >= 3 * cvp else -2, "cvp_overrun")


def withdrawal(s: PRState, power: str, space: str) -> None:
    """§9.4.5: each Withdrawal before Battle from a space of the Power's own Home Territory
    costs 1 Stability (for movement.py)."""
    from games.pax_romana.cards.hooks import unlimited_withdrawal  # §17.2 Cunctator
    if data().spaces[space].home_of == power and not unlimited_withdrawal(s, power):
        adjust(s, power, -1, "withdrawal")


def militia_raised(s: PRState, power: str) -> None:
    """§12.3.2: raising militia costs 1 Stability (for battle.py)."""
    adjust(s, power, -1, "militia")


# -- §14.2.2 (optional, Advanced Game): disbanding HI/LG ------------------------------------------
def offer_disbanding(s: PRState, power: str) -> None:
    """At the start of each of his Activations, as the first thing of his Action Segment, a
    player may remove any of his HI and LG from the map, to escape the next CVP overrun."""
    if (s.options.get("advanced") and s.options.get("early_disbanding")
            and s.count(power, HEAVY)):
        push(s, "disband_heavy", role=power)


def _disband_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    options = [opt("disband", f"{sp}|{k}", "choice.disband_heavy", unit=f"@unit.{k}",
                   space=f"@space.{sp}")
               for sp in sorted(s.spaces_of_owner(power)) for k in sorted(s.stack(sp, power))
               if k in HEAVY]
    return paged(f, power, options, [opt("done", None, "choice.disband_done")])


def _disband_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.disband_heavy", who=f"@power.{f['role']}", n=s.count(f["role"], HEAVY))


@question("disband_heavy", _disband_choices, _disband_prompt)
def disband_heavy(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """Not in an Activation a card took away (Dies Irae, §14.2.2)."""
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    if verb == "done" or power in s.card_effects.get("cancel_am", []):
        pop(s, f)
        return
    f.setdefault("page", {}).pop(power, None)
    sp, kind = arg.split("|")
    s.remove(sp, power, kind)
    s.say(msg("log.disbanded_heavy", power=f"@power.{power}", unit=f"@unit.{kind}",
              space=f"@space.{sp}"))
    if not s.count(power, HEAVY):
        pop(s, f)


extend({
    "en": {
        "choice.disband_heavy": "Disband {unit} at {space}",
        "choice.disband_done": "Disband no more",
        "prompt.disband_heavy": "{who}: disband Heavy Infantry or Legions before acting? "
                                "({n} on the map)",
        "log.disbanded_heavy": "{power} disbands {unit} at {space}.",
    },
    "ru": {
        "choice.disband_heavy": "Расформировать: {unit} в {space:loc}",
        "choice.disband_done": "Больше не расформировывать",
        "prompt.disband_heavy": "{who}: расформировать ТП или легионы перед действием? "
                                "(на карте: {n})",
        "log.disbanded_heavy": "{power} расформировывает: {unit} в {space:loc}.",
    },
})
