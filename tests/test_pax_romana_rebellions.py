"""Pax Romana's Advanced Game rebellions (§13.3): the Rebellion card (kind 29) rolls 2d6 on the
Rebellion Table (2 Naval Mutiny, 3 Cyprus, 4 Judaea, 5 Mauretania, 6 Hispania, 7 Gaul, 8 Danube,
9 Germania, 10 Africa, 11 Sardinia, 12 Britannia) and each region's rules follow, with scripted
dice and exact outcomes."""

from __future__ import annotations

from typing import Any

import games.pax_romana.cards  # noqa: F401 - the card kinds register
from games.pax_romana import rebellions
from games.pax_romana.activation import other_armies
from games.pax_romana.cards.registry import rule
from games.pax_romana.control import province_map
from games.pax_romana.economy import income_of
from games.pax_romana.flow import active, run
from games.pax_romana.movement import may_enter, may_withdraw, movement_points, step_cost
from games.pax_romana.naval import sea_targets
from games.pax_romana.rules import RULES
from games.pax_romana.state import City, LeaderState, PRState
from tests.pax_romana_support import act, blank, choices, dice, hold


def _play(s: PRState, *faces: int, power: str = "rome") -> PRState:
    """Play the card with these die faces (the 2d6 first), then run to the first question."""
    hold(s, "east")
    dice(s, *faces)
    rule(29).play(s, power, {})
    run(s)
    return RULES.copy(s)


def _answer_all(s: PRState, prefer: dict[str, Any] | None = None,
                stop: str = "am") -> PRState:
    """Answer every question up to the held AM (or a frame of kind ``stop``): the preferred
    verb where offered, else the first choice."""
    prefer = prefer or {}
    for _ in range(50):
        if s.flow and s.flow[-1]["k"] in (stop, "am"):
            return s
        roles = active(s)
        if not roles:
            return s
        role = roles[0]
        options = choices(s, role)
        pick = next((o for o in options if o[0] in prefer and prefer[o[0]] in (o[1], None)),
                    options[0])
        s = act(s, role, *pick)
    return s


def test_rebellion_card_is_play_when_drawn() -> None:
    assert rule(29).when_drawn


# -- Naval Mutiny (2) ---------------------------------------------------------------------------
def test_naval_mutiny_the_cards_player_picks_any_fleet() -> None:
    s = blank()
    s.add("carthage", "carthage", "GS", 3)
    s.add("ostia", "rome", "GS", 2)
    s = _play(s, 1, 1, power="greece")
    assert sorted(choices(s, "greece")) == [("fleet", "carthage|carthage"),
                                            ("fleet", "ostia|rome")]
    s = act(s, "greece", "fleet", "carthage|carthage")
    assert s.mutinied == ["carthage|carthage"]


# -- Cyprus (3) -------------------------------------------------------------------------------------
def test_13_3_cyprus_closes_its_spaces_to_fleets_this_turn_but_not_where_one_has_galleys() -> None:
    s = blank()
    s = _play(s, 1, 2)
    assert s.card_effects["cyprus_revolt"] == s.turn
    # Arsinoe's neighbours: Salamis and Paphos are closed, the open sea is not
    assert sea_targets(s, "east", "arsinoe", ["arsinoe"]) == ["ntp_mare_pamphylium"]
    s.add("salamis", "east", "GS", 1)
    assert sea_targets(s, "east", "arsinoe", ["arsinoe"]) == ["ntp_mare_pamphylium", "salamis"]
    assert sea_targets(s, "rome", "arsinoe", ["arsinoe"]) == ["ntp_mare_pamphylium"]
    s.turn += 1                                     # the next Game Turn: open again
    assert sea_targets(s, "rome", "arsinoe", ["arsinoe"]) == [
        "ntp_mare_pamphylium", "paphos", "salamis"]


def test_13_3_cyprus_closes_its_spaces_to_naval_transport_too() -> None:
    from games.pax_romana.naval import transport_choices
    s = _play(blank(), 1, 2)
    f = {"k": "move_army", "role": "east", "owner": "east", "at": "ntp_mare_pamphylium",
         "mp": 6, "units": {"LI": 1}, "sea": {"path": ["ntp_mare_pamphylium"], "stopped": False,
                                              "paid": True, "galleys": 1}}
    s.add("ntp_mare_pamphylium", "east", "GS", 1)
    sails = {a for v, a in ((c.verb, c.arg) for c in transport_choices(s, f)) if v == "sail_to"}
    assert sails == {"seleucia", "side"}           # not Arsinoe nor Paphos


# -- Judaea (4) -------------------------------------------------------------------------------------
def test_13_3_judaea_garrisons_go_a_unit_is_destroyed_and_the_br_takes_a_free_city() -> None:
    s = blank()
    s.add("jerusalem", "east", "GR", 2)
    s.add("joppa", "east", "LI", 2)
    s.add("joppa", "east", "HI", 1)
    s.cities["gaza"] = City(owner="east", kind="city", fp=5)
    s = _play(s, 2, 2)
    assert s.stack("jerusalem", "east") == {}
    assert sorted(choices(s, "rome")) == [("unit", "joppa|east|HI"), ("unit", "joppa|east|LI")]
    s = act(s, "rome", "unit", "joppa|east|LI")
    assert s.stack("joppa", "east") == {"LI": 1, "HI": 1}
    # the unoccupied city of Gaza is the only place: the BR goes there and holds it
    assert s.stack("gaza", "barbarian") == {"BR": 1}
    assert s.cities["gaza"].owner == "barbarian"
    assert s.card_effects["rebels"] == {"gaza": "judaea"}


def test_13_3_judaea_two_mp_a_space_while_a_jewish_br_lives() -> None:
    s = blank()
    s.add("joppa", "east", "GR", 1)
    assert step_cost(s, "tyre", "joppa") == 1
    s = _play(s, 2, 2)
    s = _answer_all(s, {"place": "gaza"})
    assert s.stack("gaza", "barbarian") == {"BR": 1}
    assert step_cost(s, "tyre", "joppa") == 2
    assert step_cost(s, "joppa", "jerusalem") == 2
    assert step_cost(s, "jerusalem", "damascus") == 1      # out of Judaea
    s.remove("gaza", "barbarian", "BR")
    assert step_cost(s, "tyre", "joppa") == 1


# -- Mauretania (5) ----------------------------------------------------------------------------------
def test_13_3_mauretania_one_br_in_every_unoccupied_space_and_nobody_controls_it() -> None:
    s = blank()
    s.add("tingis", "carthage", "LI", 1)
    s.add("volubilis", "carthage", "LI", 1)
    s.add("siga", "carthage", "LI", 1)
    assert province_map(s)["mauretania"] == "carthage"
    s = _play(s, 2, 3)
    assert s.stack("iol", "barbarian") == {"BR": 1}
    assert [sp for sp in ("tingis", "volubilis", "siga") if s.stack(sp, "barbarian")] == []
    assert province_map(s)["mauretania"] is None
    s.remove("iol", "barbarian", "BR")
    assert province_map(s)["mauretania"] == "carthage"


# -- Hispania (6) ------------------------------------------------------------------------------------
def test_13_3_hispania_a_garrison_goes_3_br_rise_and_neighbours_cost_1_mp_more() -> None:
    s = blank()
    s.add("tarraco", "rome", "GR", 2)
    s.add("olisipo", "carthage", "LI", 1)
    s.add("emerita", "carthage", "LI", 1)
    s.add("herminius", "carthage", "LI", 1)
    s = _play(s, 3, 3)
    # one garrison only: it goes by itself; then Conimbriga or Numantia
    assert s.stack("tarraco", "rome") == {"GR": 1}
    assert sorted(choices(s, "rome")) == [("place", "conimbriga"), ("place", "numantia")]
    s = act(s, "rome", "place", "conimbriga")
    assert s.stack("conimbriga", "barbarian") == {"BR": 3}
    assert step_cost(s, "emerita", "olisipo") == 2            # linked to Conimbriga
    assert step_cost(s, "conimbriga", "bracara") == 2          # Gallaecia, linked too
    assert step_cost(s, "herminius", "emerita") == 1           # not linked


def test_13_3_hispania_without_garrisons_and_numantia_held_the_rebels_take_lusitania() -> None:
    s = blank()
    s.add("numantia", "rome", "LI", 1)
    s.cities["olisipo"] = City(owner="carthage", kind="settlement", fp=2)
    s.add("emerita", "carthage", "LI", 1)
    s.add("herminius", "carthage", "LI", 1)
    s = _play(s, 3, 3)
    assert s.stack("conimbriga", "barbarian") == {"BR": 3}      # the only place left
    assert s.card_effects["rebels"] == {"conimbriga": "hispania"}


# -- Gaul (7) -----------------------------------------------------------------------------------------
def _hold_belgica(s: PRState) -> None:
    for sp in ("bibracte", "vesontio", "durocortorum", "divodurum", "augusta_treverorum"):
        s.add(sp, "rome", "GR", 1)


def test_13_3_gaul_nobody_holds_a_province_the_player_may_remove_a_garrison() -> None:
    s = blank()
    s.add("narbo", "rome", "GR", 2)
    s.add("massilia", "greece", "GR", 1)                 # nobody holds Narbonensis
    s = _play(s, 3, 4, power="carthage")
    assert choices(s, "carthage") == [("garrison", "narbo|rome"),
                                      ("garrison", "massilia|greece"), ("none", None)]
    s = act(s, "carthage", "garrison", "narbo|rome")
    assert s.stack("narbo", "rome") == {"GR": 1}
    assert s.stack("massilia", "greece") == {"GR": 1}


def test_13_3_gaul_local_rebellion_destroys_up_to_8_bp_and_raises_the_province() -> None:
    """One province held, 1d6 = 5: 6, a Local Rebellion; the 4 LG (16 BP) are safe, the
    garrison-and-leader space is struck: 3 BR there, 1 BR in each uncontrolled space."""
    s = blank()
    _hold_belgica(s)
    s.add("bibracte", "rome", "LG", 4)
    s.cities["vesontio"] = City(owner="rome", kind="settlement", fp=2)
    s.leaders["rome_01"] = LeaderState(owner="rome", at="divodurum")
    s = _play(s, 3, 4, 5)
    assert sorted(choices(s, "rome")) == [("strike", "augusta_treverorum|rome"),
                                          ("strike", "divodurum|rome"),
                                          ("strike", "durocortorum|rome")]
    s = act(s, "rome", "strike", "divodurum|rome")
    assert "rome_01" not in s.leaders and "rome_01" in s.powers["rome"].pool
    assert s.stack("divodurum", "barbarian") == {"BR": 3}
    assert s.stack("divodurum", "rome") == {}
    for sp in ("samarobriva", "bagacum", "gesoriacum"):
        assert s.stack(sp, "barbarian") == {"BR": 1}
    assert not s.gaul_mass_rebellion


def _mass(s: PRState, army: tuple[int, int] = (4, 5)) -> PRState:
    """2d6 = 7 (Gaul), 1d6 = 6: 7 with one province held: the Mass Rebellion in
    Lugdunensis; ``army``: the 2d6 of its BR."""
    _hold_belgica(s)
    s.add("lugdunum", "rome", "LI", 2)
    s.cities["lugdunum"] = City(owner="rome", kind="city", fp=5)
    s.add("lutetia", "rome", "LI", 1)
    s = _play(s, 3, 4, 6, power="carthage")
    dice(s, *army)
    s = act(s, "carthage", "province", "lugdunensis")
    return s


def test_13_3_gaul_mass_rebellion_clears_the_province_and_places_the_gallic_army() -> None:
    s = _mass(blank())
    assert s.gaul_mass_rebellion
    assert s.stack("lutetia", "rome") == {}               # no city: removed
    assert s.stack("lugdunum", "rome") == {"LI": 2}       # the city's space keeps its army
    s = act(s, "carthage", "place", "cenabum")
    assert s.stack("cenabum", "barbarian") == {"BR": 9}
    assert s.leaders["gallic_mass_rebellion"].at == "cenabum"
    army = s.barbarian_armies[0]
    assert (army["group"], army["mover"], army["removal_turn"]) == (
        "gallic_rebellion", "carthage", s.turn + 1)
    # any Power may move it with its Major Move this turn (A30), again and again
    assert other_armies(s, "rome") == ["cenabum|barbarian"]
    army["moved_by"] = "rome"
    assert other_armies(s, "rome") == ["cenabum|barbarian"]


def test_13_3_gaul_mass_rebellion_happens_once_then_local() -> None:
    s = blank()
    s.gaul_mass_rebellion = True
    _hold_belgica(s)
    s = _play(s, 3, 4, 6, power="carthage")
    assert {v for v, _ in choices(s, "carthage")} == {"strike"}


def test_13_3_gallic_army_never_leaves_gaul_and_keeps_apart_from_other_barbarians() -> None:
    s = _mass(blank(), (1, 1))
    s = act(s, "carthage", "place", "cenabum")
    f = {"owner": "barbarian", "role": "rome", "start": "cenabum", "at": "cenabum",
         "units": {"BR": 2}, "leaders": ["gallic_mass_rebellion"], "mp": 9,
         "path": ["cenabum"]}
    assert may_enter(s, f, "cenabum", "lutetia") == 1
    assert rebellions.barred(s, "cenabum", "lutetia") is False
    s.add("lutetia", "barbarian", "BR", 1)
    assert may_enter(s, f, "cenabum", "lutetia") is None
    # out of mainland Gaul, or into Britannia: never
    assert rebellions.barred(s, "cenabum", "londinium") is True
    assert rebellions.barred(s, "cenabum", "genua") is True


def test_13_3_gallic_army_placed_on_an_army_attacks_and_its_mover_pays_2_mp() -> None:
    s = _mass(blank(), (6, 6))
    s = act(s, "carthage", "place", "lugdunum")
    army = s.barbarian_armies[0]
    assert army["attacked"] is True
    # the Romans there are offered a withdrawal before the battle
    assert s.flow[-1]["k"] == "withdraw" and s.flow[-1]["role"] == "rome"
    f = {"owner": "barbarian", "role": "carthage", "start": "lugdunum", "units": {"BR": 12},
         "leaders": ["gallic_mass_rebellion"]}
    s.barbarian_armies[0]["at"] = "lugdunum"
    dice(s, 3)
    assert movement_points(s, f) == 5 + 3 - 2
    dice(s, 3)
    assert movement_points(s, f) == 5 + 3                  # paid once


def test_13_3_gaul_objection_option_keeps_the_army_for_its_player() -> None:
    s = _mass(blank(gaul_objection=True), (1, 1))
    s = act(s, "carthage", "place", "cenabum")
    assert choices(s, "carthage") == [("gaul_share", True), ("gaul_share", False)]
    s = act(s, "carthage", "gaul_share", False)
    assert other_armies(s, "rome") == []
    assert other_armies(s, "carthage") == ["cenabum|barbarian"]


def test_13_3_gallic_army_leaves_in_the_next_removal_phase() -> None:
    from games.pax_romana.leaders import removal_phase
    s = _mass(blank(), (1, 1))
    s = act(s, "carthage", "place", "cenabum")
    s.flow = []
    s.turn += 1
    removal_phase(s)
    assert s.stack("cenabum", "barbarian") == {}
    assert "gallic_mass_rebellion" not in s.leaders


# -- Danube (8), Germania (9) -------------------------------------------------------------------------
def test_13_3_danube_destroys_one_space_of_at_most_8_bp_and_its_leaders() -> None:
    s = blank()
    s.add("salona", "rome", "LG", 3)                     # 12 BP: safe
    s.add("siscia", "greece", "HI", 2)                   # 6 BP
    s.add("siscia", "greece", "GS", 1)                   # galleys are not land units
    s.leaders["greece_01"] = LeaderState(owner="greece", at="siscia")
    s = _play(s, 4, 4)
    assert s.stack("siscia", "greece") == {"GS": 1}
    assert "greece_01" not in s.leaders
    assert s.stack("salona", "rome") == {"LG": 3}


def test_13_3_germania_the_cards_player_chooses_among_several() -> None:
    s = blank()
    s.add("colonia", "rome", "LI", 2)
    s.add("moguntiacum", "greece", "GR", 1)
    s.add("salona", "carthage", "LI", 1)                  # the Danube, not Germania
    s = _play(s, 4, 5, power="east")
    assert sorted(choices(s, "east")) == [("strike", "colonia|rome"),
                                          ("strike", "moguntiacum|greece")]
    s = act(s, "east", "strike", "moguntiacum|greece")
    assert s.stack("moguntiacum", "greece") == {}
    assert s.stack("colonia", "rome") == {"LI": 2}


def test_13_3_danube_without_units_no_event() -> None:
    s = _play(blank(), 4, 4)
    assert s.log[-1].msg.key == "log.no_effect"


# -- Africa (10) --------------------------------------------------------------------------------------
def test_13_3_africa_without_mercenaries_no_event() -> None:
    s = blank()
    s.add("thapsus", "carthage", "LI", 2)
    s = _play(s, 5, 5)
    assert s.stack("thapsus", "carthage") == {"LI": 2}
    assert "rebels" not in s.card_effects


def test_13_3_africa_mercenaries_mutiny_and_africa_yields_no_income() -> None:
    """Each group becomes as many BR as its BP (2 MHI + 1 MLI: 7); Africa's income is lost
    until they are destroyed."""
    from games.pax_romana.control import data
    s = blank()
    for sp in ("carthage", "utica", "hadrumetum", "thapsus", "zama"):
        s.add(sp, "carthage", "GR", 1)
    s.add("thevestis", "carthage", "MHI", 2)
    s.add("thevestis", "carthage", "MLI", 1)
    before = income_of(s, "carthage")
    s = _play(s, 5, 5)
    assert s.stack("thevestis", "carthage") == {}
    assert s.stack("thevestis", "barbarian") == {"BR": 7}
    assert province_map(s)["africa"] == "carthage"
    assert income_of(s, "carthage") == before - data().provinces["africa"].income
    s.remove("thevestis", "barbarian", "BR", 7)
    assert income_of(s, "carthage") == before


def test_13_3_africa_beaten_mutineers_are_destroyed() -> None:
    s = blank()
    s.add("thapsus", "carthage", "MHI", 1)
    s.add("thapsus", "carthage", "LI", 2)
    # the BR (3 BP) attack the LI (2 BP): rolls BR 1, Carthage 6
    s = _play(s, 5, 5, 1, 6)
    s = _answer_all(s)
    assert s.stack("thapsus", "barbarian") == {}
    assert s.stack("thapsus", "carthage").get("LI", 0) >= 1


def test_13_3_africa_victorious_mutineers_drive_the_carthaginians_out() -> None:
    s = blank()
    s.add("thapsus", "carthage", "MHI", 1)
    s.add("thapsus", "carthage", "LI", 3)
    # 3 BR against 3 LI: rolls BR 6, Carthage 1 (60% lost: 2 LI); Carthage stands, then
    # must go
    s = _play(s, 5, 5, 6, 1)
    s = _answer_all(s, {"stand": None}, stop="rebels_choice")
    assert s.flow[-1]["k"] == "rebels_choice" and s.flow[-1]["role"] == "carthage"
    assert ("retreat", "hadrumetum") in choices(s, "carthage")
    s = act(s, "carthage", "retreat", "hadrumetum")
    assert s.stack("thapsus", "carthage") == {}
    assert s.stack("hadrumetum", "carthage") == {"LI": 1}
    assert s.stack("thapsus", "barbarian").get("BR", 0) >= 1


# -- Sardinia (11), Britannia (12) ---------------------------------------------------------------------
def test_13_3_sardinia_one_br_where_nothing_or_only_a_garrison_stands() -> None:
    s = blank()
    for sp in ("tharros", "olbia", "barbaria"):
        s.add(sp, "carthage", "LI", 1)
    s.add("caralis", "carthage", "GR", 2)
    s.add("caralis", "carthage", "GS", 1)
    s = _play(s, 5, 6)
    assert s.stack("caralis", "carthage") == {"GS": 1}
    assert s.stack("caralis", "barbarian") == {"BR": 1}


def test_13_3_britannia_garrisons_go_3_br_rise_and_nobody_controls_it() -> None:
    s = blank()
    for sp in ("londinium", "durovernum", "camulodunum", "noviomagus", "isca"):
        s.add(sp, "rome", "GR", 1)
    s.add("corinium", "rome", "LI", 1)
    s.add("lindum", "rome", "LI", 1)
    assert province_map(s)["britannia"] == "rome"
    s = _play(s, 6, 6, power="greece")
    assert s.stack("londinium", "rome") == {}
    assert sorted(choices(s, "greece"))[:2] == [("place", "camulodunum"),
                                                ("place", "durovernum")]
    s = act(s, "greece", "place", "eboracum")
    assert s.stack("eboracum", "barbarian") == {"BR": 3}
    # §13.2.3: rebels never move, withdraw or retreat
    assert other_armies(s, "greece") == [] and other_armies(s, "rome") == []
    assert may_withdraw(s, "barbarian") is False
    for sp in ("londinium", "durovernum", "camulodunum", "noviomagus", "isca"):
        s.add(sp, "rome", "LI", 1)
    assert province_map(s)["britannia"] is None
    s.remove("eboracum", "barbarian", "BR", 3)
    assert province_map(s)["britannia"] == "rome"


def test_17_2_rebellion_card_drawn_in_the_card_segment_is_played_at_once() -> None:
    """Through the Card Segment (§17.1.2): Rome draws the Rebellion card with its AM; 2d6 = 12,
    Britannia: Rome places the Britons, and the card is discarded."""
    from tests.pax_romana_support import fresh
    s = blank("V", advanced=True)
    s.hands = {p: [] for p in s.roles}
    s.deck, s.discard, s.removed_cards = [29], [], []
    hold(s, "east")
    s.flow.append({"k": "am", "role": "rome", "free": False})
    s = fresh(s)
    run(s)
    dice(s, 6, 6)
    s = act(s, "rome", "pay", 1)
    assert s.discard == [29] and s.hands["rome"] == []
    assert s.flow[-1]["k"] == "rebels_choice" and s.flow[-1]["role"] == "rome"
    s = act(s, "rome", "place", "isca")
    assert s.stack("isca", "barbarian") == {"BR": 3}


def test_13_2_7_the_gallic_army_pillages_a_city_it_takes_for_nothing() -> None:
    """§13.2.7: Barbarians capturing a city try to pillage it; no Talents are rolled for them,
    and then 1d6 against the leader's Campaign says whether they move on."""
    from games.pax_romana import cities
    s = blank()
    s.cities["lugdunum"] = City(owner="independent", kind="city", fp=3)
    treasuries = {p: x.treasury for p, x in s.powers.items()}
    dice(s, 6, 4, 5)
    assert cities.pillage(s, "barbarian", "lugdunum", 5, False, barbarian=True) is True
    assert s.log[-1].msg.key == "log.pillaged" and s.log[-1].msg.args["n"] == 0
    assert {p: x.treasury for p, x in s.powers.items()} == treasuries


def test_13_3_another_power_moves_the_gallic_army_with_its_major_move() -> None:
    """After the Mass Rebellion, Rome's Expansion offers the Gallic army for its Major Move
    (A30); its MP are the Gallic leader's Campaign 5 + 1d6, no placement cost for Rome."""
    s = _mass(blank(), (2, 2))
    s = act(s, "carthage", "place", "cenabum")
    s.flow.append({"k": "expansion", "role": "rome", "majors": 1, "extra": 0, "minors": 2})
    s = act(s, "rome", "menu", "major")
    assert ("from", "cenabum|barbarian") in choices(s, "rome")
    s = act(s, "rome", "from", "cenabum|barbarian")
    dice(s, 3)
    s = act(s, "rome", "go")
    assert s.flow[-1]["k"] == "move_army" and s.flow[-1]["mp"] == 8
    targets = {a for v, a in choices(s, "rome") if v == "to"}
    assert "avaricum" in targets
    s = act(s, "rome", "to", "avaricum")
    assert s.stack("avaricum", "barbarian") == {"BR": 4}
    assert s.leaders["gallic_mass_rebellion"].at == "avaricum"
    assert s.barbarian_armies[0]["at"] == "avaricum"


def test_13_3_rebellion_region_names_come_from_the_rebellion_table_alone() -> None:
    """§13.3: each region's name, English and Russian, is written once, in the Rebellion Table
    of ``tables.json``; the engine's texts and the pictures' labels both read it there."""
    from games.pax_romana.control import data
    from games.pax_romana.texts import TEXTS
    from renderers.pax_romana.labels import text
    rows = data().tables.rebellion_table.rows
    names = {r.region: (r.name, r.name_ru) for r in rows}
    assert names == {
        "naval_mutiny": ("Naval Mutiny", "Морской мятеж"), "cyprus": ("Cyprus", "Кипр"),
        "judaea": ("Judaea", "Иудея"), "mauretania": ("Mauretania", "Мавритания"),
        "hispania": ("Hispania", "Испания"), "gaul": ("Gaul", "Галлия"),
        "danube": ("Danube", "Дунай"), "germania": ("Germania", "Германия"),
        "africa": ("Africa", "Африка"), "sardinia": ("Sardinia", "Сардиния"),
        "britannia": ("Britannia", "Британия")}
    for region, (en, ru) in names.items():
        assert (TEXTS["en"][f"region.{region}"], TEXTS["ru"][f"region.{region}"]) == (en, ru)
        assert (text(f"rebellion.{region}", "en"), text(f"rebellion.{region}", "ru")) == (en, ru)
