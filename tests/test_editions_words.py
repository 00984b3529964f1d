"""The words pnp prints around a game's own texts, in every edition's language (issue 34, what the Escape Master
translators found): pnp's own words ("Contents", "Glossary", "Example:") from a table per language, the numbered
cards' generated names, the glossary's meanings of the game package's effect words, the game's checks of what its
texts say, and the glossary in the language's alphabetical order. Built from Escape Master's French and German
editions as the translators wrote them."""
import json
import re
import shutil
from pathlib import Path

import pypdf
import pytest
from helpers import ROOT
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import discovery, translations
from pnp.defaults.words import table
from pnp.games.escape_master.checks import hand_moves_said
from pnp.text.collation import sort_key

runner = CliRunner()
GAME = "escape-master"
# what pnp printed in English before it had a table of words: the English table must print it unchanged
TODAY = {"contents": "Contents", "glossary": "Glossary", "card-reference": "Card reference", "example": "Example:",
         "cards": "Cards:", "on-the-sheet": "On the sheet:", "rulebook": "{title} rulebook",
         "page": "{title} · page {page}", "rules-up-to": "Rules up to the {level} level",
         "difficulty-colour": "Every rule carries a difficulty colour:", "difficulty-colours": "Difficulty colours:",
         "green": "green", "yellow": "yellow", "red": "red", "label-text": "{label}: {text}", "variant": "variant",
         "back": "Back:", "back-face": "{name} (back)", "and-more": "{list} and {count} more",
         "suited-name": "{rank} of the {suit}", "deck-size": "{count} cards", "level-rules": "{level} rules"}
# pnp's English words a French or German rulebook must not print
ENGLISH = ["Contents", "Glossary", "Card reference", "Cards:", "Example:", "Rules up to", "Every rule carries",
           "difficulty colour", "green", "yellow", " of the ", "Rank ", " tribe", "Back:", "(back)", "rulebook",
           " more", "On the sheet", "Game design", "Turn summary", "This print-and-play edition", "A player's 10 cards",
           "Each kind of card is pictured"]


def rules(lang: str, fmt: str, out: Path, *more: str, root: Path = ROOT) -> Path:
    target = out / f"{lang}-{fmt}{''.join(more)}.{fmt}"
    result = runner.invoke(app, ["rules", GAME, "--root", str(root), "--lang", lang, "--format", fmt,
                                 "--out", str(target), *more])
    assert result.exit_code == 0, result.output
    return target


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def edition_copy(tmp_path: Path) -> Path:
    """A project of Escape Master alone, to change."""
    shutil.copytree(ROOT / "content" / GAME, tmp_path / "content" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, tmp_path / "layouts" / GAME)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("lang, words", [
    ("fr", ["Sommaire", "Glossaire", "Liste des cartes", "Règles jusqu\u2019au niveau vert",  # its apostrophe curly
            "Chaque règle porte une couleur de difficulté :", "vert : suffit", "Exemple :", "Cartes :",
            "Escape Master : règles du jeu · page 2"]),
    ("de", ["Inhalt", "Glossar", "Kartenübersicht", "Regeln bis zur Stufe grün", "Jede Regel trägt eine "
            "Schwierigkeitsfarbe:", "grün: genügt", "Beispiel:", "Karten:", "Escape Master – Spielregel · Seite 2"]),
])
def test_the_rulebook_of_an_edition_prints_pnps_words_in_its_language(tmp_path, lang, words):
    text = pdf_text(rules(lang, "pdf", tmp_path, "--difficulty", "green"))
    flat = " ".join(text.replace("\u00a0", " ").split())  # a no-break space before a French colon, lines joined
    assert [word for word in words if word not in flat] == []
    assert [word for word in ENGLISH if word in text] == []


def test_the_rules_export_of_an_edition_prints_pnps_words_in_its_language(tmp_path):
    markdown = rules("de", "md", tmp_path).read_text(encoding="utf-8")
    assert "## Inhalt" in markdown and "## <a id=\"glossary\"></a>Glossar" in markdown
    assert "| Karte | Art | Anzahl | Farbe | Text |" in markdown and "Schwierigkeitsfarben: 🟢 grün (" in markdown
    html = rules("fr", "html", tmp_path).read_text(encoding="utf-8")
    assert '<html lang="fr">' in html and "<h2>Sommaire</h2>" in html and "Liste des cartes</h2>" in html
    assert [word for word in ENGLISH if word in re.sub(r"<[^>]*>", " ", html.split("</style>")[1])] == []


@pytest.mark.parametrize("lang, names", [
    ("fr", ["Jeté des Quidams", "7 des Souris", "Kérosène des Ninjas de Vapeur", "Rang J de la tribu des Souris"]),
    ("de", ["Jagd der Mäuse", "7 der Mäuse", "Kessel der Dampfninjas", "Wert J vom Volk der Mäuse"]),
])
def test_numbered_cards_are_named_as_the_edition_says(tmp_path, lang, names):
    """"RANK of the TRIBE" is a translatable pattern (decks/game/suited/name); the rank's and tribe's names are
    the edition's, and so is what the card reference says of the card."""
    document = json.loads(rules(lang, "json", tmp_path).read_text(encoding="utf-8"))
    said = " ".join(f"{card['name']} {card['text']}" for card in document["cards"])
    assert [name for name in names if name not in said] == []
    assert " of the " not in said


def test_the_glossary_holds_the_editions_meanings_in_its_alphabetical_order(tmp_path):
    document = json.loads(rules("fr", "json", tmp_path).read_text(encoding="utf-8"))
    terms = document["terms"]
    meaning = {term["id"]: term["text"] for term in terms}
    assert meaning["lift"].startswith("Mettre fin à l'effet d'un piège.")
    assert meaning["wisdom"].startswith("Les 4 jokers du paquet JEU\u00a0: une Sagesse va sur n'importe quelle Pile")
    heads = [term["term"] for term in terms]
    assert heads[0] == "à deux rangs"  # à sorts with a, not after z
    assert heads.index("évasion") < heads.index("Expérience") < heads.index("fermer une Pile")  # case aside
    assert heads == sorted(heads, key=sort_key)


def test_an_untranslated_meaning_of_an_effect_word_is_counted(tmp_path):
    root = edition_copy(tmp_path)
    fr = root / "content" / GAME / "translations" / "fr.yaml"
    edit(fr, "  rules/terms/wisdom/text: >-\n    Les 4 jokers du paquet JEU\u00a0: une Sagesse va sur n'importe quelle "
             "Pile ouverte, quelle\n    que soit sa carte du dessus, ou en ouvre une, et toute carte numérotée ou "
             "combinaison\n    peut aller sur elle. Annoncée quand elle est posée, elle désamorce tous les Collets en\n"
             "    jeu. Elle ne quitte une main que pour une Pile\u00a0: elle n'est jamais défaussée, glissée ni\n"
             "    donnée.\n", "")
    edit(fr, '  decks/game/suited/name: "{rank} des {suit}"\n', "")
    game, _ = discovery.load(root, GAME)
    _, problems = translations.apply(game, "fr")
    total = len(translations.text_places(game))  # every text of the game an edition translates
    assert [p.message.split(";")[0] for p in problems if p.code == "untranslated"] == [
        f"fr: 2 of {total} texts not translated (rules/terms/wisdom/text, decks/game/suited/name)"]


def test_the_hand_moves_check_reads_every_language(tmp_path):
    """A power that moves cards out of a hand says it never moves a Doom Master or Wisdom: by the names those cards
    have in the edition ("Maître du Destin", "Weisheit"), not by the English words."""
    root = edition_copy(tmp_path)
    game, _ = discovery.load(root, GAME)
    for lang in ("fr", "de"):
        edition, _ = translations.apply(game, lang)
        assert hand_moves_said(edition) == []
    fr = root / "content" / GAME / "translations" / "fr.yaml"
    edit(fr, "(jamais un Maître\n    du Destin ni une Sagesse).", "(jamais un Maître\n    du Destin).")
    game, _ = discovery.load(root, GAME)
    edition, _ = translations.apply(game, "fr")
    found = hand_moves_said(edition)
    assert [(Path(p.path).name, p.message.split(" (")[0]) for p in found] == [
        ("fr.yaml", "this power moves cards out of a hand but never a Sagesse")]
    assert found[0].lang == "fr"


def test_a_game_says_one_of_pnps_words_its_own_way(tmp_path):
    root = edition_copy(tmp_path)
    fr = root / "content" / GAME / "translations" / "fr.yaml"
    edit(fr, "texts:\n", "texts:\n  pnp/contents: Table des matières\n  pnp/glosary: Lexique\n")
    result = runner.invoke(app, ["rules", GAME, "--root", str(root), "--lang", "fr", "--format", "md"])
    assert result.exit_code == 1
    assert "[unknown-key] no text 'pnp/glosary' in escape-master; did you mean 'pnp/glossary'?" in result.output
    edit(fr, "  pnp/glosary: Lexique\n", "")
    result = runner.invoke(app, ["rules", GAME, "--root", str(root), "--lang", "fr", "--format", "md"])
    assert result.exit_code == 0, result.output
    assert "## Table des matières" in result.output and "## Sommaire" not in result.output


def test_a_suited_name_fills_in_rank_and_suit_only(tmp_path):
    root = edition_copy(tmp_path)
    edit(root / "content" / GAME / "decks" / "game.yaml", "  kind: numbered\n",
         '  kind: numbered\n  name: "{rnak} of the {suit}"\n')
    result = runner.invoke(app, ["validate", GAME, "--root", str(root)])
    assert result.exit_code == 1
    assert "{rnak} is not filled in: a suited card's name says {rank} and {suit}; did you mean 'rank'?" in result.output
    assert "Traceback" not in result.output


def test_english_words_are_those_pnp_printed_before():
    """The English table reproduces the strings pnp wrote in code before it had tables: an English rulebook and
    export are byte for byte what they were (the bundled games' were compared whole when the tables came)."""
    english = table("en")
    assert {key: english[key] for key in TODAY} == TODAY
    for lang in ("fr", "de"):  # every table says each word with the slots English fills in
        assert sorted(table(lang)) == sorted(english)
        slots = {key: re.findall(r"\{\w+\}", text) for key, text in table(lang).items()}
        assert {key: sorted(s) for key, s in slots.items()} == {key: sorted(re.findall(r"\{\w+\}", text))
                                                                   for key, text in english.items()}
    assert table("fr-ca") == table("fr") and table("nl") == {}


def test_collation_sorts_accents_with_their_letter():
    words = ["Zèbre", "Écu", "eau", "à deux", "Bévue", "Œuf", "Straße", "Strasse", "abri", "Ölung", "Ofen"]
    assert sorted(words, key=sort_key) == ["à deux", "abri", "Bévue", "eau", "Écu", "Œuf", "Ofen", "Ölung",
                                           "Strasse", "Straße", "Zèbre"]


def test_the_french_rulebook_sets_its_punctuation_as_french_typography_wants(tmp_path):
    """A French rulebook puts a no-break space before a colon (a card's text block, "Capacité : ...", and the
    credits, "Conception : ..."), and no line starts with the closing half of « ... » or with "!", "?", ":" or ";"
    cut from its word: the translation's spaces there are no-break spaces."""
    text = pdf_text(rules("fr", "pdf", tmp_path))
    flat = text.replace("\u00a0", " ")
    assert "Capacité :" in flat and "Capacité:" not in flat
    assert "Conception :" in flat and "Conception:" not in flat
    starts = [line.strip()[:1] for line in text.splitlines() if line.strip()]
    assert not [s for s in starts if s in "»!?;:"]


def test_a_rule_link_reads_in_the_editions_language(tmp_path):
    """A {rule:...} link printed "rule 9.2" in the French and German books (the third proofreading): it says the
    edition's word for a rule."""
    markdown = rules("fr", "md", tmp_path).read_text(encoding="utf-8")
    assert re.search(r"\[règle\u00a0\d+\.\d+\]\(#rule-", markdown) and not re.search(r"\[rule \d", markdown)
    german = rules("de", "md", tmp_path).read_text(encoding="utf-8")
    assert re.search(r"\[Regel \d+\.\d+\]\(#rule-", german) and not re.search(r"\[rule \d", german)
