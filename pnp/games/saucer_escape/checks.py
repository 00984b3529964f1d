"""Saucer Escape content checks, each tied to the rule it enforces."""
from __future__ import annotations

from pnp.checks import sheets as sheet_checks
from pnp.content.game import Game
from pnp.core.diagnostics import Diagnostic
from pnp.games.saucer_escape.vocabulary import BETWEEN_ICONS, TRACK_ICONS, VOCABULARY

MEASURES = ("killed_enemy_boxes", "collected_reward_boxes", "hivemind_killed", "artifacts", "turns_left", "crew_killed")
SEED_COUNTS = {"enemies": 6, "locations": 6, "rewards": 6, "crew": 4}  # the printed sheet's rows and crew
DOORS_AT_ENTRANCES = 5  # "in five of the seven Locations ... a door is required"


def check(game: Game) -> list[Diagnostic]:
    problems = []
    for sheet in game.sheets.values():
        for test in (counts, tracks, event_table, crew, score, map_shape, keycards, vocabulary_used):
            problems += test(sheet.model, sheet.source)
        problems += events_named(game, sheet.model, sheet.source)
    return problems


def events_named(game: Game, sheet, source) -> list[Diagnostic]:
    """Every word of the Event Table is explained by a glossary term of rules.yaml: word_places gives these words
    no place on the sheet, so the glossary would otherwise leave an unnamed one out without a word."""
    named = {word for term in game.rules.terms for word in term.words} if game.rules else set()
    words = sorted({VOCABULARY.parse(e).word for row in sheet.events for e in row.effects if _parses(e)} - named)
    return [source.diagnostic(("events",), "headword", f"the event word {word} is named by no glossary term; add it "
                              "to a term's words: in rules.yaml (the Event entry)") for word in words]


def counts(sheet, source) -> list[Diagnostic]:
    problems = []
    for field, expected in SEED_COUNTS.items():
        found = len(getattr(sheet, field))
        if found != expected:
            problems.append(source.diagnostic((field,), "count", f"the sheet has {expected} {field}, not {found}"))
    return problems


def tracks(sheet, source) -> list[Diagnostic]:
    problems = []
    for i, enemy in enumerate(sheet.enemies + [sheet.hivemind]):
        base = ("enemies", i) if i < len(sheet.enemies) else ("hivemind",)
        for side in ("life", "power"):
            problems += sheet_checks.track_icons(source, base + (side,), getattr(enemy, side), TRACK_ICONS, VOCABULARY)
        between = type(enemy.life)(length=min(enemy.life.length, enemy.power.length), icons=enemy.between)
        problems += sheet_checks.track_icons(source, base + ("between",), between, BETWEEN_ICONS, VOCABULARY)
    for i, location in enumerate(sheet.locations + [sheet.escape_pod]):
        base = ("locations", i, "track") if i < len(sheet.locations) else ("escape_pod", "track")
        problems += sheet_checks.track_icons(source, base, location.track, TRACK_ICONS, VOCABULARY)
    for i, reward in enumerate(sheet.rewards):
        problems += sheet_checks.track_icons(source, ("rewards", i), reward, TRACK_ICONS, VOCABULARY)
    if not sheet.escape_pod.track.icon_at(sheet.escape_pod.track.length):
        problems.append(source.diagnostic(("escape_pod", "track"), "pod", "the last Escape Pod box needs the POD_FUELED icon"))
    item_ids = {item.id for item in sheet.items}
    for where, track in _all_tracks(sheet):
        for k, icon in enumerate(track.icons):
            if icon.icon == "GAIN" and icon.item not in item_ids:
                problems.append(source.diagnostic(where + ("icons", k, "item"), "unknown-item", f"item '{icon.item}' is not listed under items"))
    for name in ("medkit", "red_keycard", "blue_keycard"):
        if name not in sheet.party:
            problems.append(source.diagnostic(("party",), "missing-key", f"party items need a '{name}' track"))
    return problems


def _all_tracks(sheet):
    for i, reward in enumerate(sheet.rewards):
        yield ("rewards", i), reward
    for i, location in enumerate(sheet.locations):
        yield ("locations", i, "track"), location.track


def event_table(sheet, source) -> list[Diagnostic]:
    problems = sheet_checks.dice_table(source, ("events",), sheet.events, 2, 12)
    for i, row in enumerate(sheet.events):
        problems += sheet_checks.effects(source, ("events", i, "effects"), row.effects, VOCABULARY)[0]
    return problems


def crew(sheet, source) -> list[Diagnostic]:
    """Every crew member has 3 abilities whose effects are engine words, and gear that fits."""
    problems = []
    for i, member in enumerate(sheet.crew):
        if len(member.abilities) != 3:
            problems.append(source.diagnostic(("crew", i, "abilities"), "abilities", f"{member.name} needs exactly 3 abilities, not {len(member.abilities)}"))
        for j, ability in enumerate(member.abilities):
            found, _ = sheet_checks.effects(source, ("crew", i, "abilities", j, "effects"), ability.effects, VOCABULARY)
            problems += found
            if not ability.effects:
                problems.append(source.diagnostic(("crew", i, "abilities", j), "no-effect", f"ability '{ability.id}' has no effects"))
        for k, item in enumerate(member.starting_gear):
            if item not in member.gear or member.starting_gear.count(item) > member.gear[item]:
                problems.append(source.diagnostic(("crew", i, "starting_gear", k), "gear", f"{member.name} has no free {item} slot"))
        for slot in member.gear:
            if slot not in ("lasgun", "shield"):
                problems.append(source.diagnostic(("crew", i, "gear", slot), "gear", f"'{slot}' is not gear; crew carry lasgun and shield"))
    return problems


def score(sheet, source) -> list[Diagnostic]:
    return sheet_checks.score_terms(source, ("score",), sheet.score, MEASURES)


def map_shape(sheet, source) -> list[Diagnostic]:
    """One start; every box connected to it; each location (and the Hivemind's lair) has an entrance box."""
    problems = []
    grid = sheet_checks.cells(sheet.map.rows)
    starts = [cell for cell, ch in grid.items() if ch == "S"]
    unknown = sorted({ch for ch in grid.values()} - set("S.Erb"))
    if unknown:
        problems.append(source.diagnostic(("map", "rows"), "map-legend", f"unknown map character(s) {' '.join(unknown)}; use . S E r b #"))
    if len(starts) != 1:
        return problems + [source.diagnostic(("map", "rows"), "map-start", f"the map needs exactly one S (start), found {len(starts)}")]
    connected = sheet_checks.reachable(grid, starts, lambda ch: True)
    for cell in sorted(set(grid) - connected):
        problems.append(source.diagnostic(("map", "rows", cell[0]), "map-island", f"box at row {cell[0]}, column {cell[1]} cannot be reached from the start"))
    locations = {loc.id for loc in sheet.locations + [sheet.escape_pod]}
    for loc_id in sorted(locations - set(sheet.map.entrances)):
        problems.append(source.diagnostic(("map", "entrances"), "entrance", f"location '{loc_id}' has no entrance on the map"))
    doors = 0
    for loc_id, entrance in sheet.map.entrances.items():
        cell = (entrance.row, entrance.col)
        if loc_id not in locations:
            problems.append(source.diagnostic(("map", "entrances", loc_id), "unknown-location", f"'{loc_id}' is not a location"))
        if cell not in grid:
            problems.append(source.diagnostic(("map", "entrances", loc_id), "entrance", f"the entrance of '{loc_id}' is not on a box"))
        elif grid[cell] in "rb":
            doors += 1
    if doors != DOORS_AT_ENTRANCES:
        problems.append(source.diagnostic(("map", "entrances"), "entrance-doors", f"{DOORS_AT_ENTRANCES} location entrances must be doors; {doors} are"))
    for boss, loc_id in sheet.map.lair.items():
        if boss != sheet.hivemind.id or loc_id not in locations:
            problems.append(source.diagnostic(("map", "lair", boss), "lair", f"lair '{boss}: {loc_id}' must name the Hivemind and a location"))
    return problems


def keycards(sheet, source) -> list[Diagnostic]:
    """No keycard deadlock, for every way the set-up dice can number the rows.

    Blue keycards come only from Reward tracks, collected by killing the enemy
    whose number matches; red ones also from events and Interlock Hack. For each
    of the 6 possible offsets between enemy numbers and reward numbers, open
    doors greedily: if some entrance can never be reached, that set-up deadlocks.
    """
    grid = sheet_checks.cells(sheet.map.rows)
    start = [cell for cell, ch in grid.items() if ch == "S"]
    if len(start) != 1:
        return []
    entrances = {loc: (e.row, e.col) for loc, e in sheet.map.entrances.items()}
    rows = [loc.id for loc in sheet.locations]
    blue_rows = [any(i.icon == "GAIN" and i.item == "blue_keycard" for i in r.icons) for r in sheet.rewards]
    red_free = _red_keys_without_doors(sheet)
    problems = []
    for offset in range(len(rows)):
        have_blue, open_blue = False, False
        for _ in range(len(rows) + 1):
            area = sheet_checks.reachable(grid, start, lambda ch: ch in "S.E" or (ch == "r" and red_free) or (ch == "b" and open_blue))
            killed = [i for i, loc in enumerate(rows) if entrances.get(loc) in area]
            have_blue = any(blue_rows[(i + offset) % len(rows)] for i in killed)
            if have_blue == open_blue:
                break
            open_blue = have_blue
        stuck = [loc for loc, cell in entrances.items() if cell not in area]
        if stuck:
            problems.append(source.diagnostic(("map", "entrances"), "keycard-deadlock",
                            f"with reward numbers shifted by {offset}, no keycard can ever open the way to {', '.join(stuck)}"))
    return problems


def _red_keys_without_doors(sheet) -> bool:
    """Red keycards have a source behind no door: an event reachable from the start, or a crew ability."""
    grid = sheet_checks.cells(sheet.map.rows)
    start = [cell for cell, ch in grid.items() if ch == "S"]
    open_area = sheet_checks.reachable(grid, start, lambda ch: ch in "S.E")
    event_open = any(grid[cell] == "E" for cell in open_area)
    grants_red = any(_word(eff) in (("FIND", "red_keycard"), ("TRADE_SMALL", None)) for e in sheet.events for eff in e.effects)
    from_crew = any(_word(eff)[0] == "UNLOCK_RED_DOOR" for m in sheet.crew for a in m.abilities for eff in a.effects)
    return (event_open and grants_red) or from_crew


def _word(entry) -> tuple:
    """(word, parameter) with parameters that do not matter here left out."""
    if not _parses(entry):
        return (None, None)
    effect = VOCABULARY.parse(entry)
    return (effect.word, effect.param if effect.word in ("GAIN", "FIND") else None)


def vocabulary_used(sheet, source) -> list[Diagnostic]:
    """Every word of the vocabulary appears somewhere on the sheet (dead words are found)."""
    used = set()
    for enemy in sheet.enemies + [sheet.hivemind]:
        used |= {i.icon for i in enemy.life.icons + enemy.power.icons + enemy.between}
    for track in [loc.track for loc in sheet.locations + [sheet.escape_pod]] + sheet.rewards:
        used |= {i.icon for i in track.icons}
    for member in sheet.crew:
        for ability in member.abilities:
            used |= {VOCABULARY.parse(e).word for e in ability.effects if _parses(e)}
    for row in sheet.events:
        used |= {VOCABULARY.parse(e).word for e in row.effects if _parses(e)}
    return [source.diagnostic((), "unused-effect", f"effect word '{w}' is used nowhere on the sheet", severity="warning")
            for w in sorted(set(VOCABULARY.words) - used)]


def _parses(entry) -> bool:
    try:
        VOCABULARY.parse(entry)
        return True
    except ValueError:
        return False



def word_places(game: Game) -> dict[str, list[str]]:
    """Where on the sheet each effect word appears, for the glossary: a short phrase a player finds the part by
    (the tracks it is printed on, the crew panel an ability is in), each once, never box by box. The Event
    Table's words have none: their glossary entry (Event) names the table, which prints each row in full, and a
    list of its eleven rows under the entry would only repeat it (events_named checks each has an entry).
    The glossary terms that name a part of the sheet rather than an effect word (Door, Keycard...) are keyed by
    their rules.yaml id (part_places): term ids are lower-case, effect words upper-case, so the two never meet."""
    places: dict[str, list[str]] = {}

    def add(word, place):
        if place not in places.setdefault(word, []):
            places[word].append(place)

    for sheet in game.sheets.values():
        model = sheet.model
        for enemy in model.enemies + [model.hivemind]:
            tracks = "The Hivemind's Life and Power tracks" if enemy is model.hivemind else "Enemies' Life and Power tracks"
            for side in ("life", "power"):
                for icon in getattr(enemy, side).icons:
                    add(icon.icon, tracks)
            for icon in enemy.between:
                add(icon.icon, "Between the enemies' Life and Power tracks")
        for location in model.locations + [model.escape_pod]:
            for icon in location.track.icons:
                add(icon.icon, "The Escape Pod track" if location is model.escape_pod else "Location tracks")
        for reward in model.rewards:
            for icon in reward.icons:
                add(icon.icon, "Reward tracks")
        for member in model.crew:
            for ability in member.abilities:
                for effect in ability.effects:
                    if _parses(effect):
                        add(VOCABULARY.parse(effect).word, f"{member.name}'s panel")
        for term, parts in part_places(model).items():
            for place in parts:
                add(term, place)
    return places


def part_places(sheet) -> dict[str, list[str]]:
    """Glossary term id -> the parts of the sheet that print it, by the names the sheet's key gives them: a door and
    an event on the map, an entrance there and as the tag beside its Location's name, Keycards and Artifacts in the
    party items and on the Reward tracks that pay them, the To Hit box on every enemy's row (the Enemies). A part the sheet
    does not draw is left out, so the glossary never sends a player looking for it."""
    def named(part: str, fallback: str) -> str:
        return sheet.key[part].name if part in sheet.key else fallback

    cells = "".join(sheet.map.rows)
    paid = {i.item for track in sheet.rewards for i in track.icons if i.icon == "GAIN"}
    where = {
        "door": [named("map", "Map")] if set(cells) & set("rb") else [],
        "entrance": [named("map", "Map"), "Beside each Location's name"] if sheet.map.entrances else [],
        "event": ([named("map", "Map")] if "E" in cells else []) + ([named("events", "Event Table")] if sheet.events else []),
        "keycard": ([named("party", "Party items")] if {"red_keycard", "blue_keycard"} & set(sheet.party) else [])
                   + (["Reward tracks"] if {"red_keycard", "blue_keycard"} & paid else []),
        "artifact": [named("party", "Party items")] + (["Reward tracks"] if "artifacts" in paid else []),
        "to-hit": [named("enemies", "Enemies")],  # a box on each enemy's row, a part by the key's own short name
    }
    return {term: parts for term, parts in where.items() if parts}
