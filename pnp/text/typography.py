"""Typewriter marks set as a typesetter would: what a designer types on a keyboard, printed as a book prints it.

Content is written with the keys a keyboard has: a straight apostrophe, straight double quotes, a hyphen before a
number ("-1 life"), a hyphen between two numbers ("ranks 1-5"), an x between numbers ("3x3", "x2") and three
full stops. A published rulebook prints a curly apostrophe (’), the language's quotation marks, a minus sign (−), an
en dash for a range (–), a multiplication sign (×) and an ellipsis (…). `typeset` makes those changes and no
other; a word that holds a hyphen or a digit and a letter ("TA3-3M", "7-Start", "x-ray") keeps its own. A book's
paragraph also keeps a sum ("2 + 5") and a number ending a sentence ("counts 0.") on one line: `unbroken`.

Quotation marks by language: English “…” and ‘…’, German „…“ and ‚…‘, French « … » (with no-break spaces inside,
as French typography has them); a language not listed keeps its straight quotes (Japanese and Arabic have marks of
their own, which a translator types). The apostrophe is ’ in every language written in Latin letters.
"""
from __future__ import annotations

import re

from pnp.text.fonts import missing_glyphs

# (opening, closing) double and single quotation marks, by language (its primary subtag)
QUOTES = {
    "en": ("\u201c", "\u201d", "\u2018", "\u2019"),
    "de": ("\u201e", "\u201c", "\u201a", "\u2018"),
    "fr": ("\u00ab\u00a0", "\u00a0\u00bb", "\u2018", "\u2019"),
}
APOSTROPHE = "\u2019"
OPENS_AFTER = set(" \t\n\u00a0\u202f([{\u2014\u2013/") | {""}  # a quote after these opens; after anything else it closes

# a hyphen that stands for minus: before a number, after a space, a bracket, a slash or the start ("-1", "Sol -1")
MINUS = re.compile(r"(?<![\w\-\u2212.,])-(?=\d)")
# a range of numbers, each a whole word of digits ("1-5", "2017-2018"; not "TA3-3M")
RANGE = re.compile(r"(?<![\w\-])(\d+)-(\d+)(?![\w\-])")
# a product or a multiplier: "3x3", "x2" (not "x-ray", "box2", "0x1F")
TIMES = re.compile(r"(?<![\w\-])(\d+)x(\d+)(?![\w\-])")
MULTIPLIER = re.compile(r"(?<![\w\-])x(\d+)(?![\w\-])")
ELLIPSIS = re.compile(r"(?<!\.)\.\.\.(?!\.)")


# spaces a book's paragraph never breaks a line at: around a sign between two numbers ("2 + 5", "3 = 10"), and
# before a number of one or two digits that ends a sentence or a clause ("counts 0.", "never above 22."): a sum
# is read whole, and a line never holds a lone number
SUM_SPACE = re.compile(r"(?<=\d) ([+=\u2212\u00d7]) (?=\d)")
LAST_NUMBER = re.compile(r"(?<=\w) (\d{1,2}[.;:!?)])(?=\s|$)")
RULE_NUMBER = re.compile(r"(?<=[^\W\d]) (\d{1,2}\.\d{1,2})(?![\w.]\w)")  # "rule 13.11", "règle 8.2": one piece
NBSP = "\u00a0"
# a number of one or two digits kept with the word it counts or names ("column 1", "HEAT 2", "Health 12"), in every
# paragraph, a table's small cells too: a line never starts with a lone number (the fourteenth proofreading)
NUMBERED = re.compile(r"(?<=[^\W\d_]) (\d{1,2})(?=[\s.,;:!?)]|$)")
# and a number of one or two digits that follows no word kept with the word after it, the thing it counts ("11
# aging cards, 3 Sol cards"): a line never ends on a count cut from its noun (the seventeenth proofreading). One
# after a word is kept with that word alone ("column 1 directly"): bound both ways it made three words one, and
# a booklet's lines fell a fifth short (the eighteenth)
COUNTED = re.compile(r"(?<![\w.,])(?<![^\W\d_][ \u00a0])(\d{1,2}) (?=[^\W\d_])")
# a repeat kept with the number it repeats ("Laser attack 2, ×2."): never a line that starts "×2." (the
# eighteenth proofreading)
REPEAT = re.compile(r"(?<=\d,) (\u00d7\d{1,2})")


def numbered(text: str) -> str:
    """`text` with a no-break space between a word and the number of one or two digits after it (NUMBERED), and
    between such a number that follows no word and the word it counts (COUNTED); a repeat with its number (REPEAT)."""
    return REPEAT.sub(f"{NBSP}\\1", COUNTED.sub(f"\\1{NBSP}", NUMBERED.sub(f"{NBSP}\\1", text)))


def unbroken(text: str) -> str:
    """`text` with no-break spaces where a book's line never breaks (SUM_SPACE, RULE_NUMBER, LAST_NUMBER)."""
    text = SUM_SPACE.sub(f"{NBSP}\\1{NBSP}", text)
    text = RULE_NUMBER.sub(f"{NBSP}\\1", text)
    return LAST_NUMBER.sub(f"{NBSP}\\1", text)


def typeset(text: str, lang: str = "en", before: str = "") -> str:
    """`text` with its typewriter marks set for `lang` (see the module). `before` is the character printed just
    before it (a paragraph set in pieces: a quote after "<b>" opens or closes as the text before the tag says)."""
    if not text:
        return text
    text = ELLIPSIS.sub("\u2026", text)
    text = RANGE.sub("\\1\u2013\\2", text)
    text = TIMES.sub("\\1\u00d7\\2", text)
    text = MULTIPLIER.sub("\u00d7\\1", text)
    text = MINUS.sub("\u2212", text)
    return _quotes(text, lang.split("-")[0].lower(), before)


def _quotes(text: str, lang: str, before: str) -> str:
    marks = QUOTES.get(lang)
    latin = marks is not None or lang in LATIN
    if "'" not in text and '"' not in text:
        return text
    out, previous = [], before[-1:] if before else ""
    for index, char in enumerate(text):
        if char == "*":  # an emphasis marker (pnp.text.markup) is not printed: a quote after it sees what is before
            out.append(char)
            continue
        following = text[index + 1:index + 2]
        if char == "'" and latin and previous.isalnum() and following.isalnum():  # inside a word: an apostrophe in
            char = APOSTROPHE  # every language (German's closing quote ‘ is not one: Käpt’n)
        elif char == "'" and latin:
            opening = previous in OPENS_AFTER and marks is not None
            char = marks[2] if opening else (marks[3] if marks else APOSTROPHE)
        elif char == '"' and marks is not None:
            char = marks[0] if previous in OPENS_AFTER else marks[1]
        out.append(char)
        previous = char[-1]
    return "".join(out)


# languages written in Latin letters beyond those with quotation marks listed: their apostrophe is ’ too
LATIN = {"es", "it", "pt", "nl", "pl", "cs", "sv", "da", "no", "nb", "fi", "tr", "ro", "hu", "ca", "id", "vi"}


def typeset_for(text: str, lang: str, fonts, before: str = "") -> str:
    """`text` typeset (`typeset`, `before` as there) where every one of `fonts` (pnp font names or fallback lists)
    has a glyph for each mark it gets, else as typed: a font without a curly apostrophe prints the straight one,
    never an empty box."""
    set_text = typeset(text, lang, before)
    if set_text == text:
        return text
    marks = "".join(sorted(set(set_text) - set(text)))
    try:
        return text if any(missing_glyphs(marks, font) for font in fonts) else set_text
    except (KeyError, OSError, ValueError):  # a font pnp cannot measure here: the text as typed
        return text
