"""Escape Master content checks, each tied to the rule it enforces."""
from __future__ import annotations

from pnp.content.game import Game
from pnp.core.diagnostics import Diagnostic
from pnp.games.escape_master.vocabulary import HAND_MOVES

FACE_RANKS = (11, 12, 13)


def check(game: Game) -> list[Diagnostic]:
    problems = []
    for test in (ranks_in_range, doom_master_ranks, leaders_cover_tribes, hands_fit_deck, leader_powers, hand_moves_said):
        problems += test(game)
    return problems


def ranks_in_range(game: Game) -> list[Diagnostic]:
    """Numbered cards run 1..13 (1-10, J, Q, K): rule 'ranks'."""
    problems = []
    for record in game.cards():
        card = record.card
        if card.kind == "numbered" and (card.rank is None or not 1 <= card.rank <= 13):
            problems.append(record.diagnostic("rank-range", f"numbered card '{card.id}' has rank {card.rank}; ranks are 1 to 13", "rank"))
        if card.kind == "numbered" and not card.suit:
            problems.append(record.diagnostic("missing-key", f"numbered card '{card.id}' needs a suit (tribe)"))
    return problems


def doom_master_ranks(game: Game) -> list[Diagnostic]:
    """Each Doom Master plays as J, Q or K (rule 'doom-ranks', clarification 'clar-doom-ranks')."""
    problems = []
    for record in game.cards():
        card = record.card
        if card.kind == "doom_master" and card.rank not in FACE_RANKS:
            problems.append(record.diagnostic("rank-range", f"Doom Master '{card.id}' needs rank 11, 12 or 13 (J, Q or K); it has {card.rank}", "rank"))
        if card.kind == "start7" and card.rank != 7:
            problems.append(record.diagnostic("rank-range", f"7-Start '{card.id}' must have rank 7", "rank"))
    return problems


def leaders_cover_tribes(game: Game) -> list[Diagnostic]:
    """One Escape Leader per tribe, each with an ability and a Beast Mode (rule 'leaders')."""
    problems = []
    leaders = [r for r in game.cards() if r.card.kind == "leader"]
    tribes = {s.id for d in game.decks.values() for s in d.model.suits}
    seen = {}
    for record in leaders:
        if record.card.ability is None or record.card.beast_mode is None:
            problems.append(record.diagnostic("missing-key", f"leader '{record.card.id}' needs both ability: and beast_mode:"))
        if record.card.suit in seen:
            problems.append(record.diagnostic("duplicate-tribe", f"tribe '{record.card.suit}' already has leader '{seen[record.card.suit]}'", "suit"))
        seen[record.card.suit] = record.card.id
    if leaders and set(seen) != tribes:
        missing = ", ".join(sorted(tribes - set(seen)))
        problems.append(game.manifest_source.diagnostic(("decks",), "leaders", f"every tribe needs an Escape Leader; missing: {missing}"))
    return problems


def hands_fit_deck(game: Game) -> list[Diagnostic]:
    """The deal (hand size x most players) must leave a draw pile, at every difficulty."""
    if game.settings is None:
        return []  # the settings themselves are wrong; that is reported at their line
    hand = game.settings.hand_size
    most = game.manifest.players.max
    deck = game.decks.get("game")
    if deck is None:
        return []
    green = sum(r.card.count for r in deck.cards if r.card.difficulty.value == "green")
    if hand * most >= green:
        return [game.manifest_source.diagnostic(("players", "max"), "deal", f"{most} players x {hand} cards leaves no draw pile from the {green} green cards")]
    return []


def leader_powers(game: Game) -> list[Diagnostic]:
    """Leader abilities and story cards carry effect words, so the engine can play them."""
    problems = []
    for record in game.cards():
        card = record.card
        if card.kind == "story" and not card.effects:
            problems.append(record.diagnostic("no-effect", f"story card '{card.id}' has no effects; the engine cannot play it", "effects"))
        for block in ("ability", "beast_mode"):
            value = getattr(card, block, None)
            if value is not None and not value.effects:
                problems.append(record.diagnostic("no-effect", f"{block} of '{card.id}' has no effects", block))
    return problems


def hand_moves_said(game: Game) -> list[Diagnostic]:
    """A power that moves cards out of a hand never moves a Doom Master or Wisdom (rule clar-hand-moves): a Doom
    Master leaves a hand only through Vanish, Wisdom only onto a Stack. Its card text must say so, by the name those
    cards go by in the game's language (kind_names): "Doom Master", "Maître du Destin", "Unheilsmeister"."""
    problems = []
    names = kind_names(game)
    for record in game.cards():
        for keypath, block in ((("text",), record.card), (("ability", "text"), record.card.ability),
                               (("beast_mode", "text"), record.card.beast_mode)):
            if block is None:
                continue
            words = {next(iter(e)) if isinstance(e, dict) else e for e in block.effects}
            kept = {kind for word in words & set(HAND_MOVES) for kind in HAND_MOVES[word]}
            said = _folded(block.text)
            missing = [names[kind] for kind in ("doom_master", "wisdom")
                       if kind in kept and kind in names and _folded(names[kind]) not in said]
            if missing:
                problems.append(record.diagnostic("hand-moves", f"this power moves cards out of a hand but never a "
                                f"{' or '.join(missing)} (rule clar-hand-moves); say so in the text", *keypath))
    return problems


def kind_names(game: Game) -> dict[str, str]:
    """kind -> the name its cards share, as the game names them (in its edition's language): a kind of one card
    by its name ("Wisdom"), the Doom Masters by what their names start with ("Doom Master (J)", "(Q)", "(K)")."""
    names: dict[str, list[str]] = {}
    for record in game.cards():
        names.setdefault(record.card.kind, []).append(record.card.name)
    return {kind: shared for kind, found in names.items() if (shared := _shared_start(found))}


def _shared_start(names: list[str]) -> str:
    """The words every name starts with ("Doom Master" of "Doom Master (J)" and "Doom Master (Q)")."""
    first = names[0].split()
    count = next((i for i, word in enumerate(first) if any(n.split()[i:i + 1] != [word] for n in names)), len(first))
    return " ".join(first[:count])


def _folded(text: str) -> str:
    """Text compared as read: case and line breaks aside."""
    return " ".join(text.casefold().split())
