"""The Advanced Game's alliance cards (§17.2, §4.2, §12.5): Alliance, Alliance with Rhodes,
Alliance with Pergamum, Pontus; played straight from the hand (the registry's ``play``)."""

from __future__ import annotations

from typing import Any

import games.pax_romana.cards  # noqa: F401 - registers the card kinds
from games.pax_romana import independents as ind
from games.pax_romana.activation import activation_phase, other_armies
from games.pax_romana.cards.registry import rule
from games.pax_romana.control import space_controller
from games.pax_romana.economy import rhodes_navy
from games.pax_romana.flow import push, run
from games.pax_romana.movement import controller_of, friends_of
from games.pax_romana.naval import pay_rhodes, rhodes_toll
from games.pax_romana.rules import RULES
from games.pax_romana.state import City, PRState
from tests.pax_romana_support import act, blank, choices, dice, hold


def _play(s: PRState, kind: int, power: str = "rome") -> PRState:
    """The card leaves the hand and its effect runs (the registry's contract)."""
    s.discard.append(kind)
    rule(kind).play(s, power, {})
    run(s)
    return RULES.copy(s)


def _adv() -> PRState:
    s = blank()
    s.options["advanced"] = True
    hold(s)
    return s


def _pergamum(s: PRState) -> None:
    """Scenario V's Pergamene armies (the data's placements)."""
    for sp, st in ind.pergamum_home(s).items():
        for kind, n in st.items():
            s.add(sp, "pergamum", kind, n)
    s.cities["pergamum"] = City(owner="pergamum", kind="city", fp=5)


# -- Alliance with Rhodes (2) -------------------------------------------------------------------
def test_17_2_alliance_with_rhodes_costs_3t_and_gives_its_navy() -> None:
    s = _adv()
    s.add("rhodes", "rhodes", "GS", 2)
    s.add("rhodes", "rhodes", "HI", 2)
    s.powers["rome"].treasury = 5
    s = _play(s, 2)
    assert s.powers["rome"].treasury == 2
    assert s.allied_independents == {"rhodes": "rome"}
    assert s.rhodes_user == "rome"
    assert s.card_effects["alliance_rhodes"] == {"galleys": 2}
    # §12.5.1: the ally sails through free; another Power pays its 1T to the ally
    assert rhodes_toll(s, "rome", "rhodes") == 0
    assert rhodes_toll(s, "carthage", "rhodes") == 1
    t = s.powers["carthage"].treasury
    pay_rhodes(s, "carthage", "rhodes")
    assert (s.powers["carthage"].treasury, s.powers["rome"].treasury) == (t - 1, 3)
    # Rhodes' HI stay Rhodian; the ally's army may stand with them (allied, §12.5)
    assert "rhodes" in friends_of(s, "rome")


def test_17_2_no_alliance_with_a_rhodes_a_power_holds() -> None:
    s = _adv()
    assert rule(2).can_play(s, "rome", {})
    s.add("rhodes", "carthage", "HI", 1)
    assert not rule(2).can_play(s, "rome", {})
    s.allied_independents["rhodes"] = "greece"          # but an alliance may be broken
    assert rule(2).can_play(s, "rome", {})


def test_17_2_alliance_with_rhodes_without_3t_has_no_effect() -> None:
    s = _adv()
    s.add("rhodes", "rhodes", "GS", 2)
    s.powers["rome"].treasury = 2
    s = _play(s, 2)
    assert s.allied_independents == {}
    assert s.powers["rome"].treasury == 2


def test_17_2_alliance_with_rhodes_breaks_an_existing_one() -> None:
    s = _adv()
    s.add("rhodes", "rhodes", "GS", 2)
    s.powers["rome"].treasury = 5
    s = _play(s, 2, "rome")
    t = s.powers["carthage"].treasury
    s = _play(s, 2, "carthage")
    assert s.allied_independents == {}
    assert s.rhodes_user is None
    assert s.powers["carthage"].treasury == t          # breaking costs nothing


def test_17_2_lost_rhodian_galleys_replaced_at_2t_in_the_manpower_phase() -> None:
    s = _adv()
    s.add("rhodes", "rhodes", "GS", 2)
    s.powers["rome"].treasury = 3
    s = _play(s, 2)
    s.remove("rhodes", "rhodes", "GS", 2)
    s.powers["rome"].treasury = 3                       # pays for one of the two
    from games.pax_romana.economy import manpower_phase
    s.flow = []
    manpower_phase(s)
    assert s.stack("rhodes", "rhodes") == {"GS": 1}
    assert s.powers["rome"].treasury == 1


def test_12_5_1_advanced_rhodes_navy_only_by_the_card() -> None:
    """The Standard Game's 2 galleys for the Power controlling Rhodes do not apply in the
    Advanced Game: its user is its ally, and nothing is replenished."""
    s = _adv()
    s.add("rhodes", "rome", "HI", 1)
    rhodes_navy(s)
    assert s.rhodes_user is None and s.stack("rhodes", "rhodes") == {}
    s.allied_independents["rhodes"] = "carthage"
    rhodes_navy(s)
    assert s.rhodes_user == "carthage"


# -- Alliance with Pergamum (3) -----------------------------------------------------------------
def test_17_2_alliance_with_pergamum_its_armies_friendly_and_commanded() -> None:
    s = _adv()
    _pergamum(s)
    s = _play(s, 3)
    assert s.allied_independents == {"pergamum": "rome"}
    assert "pergamum" in friends_of(s, "rome") and "rome" in friends_of(s, "pergamum")
    assert controller_of(s, "pergamum") == "rome"
    assert controller_of(s, "pergamum") != controller_of(s, "carthage")


def test_17_2_no_pergamene_units_no_event() -> None:
    s = _adv()
    s = _play(s, 3)
    assert s.allied_independents == {}


def test_17_2_no_control_of_pergamum_starting_spaces_5_4_1() -> None:
    """While allied, the Power never gains control of a space Pergamene armies occupied at the
    start, even alone there; elsewhere the allied army neither breaks nor gives control."""
    s = _adv()
    _pergamum(s)
    s = _play(s, 3)
    home = sorted(ind.pergamum_home(s))
    s.remove(home[0], "pergamum", "LI", 9)
    s.remove(home[0], "pergamum", "HI", 9)
    s.add(home[0], "rome", "LG", 1)
    assert space_controller(s, home[0]) is None
    s.add(home[1], "rome", "LG", 1)
    assert space_controller(s, home[1]) == "pergamum"
    s.add("nicaea", "rome", "LG", 1)
    s.add("nicaea", "pergamum", "LI", 1)
    assert space_controller(s, "nicaea") == "rome"
    s.allied_independents = {}
    assert space_controller(s, home[0]) == "rome"


def _expansion(s: PRState) -> PRState:
    push(s, "expansion", role="rome", majors=1, extra=0, minors=2)
    run(s)
    return RULES.copy(s)


def test_17_2_pergamene_major_move_and_its_leader_roll_5() -> None:
    s = _adv()
    _pergamum(s)
    s = _play(s, 3)
    assert "pergamum|pergamum" in other_armies(s, "rome")
    s = _expansion(s)
    s = act(s, "rome", "menu", "major")
    dice(s, 5, 3)                     # the leader roll, then the MP roll
    s = act(s, "rome", "from", "pergamum|pergamum")
    assert s.leaders["pergamum_attalus"].owner == "pergamum"
    assert s.leaders["pergamum_attalus"].at == "pergamum"
    move = s.flow[-1]
    assert (move["k"], move["owner"], move["leaders"]) == ("move_army",
                                                          "pergamum", ["pergamum_attalus"])
    assert s.card_effects["pergamum"]["leader"] == "pergamum_attalus"
    s = act(s, "rome", "stay")
    # §17.2: now the Minor Moves may move Pergamene units too
    s = act(s, "rome", "menu", "minor_move")
    assert ("from", "sardis|pergamum") in choices(s, "rome")
    s = act(s, "rome", "from", "sardis|pergamum")
    s = act(s, "rome", "unit", "HI")
    assert (s.flow[-1]["owner"], s.flow[-1]["units"], s.flow[-1]["minor"]) == (
        "pergamum", {"HI": 1}, True)


def test_17_2_no_pergamene_minor_moves_without_its_major_move() -> None:
    s = _adv()
    _pergamum(s)
    s.add("rome", "rome", "LG", 1)
    s = _play(s, 3)
    s = _expansion(s)
    s = act(s, "rome", "menu", "minor_move")
    assert not any(isinstance(a, str) and a.endswith("|pergamum") for _, a in choices(s, "rome"))


def test_17_2_pergamene_leader_roll_1_to_4_none_and_6_the_2_5_leader() -> None:
    s = _adv()
    _pergamum(s)
    s.allied_independents["pergamum"] = "rome"
    dice(s, 4)
    ind.pergamene_leader_roll(s, "rome")
    assert "pergamum_attalus" not in s.leaders and "pergamum_eumenes" not in s.leaders
    dice(s, 6)
    ind.pergamene_leader_roll(s, "rome")
    assert s.leaders["pergamum_eumenes"].at == "pergamum"
    # never rolled again, not replaced if killed
    del s.leaders["pergamum_eumenes"]
    dice(s, 5)
    ind.pergamene_leader_roll(s, "rome")
    assert "pergamum_attalus" not in s.leaders
    assert s.rng.scripted == ["5"]


def test_17_2_breaking_pergamum_sends_its_units_home() -> None:
    """The alliance broken: the units go back to their starting spaces; the survivors of a
    smaller army are spread evenly; with every starting space occupied they wait out of play
    until one is free (the designer's clarification)."""
    s = _adv()
    _pergamum(s)
    home = ind.pergamum_home(s)
    s = _play(s, 3, "rome")
    for sp in list(ind.pergamene_units(s)):
        for kind, n in dict(s.stack(sp, "pergamum")).items():
            s.remove(sp, "pergamum", kind, n)
    s.add("nicaea", "pergamum", "HI", 3)      # the survivors, somewhere else
    s.add("nicaea", "rome", "LG", 1)
    s = _play(s, 3, "carthage")
    assert s.allied_independents == {}
    got = {sp: dict(st) for sp, st in ind.pergamene_units(s).items()}
    assert sum(n for st in got.values() for n in st.values()) == 3
    assert set(got) <= set(home) and all(sum(st.values()) == 1 for st in got.values())
    assert "nicaea" not in got


def test_17_2_pergamum_out_of_play_until_a_starting_space_is_free() -> None:
    s = _adv()
    _pergamum(s)
    home = ind.pergamum_home(s)
    s = _play(s, 3, "rome")
    for sp in home:
        s.add(sp, "carthage", "LI", 1)
    s = _play(s, 3, "carthage")
    assert ind.pergamene_units(s) == {}
    assert sum(s.card_effects["pergamum"]["out"].values()) == sum(
        n for st in home.values() for n in st.values())
    s = _play(s, 3, "rome")                   # out of play: the card has no effect
    assert s.allied_independents == {}
    first = sorted(home)[0]
    s.remove(first, "carthage", "LI", 1)
    assert ind.return_pergamenes(s)
    assert list(ind.pergamene_units(s)) == [first]
    assert "out" not in s.card_effects["pergamum"]


# -- Alliance (1) --------------------------------------------------------------------------------
def test_17_2_alliance_card_breaks_an_alliance_with_rhodes_or_pergamum() -> None:
    s = _adv()
    _pergamum(s)
    s.allied_independents = {"pergamum": "carthage", "rhodes": "greece"}
    s = _play(s, 1, "rome")
    assert ("break", "pergamum") in choices(s, "rome")
    assert ("break", "rhodes") in choices(s, "rome")
    assert ("negotiate_with", "carthage") in choices(s, "rome")
    assert ("negotiate_with", "rome") not in choices(s, "rome")
    s = act(s, "rome", "break", "rhodes")
    assert s.allied_independents == {"pergamum": "carthage"}


# -- Pontus (27) ---------------------------------------------------------------------------------
def _pontus_spaces(s: PRState) -> list[str]:
    return ind.pontus_spaces(s)


def test_12_5_5_pontus_placed_and_its_am_in_the_pool() -> None:
    s = _adv()
    s.am_pool = {"rome": 1}
    spaces = _pontus_spaces(s)
    port = next(sp for sp in spaces if sp in ind.data().ports)
    inland = next(sp for sp in spaces if sp not in ind.data().ports)
    assert rule(27).can_play(s, "greece", {})
    s = _play(s, 27, "greece")
    assert s.card_effects["pontus"] == {"power": "greece"}
    assert s.am_pool == {"rome": 1, "pontus": 1}
    for _ in range(7):
        assert s.flow[-1]["k"] == "pontus_place"
        s = act(s, "greece", "place", inland)
    assert s.flow[-1]["left"] == ["GS"]
    assert {a for _, a in choices(s, "greece")} == {sp for sp in spaces if sp in ind.data().ports}
    s = act(s, "greece", "place", port)
    assert s.flow[-1]["k"] != "pontus_place"
    assert s.stack(inland, "pontus") == {"HI": 4, "LI": 2, "CV": 1}
    assert s.stack(port, "pontus") == {"GS": 1}
    assert controller_of(s, "pontus") == "greece"
    assert "greece" not in friends_of(s, "pontus")      # never stacks with his own units
    assert space_controller(s, inland) == "pontus"       # Independent: no control for him


def test_12_5_5_pontus_needs_an_unoccupied_space_and_its_galley_an_unoccupied_port() -> None:
    s = _adv()
    d = ind.data()
    spaces = _pontus_spaces(s)
    for sp in spaces:
        s.add(sp, "east", "LI", 1)
    assert not rule(27).can_play(s, "greece", {})
    inland = [sp for sp in spaces if sp not in d.ports]
    s.remove(inland[0], "east", "LI", 1)
    assert rule(27).can_play(s, "greece", {})
    s = _play(s, 27, "greece")
    for _ in range(7):
        s = act(s, "greece", "place", inland[0])
    # no unoccupied port: the galley is not placed
    assert s.flow[-1]["k"] != "pontus_place"
    assert s.count("pontus", {"GS"}) == 0


def test_12_5_5_the_pontus_am_moves_pontic_units_only_free() -> None:
    s = _adv()
    sp = _pontus_spaces(s)[0]
    s.add(sp, "pontus", "HI", 2)
    s.add(sp, "greece", "LI", 1)
    s.card_effects["pontus"] = {"power": "greece"}
    s.am_pool = {"pontus": 1}
    t = s.powers["greece"].treasury
    hand: list[Any] = list(s.hands.get("greece", []))
    push(s, "am_draw")
    run(s)
    s = RULES.copy(s)
    assert s.flow[-1]["k"] == "pontus_am" and s.flow[-1]["role"] == "greece"
    assert s.powers["greece"].treasury == t and s.hands.get("greece", []) == hand
    s = act(s, "greece", "menu", "major")
    dice(s, 2)
    s = act(s, "greece", "from", sp)
    assert (s.flow[-1]["k"], s.flow[-1]["owner"], s.flow[-1]["units"]) == (
        "move_army", "pontus", {"HI": 2})
    assert s.flow[-1]["leaders"] == []
    assert "greece" not in s.am_track                    # the Pontus AM is not his own AM


def test_12_5_5_pontus_am_back_each_turn_while_a_pontic_lcu_is_on_the_map() -> None:
    s = _adv()
    sp = _pontus_spaces(s)[0]
    s.card_effects["pontus"] = {"power": "greece"}
    s.add(sp, "pontus", "LI", 1)
    s.flow = []
    activation_phase(s)
    assert s.am_pool.get("pontus") == 1
    s.remove(sp, "pontus", "LI", 1)
    s.add(sp, "pontus", "GS", 1)
    ind.pontus_check(s)
    assert "pontus" not in s.card_effects and "pontus" not in s.am_pool
    assert s.count("pontus", {"GS"}) == 0


def test_4_2_alliance_card_negotiates_with_exactly_one_player() -> None:
    """§4.2: the Alliance card opens the negotiation of §4.3 with one other player only; an
    alliance agreed there holds as the Standard Game's (§4.3.1)."""
    s = _adv()
    s = _play(s, 1, "rome")
    s = act(s, "rome", "negotiate_with", "carthage")
    assert s.flow[-1]["k"] == "negotiate" and s.flow[-1]["invited"] == ["carthage"]
    options = choices(s, "rome")
    assert not any(verb == "invite" for verb, _ in options)
    assert ("ally", "carthage") in options and ("give_to", "carthage") in options
    s = act(s, "rome", "ally", "carthage")
    s = act(s, "carthage", "accept")
    assert s.alliances == [["rome", "carthage"]]
    assert "carthage" in friends_of(s, "rome")
    s = act(s, "rome", "end")
    assert all(f["k"] != "negotiate" for f in s.flow)


def test_12_5_4_allied_pergamenes_withdraw_and_retreat_at_their_allys_word() -> None:
    """Unless allied, Pergamene units never withdraw or retreat (§12.5.4); allied, their ally
    decides as for his own army."""
    from games.pax_romana import battle
    from games.pax_romana.movement import may_withdraw
    s = _adv()
    assert battle.standfast(s, "pergamum") and not may_withdraw(s, "pergamum")
    s.add("celaenae", "carthage", "HI", 4)
    s.add("sardis", "pergamum", "LI", 3)
    s.allied_independents["pergamum"] = "rome"
    assert not battle.standfast(s, "pergamum") and may_withdraw(s, "pergamum")
    push(s, "move_army", role="carthage", owner="carthage", start="celaenae",
         units={"HI": 4}, leaders=[], minor=False)
    run(s)
    s = RULES.copy(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "sardis")
    assert s.flow[-1]["k"] == "withdraw" and s.flow[-1]["role"] == "rome"
    dice(s, 5, 2)                     # 12 BP against 3: the Pergamenes lose
    s = act(s, "rome", "stand")
    s = act(s, "carthage", "done")
    assert s.flow[-1]["k"] == "retreat" and s.flow[-1]["role"] == "rome"


def test_12_5_5_pontus_never_stacks_with_its_players_army() -> None:
    """Neither the Pontic army nor its player's own enters a space the other holds; another
    Power's army attacks Pontus as any Independent."""
    from games.pax_romana.movement import destinations
    s = _adv()
    s.card_effects["pontus"] = {"power": "greece"}
    s.add("amasia", "pontus", "HI", 2)
    s.add("amisus", "greece", "HI", 1)
    s.add("sebastia", "east", "LI", 1)
    s.add("tavium", "greece", "LI", 1)
    f = {"owner": "pontus", "role": "greece", "start": "amasia", "at": "amasia",
         "path": ["amasia"], "units": {"HI": 2}, "mp": 6}
    assert [sp for sp, _ in destinations(s, f)] == ["sebastia"]
    g = {"owner": "greece", "role": "greece", "start": "amisus", "at": "amisus",
         "path": ["amisus"], "units": {"HI": 1}, "mp": 6}
    assert "amasia" not in [sp for sp, _ in destinations(s, g)]
    e = {"owner": "east", "role": "east", "start": "sebastia", "at": "sebastia",
         "path": ["sebastia"], "units": {"LI": 1}, "mp": 6}
    assert "amasia" in [sp for sp, _ in destinations(s, e)]


def test_17_2_the_alliances_with_independents_are_on_the_board() -> None:
    s = _adv()
    _pergamum(s)
    s = _play(s, 3, "east")
    board = RULES.view(s, None).board
    assert board["allied_independents"] == {"pergamum": "east"}
    assert RULES.view(s, "rome").board["allied_independents"] == {"pergamum": "east"}


def test_17_2_pergamenes_may_take_their_allys_losses() -> None:
    """When allocating his losses the ally may destroy Pergamene units instead of his own, BP
    for BP (§17.2), where they fight together."""
    s = _adv()
    s.allied_independents["pergamum"] = "rome"
    s.add("celaenae", "carthage", "HI", 4)
    s.add("sardis", "rome", "LI", 1)
    s.add("sardis", "pergamum", "LI", 2)
    push(s, "move_army", role="carthage", owner="carthage", start="celaenae",
         units={"HI": 4}, leaders=[], minor=False)
    run(s)
    s = RULES.copy(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "sardis")
    dice(s, 6, 1)                     # 12 BP against 3; the defenders lose 60%+
    while s.flow[-1]["k"] != "allocate_losses" or s.flow[-1]["role"] != "rome":
        who = s.flow[-1]["role"]
        options = choices(s, who)
        pick = next((c for c in options if c[0] in ("stand", "done")), options[0])
        s = act(s, who, *pick)
    assert ("loss", "pergamum|kill|LI") in choices(s, "rome")
    s = act(s, "rome", "loss", "pergamum|kill|LI")
    assert s.stack("sardis", "pergamum").get("LI", 0) == 1


def test_17_1_5_alliance_with_pergamum_played_in_the_card_segment() -> None:
    """Through the Card Segment (§17.1.3): the AM paid, a card drawn, the held Alliance with
    Pergamum played from the hand."""
    s = blank(advanced=True)
    _pergamum(s)
    s.hands = {"rome": [3]}
    s.deck = [38]
    hold(s)
    push(s, "am", role="rome", free=False)
    run(s)
    s = RULES.copy(s)
    s = act(s, "rome", "pay", 1)
    while s.flow[-1]["k"] != "card_segment":
        who = s.flow[-1]["role"]
        s = act(s, who, *choices(s, who)[0])
    assert ("play", 3) in choices(s, "rome")
    s = act(s, "rome", "play", 3)
    assert s.allied_independents == {"pergamum": "rome"}
    assert 3 in s.discard and s.hands["rome"] == [38]


# -- cards changing hands in the Alliance card's negotiation (§4.3.1) ----------------------------
def _negotiating(hands: dict[str, list[int]]) -> PRState:
    s = _adv()
    s.hands = {p: list(h) for p, h in hands.items()}
    s = _play(s, 1, "rome")
    return act(s, "rome", "negotiate_with", "carthage")


def _log_lines(s: PRState, role: str | None) -> str:
    return " | ".join(line.text for line in RULES.view(s, role).log)


def test_4_3_1_a_card_offered_in_the_negotiation_reaches_only_the_two_parties() -> None:
    """§4.3.1: a party offers a card of his hand; the other confirms; the card's name reaches
    the two parties only, the public log says "a card", the hand sizes change publicly."""
    s = _negotiating({"rome": [5, 33], "carthage": [], "greece": [], "east": []})
    s = act(s, "rome", "give_to", "carthage")
    assert ("kind", "card") in choices(s, "rome")
    s = act(s, "rome", "kind", "card")
    offered = RULES.view(s, "rome").actions
    assert [(c.verb, c.arg) for c in offered][:2] == [("asset", 5), ("asset", 33)]
    assert all(c.secret for c in offered if c.verb == "asset")
    s = act(s, "rome", "asset", 33)
    assert s.flow[-1]["k"] == "card_deal" and s.flow[-1]["role"] == "carthage"
    from games.pax_romana.texts import TEXTS
    name = TEXTS["en"]["card.33"]
    assert name in RULES.view(s, "carthage").prompt and name in RULES.view(s, "rome").prompt
    assert name not in RULES.view(s, "greece").prompt and name not in RULES.view(s, None).prompt
    s = act(s, "carthage", "accept")
    assert s.hands == {"rome": [5], "carthage": [33], "greece": [], "east": []}
    assert RULES.view(s, None).board["cards"]["hands"] == {"rome": 1, "carthage": 1,
                                                            "greece": 0, "east": 0}
    card = RULES.view(s, "carthage").log[-1].text
    assert card not in _log_lines(s, "greece") and card not in _log_lines(s, None)
    assert "a card" in _log_lines(s, None)
    assert s.flow[-1]["k"] == "negotiate"          # the negotiation goes on


def test_4_3_1_a_card_asked_for_is_picked_or_refused_by_its_holder() -> None:
    """§4.3.1: asking the other party for a card, its holder picks which one, or refuses."""
    s = _negotiating({"rome": [], "carthage": [7, 12], "greece": [], "east": []})
    s = act(s, "rome", "ask_from", "carthage")
    s = act(s, "rome", "kind", "card")
    assert choices(s, "rome")[0] == ("asset", 0)
    s = act(s, "rome", "asset", 0)
    assert choices(s, "carthage") == [("give", 7), ("give", 12), ("refuse", None)]
    s = act(s, "carthage", "refuse")
    assert s.hands["carthage"] == [7, 12] and s.hands["rome"] == []
    s = act(s, "rome", "ask_from", "carthage")
    s = act(s, "rome", "kind", "card")
    s = act(s, "rome", "asset", 0)
    s = act(s, "carthage", "give", 12)
    assert s.hands["carthage"] == [7] and s.hands["rome"] == [12]


def test_4_3_1_no_card_deals_without_cards_or_in_the_standard_game() -> None:
    from games.pax_romana.negotiation import _assets
    s = _negotiating({"rome": [], "carthage": [], "greece": [], "east": []})
    s = act(s, "rome", "give_to", "carthage")
    assert ("kind", "card") not in choices(s, "rome")
    s.options["advanced"] = False
    s.hands["rome"] = [5]
    assert _assets(s, "rome", "card", "carthage", "rome") == []


def test_17_2_allied_pergamenes_intercept_for_their_ally_9_3() -> None:
    """§17.2 ("use all Pergamene armies as his own"): a Pergamene army next to the space an
    enemy enters may intercept at its ally's word (§9.3), from Pergamum's own city +3."""
    from games.pax_romana import battle
    s = _adv()
    s.add("celaenae", "carthage", "HI", 2)
    s.add("pergamum", "pergamum", "HI", 2)
    s.cities["pergamum"] = City(owner="pergamum", kind="city", fp=5)
    push(s, "move_army", role="carthage", owner="carthage", start="celaenae",
         units={"HI": 2}, leaders=[], minor=False)
    run(s)
    s = RULES.copy(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "sardis")
    assert s.flow[-1]["k"] == "move_army"           # not allied: nobody is asked
    s.allied_independents["pergamum"] = "rome"
    s = act(s, "carthage", "to", "ephesus")
    assert s.flow[-1]["k"] == "move_army"           # Ephesus: no Pergamene army next to it
    s = act(s, "carthage", "to", "sardis")
    assert s.flow[-1]["k"] == "intercept" and s.flow[-1]["role"] == "rome"
    assert choices(s, "rome") == [("intercept", "pergamum|pergamum"), ("let_pass", None)]
    dice(s, 4, 5)                       # 9 + 3 from its own City: 12, intercepted
    s = act(s, "rome", "intercept", "pergamum|pergamum")
    b = battle.battle_frame(s)
    assert b is not None and (b["att"], b["att_role"], b["dfd"]) == ("pergamum", "rome", "carthage")
    assert s.stack("sardis", "pergamum") == {"HI": 2} and s.stack("pergamum", "pergamum") == {}


def test_12_5_5_the_pontic_galley_moves_in_the_pontus_am() -> None:
    """§12.5.5: the Pontus AM moves Pontic units only, the kingdom's galley among them: a fleet
    as the Major Move or one galley as a Minor Move (§11.1); the player's galleys are its
    friends, never its enemy."""
    s = _adv()
    port = ind.pontus_spaces(s, galley=True)[0]
    s.add(port, "pontus", "GS", 1)
    s.add(port, "greece", "GS", 1)
    land = next(sp for sp in ind.pontus_spaces(s) if sp != port)
    s.add(land, "pontus", "HI", 1)
    s.card_effects["pontus"] = {"power": "greece"}
    s.am_pool = {"pontus": 1}
    push(s, "am_draw")
    run(s)
    s = RULES.copy(s)
    s = act(s, "greece", "menu", "minor")
    assert choices(s, "greece") == [("unit", f"{land}|HI"), ("fleet", port), ("back", None)]
    s = act(s, "greece", "fleet", port)
    f = s.flow[-1]
    assert (f["k"], f["owner"], f["n"], f["minor"]) == ("move_fleet", "pontus", 1, True)
    s = act(s, "greece", "sail")
    assert s.flow[-1]["k"] == "move_fleet"            # no battle with the player's galley
    s = act(s, "greece", "to", "ntp_propontis")
    s = act(s, "greece", "stop")
    assert s.stack("ntp_propontis", "pontus") == {"GS": 1} and s.stack(port, "greece") == {"GS": 1}
    assert s.flow[-1]["k"] == "pontus_am" and s.flow[-1]["minors"] == 1
    assert ind.pontic_fleets(s) == []                 # Finished for this Activation


def test_17_2_pergamenes_combined_with_their_allys_army_move_as_one() -> None:
    """§17.2 ("combining them with any of his armies"): the ally's Major Move takes the
    Pergamenes where his army stands along, and picks up more on the way (1 MP, §9.2.1); they
    move as one army. It is his Major Move for a Pergamene army: the leader roll, and his Minor
    Moves may then move Pergamene units."""
    s = _adv()
    s.add("sardis", "rome", "LG", 2)
    s.add("sardis", "pergamum", "HI", 1)
    s.add("ephesus", "pergamum", "LI", 1)
    s.allied_independents["pergamum"] = "rome"
    s = _expansion(s)
    s = act(s, "rome", "menu", "major")
    s = act(s, "rome", "from", "sardis|rome")
    assert ("combine", "pergamum") in choices(s, "rome")
    dice(s, 2, 3)                       # the leader roll (none), then the MP roll
    s = act(s, "rome", "combine", "pergamum")
    move = s.flow[-1]
    assert move["with"] == {"pergamum": {"HI": 1}} and ("combine", "pergamum") not in choices(
        s, "rome")
    assert "leader" not in s.card_effects.get("pergamum", {})
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "ephesus")
    assert ("pick_up_with", "pergamum") in choices(s, "rome")
    assert ("embark", None) not in choices(s, "rome")
    s = act(s, "rome", "pick_up_with", "pergamum")
    assert s.flow[-1]["mp"] == 1
    s = act(s, "rome", "to", "miletus")
    s = act(s, "rome", "stop")
    assert s.units == {"miletus": {"rome": {"LG": 2}, "pergamum": {"HI": 1, "LI": 1}}}
    exp = s.flow[-1]
    assert exp["k"] == "expansion" and exp.get("pergamene") is True


def test_17_2_a_pergamene_army_takes_its_allys_units_along() -> None:
    """§17.2: a Pergamene army's Major Move may take its ally's units where it stands."""
    s = _adv()
    s.add("sardis", "pergamum", "HI", 2)
    s.add("sardis", "rome", "LI", 1)
    s.allied_independents["pergamum"] = "rome"
    s.card_effects["pergamum"] = {"leader": "pergamum_attalus"}     # no more rolls
    s = _expansion(s)
    s = act(s, "rome", "menu", "major")
    s = act(s, "rome", "from", "sardis|pergamum")
    s = act(s, "rome", "combine", "rome")
    dice(s, 2)
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "ephesus")
    s = act(s, "rome", "stop")
    assert s.units == {"ephesus": {"pergamum": {"HI": 2}, "rome": {"LI": 1}}}


def test_17_2_joint_pergamene_army_goes_by_naval_transport_and_drops_partners_one_by_one() -> None:
    """§17.2 with §11.3: Rome's 2 LG and the Pergamenes' HI and LI in Ephesus, one army, embark
    (1 MP), sail to Samos (1 MP) and drop off the Pergamene LI there (0 MP, §11.3.2) as Rome
    could drop one of its own; the rest land in Samos."""
    s = _adv()
    s.add("ephesus", "rome", "LG", 2)
    s.add("ephesus", "pergamum", "HI", 1)
    s.add("ephesus", "pergamum", "LI", 1)
    s.allied_independents["pergamum"] = "rome"
    s = _expansion(s)
    s = act(s, "rome", "menu", "major")
    s = act(s, "rome", "from", "ephesus|rome")
    dice(s, 2, 6)                       # the leader roll (none), then the MP roll
    s = act(s, "rome", "combine", "pergamum")
    s = act(s, "rome", "go")
    assert ("embark", None) in choices(s, "rome")
    s = act(s, "rome", "embark")
    dice(s, 6)                          # no naval disaster
    s = act(s, "rome", "sail_to", "samos")
    assert s.units["samos"] == {"rome": {"LG": 2}, "pergamum": {"HI": 1, "LI": 1}}
    drops = [a for v, a in choices(s, "rome") if v == "drop_at_sea"]
    assert drops == ["LG", "pergamum|HI", "pergamum|LI"]
    s = act(s, "rome", "drop_at_sea", "pergamum|LI")
    move = s.flow[-1]
    assert move["with"] == {"pergamum": {"HI": 1}} and move["units"] == {"LG": 2}
    assert s.moved["samos|pergamum"] == {"LI": 1}


def test_17_2_allys_army_and_pergamenes_in_one_space_intercept_together_9_3() -> None:
    """§17.2 ("combining them with any of his armies") with §9.3: Rome's 2 LG and the 2
    Pergamene HI in Pergamum intercept Carthage entering Sardis as one army, in one roll with the
    better modifier (Pergamum's own City, +3): 4 + 5 + 3 = 12, both go in and attack."""
    from games.pax_romana import battle
    s = _adv()
    s.add("celaenae", "carthage", "HI", 2)
    s.add("pergamum", "pergamum", "HI", 2)
    s.add("pergamum", "rome", "LG", 2)
    s.cities["pergamum"] = City(owner="pergamum", kind="city", fp=5)
    s.allied_independents["pergamum"] = "rome"
    push(s, "move_army", role="carthage", owner="carthage", start="celaenae",
         units={"HI": 2}, leaders=[], minor=False)
    run(s)
    s = RULES.copy(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "sardis")
    assert choices(s, "rome") == [("intercept", "pergamum"), ("intercept", "pergamum|pergamum"),
                                  ("intercept", "pergamum|joint"), ("let_pass", None)]
    dice(s, 4, 5)
    s = act(s, "rome", "intercept", "pergamum|joint")
    b = battle.battle_frame(s)
    assert (b["att"], b["att_role"], b["dfd"]) == ("rome", "rome", "carthage")
    assert s.units["sardis"] == {"carthage": {"HI": 2}, "rome": {"LG": 2},
                                 "pergamum": {"HI": 2}}
    assert "pergamum" not in s.units                 # nothing left behind in Pergamum
    assert b["came_with"] == {"pergamum": {"HI": 2}}


def test_17_2_joint_pergamene_army_drops_a_partner_unit_on_land_9_2_1() -> None:
    """§17.2 with §9.2.1: Rome's 2 LG with a Pergamene HI march from Sardis to Ephesus and drop
    the Pergamene HI there (0 MP), as Rome could drop one of its own; the LG go on alone."""
    s = _adv()
    s.add("sardis", "rome", "LG", 2)
    s.add("sardis", "pergamum", "HI", 1)
    s.allied_independents["pergamum"] = "rome"
    s = _expansion(s)
    s = act(s, "rome", "menu", "major")
    s = act(s, "rome", "from", "sardis|rome")
    dice(s, 2, 4)                       # the leader roll (none), then the MP roll
    s = act(s, "rome", "combine", "pergamum")
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "ephesus")
    assert ("drop", "pergamum|HI") in choices(s, "rome")
    s = act(s, "rome", "drop", "pergamum|HI")
    assert "with" not in s.flow[-1] or s.flow[-1]["with"] == {}
    s = act(s, "rome", "to", "miletus")
    assert s.units["ephesus"] == {"pergamum": {"HI": 1}}
    assert s.units["miletus"] == {"rome": {"LG": 2}}


def test_17_2_joint_interceptors_beaten_regroup_together_9_3_4() -> None:
    """§17.2 with §9.3.4, §10.7.7: Rome's 2 LG and 2 Pergamene HI intercept Carthage's 8 HI in
    Sardis together (4 + 5 + 3) and lose (Rome 1, Carthage 6); Rome gives its 2 LG as losses;
    the Pergamenes go back to Pergamum with the interceptors, not left in Sardis."""
    s = _adv()
    s.add("celaenae", "carthage", "HI", 8)
    s.add("pergamum", "pergamum", "HI", 2)
    s.add("pergamum", "rome", "LG", 2)
    s.cities["pergamum"] = City(owner="pergamum", kind="city", fp=5)
    s.allied_independents["pergamum"] = "rome"
    push(s, "move_army", role="carthage", owner="carthage", start="celaenae",
         units={"HI": 8}, leaders=[], minor=False)
    run(s)
    s = RULES.copy(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "sardis")
    dice(s, 4, 5, 1, 6)                 # the interception roll, then Rome 1, Carthage 6
    s = act(s, "rome", "intercept", "pergamum|joint")
    s = act(s, "carthage", "done")
    while s.flow[-1]["k"] == "allocate_losses":
        who = s.flow[-1]["role"]
        s = act(s, who, "loss", {"rome": "rome|kill|LG", "carthage": "carthage|kill|HI"}[who])
    assert s.flow[-1]["k"] == "move_army"
    assert s.units["pergamum"] == {"pergamum": {"HI": 2}}
    assert s.units["sardis"] == {"carthage": {"HI": 7}}


def _joint_army_at_sea(s: PRState, port: str, galleys: int, **units: int) -> PRState:
    """Rome's units (``LG=2``) and the Pergamene units (``p_HI=1``) at ``port``, one army of
    Rome's Major Move (the leader roll 2: none; the MP roll 6), embarked with Rome's galleys."""
    for key, n in units.items():
        owner, kind = ("pergamum", key[2:]) if key.startswith("p_") else ("rome", key)
        s.add(port, owner, kind, n)
    s.add(port, "rome", "GS", galleys)
    s.allied_independents["pergamum"] = "rome"
    s = _expansion(s)
    s = act(s, "rome", "menu", "major")
    s = act(s, "rome", "from", f"{port}|rome")
    dice(s, 2, 6)
    s = act(s, "rome", "combine", "pergamum")
    s = act(s, "rome", "go")
    return act(s, "rome", "embark")


def test_17_2_card_3_joint_army_shares_a_storms_losses_11_2_1() -> None:
    """Card 3, Alliance with Pergamum (§17.2: for each of his BP lost the ally may destroy as
    many Pergamenes instead) with §11.2.1: Rome's 2 LG and the Pergamenes' HI and LI sail from
    Rome into the Tyrrhenian DSTP; a Storm (5) sinks 2 of the 3 galleys (2) and 2 BP of the
    army: Rome chooses them among both sides' units, here the Pergamene LI (1 BP) and then a
    weakened Pergamene HI (2 BP); his Legions are untouched."""
    from games.core.text import render
    from games.pax_romana.texts import TEXTS
    s = _joint_army_at_sea(_adv(), "rome", 3, LG=2, p_HI=1, p_LI=1)
    dice(s, 5, 2)                       # the disaster roll: Storm; the galleys lost
    s = act(s, "rome", "sail_to", "dstp_mare_tyrrhenum")
    f = s.flow[-1]
    assert (f["k"], f["role"], f["need"]) == ("joint_sea_loss", "rome", 2)
    assert choices(s, "rome") == [("loss", "rome|kill|LG"), ("loss", "rome|weaken|LG"),
                                  ("loss", "pergamum|kill|LI"), ("loss", "pergamum|kill|HI"),
                                  ("loss", "pergamum|weaken|HI")]
    view = RULES.view(s, "rome")
    assert render(view.prompt_msg, "en", TEXTS) == (
        "Rome: your army and Pergamum's aboard at Mare Tyrrhenum (open sea) lose at least 2 BP "
        "more: whose units?")
    assert render(view.prompt_msg, "ru", TEXTS) == (
        "Рим: ваша армия и армия (Пергам) на кораблях в Тирренском море (открытое море) "
        "теряют ещё не меньше 2 ОБ: чьи отряды?")
    assert [c.label for c in view.actions][2:4] == ["Lose a Light Infantry of Pergamum",
                                                    "Lose a Heavy Infantry of Pergamum"]
    s = act(s, "rome", "loss", "pergamum|kill|LI")
    assert s.flow[-1]["need"] == 1
    s = act(s, "rome", "loss", "pergamum|weaken|HI")
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["at"] == "dstp_mare_tyrrhenum"
    assert s.units["dstp_mare_tyrrhenum"] == {"rome": {"LG": 2, "GS": 1},
                                              "pergamum": {"wHI": 1}}
    assert move["units"] == {"LG": 2} and move["with"] == {"pergamum": {"wHI": 1}}
    assert move["sea"]["galleys"] == 1 and move["sea"]["stopped"] is True


def test_17_2_card_3_joint_army_shares_a_naval_battles_losses_11_4_6() -> None:
    """Card 3, Alliance with Pergamum (§17.2) with §11.4.6: Rome's LG and a Pergamene LI sail
    from Rome with 2 galleys into Pisae, where Carthage's galley fights them. Rome 1 + 4 beats
    Carthage 1 + 2 and sinks it, but loses a galley on its odd roll: 2 BP of the army. Rome
    may not lose his own last Legion while a Pergamene LCU is aboard: the Pergamene LI goes
    first (1 BP), then the Legion is weakened (2 BP); the winner Stops with +2 to Continuation."""
    from games.pax_romana.naval import continuation_row
    s = _joint_army_at_sea(_adv(), "rome", 2, LG=1, p_LI=1)
    s.add("pisae", "carthage", "GS", 1)
    s = act(s, "rome", "sail_to", "pisae")
    assert s.flow[-1]["k"] == "naval_contact" and s.flow[-1]["role"] == "carthage"
    dice(s, 1, 1, 1)                    # Rome's roll, Carthage's, the winner's loss roll (odd)
    s = act(s, "carthage", "fight")
    f = s.flow[-1]
    assert (f["k"], f["role"], f["need"]) == ("joint_sea_loss", "rome", 2)
    assert s.stack("pisae", "carthage") == {} and s.stack("pisae", "rome")["GS"] == 1
    assert choices(s, "rome") == [("loss", "rome|weaken|LG"), ("loss", "pergamum|kill|LI")]
    s = act(s, "rome", "loss", "pergamum|kill|LI")
    assert choices(s, "rome") == [("loss", "rome|kill|LG"), ("loss", "rome|weaken|LG")]
    s = act(s, "rome", "loss", "rome|weaken|LG")
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["at"] == "pisae"
    assert s.units["pisae"] == {"rome": {"wLG": 1, "GS": 1}}
    assert move["units"] == {"wLG": 1} and move["with"] == {}
    assert move["sea"]["galleys"] == 1 and move["sea"]["stopped"] is True
    assert move["sea"]["drm"] == continuation_row("fleet won a naval battle")
    said = [e.msg for e in s.log if e.msg.key == "log.transport_losses"]
    assert [(m.args["power"], m.args["n"]) for m in said] == [("@power.rome", 2)]


def test_17_2_card_3_joint_army_beaten_at_sea_takes_its_losses_then_makes_for_port_11_4_4(
        ) -> None:
    """Card 3 (§17.2) with §11.4.4 and §11.4.6: Rome 1 + 6 against Carthage's 2 galleys 6 + 4:
    Rome loses 2 of its 3 galleys (the difference 3, rounded up to whole galleys), so 4 BP of
    the army, which Rome takes as the Pergamene LI and one of his Legions; then the beaten
    transport makes for the nearest friendly port, Genua, where the army must land."""
    s = _joint_army_at_sea(_adv(), "rome", 3, LG=2, p_LI=1)
    s.add("pisae", "carthage", "GS", 2)
    s = act(s, "rome", "sail_to", "pisae")
    dice(s, 1, 6, 2)                    # Rome's roll, Carthage's, the winner's loss roll (even)
    s = act(s, "carthage", "fight")
    assert (s.flow[-1]["k"], s.flow[-1]["need"]) == ("joint_sea_loss", 4)
    s = act(s, "rome", "loss", "pergamum|kill|LI")
    s = act(s, "rome", "loss", "rome|kill|LG")
    move = s.flow[-1]
    assert (move["k"], move["at"], move["units"], move["with"]) == ("move_army", "genua",
                                                                     {"LG": 1}, {})
    assert move["sea"]["galleys"] == 1 and move["sea"]["must_land"] is True
    assert s.units["pisae"] == {"carthage": {"GS": 2}} and "pergamum" not in s.units["genua"]
    assert choices(s, "rome") == [("land", None)]
