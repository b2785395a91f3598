"""Write the sample pictures shown in the README: docs/board.png and docs/hand.png (Ancients)
and docs/pax_romana_board.png.

    python -m tools.make_docs_images [--lang ru] [--out docs]   (from the repository root)

The Views are built by hand from the scenario files (a mid-game Akragas position with a move, a
battle and a few choices marked; Pax Romana's Scenario V a few Activations into Turn 2), so the
pictures do not depend on the rules engines.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from games.ancients.data import cards, load_scenario, units
from games.ancients.hexes import parse_hex
from games.core import Msg, View
from renderers import render_board, render_hand
from renderers.pax_romana.sample import sample_view as pax_romana_view

ROOT = Path(__file__).resolve().parents[1]


def board_from_scenario(sid: str) -> dict[str, Any]:
    """The public board of a scenario's opening position, in the engine's View shape."""
    s = load_scenario(sid)
    table = units()

    def where(h: str) -> dict[str, Any]:
        c, r = parse_hex(h)
        return {"hex": h, "c": c, "r": r}

    unit_list = []
    for i, u in enumerate(s.units):
        spec = table[u.type]
        unit_list.append({"id": f"{u.side[0]}{i}", **where(u.hex), "side": u.side, "type": u.type,
                          "blocks": u.blocks or spec.blocks, "max_blocks": spec.blocks,
                          "weight": spec.weight, "symbol": spec.symbol, "special": u.special,
                          "ordered": False, "moved": False, "battled": False})
    unit_hexes = {u.hex for u in s.units}
    leader_list = [{"id": f"{ldr.side[0]}l{i}", **where(ldr.hex), "side": ldr.side,
                    "name": ldr.name, "attached": ldr.hex in unit_hexes, "ordered": False}
                   for i, ldr in enumerate(s.leaders)]
    sides = {side: {"army": s.army(side).army, "blocks": s.army(side).blocks, "banners": 0,
                    "banners_to_win": s.army(side).banners, "hand_size": s.army(side).cards,
                    "command": s.army(side).cards} for side in ("north", "south")}
    return {
        "scenario": {"id": s.id, "name": s.name, "year": s.year},
        "sides": sides, "turn": 1, "to_move": s.first,
        "terrain": [{**where(t.hex), "type": t.type, "fordable": t.fordable, "front": t.front}
                    for t in s.terrain],
        "units": unit_list, "leaders": leader_list, "card_played": None,
        "deck_size": 60 - s.north.cards - s.south.cards, "discard_size": 0,
        "last_moves": [], "last_combat": None, "highlight": [],
    }


def move_unit(board: dict[str, Any], path: list[str]) -> dict[str, Any]:
    unit = next(u for u in board["units"] if u["hex"] == path[0])
    c, r = parse_hex(path[-1])
    unit.update(hex=path[-1], c=c, r=r, moved=True, ordered=True)
    for ldr in board["leaders"]:
        if ldr["hex"] == path[0] and ldr["attached"]:
            ldr.update(hex=path[-1], c=c, r=r)
    board["last_moves"].append({"side": unit["side"], "path": path})
    return unit


def akragas_midgame() -> View:
    """Akragas, third turn: the Syracusans have advanced in the center and attacked."""
    b = board_from_scenario("001")
    b["turn"] = 3
    b["sides"]["north"]["banners"] = 1
    b["sides"]["south"]["banners"] = 2
    move_unit(b, ["G3", "G4", "G5"])      # light bow infantry runs forward
    attacker = move_unit(b, ["H2", "H3"])  # heavy infantry with Daphaeus
    attacker["battled"] = True
    for u in b["units"]:
        if u["hex"] in ("F3", "I2"):
            u["ordered"] = True
    defender = next(u for u in b["units"] if u["hex"] == "H8")
    c, r = parse_hex("H4")
    defender.update(hex="H4", c=c, r=r, blocks=2)
    for ldr in b["leaders"]:
        if ldr["hex"] == "H8":
            ldr.update(hex="H4", c=c, r=r)
    b["units"] = [u for u in b["units"] if u["hex"] != "K8"]  # the light cavalry was lost
    next(u for u in b["units"] if u["hex"] == "E8")["blocks"] = 3
    b["card_played"] = {"side": "south", "key": "order_3_center",
                        "name": "Order Three Units Center"}
    b["last_combat"] = {"kind": "close", "attacker": "H3", "defender": "H4",
                        "dice": ["R", "F", "X", "B", "H"], "hits": 2}
    b["highlight"] = ["G4", "I4"]
    b["deck_size"] = 43
    b["discard_size"] = 6
    hand = []
    for key in ("order_2_left", "order_light", "inspired_right", "line_command",
                "mounted_charge", "coordinated_attack"):
        card = cards()[key]
        hand.append({"key": card.key, "name": card.name, "kind": card.kind, "text": card.text,
                     "sections": card.sections})
    return View(title="ancients", scenario="001", role="south", roles=["north", "south"],
                step=12, active=["south"], prompt="Choose a unit to move",
                prompt_msg=Msg(key="prompt.choose_unit"), actions=[], log=[], result=None,
                board=b, private={"hand": hand})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", default=str(ROOT / "docs"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    view = akragas_midgame()
    render_board(view, args.lang)  # warm the background cache
    t0 = time.perf_counter()
    board_png = render_board(view, args.lang)
    t1 = time.perf_counter()
    hand_png = render_hand(view, args.lang)
    t2 = time.perf_counter()
    (out / "board.png").write_bytes(board_png)
    (out / "hand.png").write_bytes(hand_png)
    print(f"board.png {len(board_png) // 1024} KiB in {(t1 - t0) * 1000:.0f} ms; "
          f"hand.png {len(hand_png) // 1024} KiB in {(t2 - t1) * 1000:.0f} ms")
    pax_romana = pax_romana_view("rome")
    render_board(pax_romana, args.lang)  # warm the background cache
    t0 = time.perf_counter()
    pax_romana_png = render_board(pax_romana, args.lang)
    t1 = time.perf_counter()
    (out / "pax_romana_board.png").write_bytes(pax_romana_png)
    print(f"pax_romana_board.png {len(pax_romana_png) // 1024} KiB in {(t1 - t0) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
