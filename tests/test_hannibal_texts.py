"""Every player-facing text of the engine has an English and a Russian entry: the keys met in
seeded games (log lines, prompts, choice labels and their nested names)."""

from __future__ import annotations

from games.core import Msg
from games.core.fuzz import _pick, weigher_of
from games.core.rng import Rng
from games.hannibal.texts import TEXTS
from tests.test_hannibal_kit import RULES

OWN = ("log.", "prompt.", "choice.", "result.", "describe.", "side.", "phase.", "gen.", "space.",
       "inside.", "card.", "bc.", "prov.", "link.", "naval.", "charge.", "ok.", "siege.", "why.",
       "how.", "trigger.")


def _keys(m: Msg, out: set[str]) -> None:
    out.add(m.key)
    for v in m.args.values():
        if isinstance(v, str) and v.startswith("@"):
            out.add(v[1:])


def test_texts_exist_in_english_and_russian():
    seen: set[str] = set()
    for seed in (1, 2):
        s = RULES.setup(seed, "218bc", {})
        chooser = Rng.from_seed(seed)
        while s.result is None:
            role = RULES.view(s, None).active[0]
            v = RULES.view(s, role)
            _keys(v.prompt_msg, seen)
            for c in v.actions:
                _keys(c.msg, seen)
            s = RULES.act(s, role, _pick(chooser, v, weigher_of(RULES)).action())
        for e in s.log:
            _keys(e.msg, seen)
    mine = {k for k in seen if k.startswith(OWN)}
    assert len(mine) > 100
    assert not [k for k in mine if k not in TEXTS["en"]]
    assert not [k for k in mine if k not in TEXTS["ru"]]
    view = RULES.view(s, "rome")
    assert RULES.describe(view, "ru") and RULES.describe(view, "en")
