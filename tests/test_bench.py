"""bench: a tiny run on the toy title prints every figure with its target."""

from __future__ import annotations

from bench.run import main, pct


def test_percentiles():
    assert pct([5.0, 1.0, 3.0, 2.0, 4.0], 50) == 3.0
    assert pct([float(i) for i in range(1, 101)], 95) == 95.0


def test_a_tiny_bench_run_on_the_toy(capsys):
    code = main(["--title", "toy", "--steps", "40", "--acts", "5", "--games", "4",
                 "--duration", "0.3", "--think", "0.1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "engine View+act per step (40 steps)" in out and "target <= 3" in out
    assert "board picture: skipped" in out          # the toy has no pictures
    assert "service act, one game, SQLite file (5 acts)" in out
    assert "4 games opened" in out and "target < 100 ms" in out and "target < 300 MB" in out
