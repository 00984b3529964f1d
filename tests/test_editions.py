"""Translated editions (issue 34, part 2): game.yaml's `languages:`, translations/<lang>.yaml keyed by where each text
lives, `pnp build --lang`, the checks of every language, each mistake of a translation one diagnostic at its line.
Every test runs on the starter project `pnp init` makes, with a French translation (tests/data/editions/fr.yaml)."""
import json
import shutil
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import discovery, translations

runner = CliRunner()
GAME = "my-game"
FRENCH = Path(__file__).parent / "data" / "editions" / "fr.yaml"
FR = f"content/{GAME}/translations/fr.yaml"


@pytest.fixture
def starter(tmp_path, monkeypatch):
    return french_starter(tmp_path, monkeypatch)


def french_starter(tmp_path, monkeypatch):
    """The starter game with languages: [en, fr] and its French translation."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    replace_in(tmp_path / f"content/{GAME}/game.yaml", "players:", "languages: [en, fr]\nplayers:")
    (tmp_path / FR).parent.mkdir()
    shutil.copy(FRENCH, tmp_path / FR)
    return tmp_path


def replace_in(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path, text: str) -> int:
    return next(i for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1) if text in line)


def pdf_text(path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def validated(*options):
    result = runner.invoke(app, ["validate", GAME, "--format", "json", *options])
    return result.exit_code, json.loads(result.stdout)


def test_every_text_of_the_starter_game_has_a_key_and_the_french_file_translates_them_all(starter):
    game, _ = discovery.load(Path("."), GAME)
    texts = translations.translatable_texts(game)
    assert texts["decks/market/cards/apples/name"] == "Apples"
    assert texts["rules/sections/setup/rules/deal/text"].startswith("Shuffle the market deck")
    assert "decks/market/cards/apples/art" not in texts and "game/id" not in texts  # never ids, never art
    french, problems = translations.apply(game, "fr")
    assert problems == []
    assert [record.card.name for record in french.cards()] == ["Pommes", "Pain", "Fromage", "Pluie", "Fête"]


def test_build_lang_fr_writes_the_french_edition_beside_the_game_left_as_it_was(starter):
    assert runner.invoke(app, ["build", GAME]).exit_code == 0
    game_folder = starter / "output" / GAME
    before = {p: p.stat().st_mtime_ns for p in game_folder.rglob("*") if p.is_file()}
    result = runner.invoke(app, ["build", GAME, "--lang", "fr"])
    assert result.exit_code == 0, result.stdout
    assert f"{GAME} [fr]" in result.stdout
    assert "Pommes" in pdf_text(game_folder / "fr/home-a4/market.pdf")
    assert "Mise en place" in pdf_text(game_folder / "fr/rules/rulebook-a4.pdf")
    assert "Apples" in pdf_text(game_folder / "home-a4/market.pdf")
    assert {p: p.stat().st_mtime_ns for p in before} == before  # the game as written: not touched
    assert runner.invoke(app, ["build", GAME]).stdout.strip().endswith(f"files in output/{GAME}")
    assert (game_folder / "fr/home-a4/market.pdf").is_file()  # a build of the game keeps its editions' folders


def test_watch_lang_fr_rebuilds_the_french_edition_when_the_translator_saves(starter, monkeypatch):
    """`pnp watch GAME --lang fr`: the French edition built into output/GAME/fr/, and built again when its
    translations file is saved; the game as written is not built."""
    from pnp.build import watch as watching

    french = (starter / FR).resolve()

    def saves(project, out_root):  # what watchfiles would report, the translator's edit made in between
        replace_in(french, "decks/market/cards/rain/name: Pluie", "decks/market/cards/rain/name: Averse")
        yield {french}
        raise KeyboardInterrupt  # Ctrl-C

    monkeypatch.setattr(watching, "changes", saves)
    result = runner.invoke(app, ["watch", GAME, "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert f"{GAME} [fr]: built" in result.output and f"{GAME} [fr]: rebuilt" in result.output
    assert "Averse" in pdf_text(starter / f"output/{GAME}/fr/home-a4/market.pdf")
    assert not (starter / f"output/{GAME}/home-a4").exists()  # only the edition asked for


@pytest.mark.parametrize("asked, said", [(["watch", GAME, "--lang", "de"], "has no edition 'de'; its languages: en, fr"),
                                         (["watch", "--lang", "fr"], "--lang needs a GAME")])
def test_watch_of_an_edition_the_game_lacks_is_a_usage_error_before_anything_is_built(starter, asked, said):
    result = runner.invoke(app, asked)
    assert result.exit_code == 2 and said in result.output, result.output
    assert not (starter / "output").exists()


def test_building_fr_after_en_draws_only_what_the_french_text_changes(starter):
    assert runner.invoke(app, ["build", GAME, "--all-languages"]).exit_code == 0
    replace_in(starter / FR, "decks/market/cards/rain/name: Pluie", "decks/market/cards/rain/name: Averse")
    result = runner.invoke(app, ["build", GAME, "--all-languages", "--format", "json"])
    built = {g["lang"]: g for g in json.loads(result.stdout)["games"]}
    assert built[None]["state"] == "up to date" or built[None]["drawn"] == []  # the English edition: nothing drawn
    drawn = built["fr"]["drawn"]
    assert "home-a4/market.pdf" in drawn and "rules/rulebook-a4.pdf" in drawn
    assert "home-a4/calibration.pdf" not in drawn  # no text of it changed
    assert "Averse" in pdf_text(starter / f"output/{GAME}/fr/home-a4/market.pdf")


def test_an_unknown_key_is_an_error_at_its_line_with_did_you_mean(starter):
    replace_in(starter / FR, "decks/market/cards/cheese/name:", "decks/market/cards/chese/name:")
    code, found = validated()
    assert code == 1
    unknown = [d for d in found if d["code"] == "unknown-key"]
    assert len(unknown) == 1 and unknown[0]["lang"] == "fr"
    assert (unknown[0]["path"], unknown[0]["line"]) == (FR, line_of(starter / FR, "chese"))
    assert "did you mean 'decks/market/cards/cheese/name'" in unknown[0]["message"]


def test_a_missing_translation_is_one_warning_counting_them_and_falls_back_only_in_a_draft(starter):
    replace_in(starter / FR, "  decks/market/cards/cheese/name: Fromage\n", "")
    code, found = validated()
    assert code == 0
    missing = [d for d in found if d["code"] == "untranslated"]
    assert len(missing) == 1 and missing[0]["severity"] == "warning"
    assert missing[0]["message"].startswith("fr: 1 of 27 texts not translated")
    result = runner.invoke(app, ["build", GAME, "--lang", "fr"])
    assert result.exit_code == 1 and "error [fr] [untranslated]" in result.stdout
    assert not (starter / "output" / GAME / "fr").exists()
    assert runner.invoke(app, ["build", GAME, "--lang", "fr", "--draft"]).exit_code == 0
    text = pdf_text(starter / f"output/{GAME}/fr/home-a4/market.pdf")
    assert "Cheese" in text and "Pommes" in text  # the source text in its place, the rest in French


def test_a_stale_translation_is_a_warning_at_its_line(starter):
    replace_in(starter / FR, "decks/market/cards/rain/name: Pluie",
               'decks/market/cards/rain/name: {text: Pluie, source: "0000abcd"}')
    code, found = validated()
    stale = [d for d in found if d["code"] == "stale-translation"]
    assert code == 0 and len(stale) == 1
    assert (stale[0]["line"], stale[0]["severity"], stale[0]["lang"]) == (line_of(starter / FR, "rain/name"), "warning", "fr")


def test_a_link_dropped_or_renamed_in_a_translation_is_an_error_at_its_line(starter):
    replace_in(starter / FR, "comme {card:apples}, face", "comme {card:aples}, face")
    code, found = validated()
    links = [d for d in found if d["code"] == "translation-links"]
    assert code == 1 and len(links) == 1 and [d for d in found if d["severity"] == "error"] == links
    assert links[0]["line"] == line_of(starter / FR, "{card:aples}")
    assert "drops {card:apples}" in links[0]["message"] and "adds {card:aples}" in links[0]["message"]


def test_a_links_own_words_are_translated_and_its_target_kept():
    assert translations.links("Posez-la sur {term:gold|la pile d'or}, {coin}.") == \
        translations.links("Put it on {term:gold|the gold pile}, {coin}.") == ["{coin}", "{term:gold}"]
    assert translations.links("{term:gold|or}") != translations.links("{term:silver|or}")


def test_a_french_text_that_overflows_its_box_is_text_height_at_the_translation_naming_the_card(starter):
    long = "Cuit à l'aube. " * 30 + "Vaut {coin} 2 en fin de partie."
    replace_in(starter / FR, "decks/market/cards/bread/text: Cuit à l'aube. Vaut {coin} 2 en fin de partie.",
               f"decks/market/cards/bread/text: \"{long}\"")
    result = runner.invoke(app, ["validate", GAME])
    assert result.exit_code == 1
    line = line_of(starter / FR, "bread/text")
    assert f"{FR}:{line}:" in result.stdout and "error [fr] [text-height] card 'bread'" in result.stdout
    assert result.stdout.count("[text-height]") == 1


def test_a_language_not_declared_is_an_error(starter):
    shutil.copy(starter / FR, starter / f"content/{GAME}/translations/de.yaml")
    code, found = validated()
    assert code == 1 and [d["code"] for d in found] == ["language"]
    assert found[0]["path"] == f"content/{GAME}/translations/de.yaml"
    result = runner.invoke(app, ["build", GAME, "--lang", "de"])
    assert result.exit_code == 2 and "no edition 'de'" in result.output


def test_a_spreadsheet_with_a_column_per_language_translates_as_well(starter):
    (starter / FR).unlink()
    game, _ = discovery.load(Path("."), GAME)
    rows = [["key", "en", "fr"]] + [[key, text, ""] for key, text in translations.translatable_texts(game).items()]
    rows = [[k, e, "Pommes" if k == "decks/market/cards/apples/name" else f] for k, e, f in rows]
    import csv
    with open(starter / f"content/{GAME}/translations/texts.csv", "w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows(rows)
    code, found = validated()
    assert code == 0 and found[0]["message"].startswith("fr: 26 of 27 texts not translated")
    assert runner.invoke(app, ["build", GAME, "--lang", "fr", "--draft"]).exit_code == 0
    assert "Pommes" in pdf_text(starter / f"output/{GAME}/fr/home-a4/market.pdf")


def test_rules_and_preview_take_lang(starter):
    result = runner.invoke(app, ["rules", GAME, "--lang", "fr"])
    assert result.exit_code == 0 and result.stdout.startswith("# Mon Jeu")
    assert runner.invoke(app, ["preview", GAME, "--lang", "fr"]).exit_code == 0
    page = (starter / f"output/{GAME}/fr/preview/index.html").read_text(encoding="utf-8")
    assert '<a href="../../preview/index.html" hreflang="en">en</a>' in page


def test_pnp_card_draws_a_card_as_an_edition_prints_it(tmp_path):
    """`pnp card GAME ID --lang fr`: the French card, beside the source's, in OUT/cards/GAME/fr/; a language the game
    does not declare is a usage error."""
    from typer.testing import CliRunner

    from pnp.cli import app

    repo = Path(__file__).resolve().parents[1]
    runner = CliRunner()
    done = runner.invoke(app, ["card", "escape-master", "leader-captain-nib", "--lang", "fr", "--root", str(repo),
                               "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    french = tmp_path / "cards" / "escape-master" / "fr" / "leader-captain-nib.png"
    assert french.read_bytes().startswith(b"\x89PNG")
    english = runner.invoke(app, ["card", "escape-master", "leader-captain-nib", "--root", str(repo), "--out", str(tmp_path)])
    assert english.exit_code == 0, english.output
    assert french.read_bytes() != (tmp_path / "cards" / "escape-master" / "leader-captain-nib.png").read_bytes()
    unknown = runner.invoke(app, ["card", "escape-master", "leader-captain-nib", "--lang", "xx", "--root", str(repo),
                                  "--out", str(tmp_path)])
    assert unknown.exit_code == 2 and "no edition 'xx'" in unknown.output


def test_pnp_card_draws_an_unfinished_edition_with_draft(tmp_path):
    """While a translation is under way, `pnp card --lang fr` refuses the card's untranslated texts (as the build of
    the edition does), and `--draft` draws them in the source language, as `pnp build --draft` does."""
    from typer.testing import CliRunner

    from pnp.cli import app

    project = tmp_path / "p"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content" / "escape-master", project / "content" / "escape-master")
    shutil.copytree(Path(__file__).resolve().parents[1] / "layouts", project / "layouts")
    french = project / "content" / "escape-master" / "translations" / "fr.yaml"
    french.write_text("\n".join(line for line in french.read_text(encoding="utf-8").splitlines()
                                if "leader-captain-nib/name:" not in line) + "\n", encoding="utf-8")
    args = ["card", "escape-master", "leader-captain-nib", "--lang", "fr", "--root", str(project), "--out", str(tmp_path / "o")]
    refused = CliRunner().invoke(app, args)
    assert refused.exit_code == 1 and "untranslated" in refused.output
    drafted = CliRunner().invoke(app, [*args, "--draft"])
    assert drafted.exit_code == 0, drafted.output
    assert (tmp_path / "o" / "cards" / "escape-master" / "fr" / "leader-captain-nib.png").is_file()
