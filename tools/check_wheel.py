"""Check the built package: ``python tools/check_wheel.py``.

Builds the wheel from this checkout (from a copy of its files, so no ``build/`` is left behind),
checks that it carries every module, the titles' data (``data/`` as ``games/data``) and the
fonts, installs it with its dependencies into a fresh virtualenv in a temporary folder, and from
a folder outside the checkout, with that virtualenv's Python:

- plays a seeded game of every registered title for some steps (after setting up each of its
  scenarios) and draws its board with ``renderers.render_board``, checking that the package, the
  data and every module loaded come from the virtualenv and none from the checkout;
- runs ``python -m bot console`` for every title (the table service, a SQLite store upgraded by
  the packaged migrations, the board picture) for a few moves.

Exits 0 when everything works. Slow (a minute or two): ``.ci/run`` runs it after the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ("bench", "bot", "games", "renderers")
SKIP = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache"}

# Run by the virtualenv's Python in a folder outside the checkout. argv: checkout, steps, seed.
PROBE = r'''
import json, random, sys, time
from pathlib import Path

checkout = Path(sys.argv[1]).resolve()
steps, seed = int(sys.argv[2]), int(sys.argv[3])
prefix = Path(sys.prefix).resolve()


def inside(path, folder):
    return Path(path).resolve().is_relative_to(folder)


import games
import renderers
from games import registry
from games.core.datafiles import data_dir
from renderers import render_board

assert inside(games.__file__, prefix), f"games comes from {games.__file__}, not {prefix}"
assert inside(renderers.__file__, prefix), f"renderers comes from {renderers.__file__}"
for title in registry.ids():
    started = time.perf_counter()
    folder = data_dir(title)
    assert inside(folder, prefix), f"{title}: data from {folder}"
    rules = registry.get(title)
    scenarios = [s.id for s in rules.scenarios()]
    assert scenarios, f"{title}: no scenario"
    for scenario in scenarios:
        rules.setup(seed, scenario, {})
    state = rules.setup(seed, scenarios[0], {})
    chooser = random.Random(seed)
    played = 0
    while played < steps:
        public = rules.view(state, None)
        if public.result is not None or not public.active:
            break
        role = chooser.choice(public.active)
        choice = chooser.choice(rules.view(state, role).actions)
        state = rules.act(state, role, choice.action())
        played += 1
    png = render_board(rules.view(state, None))
    assert png.startswith(b"\x89PNG\r\n\x1a\n"), f"{title}: the board is not a PNG"
    print(json.dumps({"title": title, "scenarios": len(scenarios), "played": scenarios[0],
                      "steps": played, "board_bytes": len(png),
                      "seconds": round(time.perf_counter() - started, 1)}))
from_checkout = sorted(name for name, module in list(sys.modules.items())
                       if getattr(module, "__file__", None) and inside(module.__file__, checkout))
assert not from_checkout, f"loaded from the checkout: {from_checkout}"
print(json.dumps({"titles": registry.ids(), "modules": len(sys.modules), "from_checkout": 0}))
'''


class CheckFailed(Exception):
    pass


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None,
        stdin: str | None = None) -> str:
    """Run ``cmd``; its output, or ``CheckFailed`` with the output if it fails."""
    done = subprocess.run(cmd, cwd=cwd, env=env, input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        raise CheckFailed(f"{' '.join(cmd)} exited {done.returncode}\n{done.stdout}{done.stderr}")
    return done.stdout


def source_files(root: Path) -> list[Path]:
    """The checkout's files (tracked and not ignored ones; every file but caches without git)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=root, capture_output=True, check=True).stdout.decode()
        files = [root / name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        files = [p for p in root.rglob("*")
                 if not SKIP.intersection(p.relative_to(root).parts) and p.suffix != ".pyc"]
    return [f for f in files if f.is_file()]


def copy_source(root: Path, dest: Path) -> None:
    for f in source_files(root):
        target = dest / f.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, target)


def expected_entries(source: Path) -> set[str]:
    """What the wheel must hold: every module, each data/**/*.json as games/data/**, the fonts."""
    wanted = {str(p.relative_to(source).as_posix()) for top in CODE
              for p in (source / top).rglob("*.py")}
    wanted |= {"games/data/" + p.relative_to(source / "data").as_posix()
               for p in (source / "data").rglob("*.json")}
    wanted |= {p.relative_to(source).as_posix() for p in (source / "renderers" / "fonts").iterdir()
               if p.is_file()}
    return wanted


def check_wheel_contents(wheel: Path, source: Path) -> str:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(expected_entries(source) - names)
    if missing:
        raise CheckFailed(f"{wheel.name} lacks {len(missing)} files: {', '.join(missing[:20])}")
    data = sorted(n for n in names if n.startswith("games/data/"))
    per_title: dict[str, int] = {}
    for name in data:
        title = name.split("/")[2]
        per_title[title] = per_title.get(title, 0) + 1
    fonts = sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("renderers/fonts/"))
    titles = ", ".join(f"{t} {n}" for t, n in sorted(per_title.items()))
    return (f"{wheel.name}: {len(names)} files; games/data: {len(data)} JSON files ({titles}); "
            f"renderers/fonts: {', '.join(fonts)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/check_wheel.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=40, help="moves of each seeded game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--console-moves", type=int, default=8,
                        help="moves of each title in python -m bot console (0: skip it)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="ancient-tables-wheel-")).resolve()
    if work.is_relative_to(ROOT):
        print(f"the temporary folder {work} is inside the checkout", file=sys.stderr)
        return 1

    def say(text: str) -> None:
        print(f"[{time.perf_counter() - started:5.1f} s] {text}", flush=True)

    try:
        source, dist, venv, outside = (work / "source", work / "dist", work / "venv",
                                       work / "run")
        outside.mkdir()
        copy_source(ROOT, source)
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist),
             str(source)], cwd=work)
        wheel = next(dist.glob("ancient_tables-*.whl"))
        say("built " + check_wheel_contents(wheel, source))

        run([sys.executable, "-m", "venv", str(venv)], cwd=work)
        python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        env["PYTHONNOUSERSITE"] = "1"
        run([str(python), "-m", "pip", "install", "-q", str(wheel)], cwd=outside, env=env)
        say(f"installed into a fresh virtualenv ({venv})")

        (outside / "probe.py").write_text(PROBE, encoding="utf-8")
        out = run([str(python), "probe.py", str(ROOT), str(args.steps), str(args.seed)],
                  cwd=outside, env=env)
        for line in out.splitlines():
            say("game: " + line)

        if args.console_moves:
            titles = json.loads(out.splitlines()[-1])["titles"]
            for title in titles:
                png = outside / f"{title}.png"
                moves = "1\n" * args.console_moves + "q\n"
                run([str(python), "-m", "bot", "console", title, "--seed", str(args.seed),
                     "--db", str(outside / "console.db"), "--png", str(png)],
                    cwd=outside, env=env, stdin=moves)
                if not png.read_bytes().startswith(b"\x89PNG"):
                    raise CheckFailed(f"python -m bot console {title} drew no board")
                say(f"python -m bot console {title}: {args.console_moves} moves, "
                    f"board {png.stat().st_size} bytes")
    except (CheckFailed, StopIteration) as exc:
        say(f"FAILED: {exc or 'no wheel was built'}")
        return 1
    finally:
        if args.keep:
            say(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    say("the wheel works outside the checkout")
    return 0


if __name__ == "__main__":
    sys.exit(main())
