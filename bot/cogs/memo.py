"""What the bot keeps of a game's place in Discord: its lobby post, its turn post, the questions
it asked privately, who was pinged this turn, the hand messages it keeps current.

Kept as JSON in the game's row (``table_memo``) so that another process, or this one after a
restart, edits the same posts; a game's posts are made one after the other (``PublishTurn``),
which is what keeps the memo right.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class SentMessage(BaseModel):
    """A message the bot sent and may edit or delete: where it is and which it is."""

    channel: int
    message: int


class Ask(SentMessage):
    """A question asked privately of one role's player (by DM, or by a short channel message
    with a ping when their DMs are closed), open until the role no longer has to answer."""

    user: int
    where: Literal["dm", "channel"] = "dm"
    fingerprint: str = ""


class HandMessage(SentMessage):
    """The DM that shows a role's hidden items, edited when they change."""

    digest: str = ""


class TableMemo(BaseModel):
    thread: bool = False                 # the game wants a thread of its own
    lobby_post: int | None = None
    turn_key: str | None = None          # the turn the turn post shows (``View.turn.key``)
    turn_post: int | None = None
    turn_from: int = 0                   # the first log line of that turn
    turn_looks: str = ""                 # a digest of what the turn post shows
    turns: int = 0                       # how many turns the game has had
    pinged: list[int] = Field(default_factory=list)   # told it is their turn, this turn
    asks: dict[str, Ask] = Field(default_factory=dict)
    hands: dict[str, HandMessage] = Field(default_factory=dict)
    posted: int = 0                      # the game's version the channel shows
    # old turn posts whose buttons are still to be taken off (kept before the edit, so that
    # a bot that dies meanwhile takes them off after its restart)
    unstripped: list[SentMessage] = Field(default_factory=list)
    timer_post: SentMessage | None = None   # the vote after the turn time ran out
    ended_line: bool = False             # the parent channel was told the game is over
    # a Negotiate under way (Pax Romana §4.1) and its private thread
    negotiation: NegotiationMemo | None = None
    # Pax Romana's bribes (§4.4) already told by DM to the bribed player ("by>to:n")
    bribes_told: list[str] = Field(default_factory=list)


class NegotiationMemo(BaseModel):
    """A negotiation the bot follows: whose it is, the private thread of its parties (none
    while no person is a party, or when Discord refused one), who was told and added, and the
    rulebook's five minutes (§4.3.1) as a Unix time."""

    by: str                              # the negotiating role
    start: int                           # the first log line of the negotiation
    deadline: float                      # when the five minutes are up (Unix seconds)
    thread: int | None = None
    invited: list[str] = Field(default_factory=list)   # invited roles the thread was told of
    members: list[int] = Field(default_factory=list)   # users added to the thread
    opened: bool = False                 # the opening post went out
    failed: bool = False                 # Discord refused the thread: the game goes on without
    reminded: bool = False               # the polite note after five minutes was posted
    closing: bool = False                # the closing line was posted (archive next)


TableMemo.model_rebuild()
