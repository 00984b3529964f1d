"""Escort Service's cards and mat state the facts a player needs, legibly (issue 18): a heal or a status names
who it goes to (self, ally, foe, shuttle) on every card; health numbers fit their heart; the mat has a place for
fallen pilots under every column, the shuttle's included; a scenario card says which scenario it is."""
from collections import Counter

import pytest
from helpers import validated

from pnp.games.escort_service.actions import parse
from pnp.render.backend import RecordingBackend
from pnp.render.cards import draw_face

TARGETED = ("HEAL", "STATUS")


@pytest.fixture(scope="module")
def project():
    return validated("escort-service")


def drawn_words(project, face) -> Counter:
    backend = RecordingBackend()
    draw_face(backend, face, project.layout, project.game.emblems, 0, 0)
    return Counter(word.lower() for text in backend.texts() for word in text.split())


def sides(project):
    """(card, face) for every card side that carries actions: basic enemies act on both sides."""
    for record in project.game.cards():
        for card, faces in ((record.card, project.faces.fronts), (record.back, project.faces.backs)):
            if card is not None and getattr(card, "actions", None):
                yield card, faces[record.card.id]


def test_every_heal_and_status_prints_its_target_word(project):
    checked = set()
    for card, face in sides(project):
        wanted = Counter(parse(line).picks.lower() for line in card.actions if parse(line).word in TARGETED)
        drawn = drawn_words(project, face)
        for word, count in wanted.items():
            assert drawn[word] >= count, f"'{card.name}' prints '{word}' {drawn[word]} times, its data {count}"
        checked |= {card.name for _ in wanted}
    # the cards the production editor found printing no target are among those checked
    assert {"Bulwark", "Got Your Attention", "Decoy", "Burrow", "Barrier", "Sting", "Triage", "Mender"} <= checked
