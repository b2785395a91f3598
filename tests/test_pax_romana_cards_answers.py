"""The cards that answer another player's action or change battles (§17.2), with scripted dice:
Ambush, The Archimedes Effect, Conqueror, Cunctator, Deus ex Machina, the Galley Techs, Naval
Ambush (ambiguity A6), The Poliorcetes Effect, Spies, Tactical Surprise and Traitor."""

from __future__ import annotations

from typing import Any

from games.pax_romana import naval, stability
from games.pax_romana.cards import hooks, windows
from games.pax_romana.cards.answers import card_shifts
from games.pax_romana.cards.registry import rule
from games.pax_romana.flow import push, run
from games.pax_romana.movement import shift_army
from games.pax_romana.rules import RULES as GAME
from games.pax_romana.state import City, LeaderState, PRState
from tests.pax_romana_support import act, blank, choices, dice, fresh, hold

AMBUSH, ARCHIMEDES, CONQUEROR, CUNCTATOR, DEUS = 4, 5, 10, 12, 13
NAVAL_AMBUSH, POLIORCETES, SPIES, SURPRISE, TRAITOR = 24, 26, 33, 37, 38


def _game(**options: Any) -> PRState:
    s = blank("V", advanced=True, card_play_window="answers_only", **options)
    for p in s.powers.values():
        p.treasury = 10
    s.hands = {p: [] for p in s.roles}
    s.deck, s.discard, s.removed_cards = [], [], []
    return s


def _play(s: PRState, power: str, kind: int, ctx: dict[str, Any] | None = None) -> PRState:
    """``power`` plays ``kind`` from its hand (nobody else holds a card to answer)."""
    s.hands.setdefault(power, []).append(kind)
    hold(s, "east")
    windows.play_card(s, power, kind, ctx)
    s = fresh(s)
    run(s)
    return _pass(s)


def _pass(s: PRState) -> PRState:
    """Everyone asked in the window on top passes (a card played: Deus ex Machina)."""
    while s.flow and s.flow[-1]["k"] == "card_window":
        for role in list(s.flow[-1]["roles"]):
            if role not in s.flow[-1].get("answers", {}):
                s = act(s, role, "answer", 0)
    return s


def _battle(space: str, att: str, dfd: str, city: bool) -> dict[str, Any]:
    return {"k": "battle", "space": space, "att": att, "dfd": dfd, "att_role": att,
            "city": city, "came_from": None, "stage": "roll"}


# -- Ambush -----------------------------------------------------------------------------------------
def _march(s: PRState, power: str, start: str, units: dict[str, int]) -> PRState:
    for kind, n in units.items():
        s.add(start, power, kind, n)
    hold(s, "east")
    push(s, "move_army", role=power, owner=power, start=start, units=dict(units), leaders=[],
         minor=False)
    return fresh(s)


def test_ambush_destroys_half_a_die_of_bp_in_a_transit_point() -> None:
    """§17.2 Ambush: 1d6 halved, rounded up (5 -> 3 BP); Rome chooses the loss, one Legion."""
    s = _game()
    s.hands["carthage"] = [AMBUSH]
    s = _march(s, "rome", "tarsus", {"LG": 2})
    dice(s, 6)                                   # the MP roll
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "tp_issus")
    assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["roles"] == ["carthage"]
    assert choices(s, "carthage") == [("answer", AMBUSH), ("answer", 0)]
    dice(s, 5)
    s = act(s, "carthage", "answer", AMBUSH)
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["need"] == 3
    assert ("loss", "rome|kill|LG") in choices(s, "rome")
    s = act(s, "rome", "loss", "rome|kill|LG")
    assert s.stack("tp_issus", "rome") == {"LG": 1}
    move = next(f for f in s.flow if f["k"] == "move_army")
    assert move["units"] == {"LG": 1}
    assert s.discard == [AMBUSH]


def test_ambush_minimum_one_and_not_in_the_movers_home() -> None:
    """A roll of 1 still destroys 1 BP; never against an army in its own Home Territory."""
    s = _game()
    s.hands["carthage"] = [AMBUSH]
    s.add("tp_issus", "rome", "LI", 2)
    dice(s, 1)
    s = _play(s, "carthage", AMBUSH, {"space": "tp_issus", "owner": "rome", "mover": "rome"})
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["need"] == 1
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.stack("tp_issus", "rome") == {"LI": 1}
    s = _game()
    s.hands["carthage"] = [AMBUSH]
    ctx = {"space": "tp_zeugma", "owner": "east", "mover": "east"}
    assert not rule(AMBUSH).can_play(s, "carthage", ctx)
    assert windows.candidates(s, "enter_tp", "east", ctx) == []


# -- The Archimedes Effect and The Poliorcetes Effect -----------------------------------------------
def test_archimedes_gives_the_city_defender_two_shifts() -> None:
    s = _game()
    s.cities["syracuse"] = City(owner="greece", kind="city", fp=4)
    s = _play(s, "greece", ARCHIMEDES)
    assert choices(s, "greece") == [("pick", "syracuse")]
    s = act(s, "greece", "pick", "syracuse")
    assert s.card_effects["archimedes"] == ["syracuse"]
    out = {"rome": 0, "greece": 0}
    card_shifts(s, _battle("syracuse", "rome", "greece", city=True), out)
    assert out == {"rome": 0, "greece": 2}
    out = {"rome": 0, "greece": 0}
    card_shifts(s, _battle("syracuse", "rome", "greece", city=False), out)
    assert out == {"rome": 0, "greece": 0}


def test_poliorcetes_helepolis_once_against_a_city() -> None:
    """2T for a Helepolis with an army: 2 shifts when that army attacks a City, then gone."""
    s = _game()
    s.add("messana", "rome", "LG", 1)
    s = _play(s, "rome", POLIORCETES)
    assert s.powers["rome"].treasury == 8
    s = act(s, "rome", "pick", "messana")
    assert s.card_effects["helepolis"] == {"rome": "messana"}
    shift_army(s, "rome", {"LG": 1}, [], "messana", "syracuse")     # it goes with the army
    assert s.card_effects["helepolis"] == {"rome": "syracuse"}
    out = {"rome": 0, "greece": 0}
    card_shifts(s, _battle("syracuse", "rome", "greece", city=True), out)
    assert out == {"rome": 2, "greece": 0}
    assert s.card_effects["helepolis"] == {}
    out = {"rome": 0, "greece": 0}
    card_shifts(s, _battle("syracuse", "rome", "greece", city=True), out)
    assert out == {"rome": 0, "greece": 0}


def test_poliorcetes_helepolis_stays_with_the_bigger_part_of_the_army() -> None:
    """§17.2: the Helepolis is the army's; one Light Infantry sent off by a Minor Move leaves
    it with the Legions; the army marching on takes it along."""
    s = _game()
    s.add("messana", "rome", "LG", 2)
    s.add("messana", "rome", "LI", 1)
    s.card_effects["helepolis"] = {"rome": "messana"}
    shift_army(s, "rome", {"LI": 1}, [], "messana", "syracuse")
    assert s.card_effects["helepolis"] == {"rome": "messana"}
    shift_army(s, "rome", {"LG": 2}, [], "messana", "syracuse")
    assert s.card_effects["helepolis"] == {"rome": "syracuse"}


def _attacked_at_venusia() -> PRState:
    """Carthage's 4 HI march from Capua on Rome's 3 LI in Venusia, which hold a Helepolis."""
    s = _game()
    hold(s, "rome")
    s.add("capua", "carthage", "HI", 4)
    s.add("venusia", "rome", "LI", 3)
    s.card_effects["helepolis"] = {"rome": "venusia"}
    push(s, "move_army", role="carthage", owner="carthage", start="capua", units={"HI": 4},
         leaders=[], minor=False)
    s = fresh(s)
    run(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    return act(s, "carthage", "to", "venusia")


def test_poliorcetes_helepolis_withdraws_with_its_army() -> None:
    """§17.2 with §9.4: the army withdrawing before battle takes its Helepolis along."""
    s = _attacked_at_venusia()
    dice(s, 5)                                          # 5 MP to withdraw
    s = act(s, "rome", "withdraw")
    s = act(s, "rome", "withdraw_to", "barium")
    assert s.stack("barium", "rome") == {"LI": 3}
    assert s.card_effects["helepolis"] == {"rome": "barium"}


def test_poliorcetes_helepolis_retreats_with_its_army() -> None:
    """§17.2 with §10.7: the beaten army retreating takes its Helepolis along."""
    s = _attacked_at_venusia()
    dice(s, 5, 2)                                       # Carthage 5, Rome 2: Rome is beaten
    s = act(s, "rome", "stand")
    s = act(s, "carthage", "done")
    s = act(s, "rome", "retreat", "barium")
    while s.flow[-1]["k"] == "allocate_losses":
        who = s.flow[-1]["role"]
        s = act(s, who, "loss", {"rome": "rome|kill|LI", "carthage": "carthage|weaken|HI"}[who])
    assert s.stack("barium", "rome") == {"LI": 2}
    assert s.card_effects["helepolis"] == {"rome": "barium"}


# -- Conqueror and Cunctator ----------------------------------------------------------------------
def test_conqueror_at_the_start_of_an_expansion() -> None:
    """Played at the start of an Expansion with an Exceptional leader: a second Major Move
    (the frame's extra move); asked of the expanding Power alone."""
    s = _game()
    s.leaders["greece_10"] = LeaderState(owner="greece", at="athens")
    s.add("athens", "greece", "HI", 2)
    s.hands["greece"] = [CONQUEROR]
    s.hands["rome"] = [SPIES]
    s.deck = [SURPRISE]
    hold(s, "east")
    s.flow.append({"k": "am", "role": "greece", "free": False})
    s = fresh(s)
    run(s)
    s = act(s, "greece", "pay", 1)
    s = act(s, "greece", "keep")
    s = act(s, "greece", "action", "expansion")
    assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["roles"] == ["greece"]
    s = act(s, "greece", "answer", CONQUEROR)
    s = _pass(s)
    exp = s.flow[-1]
    assert exp["k"] == "expansion" and exp["extra"] == 1
    assert s.card_effects["conqueror"] == ["greece"]
    assert not rule(CUNCTATOR).can_play(s, "greece", {})


def test_cunctator_withdraws_again_without_stability_loss() -> None:
    s = _game()
    assert not hooks.unlimited_withdrawal(s, "greece")
    s = _play(s, "greece", CUNCTATOR)
    assert hooks.unlimited_withdrawal(s, "greece")
    before = s.powers["greece"].stability
    stability.withdrawal(s, "greece", "athens")
    assert s.powers["greece"].stability == before
    assert not rule(CONQUEROR).can_play(s, "greece", {})
    other = _game()
    before = other.powers["greece"].stability
    stability.withdrawal(other, "greece", "athens")
    assert other.powers["greece"].stability == before - 1


# -- Deus ex Machina ----------------------------------------------------------------------------
def test_deus_ex_machina_never_against_ones_own_card() -> None:
    s = _game()
    s.hands.update(rome=[DEUS, SPIES])
    ctx = {"kind": SPIES, "by": "rome"}
    assert windows.candidates(s, "card", "rome", ctx) == []
    s.hands["carthage"] = [CUNCTATOR]
    assert windows.candidates(s, "card", "rome", ctx) == ["carthage"]


# -- Galley Tech --------------------------------------------------------------------------------
def test_galley_tech_three_bp_until_the_end_of_the_turn() -> None:
    s = _game()
    assert naval.galley_bp(s, "carthage") == 2
    s = _play(s, "carthage", 19)
    assert naval.galley_bp(s, "carthage") == 3
    assert s.removed_cards == [19]


# -- Naval Ambush ---------------------------------------------------------------------------------
def _transport(s: PRState, galleys: int, units: dict[str, int] | None = None,
               leaders: tuple[str, ...] = (), **partner: dict[str, int]) -> None:
    """Rome's army (one Legion unless ``units``) come by Naval Transport from Catana into the
    port of Syracuse with ``galleys`` escorting; ``partner``: a Pergamene army aboard with it
    (§17.2, card 3)."""
    units = units or {"LG": 1}
    for kind, n in units.items():
        s.add("syracuse", "rome", kind, n)
    for lid in leaders:
        s.leaders[lid] = LeaderState(owner="rome", at="syracuse")
    for owner, st in partner.items():
        s.allied_independents[owner] = "rome"
        for kind, n in st.items():
            s.add("syracuse", owner, kind, n)
    if galleys:
        s.add("syracuse", "rome", "GS", galleys)
    s.flow.append({"k": "move_army", "role": "rome", "owner": "rome", "start": "rhegium",
                   "at": "syracuse", "stage": "sea", "units": dict(units),
                   "leaders": list(leaders), "mp": 3, "with": {o: dict(st) for o, st in
                                                               partner.items()},
                   "sea": {"galleys": galleys, "paid": True, "stopped": False,
                           "path": ["catana", "syracuse"]}})


ESCORTED = {"space": "syracuse", "owner": "rome", "mover": "rome", "escorted": True}


def test_naval_ambush_sinks_an_unescorted_transport() -> None:
    s = _game()
    s.add("messana", "carthage", "GS", 1)            # two sea links away
    _transport(s, 0)
    ctx = {"space": "syracuse", "owner": "rome", "mover": "rome", "escorted": False}
    assert rule(NAVAL_AMBUSH).can_play(s, "carthage", ctx)
    s = _play(s, "carthage", NAVAL_AMBUSH, ctx)
    assert s.stack("syracuse", "rome") == {}
    assert not any(f["k"] == "move_army" for f in s.flow)


def test_naval_ambush_escort_sunk_11_4_6_the_army_goes_down_with_its_leader() -> None:
    """Ambiguity A6 (the specification's reading) with §11.4.6: the escort fights the ambushing
    fleet as any transport's galleys do. Rome 1 + 2 galleys x 2 + 1 (leader) = 6 against
    Carthage 6 + 3 x 2 = 12: the escort loses ceil(6 / 2) = 3 galleys, all its 2, so the army
    is destroyed with its leader; Carthage rolls even and loses nothing, staying at Messana.
    With the option ``no_effect`` the card is not played against an escort."""
    s = _game()
    s.add("messana", "carthage", "GS", 3)
    _transport(s, 2, leaders=("rome_06",))
    dice(s, 1, 6, 2)                    # Rome's roll, Carthage's, the winner's loss roll
    s = _play(s, "carthage", NAVAL_AMBUSH, ESCORTED)
    assert s.stack("syracuse", "rome") == {} and "rome_06" not in s.leaders
    assert s.stack("messana", "carthage") == {"GS": 3}
    assert not any(f["k"] == "move_army" for f in s.flow)
    assert [e.msg.key for e in s.log[-3:]] == ["log.naval_ambush_escort", "log.naval_battle",
                                               "log.transport_lost"]
    other = _game(naval_ambush_escorted="no_effect")
    other.add("messana", "carthage", "GS", 3)
    _transport(other, 1)
    assert not rule(NAVAL_AMBUSH).can_play(other, "carthage", ESCORTED)


def test_naval_ambush_escort_loses_1_of_3_galleys_11_4_6_the_army_loses_2_bp() -> None:
    """A6 with §11.4.6 and §11.4.4: Rome 1 + 3 x 2 = 7 against Carthage 3 + 3 x 2 = 9: the
    escort loses one galley (the difference 2), so the army loses 2 BP, taken by the loss rules
    (§10.3.2: one Legion weakened); the beaten transport makes for the nearest friendly port,
    Croton, where the army must land. Carthage rolls even: no loss, and its fleet stays at
    Messana."""
    s = _game()
    s.add("messana", "carthage", "GS", 3)
    _transport(s, 3, {"LG": 2})
    dice(s, 1, 3, 2)
    s = _play(s, "carthage", NAVAL_AMBUSH, ESCORTED)
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["role"] == "rome"
    s = act(s, "rome", "loss", "rome|weaken|LG")
    assert s.stack("croton", "rome") == {"LG": 1, "wLG": 1, "GS": 2}
    assert s.stack("syracuse", "rome") == {} and s.stack("messana", "carthage") == {"GS": 3}
    m = s.flow[-1]
    assert (m["k"], m["at"], m["units"]) == ("move_army", "croton", {"LG": 1, "wLG": 1})
    assert m["sea"]["galleys"] == 2 and m["sea"]["must_land"]
    said = [e.msg for e in s.log if e.msg.key == "log.transport_losses"]
    assert [(x.args["power"], x.args["n"]) for x in said] == [("@power.rome", 2)]


def test_naval_ambush_escort_wins_11_4_4_no_land_loss_on_an_even_roll() -> None:
    """A6 with §11.4.4: Rome 6 + 3 x 2 = 12 against Carthage 5 + 3 x 2 = 11: Carthage loses a
    galley and its fleet stays at Messana (it never left); Rome's winner's roll is even, so
    neither galley nor land unit is lost, and the transport Stops with +2 to Continuation. On
    an odd roll the escort loses a galley and with it 2 BP of the army (§11.4.6)."""
    s = _game()
    s.add("messana", "carthage", "GS", 3)
    _transport(s, 3, {"LG": 2})
    dice(s, 6, 5, 4)
    s = _play(s, "carthage", NAVAL_AMBUSH, ESCORTED)
    assert s.stack("syracuse", "rome") == {"LG": 2, "GS": 3}
    assert s.stack("messana", "carthage") == {"GS": 2}
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["units"] == {"LG": 2} and m["sea"]["galleys"] == 3
    assert m["sea"]["stopped"] and m["sea"]["drm"] == naval.continuation_row(
        "fleet won a naval battle")
    assert not any(e.msg.key == "log.transport_losses" for e in s.log)
    s = _game()
    s.add("messana", "carthage", "GS", 3)
    _transport(s, 3, {"LG": 2})
    dice(s, 6, 5, 3)
    s = _play(s, "carthage", NAVAL_AMBUSH, ESCORTED)
    s = act(s, "rome", "loss", "rome|weaken|LG")
    assert s.stack("syracuse", "rome") == {"LG": 1, "wLG": 1, "GS": 2}


def test_naval_ambush_the_nearest_fleet_fights_the_escort() -> None:
    """A6: of Carthage's fleets at Croton (2 sea links, through the Ionian DSTP) and Melita (1),
    the nearer, Melita's 3 galleys, fights: Rome 6 + 2 = 8 against 1 + 3 x 2 = 7, and Melita's
    fleet loses one galley; Croton's is untouched."""
    s = _game()
    s.add("croton", "carthage", "GS", 1)
    s.add("melita", "carthage", "GS", 3)
    _transport(s, 1)
    dice(s, 6, 1, 2)
    s = _play(s, "carthage", NAVAL_AMBUSH, ESCORTED)
    said = next(e.msg for e in s.log if e.msg.key == "log.naval_ambush_escort")
    assert said.args["at"] == "@space.melita"
    assert s.stack("melita", "carthage") == {"GS": 2}
    assert s.stack("croton", "carthage") == {"GS": 1}
    assert s.stack("syracuse", "rome") == {"LG": 1, "GS": 1}


def test_naval_ambush_joint_pergamene_army_chooses_its_losses_17_2_11_4_6() -> None:
    """A6 with §11.4.6 and card 3 (§17.2): Rome's Legion and a Pergamene LI aboard 2 galleys.
    Rome 1 + 2 x 2 = 5 against Carthage 1 + 3 x 2 = 7: one galley lost, 2 BP of the army,
    which Rome chooses among both sides' units (``joint_sea_loss``): the Pergamene LI (1 BP),
    then his Legion weakened; then the beaten transport makes for Croton, where it must land."""
    s = _game()
    s.add("messana", "carthage", "GS", 3)
    _transport(s, 2, pergamum={"LI": 1})
    dice(s, 1, 1, 2)
    s = _play(s, "carthage", NAVAL_AMBUSH, ESCORTED)
    f = s.flow[-1]
    assert (f["k"], f["role"], f["need"]) == ("joint_sea_loss", "rome", 2)
    assert s.stack("syracuse", "rome") == {"LG": 1, "GS": 1}
    assert choices(s, "rome") == [("loss", "rome|weaken|LG"), ("loss", "pergamum|kill|LI")]
    s = act(s, "rome", "loss", "pergamum|kill|LI")
    s = act(s, "rome", "loss", "rome|weaken|LG")
    m = s.flow[-1]
    assert (m["k"], m["at"], m["units"], m["with"]) == ("move_army", "croton", {"wLG": 1}, {})
    assert s.units["croton"] == {"rome": {"wLG": 1, "GS": 1}} and "syracuse" not in s.units
    assert m["sea"]["must_land"]


def test_naval_ambush_range_and_path() -> None:
    """Within 3 sea links; the path may not pass a port holding others' galleys (A6, the
    specification's reading), or must (the printed word, as an option)."""
    ctx = {"space": "syracuse", "owner": "rome", "mover": "rome", "escorted": False}
    s = _game()
    s.add("syracuse", "rome", "LG", 1)
    s.add("messana", "carthage", "GS", 1)
    s.add("catana", "greece", "GS", 1)
    assert not rule(NAVAL_AMBUSH).can_play(s, "carthage", ctx)
    s = _game(naval_ambush_path="required")
    s.add("syracuse", "rome", "LG", 1)
    s.add("messana", "carthage", "GS", 1)
    s.add("catana", "greece", "GS", 1)
    assert rule(NAVAL_AMBUSH).can_play(s, "carthage", ctx)
    s = _game()
    s.add("syracuse", "rome", "LG", 1)
    assert not rule(NAVAL_AMBUSH).can_play(s, "carthage", ctx)     # no galleys at all
    s.add("messana", "carthage", "GS", 1)
    assert rule(NAVAL_AMBUSH).can_play(s, "carthage", ctx)
    s.remove("syracuse", "rome", "LG")
    assert not rule(NAVAL_AMBUSH).can_play(s, "carthage", ctx)     # the transport is gone


# -- Spies and Traitor ------------------------------------------------------------------------------
def test_spies_show_a_hand_to_the_player_alone() -> None:
    s = _game()
    s.hands["carthage"] = [AMBUSH, DEUS]
    s = _play(s, "rome", SPIES)
    s = act(s, "rome", "pick", "carthage")
    seen = GAME.view(s, "rome").private["cards"]["seen"]
    assert seen == [{"of": "carthage", "cards": [
        {"kind": AMBUSH, "name": "Ambush", "name_ru": "Засада"},
        {"kind": DEUS, "name": "Deus ex Machina", "name_ru": "Бог из машины"}]}]
    assert GAME.view(s, "greece").private["cards"]["seen"] == []
    assert "seen" not in GAME.view(s, "greece").board["cards"]["effects"]


def test_traitor_takes_a_card_at_random() -> None:
    s = _game()
    s.hands["carthage"] = [AMBUSH, DEUS]
    s = _play(s, "rome", TRAITOR)
    assert choices(s, "rome") == [("pick", "carthage")]
    s.rng.scripted.append(1)                   # the second card of the hand
    s = act(s, "rome", "pick", "carthage")
    assert s.hands["rome"] == [DEUS] and s.hands["carthage"] == [AMBUSH]
    seen = GAME.view(s, "rome").private["cards"]["seen"]
    assert seen == [{"of": "carthage", "took": {"kind": DEUS, "name": "Deus ex Machina",
                                                "name_ru": "Бог из машины"}}]


# -- Tactical Surprise --------------------------------------------------------------------------
def test_tactical_surprise_two_shifts_unless_the_defender_uses_a_city() -> None:
    s = _game()
    s.flow.append(_battle("messana", "rome", "carthage", city=False))
    s.flow.append({"k": "am", "role": "east", "free": False})
    s = _play(s, "carthage", SURPRISE, {"city": False})
    battle = next(f for f in s.flow if f["k"] == "battle")
    assert battle["card_shifts"] == {"carthage": 2}
    out = {"rome": 1, "carthage": 0}
    card_shifts(s, battle, out)
    assert out == {"rome": 1, "carthage": 2}
    assert not rule(SURPRISE).can_play(s, "rome", {"city": True})


def test_land_battle_window_asks_both_sides_only() -> None:
    s = _game()
    s.hands.update(rome=[SPIES], carthage=[AMBUSH], greece=[DEUS])
    f = _battle("messana", "rome", "carthage", city=False)
    ctx = {"sides": ["rome", "carthage"], "city": False}
    assert windows.candidates(s, "land_battle", "rome", ctx) == ["rome", "carthage"]
    hold(s)
    hooks.battle_begins(s, f)
    s = fresh(s)
    run(s)
    assert s.flow[-1]["k"] == "card_window"
    assert s.flow[-1]["roles"] == ["rome", "carthage"]


def test_tactical_surprise_in_a_battle_through_its_window() -> None:
    """Carthage's 12 BP attack Rome's 3 BP in Venusia: 4:1, 4 shifts to Carthage; Rome plays
    Tactical Surprise when the battle is about to be resolved (+2): net 2 shifts to Carthage
    with the rolls 5 and 2."""
    s = _game()
    s.hands["rome"] = [SURPRISE]
    hold(s, "rome")
    s.add("capua", "carthage", "HI", 4)
    s.add("venusia", "rome", "LI", 3)
    push(s, "move_army", role="carthage", owner="carthage", start="capua", units={"HI": 4},
         leaders=[], minor=False)
    s = fresh(s)
    run(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "venusia")
    s = act(s, "rome", "stand")
    assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["roles"] == ["rome"]
    assert choices(s, "rome") == [("answer", SURPRISE), ("answer", 0)]
    dice(s, 5, 2)
    s = act(s, "rome", "answer", SURPRISE)
    fight = next(f for f in s.flow if f["k"] == "battle")
    assert fight["card_shifts"] == {"rome": 2}
    assert fight["rolls"] == {"carthage": 5, "rome": 2}
    assert fight["net"] == ["carthage", 2]


def test_naval_ambush_through_its_window() -> None:
    """A Roman army sails unescorted from Catana into the port of Syracuse, two sea links from
    a Carthaginian galley at Messana: Carthage is asked, plays Naval Ambush, the army is lost
    and its move ends."""
    s = _game()
    s.hands["carthage"] = [NAVAL_AMBUSH]
    hold(s, "rome")
    s.add("catana", "rome", "LG", 1)
    s.add("messana", "carthage", "GS", 1)
    push(s, "move_army", role="rome", owner="rome", start="catana", units={"LG": 1},
         leaders=[], minor=False)
    s = fresh(s)
    run(s)
    dice(s, 6)
    s = act(s, "rome", "go")
    s = act(s, "rome", "embark")
    s = act(s, "rome", "sail_to", "syracuse")
    assert s.flow[-1]["k"] == "card_window" and s.flow[-1]["roles"] == ["carthage"]
    s = act(s, "carthage", "answer", NAVAL_AMBUSH)
    assert s.stack("syracuse", "rome") == {} and s.stack("catana", "rome") == {}
    assert not any(f["k"] == "move_army" for f in s.flow)
    assert s.discard == [NAVAL_AMBUSH]


def test_cunctator_offers_a_second_withdrawal_in_one_move() -> None:
    """§9.4.1 allows one withdrawal a move; with Cunctator Rome is offered another."""
    for played, offered in ((False, False), (True, True)):
        s = _game()
        if played:
            s.card_effects["cunctator"] = ["rome"]
        hold(s, "rome")
        s.add("venusia", "carthage", "HI", 4)
        s.add("venusia", "rome", "LI", 3)
        s.flow.append({"k": "move_army", "role": "carthage", "owner": "carthage",
                       "start": "capua", "at": "venusia", "path": ["capua", "venusia"],
                       "units": {"HI": 4}, "leaders": [], "mp": 3, "stage": "move",
                       "withdrew": ["rome"]})
        s.flow.append({"k": "contact", "space": "venusia", "came_from": "capua",
                       "owner": "carthage", "role": "carthage", "offered": []})
        s = fresh(s)
        dice(s, 3, 3, 3, 3)
        run(s)
        assert (s.flow[-1]["k"] == "withdraw") is offered


def test_poliorcetes_helepolis_leaves_the_board_with_its_destroyed_army() -> None:
    """§17.2: Carthage 6 against Rome 1 wipes out Rome's 1 LI in Venusia; its Helepolis goes
    with it (it does not wait there for the next Roman army)."""
    s = _game()
    hold(s, "rome")
    s.add("capua", "carthage", "HI", 4)
    s.add("venusia", "rome", "LI", 1)
    s.card_effects["helepolis"] = {"rome": "venusia"}
    push(s, "move_army", role="carthage", owner="carthage", start="capua", units={"HI": 4},
         leaders=[], minor=False)
    s = fresh(s)
    run(s)
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "venusia")
    dice(s, 6, 1)
    s = act(s, "rome", "stand")
    for _ in range(8):
        top = s.flow[-1]
        if top["k"] == "retreat":
            s = act(s, top["role"], "retreat", "barium")
        elif top["k"] == "allocate_losses":
            s = act(s, top["role"], "loss", choices(s, top["role"])[0][1])
        elif top["k"] == "use_shifts":
            s = act(s, top["role"], "done")
        elif top["k"] == "raise_militia":
            s = act(s, top["role"], "no_militia")
        else:
            break
    assert s.stack("venusia", "rome") == {} and s.stack("barium", "rome") == {}
    assert s.card_effects["helepolis"] == {}
    assert "log.helepolis_lost" in [e.msg.key for e in s.log]


def test_poliorcetes_helepolis_of_an_army_lost_otherwise_goes_at_the_end_of_the_activation() -> None:
    """§17.2: an army gone otherwise than in battle or at sea (attrition, a civil war) leaves no
    Helepolis once the Activation ends; one whose army is still there keeps it."""
    s = _game()
    s.add("capua", "carthage", "HI", 1)
    s.card_effects["helepolis"] = {"rome": "venusia", "carthage": "capua"}
    push(s, "end_activation", power="rome")
    run(s)
    assert s.card_effects["helepolis"] == {"carthage": "capua"}


def test_poliorcetes_card_26_helepolis_of_an_army_isolated_outside_an_activation_goes_at_once(
        ) -> None:
    """Card 26 (§17.2) with §9.6.3: Carthage's lone LI in Numantia, isolated in the Attrition and
    Isolation Phase, rolls 1 and is destroyed; its Helepolis leaves the board then and there,
    not at the end of some later Activation. Rome's, whose army stands, stays."""
    from games.pax_romana.isolation import attrition_phase
    s = blank(advanced=True)
    s.add("numantia", "carthage", "LI", 1)
    for nb in ("asturica", "segobriga", "calagurris"):
        s.add(nb, "rome", "GR")
    s.add("capua", "rome", "HI", 1)
    s.card_effects["helepolis"] = {"carthage": "numantia", "rome": "capua"}
    s.phase = "G"
    hold(s, "east")
    attrition_phase(s)
    dice(s, 1)
    run(s)
    s = fresh(s)
    while s.flow[-1]["k"] != "am":
        s = act(s, s.flow[-1]["role"], *choices(s, s.flow[-1]["role"])[0])
    assert s.stack("numantia", "carthage") == {}
    assert s.card_effects["helepolis"] == {"rome": "capua"}
    lost = [e.msg for e in s.log if e.msg.key == "log.helepolis_lost"]
    assert [(m.args["power"], m.args["space"]) for m in lost] == [("@power.carthage",
                                                                    "@space.numantia")]
    assert GAME.view(s, None).board["cards"]["effects"]["helepolis"] == {"rome": "capua"}


def test_poliorcetes_card_26_helepolis_of_a_gone_army_leaves_before_the_flow_asks_anything(
        ) -> None:
    """Card 26 (§17.2): however Rome's army in Venusia went (an event, the Removal Phase: no
    rule of its own tells the Helepolis), its Helepolis has left the board when the flow stops
    for the next question (``flow.before_asking``), which is asked as before; Carthage's, whose
    army stands, stays; the log says it once."""
    from games.pax_romana.flow import FLOW
    s = _game()
    s.add("capua", "carthage", "HI", 1)
    s.card_effects["helepolis"] = {"rome": "venusia", "carthage": "capua"}
    hold(s, "east")
    run(s)
    assert s.flow == [{"k": "am", "role": "east", "free": False}]
    assert s.card_effects["helepolis"] == {"carthage": "capua"}
    assert FLOW.before_asking is not None and FLOW.before_asking(s) is False
    run(s)
    lost = [e.msg for e in s.log if e.msg.key == "log.helepolis_lost"]
    assert [(m.args["power"], m.args["space"]) for m in lost] == [("@power.rome",
                                                                    "@space.venusia")]


def test_poliorcetes_card_26_helepolis_is_not_looked_at_in_the_standard_game() -> None:
    """Card 26 belongs to the Advanced Game (§17): in the Standard Game the flow leaves the
    card effects alone."""
    s = blank("V")
    s.card_effects["helepolis"] = {"rome": "venusia"}
    hold(s, "east")
    run(s)
    assert s.card_effects["helepolis"] == {"rome": "venusia"}
