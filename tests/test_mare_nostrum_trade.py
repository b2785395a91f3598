"""Phase 2, Trade (spec B.2; rulebook §2.1, §2.2, §2.2.1, §2.2.2; readings C1-C6)."""

from __future__ import annotations

from games.mare_nostrum import board as B
from tests.test_mare_nostrum_kit import RULES, act, active, choices, game, hand, logs, verbs


def offer(s, role, *kinds):
    for k in kinds:
        s = act(s, role, "offer", k)
    return act(s, role, "confirm")


def test_b2_1_token_faces_and_the_depleted_set():
    """§2.1: the Trade Leader plays a token on one face; a played token waits until all three
    have been played (example: after 3/4 the next turn offers 5/0 and 2/1)."""
    s = game(3)
    assert sorted(choices(s, "carthage")) == sorted(
        [("token", "5/0:5"), ("token", "5/0:0"), ("token", "2/1:2"), ("token", "2/1:1"),
         ("token", "4/3:4"), ("token", "4/3:3")])
    s = act(s, "carthage", "token", "4/3:3")
    assert s.trade.value == 3 and s.tokens == ["5/0", "2/1"] and s.played_tokens == ["4/3"]
    assert RULES.public_board(s)["trade_tokens"] == {"available": ["5/0", "2/1"],
                                                     "played": ["4/3"]}


def test_b2_1_all_three_played_become_available_again():
    s = game(3)
    s.tokens, s.played_tokens = ["2/1"], ["4/3", "5/0"]
    s.touch()
    s = act(s, "carthage", "token", "2/1:1")
    assert sorted(s.tokens) == ["2/1", "4/3", "5/0"] and s.played_tokens == []


def test_b2_2_offers_are_secret_and_simultaneous():
    """§2.1: every player offers N face down at the same time; revealed together."""
    s = game(3)
    s = act(s, "carthage", "token", "2/1:2")
    assert active(s) == ["rome", "greece", "carthage"]
    view = RULES.view(s, "rome")
    assert all(c.secret for c in view.actions)
    assert ("offer", "wine") in choices(s, "rome") and ("confirm", None) not in choices(s, "rome")
    s = act(s, "rome", "offer", "wine")
    s = act(s, "rome", "offer", "metal")
    assert RULES.view(s, "rome").private["offer"] == ["metal", "wine"]
    # nothing of Rome's offer in another View, on the board or in the log
    for other in ("greece", "carthage", None):
        v = RULES.view(s, other)
        assert v.private.get("offer", []) == []          # their own, still empty
        assert v.board["trade"]["offers"] == {}
        assert "metal" not in " ".join(line.text for line in v.log).lower()
    s = act(s, "rome", "unoffer", "metal")
    s = act(s, "rome", "offer", "gladiator")
    s = act(s, "rome", "confirm")
    assert active(s) == ["greece", "carthage"]
    s = offer(s, "greece", "coin", "oil")
    assert not s.trade.revealed
    s = offer(s, "carthage", "stone", "sheep")
    assert s.trade.revealed
    board = RULES.public_board(s)["trade"]
    assert board["offers"] == {"rome": ["gladiator", "wine"], "greece": ["coin", "oil"],
                               "carthage": ["sheep", "stone"]}
    assert active(s) == ["carthage"]          # the Trade Leader takes first (§2.2)
    assert any("Rome offers Gladiator, Wine" in x for x in logs(s, "greece"))


def test_b2_2_a_player_short_of_resources_does_not_trade():
    """§2.2.2: without N Resources a player offers nothing and nobody takes from him."""
    s = game(3)
    hand(s, "greece", {"coin": 1})
    s = act(s, "carthage", "token", "2/1:2")
    assert active(s) == ["rome", "carthage"]
    assert s.trade.participants == ["rome", "carthage"]
    assert any("Greece has fewer than 2" in x for x in logs(s))


def _three_offer_one(s):
    s = act(s, "carthage", "token", "2/1:1")
    s = offer(s, "rome", "wine")
    s = offer(s, "greece", "oil")
    return offer(s, "carthage", "stone")


def test_b2_3_chain_and_balancing_rulebook_example():
    """§2.2.1 example: with 1, Grigory (Trade Leader) takes from Ekaterina, she takes from him,
    he takes from a third player, who has nothing left to take: Grigory gives him 1 Resource."""
    s = _three_offer_one(game(3))
    s = act(s, "carthage", "take", "greece:oil")
    assert active(s) == ["greece"]
    assert ("take", "carthage:stone") in choices(s, "greece")
    s = act(s, "greece", "take", "carthage:stone")
    # Carthage may not take from Greece again: nothing left there anyway; Rome's Wine
    assert choices(s, "carthage") == [("take", "rome:wine")]
    s = act(s, "carthage", "take", "rome:wine")
    assert B.hand_size(s, "rome") == 8
    # Rome has no legal take: the chain stops; Carthage must give Rome one Resource
    assert active(s) == ["carthage"] and s.flow[-1]["k"] == "trade_gift"
    assert all(c.secret for c in RULES.view(s, "carthage").actions)
    assert B.hand_size(s, "carthage") == 10
    s = act(s, "carthage", "give", "oil")
    assert B.hand_size(s, "rome") == 9
    assert B.hand_size(s, "carthage") == 9 and B.hand_size(s, "greece") == 9
    assert s.players["rome"].hand.get("oil") == 1
    assert s.phase == "build"
    # the gift's content is told to the two players only
    assert any("gives Oil to Rome" in x for x in logs(s, "rome"))
    assert not any("gives Oil" in x for x in logs(s, "greece"))
    assert any("Carthage gives Rome one Resource" in x for x in logs(s, "greece"))


def test_b2_3_no_ping_pong_pair_reading_c1():
    """§2.2: Grigory takes from Dmitry, Dmitry from Grigory; Grigory may not take Dmitry's
    Resource again and must take from another player."""
    s = game(3)
    s = act(s, "carthage", "token", "2/1:2")
    s = offer(s, "rome", "wine", "metal")
    s = offer(s, "greece", "coin", "oil")
    s = offer(s, "carthage", "stone", "sheep")
    s = act(s, "carthage", "take", "rome:wine")
    s = act(s, "rome", "take", "carthage:stone")
    assert {a.split(":")[0] for _, a in choices(s, "carthage")} == {"greece"}
    s = act(s, "carthage", "take", "greece:oil")
    # Greece may take from anyone now
    assert {a.split(":")[0] for _, a in choices(s, "greece")} == {"rome", "carthage"}


def test_b2_3_two_players_left_who_just_swapped_end_the_trade_c2():
    """§2.2 example: Dmitry takes from Boris, Boris from Dmitry; Dmitry may not take from Boris:
    the phase ends, untaken Resources go back behind the screens."""
    s = game(3)
    hand(s, "greece", {})
    s = act(s, "carthage", "token", "2/1:2")
    s = offer(s, "rome", "wine", "metal")
    s = offer(s, "carthage", "stone", "sheep")
    s = act(s, "carthage", "take", "rome:wine")
    s = act(s, "rome", "take", "carthage:stone")
    # Carthage would take from Rome a third time in a row: forbidden, so the trade is over;
    # Carthage is the Trade Leader and was the last one taken from: nobody is short
    assert s.phase == "build"
    assert s.players["rome"].hand["metal"] == 2 and s.players["carthage"].hand["sheep"] == 2
    assert B.hand_size(s, "rome") == 9 and B.hand_size(s, "carthage") == 9


def test_b2_3_own_consecutive_reading_c1_option():
    s = game(3, ping_pong="own")
    s = act(s, "carthage", "token", "2/1:2")
    s = offer(s, "rome", "wine", "metal")
    s = offer(s, "greece", "coin", "oil")
    s = offer(s, "carthage", "stone", "sheep")
    s = act(s, "carthage", "take", "rome:wine")
    s = act(s, "rome", "take", "greece:coin")
    s = act(s, "greece", "take", "rome:metal")
    # Rome's last own take was from Greece: not from Greece again under this reading
    assert {a.split(":")[0] for _, a in choices(s, "rome")} == {"carthage"}


def test_b2_value_zero_means_no_trade():
    s = game(3)
    s = act(s, "carthage", "token", "5/0:0")
    assert s.phase == "build" and any("No trade" in x for x in logs(s))


def test_b2_antigone_names_her_own_count_c5():
    s = game(3)
    s.players["rome"].cards.append("antigone")
    s = act(s, "carthage", "token", "2/1:1")
    assert active(s) == ["rome"] and choices(s, "rome") == [("count", n) for n in range(6)]
    s = act(s, "rome", "count", 3)
    assert s.trade.counts == {"rome": 3, "greece": 1, "carthage": 1}
    assert RULES.view(s, "rome").prompt.startswith("Choose your secret offer: 0 of 3")


def test_b2_trade_leader_without_resources_names_the_first_taker_c4():
    s = game(3)
    hand(s, "carthage", {"coin": 1})
    s = act(s, "carthage", "token", "2/1:2")
    assert active(s) == ["carthage"]
    assert choices(s, "carthage") == [("first", "rome"), ("first", "greece")]
    s = act(s, "carthage", "first", "greece")
    s = offer(s, "rome", "wine", "metal")
    s = offer(s, "greece", "coin", "oil")
    assert active(s) == ["greece"]
    s = act(s, "greece", "take", "rome:wine")
    s = act(s, "rome", "take", "greece:coin")
    # a third take between the same two is forbidden: over; Greece, in the Trade Leader's
    # place, was the last one taken from, so nobody is short
    assert s.phase == "build"
    assert B.hand_size(s, "rome") == 9 and B.hand_size(s, "greece") == 9


def test_b2_trade_leader_out_highest_trade_option():
    s = game(3, trade_leader_out="highest_trade")
    hand(s, "carthage", {"coin": 1})
    s = act(s, "carthage", "token", "2/1:2")
    assert s.trade.first == "rome"          # Trade VII beats Greece's IV


def test_b2_rare_goods_trade_as_their_kind():
    s = game(3)
    hand(s, "rome", {"coin": 1}, rare=["wine"])
    s = act(s, "carthage", "token", "2/1:2")
    assert ("offer", "wine") in choices(s, "rome")
    s = act(s, "rome", "offer", "wine")
    assert s.trade.offers["rome"] == ["wine*"]
    assert "offer" in verbs(s, "rome") and ("offer", "wine") not in choices(s, "rome")


def test_b2_2_a_player_with_enough_resources_cannot_decline():
    """§2.2.2: having N Resources, a player must offer exactly N: no pass, no confirming less."""
    s = game(3)
    s = act(s, "carthage", "token", "4/3:3")
    assert s.trade.participants == ["rome", "greece", "carthage"]
    assert verbs(s, "rome") == {"offer", "offer_set"}
    s = act(s, "rome", "offer", "wine")
    s = act(s, "rome", "offer", "wine")
    assert verbs(s, "rome") == {"offer", "unoffer"}
    s = act(s, "rome", "offer", "metal")
    assert verbs(s, "rome") == {"unoffer", "confirm"}


def test_b2_4_antigone_unequal_counts_follow_the_net_rule_c3():
    """§10 Antigone offers 3 while the token says 1 (C5); §2.2.1 with C3: the chain ends with
    Rome, who was taken from three times and took twice: the Trade Leader gives him one."""
    s = game(3)
    s.players["rome"].cards.append("antigone")
    s = act(s, "carthage", "token", "2/1:1")
    s = act(s, "rome", "count", 3)
    s = offer(s, "rome", "wine", "metal", "gladiator")
    s = offer(s, "greece", "oil")
    s = offer(s, "carthage", "stone")
    s = act(s, "carthage", "take", "rome:wine")
    s = act(s, "rome", "take", "greece:oil")
    s = act(s, "greece", "take", "rome:metal")
    s = act(s, "rome", "take", "carthage:stone")
    s = act(s, "carthage", "take", "rome:gladiator")
    assert s.flow[-1]["k"] == "trade_gift" and s.flow[-1]["to"] == "rome"
    assert active(s) == ["carthage"]
    s = act(s, "carthage", "give", "wine")
    assert [B.hand_size(s, r) for r in s.roles] == [9, 9, 9]
    assert s.players["rome"].hand["wine"] == 3 and s.phase == "build"


def test_b2_4_the_designated_first_taker_gives_the_balancing_resource_c4():
    """C4: the Trade Leader (Carthage, one Coin) cannot offer 2 and names Greece to take first;
    the chain ends with Egypt one short, so Greece, in the Trade Leader's place, gives one."""
    s = game(4)
    hand(s, "carthage", {"coin": 1})
    s = act(s, "carthage", "token", "2/1:2")
    s = act(s, "carthage", "first", "greece")
    s = offer(s, "rome", "wine", "metal")
    s = offer(s, "greece", "coin", "oil")
    s = offer(s, "egypt", "coin", "papyrus")
    for taker, arg in (("greece", "rome:wine"), ("rome", "egypt:coin"), ("egypt", "greece:oil"),
                       ("greece", "rome:metal"), ("rome", "greece:coin"),
                       ("greece", "egypt:papyrus")):
        assert active(s) == [taker]
        s = act(s, taker, "take", arg)
    assert s.flow[-1]["k"] == "trade_gift" and active(s) == ["greece"]
    assert s.flow[-1]["to"] == "egypt"
    s = act(s, "greece", "give", "papyrus")
    assert [B.hand_size(s, r) for r in s.roles] == [9, 9, 9, 1]
    assert s.players["egypt"].hand["papyrus"] == 2
