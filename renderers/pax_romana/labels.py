"""Words drawn on the Pax Romana pictures, in the reader's language ("en" or "ru").

Names of spaces, provinces, territories and naval points are the map data's, as the engine's
texts name them: ``name`` in English, ``name_ru`` in Russian (``map.json``; ``layout.map_layout``
reads them); the rebellion regions' names, in both languages, are the Rebellion Table's
(``tables.json``, as the engine's texts); Powers, phases and the pictures' own words are
translated here. A missing word falls back to English, then to the key itself made readable, so
a picture never shows a bare key.
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Pax Romana",
        "turn": "Turn {n}",
        "turn_years": "Turn {n} · {years} BC",
        "phase": "Phase {p}: {name}",
        "to_act": "to act: {who}",
        "game_over": "Game over",
        "power": "Power",
        "treasury": "Treasury",
        "stability": "Stab.",
        "vp": "VP",
        "gop": "GOP",
        "cvp": "CVP",
        "ams_left": "AMs",
        "manpower": "Manpower",
        "am_track": "Activations this turn",
        "am_pool": "in the pool: {n}",
        "am_none": "none yet",
        "event": "Event",
        "legend": "Key",
        "space": "space",
        "port": "port",
        "capital": "capital",
        "rough_mountain": "rough mountain",
        "mine": "mine",
        "tribal": "tribal space",
        "tp": "Transit Point",
        "ntp": "naval point (NTP)",
        "dstp": "deep sea point (DSTP)",
        "land_link": "land link",
        "sea_link": "sea link",
        "strait": "strait",
        "alpine_pass": "Alpine pass",
        "city": "city",
        "settlement": "settlement",
        "tribe": "tribe (strength)",
        "siege": "siege",
        "last_move": "last move",
        "last_action": "Last action",
        "no_last_action": "No action yet this turn.",
        "zoom": "Zoom: {where}",
        "region": "Region: {where}",
        "unknown_region": "No such territory or province: {where}",
        "moved": "{who}: {what}",
        "from_to": "{start} → {end}",
        "battle_at": "battle at {where}",
        "by_sea": "by sea",
        "leader": "leader",
        "weakened": "weakened",
        "hand_title": "{who}: leaders and plans",
        "no_hand": "This view holds nothing private.",
        "leaders_drawn": "Leaders drawn this turn",
        "no_leaders": "no leaders drawn",
        "placed_at": "to {where}",
        "not_placed": "not placed yet",
        "plan": "Plan: {kind}",
        "plan_confirmed": "confirmed",
        "plan_open": "being built",
        "plan_cost": "cost {n} T",
        "no_plan": "No plan being built.",
        "objectives": "Optional Objectives",
        "on_map": "On the map",
        "units": "units",
        "galleys": "galleys",
        "leaders": "leaders",
        "cities": "cities",
        "settlements": "settlem.",
        "provinces": "provinces",
        "weak": "w",
        "territories": "territ.",
        "plan.maintenance": "maintenance",
        "plan.manpower": "manpower",
        "plan.leader_placement": "leader placement",
        "plan.siege_preparation": "Siege Preparation",
        "phase.A": "Income", "phase.B": "Maintenance", "phase.C": "Removal",
        "phase.D": "Leader selection", "phase.E": "Manpower", "phase.F": "Activation",
        "phase.G": "Attrition and isolation", "phase.H": "Victory",
        "phase.I": "Turn order",
        "power.rome": "Rome", "power.carthage": "Carthage", "power.greece": "Greece",
        "power.east": "East", "power.barbarian": "Barbarians", "power.slaves": "Slaves",
        "power.pirates": "Pirates", "power.successor": "Successor army (Greek)",
        "alliances": "Allied: {groups}",
        "rebels": "Rebels · {region}",
        "closed_to_fleets": "closed to fleets",
        "inventor": "Inventor", "helepolis": "Helepolis",
    },
    "ru": {
        "title": "Pax Romana",
        "turn": "Ход {n}",
        "turn_years": "Ход {n} · {years} до н. э.",
        "phase": "Фаза {p}: {name}",
        "to_act": "ходит: {who}",
        "game_over": "Игра окончена",
        "power": "Держава",
        "treasury": "Казна",
        "stability": "Стаб.",
        "vp": "ПО",
        "gop": "ОГЦ",
        "cvp": "ОЦ",
        "ams_left": "МА",
        "manpower": "Людские ресурсы",
        "am_track": "Активации этого хода",
        "am_pool": "в чаше: {n}",
        "am_none": "пока нет",
        "event": "Событие",
        "legend": "Обозначения",
        "space": "область",
        "port": "порт",
        "capital": "столица",
        "rough_mountain": "горы",
        "mine": "рудник",
        "tribal": "племенная область",
        "tp": "транзитный пункт (ТП)",
        "ntp": "морской транзитный пункт (МТП)",
        "dstp": "открытое море (ТПОМ)",
        "land_link": "сухопутная связь",
        "sea_link": "морская связь",
        "strait": "пролив",
        "alpine_pass": "альпийский перевал",
        "city": "город",
        "settlement": "поселение",
        "tribe": "племя (сила)",
        "siege": "осада",
        "last_move": "последний ход",
        "last_action": "Последнее действие",
        "no_last_action": "В этом ходу ещё не действовали.",
        "zoom": "Крупно: {where}",
        "region": "Регион: {where}",
        "unknown_region": "Нет такой территории или провинции: {where}",
        "moved": "{who}: {what}",
        "from_to": "{start} → {end}",
        "battle_at": "битва: {where}",
        "by_sea": "морем",
        "leader": "полководец",
        "weakened": "ослаблен",
        "hand_title": "{who}: полководцы и планы",
        "no_hand": "В этом виде нет тайного.",
        "leaders_drawn": "Полководцы этого хода",
        "no_leaders": "полководцы не вытянуты",
        "placed_at": "в {where}",
        "not_placed": "ещё не размещён",
        "plan": "План: {kind}",
        "plan_confirmed": "подтверждён",
        "plan_open": "составляется",
        "plan_cost": "стоимость {n} Т",
        "no_plan": "План не составляется.",
        "objectives": "Дополнительные цели",
        "on_map": "На карте",
        "units": "отряды",
        "galleys": "галеры",
        "leaders": "полков.",
        "cities": "города",
        "settlements": "посел.",
        "provinces": "пров.",
        "weak": "осл",
        "territories": "террит.",
        "plan.maintenance": "содержание",
        "plan.manpower": "людские ресурсы",
        "plan.leader_placement": "размещение полководцев",
        "plan.siege_preparation": "подготовка к осаде",
        "phase.A": "Доход", "phase.B": "Содержание", "phase.C": "Снятие",
        "phase.D": "Выбор полководцев", "phase.E": "Людские ресурсы", "phase.F": "Активация",
        "phase.G": "Истощение и изоляция", "phase.H": "Победа",
        "phase.I": "Порядок хода",
        "power.rome": "Рим", "power.carthage": "Карфаген", "power.greece": "Греция",
        "power.east": "Восток", "power.barbarian": "Варвары", "power.slaves": "Рабы",
        "power.pirates": "Пираты", "power.successor": "Армия диадохов (греческая)",
        "alliances": "Союзы: {groups}",
        "rebels": "Мятежники · {region}",
        "closed_to_fleets": "закрыто для флотов",
        "inventor": "Изобретатель", "helepolis": "Гелеполь",
    },
}


def _rebellion_names() -> None:
    """``rebellion.<region>``: the rebellion regions' names, read from the Rebellion Table of the
    game's data (``tables.json``), where the engine's texts read them too."""
    from games.pax_romana.data import load
    for row in load().tables.rebellion_table.rows:
        LABELS["en"][f"rebellion.{row.region}"] = row.name
        LABELS["ru"][f"rebellion.{row.region}"] = row.name_ru


_rebellion_names()


def text(key: str, lang: str, **values: object) -> str:
    """The word for ``key`` in ``lang`` with ``values`` filled in."""
    template = LABELS.get(lang, {}).get(key) or LABELS["en"].get(key)
    if template is None:
        template = key.rsplit(".", 1)[-1].replace("_", " ")
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def power_name(power: object, lang: str) -> str:
    key = f"power.{power}"
    if key in LABELS["en"]:
        return text(key, lang)
    return str(power).replace("_", " ").title()


def turn_years(turn: int) -> str:
    """The years a Game Turn covers (§1: turn n is 325 - 25n to 300 - 25n BC)."""
    return f"{325 - 25 * turn}–{300 - 25 * turn}"
