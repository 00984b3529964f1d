"""Compare: what differs between two sides of a game, card by card, sheet page by sheet page, section by section.

Cards are matched by id and sheets by id; a card or sheet on one side only is added or removed. A face whose
fingerprint is the same on both sides draws the same pixels and is not drawn at all; the others are drawn and
compared pixel for pixel. Rule sections are compared as Markdown, word by word.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field

from markupsafe import Markup
from PIL import Image, ImageChops, ImageFilter

from pnp.diff.collect import Side, draw, fingerprint

CHANGED, ADDED, REMOVED = "changed", "added", "removed"
TINT = (220, 20, 20)  # changed pixels, over the faded "after"
FADE = 0.3  # how much of the "after" picture shows under the highlight
GROW = 5  # a changed pixel is marked this many pixels wide, so a moved comma is still seen
MARGIN = 40  # pixels of a sheet shown around the part that changed


@dataclass
class Pictures:
    label: str  # "front", "back", "page 2"
    before: Image.Image | None
    after: Image.Image | None
    difference: Image.Image | None = None  # both sides there: the changed pixels highlighted


@dataclass
class Change:
    """A card or a sheet that differs: only its pictures that differ."""

    id: str
    name: str
    where: str  # a card's deck, "sheet" for a sheet
    status: str
    pictures: list[Pictures]
    notes: list[str] = field(default_factory=list)  # what changed that no picture shows: "copies: 3 -> 2"


@dataclass
class SectionChange:
    id: str
    title: str
    numbers: tuple[str, str]  # before, after ("" where there is none)
    status: str
    words: list[tuple[str, str]]  # ("same" | "removed" | "added", text), in order
    before: Markup | None
    after: Markup | None
    lines: list = field(default_factory=list)  # the words' lines that hold a change, None for those left out


@dataclass
class Changes:
    cards: list[Change] = field(default_factory=list)
    sheets: list[Change] = field(default_factory=list)
    sections: list[SectionChange] = field(default_factory=list)

    @property
    def none(self) -> bool:
        return not (self.cards or self.sheets or self.sections)

    def summary(self) -> str:
        """"3 cards changed, 1 rule section, 0 sheets"; "no changes" when nothing differs."""
        if self.none:
            return "no changes"
        return (f"{_count(len(self.cards), 'card')} changed, {_count(len(self.sections), 'rule section')}, "
                f"{_count(len(self.sheets), 'sheet')}")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def compare(before: Side, after: Side) -> Changes:
    return Changes(_cards(before, after), _sheets(before, after), _sections(before, after))


def _in_order(before: dict, after: dict) -> list[str]:
    """Ids of either side: the work tree's order, then those only the revision had, in its order."""
    return list(after) + [key for key in before if key not in after]


def _status(key: str, before: dict, after: dict) -> str:
    return CHANGED if key in before and key in after else ADDED if key in after else REMOVED


def _cards(before: Side, after: Side) -> list[Change]:
    """Each card with a side that draws differently; the faces that may differ are drawn together, once a side."""
    suspects = [(card_id, side, *faces) for card_id in _in_order(before.cards, after.cards) for side in ("front", "back")
                if (faces := _faces(before, after, card_id, side))]
    draw(before, [old for _, _, old, _ in suspects if old])
    draw(after, [new for _, _, _, new in suspects if new])
    pictures: dict[str, list[Pictures]] = {}
    compared: dict[tuple, Pictures | None] = {}  # a back many cards share is compared once
    for card_id, side, old, new in suspects:
        pair = (side, old.key if old else None, new.key if new else None)
        if pair not in compared:
            compared[pair] = _pictures(side, draw(before, [old])[0] if old else None, draw(after, [new])[0] if new else None)
        picture = compared[pair]
        if picture:
            pictures.setdefault(card_id, []).append(picture)
    changes = []
    for card_id in _in_order(before.cards, after.cards):
        old, new = before.cards.get(card_id), after.cards.get(card_id)
        notes = [f"copies: {old.count} \u2192 {new.count}"] if old and new and old.count != new.count else []
        if card_id in pictures or notes:
            card = new or old
            changes.append(Change(card_id, card.name, card.deck, _status(card_id, before.cards, after.cards),
                                  pictures.get(card_id, []), notes))
    return changes


def _faces(before: Side, after: Side, card_id: str, side: str):
    """The two faces of one side of a card (None where the card is not there), unless they draw the same."""
    old, new = (getattr(s.cards[card_id], side) if card_id in s.cards else None for s in (before, after))
    if old and new and fingerprint(before, old) == fingerprint(after, new):
        return None
    return old, new


def _pictures(label: str, old: Image.Image | None, new: Image.Image | None) -> Pictures | None:
    if old is not None and new is not None:
        if not differs(old, new):
            return None
        return Pictures(label, old, new, highlight(old, new))
    return Pictures(label, old, new)


def _sheets(before: Side, after: Side) -> list[Change]:
    changes = []
    for sheet_id in _in_order(before.sheets, after.sheets):
        old, new = before.sheets.get(sheet_id), after.sheets.get(sheet_id)
        old_pages, new_pages = (old.pages if old else []), (new.pages if new else [])
        count = max(len(old_pages), len(new_pages))
        pictures = []
        for n in range(count):
            picture = _pictures(f"page {n + 1}" if count > 1 else "whole sheet", _page(old_pages, n), _page(new_pages, n))
            pictures += [part for part in (_detail(picture), picture) if part]
        if pictures:
            changes.append(Change(sheet_id, (new or old).name, "sheet", _status(sheet_id, before.sheets, after.sheets),
                                  pictures))
    return changes


def _page(pages: list, number: int):
    return pages[number] if number < len(pages) else None


def _sections(before: Side, after: Side) -> list[SectionChange]:
    changes = []
    for section_id in _in_order(before.sections, after.sections):
        old, new = before.sections.get(section_id), after.sections.get(section_id)
        if old and new and old.markdown == new.markdown:
            continue
        shown = new or old
        words = word_diff(old.markdown if old else "", new.markdown if new else "")
        changes.append(SectionChange(section_id, shown.title, (old.number if old else "", new.number if new else ""),
                                     _status(section_id, before.sections, after.sections), words,
                                     old.html if old else None, new.html if new else None, changed_lines(words)))
    return changes


def _detail(picture: Pictures | None) -> Pictures | None:
    """Where a large picture changed, cut out at full size (a playmat's changed label is a few pixels of the whole
    one); None when the change covers most of it anyway."""
    if picture is None or picture.difference is None:
        return None
    size = picture.difference.size
    changed = ImageChops.difference(*(_on_canvas(image, size) for image in (picture.before, picture.after))).getbbox()
    if changed is None:  # only the size changed, into white
        return None
    left, top, right, bottom = changed
    box = (max(0, left - MARGIN), max(0, top - MARGIN), min(size[0], right + MARGIN), min(size[1], bottom + MARGIN))
    if (box[2] - box[0]) * (box[3] - box[1]) > size[0] * size[1] / 2:
        return None
    crops = (_on_canvas(image, size).crop(box) for image in (picture.before, picture.after, picture.difference))
    where = "where it changed" if picture.label == "whole sheet" else f"{picture.label}: where it changed"
    return Pictures(where, *crops)


def differs(old: Image.Image, new: Image.Image) -> bool:
    return old.size != new.size or ImageChops.difference(old, new).getbbox() is not None


def highlight(old: Image.Image, new: Image.Image) -> Image.Image:
    """The "after" picture faded to grey, with every pixel that differs from "before" tinted red (grown a little, so a
    change of one pixel is seen). Pictures of different sizes are compared on a white canvas of the larger."""
    size = (max(old.width, new.width), max(old.height, new.height))
    old, new = _on_canvas(old, size), _on_canvas(new, size)
    changed = ImageChops.difference(old, new).convert("L").point(lambda value: 255 if value else 0)
    changed = changed.filter(ImageFilter.BoxBlur(GROW // 2)).point(lambda value: 255 if value else 0)  # grown, fast
    faded = Image.blend(Image.new("RGB", size, "white"), new.convert("L").convert("RGB"), FADE)  # grey: red stands out
    tinted = Image.blend(new, Image.new("RGB", size, TINT), 0.65)
    return Image.composite(tinted, faded, changed)


def _on_canvas(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    if image.size == size:
        return image
    canvas = Image.new("RGB", size, "white")
    canvas.paste(image, (0, 0))
    return canvas


WORDS = re.compile(r"\s+|[^\s]+")
MATCHING_WORK = 1_000_000  # pairs of equal pieces difflib may weigh in one pass (a second or so at most)


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """The two texts as runs of words that stayed, went or came, in reading order. What both begin and end with is
    set aside first, so one word changed in a long rule costs the length of the rule, not its square; a changed
    stretch too long to compare word by word is compared line by line, and a line too long for that shown as gone
    and come (pnp diff must answer in seconds whatever a rule holds)."""
    a, b = WORDS.findall(old), WORDS.findall(new)
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    runs: list[tuple[str, str]] = []
    _add(runs, "same", "".join(a[:start]))
    _changed_words(runs, a[start:len(a) - end], b[start:len(b) - end])
    _add(runs, "same", "".join(a[len(a) - end:]))
    return runs


def _changed_words(runs: list, a: list[str], b: list[str]) -> None:
    if _matching_work(a, b) <= MATCHING_WORK:
        _matched(runs, a, b, lambda old, new: (_add(runs, "removed", "".join(old)), _add(runs, "added", "".join(new))))
        return
    a_lines, b_lines = _lines(a), _lines(b)
    if _matching_work(a_lines, b_lines) > MATCHING_WORK or (len(a_lines) == 1 and len(b_lines) == 1):
        _add(runs, "removed", "".join(a))
        _add(runs, "added", "".join(b))
        return
    _matched(runs, a_lines, b_lines, lambda old, new: _changed_words(runs, [w for line in old for w in _words(line)],
                                                                   [w for line in new for w in _words(line)]))


def _matching_work(a: list[str], b: list[str]) -> int:
    """How many (piece of a, equal piece of b) pairs difflib weighs in a pass: its matching looks, for each piece of
    a, at every place b holds the same piece (a space between words is everywhere)."""
    places = Counter(b)
    return sum(places[piece] for piece in a)


def _matched(runs: list, a: list[str], b: list[str], changed) -> None:
    """difflib's matching of the two lists: what stayed is added as it is, `changed(old, new)` for each change."""
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            _add(runs, "same", "".join(a[a1:a2]))
        else:
            changed(a[a1:a2], b[b1:b2])


def _lines(words: list[str]) -> list[str]:
    return "".join(words).splitlines(keepends=True)


def _words(line: str) -> list[str]:
    return WORDS.findall(line)


def changed_lines(runs: list[tuple[str, str]]) -> list[list[tuple[str, str]] | None]:
    """The runs cut into lines, keeping the lines that hold a change; each stretch of unchanged lines between them
    is one None (the page shows an ellipsis), so a long section shows its changed rules, not all of them."""
    lines: list[list[tuple[str, str]]] = [[]]
    for kind, text in runs:
        for number, piece in enumerate(text.split("\n")):
            if number:
                lines.append([])
            if piece:
                lines[-1].append((kind, piece))
    kept: list[list[tuple[str, str]] | None] = []
    for line in lines:
        if any(kind != "same" for kind, _ in line):
            kept.append(line)
        elif line and (not kept or kept[-1] is not None):
            kept.append(None)
    return kept


def _add(runs: list, kind: str, text: str) -> None:
    if not text:
        return
    if runs and runs[-1][0] == kind:
        runs[-1] = (kind, runs[-1][1] + text)
    else:
        runs.append((kind, text))
