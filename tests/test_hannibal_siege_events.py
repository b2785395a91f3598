"""Sieges and subjugation (§20), sudden death (§23), Hanno (§24), and the events of the core
flow: Campaign cards (§10.11), Forced March (§10.2), Truce (§25, §8.7), with scripted dice."""

from __future__ import annotations

from games.hannibal import prims as P
from games.hannibal import siege as S
from games.hannibal.events import EVENTS
from tests.test_hannibal_kit import (
    act,
    active,
    args,
    card_play,
    choices,
    clear,
    dice,
    game,
    logs,
    move,
    put,
    settle,
    top,
)

OPS1, OPS3 = 6, 1
MAJOR, MINOR, FORCED1, TRUCE = 33, 37, 61, 64


def test_s20_2_siege_roll_and_points():
    """§20.2: a general ending his move by an enemy walled city with 3+ CUs may roll: Carthage
    -1, Rome's counter -1: roll 6 -> 4 -> 1 point, no loss."""
    s = clear(game())
    put(s, "carthage", "praeneste", 5, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 5)
    s = act(s, "carthage", "to", "rome")
    s = act(s, "carthage", "stop")
    assert active(s) == ["carthage"] and args(s, "carthage", "siege") == ["roll", "no"]
    dice(s, 6)
    s = act(s, "carthage", "siege", "roll")
    assert s.spaces["rome"].siege == 1 and s.spaces["rome"].siege_by == "carthage"
    assert P.besieged(s, "rome")
    assert logs(s, "log.siege_roll")[0]["mod"] == -2


def test_s20_8_three_points_take_the_city_and_destroy_the_garrison():
    """§20.8: the third point takes the city; enemy CUs inside are destroyed; §23 taking Rome
    wins at once."""
    s = clear(game())
    put(s, "rome", "rome:in", 2)
    put(s, "carthage", "rome", 5, ("hannibal",))
    s.spaces["rome"].siege_by = "carthage"
    s.spaces["rome"].siege = 2
    s = move(s, "carthage", OPS1, "hannibal", 5)
    s = act(s, "carthage", "stop")            # activated without moving: the siege goes on
    dice(s, 5)                                # 5 - 2 = 3 -> 1 point, 1 CU lost
    s = act(s, "carthage", "siege", "roll")
    assert s.spaces["rome"].pc == "carthage" and P.cu(s, "rome", "rome:in") == 0
    assert P.cu(s, "carthage", "rome") == 4
    assert s.result is not None and s.result.winners == ["carthage"]


def test_s20_subjugate_a_tribe():
    """§20.1, §20.8: a tribe is subjugated on 3 points and replaced by a PC; the siege table's
    -1 for the Carthaginian applies (the spec's reading)."""
    s = clear(game())
    put(s, "rome", "taurini", 4, ("varro",))
    s.spaces["boii"].siege_by = "rome"
    s.spaces["boii"].siege = 1
    s = move(s, "rome", OPS1, "varro", 4)
    s = act(s, "rome", "to", "boii")
    s = act(s, "rome", "stop")
    dice(s, 6)
    s = act(s, "rome", "siege", "roll")
    assert s.spaces["boii"].tribe is None and s.spaces["boii"].pc == "rome"
    assert logs(s, "log.tribe_subjugated")


def test_s20_6_siege_lifted_when_the_besieger_leaves():
    """§20.6: with no CUs of the besieger left in the area, the siege points are lost."""
    s = clear(game())
    put(s, "carthage", "rome", 3, ("hannibal",))
    s.spaces["rome"].siege_by = "carthage"
    s.spaces["rome"].siege = 2
    s = move(s, "carthage", OPS1, "hannibal", 3)
    s = act(s, "carthage", "to", "praeneste")
    s = act(s, "carthage", "stop")
    P.lift_sieges(s)
    assert s.spaces["rome"].siege == 0 and s.spaces["rome"].siege_by is None


def test_s20_2_marcellus_with_a_campaign_card():
    """§24: Marcellus +1 on the siege table when activated with a Campaign card (not for a
    tribe)."""
    s = clear(game())
    put(s, "rome", "capua", 5, ("marcellus",))
    s.spaces["capua"].pc = "carthage"
    s.activation = {"kind": "campaign", "sieged": []}
    assert S.siege_modifier(s, "rome", "capua", "marcellus") == 1
    s.activation = {"kind": "ops", "sieged": []}
    assert S.siege_modifier(s, "rome", "capua", "marcellus") == 0


def test_s10_11_minor_campaign_moves_two_generals():
    """§10.11: a Minor Campaign moves two generals one after the other, each up to 4 areas; one
    general moves once."""
    s = clear(game())
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "capua", 5, ("nero",))
    s = card_play(s, "rome", [MINOR])
    s = act(s, "rome", "card", MINOR)
    assert "event" in args(s, "rome", "use")
    s = act(s, "rome", "use", "event")
    assert set(args(s, "rome", "general")) == {"varro", "nero"}
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "rome", "stop")
    assert args(s, "rome", "general") == ["nero"] and s.activation["campaign"] == 1
    s = act(s, "rome", "general", "nero")
    s = act(s, "rome", "cus", 5)
    assert s.move["mp"] == 6                  # §10.12: Nero moves 6 with a Campaign card
    s = act(s, "rome", "stop")
    assert s.activation is None and 37 in s.discard


def test_s10_2_forced_march_six_areas():
    """#61-#63: a Forced March moves a general of strategy rating at most its OPS 6 areas."""
    s = clear(game())
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "capua", 5, ("paullus",))
    s = card_play(s, "rome", [FORCED1])
    s = act(s, "rome", "card", FORCED1)
    s = act(s, "rome", "use", "event")
    assert args(s, "rome", "general") == ["varro"]
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 5)
    assert s.move["mp"] == 6


def test_s25_truce():
    """#64: no entering areas with enemy CUs or PCs, no interception, no assault; the deck is
    reshuffled at the end of the turn (§8.7); a truce-breaking event ends it."""
    s = clear(game())
    put(s, "rome", "rome", 5, ("varro",))
    s = card_play(s, "rome", [TRUCE, OPS1])
    s = act(s, "rome", "card", TRUCE)
    s = act(s, "rome", "use", "event")
    assert s.truce and s.reshuffle
    s = card_play(s, "rome", [OPS1])
    s = act(s, "rome", "card", OPS1)
    s = act(s, "rome", "use", "move")
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 5)
    s.spaces["praeneste"].pc = "carthage"
    s.touch()
    assert "praeneste" not in args(s, "rome", "to") and "capua" in args(s, "rome", "to")


def test_s8_5_events_not_implemented_are_not_offered(monkeypatch):
    """An event missing from the registry is not offered; a card of the other colour never is
    (§8.3)."""
    s = clear(game())
    put(s, "carthage", "saguntum", 5, ("hannibal",))
    s = card_play(s, "carthage", [21, 37])        # #21 is a Roman event
    s = act(s, "carthage", "card", 21)
    assert "event" not in args(s, "carthage", "use")
    s = act(s, "carthage", "use", "back")
    s = act(s, "carthage", "card", 37)
    assert "event" in args(s, "carthage", "use")
    monkeypatch.delitem(EVENTS, "minor_campaign")
    s.touch()
    assert "event" not in args(s, "carthage", "use")


def test_s24_hanno_removes_a_pc_after_his_move():
    """§24: Hanno may remove a Roman PC in the non-walled area where he ends his move."""
    s = clear(game())
    s.spaces["zama"].pc = "rome"
    put(s, "carthage", "carthage", 4, ("hanno",))
    s = move(s, "carthage", OPS3, "hanno", 4)
    assert all(P.B.region_of(x) == "africa" for x in args(s, "carthage", "to"))
    s = act(s, "carthage", "to", "zama")
    s = act(s, "carthage", "stop")
    assert top(s) == "hanno_pc"
    s = act(s, "carthage", "hanno", "yes")
    assert s.spaces["zama"].pc is None


def test_s20_7_sortie_from_a_besieged_city():
    """§20.7: the besieged may sortie: an ordinary battle against the besiegers; the sortie force
    that loses may go back into its city (§15.4)."""
    s = clear(game())
    put(s, "rome", "capua:in", 2, ("varro",))
    put(s, "carthage", "capua", 4, ("hasdrubal",))
    s.spaces["capua"].siege_by = "carthage"
    s.spaces["capua"].siege = 1
    s = move(s, "rome", OPS1, "varro", 2)
    assert s.battle is not None and s.battle["sortie"] == "rome"
    assert P.cu(s, "rome", "capua") == 2 and s.battle["counts"]["rome"] >= 3
    s.bhands = {"rome": ["probe"], "carthage": ["flank_left"]}
    s.touch()
    s = act(s, "rome", "lead", "probe")
    dice(s, 1, 1)       # losses: none; rout: 2 CUs before, roll 1 - 2 (Probe won? no: Carthage
    s = act(s, "carthage", "match", "")   # fails to match -> Rome wins)
    assert logs(s, "log.battle_won")[0] == {"side": "@side.rome"}


def test_crossing_window_lets_a_response_stop_the_crossing(monkeypatch):
    """The "crossing" response window (before the pass roll): an event that sets
    ``s.move["blocked"]`` sends the army back and ends its move (the hook Bad Weather uses)."""
    from games.hannibal import events as E

    def block(s, side, no, ctx):
        s.move["blocked"] = True

    monkeypatch.setitem(E.EVENTS, "bad_weather", E.Event(
        trigger="crossing", can_respond=lambda *a: True, respond=block, response_only=True))
    s = clear(game())
    put(s, "carthage", "allobroges", 10, ("hannibal",))
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "carthage", OPS1, "hannibal", 10)
    s.hands["rome"] = [41]
    s.touch()
    s = act(s, "carthage", "to", "taurini")
    assert active(s) == ["rome"] and args(s, "rome", "respond") == [41, 0]
    s = act(s, "rome", "respond", 41)
    assert P.cu(s, "carthage", "allobroges") == 10 and not logs(s, "log.attrition")
    assert s.move is None or s.move.get("blocked") is False


def test_s20_3_a_subordinate_leads_the_siege():
    """§20.3: a subordinate may lead the siege and use his ability: Marcellus under a consul, on
    a Campaign card, +1."""
    s = clear(game())
    s.spaces["capua"].pc = "carthage"
    put(s, "rome", "terventum", 6, ("varro", "marcellus"), consul=False)
    s.consuls = ["varro"]
    P.resort(s)
    s = card_play(s, "rome", [MINOR])
    s = act(s, "rome", "card", MINOR)
    s = act(s, "rome", "use", "event")
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 6)
    s = act(s, "rome", "to", "capua")
    s = act(s, "rome", "stop")
    assert args(s, "rome", "siege") == ["roll", "marcellus", "no"]
    dice(s, 3)
    s = act(s, "rome", "siege", "marcellus")
    assert logs(s, "log.siege_roll")[0]["mod"] == 1 and s.spaces["capua"].siege == 1


def test_s10_11_campaign_cus_move_at_most_four_areas_in_all():
    """§10.11: CUs that moved 2 areas with one general may move only 2 more with another general
    of the same campaign; fresh CUs are taken first."""
    s = clear(game())
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "terventum", 1, ("paullus",))
    s = card_play(s, "rome", [MINOR])
    s = act(s, "rome", "card", MINOR)
    s = act(s, "rome", "use", "event")
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "rome", "to", "terventum")
    s = act(s, "rome", "stop")
    assert s.activation["tired"]["terventum"] == [[5, 2]]
    s = act(s, "rome", "general", "paullus")
    s = act(s, "rome", "cus", 1)
    assert s.move["mp"] == 4          # his own fresh CU
    s = clear(game())
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "terventum", 1, ("paullus",))
    s = card_play(s, "rome", [MINOR])
    s = act(s, "rome", "card", MINOR)
    s = act(s, "rome", "use", "event")
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "rome", "to", "terventum")
    s = act(s, "rome", "stop")
    s = act(s, "rome", "general", "paullus")
    s = act(s, "rome", "cus", 6)
    assert s.move["mp"] == 2          # five of them already moved 2 areas


def test_s25_30_siege_train_moves_with_its_army():
    """#30 (§25): the siege train goes with its army, never over the Alps nor by sea; with it the
    Carthaginian -1 on the siege table is cancelled; caught alone by enemy CUs it is lost."""
    s = clear(game())
    put(s, "carthage", "allobroges", 5, ("hannibal",))
    s.siege_train = "allobroges"
    s = move(s, "carthage", OPS1, "hannibal", 5)
    s = act(s, "carthage", "pick", "take")
    assert "taurini" not in args(s, "carthage", "to")          # an Alpine pass
    s = act(s, "carthage", "to", "isere")
    assert s.siege_train == "isere"
    s.spaces["rome"].siege_by = None
    s.siege_train = "praeneste"
    assert S.siege_modifier(s, "carthage", "praeneste", "hannibal") == 0
    s.siege_train = "sena"
    P.add_cu(s, "rome", "sena", 1)
    P.lift_sieges(s)
    assert s.siege_train is None and logs(s, "log.train_lost")


def test_s25_30_the_army_may_leave_the_siege_train_to_cross_the_alps():
    """#30 (§25): the train never crosses an Alpine pass, so the army is asked at the start of
    its move whether the train goes with it; left behind, the army crosses to Taurini (2 MP,
    attrition without modifier: 5 CUs, roll 1 -> 0 lost) and the train stays in Allobroges."""
    s = clear(game())
    put(s, "carthage", "allobroges", 5, ("hannibal",))
    s.siege_train = "allobroges"
    s = move(s, "carthage", OPS1, "hannibal", 5)
    assert top(s) == "pick" and args(s, "carthage", "pick") == ["take", "leave"]
    s = act(s, "carthage", "pick", "leave")
    assert not s.move["train"] and "taurini" in args(s, "carthage", "to")
    dice(s, 1)
    s = act(s, "carthage", "to", "taurini")
    assert s.siege_train == "allobroges" and P.cu(s, "carthage", "taurini") == 5
    assert s.move["mp"] == 2 and not logs(s, "log.train_goes")


# -- #64 Truce: sorties, events that do not happen, responses (§25) -------------------------------------
def test_s25_64_no_sortie_during_a_truce():
    """#64 (§25: no interceptions, no assaults: no battles): Varro with 2 CUs inside Capua,
    besieged by Hasdrubal's 4 CUs outside, may not be moved out during a Truce (a sortie is a
    battle, §20.7): with Varro the only general, the OPS card offers no move; once the Truce
    is over, the move (the sortie) is offered again."""
    from games.hannibal.movement import can_start_move
    s = clear(game())
    put(s, "rome", "capua:in", 2, ("varro",))
    put(s, "carthage", "capua", 4, ("hasdrubal",))
    s.spaces["capua"].siege_by = "carthage"
    s.spaces["capua"].siege = 1
    s.truce = True
    s = card_play(s, "rome", [OPS1])
    s = act(s, "rome", "card", OPS1)
    assert "move" not in args(s, "rome", "use") and not can_start_move(s, "varro")
    s.truce = False
    s.touch()
    assert "move" in args(s, "rome", "use") and can_start_move(s, "varro")


def test_s25_64_truce_ends_only_when_a_breaking_event_happens():
    """#64 (§25: events that do not happen do not break the Truce): the effect of a declared
    event waits below the opponent's response window; a Siege Train (#30, reinforcement class)
    that finds no Carthaginian army when its effect comes is spent without effect and the
    Truce holds; with an army (Hanno, 2 CUs in Carthage) it is placed and the Truce ends."""
    from games.hannibal.flow import push
    s = clear(game())
    s.truce = True
    push(s, "card_effect", role="carthage", card=30, use="event")
    s = settle(s)
    assert s.truce and s.siege_train is None and not logs(s, "log.truce_ends")
    put(s, "carthage", "carthage", 2, ("hanno",))
    push(s, "card_effect", role="carthage", card=30, use="event")
    s = settle(s)
    assert not s.truce and s.siege_train == "carthage" and len(logs(s, "log.truce_ends")) == 1


def test_s25_64_declared_event_keeps_the_truce_until_it_acts():
    """#64, #30, #7 (§25): during a Truce Carthage declares the Siege Train; her only army is
    Hasdrubal with 1 CU in the Rhone (Transalpine Gaul). While Rome's response window is open
    the Truce still holds. Rome answers with Hostile Tribes: roll 6 on the hostile-tribe column,
    the CU is lost; the Siege Train then finds no army and does nothing. The Truce ends once,
    through the Hostile Tribes (a breaker "if their event is applied"), after its roll."""
    s = clear(game())
    put(s, "carthage", "rhone", 1, ("hasdrubal",))
    s.truce = True
    s = card_play(s, "carthage", [30], [7, OPS1])
    s = act(s, "carthage", "card", 30)
    s = act(s, "carthage", "use", "event")
    assert top(s) == "respond" and s.truce and not logs(s, "log.truce_ends")
    dice(s, 6)
    s = act(s, "rome", "respond", 7)
    assert P.cu(s, "carthage", "rhone") == 0 and s.siege_train is None
    assert not s.truce and len(logs(s, "log.truce_ends")) == 1
    keys = [e.msg.key for e in s.log]
    assert keys.index("log.attrition") < keys.index("log.truce_ends")


def test_s25_64_hostile_tribes_response_breaks_the_truce_in_the_enemy_turn():
    """#7 (§25 truce list: both Hostile Tribes break it "if their event is applied", with no
    own-turn limit): during a Truce Hannibal enters the Rhone with 8 CUs; Rome answers with
    Hostile Tribes: roll 6 on the hostile-tribe column = 2 CUs lost, and the Truce is over."""
    s = clear(game())
    put(s, "carthage", "nemausus", 8, ("hannibal",))
    s.truce = True
    s = card_play(s, "carthage", [2], [7])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 8)
    s = act(s, "carthage", "to", "rhone")
    assert args(s, "rome", "respond") == [7, 0] and s.truce
    dice(s, 6)
    s = act(s, "rome", "respond", 7)
    assert P.cu(s, "carthage", "rhone") == 6 and not s.truce
    assert len(logs(s, "log.truce_ends")) == 1


# -- #33/#34 Major Campaign (§10.11) -------------------------------------------------------------------
def test_s10_11_33_major_campaign_moves_three_generals():
    """#33 (§10.11): a Major Campaign moves three generals one after the other, each up to 4
    areas (OPS 3: no strategy rating bars anyone); each moves once, and the card ends after the
    third: Varro Rome -> Praeneste, Paullus Capua -> Rome, Longus Terventum -> Beneventum."""
    s = clear(game())
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "capua", 5, ("paullus",))
    put(s, "rome", "terventum", 5, ("longus",))
    put(s, "rome", "neapolis", 5, ("flaminius",))
    s = card_play(s, "rome", [MAJOR])
    s = act(s, "rome", "card", MAJOR)
    s = act(s, "rome", "use", "event")
    assert s.activation["campaign"] == 3
    assert set(args(s, "rome", "general")) == {"varro", "paullus", "longus", "flaminius"}
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 5)
    assert s.move["mp"] == 4
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "rome", "stop")
    assert s.activation["campaign"] == 2
    assert set(args(s, "rome", "general")) == {"paullus", "longus", "flaminius"}
    s = act(s, "rome", "general", "paullus")
    s = act(s, "rome", "cus", 5)
    assert s.move["mp"] == 4
    s = act(s, "rome", "to", "rome")
    s = act(s, "rome", "stop")
    assert s.activation["campaign"] == 1
    assert set(args(s, "rome", "general")) == {"longus", "flaminius"}
    s = act(s, "rome", "general", "longus")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "to", "beneventum")
    s = act(s, "rome", "stop")
    assert s.activation is None and s.move is None and MAJOR in s.discard
    assert [P.where(s, g) for g in ("varro", "paullus", "longus", "flaminius")] == [
        "praeneste", "rome", "beneventum", "neapolis"]


def test_s10_11_34_major_campaign_may_end_early_and_is_a_campaign_of_three():
    """#34, the second Major Campaign: three generals too (the data's campaign_generals); the
    player may end it after the first general has moved."""
    s = clear(game())
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "capua", 5, ("paullus",))
    s = card_play(s, "rome", [34])
    s = act(s, "rome", "card", 34)
    s = act(s, "rome", "use", "event")
    assert s.activation["campaign"] == 3 and s.activation["kind"] == "campaign"
    s = act(s, "rome", "general", "paullus")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "stop")
    assert args(s, "rome", "general") == ["varro"] and ("done", None) in choices(s, "rome")
    s = act(s, "rome", "done")
    assert s.activation is None and 34 in s.discard and P.where(s, "varro") == "rome"
