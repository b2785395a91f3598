"""Phase 1, Collection (spec B.1; rulebook §1.1, §1.2, sidebar after §1.2, §9)."""

from __future__ import annotations

from games.mare_nostrum import board as B
from games.mare_nostrum import collection as C
from games.mare_nostrum.data import empire_setup
from tests.test_mare_nostrum_kit import act, active, choices, empty, enter, game, hand, logs


def collect(s, turn=2):
    """Begin the Collection Phase of ``turn`` with empty hands (returned to the supply)."""
    s.turn = turn
    for r in s.roles:
        for kind, n in s.players[r].hand.items():
            s.supply[kind] += n
        hand(s, r, {})
    return enter(s, "collection")


def test_b1_turn_one_uses_the_screen_resources_c27():
    s = game(5)
    for r in s.roles:
        want = empire_setup(r).starting_resources
        assert B.kinds_in_hand(s, r) == {k: v for k, v in want.items() if v}
    assert any("Empire Screen" in line for line in logs(s))


def test_b1_computed_collection_equals_the_screens():
    """Setup 3: the 9 screen Resources are the first collection; the map gives the same."""
    s = collect(game(5))
    for r in s.roles:
        want = {k: v for k, v in empire_setup(r).starting_resources.items() if v}
        assert B.kinds_in_hand(s, r) == want, r


def test_b1_1_temple_doubles_the_coins_of_each_city():
    """Achaea: Athens + Sparta + Temple = 4 Coins; Macedonia's Pella without Temple = 1."""
    s = game(5)
    income = C.income(s)["greece"]
    assert income["coins"] == 5
    s.provinces["macedonia"].temple = True
    assert C.income(s)["greece"]["coins"] == 6


def test_b1_2_market_doubles_the_goods_of_each_caravan():
    s = game(5)
    inc = C.income(s)["rome"]["goods"]
    assert inc == {"wine": 3, "gladiator": 2, "sheep": 1, "metal": 2}   # Italia has a Market
    s.provinces["italia"].market = False
    assert C.income(s)["rome"]["goods"] == {"wine": 2, "gladiator": 1, "sheep": 1, "metal": 2}


def test_b1_3_legendary_city_coin_rare_and_temple_choice():
    """1 Coin + 1 Rare Good; with the Temple, +1 Coin or +1 Rare Good, the owner's choice (C8)."""
    s = game(5)
    pv = s.provinces["sicilia"]
    pv.controller, pv.cities, pv.temple = "rome", [True], True
    s.rare_pile = ["wine", "gems", "oil"]
    s = collect(s)
    assert active(s) == ["rome"]
    assert choices(s, "rome") == [("legend", "coin"), ("legend", "rare")]
    assert s.players["rome"].rare == ["oil"]
    coins = s.players["rome"].hand["coin"]
    s = act(s, "rome", "legend", "rare")
    assert s.players["rome"].rare == ["gems", "oil"] and s.players["rome"].hand["coin"] == coins
    assert s.phase == "trade"
    # what was drawn is told to the drawer only
    assert any("Rare Gems" in x for x in logs(s, "rome"))
    assert not any("Rare Gems" in x for x in logs(s, "greece"))


def test_b1_3_legendary_city_temple_coin():
    s = game(5)
    pv = s.provinces["sicilia"]
    pv.controller, pv.cities, pv.temple = "rome", [True], True
    s = collect(s)
    coins = s.players["rome"].hand["coin"]
    s = act(s, "rome", "legend", "coin")
    assert s.players["rome"].hand["coin"] == coins + 1


def test_b1_4_occupied_buildings_pay_the_occupier():
    """§4.3.2 example: Rome occupies a Papyrus Caravan and the Market of an Egyptian province:
    Rome collects 2 Papyrus, Egypt the Coin of the unoccupied City."""
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress = {"rome": 2}, None
    pv.held = {"caravan:0": "rome", "market": "rome"}
    inc = C.income(s)
    assert inc["rome"]["goods"]["papyrus"] == 2
    assert "papyrus" not in inc["egypt"]["goods"]
    assert inc["egypt"]["coins"] == 5          # Alexandria, Memphis doubled, + Cyrene


def test_b1_4_occupying_only_the_market_yields_nothing():
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress = {"rome": 1}, None
    pv.held = {"market": "rome"}
    inc = C.income(s)
    assert inc["rome"]["goods"] == {"wine": 3, "gladiator": 2, "sheep": 1, "metal": 2}
    assert inc["egypt"]["goods"]["papyrus"] == 1    # Egypt's Caravan, no longer doubled


def test_b1_4_occupation_lapses_while_at_war():
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions = {"rome": 1, "egypt": 1}
    pv.held = {"caravan:0": "rome"}
    assert C.income(s)["egypt"]["goods"]["papyrus"] == 2


def test_b1_uncontrolled_buildings_produce_nothing():
    s = game(5)
    pv = s.provinces["gallia"]
    pv.cities, pv.caravans = [True], [True]
    assert all("wine" not in C.income(s)[r]["goods"] or r == "rome" for r in s.roles)
    assert C.income(s)["rome"]["goods"]["wine"] == 3


def test_b1_5_temple_of_artemis_and_colossus():
    s = game(5)
    s.players["greece"].cards.append("temple_of_artemis")
    s.players["rome"].cards.append("colossus")
    s = collect(s)
    assert s.players["greece"].hand["coin"] == 6
    assert active(s) == ["rome"]
    opts = choices(s, "rome")
    assert ("colossus", "gems") in opts and ("colossus", "coin") not in opts   # C7 default
    s = act(s, "rome", "colossus", "gems")
    assert s.players["rome"].hand["gems"] == 1
    assert any("Rome takes Gems (Colossus" in x for x in logs(s, "greece"))   # shown to all


def test_b1_5_colossus_coin_option_c7():
    s = game(5, colossus_coin=True)
    s.players["rome"].cards.append("colossus")
    s = collect(s)
    assert ("colossus", "coin") in choices(s, "rome")


def test_b1_5_circe_legions_collect_from_empty_caravan_slots_c13():
    s = game(5)
    s.players["rome"].cards.append("circe")
    empty(s, "gallia")
    s.provinces["gallia"].legions = {"rome": 1}
    s.provinces["gallia"].circe = {"caravan:0": "rome"}
    assert C.income(s)["rome"]["goods"]["wine"] == 4
    s.provinces["gallia"].controller, s.provinces["gallia"].market = "rome", True
    assert C.income(s)["rome"]["goods"]["wine"] == 5          # an own Market doubles it
    s.options["circe_market"] = False
    assert C.income(s)["rome"]["goods"]["wine"] == 4


def test_b1_simultaneous_choices_wait_for_everyone():
    s = game(5)
    s.players["rome"].cards.append("colossus")
    s.players["egypt"].cards.append("colossus")
    s = collect(s)
    assert active(s) == ["rome", "egypt"]
    s = act(s, "egypt", "colossus", "wine")
    assert active(s) == ["rome"] and s.phase == "collection"
    s = act(s, "rome", "colossus", "wine")
    assert s.phase == "trade"


def test_b1_supply_runs_short_trade_track_order_c31():
    """§9: Resources are limited; the Trade-track order decides who collects (C31)."""
    s = game(5)
    s.turn = 2
    for r in s.roles:
        hand(s, r, {})
    s.supply["coin"] = 2
    s = enter(s, "collection")
    # Carthage (Trade Leader, Trade VII) and Rome (VII) collect their 1 Coin each first
    assert s.players["carthage"].hand.get("coin") == 1
    assert s.players["rome"].hand.get("coin") == 1
    assert s.players["greece"].hand.get("coin") is None
    assert s.supply["coin"] == 0


def test_b1_rare_pile_is_remade_from_the_set_aside_goods():
    s = game(5)
    s.rare_pile = []
    s.rare_aside = ["wine"]
    assert B.draw_rare(s, "rome") == "wine"
    assert s.players["rome"].rare == ["wine"] and s.rare_aside == []
    assert B.draw_rare(s, "rome") is None     # all 13 in hands or none left: nothing drawn


def test_b1_5_colossus_extra_resource_may_be_declined():
    """§11: at the end of the Collection Phase the Colossus' owner *may* take one more ordinary
    Resource; declining takes nothing and shows nothing."""
    s = game(5)
    s.players["rome"].cards.append("colossus")
    s = collect(s)
    before = dict(s.players["rome"].hand)
    assert choices(s, "rome")[-1] == ("colossus", "none")
    s = act(s, "rome", "colossus", "none")
    assert s.players["rome"].hand == before and s.phase == "trade"
    assert not any("Colossus" in x for x in logs(s, "greece"))
