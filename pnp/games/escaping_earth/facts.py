"""What a 2200 card's face prints, as sentences for the card reference (GamePlugin.card_facts).

The zone grid, the stats panels and the range diagram draw numbers beside icons; out of context they read as a
dump ("+1 health 11 1 3"). Here each says what it is, in the rulebook's words: an enemy's square, health and
ability, a bonus and its square, an attack's type, damage and reach, a ship's numbers."""
from __future__ import annotations

import re

from pnp.games.escaping_earth.boxes import CAPTIONS, MODES, TRACK_NAMES, guide_rows, ship_label, word_of
from pnp.games.escaping_earth.cards import ZONE_KINDS
from pnp.games.escaping_earth.vocabulary import VOCABULARY

ROWS = {"a": "top", "b": "middle", "c": "bottom"}
COLUMNS = {"1": "left", "2": "middle", "3": "right"}
# where the range grid reaches, from the ship's square (bottom row, middle): rows farthest first
REACH = (("two ahead-left", "two ahead", "two ahead-right"), ("ahead-left", "ahead", "ahead-right"),
         ("left", "its own square", "right"))


# How a card's text says an attack fires more than once ("Fire twice: ..."): its ×2 mark is then not explained again
TIMES_SAID = {2: "twice", 3: "three times", 4: "four times"}
# What each attack type hits, as an attack card with no text of its own prints it (the `targets` box of
# layouts/2200-escaping-earth/cards.yaml): said with the attack, so the row's keywords (PERMANENT) stay last
TARGETS = {"laser": "Hits every enemy in range at once", "missile": "Hits one enemy in range, of your choice",
           "blast": "Hits one enemy in range, of your choice; Cloaking and Reflective do not stop it"}


def card_facts(card, game) -> list[str]:
    if card.kind in ZONE_KINDS:
        return _zone(card)
    if card.kind == "guide":
        return _guide(card)
    return _item(card)


def _text_words(card) -> str:
    """The card's own text, lower case and one space apart: what a fact need not say again."""
    return " ".join(str(card.text or "").lower().split())


def _guide(card) -> list[str]:
    """A Symbol Guide's rows, each ability's name with what it does (as the guide box prints them), one sentence
    each: the name said once, not once alone and again before its meaning."""
    return [f"{name}: {_mid_sentence(text)}".rstrip(".") for name, text in guide_rows(card)]


def _mid_sentence(text: str) -> str:
    """A sentence's start set after a colon: its first word in lower case, unless it is a name or a game word in
    capitals (MOVE)."""
    return text[0].lower() + text[1:] if text[:2].istitle() and text[1:2].islower() else text


def square_name(square: str) -> str:
    """'a2' -> 'top middle', 'b2' -> 'center': where a square is on the 3x3 grid, as a player says it (in American
    spelling, as the cards' Armor)."""
    return "center" if square == "b2" else f"{ROWS[square[0]]} {COLUMNS[square[1]]}"


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _squares(squares) -> str:
    return f"{_listed([square_name(s) for s in squares])} square" + ("s" if len(squares) > 1 else "")


def _effect(entry) -> str:
    word, number = word_of(entry)
    return VOCABULARY[word].describe(number).rstrip(".")


def _zone(card) -> list[str]:
    facts = []
    for enemy in card.enemies:
        who = enemy.name if enemy.name and card.kind != "zone" else "Enemy"
        said = [f"health {enemy.health}"] + [_effect(a) for a in enemy.ability]
        facts.append(f"{who} ({_squares(enemy.squares)}): {', '.join(said)}")
    facts += [f"{bonus.label} bonus ({_squares([bonus.at])})" for bonus in card.bonuses]
    facts += [f"{rule.text.rstrip('.')} ({_squares([rule.at])})" for rule in card.rules]
    level = f"{TRACK_NAMES[card.track].capitalize()} track, level {card.level}"
    facts.append(level if card.kind == "zone" else f"{level}: a {card.kind.replace('_', ' ').upper()}")
    return facts


def _item(card) -> list[str]:
    facts = []
    if card.kind == "ship" and card.ship.blueprints:
        facts.append(f"Built from {card.ship.blueprints} Blueprint" + ("s" if card.ship.blueprints > 1 else ""))
    elif card.kind != "ship" and card.cost is not None:
        facts.append(f"Costs {card.cost} gold")
    if card.attack:
        facts += _attack(card.attack, _text_words(card))
        facts += [] if card.text else [TARGETS[card.attack.type]]
    facts += _icons(card)
    if card.ship:
        facts += _ship(card.ship, _text_words(card))
    if card.exclusive:  # after what the card does, just before its marks, on a card with text or without
        facts.append(f"{ship_label(card.exclusive)}-Only: only that ship may carry it")
    facts += _marks(card)
    return facts


def _attack(attack, text: str = "") -> list[str]:
    """The attack's type, damage and reach; its ×2 mark explained unless the card's text says it fires twice."""
    times = ""
    if attack.repeat > 1:
        said = TIMES_SAID.get(attack.repeat)
        times = f", ×{attack.repeat}" + ("" if said and said in text else f": it hits {attack.repeat} times")
    reach = [REACH[r][c] for r, line in enumerate(attack.range.grid) for c, mark in enumerate(line) if mark == "x"]
    reach += ["the Zone above"] * attack.range.up + ["the Zone below"] * attack.range.down
    return [f"{attack.type.capitalize()} attack {attack.damage}{times}",
            "Range, from your ship: " + (_listed(reach) if reach else "none")]


def _icons(card) -> list[str]:
    """The effect icons' captions, when the card's text does not say them (a system's modes)."""
    words = [word_of(e) for e in card.effects]
    if any(word == "PENDULUM_MODES" for word, _ in words):  # the modes its text does not name already
        text = _text_words(card)
        return [f"{mode} mode: {gain}" for mode, gain in zip(MODES, ("+1 dmg per hit", "MOVE 1", "+1 health"))
                if f"{mode.lower()} mode" not in text]
    return [CAPTIONS.get(word, word.replace("_", " ").title()).format(n=number) for word, number in words]


def _ship(ship, text: str = "") -> list[str]:
    """The ship's numbers, its health with the track's numbers from the top, where the token starts, down (every
    number the track prints, else the card reference would read the track out as drawn: "HEALTH 1 2 3"), then its
    ability as the ability box prints it, unless the card's text says every word of it already (the Wolf's text
    explains its Shield Charge whole: the row would say it twice)."""
    track = ", ".join(str(h) for h in range(ship.health, 0, -1))
    facts = [f"Crew {ship.crew}", f"Min. deck size {ship.min_deck}", f"Max. systems {ship.max_systems}",
             f"Starting level {ship.start_level}", f"Health {ship.health} (track {track})"]
    word, number = word_of(ship.ability[0])
    if word == "SHIELD_CHARGE":
        ability = "Shield Charge 0 to 3: at 2 block 1, at 3 block 3"
    elif word == "REVIVE":
        ability = "REVIVE (once a run)"
    elif word == "PENDULUM":
        ability = "PENDULUM (needs its SYSTEM)"
    else:
        ability = f"PLATING {number}"
    return facts if set(_tokens(ability)) <= set(_tokens(text)) else facts + [ability]


def _tokens(text: str) -> list[str]:
    """The words and numbers of a text, lower case: what it says, whatever its punctuation."""
    return re.findall(r"[a-z0-9]+", text.lower())


def _marks(card) -> list[str]:
    marks = ["A SYSTEM"] if card.kind == "system" else []
    marks += ["A BOSS EVENT"] if card.kind == "event" else []
    kept = any(word_of(e)[0] == "BLUEPRINT" for e in card.effects)
    marks += ["Kept as a BLUEPRINT"] if kept and "blueprint" not in _text_words(card) else []  # else its text says so
    # a treasure stays as a permanent card does; said in words no card text uses, so the mark is never taken for
    # a text's own "take a treasure" and dropped as said already (pnp.render.card_facts: Mars Coordinates)
    marks += ["A TREASURE: it stays after a lost run"] if card.treasure else []
    marks += ["A STARTER"] if card.starter else []
    marks += ["PERMANENT: it stays after a lost run"] if card.permanent and not card.treasure else []
    return marks
