"""What every title shares: the interface, messages, the seeded RNG, hex and graph helpers."""

from games.core.interface import (
    Action,
    BaseState,
    Choice,
    GameRules,
    IllegalAction,
    LogEntry,
    LogLine,
    OptionInfo,
    Result,
    Rules,
    ScenarioInfo,
    Turn,
    View,
    can_undo,
)
from games.core.rng import Rng
from games.core.text import Msg, has_text, msg, render

__all__ = [
    "Action", "BaseState", "Choice", "GameRules", "IllegalAction", "LogEntry", "LogLine", "Msg",
    "OptionInfo", "Result", "Rng", "Rules", "ScenarioInfo", "Turn", "View", "can_undo", "has_text",
    "msg", "render",
]
