"""A sample Pax Romana board, built from Scenario V's set-up in the map data (so it does not
depend on the rules engine), a few moves on: Rome marching south with a leader, a siege, a naval
move, a revealed tribe, territories changing hands.

    python -m renderers.pax_romana.sample [--lang ru] [--out docs]   (from the repository root)

writes ``pax_romana_board.png`` (and ``pax_romana_region.png``, ``pax_romana_hand.png`` with
``--all``) and prints their sizes and drawing times.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from games.core import Msg, View

ROOT = Path(__file__).resolve().parents[2]


def scenario_board(scenario: str = "V") -> dict[str, Any]:
    """The public board of a scenario's opening position, in the shape ``board.py`` defines."""
    from games.pax_romana.data import load

    data = load()
    s = data.scenario(scenario)
    spaces: dict[str, dict[str, Any]] = {}

    def entry(sid: str) -> dict[str, Any]:
        return spaces.setdefault(sid, {"control": None, "units": [], "leaders": [], "city": None,
                                       "tribe": None, "siege": None})

    provinces: dict[str, dict[str, Any]] = {}
    territories: dict[str, dict[str, Any]] = {}
    for power in s.powers:
        home = data.home_territory(power).id
        territories[home] = {"control": power}
        for pid in data.provinces_of(home):
            provinces[pid] = {"control": power}
            for sid in data.spaces_of(pid):
                entry(sid)["control"] = power
    for placed in s.placements:
        e = entry(placed.at)
        for kind, count in placed.units.items():
            e["units"].append({"owner": placed.owner, "type": kind, "count": count,
                               "weakened": placed.weakened.get(kind, 0)})
        if placed.owner in s.powers:
            e["control"] = placed.owner
    for city in s.cities_and_settlements:
        entry(city.at)["city"] = {"kind": city.kind, "owner": city.owner, "damaged": False}
    for sid in s.tribes.spaces:
        entry(sid)["tribe"] = {"revealed": False, "strength": None}
    setup = s.powers_setup
    powers = {p: {"treasury": setup[p].treasury, "stability": setup[p].stability,
                  "vp": setup[p].vp, "gop": 0, "cvp": 0, "ams_left": 4,
                  "manpower": {"LG": 2, "HI": 2, "LI": 1, "CV": 1}} for p in s.powers}
    return {"turn": 1, "phase": "F", "active": s.first_round_order[0], "powers": powers,
            "am_track": {"played": [], "pool": 0}, "territories": territories,
            "provinces": provinces, "spaces": spaces, "last_move": None}


def sample_board() -> dict[str, Any]:
    """Scenario V, a few Activations into Turn 2."""
    b = scenario_board("V")
    sp = b["spaces"]

    def entry(sid: str) -> dict[str, Any]:
        return sp.setdefault(sid, {"control": None, "units": [], "leaders": [], "city": None,
                                   "tribe": None, "siege": None})

    b["turn"], b["phase"], b["active"] = 2, "F", "rome"
    b["am_track"] = {"played": ["greece", "east", "carthage", "rome", "east", "event", "rome"],
                     "pool": 6}
    for power, (t, st, vp, gop, cvp, ams) in {
            "rome": (8, 6, 5, 2, 3, 1), "carthage": (17, 5, 6, 3, 3, 3),
            "greece": (9, 3, 7, 2, 6, 2), "east": (15, 4, 6, 2, 5, 2)}.items():
        b["powers"][power].update(treasury=t, stability=st, vp=vp, gop=gop, cvp=cvp,
                                  ams_left=ams)
    b["powers"]["rome"]["manpower"] = {"LG": 3, "CV": 1}
    b["powers"]["greece"]["manpower"] = {"HI": 2, "LI": 2, "CV": 1, "EL": 1}
    # Rome marched from Rome to Beneventum... and on into Bruttium, with a leader
    entry("rome")["units"] = [{"owner": "rome", "type": "LG", "count": 1, "weakened": 0},
                              {"owner": "rome", "type": "GS", "count": 1}]
    arm = entry("croton")
    arm["units"] = [{"owner": "rome", "type": "LG", "count": 3, "weakened": 1},
                    {"owner": "rome", "type": "CV", "count": 1}]
    arm["leaders"] = [{"id": "rome_03", "owner": "rome", "name": None, "tactics": 2,
                       "campaign": 4}]
    arm["siege"] = "rome"
    arm["city"] = {"kind": "settlement", "owner": "greece", "damaged": True}
    arm["control"] = "greece"
    b["last_move"] = {"power": "rome", "path": ["rome", "capua", "venusia", "consentia",
                                                "croton"],
                      "kind": "land", "battle": "croton"}
    # Carthage across to Sicily, Greece in the north, a revealed tribe in Hispania
    entry("ntp_mare_siculum")["units"] = [{"owner": "carthage", "type": "GS", "count": 3},
                                          {"owner": "carthage", "type": "HI", "count": 2}]
    entry("syracuse")["units"] = [{"owner": "syracuse", "type": "HI", "count": 2}]
    entry("segobriga")["tribe"] = {"revealed": True, "strength": 4}
    entry("saguntum")["units"] = [{"owner": "carthage", "type": "HI", "count": 2},
                                  {"owner": "carthage", "type": "MHI", "count": 1}]
    entry("saguntum")["leaders"] = [{"id": "carthage_02", "owner": "carthage", "name": None,
                                     "tactics": 3, "campaign": 4}]
    entry("saguntum")["control"] = "carthage"
    b["provinces"]["tarraconensis"] = {"control": "carthage"}
    b["provinces"]["baetica"] = {"control": "carthage"}
    b["territories"]["hispania"] = {"control": "carthage"}
    entry("byzantium")["units"] = [{"owner": "greece", "type": "HI", "count": 3},
                                   {"owner": "greece", "type": "CV", "count": 1}]
    entry("byzantium")["control"] = "greece"
    b["provinces"]["ionia"] = {"control": "east"}
    b["provinces"]["cyprus"] = {"control": "east"}
    entry("semnones")["units"] = [{"owner": "barbarian", "type": "BR", "count": 4},
                                  {"owner": "barbarian", "type": "BC", "count": 1}]
    return b


def sample_view(role: str | None = None) -> View:
    private: dict[str, Any] = {}
    if role == "rome":
        private = {"power": "rome",
                   "leaders": [{"id": "rome_03", "name": None, "tactics": 2, "campaign": 4,
                                "exceptional": False, "placed_at": "croton"},
                               {"id": "rome_07", "name": None, "tactics": 1, "campaign": 3,
                                "exceptional": False, "placed_at": None}],
                   "plan": {"kind": "manpower", "confirmed": False, "cost": 7,
                            "items": [{"action": "form", "unit": "LG", "count": 2,
                                       "where": "rome", "cost": 4},
                                      {"action": "rebuild", "unit": "LG", "count": 1,
                                       "where": "croton", "cost": 1},
                                      {"action": "galleys", "unit": "GS", "count": 1,
                                       "where": "rome", "cost": 2}]},
                   "objectives": ["Conquer Sicilia"]}
    return View(title="pax_romana", scenario="V", role=role,
                roles=["rome", "carthage", "greece", "east"], step=40, active=["rome"],
                prompt="", prompt_msg=Msg(key="prompt"), actions=[], log=[], result=None,
                board=sample_board(), private=private)


def main() -> None:
    from renderers.pax_romana import render_board, render_hand

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    view = sample_view("rome")
    render_board(view, args.lang)          # warm the caches
    t0 = time.perf_counter()
    png = render_board(view, args.lang)
    t1 = time.perf_counter()
    (out / "pax_romana_board.png").write_bytes(png)
    print(f"pax_romana_board.png {len(png) // 1024} KiB in {(t1 - t0) * 1000:.0f} ms")
    if args.all:
        region = render_board(view, args.lang, region="greece")
        hand = render_hand(view, args.lang)
        (out / "pax_romana_region.png").write_bytes(region)
        (out / "pax_romana_hand.png").write_bytes(hand)
        print(f"pax_romana_region.png {len(region) // 1024} KiB; "
              f"pax_romana_hand.png {len(hand) // 1024} KiB")


if __name__ == "__main__":
    main()
