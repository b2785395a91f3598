"""Reading a title's data files: JSON validated by pydantic models at load, every problem
reported as 'file: item: reason' in one ``DataError``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class DataError(ValueError):
    """A data file that cannot be used; ``problems`` lists each reason as 'file: item: reason'."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


# The titles' data: ``data/<title>`` at the top of a checkout; an installed package carries the
# same folders as ``games/data/<title>`` (pyproject.toml maps ``data/`` there).
_GAMES = Path(__file__).resolve().parents[1]
DATA_ROOT: Path = _GAMES / "data" if (_GAMES / "data").is_dir() else _GAMES.parent / "data"


def data_dir(title: str) -> Path:
    """The folder of ``title``'s data files, in an installed package or in a checkout;
    ``DataError`` if there is none."""
    folder = DATA_ROOT / title
    if not folder.is_dir():
        raise DataError([f"{title}: no data folder ({folder} is missing)"])
    return folder


class FrozenModel(BaseModel):
    """A data record: unknown fields are refused, values never change after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def id_of(node: dict[str, Any]) -> Any:
    """How a list item is named in a message: its ``id``, if it has one."""
    return node.get("id") or None


def read_model(path: Path, model: type[BaseModel],
               ident: Callable[[dict[str, Any]], Any] = id_of) -> Any:
    """The file at ``path`` validated as ``model``; a missing file, bad JSON or invalid values
    raise ``DataError`` naming the file and, for each problem, the item (``ident`` names list
    items)."""
    return validate(read_json(path), model, path.name, ident)


def read_json(path: Path, name: str | None = None) -> Any:
    """The JSON value in the file at ``path``; a missing file or bad JSON raise ``DataError``
    naming it ``name`` (by default the file's own name)."""
    name = name or path.name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError([f"{name}: the file is missing"]) from None
    except json.JSONDecodeError as exc:
        raise DataError([f"{name}: not valid JSON ({exc})"]) from None


def validate(raw: Any, model: type[BaseModel], name: str,
             ident: Callable[[dict[str, Any]], Any] = id_of) -> Any:
    """``raw`` validated as ``model``; invalid values raise ``DataError``, each problem located
    as 'name: item: reason' (``ident`` names list items)."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError([f"{name}: {where(raw, err['loc'], ident)}: {err['msg']}"
                         for err in exc.errors()]) from None


def repeated(ids: Iterable[Any]) -> list[str]:
    """The values met more than once in ``ids``, as text, each named once, in the order of
    their second occurrence (for 'id ... is used twice' checks)."""
    seen: set[Any] = set()
    out: list[str] = []
    for i in ids:
        if i in seen and str(i) not in out:
            out.append(str(i))
        seen.add(i)
    return out


def where(raw: Any, loc: tuple[Any, ...],
          ident: Callable[[dict[str, Any]], Any] = id_of) -> str:
    """A readable location in ``raw``: list items are named by ``ident`` when it names them."""
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(node, list) and isinstance(key, int) and key < len(node):
            node = node[key]
            name = ident(node) if isinstance(node, dict) else None
            parts.append(f"[{name}]" if name is not None else f"[{key}]")
        else:
            parts.append(f".{key}" if parts else str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts) or "(top)"


class CaseForms(FrozenModel):
    """A Russian name in the cases a text asks for after a preposition (``games.core.text``
    ``CASES``); ``nom`` is the name itself, as the title's map gives it. ``made``: declined by a
    morphological analyser and read by hand ("generated"), or written by hand ("corrected")."""

    nom: str = Field(min_length=1)
    gen: str = Field(min_length=1)
    dat: str = Field(min_length=1)
    acc: str = Field(min_length=1)
    loc: str = Field(min_length=1)
    ins: str = Field(min_length=1)
    made: Literal["generated", "corrected"]


def case_form_problems(file: str, kind: str, forms: dict[str, CaseForms],
                       names: dict[str, str]) -> list[str]:
    """Every named item of ``kind`` has its forms under its id, no forms name an unknown id, and
    each ``nom`` is the item's Russian name."""
    out = [f"{file}: {kind}: {i}: no case forms" for i in names if i not in forms]
    out += [f"{file}: {kind}: {i}: not in map.json" for i in forms if i not in names]
    out += [f"{file}: {kind}: {i}: nom {x.nom!r} is not map.json's name_ru {names[i]!r}"
            for i, x in forms.items() if i in names and x.nom != names[i]]
    return out
