"""What a card's face prints, as words for the card reference: so the reference states everything the card does,
whatever box kinds the game's layout draws it with.

The card's own text (name, text, abilities) is stated by pnp.rules.export.card_text; this adds, for each box a
face shows, what that box prints when the text does not say it already: its field's value (a flavour line, a
tag), the card data the box draws (a list of actions drawn as icons reads as its words), else the words the box
draws (a game's stats panel, a grid's labels), recorded by drawing the box alone. A game whose boxes draw numbers
and labels that read as a dump out of context states them itself, as sentences (GamePlugin.card_facts); a box is
then only guessed at when those sentences leave some of its words out. Nothing here names a game: the layout says
which boxes a face shows, the card data, the game's sentences and the drawing say what they print."""
from __future__ import annotations

import re

from pnp.rules.card_words import Flavour

SIDES = ("front", "back")
FLAVOUR = "flavor"  # the card field of a flavour line (a knowledge side's too: knowledge.flavor)


def tokens(text: str) -> list[str]:
    """The words and numbers of a text, lower case, for asking whether one text states another."""
    return re.findall(r"[a-z0-9]+", str(text).lower())


def printed_facts(project) -> dict[str, dict[str, list[str]]]:
    """card id -> {"front": [...], "back": [...]}: each box's printed words the card's text leaves out.
    Worked out once per project (it draws every face): every rules output of a build asks for it."""
    known = project.__dict__.get("_printed_facts")
    if known is None:
        known = project.__dict__["_printed_facts"] = _printed_facts(project)
    return known


def _printed_facts(project) -> dict[str, dict[str, list[str]]]:
    from pnp.rules.card_words import side_text  # the text the reference states already

    facts: dict[str, dict[str, list[str]]] = {}
    if project.layout is None:
        return facts
    labels = project.game.manifest.rulebook.labels  # its parts' headings as the edition's table says them
    for record in project.game.cards():
        sides = {}
        for side, card in (("front", record.card), ("back", record.back)):
            face = (project.faces.fronts if side == "front" else project.faces.backs).get(record.card.id)
            if card is None or face is None:
                continue
            said = f"{card.name} {side_text(card, labels)}"  # "Capacité : ...", never a second "Capacité."
            stated = set(tokens(said))
            told = _game_facts(project, card, said, stated)
            sides[side] = said_once(told + _face_facts(project, face, stated, bool(project.game.plugin.card_facts)))
        facts[record.card.id] = sides
    return facts


def said_once(facts: list[str]) -> list[str]:
    """The facts without any that another of them says word for word ("Ranged" inside "Ranged: also attacks you
    from a neighbouring Zone"): a printed fact is stated once."""
    runs = [f" {' '.join(tokens(fact))} " for fact in facts]
    return [fact for i, fact in enumerate(facts)
            if not any(j != i and len(other) > len(runs[i]) and runs[i] in other for j, other in enumerate(runs))]


def _game_facts(project, card, text: str, stated: set[str]) -> list[str]:
    """The game's own sentences for what the card prints (adding their words to `stated`), but those its text says
    word for word: a sentence whose words are all in the text elsewhere ("Laser attack 1") still says something."""
    say = project.game.plugin.card_facts
    said = f" {' '.join(tokens(text))} "
    found = []
    for fact in (say(card, project.game) if say else []):
        words = tokens(fact)
        if words and f" {' '.join(words)} " not in said:
            found.append(fact)
            stated |= set(words)
    return found


def _face_facts(project, face, stated: set[str], game_told: bool = False) -> list[str]:
    """Each box's words the text (and the game's sentences) leave out. When the game states its cards' facts, a box
    whose drawn words are all stated says nothing new: its data (an action's line as written) is not guessed at."""
    from pnp.render.cards import box_drawings

    found = []
    for drawing in box_drawings(face, project.layout, project.game.emblems):
        if game_told and set(tokens(" ".join(drawing.texts))) <= stated:
            continue
        fact = _box_fact(face, drawing)
        words = tokens(fact)
        if fact and not set(words) <= stated:
            if re.fullmatch(r"[+-]?\d+", fact):  # a bare number says nothing without what it counts
                fact = f"{_label(drawing.box.name)} {fact}"
            found.append(Flavour(fact) if _is_flavour(drawing.box) else fact)
            stated |= set(words)
    return found


def _is_flavour(box) -> bool:
    """A box that prints a flavour line: it draws the card's flavour field (or a part's, knowledge.flavor)."""
    return bool(box.field) and box.field.split(".")[-1] == FLAVOUR


def _box_fact(face, drawing) -> str:
    """What one box prints, in words: its data where the drawing alone would lose words (numbers drawn beside
    icons), else its drawing. A box that prints no words (a picture, an emblem, a colour dot) states nothing:
    the names of its pictures are data, not what a player reads."""
    drawn = " ".join(" ".join(t.split()) for t in drawing.texts).strip()
    if not drawn:
        return ""
    data = _data(face, drawing.box)
    if data and set(tokens(drawn)) <= set(tokens(data)):
        return data  # the data says all the drawing does, and more where the drawing is icons
    return drawn


def _data(face, box) -> str:
    """The card value a box shows: its computed text, the field it names, else the value named as the box is (its
    type or name)."""
    if box.name in face.computed:
        return " ".join(face.computed[box.name].split())
    for key in (box.field, box.name, box.type):
        value = face.values.get(key) if key else None
        if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int, float)) for v in value):
            return ", ".join(str(v) for v in value)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value).strip():
            return " ".join(str(value).split())
    return ""


def _label(name: str) -> str:
    return re.sub(r"[_\-.]+", " ", name).strip().capitalize()
