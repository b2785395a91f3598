"""Phase 3, Building (spec B.3; rulebook §3, §3.1, §3.1.1-§3.1.3, §3.2, §10, §11; readings C9-C12,
C25, C26, C29, C35)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.mare_nostrum import board as B
from games.mare_nostrum import building as K
from tests.test_mare_nostrum_kit import (
    RULES,
    act,
    active,
    builder,
    choices,
    empty,
    enter,
    game,
    hand,
    logs,
    top,
    verbs,
)


def build(s, role, item, target, pay):
    """Build one item: choose it, its place, and pay with a ready-made set or kind by kind."""
    s = act(s, role, "item", item)
    s = act(s, role, "at", target)
    if isinstance(pay, str):
        return act(s, role, "set", pay) if "+" in pay or pay == "coin" else act(s, role, *pay)
    verb, arg = pay
    if verb == "add":
        for k in arg:
            s = act(s, role, "add", k)
        return s
    return act(s, role, verb, arg)


# -- order (§3) -------------------------------------------------------------------------------------
def test_b3_1_the_culture_leader_names_each_builder():
    s = enter(game(3), "build")
    assert active(s) == ["greece"]                      # Culture Leader with 3 players
    assert choices(s, "greece") == [("builder", r) for r in ("rome", "greece", "carthage")]
    s = act(s, "greece", "builder", "greece")           # he may name himself
    assert active(s) == ["greece"] and top(s) == "build"
    s = act(s, "greece", "done")
    assert choices(s, "greece") == [("builder", "rome"), ("builder", "carthage")]
    s = act(s, "greece", "builder", "carthage")
    s = act(s, "carthage", "done")
    assert active(s) == ["rome"]                         # the last one needs no naming
    s = act(s, "rome", "done")
    assert s.phase == "movement"


# -- payment sets (§3, §10; spec B.3.3) --------------------------------------------------------------
EXAMPLE = {"coin": 3, "grain": 2, "wood": 1, "sheep": 1, "gold": 1, "gladiator": 1}


def test_b3_3_rulebook_example_sets():
    """§3: 3 Coins, 2 Grain, Wood, Sheep, Gold, Gladiator: three 3-sets, never a 6-set."""
    assert K.valid_set(["coin"] * 3, 3)
    assert K.valid_set(["grain", "wood", "sheep"], 3)
    assert K.valid_set(["grain", "gold", "gladiator"], 3)
    assert not K.valid_set(["grain", "grain", "wood"], 3)
    assert not K.valid_set(["coin", "grain", "wood"], 3)
    assert not K.can_complete([], dict(EXAMPLE), 6, False, False)
    s = builder(game(5), "rome")
    hand(s, "rome", EXAMPLE)
    # a Caravan and two Legions, as in the example
    empty(s, "cisalpina")
    s.provinces["cisalpina"].controller = "rome"
    s.touch()
    s = build(s, "rome", "caravan", "cisalpina:0", "coin+coin+coin")
    s = build(s, "rome", "legion", "italia", ("add", ["grain", "wood", "sheep"]))
    s = build(s, "rome", "legion", "italia", ("add", ["grain", "gold", "gladiator"]))
    assert B.hand_size(s, "rome") == 0
    assert s.provinces["italia"].legions == {"rome": 3}
    assert s.provinces["cisalpina"].caravans == [True, False]


def test_b3_3_hannibal_may_use_one_kind_twice():
    """§10 Hannibal: {Grain, Grain, Sheep, Gladiator, Gold, Wood} pays a 6-cost item."""
    assert K.valid_set(["grain", "grain", "sheep", "gladiator", "gold", "wood"], 6, hannibal=True)
    assert not K.valid_set(["grain", "grain", "sheep", "sheep", "gold", "wood"], 6, hannibal=True)
    assert not K.valid_set(["grain"] * 3, 3, hannibal=True)
    assert K.can_complete([], dict(EXAMPLE), 6, True, False)
    s = builder(game(5), "carthage")
    hand(s, "carthage", EXAMPLE)
    s = build(s, "carthage", "temple", "africa",
              ("add", ["grain", "grain", "sheep", "gladiator", "gold", "wood"]))
    s = build(s, "carthage", "legion", "africa", "coin+coin+coin")
    assert s.provinces["africa"].temple and B.hand_size(s, "carthage") == 0


def test_b3_3_cleopatra_swaps_one_in_a_set():
    """§10 Cleopatra: a Goods set with 1 Coin instead of a Good, a Coin set with 1 Good."""
    assert K.valid_set(["coin", "grain", "wood"], 3, cleopatra=True)
    assert K.valid_set(["coin", "coin", "wood"], 3, cleopatra=True)
    assert not K.valid_set(["coin", "coin", "wood", "grain"], 4, cleopatra=True)
    assert not K.valid_set(["coin", "grain", "grain"], 3, cleopatra=True)
    s = builder(game(5), "egypt")
    hand(s, "egypt", {"coin": 3, "papyrus": 1, "gold": 1})
    s = build(s, "egypt", "legion", "aegyptus", ("add", ["coin", "papyrus", "gold"]))
    assert B.hand_size(s, "egypt") == 2


def test_b3_3_rare_goods_count_as_their_kind():
    """§1.2: a Rare Sheep and a Sheep cannot be in one set; Hannibal may pair them."""
    s = builder(game(5), "rome")
    hand(s, "rome", {"sheep": 1, "wine": 1}, rare=["sheep"])
    assert not K.can_pay(s, "rome", 3)
    assert ("item", "legion") not in choices(s, "rome")
    hand(s, "rome", {"sheep": 1, "wine": 1, "oil": 1}, rare=["sheep"])
    assert ("item", "legion") in choices(s, "rome")
    assert K.can_complete([], {"sheep": 2, "wine": 1}, 3, True, False)


def test_b3_3_payment_choices_stay_within_25_and_spend_ordinary_first():
    s = builder(game(5), "rome")
    hand(s, "rome", {"coin": 2, "wine": 1, "grain": 1, "oil": 1}, rare=["wine"])
    s = act(s, "rome", "item", "legion")
    s = act(s, "rome", "at", "italia")
    opts = choices(s, "rome")
    assert len(opts) <= 25 and ("back", None) in opts
    s = act(s, "rome", "add", "wine")
    assert ("add", "wine") not in choices(s, "rome")         # a set holds a kind once
    s = act(s, "rome", "add", "grain")
    s = act(s, "rome", "add", "oil")
    assert s.players["rome"].rare == ["wine"] and "wine" not in s.players["rome"].hand
    assert s.supply["wine"] > 0


# -- placement (§3.1.1, §3.1.2; spec B.3.4) -------------------------------------------------------------
def greek_example():
    """The §3.1.1 example: Greece controls Dacia; Rome holds Macedonia and a Legion in Dalmatia."""
    s = game(5)
    s.provinces["dacia"].controller = "greece"
    s.provinces["macedonia"].controller = "rome"
    s.provinces["macedonia"].legions = {}
    s.provinces["dalmatia"].legions = {"rome": 1}
    s.players["greece"].bases = ["achaea", "thracia", "dacia"]
    s = builder(s, "greece")
    hand(s, "greece", {"coin": 9})
    return s


def test_b3_4_control_marker_adjacent_or_connected():
    """§3.1.1: Germania (next to Dacia) yes; Dalmatia (a Roman Legion) no; Macedonia (Roman) no;
    Asia once a Greek Trireme links it (§3.1.2)."""
    s = greek_example()
    targets = K.control_targets(s, "greece")
    assert "germania" in targets
    assert "dalmatia" not in targets and "macedonia" not in targets and "asia" not in targets
    s = build(s, "greece", "trireme", "aegean", "coin+coin+coin")
    assert "asia" in K.control_targets(s, "greece")       # a Trireme built this turn counts
    s = build(s, "greece", "control", "asia", "coin+coin+coin")
    assert s.provinces["asia"].controller == "greece"
    # Asia, controlled only since now, is no base (C35): Galatia next to it is not offered
    assert "galatia" not in K.control_targets(s, "greece")
    # ... and Buildings may go there at once: only its Legendary City (C29)
    s = act(s, "greece", "item", "city")
    assert ("at", "asia:0") in choices(s, "greece")
    assert not any(a and str(a).startswith("asia") for v, a in choices(s, "greece")
                   if v == "at" and a != "asia:0")


def test_b3_4_units_and_buildings_only_at_home_without_enemies():
    s = game(5)
    s.provinces["cisalpina"].legions = {"rome": 1, "greece": 1}
    s = builder(s, "rome")
    assert "cisalpina" not in K.targets(s, "rome", "legion")
    assert "italia" in K.targets(s, "rome", "legion")
    assert "gallia" not in K.targets(s, "rome", "legion")
    assert "italia" not in K.targets(s, "rome", "fortress")         # one Fortress per Province
    assert "sardinia" in K.targets(s, "rome", "fortress")
    assert "cisalpina:0" not in K.targets(s, "rome", "caravan")
    assert K.targets(s, "rome", "market") == []                     # no open Market slots


def test_b3_4_triremes_next_to_own_provinces_without_enemy_legions_c10():
    s = game(5)
    s.provinces["sardinia"].legions = {"carthage": 1}
    s = builder(s, "rome")
    seas = K.trireme_targets(s, "rome")
    assert "balearic" not in seas and "sardinian" not in seas
    assert {"tyrrhenian", "adriatic", "ionian"} <= set(seas)


def test_b3_4_own_capital_exception_c9():
    """§3.1.1, §4.3.5: a player can always build in his own Capital Province."""
    s = game(5)
    s.provinces["italia"].legions = {"carthage": 2}
    s.provinces["italia"].fortress = None
    s = builder(s, "rome")
    assert "italia" in K.targets(s, "rome", "legion")
    assert "italia" in K.targets(s, "rome", "fortress")
    assert {"tyrrhenian", "adriatic", "ionian"} <= set(K.trireme_targets(s, "rome"))
    assert "italia" in K.targets(s, "rome", "temple")
    s.options["capital_buildings"] = False
    assert "italia" not in K.targets(s, "rome", "temple")


def test_b3_4_pieces_are_limited():
    """§9: no more Units than the set holds."""
    s = game(5)
    s.provinces["italia"].legions = {"rome": 7}
    s = builder(s, "rome")
    assert B.pieces_left(s, "rome")["legions"] == 0
    assert K.targets(s, "rome", "legion") == []


# -- Heroes and Wonders (§3.1.3; spec B.3.5) ------------------------------------------------------------
def test_b3_5_rising_costs_face_up_only_and_refill():
    s = game(5)
    s.hw_up = ["hercules", "circe", "gilgamesh", "spartacus", "antigone"]
    s.hw_down = ["hamilcar", "perseus"]
    s = builder(s, "greece")
    hand(s, "greece", {"coin": 15})
    assert K.targets(s, "greece", "card") == s.hw_up
    s = build(s, "greece", "card", "hercules", "+".join(["coin"] * 7))
    assert s.players["greece"].cards == ["pericles", "hercules"]
    s = act(s, "greece", "item", "card")
    s = act(s, "greece", "at", "circe")
    assert s.flow[-1]["cost"] == 8
    s = act(s, "greece", "set", "+".join(["coin"] * 8))
    assert B.tracks(s, "greece") == {"trade": 4 + 2 + 1, "culture": 4 + 2, "military": 3 + 2 + 1}
    assert len(s.hw_up) == 3                           # no refill until the end of the phase
    for r in ("rome", "babylon", "egypt", "carthage"):
        s.done.append(r)
    s = act(s, "greece", "done")
    assert s.phase == "movement"
    assert s.hw_up == ["gilgamesh", "spartacus", "antigone", "hamilcar", "perseus"]
    assert any("Hamilcar is turned face up" in x for x in logs(s))


def test_b3_5_pyramids_win_at_once():
    """§3.1.3, §6.1: the Pyramids cost 12 and win immediately."""
    s = builder(game(5), "rome")
    hand(s, "rome", {"coin": 12})
    s = build(s, "rome", "pyramids", "pyramids", "+".join(["coin"] * 12))
    assert s.result is not None and s.result.winners == ["rome"]
    assert "prestige" in s.result.reason


def test_b3_5_castor_and_pollux_copy_an_enemy_hero():
    s = game(5)
    s.players["egypt"].cards.append("spartacus")
    s.hw_up = ["castor_pollux", "hercules"]
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 7, "gladiator": 1})
    s = build(s, "rome", "card", "castor_pollux", "+".join(["coin"] * 7))
    assert choices(s, "rome") == [("copy", "spartacus")]     # not starting Heroes
    s = act(s, "rome", "copy", "spartacus")
    assert s.players["rome"].castor == "spartacus"
    # the copied ability works: a Legion for 1 Gladiator (§10); no influence is copied
    s = act(s, "rome", "item", "legion")
    s = act(s, "rome", "at", "italia")
    assert ("pay1", "spartacus:gladiator") in choices(s, "rome")


def test_b3_5_castor_and_pollux_with_no_target_have_no_ability_c24():
    s = game(5)
    s.hw_up = ["castor_pollux"]
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 7})
    s = build(s, "rome", "card", "castor_pollux", "+".join(["coin"] * 7))
    assert top(s) == "build" and s.players["rome"].castor is None


# -- discounts and free builds (§3.1.2, §10, §11) -----------------------------------------------------
@pytest.mark.parametrize("card, item, target, kinds", [
    ("spartacus", "legion", "italia", ["coin", "gladiator"]),
    ("gilgamesh", "fortress", "sardinia", ["coin", "stone"]),
    ("lighthouse", "trireme", "ionian", ["coin", "wood"]),
])
def test_b3_2_one_resource_discounts_once_per_turn(card, item, target, kinds):
    s = game(5)
    s.players["rome"].cards.append(card)
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 1, "gladiator": 1, "stone": 1, "wood": 1})
    s = act(s, "rome", "item", item)
    s = act(s, "rome", "at", target)
    assert {a for v, a in choices(s, "rome") if v == "pay1"} == {f"{card}:{k}" for k in kinds}
    s = act(s, "rome", "pay1", f"{card}:{kinds[1]}")
    assert B.hand_size(s, "rome") == 3
    assert card in s.players["rome"].used
    assert ("item", item) not in choices(s, "rome")           # once per turn; 3 left cannot pay


def test_b3_2_hammurabi_free_control_marker_c11():
    s = game(5)
    s = builder(s, "babylon")
    hand(s, "babylon", {})
    assert ("item", "control") in choices(s, "babylon")
    s = act(s, "babylon", "item", "control")
    s = act(s, "babylon", "at", "persia")
    assert choices(s, "babylon") == [("free", "hammurabi"), ("back", None)]
    s = act(s, "babylon", "free", "hammurabi")
    assert s.provinces["persia"].controller == "babylon"
    assert ("item", "control") not in choices(s, "babylon")


def test_b3_2_penthesilea_free_legions_in_the_capital_c12():
    s = game(5)
    s.players["rome"].cards.append("penthesilea")
    s.provinces["cisalpina"].legions = {"greece": 1}
    s.provinces["sardinia"].legions = {"carthage": 2}
    s = builder(s, "rome")
    hand(s, "rome", {})
    assert ("penthesilea", None) in choices(s, "rome")
    s = act(s, "rome", "penthesilea")
    assert s.provinces["italia"].legions == {"rome": 3}
    assert "penthesilea" not in verbs(s, "rome")


# -- the end of a build (§3, §11; spec B.3.6) ---------------------------------------------------------
def test_b3_6_keep_two_coins_discard_the_rest():
    s = builder(game(5), "rome")
    hand(s, "rome", {"coin": 4, "wine": 2}, rare=["gems"])
    coins, wine = s.supply["coin"], s.supply["wine"]
    s = act(s, "rome", "done")
    assert s.players["rome"].hand == {"coin": 2} and s.players["rome"].rare == []
    assert s.supply["coin"] == coins + 2 and s.supply["wine"] == wine + 2
    assert "gems" in s.rare_aside
    assert s.players["rome"].shown == ["coin", "coin"]
    assert any("Rome keeps 2× Coin" in x for x in logs(s, "greece"))


def test_b3_6_hanging_gardens_keep_two_different_c25():
    s = game(5)
    s.players["rome"].cards.append("hanging_gardens")
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 4, "wine": 2, "oil": 1})
    s = act(s, "rome", "done")
    assert top(s) == "keep"
    assert ("keep", "coin") in choices(s, "rome")            # a third Coin counts (C25)
    s = act(s, "rome", "keep", "wine")
    assert ("keep", "wine") not in choices(s, "rome")
    s = act(s, "rome", "keep", "coin")
    assert s.players["rome"].hand == {"coin": 3, "wine": 1}
    assert sorted(s.players["rome"].shown) == ["coin", "coin", "coin", "wine"]


# -- Perseus (§10, §9 Q&A 1; C17) ---------------------------------------------------------------------
def test_b3_1_perseus_pre_empts_the_named_builder():
    s = game(5)
    s.players["greece"].cards.append("perseus")
    hand(s, "greece", {"coin": 12})
    s = enter(s, "build")
    assert active(s) == ["greece", "egypt"]       # the Culture Leader and Perseus' owner
    s = act(s, "egypt", "builder", "rome")
    assert active(s) == ["rome", "greece"]
    assert ("perseus", "pyramids") in choices(s, "greece")
    s = act(s, "greece", "perseus", "pyramids")
    assert active(s) == ["greece"]
    s = act(s, "greece", "set", "+".join(["coin"] * 12))
    assert s.result.winners == ["greece"]


def test_b3_1_perseus_window_closes_once_the_builder_acts():
    s = game(5)
    s.players["greece"].cards.append("perseus")
    hand(s, "greece", {"coin": 12})
    s = enter(s, "build")
    s = act(s, "egypt", "builder", "rome")
    s = act(s, "rome", "item", "legion")
    assert active(s) == ["rome"]
    with pytest.raises(IllegalAction):
        act(s, "greece", "perseus", "pyramids")


def test_b3_1_perseus_may_pass():
    s = game(5)
    s.players["greece"].cards.append("perseus")
    hand(s, "greece", {"coin": 12})
    s = enter(s, "build")
    s = act(s, "greece", "perseus_pass")
    assert active(s) == ["egypt"]


# -- leadership adjustment (§3.2; spec B.3.7) ------------------------------------------------------------
def test_b3_7_tracks_follow_what_is_built():
    """§3.2 example: Greece builds a Trireme and a Legendary City: Military +1, Culture +1."""
    s = game(5)
    s.provinces["asia"].controller = "greece"
    s = builder(s, "greece")
    hand(s, "greece", {"coin": 6})
    before = B.tracks(s, "greece")
    s = build(s, "greece", "trireme", "aegean", "coin+coin+coin")
    s = build(s, "greece", "city", "asia:0", "coin+coin+coin")
    after = B.tracks(s, "greece")
    assert after["military"] == before["military"] + 1
    assert after["culture"] == before["culture"] + 1
    assert s.buildings["city_legendary"] == 2


def test_b3_build_menu_is_secret_and_small():
    s = builder(game(5), "rome")
    view = RULES.view(s, "rome")
    assert all(c.secret for c in view.actions if c.verb == "item")
    assert len(view.actions) <= 25
    s = act(s, "rome", "item", "legion")
    assert len(RULES.view(s, "rome").actions) <= 25


# -- Diplomacy and the Questions & Answers (spec B.8, B.9) -------------------------------------------
def test_b8_diplomacy_allows_no_transfers():
    """§8: nothing may be handed to another player; the only transfer is the trade's own."""
    from games.core.fuzz import play, weigher_of
    out = play(RULES, "3p", 5, max_steps=20000, check_secrecy_every=0, weigh=weigher_of(RULES))
    used = {a.verb for _, a in out.actions}
    assert not used & {"gift", "transfer", "send"}
    # "give" exists only as the Trade Leader's balancing Resource (§2.2.1)
    givers = [i for i, (_, a) in enumerate(out.actions) if a.verb == "give"]
    state = RULES.setup(5, "3p", {})
    for i, (role, a) in enumerate(out.actions):
        if i in givers:
            assert state.flow[-1]["k"] == "trade_gift"
        state = RULES.act(state, role, a)


def test_b9_q2_units_are_limited_and_never_destroyed_at_will():
    """§9 Q&A 2: no more Units than the set; no action removes one's own Unit (Queen of Sheba's
    sacrifice excepted)."""
    s = builder(game(5), "rome")
    hand(s, "rome", {"coin": 30})
    assert not {"disband", "remove", "destroy"} & verbs(s, "rome")
    s.provinces["italia"].legions = {"rome": 8}
    s.touch()
    assert ("item", "legion") not in choices(s, "rome")


def test_b9_q3_resources_are_limited():
    """§9 Q&A 3: the supply runs out: loot and collection take what is left."""
    s = game(5)
    s.supply["papyrus"] = 0
    assert B.from_supply(s, "rome", "papyrus", 2) == 0
    s.supply["papyrus"] = 1
    assert B.from_supply(s, "rome", "papyrus", 2) == 1 and s.supply["papyrus"] == 0


def test_b3_2_penthesilea_counts_occupied_provinces_option_c12():
    """C12 alternative: only own Provinces where an enemy Capturer's Legion holds a Building or
    the Control Marker count ("occupied", §4.3.2)."""
    s = game(5, penthesilea_provinces="occupied")
    s.players["rome"].cards.append("penthesilea")
    s.provinces["cisalpina"].legions = {"greece": 1}
    s.provinces["cisalpina"].held = {"caravan:0": "greece"}
    s.provinces["sardinia"].legions = {"carthage": 2}
    s = builder(s, "rome")
    assert K.penthesilea_count(s, "rome") == 1
    s = act(s, "rome", "penthesilea")
    assert s.provinces["italia"].legions == {"rome": 2}
    s.options["penthesilea_provinces"] = "enemy_legions"
    s.players["rome"].used = []
    assert K.penthesilea_count(s, "rome") == 2


def test_b10_all_heroes_open_no_face_down_stock_and_no_refill():
    """Setup 5 variant: all 17 cards face up; a bought card is not replaced."""
    s = game(5, all_heroes_open=True)
    s = builder(s, "greece")
    hand(s, "greece", {"coin": 7})
    assert len(K.targets(s, "greece", "card")) == 17
    s = build(s, "greece", "card", "hercules", "+".join(["coin"] * 7))
    for r in ("rome", "babylon", "egypt", "carthage"):
        s.done.append(r)
    s = act(s, "greece", "done")
    assert s.phase == "movement"
    assert len(s.hw_up) == 16 and "hercules" not in s.hw_up and s.hw_down == []
    assert not any("face up" in x for x in logs(s))


def test_b3_6_hanging_gardens_without_a_third_coin_option_c25():
    """C25 other reading: the Gardens' 2 different Resources may not include a Coin."""
    s = game(5, gardens_coin=False)
    s.players["rome"].cards.append("hanging_gardens")
    s = builder(s, "rome")
    hand(s, "rome", {"coin": 4, "wine": 2, "oil": 1})
    s = act(s, "rome", "done")
    assert ("keep", "coin") not in choices(s, "rome")
    s = act(s, "rome", "keep", "wine")
    s = act(s, "rome", "keep", "oil")
    assert s.players["rome"].hand == {"coin": 2, "wine": 1, "oil": 1}
