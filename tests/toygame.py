"""A tiny title for testing the table without a real game's rules.

Two or three seats. On a turn the active seat may step its marker (undoable, nothing random),
then plays a hidden card (a reveal) whose value it scores. After every full round all seats bid
0 or 1 at once, secretly; bids are revealed together and a die adds points to the highest bid.
First to 12 points wins.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from games.core import (
    Action,
    BaseState,
    Choice,
    GameRules,
    Msg,
    OptionInfo,
    Result,
    ScenarioInfo,
    Turn,
    msg,
)

# With this option the secret bids interrupt the turn (asked of each player privately), as a
# title's question to another player would; without it every bidder holds the turn.
BIDS_ASKED = OptionInfo(id="bids_asked", description="Bids are asked privately",
                        choices=[False, True], default=False)

TEXTS = {
    "en": {
        "prompt.play": "{role}: step or play a card",
        "prompt.bid": "Everyone: bid 0 or 1 in secret",
        "prompt.wait": "Waiting for {roles}",
        "choice.step": "Step marker",
        "choice.play": "Play card {value}",
        "choice.bid": "Bid {value}",
        "log.play": "{role} plays {value}",
        "log.bids": "Bids revealed: {bids}; die {die}",
        "log.draw": "You draw {value}",
        "end": "{role} wins",
    },
    "ru": {
        "prompt.play": "{role}: шаг или карта",
        "prompt.bid": "Все: тайная ставка 0 или 1",
        "prompt.wait": "Ждём: {roles}",
        "choice.step": "Шаг фишкой",
        "choice.play": "Сыграть карту {value}",
        "choice.bid": "Ставка {value}",
        "log.play": "{role} играет {value}",
        "log.bids": "Ставки: {bids}; кубик {die}",
        "log.draw": "Вы берёте {value}",
        "end": "Победа: {role}",
    },
}


class ToyState(BaseState):
    turn: int = 0
    phase: str = "play"
    hands: dict[str, list[int]] = Field(default_factory=dict)
    deck: list[int] = Field(default_factory=list)
    score: dict[str, int] = Field(default_factory=dict)
    marker: dict[str, int] = Field(default_factory=dict)
    bids: dict[str, int] = Field(default_factory=dict)


class ToyRules(GameRules[ToyState]):
    id = "toy"
    title = "Toy"
    texts = TEXTS
    state_model = ToyState

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(id="duel", name="Duel", roles=["a", "b"], options=[BIDS_ASKED],
                             names={"ru": "Дуэль"}),
                ScenarioInfo(id="trio", name="Trio", roles=["a", "b", "c"], min_players=3,
                             max_players=3, options=[BIDS_ASKED], names={"ru": "Трио"})]

    def setup(self, seed: int, scenario: str | dict, options: dict) -> ToyState:
        roles = ["a", "b", "c"] if scenario == "trio" else ["a", "b"]
        if scenario not in ("duel", "trio"):
            raise ValueError(f"unknown scenario {scenario!r}")
        from games.core import Rng
        s = ToyState(title=self.id, scenario=str(scenario), seed=seed, options=options,
                     roles=roles, rng=Rng.from_seed(seed))
        s.deck = [1 + i % 5 for i in range(60)]
        s.rng.shuffle(s.deck)
        for r in roles:
            s.hands[r] = [s.deck.pop() for _ in range(3)]
            s.score[r] = 0
            s.marker[r] = 0
        return s

    def active_roles(self, state: ToyState) -> list[str]:
        if state.phase == "bid":
            return [r for r in state.roles if r not in state.bids]
        return [state.roles[state.turn % len(state.roles)]]

    def turn(self, state: ToyState) -> Turn:
        """A player's turn, then the round's bids (everyone's, unless they are asked)."""
        if state.phase == "bid":
            holders = [] if state.options.get("bids_asked") else list(state.roles)
            return Turn(key=f"bid{state.turn}", roles=holders)
        return Turn(key=f"play{state.turn}", roles=self.active_roles(state))

    def prompt(self, state: ToyState, role: str | None) -> Msg:
        if state.phase == "bid":
            return msg("prompt.bid")
        return msg("prompt.play", role=self.active_roles(state)[0])

    def choices(self, state: ToyState, role: str) -> list[Choice]:
        if state.phase == "bid":
            return [self.choice("bid", v, msg("choice.bid", value=v)) for v in (0, 1)]
        out = [self.choice("play", v, msg("choice.play", value=v))
               for v in sorted(set(state.hands[role]))]
        if state.marker[role] < 3:
            out.append(self.choice("step", None, msg("choice.step")))
        return out

    def apply(self, state: ToyState, role: str, action: Action) -> None:
        if action.verb == "step":
            state.marker[role] += 1
        elif action.verb == "play":
            value = int(action.arg)  # type: ignore[arg-type]
            state.hands[role].remove(value)
            state.mark_irreversible()
            state.say(msg("log.play", role=role, value=value))
            state.score[role] += value
            if not state.deck:
                state.deck = [1 + i % 5 for i in range(60)]
                state.rng.shuffle(state.deck)
            card = state.deck.pop()
            state.hands[role].append(card)
            state.say(msg("log.draw", value=card), to=role)
            state.marker[role] = 0
            state.turn += 1
            if state.turn % len(state.roles) == 0:
                state.phase = "bid"
        elif action.verb == "bid":
            state.bids[role] = int(action.arg)  # type: ignore[arg-type]
            if len(state.bids) == len(state.roles):
                die = 1 + state.rng.below(6)
                best = max(state.bids.values())
                text = ", ".join(f"{r}={state.bids[r]}" for r in state.roles)
                state.say(msg("log.bids", bids=text, die=die))
                for r in state.roles:
                    if state.bids[r] == best and best > 0:
                        state.score[r] += die
                state.bids = {}
                state.phase = "play"
        for r in state.roles:
            if state.score[r] >= 12 and state.result is None:
                state.result = Result(winners=[r], reason=f"{r} reached 12",
                                      msg=msg("end", role=r))

    def public_board(self, state: ToyState) -> dict[str, Any]:
        return {"score": dict(state.score), "marker": dict(state.marker),
                "hand_sizes": {r: len(h) for r, h in state.hands.items()},
                "bids_made": sorted(state.bids), "phase": state.phase}

    def private_items(self, state: ToyState, role: str) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": list(state.hands.get(role, []))}
        if role in state.bids:
            out["bid"] = state.bids[role]
        return out

    def perturb_hidden(self, state: ToyState, role: str, seed: int) -> ToyState:
        s = self.copy(state)
        s.hands[role] = [(v % 5) + 1 for v in s.hands[role]]
        s.deck.reverse()
        if role in s.bids:
            s.bids[role] = 1 - s.bids[role]
        return s


RULES = ToyRules()
