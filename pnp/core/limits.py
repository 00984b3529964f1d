"""Every limit pnp puts on what content may ask for, in one place, each with why it exists.

A content folder may come from anyone. Whatever it says, the work it starts
must be bounded before it starts: `pnp validate` refuses content whose build
would run past a minute or fill memory or disk (pnp.checks.estimate), at the line
that asks for it, instead of a build that never ends. Each limit is far above
what a serious game needs: the five bundled games' largest figure is given
beside it. The documentation's Limits page (docs/reference/limits.md) is generated from this file.
"""
from __future__ import annotations

MB = 1024 * 1024

# --- files (pnp.reading.source, pnp.reading.tables, pnp.reading.xlsx, pnp.reading.image_files, pnp.reading.svg_files,
#     pnp.text.font_files, pnp.text.font_tables) ---
MAX_FILE_BYTES = 4 * MB  # one content or layout YAML file; the largest bundled one is 30 KB
MAX_DEPTH = 64  # nesting of mappings and lists in one YAML file; content needs about 8
MAX_VALUES = 200_000  # values aliases repeat in one YAML file or spreadsheet (a "billion laughs" stops at once);
#                      values written out are bounded by the file's bytes and spend nothing
MAX_ALIAS_CHARACTERS = 2 * MAX_FILE_BYTES  # characters of text aliases repeat in one file (a text anchored with &t
#                                            counts again at every *t): with what is written out, a file's content is
#                                            at most three times MAX_FILE_BYTES however its aliases nest. The bundled
#                                            games use no aliases; a deck repeating a 2,000-character text on a thousand
#                                            cards needs 2 million
MAX_TEXT_CHARACTERS = 100_000  # characters of one text (any value) in a YAML file: texts are searched, checked and
#                                laid out whole. The longest bundled text has 621; a long rules section a few thousand
MAX_TABLE_ROWS = 2000  # rows of a deck spreadsheet: a deck prints at most MAX_DECK cards, plus a header and blanks
MAX_TABLE_COLUMNS = 200  # columns of a deck spreadsheet: the widest card model has a few dozen fields
MAX_UNPACKED_BYTES = 64 * MB  # an XLSX unpacked (a zip bomb stops before any part is read); a thousand cards is a few MB
MAX_ZIP_MEMBERS = 1000  # parts of an XLSX; a workbook of one sheet has about a dozen
MAX_XLSX_ELEMENTS = 1_000_000  # XML elements in one part of an XLSX (its sheet, shared strings, styles), counted as
#                                the part is unpacked (pnp.reading.xlsx): a sheet of 2,000 rows of 200 cells, each with its
#                                value, has about 800,000. A 45 KB file's 6 million styles once took 3.8 GB to read
MAX_TABLE_TEXT = MAX_FILE_BYTES  # characters in all the cells of a deck spreadsheet together, a shared string counted
#                                  in each cell that shows it: what a CSV file of the deck may hold. One 30 MB shared
#                                  string shown in ten cells once took 36 s and 650 MB
MAX_IMAGE_BYTES = 64 * MB  # one PNG or JPEG file, read whole to be checked and embedded
MAX_IMAGE_PIXELS = 36_000_000  # 6000 x 6000 decoded: a full tarot card at 1200 DPI is 3.3 million
MAX_SVG_BYTES = 4 * MB  # one SVG file, parsed whole: an icon is 1 KB, a detailed illustration a few hundred KB
MAX_SVG_ELEMENTS = 50_000  # elements of one SVG file, each element a <use> repeats counted again where it is used
#                            (nested <use>s multiply, as aliases do in YAML): an icon has 1 to 10, an illustration
#                            exported from Inkscape or Illustrator a few thousand. Counted as the file is parsed
MAX_SVG_DEPTH = 64  # nesting of elements (and of <use>s) in one SVG file: editors nest groups a dozen deep at most
MAX_SVG_PATH_COMMANDS = 500_000  # path segments of one SVG file once drawn (arcs become one to four curves each),
#                                  all its shapes together: an icon has a few dozen, a detailed illustration ~100,000.
#                                  Every one is written into each PDF that prints the picture
MAX_SVG_COORDINATE = 10_000_000  # largest number (coordinate, length, transform entry) an SVG may give, and largest
#                                  entry of a shape's transform once its groups' are applied: icons stay under 1,000;
#                                  past this a PDF reader's fixed-point arithmetic overflows (and 1e999 is infinity)
MAX_FONT_BYTES = 30 * MB  # one TrueType file; larger than any real font family, so a bigger one is a mistake
MAX_FONT_CODE_POINTS = 200_000  # code points a font's character map (cmap) lists, its subtables together, ranges
#                                 counted code point by code point (and each range once): reportlab expands the map
#                                 code point by code point (some 200 bytes each). A font draws at most 65,535 glyphs; the
#                                 largest real ones map some 60,000 code points, twice (format 4 and 12); DejaVu Sans about 12,000
MAX_FONT_COMPONENTS = 200_000  # components of a font's composite glyphs (an 'À' is an 'A' and a grave accent),
#                                all of them together: each is read before reportlab embeds the font (pnp.text.font_glyphs).
#                                DejaVu Sans has 5,524; a font of 65,535 glyphs, each made of 3, would have some 200,000
MAX_COMPONENT_DEPTH = 16  # levels of composite glyphs made of composite glyphs: what draws a glyph follows them all
#                           (one made of itself never ends). DejaVu Sans nests 4
# An OpenType font with PostScript (CFF) outlines is converted to TrueType outlines once (pnp.text.font_cff), each
# glyph a program (a Type 2 charstring) run by a bounded interpreter: URW's Nimbus Sans (855 glyphs) runs 70 KB of
# them, 9 subroutines deep at most, 44 numbers on its stack at most, in 0.2 s
MAX_CFF_GLYPHS = 10_000  # glyphs of a CFF font: a Latin, Greek and Cyrillic family has 1,000 to 4,000; a CJK font's
#                          65,535 would take minutes to convert (its family's TrueType files, or a subset, do instead)
MAX_CFF_WORK = 2 * MB  # bytes of charstrings run to convert one font, a subroutine counted at each call: 30 times what
#                        Nimbus Sans runs (a 10,000-glyph font runs some 1.5 MB), about 6 s at most; a subroutine that
#                        calls another eight times, nine deep, would run 134 million times over, which this bounds
MAX_SUBR_DEPTH = 10  # subroutines called from subroutines: the CFF specification's limit (Type 2 charstrings)
MAX_CFF_STACK = 513  # numbers on a charstring's operand stack: CFF2's limit (CFF's own is 48)
MAX_LAYOUT_FONTS = 32  # fonts one layout names (its `fonts:`): each file is read and checked; a game with a title, a body
#                         and a flavour face in four styles each has 12
MAX_FALLBACK_FONTS = 8  # fonts in one fallback list (fonts: {regular: [Body.ttf, NotoSansJP.otf]}): a body face and one
#                          for each script it lacks (Japanese, Arabic, Hebrew ...); each character looks through them all

# --- cards ---
MAX_COPIES = 99  # `count:` of one card; the bundled games print at most 8 copies of a card
MAX_DECK = 1000  # physical cards in one deck, copies included; the largest bundled deck has 106
MAX_CARDS = 5000  # physical cards in one game, all decks; the bundled games have at most 138. Every card
#                   is drawn once per imposition and vendor profile (about 8 times), so pages and drawings grow with it
MAX_LANGUAGES = 60  # a game's languages (game.yaml languages:): each is an edition built and checked on its own
MAX_DECKS = 100  # decks of one game; the bundled games have at most 10. Each deck is several PDFs
MAX_BOXES = 300  # boxes of one card template (its `extends` included); the bundled templates have at most 12
MAX_DRAWINGS = 3_000_000  # boxes drawn by one build: cards x boxes x outputs that print them; the bundled games draw
#                           at most about 13,000. Each box is a text fit or a picture: a minute of work is ~ 5 million
MAX_CARD_TEXT = 5_000  # characters of one text a card's text box shows: the longest card texts of real games have a
#                        few hundred (the bundled games': 621, a quick-reference card); 5,000 fill a tarot card in 6 pt.
#                        Fitting reads a text a dozen times in each box that shows it (pnp.text.fit), whatever its size
MAX_CARD_TEXT_DRAWN = 50_000_000  # characters the card text boxes of one build fit and draw: each box's text on every
#                                   card, times the files that print it (as MAX_DRAWINGS). The bundled games draw at
#                                   most 118,000; MAX_CARDS cards of 800 characters each in 12 files are 48 million.
#                                   One 3.6 MB text in ten boxes once took 29 s to validate, in 300 boxes hours
MAX_EXPRESSION = 1_000  # characters of one computed text in a card layout (a box's `text: "{{ vp }} VP"`): a real one
#                         has a few dozen. It runs on every card, and its work grows with its length (pnp.layout.computed)
MAX_EXPRESSION_VALUE = 2 * MAX_CARD_TEXT  # characters (or items) of any value a computed text builds on the way
#                                           (a filter's result, `*`): what it shows has at most MAX_CARD_TEXT, so a
#                                           longer step is a mistake, and every step stays cheap on every card

# --- sheets ---
MAX_SHEETS = 50  # scoresheets, playmats and boards of one game; the bundled games have at most 2
MAX_REGIONS = 300  # regions of one sheet layout; the bundled ones have at most 16
MAX_TILES = 1000  # pages one playmat or board is tiled onto on one paper; a 3 m x 3 m playmat (the largest
#                   design) on A4 takes about 200, so more means paper too small for the sheet (the bundled: 6)

# --- pages ---
MAX_PAGES = 20_000  # pages of every PDF of one build; the bundled games make at most 770

# --- rules and the rulebook ---
MAX_RULES = 10_000  # sections and rules in rules.yaml; the bundled games have at most 95, a comprehensive
#                     rules document about 3000. The rulebook PDF is laid out twice (for its contents)
MAX_TERMS = 1000  # glossary terms in rules.yaml; the bundled games have at most 11. Each is looked for in every card
MAX_FIGURES = 200  # rules with a figure; the bundled games have 2. Each is drawn in the PDF, HTML and Markdown
MAX_SHOWCASE = 12  # cards and sheets on the rulebook's title page, each once; the bundled games show 3
MAX_WORDS = 1000  # effect words in game.yaml's vocabulary; the bundled games have at most 31
MAX_ICONS = 500  # icons in game.yaml; the bundled games have at most 20
MAX_ICON_BYTES = 32 * MB  # image icons' files together: rules.html embeds each once (one file to share); 20 icons
#                           of a realistic 100 KB are 2 MB

# --- suggestions ("did you mean") ---
MAX_SUGGESTION_CANDIDATES = 64  # names compared to a misspelling, nearest in length and spelling first: a
#                                 misspelling costs the same with 20 names or 20,000 (pnp.core.diagnostics.did_you_mean)
MAX_SUGGESTION_LENGTH = 100  # a longer word gets no suggestion: comparing two strings costs their lengths' product

MAX_REPORTS_PER_TEXT = 20  # unknown names (icons, links) reported one by one in one text; the rest as one line with
#                            their number: a text of 300,000 misspelt names is one mistake, not 300,000 lines
MAX_REPORTS_PER_FILE = 100  # diagnostics of one code listed for one file (pnp.core.diagnostics.Report), the first in the
#                             file; the rest as one line with their number. A deck of 190,000 misspelt keys printed
#                             190,000 lines (9 s, 560 MB); a real file's mistakes of one kind, a field renamed on every
#                             card of a 100-card deck say, are all listed

# --- playtests ---
MAX_GAMES = 1_000_000  # `pnp playtest --games`: a report keeps counts and each game's small Result.details, so no
#                        option can eat the machine; and game i plays seed base * 1,000,003 + i, so runs never overlap
MAX_STEPS = 200_000  # moves of one played game: the longest bundled game (a 2200 campaign) takes about 9,000;
#                      content (settings, decks) that makes a game longer is reported, never played forever

# --- processes (pnp.core.processes) ---
MAX_PROCESSES = 64  # processes pnp runs at once, whatever PNP_JOBS or the machine says: each is a copy of pnp of
#                     about 100 MB, and a build has a few dozen files to share out (the bundled games: 84 at most)

# --- pnp diff: a revision's project written to a temporary folder (pnp.diff.checkout) ---
MAX_REVISION_BYTES = 1024 * MB  # the files of content/, layouts/ and fonts/ at a revision together, summed from git's
#                                 tree before a byte is written. Git compresses: 20 names of one 200 MB blob of one
#                                 letter are a 200 KB commit that once wrote 3.8 GB in 8.5 s. A game's files are each
#                                 at most MAX_FILE_BYTES (YAML), MAX_IMAGE_BYTES (art), MAX_FONT_BYTES (a font);
#                                 the bundled games together hold 250 KB
MAX_REVISION_FILES = 50_000  # files, links and submodules there: MAX_CARDS cards each with its own art and a few
#                              hundred other files; the bundled games hold 52
MAX_REVISION_DEPTH = 32  # folders a file there lies below the project folder (content/<game>/art/...): the bundled
#                          games nest 3; deeper is not a project's, and removing it would recurse past Python's limit

# --- pnp pull: a deck's published spreadsheet fetched into the project (pnp.reading.fetch) ---
# The address is game.yaml's, so anyone's: what it serves is bounded before a byte of it is kept.
PULL_TIMEOUT_SECONDS = 30.0  # to connect, and between two pieces of the answer: a published Google Sheet of a few
#                              hundred cards answers in about a second; a server that says nothing for this long is down
MAX_PULL_SECONDS = 120.0  # the whole answer, however it trickles in: a byte every 29 seconds never meets the timeout
MAX_PULL_BYTES = MAX_FILE_BYTES  # one answer, counted as it arrives (never asked compressed): a deck file larger than
#                                  this is refused by pnp validate anyway. A 1,000-card CSV is a few hundred KB
MAX_PULL_REDIRECTS = 5  # a "publish to the web" address redirects once (docs.google.com to googleusercontent.com);
#                         each hop is to http(s) only
MAX_PULL_ADDRESS = 2000  # characters of a `pull:` address; Google's published ones have about 130

# --- printed text ---
MIN_TEXT_SIZE = 6.0  # points at 100 % scale: the smallest type any printed text may have (cards, sheets, playmats,
#                      boards, tokens). Below about 6 pt print shops warn that body text fills in and players misread
#                      it at arm's length. A layout may lower it for one box or region (`min_size: 5pt`), with a
#                      warning at that box: pnp.text.legibility

# --- the output folder (pnp.core.incremental) ---
MAX_RECORD_BYTES = 8 * MB  # one game's build record (output/.pnp/<game>.json), read before every build: the bundled
#                            games' are at most 15 KB, and a game at every limit above (MAX_DECKS decks, MAX_CARDS card
#                            images, their inputs and warnings) about 1 MB. The record is untrusted (output/ may come
#                            from anyone): a larger one is no record, and everything is drawn again. A 64 MB record of
#                            empty lists once took 15 s and 1.8 GB to parse
