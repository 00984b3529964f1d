"""Emphasis inside text: `**bold**`, `*italic*` and `***bold italic***`, as a designer writes it in card, sheet
and rules text (next to inline icons, pnp.text.inline).

    Draw **two** cards, then *discard* one.  A star itself is written \\*, a backslash \\\\.

A marker toggles its style: `*` italic, `**` bold, `***` both, so markers
nest (`**bold *and italic***`). A marker left open at the end of its
paragraph is an error the validator names (`problems`); drawn anyway, its
stars stay text. Four or more stars in a row are an error too.

Text is parsed into runs of (style, text); the style is one of the four of a
layout's font set (pnp.text.fonts.STYLES). Wrapping splits runs into lines
and writes each line back as balanced markup (`encode`), so a bold run that
spans two lines closes at the end of the first and opens again on the second,
and every consumer of a fitted line parses it alone.
"""
from __future__ import annotations

import re

Run = tuple[str, str]  # (style, text)

MARKER = re.compile(r"\\[\\*]|\*+")
FLAGS = {"regular": (False, False), "bold": (True, False), "italic": (False, True), "bolditalic": (True, True)}
STYLE = {flags: style for style, flags in FLAGS.items()}
TOGGLES = {1: (False, True), 2: (True, False), 3: (True, True)}  # stars -> (toggles bold, toggles italic)


def has_markup(text: str) -> bool:
    """Whether the text holds anything markup changes (stars or backslash escapes): plain text takes fast paths."""
    return "*" in text or "\\" in text


def runs(text: str, base: str = "regular") -> list[Run]:
    """The text's runs in order, adjacent runs of one style merged; `base` is the style of unmarked text (a bold
    box's emphasis is bold italic). Unclosed markers are drawn as the stars they are."""
    return _parse(text, base)[0]


def problems(text: str) -> list[str]:
    """What is wrong with the markup of each paragraph (line) of the text, as sentences for a diagnostic."""
    found = []
    for paragraph in text.split("\n"):
        found += _parse(paragraph, "regular")[1]
    return list(dict.fromkeys(found))


def plain(text: str) -> str:
    """The text without markup: what a reader sees, for search and plain-text exports."""
    return "".join(piece for _, piece in runs(text))


def encode(pieces: list[Run]) -> str:
    """Runs written back as markup that `runs` parses into the same runs (stars and backslashes escaped)."""
    out, state = [], (False, False)
    for style, piece in _merged(pieces):
        target = FLAGS[style]
        out.append(_marker(state, target))
        out.append(piece.replace("\\", "\\\\").replace("*", "\\*"))
        state = target
    out.append(_marker(state, (False, False)))
    return "".join(out)


def _marker(state: tuple[bool, bool], target: tuple[bool, bool]) -> str:
    return "*" * ((state[0] != target[0]) * 2 + (state[1] != target[1]))


def _merged(pieces) -> list[Run]:
    merged: list[Run] = []
    for style, piece in pieces:
        if not piece:
            continue
        if merged and merged[-1][0] == style:
            merged[-1] = (style, merged[-1][1] + piece)
        else:
            merged.append((style, piece))
    return merged


def _parse(text: str, base: str, literal: frozenset = frozenset()) -> tuple[list[Run], list[str]]:
    """Runs and problems; the markers at the offsets in `literal` are text (a second pass for unclosed ones)."""
    base_bold, base_italic = FLAGS[base]
    pieces: list[Run] = []
    bold = italic = False
    opened: dict[str, int] = {}  # "bold"/"italic" -> offset of the marker that opened it
    problems, last, current = [], 0, []
    for match in MARKER.finditer(text):
        current.append(text[last:match.start()])
        last = match.end()
        token = match.group()
        if token[0] == "\\":
            current.append(token[1])
            continue
        if match.start() in literal:
            current.append(token)
            continue
        if len(token) > 3:
            problems.append(f"{len(token)} stars in a row at character {match.start() + 1} mean nothing; write ** for "
                            "bold, * for italic, *** for both, or \\* for a star")
            current.append(token)
            continue
        pieces.append((STYLE[(bold or base_bold, italic or base_italic)], "".join(current)))
        current = []
        toggles_bold, toggles_italic = TOGGLES[len(token)]
        if toggles_bold:
            bold = not bold
            opened["bold"] = match.start()
        if toggles_italic:
            italic = not italic
            opened["italic"] = match.start()
    current.append(text[last:])
    pieces.append((STYLE[(bold or base_bold, italic or base_italic)], "".join(current)))
    still_open = [name for name, is_open in (("bold", bold), ("italic", italic)) if is_open]
    if still_open and not literal:
        for name in still_open:
            marker = "**" if name == "bold" else "*"
            problems.append(f"{marker} opens {name} at character {opened[name] + 1} but nothing closes it; close it with "
                            f"{marker}, or write \\* for each star meant as a star")
        unclosed = frozenset(opened[name] for name in still_open)
        return _parse(text, base, unclosed)[0], problems
    return _merged(pieces), problems


def styled_words(paragraph: str, base: str = "regular") -> list[tuple[tuple[Run, ...], str]]:
    """The paragraph's words for wrapping: each word's runs, and the style of the space before it (the first
    word's is its own). Whitespace inside a run separates words just as in plain text."""
    words: list[tuple[tuple[Run, ...], str]] = []
    word: list[Run] = []
    space_style = None
    for style, piece in runs(paragraph, base):
        for i, part in enumerate(re.split(r"(\s+)", piece)):
            if i % 2:  # whitespace: ends the word being built
                if word:
                    words.append((tuple(word), space_style or word[0][0]))
                    word = []
                space_style = style
            elif part:
                word.append((style, part))
    if word:
        words.append((tuple(word), space_style or word[0][0]))
    return [(w, s) for w, s in words]
