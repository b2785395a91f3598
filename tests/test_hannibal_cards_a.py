"""Strategy-card events #1-#32 (§25, §8.3-§8.5) with scripted dice: what each event does, who
may play it and when it is not offered."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import msg
from games.hannibal import board as B
from games.hannibal import cards as C
from games.hannibal import movement as M
from games.hannibal import prims as P
from games.hannibal.events import EVENTS
from games.hannibal.flow import push, run
from games.hannibal.siege import capture
from games.hannibal.state import HState
from tests.test_hannibal_kit import (
    RULES,
    act,
    active,
    args,
    card_play,
    clear,
    dice,
    game,
    logs,
    put,
    top,
)

SENTINEL = "who_first"
SENTINEL_CARD = 61             # a card in hand: a question below that waits


def blank() -> HState:
    return clear(game())


def offered(s: HState, side: str, no: int, other_hand: list[int] | None = None) -> bool:
    """Whether ``side`` holding card ``no`` is offered its event (§8.3)."""
    s = card_play(s, side, [no], other_hand)
    s = act(s, side, "card", no)
    return "event" in args(s, side, "use")


def play(s: HState, side: str, no: int, other_hand: list[int] | None = None) -> HState:
    """``side`` plays card ``no`` as its event; a decision below it stops the flow when the
    event is over (top(s) == SENTINEL)."""
    s = card_play(s, side, [no], other_hand)
    s.flow.insert(0, {"k": SENTINEL, "role": "carthage"})
    s = act(s, side, "card", no)
    assert "event" in args(s, side, "use")
    return act(s, side, "use", "event")


def pick(s: HState, side: str, arg: Any) -> HState:
    return act(s, side, "pick", arg)


def picks(s: HState, side: str) -> list[Any]:
    return args(s, side, "pick")


def pcs(s: HState, *areas: str) -> list[str | None]:
    return [s.spaces[a].pc for a in areas]


# -- #1-#4 revolts -----------------------------------------------------------------------------------
def test_card1_s25_corsica_sardinia_revolt_removes_the_unoccupied_pcs():
    """#1: Rome controls Corsica and Sardinia; its PCs there without Roman CUs are removed."""
    s = blank()
    put(s, "rome", "aleria", 1)
    s = play(s, "carthage", 1)
    assert top(s) == SENTINEL
    assert pcs(s, "aleria", "sassari", "oristano", "nuoro", "carales") == [
        "rome", None, None, None, None]
    assert len(logs(s, "log.pc_removed")) == 4


def test_card1_s25_not_offered_unless_the_opponent_controls_the_province():
    s = blank()
    for a in ("sassari", "oristano", "nuoro"):
        s.spaces[a].pc = "carthage"
    s.touch()
    assert not offered(s, "carthage", 1)
    assert offered(s, "rome", 1)      # now Carthage controls it: the Roman may play it


def test_card2_s25_sicilia_revolts_spares_walled_cities_and_occupied_areas():
    """#2: Messana (a walled city) and Agrigentum (Roman CUs) keep their markers."""
    s = blank()
    put(s, "rome", "agrigentum", 3)
    s = play(s, "carthage", 2)
    assert pcs(s, "lilybaeum", "panormus", "agrigentum", "enna", "messana") == [
        None, None, "rome", None, "rome"]


def test_card2_s25_not_offered_when_nothing_would_revolt():
    s = blank()
    for a in ("lilybaeum", "panormus", "agrigentum", "enna"):
        put(s, "rome", a, 1)
    assert not offered(s, "carthage", 2)


def test_card3_s25_numidia_revolts_in_the_numidia_of_the_players_choice():
    """#3: the Roman picks Eastern Numidia; Carthaginian PCs there without CUs go, Cirta (with a
    Carthaginian CU) stays; Western Numidia is untouched."""
    s = blank()
    put(s, "carthage", "cirta", 1)
    s = play(s, "rome", 3)
    assert sorted(picks(s, "rome")) == ["eastern_numidia", "western_numidia"]
    s = pick(s, "rome", "eastern_numidia")
    assert pcs(s, "sitilis", "cirta", "thamugadi", "thubursicu", "thevestis") == [
        None, "carthage", None, None, None]
    assert all(s.spaces[a].pc == "carthage" for a in ("icosium", "zuccabar", "saldae"))


def test_card3_s25_not_offered_without_enemy_pcs_in_numidia():
    s = blank()
    assert not offered(s, "carthage", 3)     # no Roman PC in either Numidia


def test_card4_s25_celtiberia_revolts():
    """#4: Carthage controls Celtiberia: its PCs there without CUs are removed by the Roman."""
    s = blank()
    put(s, "carthage", "toletum", 2)
    s = play(s, "rome", 4)
    assert pcs(s, "arsa", "salmantica", "segovia", "toletum", "segobriga") == [
        None, None, None, "carthage", None]


# -- #5 Native Guide ---------------------------------------------------------------------------------
def _cross_pass(guide: bool) -> HState:
    s = blank()
    put(s, "carthage", "mutina", 5, ("mago",))
    if guide:
        s = play(s, "carthage", 5)
    else:
        s = card_play(s, "carthage", [5])
        s = act(s, "carthage", "card", 5)
        s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "mago")
    s = act(s, "carthage", "cus", 5)
    dice(s, 6)
    return act(s, "carthage", "to", "faesulae")


def test_card5_s25_native_guide_minus_3_on_the_pass_attrition():
    """#5, §10.6: a pass gives -2; with the Guide -5 in all: a 6 becomes 1 (no loss for 5 CUs);
    the same move for OPS loses a CU (6-2 = 4)."""
    s = _cross_pass(guide=True)
    assert P.cu(s, "carthage", "faesulae") == 5
    assert logs(s, "log.attrition")[-1]["n"] == 0
    s = _cross_pass(guide=False)
    assert P.cu(s, "carthage", "faesulae") == 4


def test_card5_s25_native_guide_only_for_strategy_1_or_2():
    s = blank()
    put(s, "carthage", "carthage", 5, ("hanno",))      # strategy 3
    assert not offered(s, "carthage", 5)
    put(s, "carthage", "zama", 2, ("gisgo",))          # strategy 2
    s = play(s, "carthage", 5)
    assert args(s, "carthage", "general") == ["gisgo"]


# -- #7/#8 Hostile Tribes ---------------------------------------------------------------------------
def test_card7_s21_3_hostile_tribes_on_the_players_own_turn():
    """#7, §21.3: the hostile-tribe column ignores the size: 10 CUs, roll 5 -> 2 lost."""
    s = blank()
    put(s, "carthage", "rhone", 10, ("hannibal",))
    put(s, "carthage", "eastern_ligurians", 1)
    s = play(s, "rome", 7)
    assert sorted(picks(s, "rome")) == ["eastern_ligurians", "rhone"]
    dice(s, 5)
    s = pick(s, "rome", "rhone")
    assert P.cu(s, "carthage", "rhone") == 8
    assert P.where(s, "hannibal") == "rhone"


def test_card8_s8_4_hostile_tribes_not_offered_without_an_enemy_there():
    s = blank()
    put(s, "rome", "rhone", 4, ("longus",))
    put(s, "carthage", "massilia", 4, ("hannibal",))    # Massilia is not Transalpine Gaul
    assert not offered(s, "rome", 8)
    assert offered(s, "carthage", 8)                   # the Roman army in the Rhone is a target


# -- #9 Philip V ---------------------------------------------------------------------------------
def test_card9_s25_philip_v_allies_with_carthage_then_makes_peace():
    """#9, §8.5: the first play gives -1 on the Roman naval roll and Rome loses a card drawn at
    random; the card stays in the game. The Roman's second play ends it: Carthage loses a random
    card and #9 leaves the game."""
    s = blank()
    assert not offered(s, "rome", 9, [2, 3])          # no alliance yet: only Carthage
    s = card_play(s, "carthage", [9], [2, 3, 4])
    s.flow.insert(0, {"k": SENTINEL, "role": "carthage"})
    s = act(s, "carthage", "card", 9)
    dice(s, "#1")
    s = act(s, "carthage", "use", "event")
    assert "philip_allied" in s.markers
    assert s.hands["rome"] == [2, 4] and 3 in s.discard
    assert 9 in s.discard and 9 not in s.removed
    assert M.naval_modifier(s, "new_carthage", "carthage", 5, None) == -5
    assert not offered(s, "carthage", 9)
    s = card_play(s, "rome", [9], [5, 6])
    s.flow.insert(0, {"k": SENTINEL, "role": "carthage"})
    s = act(s, "rome", "card", 9)
    dice(s, "#0")
    s = act(s, "rome", "use", "event")
    assert "philip_allied" not in s.markers
    assert s.hands["carthage"] == [6] and 5 in s.discard
    assert 9 in s.removed


# -- #10-#16, #22 reinforcements ---------------------------------------------------------------------
def test_card10_s25_macedonian_reinforcements_need_philip():
    """#10: while Philip V is allied: 2 CUs in a Carthaginian port of Africa or Italy."""
    s = blank()
    assert not offered(s, "carthage", 10)
    s.markers.append("philip_allied")
    s.spaces["croton"].pc = "carthage"
    s = play(s, "carthage", 10)
    spots = picks(s, "carthage")
    assert "croton" in spots and "utica" in spots and "new_carthage" not in spots
    s = pick(s, "carthage", "croton")
    assert P.cu(s, "carthage", "croton") == 2


def test_card11_s25_balearic_slingers():
    """#11: with the Balearic Islands, 1 CU in a friendly port without enemy CUs."""
    s = blank()
    assert not offered(s, "rome", 11)                 # Rome does not hold the Baleares
    put(s, "rome", "malaca", 1)
    s = play(s, "carthage", 11)
    spots = picks(s, "carthage")
    assert "gades" in spots and "malaca" not in spots and "cosa" not in spots
    s = pick(s, "carthage", "gades")
    assert P.cu(s, "carthage", "gades") == 1


def test_card12_s17_1_african_reinforcements_elephants_up_to_four():
    """#12, §17.1: 2 elephant CUs in Carthage; with 3 elephants on the map only 1 more."""
    s = blank()
    s = play(s, "carthage", 12)
    assert s.units["carthage|carthage"] == [2, 2]
    s = blank()
    put(s, "carthage", "saguntum", 5, ("hannibal",), el=3)
    s = play(s, "carthage", 12)
    assert s.units["carthage|carthage"] == [2, 1]


def test_card12_s6_3_african_reinforcements_not_into_a_besieged_carthage():
    s = blank()
    put(s, "rome", "carthage", 5, ("longus",))
    s.spaces["carthage"].siege_by = "rome"
    s.spaces["carthage"].siege = 1
    assert not offered(s, "carthage", 12)
    s.spaces["carthage"].siege = 0
    s.spaces["carthage"].siege_by = None
    s = play(s, "carthage", 12)                       # not besieged: inside the walls
    assert s.units["carthage|carthage:in"] == [2, 2]


def test_card13_s25_bruttium_recruits_join_a_general_in_lucania():
    s = blank()
    assert not offered(s, "carthage", 13)
    put(s, "carthage", "heraclea", 3, ("mago",))
    s = play(s, "carthage", 13)
    assert P.cu(s, "carthage", "heraclea") == 5


def test_card14_s25_ligurian_recruits_choice_of_generals():
    s = blank()
    put(s, "carthage", "taurini", 3, ("mago",))
    put(s, "carthage", "pisae", 3, ("hannibal",))
    put(s, "carthage", "rhone", 3, ("gisgo",))       # Transalpine Gaul: not for #14
    s = play(s, "carthage", 14)
    assert sorted(picks(s, "carthage")) == ["pisae", "taurini"]
    s = pick(s, "carthage", "pisae")
    assert P.cu(s, "carthage", "pisae") == 5


def test_card15_s25_iberian_recruits_only_in_a_controlled_province():
    """#15: Rome's general in Idubeda (uncontrolled) gets none; in Celtiberia, once Rome
    controls it, he gets 2."""
    s = blank()
    put(s, "rome", "ilerda", 2, ("p_scipio",))
    assert not offered(s, "rome", 15)
    put(s, "rome", "arsa", 1, ("longus",))
    for a in ("arsa", "salmantica", "segovia"):
        s.spaces[a].pc = "rome"
    s = play(s, "rome", 15)
    assert P.cu(s, "rome", "arsa") == 3


def test_card16_s25_gallic_recruits():
    s = blank()
    put(s, "carthage", "rhone", 6, ("hannibal",))
    s = play(s, "carthage", 16)
    assert P.cu(s, "carthage", "rhone") == 8


def test_card22_s25_mutines_numidians():
    """#22: a CU and a PC in a non-walled area of Sicilia without Roman CUs (flipped)."""
    s = blank()
    put(s, "rome", "agrigentum", 2)
    s = play(s, "carthage", 22)
    assert sorted(picks(s, "carthage")) == ["enna", "lilybaeum", "panormus"]
    s = pick(s, "carthage", "enna")
    assert s.spaces["enna"].pc == "carthage" and P.cu(s, "carthage", "enna") == 1


def test_card22_s25_not_offered_when_the_romans_hold_sicilia():
    s = blank()
    for a in ("lilybaeum", "panormus", "agrigentum", "enna"):
        put(s, "rome", a, 1)
    assert not offered(s, "carthage", 22)


# -- #17 Surprise Sortie -----------------------------------------------------------------------------
def test_card17_s20_7_surprise_sortie_removes_a_siege_point():
    s = blank()
    assert not offered(s, "rome", 17)
    for city, pts in (("capua", 2), ("tarentum", 1)):
        put(s, "carthage", city, 4)
        s.spaces[city].siege_by, s.spaces[city].siege = "carthage", pts
    s = play(s, "rome", 17)
    assert sorted(picks(s, "rome")) == ["capua", "tarentum"]
    s = pick(s, "rome", "tarentum")
    assert (s.spaces["tarentum"].siege, s.spaces["tarentum"].siege_by) == (0, None)
    assert s.spaces["capua"].siege == 2


# -- #18 Traitor in Tarentum ---------------------------------------------------------------------------
def test_card18_s20_8_traitor_in_tarentum_opens_the_gates():
    """#18: an army of 3 CUs besieging Tarentum takes it without a roll; the 2 Roman CUs
    inside are destroyed, the general inside displaced."""
    s = blank()
    put(s, "carthage", "tarentum", 2, ("hannibal",))
    put(s, "rome", "tarentum:in", 2, ("varro",))
    assert not offered(s, "carthage", 18)              # only 2 CUs
    put(s, "carthage", "tarentum", 1)
    dice(s)
    s = play(s, "carthage", 18)
    assert s.spaces["tarentum"].pc == "carthage"
    assert P.cu(s, "rome", "tarentum:in") == 0 and s.gens["varro"] == "pool"
    assert s.rng.scripted == []


# -- #19 Senate Dismisses Proconsul --------------------------------------------------------------------
def test_card19_s25_senate_dismisses_the_proconsul():
    """#19: Longus (proconsul in Agrigentum) goes; the Carthaginian picks his successor among
    the unused Roman generals, Fabius excepted outside Italy (§24)."""
    s = blank()
    assert not offered(s, "carthage", 19)
    put(s, "rome", "agrigentum", 6, ("longus",))
    s.proconsuls = ["longus"]
    s.gens["africanus"] = "aside"
    s = play(s, "carthage", 19)
    assert "fabius" not in picks(s, "carthage") and "varro" in picks(s, "carthage")
    s = pick(s, "carthage", "varro")
    assert s.gens["longus"] == "pool" and P.where(s, "varro") == "agrigentum"
    assert s.proconsuls == ["varro"]


def test_card19_s25_scipio_africanus_cannot_be_dismissed():
    s = blank()
    put(s, "rome", "tarraco", 6, ("africanus",))
    s.proconsuls = ["africanus"]
    assert not offered(s, "carthage", 19)


# -- #21 Mercenaries Desert ----------------------------------------------------------------------------
def test_card21_s21_1_mercenaries_desert():
    """#21: every Carthaginian force outside its walled-city areas rolls for attrition; an
    army's commander who rolls his battle rating or less holds it together.
    Cannae: Gisgo (1) rolls 3 -> attrition 5 on 4 CUs = 1 lost. Carthage: exempt.
    Heraclea: Hannibal (4) rolls 4 -> spared. Zama, 2 CUs alone: 6 -> 1 lost."""
    s = blank()
    assert not offered(s, "rome", 21)
    put(s, "carthage", "cannae", 4, ("gisgo",))
    put(s, "carthage", "carthage", 3)
    put(s, "carthage", "heraclea", 5, ("hannibal",))
    put(s, "carthage", "zama", 2)
    assert not offered(s, "carthage", 21)             # a Roman event (§8.3)
    dice(s, 3, 5, 4, 6)
    s = play(s, "rome", 21)
    assert [P.cu(s, "carthage", a) for a in ("cannae", "carthage", "heraclea", "zama")] == [
        3, 3, 5, 1]
    assert s.rng.scripted == []


# -- #23, #24 Numidian PCs ---------------------------------------------------------------------------
def test_card23_s25_numidian_ally_up_to_three_pcs_in_eastern_numidia():
    s = blank()
    put(s, "carthage", "cirta", 2)
    s = play(s, "rome", 23)
    spots = picks(s, "rome")
    assert "cirta" not in spots and "sitilis" in spots and "" in spots
    s = pick(s, "rome", "sitilis")
    s = pick(s, "rome", "thevestis")
    s = pick(s, "rome", "")                         # done after two
    assert top(s) == SENTINEL
    assert pcs(s, "sitilis", "thevestis", "cirta", "thamugadi") == [
        "rome", "rome", "carthage", "carthage"]


def test_card24_s25_sophonisba_three_pcs_in_one_numidia():
    s = blank()
    assert not offered(s, "carthage", 24)           # both Numidias are Carthaginian
    for a in ("icosium", "zuccabar", "sitilis"):
        s.spaces[a].pc = "rome"
    s = play(s, "carthage", 24)
    assert sorted(picks(s, "carthage")) == ["eastern_numidia", "western_numidia"]
    s = pick(s, "carthage", "western_numidia")
    s = pick(s, "carthage", "icosium")
    s = pick(s, "carthage", "zuccabar")
    assert top(s) == SENTINEL                       # nothing left to flip there: over
    assert pcs(s, "icosium", "zuccabar", "sitilis") == ["carthage", "carthage", "rome"]


# -- #25 Capua, #26 Syracuse -------------------------------------------------------------------------
def test_card25_s25_capua_sides_with_carthage():
    """#25: with 3 Italian provinces Carthaginian, Capua turns; the Romans inside are lost."""
    s = blank()
    put(s, "rome", "capua:in", 2, ("varro",))
    for a in ("heraclea", "paestium", "croton", "apri", "cannae", "beneventum"):
        s.spaces[a].pc = "carthage"
    assert not offered(s, "carthage", 25)           # Lucania and Apulia only
    for a in ("taurini", "verona"):
        s.spaces[a].pc = "carthage"                 # Gallia Cisalpina with the two tribes
    s = play(s, "carthage", 25)
    assert s.spaces["capua"].pc == "carthage" and P.cu(s, "rome", "capua:in") == 0
    assert s.gens["varro"] == "pool" and 25 in s.removed


def test_card26_s11_6_syracuse_allies_with_carthage():
    s = blank()
    put(s, "rome", "syracuse:in", 1)
    s = play(s, "carthage", 26)
    assert s.spaces["syracuse"].pc == "carthage" and P.cu(s, "rome", "syracuse:in") == 0
    assert "syracuse_allied" in s.markers and 26 in s.removed
    assert M.naval_modifier(s, "new_carthage", "carthage", 5, None) == -5
    assert not offered(s, "carthage", 26)


# -- #27 "I have come into Italy..." -------------------------------------------------------------------
def test_card27_s25_i_have_come_into_italy():
    """#27: Hannibal in Italy: two Roman non-walled PCs without Roman CUs turn Carthaginian."""
    s = blank()
    put(s, "carthage", "saguntum", 5, ("hannibal",))
    assert not offered(s, "carthage", 27)
    s = blank()
    put(s, "carthage", "cannae", 5, ("hannibal",))
    put(s, "rome", "apri", 1)
    s = play(s, "carthage", 27)
    first = picks(s, "carthage")
    if "apri" not in first and all(str(a).startswith("prov:") for a in first):
        s = pick(s, "carthage", "prov:apulia")
    assert "apri" not in picks(s, "carthage") and "capua" not in picks(s, "carthage")
    s = pick(s, "carthage", "beneventum")
    if all(str(a).startswith("prov:") for a in picks(s, "carthage")):
        s = pick(s, "carthage", "prov:samnium")
    s = pick(s, "carthage", "sena")
    assert top(s) == SENTINEL
    assert pcs(s, "beneventum", "sena", "apri") == ["carthage", "carthage", "rome"]


# -- #26 Syracuse: the naval box counts only while Carthage holds the city (§11.6) -------------------
def test_card26_s11_6_syracuse_box_only_while_carthage_holds_syracuse():
    """#26 (§25): the PC stays in the Syracuse box while Carthage controls Syracuse. A sea move
    New Carthage -> Carthage with 5 CUs: ports -2 -2, Syracuse box -1 = -5; once Rome holds
    Syracuse again the marker alone gives nothing: -4 (a roll of 6 then means 'return', not
    'safe')."""
    s = blank()
    s = play(s, "carthage", 26)
    assert M.naval_modifier(s, "new_carthage", "carthage", 5, None) == -5
    capture(s, "rome", "syracuse", "city")
    assert "syracuse_allied" not in s.markers and logs(s, "log.syracuse_box_empty")
    assert M.naval_modifier(s, "new_carthage", "carthage", 5, None) == -4


def test_card26_s25_syracuse_box_stays_empty_after_carthage_retakes_syracuse():
    """#26 (§25): the PC is kept in the Syracuse box only while Carthage holds Syracuse. Rome
    retakes the city by siege; Carthage takes it back: the box stays empty, the modifier of
    New Carthage -> Carthage with 5 CUs stays -4 (ports -2 -2), not -5."""
    s = blank()
    s = play(s, "carthage", 26)
    capture(s, "rome", "syracuse", "city")
    capture(s, "carthage", "syracuse", "city")
    assert s.spaces["syracuse"].pc == "carthage" and "syracuse_allied" not in s.markers
    assert M.naval_modifier(s, "new_carthage", "carthage", 5, None) == -4


def test_card26_s25_syracuse_box_empties_whatever_takes_the_city():
    """#26: the box empties on any change of Syracuse's control away from Carthage (here a PC
    placed through the primitive every change goes through), and not on other areas."""
    s = blank()
    s = play(s, "carthage", 26)
    P.flip_pc(s, "rome", "messana")
    assert "syracuse_allied" in s.markers
    P.set_control(s, "syracuse", "carthage")
    assert "syracuse_allied" in s.markers
    P.set_control(s, "syracuse", "rome")
    assert "syracuse_allied" not in s.markers


# -- #28 Hannibal Charms Italy -----------------------------------------------------------------------
def _charm_board() -> HState:
    s = blank()
    for a in ("terventum", "beneventum", "apri", "cannae", "praeneste", "sena"):
        s.spaces[a].pc = "rome"
    put(s, "carthage", "terventum", 6, ("hannibal",))
    put(s, "carthage", "carthage", 3, ("hanno",))
    s.touch()
    return s


def test_card28_s25_hannibal_charms_italy_on_his_way():
    """#28 (§25): only Hannibal moves (OPS 2). The PC of his starting area goes for 1 MP; then
    each Italian area he enters and keeps loses its Roman PC at no cost: Beneventum (Fabius
    declines to intercept) and Apri, where Fabius avoids him (roll 2 <= 5)."""
    s = _charm_board()
    put(s, "rome", "apri", 2, ("fabius",))
    s = play(s, "carthage", 28)
    assert args(s, "carthage", "general") == ["hannibal"]
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 6)
    assert args(s, "carthage", "charm") == [None]
    s = act(s, "carthage", "charm")
    assert s.move["mp"] == 3 and s.spaces["terventum"].pc is None
    assert args(s, "carthage", "charm") == []             # once, before the first step
    s = act(s, "carthage", "to", "beneventum")
    s = act(s, "rome", "intercept", "")
    assert s.spaces["beneventum"].pc is None and s.move["mp"] == 2
    s = act(s, "carthage", "to", "apri")
    dice(s, 2)
    s = act(s, "rome", "here", "avoid")
    s = act(s, "rome", "avoid_to", "cannae")
    assert s.spaces["apri"].pc == "rome"            # not before the mover's choice
    s = act(s, "carthage", "pursue", "stop")
    assert top(s) == SENTINEL
    assert pcs(s, "terventum", "beneventum", "apri", "cannae") == [None, None, None, "rome"]
    assert [e["where"] for e in logs(s, "log.charm")] == [
        "@space.terventum", "@space.beneventum", "@space.apri"]


def test_card28_s25_no_charm_where_a_battle_is_fought_or_without_the_card():
    """#28: where the Romans stand and fight the PC stays; an OPS move of Hannibal charms
    nothing; a Roman walled city is never touched."""
    s = _charm_board()
    put(s, "rome", "sena", 3, ("varro",))
    s = play(s, "carthage", 28)
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 6)
    s = act(s, "carthage", "to", "sena")
    s = act(s, "rome", "here", "stand")
    assert s.battle is not None and s.spaces["sena"].pc == "rome"
    s = _charm_board()
    s = card_play(s, "carthage", [2])
    s.flow.insert(0, {"k": SENTINEL, "role": "carthage"})
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 6)
    assert args(s, "carthage", "charm") == []
    s = act(s, "carthage", "to", "beneventum")
    s = act(s, "carthage", "stop")
    assert s.spaces["beneventum"].pc == "rome" and not logs(s, "log.charm")
    s = _charm_board()
    s.spaces["capua"].pc = "rome"
    s = play(s, "carthage", 28)
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 6)
    s = act(s, "carthage", "to", "capua")
    s = act(s, "carthage", "stop")
    assert s.spaces["capua"].pc == "rome"


def test_card28_s25_offered_only_with_hannibal_on_the_map():
    s = blank()
    put(s, "carthage", "carthage", 3, ("hanno",))
    assert not offered(s, "carthage", 28)
    assert offered(_charm_board(), "carthage", 28)
    assert not offered(_charm_board(), "rome", 28)


# -- #30 Carthaginian Siege Train ----------------------------------------------------------------------
def test_card30_s25_siege_train_placed_with_an_army_and_handed_over():
    """#30 (§25): the train joins a Carthaginian army (a general with CUs; not a general alone,
    not where Roman CUs stand outside); played again, it is handed over to another army: one
    train on the map at most."""
    s = blank()
    put(s, "carthage", "saguntum", 5, ("hannibal",))
    put(s, "carthage", "carthage", 3, ("hanno",))
    put(s, "carthage", "utica", 0, ("gisgo",))
    put(s, "carthage", "gades", 2, ("mago",))
    put(s, "rome", "gades", 2)
    s = play(s, "carthage", 30)
    assert sorted(picks(s, "carthage")) == ["carthage", "saguntum"]
    s = pick(s, "carthage", "saguntum")
    assert s.siege_train == "saguntum" and top(s) == SENTINEL and 30 in s.discard
    assert logs(s, "log.ev_train") == [{"where": "@space.saguntum", "g": "@gen.hannibal"}]
    s = play(s, "carthage", 30)                       # only one other army: no question
    assert s.siege_train == "carthage" and logs(s, "log.ev_train_moved")
    s = blank()
    put(s, "carthage", "utica", 0, ("gisgo",))
    assert not offered(s, "carthage", 30)
    assert not offered(s, "rome", 30)


def test_card30_s25_siege_train_goes_with_its_commander_not_with_a_subordinate():
    """#30: Mago (a subordinate) leaves with 2 CUs: the train stays with Hannibal's army; when
    Hannibal marches it goes with him, and into his own walled city with him."""
    s = blank()
    put(s, "carthage", "saguntum", 8, ("hannibal", "mago"))
    s.siege_train = "saguntum"
    s = card_play(s, "carthage", [2])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "mago")
    s = act(s, "carthage", "cus", 2)
    to = args(s, "carthage", "to")[0]
    s = act(s, "carthage", "to", to)
    assert s.siege_train == "saguntum"
    s = blank()
    put(s, "carthage", "dianium", 2, ("hannibal",))
    s.siege_train = "dianium"
    s = card_play(s, "carthage", [2])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 2)
    assert picks(s, "carthage") == ["take", "leave"]
    s = pick(s, "carthage", "take")
    s = act(s, "carthage", "to", "new_carthage")
    assert s.siege_train == "new_carthage"
    s = act(s, "carthage", "walls")
    assert s.siege_train == "new_carthage:in" and P.cu(s, "carthage", "new_carthage:in") == 2


def test_card30_s25_siege_train_left_in_port_is_caught_by_a_roman_army():
    """#30: the train never sails: Hannibal sails from New Carthage and it stays in port,
    alone; a Roman army that enters the area catches it (lost)."""
    s = blank()
    put(s, "carthage", "new_carthage", 4, ("hannibal",))
    s.siege_train = "new_carthage"
    s = card_play(s, "carthage", [2])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 4)
    s = pick(s, "carthage", "take")
    s = act(s, "carthage", "sail")
    if "carthage" not in args(s, "carthage", "port"):
        s = act(s, "carthage", "province", B.province_of("carthage"))
    dice(s, 5)                                        # 5 - 4 = 1: safe
    s = act(s, "carthage", "port", "carthage")
    assert s.siege_train == "new_carthage" and P.where(s, "hannibal") == "carthage"
    s = blank()
    s.siege_train = "new_carthage"
    put(s, "rome", "dianium", 3, ("p_scipio",))
    s = card_play(s, "rome", [2])
    s = act(s, "rome", "card", 2)
    s = act(s, "rome", "use", "move")
    s = act(s, "rome", "general", "p_scipio")
    if top(s) == "pick_cus":
        s = act(s, "rome", "cus", 3)
    s = act(s, "rome", "to", "new_carthage")
    assert s.siege_train is None
    assert logs(s, "log.train_lost") == [{"where": "@space.new_carthage"}]


def test_card30_s25_siege_train_lost_when_its_army_retreats():
    """#30 (§25, §15): Varro attacks Mago (7 CUs, with the train) in Praeneste and wins with a
    Probe the Carthaginian cannot match (losses roll 5: none; rout roll 4 - 2 = 2 CUs); Mago
    retreats to Sena with 5 CUs and the train is lost."""
    s = blank()
    put(s, "carthage", "praeneste", 7, ("mago",))
    s.siege_train = "praeneste"
    s.spaces["sena"].pc = "carthage"
    put(s, "rome", "terventum", 8, ("varro",))
    s = card_play(s, "rome", [2])
    s = act(s, "rome", "card", 2)
    s = act(s, "rome", "use", "move")
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 8)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "carthage", "here", "stand")
    s.bhands = {"carthage": ["frontal_assault"], "rome": ["probe"]}
    s.touch()
    s = act(s, "rome", "lead", "probe")
    dice(s, 5, 4)
    s = act(s, "carthage", "match", "")
    assert s.siege_train == "praeneste" and args(s, "carthage", "retreat") == ["sena"]
    s = act(s, "carthage", "retreat", "sena")
    assert P.where(s, "mago") == "sena" and P.cu(s, "carthage", "sena") == 5
    assert s.siege_train is None and logs(s, "log.train_lost") == [{"where": "@space.praeneste"}]


# -- #29 Naval Victory ---------------------------------------------------------------------------------
def test_card29_s11_6_carthaginian_naval_victory_for_the_turn():
    s = blank()
    s = play(s, "carthage", 29)
    assert "naval_victory" in s.markers
    assert M.naval_modifier(s, "new_carthage", "carthage", 5, None) == -5
    assert not offered(s, "carthage", 29)


# -- registration and texts ----------------------------------------------------------------------------
def test_s25_events_registered_and_texts_in_both_languages():
    for key in ("corsica_sardinia_revolt", "native_guide", "hostile_tribes", "philip_v",
                "mercenaries_desert", "i_have_come_into_italy", "carthaginian_naval_victory"):
        assert key in EVENTS
    for key in ("log.ev_sortie", "prompt.ev_successor", "why.mercenaries"):
        en = RULES.tr(msg(key, where="@space.capua", n=1, g="@gen.varro"), "en")
        ru = RULES.tr(msg(key, where="@space.capua", n=1, g="@gen.varro"), "ru")
        assert en and ru and en != ru and key not in (en, ru)


def test_card11_long_lists_of_areas_are_asked_by_province_first():
    """More than 25 areas: the province first, then its areas (with a way back)."""
    s = blank()
    for sid in P.B.ports():
        s.spaces[sid].pc = "carthage"
    s = play(s, "carthage", 11)
    first = picks(s, "carthage")
    assert len(first) <= 25 and "prov:sicilia" in first
    s = pick(s, "carthage", "prov:sicilia")
    assert sorted(picks(s, "carthage")) == ["agrigentum", "lilybaeum", "messana", "panormus",
                                            "prov:"]
    s = pick(s, "carthage", "prov:")
    assert picks(s, "carthage") == first
    s = pick(s, "carthage", "prov:sicilia")
    s = pick(s, "carthage", "messana")
    assert P.cu(s, "carthage", "messana") == 1 and top(s) == SENTINEL


def test_card7_s8_4_hostile_tribes_in_response_to_an_army_entering():
    """#7 as a response (§8.4): Hannibal enters the Rhone (Transalpine Gaul) with 8 CUs; the
    Roman answers with Hostile Tribes: roll 6 on the hostile-tribe column = 2 CUs lost, and the
    move goes on with 6. Entering Massilia (another province) opens no window at all: no copy
    of a fitting card could be played there, so the Roman is not even asked."""
    s = blank()
    put(s, "carthage", "nemausus", 8, ("hannibal",))
    s = card_play(s, "carthage", [2], [7])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "hannibal")
    s = act(s, "carthage", "cus", 8)
    t = act(s, "carthage", "to", "massilia")
    assert top(t) != "respond" and not args(t, "rome", "respond")
    assert active(t) == ["carthage"]                 # Hannibal marches on, nobody was asked
    s = act(s, "carthage", "to", "rhone")
    assert args(s, "rome", "respond") == [7, 0]
    dice(s, 6)
    s = act(s, "rome", "respond", 7)
    assert P.cu(s, "carthage", "rhone") == 6 and s.move["n"] == 6
    assert 7 in s.discard and not s.truce
    assert args(s, "carthage", "to")                 # Hannibal marches on


def test_card8_s8_4_hostile_tribes_window_opens_on_entering_liguria():
    """#8 as a response (§8.4): Mago with 4 CUs steps from Nice (Massilia: no window) into the
    Western Ligurians (Liguria): the window opens; roll 3 on the hostile-tribe column (5/6) =
    1 CU lost. A Roman without cards is never asked (nothing to reveal). (#41 is in the discard
    pile: no Bad Weather window at Mago's 3rd and 4th areas.)"""
    s = blank()
    put(s, "carthage", "narbo", 4, ("mago",))
    s.discard.append(41)
    s = card_play(s, "carthage", [2], [8])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "mago")
    s = act(s, "carthage", "cus", 4)
    s = act(s, "carthage", "to", "nemausus")
    s = act(s, "carthage", "to", "massilia")
    assert top(s) != "respond" and active(s) == ["carthage"]
    s = act(s, "carthage", "to", "nice")
    assert top(s) != "respond"
    s = act(s, "carthage", "to", "western_ligurians")
    assert top(s) == "respond" and args(s, "rome", "respond") == [8, 0]
    dice(s, 3)
    s = act(s, "rome", "respond", 8)
    assert P.cu(s, "carthage", "western_ligurians") == 3 and s.move["n"] == 3
    s = blank()
    put(s, "carthage", "nice", 4, ("mago",))
    s = card_play(s, "carthage", [2], [])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "mago")
    s = act(s, "carthage", "cus", 4)
    s = act(s, "carthage", "to", "western_ligurians")
    assert top(s) != "respond" and active(s) == ["carthage"]


def test_card23_s25_numidian_ally_not_offered_where_carthaginian_cus_stand():
    s = blank()
    for a in ("sitilis", "cirta", "thamugadi", "thubursicu", "thevestis"):
        put(s, "carthage", a, 1)
    assert not offered(s, "rome", 23)
    assert not offered(s, "carthage", 23)            # a Roman event (§8.3)


def test_s25_truce_classes_of_these_events():
    """§25: a revolt (#1) ends a Truce; the Guide (#5) moves troops and does not; Traitor in
    Tarentum (#18) is not offered during a Truce (no assaults)."""
    s = blank()
    s.truce = True
    put(s, "carthage", "tarentum", 3, ("hannibal",))
    assert not offered(s, "carthage", 18)
    put(s, "carthage", "mutina", 2, ("mago",))
    s = play(s, "carthage", 5)
    assert s.truce
    s = blank()
    s.truce = True
    s = play(s, "carthage", 1)
    assert not s.truce and logs(s, "log.truce_ends")


def test_card7_s8_4_hostile_tribes_in_response_to_a_card_against_standing_troops():
    """#7 as a response (§8.4, §25): 3 Carthaginian CUs without a general stand in the Eastern
    Ligurians; when Carthage plays a card (here for OPS, to move Hannibal in Iberia) the Roman
    answers before it takes effect: roll 5 on the hostile-tribe column = 2 CUs lost; then
    Hannibal's move goes on."""
    s = blank()
    put(s, "carthage", "eastern_ligurians", 3)
    put(s, "carthage", "saguntum", 5, ("hannibal",))
    s = card_play(s, "carthage", [2], [7])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    assert top(s) == "respond" and s.flow[-1]["trigger"] == "card"
    assert active(s) == ["rome"] and args(s, "rome", "respond") == [7, 0]
    dice(s, 5)
    s = act(s, "rome", "respond", 7)
    assert P.cu(s, "carthage", "eastern_ligurians") == 1 and 7 in s.discard
    assert logs(s, "log.attrition")[0]["why"] == "@why.hostile_tribes"
    assert active(s) == ["carthage"] and args(s, "carthage", "general") == ["hannibal"]


def test_card8_s8_4_the_card_window_opens_on_public_facts_only():
    """#8 (§8.4): with enemy CUs in Transalpine Gaul the Roman is asked after every Carthaginian
    card, whatever he holds (here no Hostile Tribes: only "no response"), so being asked tells
    nothing about his hand; without enemy CUs there he is never asked."""
    s = blank()
    put(s, "carthage", "rhone", 4, ("hannibal",))
    s = card_play(s, "carthage", [2], [61])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    assert top(s) == "respond" and args(s, "rome", "respond") == [0]
    s = act(s, "rome", "respond", 0)
    assert args(s, "carthage", "general") == ["hannibal"]
    s = blank()
    put(s, "carthage", "massilia", 4, ("hannibal",))       # Massilia: not Transalpine Gaul
    s = card_play(s, "carthage", [2], [8])
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    assert top(s) != "respond" and active(s) == ["carthage"]


# -- questions that find nothing to ask --------------------------------------------------------------------
def test_ask_without_options_asks_nothing():
    """A question with no options is not asked: nothing is pushed and its continuation never
    runs; with options the question waits for its role."""
    s = blank()
    s.flow = []
    assert P.ask(s, "rome", "prompt.ev_force", [], then="ev_a:tribes") is None
    assert s.flow == []
    f = P.ask(s, "rome", "prompt.ev_force",
              [("massilia", "choice.ev_force", {"where": "@space.massilia", "n": 1})],
              then="ev_a:tribes")
    assert f is not None and top(s) == "pick" and f["options"][0][0] == "massilia"


def test_s19_2_ops_pcs_close_by_themselves_once_a_pc_is_down(monkeypatch: Any) -> None:
    """§19.2 with OPS: after a PC is placed the question closes when no area is left for
    another; a placement that could not place even one PC is a bug (flow.run raises)."""
    monkeypatch.setattr(C, "pc_spots", lambda s, side: [])
    s = blank()
    s.flow = []
    s.hands = {"rome": [SENTINEL_CARD], "carthage": []}
    push(s, "play", role="rome")
    push(s, "pcs", role="rome", left=2, done=["massilia"])
    run(s)
    assert top(s) == "play"
    s = blank()
    s.flow = []
    s.hands = {"rome": [SENTINEL_CARD], "carthage": []}
    push(s, "play", role="rome")
    push(s, "pcs", role="rome", left=2, done=[])
    with pytest.raises(RuntimeError, match="pcs"):
        run(s)


# -- #9 Philip V: the lost card is the Truce (§8.7) ----------------------------------------------------
def test_card9_s8_7_truce_lost_to_philip_v_reshuffles_at_the_end_of_turn():
    """§8.7: the deck is reshuffled at the end of the turn when the Truce card is played in any
    way or discarded. Carthage plays #9: Rome's card drawn at random (index 1) is the Truce
    (#64): it goes to the discard pile without its event (no Truce), and the reshuffle is due."""
    s = blank()
    s = card_play(s, "carthage", [9], [2, 64, 4])
    s.flow.insert(0, {"k": SENTINEL, "role": "carthage"})
    s = act(s, "carthage", "card", 9)
    dice(s, "#1")
    s = act(s, "carthage", "use", "event")
    assert s.hands["rome"] == [2, 4] and 64 in s.discard
    assert s.reshuffle and not s.truce


def test_card9_s8_7_another_lost_card_no_reshuffle():
    """#9: a lost card other than the Truce does not bring the reshuffle."""
    s = blank()
    s = card_play(s, "carthage", [9], [2, 64, 4])
    s.flow.insert(0, {"k": SENTINEL, "role": "carthage"})
    s = act(s, "carthage", "card", 9)
    dice(s, "#0")
    s = act(s, "carthage", "use", "event")
    assert 2 in s.discard and not s.reshuffle


# -- #31 Spanish Allies Desert ----------------------------------------------------------------------------
def _battle_at_saguntum(rome_hand: list[int]) -> HState:
    """Hasdrubal (6 CUs) attacks Publius Scipio (5 CUs) at Saguntum (Iberia, Orospeda)."""
    s = blank()
    put(s, "carthage", "segobriga", 6, ("hasdrubal",))
    put(s, "rome", "saguntum", 5, ("p_scipio",))
    s = card_play(s, "carthage", [2], rome_hand)
    s.flow.insert(0, {"k": SENTINEL, "role": "carthage"})
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "hasdrubal")
    s = act(s, "carthage", "cus", 6)
    s = act(s, "carthage", "to", "saguntum")
    return act(s, "rome", "here", "stand")


def test_card31_s25_spanish_allies_desert_in_an_iberian_battle():
    """#31 (§25, §14.3): in a battle in Iberia the opponent gets no ally cards from the Iberian
    provinces: Carthage would have Hasdrubal 3 + 6 CUs + 3 Iberian allies = 12; after Rome's
    #31, 9 (Rome: Scipio 2 + 5 CUs = 7)."""
    s = _battle_at_saguntum([31])
    assert s.flow[-1]["trigger"] == "battle" and args(s, "rome", "respond") == [31, 0]
    t = act(s, "rome", "respond", 0)
    assert t.battle["counts"] == {"carthage": 12, "rome": 7}
    assert t.battle["parts_carthage"] == {"rating": 3, "cus": 6, "allies": 3}
    s = act(s, "rome", "respond", 31)
    assert 31 in s.discard
    assert set(s.battle["no_allies"]["carthage"]) == {"baetica", "orospeda", "celtiberia",
                                                      "idubeda"}
    assert s.battle["counts"] == {"carthage": 9, "rome": 7}
    assert s.battle["parts_carthage"] == {"rating": 3, "cus": 6}


def test_card31_s25_spanish_allies_desert_only_in_iberia():
    """#31 answers only a battle in Iberia: not at Praeneste (Italy), and never as a normal
    event."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("varro",))
    s.battle = {"space": "praeneste", "counts": {}, "winner": None}
    assert not EVENTS["spanish_allies_desert"].can_respond(s, "rome", 31, {"space": "praeneste"})
    assert EVENTS["spanish_allies_desert"].can_respond(s, "rome", 31, {"space": "saguntum"})
    s.battle = None
    assert not offered(s, "rome", 31)
