"""Emphasis inside text: `**bold**`, `*italic*` and `***bold italic***`, and spans that set a word in one of the
layout's named fonts or in a colour, as a designer writes them in card, sheet and rules text (next to inline
icons, pnp.text.inline).

    Draw **two** cards, then *discard* one.  A star itself is written \\*, a backslash \\\\.
    Deal [3 damage]{color=#c0392b} to the [Dragon]{font=title}; [burn]{font=flavour color=danger} it.

A marker toggles its style: `*` italic, `**` bold, `***` both, so markers
nest (`**bold *and italic***`). A marker left open at the end of its
paragraph is an error the validator names (`problems`); drawn anyway, its
stars stay text. Four or more stars in a row are an error too.

A span is `[text]{font=NAME color=COLOUR}` (either or both, in any order):
NAME one of the layout's fonts (its `fonts:` keys: regular, bold, italic,
bolditalic or a name of its own, like title), COLOUR `#rrggbb` or a name of
the layout's colours (a card layout's `accents:`, a sheet layout's `colors:`).
Stars inside a span and a span inside stars both work; a span's font wins
over emphasis. Brackets not followed by `{name=value}` are text (a square
bracket itself inside a span is written \\[ or \\]). The names are checked
against the layout by `name_problems`; drawn, a name the layout lacks falls
back to the text's own font or colour.

Text is parsed into runs. `runs` gives (style, text), the style one of the four
of a layout's font set (pnp.text.fonts.STYLES), spans' fonts and colours left
out (rules text, whose formats have bold and italic only); `drawn_runs` gives
(slot, text, colour), the slot the font that draws the run (a classic style or a
named font) and its colour (None: the text's own). Wrapping splits runs into
lines and writes each line back as balanced markup (`encode`), so a bold run or
a span that spans two lines closes at the end of the first and opens again on the
second, and every consumer of a fitted line parses it alone.
"""
from __future__ import annotations

import re

Run = tuple[str, str]  # (style, text)
DrawnRun = tuple[str, str, "str | None"]  # (slot: the font that draws it, text, colour or None)

# an escape, a run of stars, a span's opening bracket, or a closing bracket with its settings
MARKER = re.compile(r"\\[\\*\[\]]|\*+|\[|\]\{[^{}\n]*\}")
SPAN = re.compile(r"\[(?:\\.|[^\[\]\\\n])*\]\{\s*([a-z]+=[^\s{}=]+(?:\s+[a-z]+=[^\s{}=]+)*)\s*\}")
SETTINGS = ("font", "color")  # what a span sets
HEX = re.compile(r"#[0-9a-fA-F]{6}")
FLAGS = {"regular": (False, False), "bold": (True, False), "italic": (False, True), "bolditalic": (True, True)}
STYLE = {flags: style for style, flags in FLAGS.items()}
TOGGLES = {1: (False, True), 2: (True, False), 3: (True, True)}  # stars -> (toggles bold, toggles italic)


def has_markup(text: str) -> bool:
    """Whether the text holds anything markup changes (stars, backslash escapes, spans): plain text takes fast
    paths."""
    return "*" in text or "\\" in text or "]{" in text


def runs(text: str, base: str = "regular") -> list[Run]:
    """The text's runs in order, adjacent runs of one style merged; `base` is the style of unmarked text (a bold
    box's emphasis is bold italic). Unclosed markers are drawn as the stars they are; spans give their text only."""
    return _merged((style, piece) for style, _, piece, _ in _parse(text, base)[0])


def drawn_runs(text: str, base: str = "regular") -> list[DrawnRun]:
    """The text's runs as they are drawn: (slot, text, colour), the slot the layout's font that draws the run (a
    span's font, else the style of its emphasis; `base` may be a named font, which unmarked text is drawn in)."""
    return _merged_drawn((slot, piece, color) for _, slot, piece, color in _parse(text, base)[0])


def problems(text: str) -> list[str]:
    """What is wrong with the markup of each paragraph (line) of the text, as sentences for a diagnostic."""
    found = []
    for paragraph in text.split("\n"):
        found += _parse(paragraph, "regular")[1]
    return list(dict.fromkeys(found))


def name_problems(text: str, fonts, colors) -> list[str]:
    """Fonts and colours the text's spans name that the layout has not: `fonts` its font names, `colors` its
    colour names (a colour may also be #rrggbb)."""
    from pnp.core.diagnostics import did_you_mean_or_list

    found = []
    for settings in _span_settings(text):
        font, color = settings.get("font"), settings.get("color")
        if font is not None and font not in fonts:
            found.append(f"[...]{{font={font}}}: '{font}' is not one of the layout's fonts{did_you_mean_or_list(font, fonts)}")
        if color is not None and not HEX.fullmatch(color) and color not in colors:
            found.append(f"[...]{{color={color}}}: '{color}' is neither #rrggbb nor one of the layout's colours"
                         f"{did_you_mean_or_list(color, colors)}")
    return list(dict.fromkeys(found))


def plain(text: str) -> str:
    """The text without markup: what a reader sees, for search and plain-text exports."""
    return "".join(piece for _, piece in runs(text))


def encode(pieces, base: str = "regular") -> str:
    """Runs written back as markup that `runs` (or, for drawn runs, `drawn_runs`, given the same `base`) parses into
    the same runs: stars for the four styles, a span for a named font or a colour, stars, brackets and backslashes
    escaped."""
    out, state = [], (False, False)
    for slot, piece, color in _merged_drawn((*p, None)[:3] for p in pieces):
        classic = slot in FLAGS and not (slot == "regular" and base not in FLAGS)
        target = FLAGS[slot] if classic else (False, False)  # a named font is drawn whatever the stars say
        out.append(_marker(state, target))
        state = target
        settings = ([] if classic or slot == base else [f"font={slot}"]) + ([f"color={color}"] if color else [])
        escaped = piece.replace("\\", "\\\\").replace("*", "\\*").replace("[", "\\[").replace("]", "\\]")
        out.append(f"[{escaped}]{{{' '.join(settings)}}}" if settings else escaped)
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


def _merged_drawn(pieces) -> list[DrawnRun]:
    merged: list[DrawnRun] = []
    for slot, piece, color in pieces:
        if not piece:
            continue
        if merged and merged[-1][0] == slot and merged[-1][2] == color:
            merged[-1] = (slot, merged[-1][1] + piece, color)
        else:
            merged.append((slot, piece, color))
    return merged


def _spans(text: str) -> dict[int, tuple[int, dict[str, str]]]:
    """Each span's opening bracket's offset -> its closing bracket's offset and its settings."""
    found = {}
    for match in SPAN.finditer(text):
        settings = dict(pair.split("=", 1) for pair in match.group(1).split())
        found[match.start()] = (text.rindex("]", match.start(), match.start(1)), settings)
    return found


def _span_settings(text: str) -> list[dict[str, str]]:
    return [settings for paragraph in text.split("\n") for _, settings in _spans(paragraph).values()]


def _parse(text: str, base: str, literal: frozenset = frozenset()):
    """Pieces (style, slot, text, colour) and problems; the markers at the offsets in `literal` are text (a second
    pass for unclosed ones)."""
    base_bold, base_italic = FLAGS.get(base, (False, False))  # a named font: emphasis inside it as in regular text
    spans = _spans(text)
    closing = {close: start for start, (close, _) in spans.items()}
    open_spans: list[dict[str, str]] = []
    pieces: list = []
    bold = italic = False
    opened: dict[str, int] = {}  # "bold"/"italic" -> offset of the marker that opened it
    problems, last, current = [], 0, []

    def flush():
        style = STYLE[(bold or base_bold, italic or base_italic)]
        font = next((span["font"] for span in reversed(open_spans) if "font" in span), None)
        color = next((span["color"] for span in reversed(open_spans) if "color" in span), None)
        slot = font or (base if base not in FLAGS and not (bold or italic) else style)
        pieces.append((style, slot, "".join(current), color))
        current.clear()

    for match in MARKER.finditer(text):
        current.append(text[last:match.start()])
        last = match.end()
        token = match.group()
        if token[0] == "\\":
            current.append(token[1])
            continue
        if token[0] in "[]":
            if token == "[" and match.start() in spans:
                flush()
                settings = spans[match.start()][1]
                problems += [f"[...]{{{key}=...}} at character {match.start() + 1} sets nothing pnp knows; a span sets "
                             "font= (one of the layout's fonts) or color= (#rrggbb or one of the layout's colours)"
                             for key in settings if key not in SETTINGS]
                open_spans.append(settings)
            elif token != "[" and match.start() in closing:
                flush()
                open_spans.pop()
            else:
                current.append(token)
            continue
        if match.start() in literal:
            current.append(token)
            continue
        if len(token) > 3:
            problems.append(f"{len(token)} stars in a row at character {match.start() + 1} mean nothing; write ** for "
                            "bold, * for italic, *** for both, or \\* for a star")
            current.append(token)
            continue
        flush()
        toggles_bold, toggles_italic = TOGGLES[len(token)]
        if toggles_bold:
            bold = not bold
            opened["bold"] = match.start()
        if toggles_italic:
            italic = not italic
            opened["italic"] = match.start()
    current.append(text[last:])
    flush()
    still_open = [name for name, is_open in (("bold", bold), ("italic", italic)) if is_open]
    if still_open and not literal:
        for name in still_open:
            marker = "**" if name == "bold" else "*"
            problems.append(f"{marker} opens {name} at character {opened[name] + 1} but nothing closes it; close it with "
                            f"{marker}, or write \\* for each star meant as a star")
        unclosed = frozenset(opened[name] for name in still_open)
        return _parse(text, base, unclosed)[0], problems
    return pieces, problems
