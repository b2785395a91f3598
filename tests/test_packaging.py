"""The package carries its data: pyproject.toml lists every package of the source tree and maps
data/ onto games/data; games.core.datafiles.data_dir finds a title's data in a checkout and in an
installed package. The slow check (build the wheel, install it into a fresh virtualenv, play every
title outside the checkout) runs with CHECK_WHEEL=1, and in .ci/run."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from games.core import datafiles
from games.core.datafiles import DataError, data_dir

ROOT = Path(__file__).resolve().parents[1]
CODE = ("bench", "bot", "games", "renderers")


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_of_the_source_tree_is_listed():
    in_tree = {".".join(d.relative_to(ROOT).parts) for top in CODE
               for d in [ROOT / top, *(ROOT / top).rglob("*")]
               if d.is_dir() and any(d.glob("*.py"))}
    in_tree.add("renderers.fonts")
    listed = set(_setuptools()["packages"])
    assert in_tree - listed == set(), "packages missing from pyproject.toml"
    assert listed - in_tree == {"games.data"}


def test_data_is_installed_as_games_data_with_its_json_files():
    cfg = _setuptools()
    assert cfg["package-dir"] == {"games.data": "data"}
    globs = cfg["package-data"]["games.data"]
    found = {p for g in globs for p in (ROOT / "data").glob(g)}
    assert found == set((ROOT / "data").rglob("*.json"))
    assert any(p.parent.name == "scenarios" for p in found)


def test_a_checkout_reads_data_at_the_top_of_the_repository():
    assert datafiles.DATA_ROOT == ROOT / "data"
    for folder in (ROOT / "data").iterdir():
        if folder.is_dir():
            assert data_dir(folder.name) == folder


def test_every_title_data_module_uses_the_locator():
    for title in ("ancients", "hannibal", "mare_nostrum", "pax_romana"):
        module = importlib.import_module(f"games.{title}.data")
        assert module.DATA_DIR == data_dir(title)


def test_an_installed_package_reads_its_own_copy(tmp_path: Path):
    core = tmp_path / "site" / "games" / "core"
    core.mkdir(parents=True)
    shutil.copy(datafiles.__file__, core / "datafiles.py")
    (tmp_path / "site" / "games" / "data" / "ancients").mkdir(parents=True)
    (tmp_path / "site" / "data" / "hannibal").mkdir(parents=True)  # not the package's: ignored
    spec = importlib.util.spec_from_file_location("installed_datafiles", core / "datafiles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.data_dir("ancients") == tmp_path / "site" / "games" / "data" / "ancients"
    with pytest.raises(module.DataError, match="hannibal: no data folder"):
        module.data_dir("hannibal")


def test_an_unknown_title_has_no_data_folder():
    with pytest.raises(DataError, match="no_such_title: no data folder"):
        data_dir("no_such_title")


@pytest.mark.skipif(not os.environ.get("CHECK_WHEEL"),
                    reason="slow (a minute or two): set CHECK_WHEEL=1, or see .ci/run")
def test_the_wheel_runs_every_title_outside_the_checkout():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "check_wheel.py")],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the wheel works outside the checkout" in done.stdout
