"""The stack of pending steps and decisions that the titles keep in their State (``state.flow``):
each frame is a JSON-able dict whose ``"k"`` names its kind. A title's flow module runs the
stack; pushing and popping frames is the same for every title."""

from __future__ import annotations

from typing import Any, Protocol

Frame = dict[str, Any]


class HasFlow(Protocol):
    flow: list[Frame]


def push(s: HasFlow, kind: str, **data: Any) -> Frame:
    """Put a new frame of ``kind`` on top of the stack and return it."""
    if "k" in data:
        raise ValueError("a frame's data may not be called 'k' (the frame's kind)")
    frame: Frame = {"k": kind, **data}
    s.flow.append(frame)
    return frame


def pop(s: HasFlow, frame: Frame) -> None:
    """Remove ``frame`` itself (the topmost one that is that very dict) from the stack."""
    for i in range(len(s.flow) - 1, -1, -1):
        if s.flow[i] is frame:
            del s.flow[i]
            return
