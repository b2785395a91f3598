"""Battles (§14), retreat (§15), withdrawal (§16), elephants (§17), the change-of-command roll
(§18.2) and the battle response events (§14.5), with scripted dice and set battle hands."""

from __future__ import annotations

from games.core import msg
from games.hannibal import combat as C
from games.hannibal import prims as P
from tests.test_hannibal_kit import (
    act,
    active,
    args,
    choices,
    clear,
    dice,
    game,
    logs,
    move,
    no_response,
    put,
    settle,
    top,
)

OPS1 = 6


def battle_at_praeneste(rome=("varro",), rome_cu=5, carthage_cu=8, el=0, rome_hand=None,
                        terventum=None):
    """Hannibal (8 CUs) marches from Terventum into Praeneste, where a Roman army stands."""
    s = clear(game())
    s.spaces["terventum"].pc = terventum
    put(s, "rome", "praeneste", rome_cu, rome)
    put(s, "carthage", "terventum", carthage_cu, ("hannibal",), el=el)
    s = move(s, "carthage", OPS1, "hannibal", carthage_cu)
    if rome_hand is not None:
        s.hands["rome"] = list(rome_hand)
        s.touch()
    s = act(s, "carthage", "to", "praeneste")
    s = no_response(s, "enter")
    s = act(s, "rome", "here", "stand")
    return s


def hands(s, carthage, rome):
    s.bhands = {"carthage": sorted(carthage), "rome": sorted(rome)}
    s.touch()
    return s


def test_s14_1_card_count():
    """§14.1-14.3: Hannibal 4 + 8 CUs = 12; Varro 1 + 5 CUs + 2 Italian allies (Rome's cap) = 8."""
    s = battle_at_praeneste()
    b = s.battle
    assert b["counts"] == {"carthage": 12, "rome": 8}
    assert b["parts_rome"] == {"rating": 1, "cus": 5, "allies": 2}
    assert len(s.bhands["carthage"]) == 12 and len(s.bhands["rome"]) == 8
    assert active(s) == ["carthage"] and top(s) == "b_lead"


def test_s14_4_latium_militia_and_friendly_tribe():
    """§14.4: Rome +2 in Latium even without a general; §20.9: Carthage +1 in a friendly tribe."""
    s = clear(game())
    put(s, "rome", "rome", 3)
    put(s, "carthage", "rome", 2)
    C.start_battle(s, "carthage", "rome")
    assert C.card_count(s, "rome")[1] == {"cus": 3, "militia": 2}
    s = clear(game())
    put(s, "rome", "boii", 3)
    put(s, "carthage", "boii", 2)
    C.start_battle(s, "rome", "boii")
    assert C.card_count(s, "carthage")[1] == {"cus": 2, "tribe": 1}


def test_s14_2_allies_by_region_and_island():
    """§14.2 examples: in Iberia Carthage counts her Iberian provinces; on Sicily, Sicily and
    Syracuse each give their controller one card; allies need a general."""
    s = clear(game())
    put(s, "rome", "toletum", 3, ("p_scipio",))
    put(s, "carthage", "toletum", 3, ("hasdrubal",))
    C.start_battle(s, "rome", "toletum")
    assert C.card_count(s, "carthage")[1]["allies"] == 3        # Baetica, Orospeda, Celtiberia
    assert "allies" not in C.card_count(s, "rome")[1]
    s = clear(game())
    s.spaces["syracuse"].pc = "carthage"
    put(s, "rome", "enna", 3, ("varro",))
    put(s, "carthage", "enna", 3, ("mago",))
    C.start_battle(s, "carthage", "enna")
    assert C.card_count(s, "rome")[1]["allies"] == 1 and C.card_count(s, "carthage")[1]["allies"] == 1
    s = clear(game())
    put(s, "rome", "enna", 3)
    put(s, "carthage", "enna", 3, ("mago",))
    C.start_battle(s, "carthage", "enna")
    assert "allies" not in C.card_count(s, "rome")[1]


def test_s14_rounds_loss_rout_retreat_and_pcs():
    """§14.6-14.12, §15: Carthage leads Frontal Assault, Rome matches and fails to counterattack
    (roll 2 > Varro's 1); Carthage leads a Probe Rome cannot match. Losses: 2 rounds, roll 5 ->
    1 CU each; rout: 5 CUs before, roll 4 - 2 (won with a Probe) = 2 -> 2 CUs; Rome retreats to
    Rome and removes 3 // 2 = 1 PC."""
    s = battle_at_praeneste()
    s = hands(s, ["frontal_assault", "probe"], ["frontal_assault"])
    assert args(s, "carthage", "lead") == ["frontal_assault", "probe",
                                          "probe>flank_left", "probe>flank_right",
                                          "probe>double_envelopment"]
    s = act(s, "carthage", "lead", "frontal_assault")
    assert args(s, "rome", "match") == ["frontal_assault", ""]
    s = act(s, "rome", "match", "frontal_assault")
    dice(s, 2)
    s = act(s, "rome", "counter", "roll")
    assert s.battle["lead"] == "carthage"
    s = act(s, "carthage", "lead", "probe")
    assert args(s, "rome", "match") == [""]
    dice(s, 5, 4)
    s = act(s, "rome", "match", "")
    assert logs(s, "log.battle_losses")[0] == {"roll": 5, "rounds": 2, "a": 1, "d": 1}
    assert logs(s, "log.rout")[0] == {"side": "@side.rome", "roll": 4, "mod": -2, "n": 2}
    assert P.cu(s, "carthage", "praeneste") == 7 and P.cu(s, "rome", "praeneste") == 2
    assert sorted(args(s, "rome", "retreat")) == ["rome", "sena"]     # not Terventum (§15.2 c)
    s = act(s, "rome", "retreat", "rome")
    assert P.cu(s, "rome", "rome") == 2 and P.where(s, "varro") == "rome"
    assert active(s) == ["rome"] and top(s) == "remove_pc"
    assert s.flow[-1]["n"] == 1


def test_s14_9_reserve_and_double_envelopment_initiative():
    """§14.9: a Reserve led as a Double Envelopment has its properties; the defender who
    matches it may take the initiative without a roll (§14.8)."""
    s = battle_at_praeneste()
    s = hands(s, ["reserve", "flank_left"], ["double_envelopment", "flank_left"])
    s = act(s, "carthage", "lead", "reserve>double_envelopment")
    assert args(s, "rome", "match") == ["double_envelopment", ""]
    s = act(s, "rome", "match", "double_envelopment")
    assert args(s, "rome", "take") == ["yes", "no"]
    s = act(s, "rome", "take", "yes")
    assert s.battle["lead"] == "rome" and active(s) == ["rome"]
    assert s.battle["played"] == [["carthage", "reserve", "double_envelopment"],
                                  ["rome", "double_envelopment", "double_envelopment"]]


def test_s14_10_attacker_out_of_cards_loses_without_rout_modifier():
    """§14.10, §14.12: an attacker with no cards at the start of a round loses; the rout roll
    then has no modifier."""
    s = battle_at_praeneste()
    s = hands(s, ["double_envelopment"], ["double_envelopment", "flank_left"])
    s = act(s, "carthage", "lead", "double_envelopment")
    s = act(s, "rome", "match", "double_envelopment")
    dice(s, 3, 6)       # losses: 1 round, roll 3 -> none; rout 6 -> 5 CUs (8 before)
    s = act(s, "rome", "take", "no")
    assert logs(s, "log.battle_won")[0] == {"side": "@side.rome"}
    assert logs(s, "log.rout")[0] == {"side": "@side.carthage", "roll": 6, "mod": 0, "n": 5}
    # Carthage, the original attacker, goes first into Terventum (§15.2 b), and on to the
    # nearest area of her own: the friendly tribe of Bruttium, through Beneventum and Heraclea
    # (Roman PCs: 1 CU each, §15.3)
    assert args(s, "carthage", "retreat") == ["bruttium"]
    s = act(s, "carthage", "retreat", "bruttium")
    assert P.cu(s, "carthage", "bruttium") == 1 and P.where(s, "hannibal") == "bruttium"
    assert s.flow[-1] == {"k": "remove_pc", "role": "carthage", "n": 3, "why": "battle"}


def test_s14_8_counterattack_success():
    """§14.8: a matching defender whose roll is at most his commander's battle rating becomes
    the attacker; Paullus counterattacks on 1-3 as the original defender (§24)."""
    s = battle_at_praeneste(rome=("paullus",))
    s = hands(s, ["flank_right", "probe"], ["flank_right", "probe"])
    s = act(s, "carthage", "lead", "flank_right")
    s = act(s, "rome", "match", "flank_right")
    assert C.counter_range(s, "rome") == 3
    dice(s, 3)
    s = act(s, "rome", "counter", "roll")
    assert s.battle["lead"] == "rome" and active(s) == ["rome"]


def test_s16_withdrawal():
    """§16: the attacker rolls at most his rating to withdraw; the defender may roll to stop it;
    on success battle losses only, no rout; the original attacker goes back where he came
    from (Terventum, here without a Roman PC, §16.3 c-d)."""
    s = battle_at_praeneste()
    s.spaces["terventum"].pc = None
    s.touch()
    s = hands(s, ["flank_right"], ["flank_right"])
    assert ("withdraw", None) in choices(s, "carthage")
    dice(s, 4)
    s = act(s, "carthage", "withdraw")
    assert active(s) == ["rome"] and args(s, "rome", "block") == ["roll", "no"]
    dice(s, 2, 6)       # Varro 1: the block fails; losses 0 rounds -> column 1, roll 6 -> 1e
    s = act(s, "rome", "block", "roll")
    assert args(s, "carthage", "withdraw_to") == ["terventum"]
    s = act(s, "carthage", "withdraw_to", "terventum")
    assert P.cu(s, "carthage", "terventum") == 7 and P.cu(s, "rome", "praeneste") == 4
    assert s.battle is None and not logs(s, "log.rout")


def test_s16_failed_withdrawal_gives_the_initiative():
    """§16.1: after a failed withdrawal the defender may take the initiative."""
    s = battle_at_praeneste()
    s.spaces["terventum"].pc = None
    s.touch()
    s = hands(s, ["flank_right"], ["flank_right"])
    dice(s, 5)
    s = act(s, "carthage", "withdraw")
    assert args(s, "rome", "take") == ["yes", "no"]
    s = act(s, "rome", "take", "no")
    assert choices(s, "carthage") == [("lead", "flank_right")]     # no second try this round


def test_s17_elephant_charge():
    """§17.3-17.4: the charge works on a roll above the Roman commander's battle rating; the
    Roman then gets one card less per charging elephant (after the cap)."""
    s = clear(game())
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "terventum", 8, ("hannibal",), el=2)
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    s = act(s, "rome", "here", "stand")
    assert active(s) == ["carthage"] and args(s, "carthage", "charge") == ["yes", "no"]
    dice(s, 2)
    s = act(s, "carthage", "charge", "yes")
    assert s.battle["charge"] == "ok" and s.battle["counts"] == {"carthage": 12, "rome": 6}


def test_s17_5_elephant_fright_on_a_one():
    """§17.5: a 1 costs the Carthaginian one battle card."""
    s = clear(game())
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "terventum", 8, ("hannibal",), el=2)
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    s = act(s, "rome", "here", "stand")
    dice(s, 1)
    s = act(s, "carthage", "charge", "yes")
    assert s.battle["counts"] == {"carthage": 11, "rome": 8}


def test_s14_5_elephant_fright_response_card():
    """#42 (§14.5 step 4): the Roman answers the charge: no effect, Carthage loses 2 cards."""
    s = clear(game())
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "terventum", 8, ("hannibal",), el=2)
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s.hands["rome"] = [42]
    s.touch()
    s = act(s, "carthage", "to", "praeneste")
    s = no_response(s, "enter")
    s = act(s, "rome", "here", "stand")
    s = no_response(s, "battle")             # the battle window: nothing yet
    s = act(s, "carthage", "charge", "yes")
    assert args(s, "rome", "respond") == [42, 0]
    s = act(s, "rome", "respond", 42)
    assert s.battle["charge"] == "fright" and s.battle["counts"] == {"carthage": 10, "rome": 8}
    assert 42 in s.discard


def test_s18_2_change_of_command_roll():
    """§18.2: the Carthaginian attacking two consuls must roll: 4-6 swaps them."""
    s = clear(game())
    put(s, "rome", "praeneste", 10, ("varro", "paullus"), consul=True)
    put(s, "carthage", "terventum", 8, ("hannibal",))
    assert P.commander(s, "rome", "praeneste") == "varro"
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    dice(s, 5)
    s = act(s, "rome", "here", "stand")
    assert s.battle["cmd"]["rome"] == "paullus"
    assert logs(s, "log.command_roll")[0] == {"roll": 5, "g": "@gen.paullus"}


def test_s14_spy_and_allies_defect():
    """#20 Spy shows half the enemy's battle cards; #59 takes one at random at the deal."""
    s = battle_at_praeneste(rome_hand=[20, 59])
    # the battle window opened for Rome before the deal
    assert s.battle["counts"] == {} and args(s, "rome", "respond") == [20, 59, 0]
    s = act(s, "rome", "respond", 20)
    s = act(s, "rome", "respond", 0)
    assert s.battle["revealed"]["carthage"] and len(s.battle["revealed"]["carthage"]) == 6
    s = battle_at_praeneste(rome_hand=[59])
    dice(s, "#0")
    s = act(s, "rome", "respond", 59)
    assert s.battle["counts"] == {"carthage": 12, "rome": 8}
    assert len(s.bhands["carthage"]) == 11 and len(s.bhands["rome"]) == 9


def test_s15_2_landed_army_that_loses_is_destroyed():
    """§15.2: an army that landed from the sea and lost is destroyed (its general displaced);
    the CUs count for the PCs it loses (§15.5): 1 routed + 2 destroyed -> 1 PC."""
    s = clear(game())
    put(s, "rome", "agrigentum", 5, ("varro",))
    put(s, "carthage", "agrigentum", 3, ("mago",))
    C.start_battle(s, "carthage", "agrigentum", came_from="carthage", landed=True)
    s = settle(s)
    s = hands(s, ["probe"], ["probe"])
    s = act(s, "carthage", "lead", "probe")
    s = act(s, "rome", "match", "probe")
    dice(s, 1, 1)       # losses: 1 round, roll 1 -> none; rout: 3 CUs before, roll 1 -> 1
    s = act(s, "rome", "counter", "no")
    assert logs(s, "log.destroyed")[0] == {"side": "@side.carthage", "n": 2}
    assert P.cu(s, "carthage", "agrigentum") == 0 and s.gens["mago"] == "displaced"
    assert active(s) == ["carthage"] and top(s) == "remove_pc" and s.flow[-1]["n"] == 1


def test_s14_maharbal_after_the_last_battle_card():
    """#6 Maharbal's Cavalry: led from the strategy hand as a Double Envelopment, even after the
    last battle card; a defender who matches it gets no automatic initiative."""
    s = battle_at_praeneste()
    s.hands["carthage"] = [6]
    s = hands(s, [], ["double_envelopment", "probe"])
    assert args(s, "carthage", "lead") == ["maharbal"]
    s = act(s, "carthage", "lead", "maharbal")
    assert args(s, "rome", "match") == ["double_envelopment", ""]
    s = act(s, "rome", "match", "double_envelopment")
    assert top(s) == "b_counter"            # a roll, not the automatic initiative
    assert 6 in s.discard and s.battle["played"][0] == ["carthage", "maharbal",
                                                        "double_envelopment"]


def test_s14_10_maharbal_held_the_attacker_may_concede():
    """§14.10 with #6: the Carthaginian attacker has no battle card left and holds Maharbal's
    Cavalry: he may play it, try to withdraw, or play nothing and lose as an attacker without
    cards does (#6 stays in his hand). 0 rounds: losses on column 1, roll 1 -> none; the rout
    takes no modifier (§14.12): 8 CUs, roll 2 -> 2."""
    s = battle_at_praeneste()
    s.hands["carthage"] = [6]
    s = hands(s, [], ["double_envelopment", "probe"])
    assert choices(s, "carthage") == [("lead", "maharbal"), ("withdraw", None), ("concede", None)]
    dice(s, 1, 2)
    s = act(s, "carthage", "concede")
    assert logs(s, "log.concede") == [{"side": "@side.carthage"}]
    assert logs(s, "log.battle_losses")[0] == {"roll": 1, "rounds": 0, "a": 0, "d": 0}
    assert logs(s, "log.rout")[0] == {"side": "@side.carthage", "roll": 2, "mod": 0, "n": 2}
    assert logs(s, "log.battle_won")[0] == {"side": "@side.rome"}
    assert s.hands["carthage"] == [6]


def test_s14_10_no_concede_while_battle_cards_remain():
    """§14.6: an attacker with battle cards leads one (or tries to withdraw); "play nothing" is
    offered only once the battle hand is empty."""
    s = battle_at_praeneste()
    s.hands["carthage"] = [6]
    s = hands(s, ["probe"], ["probe"])
    assert ("concede", None) not in choices(s, "carthage")


def _zero_round_battle(options=None):
    """A Roman force of 2 CUs without a general attacks 3 Carthaginian CUs (2 elephants) at
    Cannae; the charge works (roll 2 > 1, no Roman general) and takes both Roman cards (§17.4):
    the Roman attacker has no card at the start of round 1 and loses (§14.10), 0 rounds fought."""
    s = clear(game())
    s.options = {**s.options, **(options or {})}
    put(s, "rome", "cannae", 2)
    put(s, "carthage", "cannae", 3, ("hannibal",), el=2)
    C.start_battle(s, "rome", "cannae", came_from="apri")
    s = settle(s)
    return s


def test_s14_11_zero_rounds_use_the_one_round_column():
    """§14.11 (reading): the rulebook always rolls for battle losses and has no 0-round column:
    a battle of 0 rounds reads column 1. Roll 6 -> 1 CU each, an elephant among the Carthaginian
    ones; rout of the 2-CU Roman force, roll 1 -> 1: none left."""
    s = _zero_round_battle()
    dice(s, 2, 6, 1)
    s = act(s, "carthage", "charge", "yes")
    assert s.battle is None and s.rng.scripted == []
    assert logs(s, "log.battle_losses")[0] == {"roll": 6, "rounds": 0, "a": 1, "d": 1}
    assert logs(s, "log.rout")[0] == {"side": "@side.rome", "roll": 1, "mod": 0, "n": 1}
    assert P.cu(s, "carthage", "cannae") == 2 and P.elephants(s, "carthage", "cannae") == 1
    assert P.cu(s, "rome", "cannae") == 0 and top(s) == "remove_pc" and s.flow[-1]["n"] == 1


def test_s14_11_zero_rounds_no_losses_option():
    """§14.11, option zero_round_losses = "none": no round fought, no battle losses (no roll);
    the rout alone: roll 1 -> 1 of the 2 Roman CUs."""
    s = _zero_round_battle({"zero_round_losses": "none"})
    dice(s, 2, 1)
    s = act(s, "carthage", "charge", "yes")
    assert s.rng.scripted == []
    assert logs(s, "log.battle_no_losses") == [{}] and logs(s, "log.battle_losses") == []
    assert logs(s, "log.rout")[0] == {"side": "@side.rome", "roll": 1, "mod": 0, "n": 1}
    assert P.cu(s, "carthage", "cannae") == 3 and P.elephants(s, "carthage", "cannae") == 2
    assert P.cu(s, "rome", "cannae") == 1


def test_s14_11_zero_round_option_is_declared():
    """The reading is a setup option of the scenario, validated like the others."""
    from games.hannibal.rules import RULES
    opt = next(o for o in RULES.scenarios()[0].options if o.id == "zero_round_losses")
    assert opt.choices == ["column_1", "none"] and opt.default == "column_1"
    assert RULES.setup(3, "218bc", {"zero_round_losses": "none"}).options["zero_round_losses"] == "none"


def test_s17_2_rout_takes_an_elephant_first():
    """§17.2, §14.12: the first CU lost on the rout table is an elephant: Carthage (6 CUs, 2
    elephants) loses; rout roll 1 -> 2 CUs, one of them an elephant."""
    s = clear(game())
    put(s, "carthage", "cannae", 6, ("hannibal",), el=2)
    put(s, "rome", "apri", 8, ("varro",))
    s.spaces["apri"].pc = None
    s = move(s, "rome", OPS1, "varro", 8)
    s = act(s, "rome", "to", "cannae")
    s = no_response(s)
    s = act(s, "carthage", "here", "stand")
    s = no_response(s)
    s = act(s, "carthage", "charge", "no")
    s = hands(s, ["probe"], ["frontal_assault"])
    s = act(s, "rome", "lead", "frontal_assault")
    dice(s, 1, 1)     # losses: 1 round, roll 1 -> none; rout 1 -> 2 (6 CUs before)
    s = act(s, "carthage", "match", "")
    assert logs(s, "log.rout")[0]["n"] == 2
    assert P.cu(s, "carthage", "cannae") == 4 and P.elephants(s, "carthage", "cannae") == 1


def test_s14_11_the_carthaginian_chooses_elephants_among_battle_losses():
    """§14.11, §17.2: battle losses without an "e" are the owner's choice: 2 rounds, roll 5 ->
    1 CU each; Carthage (6 CUs, 2 elephants) is asked before the rout and gives an elephant."""
    s = clear(game())
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "terventum", 6, ("hannibal",), el=2)
    s = move(s, "carthage", OPS1, "hannibal", 6)
    s = act(s, "carthage", "to", "praeneste")
    s = act(s, "rome", "here", "stand")
    s = act(s, "carthage", "charge", "no")
    s = hands(s, ["frontal_assault", "probe"], ["frontal_assault"])
    s = act(s, "carthage", "lead", "frontal_assault")
    s = act(s, "rome", "match", "frontal_assault")
    s = act(s, "rome", "counter", "no")
    s = act(s, "carthage", "lead", "probe")
    dice(s, 5, 1)
    s = act(s, "rome", "match", "")
    assert logs(s, "log.battle_losses")[0] == {"roll": 5, "rounds": 2, "a": 1, "d": 1}
    assert top(s) == "loss_mix" and not logs(s, "log.rout")
    assert args(s, "carthage", "elephants") == [0, 1]
    s = act(s, "carthage", "elephants", 1)
    assert P.cu(s, "carthage", "praeneste") == 5 and P.elephants(s, "carthage", "praeneste") == 1
    assert logs(s, "log.rout")[0]["side"] == "@side.rome"


def _relief_of_capua():
    """Carthage (Hasdrubal, 4 CUs) besieges Capua, 2 Roman CUs inside; Varro with 4 CUs comes
    from Terventum to relieve it: the besieged join the battle (§20.7)."""
    s = clear(game())
    put(s, "rome", "capua:in", 2)
    put(s, "carthage", "capua", 4, ("hasdrubal",))
    s.spaces["capua"].siege_by = "carthage"
    s.spaces["capua"].siege = 1
    put(s, "rome", "terventum", 4, ("varro",))
    s = move(s, "rome", OPS1, "varro", 4)
    s = act(s, "rome", "to", "capua")
    s = no_response(s)
    s = act(s, "carthage", "here", "stand")
    s = no_response(s)
    assert P.cu(s, "rome", "capua") == 6 and s.battle["sortied"] == {"rome": 2}
    return s


def test_s20_7_relief_battle_losses_split_and_only_the_besieged_go_back_in():
    """§20.7: the owner splits the battle losses between the besieged and the relief as he
    likes; only CUs and generals that came out of the walls may retreat back in (§15.4). Rome
    runs out of cards after 1 round: roll 6 -> 1 CU each; Rome says the relief lost it; rout
    roll 1 (6 CUs before) -> 2; the 2 besieged go back in, Varro and the last CU retreat."""
    s = _relief_of_capua()
    s = hands(s, ["probe", "frontal_assault"], ["probe"])
    s = act(s, "rome", "lead", "probe")
    s = act(s, "carthage", "match", "probe")
    dice(s, 6, 1)
    s = act(s, "carthage", "counter", "no")
    assert top(s) == "loss_split" and args(s, "rome", "besieged") == [0, 1]
    s = act(s, "rome", "besieged", 0)
    assert logs(s, "log.loss_split") == [{"side": "@side.rome", "k": 0, "n": 1}]
    assert P.cu(s, "rome", "capua") == 3 and "walls" in args(s, "rome", "retreat")
    s = act(s, "rome", "retreat", "walls")
    assert P.cu(s, "rome", "capua:in") == 2 and P.where(s, "varro") == "capua"
    assert top(s) == "retreat_to" and "walls" not in args(s, "rome", "retreat")


def test_s20_7_besieged_losses_limit_who_goes_back_in():
    """§20.7: when the owner puts the battle loss on the besieged, one fewer may go back."""
    s = _relief_of_capua()
    s = hands(s, ["probe", "frontal_assault"], ["probe"])
    s = act(s, "rome", "lead", "probe")
    s = act(s, "carthage", "match", "probe")
    dice(s, 6, 1)
    s = act(s, "carthage", "counter", "no")
    s = act(s, "rome", "besieged", 1)
    s = act(s, "rome", "retreat", "walls")
    assert P.cu(s, "rome", "capua:in") == 1 and P.cu(s, "rome", "capua") == 2


def test_s25_59_allies_defect_kept_for_a_battle_round():
    """§25 #59: kept past the battle preparation, Ally Deserts is played at the start of a
    round (the side that does not lead is asked first) and takes a card at once."""
    s = battle_at_praeneste(rome_hand=[59])
    assert top(s) == "respond" and s.flow[-1]["trigger"] == "battle"
    s = act(s, "rome", "respond", 0)                    # kept for later
    assert top(s) == "respond" and s.flow[-1]["trigger"] == "battle_round"
    assert active(s) == ["rome"] and args(s, "rome", "respond") == [59, 0]
    s = hands(s, ["frontal_assault", "probe"], ["flank_left"])
    dice(s, "#1")
    s = act(s, "rome", "respond", 59)
    assert s.bhands == {"carthage": ["frontal_assault"], "rome": ["flank_left", "probe"]}
    assert logs(s, "log.bc_taken") == [{"side": "@side.rome"}]
    assert active(s) == ["carthage"] and top(s) == "b_lead"


def test_s10_10_hannibal_killed_costs_five_pcs():
    """§10.10: Hannibal displaced dies and Carthage removes 5 PCs on top."""
    s = clear(game())
    put(s, "carthage", "cannae", 0, ("hannibal",))
    put(s, "rome", "apri", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "cannae")
    s = no_response(s)
    s = act(s, "carthage", "here", "stand")
    assert s.gens["hannibal"] == "dead"
    assert any(f["k"] == "remove_pc" and f["n"] == 5 for f in s.flow)


def test_s15_4_retreat_into_own_walled_city():
    """§15.4: the loser may retreat into his own unbesieged walled city in the battle area, up
    to its capacity; the rest retreats elsewhere."""
    s = clear(game())
    put(s, "rome", "capua", 4, ("varro",))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s.spaces["terventum"].pc = None
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "capua")
    s = no_response(s)
    s = act(s, "rome", "here", "stand")
    s = no_response(s)
    s = hands(s, ["probe"], ["flank_left"])
    s = act(s, "carthage", "lead", "probe")
    dice(s, 1, 1)     # losses: none; rout: 4 CUs before, 1 - 2 -> none
    s = act(s, "rome", "match", "")
    assert "walls" in args(s, "rome", "retreat")
    s = act(s, "rome", "retreat", "walls")
    assert args(s, "rome", "walls_gens") == ["all", "none"]     # §15.4: with either part
    s = act(s, "rome", "walls_gens", "none")
    assert P.cu(s, "rome", "capua:in") == 2 and P.where(s, "varro") == "capua"
    assert top(s) == "retreat_to" and "walls" not in args(s, "rome", "retreat")


def test_s15_4_generals_choose_the_part_that_goes_into_the_walls():
    """§15.4: when the army splits at the walls, the commander and his subordinates may go
    with either part: here Paullus goes in with the 2 CUs, Varro retreats with the rest."""
    s = clear(game())
    put(s, "rome", "capua", 4, ("varro", "paullus"))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s.spaces["terventum"].pc = None
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "capua")
    s = no_response(s)
    s = act(s, "rome", "here", "stand")
    s = no_response(s)
    s = hands(s, ["probe"], ["flank_left"])
    s = act(s, "carthage", "lead", "probe")
    dice(s, 1, 1)
    s = act(s, "rome", "match", "")
    s = act(s, "rome", "retreat", "walls")
    assert args(s, "rome", "walls_gens") == ["all", "none", "varro", "paullus"]
    s = act(s, "rome", "walls_gens", "paullus")
    assert P.cu(s, "rome", "capua:in") == 2 and P.where(s, "paullus") == "capua:in"
    assert P.cu(s, "rome", "capua") == 2 and P.where(s, "varro") == "capua"
    assert top(s) == "retreat_to"


def test_s25_allies_defect_with_spy_picks_a_shown_card():
    """§25 #59 with #20: both played in battle preparation; the player may take one of the
    enemy cards the Spy showed."""
    s = battle_at_praeneste(rome_hand=[20, 59])
    s = act(s, "rome", "respond", 20)
    assert args(s, "rome", "respond") == [59, 0]
    s = act(s, "rome", "respond", 59)
    shown = list(s.battle["revealed"]["carthage"])
    assert top(s) == "steal_pick" and args(s, "rome", "steal")[:-1] == sorted(set(shown))
    s = act(s, "rome", "steal", shown[0])
    assert len(s.bhands["rome"]) == 9 and shown[0] in s.bhands["rome"]
    assert len(s.battle["revealed"]["carthage"]) == len(shown) - 1


def test_s15_1_friendly_cus_on_the_way_join_the_retreat():
    """§15.1: the retreat goes to the nearest friendly area; friendly CUs it meets on the way (no
    more than it has) join it. Sena (1 Roman CU, no PC) lies on the way to Firmum Picenum."""
    s = battle_at_praeneste()
    s.spaces["rome"].pc = None
    s.spaces["sena"].pc = None
    P.add_cu(s, "rome", "sena", 1)
    s = hands(s, ["probe"], ["flank_left"])
    s = act(s, "carthage", "lead", "probe")
    dice(s, 1, 1)       # losses none; rout: 5 CUs before, 1 - 2 -> 1 CU
    s = act(s, "rome", "match", "")
    opts = args(s, "rome", "retreat")
    assert "firmum_picenum" in opts and "sena" not in opts
    s = act(s, "rome", "retreat", "firmum_picenum")
    assert P.cu(s, "rome", "firmum_picenum") == 5 and P.cu(s, "rome", "sena") == 0


def test_s24_flaminius_stops_withdrawals_on_1_to_4():
    """§24 (rulebook): Flaminius' ability also works against withdrawals: he stops one on 1-4."""
    s = battle_at_praeneste(rome=("flaminius",))
    s.spaces["terventum"].pc = None
    s = hands(s, ["flank_right"], ["flank_right"])
    dice(s, 1)
    s = act(s, "carthage", "withdraw")
    assert args(s, "rome", "block") == ["roll", "no"]
    dice(s, 4)
    s = act(s, "rome", "block", "roll")
    assert logs(s, "log.withdraw_blocked") and args(s, "rome", "take") == ["yes", "no"]


def test_s14_1_twenty_card_cap_and_elephants_after_it():
    """§14.1, §17.4: at most 20 cards; the elephants' reduction comes after the cap: Carthage
    4 + 18 CUs + 3 Iberian allies = 25 -> 20; Rome 4 + 20 CUs = 24 -> 20, less 2 charging
    elephants = 18."""
    s = clear(game())
    put(s, "carthage", "toletum", 18, ("hannibal",), el=2)
    put(s, "rome", "toletum", 20, ("africanus",))
    C.start_battle(s, "rome", "toletum", came_from="segovia")
    s = settle(s)
    assert C.card_count(s, "carthage") == (20, {"rating": 4, "cus": 18, "allies": 3})
    dice(s, 6)
    s = act(s, "carthage", "charge", "yes")
    assert s.battle["counts"] == {"rome": 18, "carthage": 20}


def test_s14_5_spy_shows_the_cards_face_up_for_the_whole_battle():
    """#20 Spy in Enemy Camp (§14.5 step 5; #20: «вскрытая КТ врага должна оставаться открытой
    всю битву»): the shown enemy battle cards lie face up for everyone while the battle lasts
    (a public log line naming them, the board); the spying player also has them in his own
    items, text and hand picture."""
    from games.hannibal.rules import RULES
    from renderers.hannibal.hand import hand_size

    s = battle_at_praeneste(rome_hand=[20])
    s = act(s, "rome", "respond", 20)
    shown = sorted(s.battle["revealed"]["carthage"])
    assert len(shown) == 6
    rome, carthage, table = RULES.view(s, "rome"), RULES.view(s, "carthage"), RULES.view(s, None)
    assert rome.private["spied"] == shown
    assert "spied" not in carthage.private and table.private == {}
    assert table.board["battle"]["revealed"] == {"carthage": shown}
    names = [RULES.tr(msg(f"bc.{c}")) for c in set(shown)]
    for view in (rome, carthage, table):
        seen = [line for line in view.log if line.msg.key == "log.spy_sees"]
        assert len(seen) == 1 and seen[0].text.startswith("Face up for the whole battle: ")
        assert all(name in seen[0].text for name in names), seen[0].text
    lines = RULES.private_lines(rome, "en")
    assert lines[-1].startswith("Seen by your spy in the enemy's battle hand (6): ")
    assert all(name in lines[-1] for name in names)
    assert RULES.private_lines(rome, "ru")[-1].startswith(
        "Ваш лазутчик видел у противника карты тактики (6): ")
    assert not any("spy" in line for line in RULES.private_lines(carthage, "en"))
    # the hand picture shows them in a section of their own
    without = rome.model_copy(update={"private": {k: v for k, v in rome.private.items()
                                                  if k != "spied"}})
    assert hand_size(rome)[1] > hand_size(without)[1]
    # a shown card that is then played is no longer hidden-but-known
    s.battle["revealed"]["carthage"].remove(shown[0])
    s.touch()
    assert len(RULES.view(s, "rome").private["spied"]) == 5
