"""MkDocs hook: the reference pages generated from pnp's own code, so they cannot go stale.

A page asks for a generated part with a line of its own, `<!-- pnp-reference: NAME -->`; on_page_markdown
replaces it with the Markdown GENERATORS[NAME] makes at build time from:

- commands:     the click command tree of `pnp.cli.app` (typer.main.get_command): every command, argument and
                option, whatever module defines it;
- content / layouts / card-values / box-types / defaults:  the pydantic models (through their JSON Schemas, as
                `pnp schema` writes them) and pnp's default layouts/common files;
- diagnostics:  every diagnostic code pnp's source passes where a code goes, with a real example line from the
                broken-input cases under tests/data (their `# expect:` lines are what pnp printed);
- limits:       pnp/core/limits.py, each constant with its comment;
- architecture / reportlab / game-names:  the LAYERS table and the checks of tests/test_architecture.py, and
                which modules import reportlab.

Everything is sorted or kept in source order, so two builds of the same tree write the same pages. A marker
naming no generator fails the build: a page never silently loses its reference.
"""
from __future__ import annotations

import ast
import inspect
import io
import json
import re
import sys
import tokenize
import typing
from enum import Enum
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- pnp-reference: ([a-z-]+) -->[ \t]*$", re.M)


def _pnp():
    """pnp as this checkout has it (not another installed copy)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import pnp

    return Path(pnp.__file__).resolve().parent


# --- Markdown helpers ---------------------------------------------------------------------------------------

def text(value) -> str:
    """Plain text from code (help, comments) made safe for Markdown: no HTML, no emphasis, no table breaks.
    `code` in backticks stays code."""
    parts = re.split(r"(`[^`]*`)", " ".join(str(value).split()))
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(part)
        else:
            out.append(part.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                       .replace("*", "\\*").replace("_", "\\_").replace("|", "\\|").replace("[", "\\[")
                       .replace("]", "\\]").replace("{", "\\{").replace("}", "\\}"))  # {a} is attr_list's
    return "".join(out)


def code(value) -> str:
    shown = str(value)  # a pipe in a code span needs no escape: Markdown's tables split rows outside backticks only
    fence = "``" if "`" in shown else "`"
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell or " " for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def slug(*parts: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", "-".join(parts).lower()).strip("-")


# --- commands -----------------------------------------------------------------------------------------------

def _param_type(param) -> str:
    kind = param.type
    if getattr(param, "is_flag", False):
        return "flag"
    if getattr(kind, "choices", None):
        return " \\| ".join(code(getattr(c, "value", c)) for c in kind.choices)
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    names = {"integer": "whole number", "int": "whole number", "int range": "whole number", "text": "text", "str": "text",
             "path": "path", "float": "number", "boolean": "true or false"}
    name = names.get(kind.name, kind.name)
    if low is not None or high is not None:
        return f"{name}, {'' if low is None else f'{low:,}'} to {'' if high is None else f'{high:,}'}".replace(" to ,", "")
    return name


def _range(low, high) -> str:
    if low is not None and high is not None:
        return f", {low:,} to {high:,}"
    if low is not None:
        return f", at least {low:,}"
    return "" if high is None else f", at most {high:,}"


def _default(param) -> str:
    value = param.default
    if callable(value) or value in (None, False, (), []) or getattr(param, "is_flag", False):
        return ""
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, (list, tuple)):
        return ", ".join(code(getattr(v, "value", v)) for v in value)
    return code(value)


def _metavar(param) -> str:
    return param.metavar or param.name.upper()


def _usage(path: str, command) -> str:
    pieces = [path, "[OPTIONS]"]  # every command has --help at least
    for p in command.params:
        if p.param_type_name == "argument":
            shown = _metavar(p) + ("..." if p.nargs == -1 else "")
            pieces.append(shown if p.required else f"[{shown}]")
    if hasattr(command, "commands"):
        pieces.append("COMMAND [ARGS]...")
    return " ".join(pieces)


def _command_doc(path: str, command, level: int) -> list[str]:
    out = [f"{'#' * level} `{path}` {{#{slug(path)}}}", "", "```", _usage(path, command), "```", ""]
    if command.help:
        out += [text(paragraph) + "\n" for paragraph in inspect.cleandoc(command.help).split("\n\n")]
    arguments = [p for p in command.params if p.param_type_name == "argument" and not getattr(p, "hidden", False)]
    options = [p for p in command.params if p.param_type_name == "option" and not getattr(p, "hidden", False)]
    if arguments:
        out += [table(["argument", "what it is", "required"],
                      [[code(_metavar(p)), text(getattr(p, "help", "") or ""), "yes" if p.required else "no"]
                       for p in arguments]), ""]
    rows = [[", ".join(code(o) for o in p.opts + p.secondary_opts), _param_type(p) + (", repeatable" if p.multiple else ""),
             _default(p), text(p.help or "")] for p in options]
    rows.append([code("--help"), "flag", "", "Show the command's help and exit."])
    out += [table(["option", "takes", "default", "what it does"], rows), ""]
    return out


def commands_md() -> str:
    _pnp()
    import click
    import typer.main

    from pnp.cli import app

    group = typer.main.get_command(app)
    out = [f"The commands of `pnp` {_version()}, read from its command line itself.", ""]
    out += _command_doc("pnp", group, 2)[:5]
    rows = [[", ".join(code(o) for o in p.opts), text(p.help or "")] for p in group.params if not getattr(p, "hidden", False)]
    out += [table(["option", "what it does"], rows + [[code("--help"), "Show the commands and exit."]]), ""]

    def walk(command, path, parent, level):
        ctx = click.Context(command, info_name=path.split()[-1], parent=parent)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            out.extend(_command_doc(f"{path} {name}", sub, level))
            if hasattr(sub, "list_commands"):
                walk(sub, f"{path} {name}", ctx, level + 1)

    walk(group, "pnp", None, 2)
    return "\n".join(out)


def _version() -> str:
    _pnp()
    from pnp import __version__

    return __version__


# --- content and layout keys --------------------------------------------------------------------------------

KNOWN_PATTERNS = {  # patterns of the models' small types, said in words (an unknown pattern is shown as it is)
    r"^[a-z0-9]+(?:-[a-z0-9]+)*$": "an id: lower-case letters and digits in words joined by hyphens",
    r"^#[0-9a-fA-F]{6}$": "a colour, `#rrggbb`",
    r"^(#[0-9a-fA-F]{6}|\{[a-z_][a-z0-9_.]*\})$": "a colour, `#rrggbb`, or a card value in braces, `{accent}`",
    r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$": "a name files are named after: letters, digits, `-` and `_`",
    r"^[A-Z][A-Z0-9_]*$": "an effect word: capitals, digits and `_`",
    r"^[a-z][a-z0-9-]*$": "a name: lower-case letters, digits and `-`",
    r"^[a-z][a-z0-9_]*$": "a field name: lower-case letters, digits and `_`",
    r"^!?[a-z_][a-z0-9_.]*$": "a card value's name, or `!` and the name",
    r"\.([tT][tT][fF]|[oO][tT][fF])$": "a font file's path from the project folder, `fonts/MyFont.ttf`",
}


def _length_range(annotation) -> str | None:
    """'a length, 0mm to 20mm' for a field typed by pnp.model.common.length()/relative_length(), else None."""
    stack = [annotation]
    while stack:
        item = stack.pop()
        for meta in getattr(item, "__metadata__", ()):
            func = getattr(meta, "func", None)
            qualname = getattr(func, "__qualname__", "")
            if qualname.startswith(("length.", "relative_length.")):
                found = inspect.getclosurevars(func).nonlocals
                relative = "absolute" in found
                if relative:
                    found = inspect.getclosurevars(found["absolute"]).nonlocals
                shown = f"a length, {found['low']} to {found['high']} (`3mm`, `0.125in`, `9pt`)"
                return shown + (", or a change to the value it extends, `+=2mm`, `-=2mm`" if relative else "")
        stack.extend(typing.get_args(item))
    return None


def _models(model) -> dict[str, type]:
    """Every pydantic model `model` is made of, by its name in the JSON Schema's $defs."""
    from pydantic import BaseModel

    found, stack = {}, [model]
    while stack:
        item = stack.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            if item.__name__ in found:
                continue
            found[item.__name__] = item
            stack.extend(f.annotation for f in item.model_fields.values())
        else:
            stack.extend(typing.get_args(item))
    return found


def _field_comments(model) -> dict[str, str]:
    """The comment beside each field in the model's source (`name: type = ...  # what it is`)."""
    try:
        source = inspect.getsource(model)
    except (OSError, TypeError):
        return {}
    found: dict[str, str] = {}
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    lines = source.splitlines()
    for token in tokens:
        if token.type == tokenize.COMMENT:
            line = lines[token.start[0] - 1]
            match = re.match(r"\s{4}([a-z_][a-z0-9_]*)\s*:", line)
            if match:
                found.setdefault(match.group(1), token.string.lstrip("# ").strip())
    for number, line in enumerate(lines[1:], start=1):  # a field whose comment stands on the line above it
        match = re.match(r"\s{4}([a-z_][a-z0-9_]*)\s*:", line)
        above = lines[number - 1].strip()
        if match and match.group(1) not in found and above.startswith("#"):
            found[match.group(1)] = above.lstrip("# ").strip()
    return found


def _schema_type(schema: dict, anchors: dict[str, str]) -> str:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return f"[{name}](#{anchors[name]})" if name in anchors else code(name)
    if "anyOf" in schema:
        kinds = [s for s in schema["anyOf"] if s.get("type") != "null"]
        if {s.get("type") for s in kinds} == {"string", "number", "integer"} and len(kinds) == 3:
            return "text or number"
        return " or ".join(dict.fromkeys(_schema_type(s, anchors) for s in kinds))
    if "enum" in schema:
        return " \\| ".join(code(json.dumps(v) if not isinstance(v, str) else v) for v in schema["enum"])
    if "const" in schema:
        return code(schema["const"])
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return "a list of " + ", ".join(_schema_type(s, anchors) for s in schema["prefixItems"])
        return "a list of " + (_schema_type(schema["items"], anchors) if "items" in schema else "values")
    if kind == "object":
        value = schema.get("additionalProperties")
        patterns = schema.get("patternProperties")
        if patterns:
            (pattern, value), = patterns.items()
            key = KNOWN_PATTERNS.get(pattern, f"a key matching {code(pattern)}")
            return f"a mapping: {key} → {_schema_type(value, anchors)}"
        if isinstance(value, dict) and value:
            key = KNOWN_PATTERNS.get(schema.get("propertyNames", {}).get("pattern", ""), "name")
            return f"a mapping: {key} → {_schema_type(value, anchors)}"
        return "a mapping"
    words = {"string": "text", "integer": "whole number", "number": "number", "boolean": "true or false"}
    shown = words.get(kind, kind or "any value")
    if "pattern" in schema:
        shown = KNOWN_PATTERNS.get(schema["pattern"], f"text matching {code(schema['pattern'])}")
    if "format" in schema:
        shown += f" ({schema['format']})"
    shown += _range(schema.get("minimum"), schema.get("maximum"))
    if "maxLength" in schema and kind == "string":
        shown += f", at most {schema['maxLength']} characters"
    return shown


def _model_table(schema: dict, model, anchors: dict[str, str]) -> str:
    required = set(schema.get("required", []))
    comments = _field_comments(model) if model is not None else {}
    fields = model.model_fields if model is not None else {}
    rows = []
    for key, prop in schema.get("properties", {}).items():
        field = fields.get(key)
        kind = (_length_range(field.annotation) if field is not None else None) or _schema_type(prop, anchors)
        if key in required:
            default = "required"
        elif "default" in prop and prop["default"] not in (None, {}, [], ""):
            default = code(json.dumps(prop["default"], sort_keys=True))
        else:
            default = ""
        described = prop.get("description") or comments.get(key, "")
        rows.append([code(key), kind, default, text(described)])
    return table(["key", "value", "default", "what it is"], rows)


def _model_md(title: str, where: str, model, level: int = 2, anchor: str | None = None) -> list[str]:
    """A file kind's keys, then the keys of each part it is made of, in the order the file mentions them."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    classes = _models(model)
    anchor = anchor or slug(title)
    anchors = {name: slug(anchor, name) for name in defs}
    out = [f"{'#' * level} {title} {{#{anchor}}}", "", where, ""]
    if schema.get("description"):
        out += [text(schema["description"]), ""]
    out += [_model_table(schema, model, anchors), ""]
    order: list[str] = []

    def refs(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str):
                    yield value.rsplit("/", 1)[1]
                else:
                    yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    queue = list(refs(schema.get("properties", {})))
    while queue:
        name = queue.pop(0)
        if name in order or name not in defs:
            continue
        order.append(name)
        queue.extend(refs(defs[name]))
    for name in order:
        definition = defs[name]
        out += [f"{'#' * (level + 1)} {name} {{#{anchors[name]}}}", ""]
        if definition.get("description"):
            out += [text(definition["description"]), ""]
        if "properties" in definition:
            out += [_model_table(definition, classes.get(name), anchors), ""]
        else:
            out += [f"One of: {_schema_type(definition, anchors)}", ""]
    return out


def content_md() -> str:
    _pnp()
    from pnp.model import DeckFile, Manifest, RulesFile
    from pnp.model.deck import Card
    from pnp.model.sheet import GenericSheet

    out = []
    out += _model_md("game.yaml", "`content/<game>/game.yaml`; its schema: `schemas/manifest.schema.json`.", Manifest)
    out += _model_md("Deck files", "`content/<game>/decks/<deck>.yaml` (or a spreadsheet with a row a card, see "
                     "[Decks in a spreadsheet](../how-to/spreadsheet-decks.md)); its schema: "
                     "`schemas/<game>/deck.schema.json`. Each entry of `cards:` is a card, below.", DeckFile)
    out += _model_md("Cards", "Each entry of a deck's `cards:`. These are the keys every game's cards have; the "
                     "fields game.yaml declares under `card_fields:` (and a game package's own card model) add "
                     "keys of their own, which `pnp schema` writes into the game's deck schema.", Card)
    out += _model_md("rules.yaml", "`content/<game>/rules.yaml`; its schema: `schemas/rules.schema.json`.", RulesFile)
    out += _model_md("Sheet files", "`content/<game>/<sheet>.yaml`, named by game.yaml's `sheets:`, for a game "
                     "without a package of its own (a game package may bring its own sheet model); its schema: "
                     "`schemas/<game>/sheet.schema.json`.", GenericSheet)
    return "\n".join(out)


def layouts_md() -> str:
    _pnp()
    from pnp.content.schemas import LAYOUT_SCHEMAS

    where = {  # the file each layout schema describes, as pnp.content.schemas names them
        "card-layout": "`layouts/<game>/cards.yaml`: the game's card faces and backs",
        "sheet-layout": "`layouts/<game>/<sheet>.yaml`: where each region of a sheet goes",
        "card-sizes": "`layouts/common/cards.yaml`: card sizes (pnp brings its own; a project's replaces or "
                      "`extends: default`)",
        "paper": "`layouts/common/paper.yaml`: paper, home-print and fold-and-glue sheets, print shops (pnp brings "
                 "its own; a project's replaces or `extends: default`)",
    }
    titles = {"card-layout": "Card layout", "sheet-layout": "Sheet layout", "card-sizes": "Card sizes",
              "paper": "Paper and print shops"}
    out = []
    stems = {Path(name).name.removesuffix(".schema.json"): (name, model) for name, model in LAYOUT_SCHEMAS.items()}
    for stem in sorted(stems, key=lambda stem: (list(where).index(stem) if stem in where else len(where), stem)):
        name, model = stems[stem]
        out += _model_md(titles.get(stem, stem), f"{where.get(stem, 'A layout file')}; its schema: `schemas/{name}`.",
                         model, anchor=stem)
    return "\n".join(out)


def card_values_md() -> str:
    _pnp()
    from pnp.model.fields import DERIVED_VALUES

    rows = [[code(name), text(meaning)] for name, meaning in DERIVED_VALUES.items()]
    return table(["value", "what it is"], rows)


def box_types_md() -> str:
    _pnp()
    from pnp.layout.cards import GENERIC_BOXES, IMAGE_BOXES
    from pnp.layout.sheet import GENERIC_REGIONS

    return "\n".join([
        "Card boxes (`type:`) pnp draws for every game: " + ", ".join(code(b) for b in GENERIC_BOXES)
        + "; of these, " + " and ".join(code(b) for b in IMAGE_BOXES) + " may show an image file.", "",
        "Sheet regions (`kind:`) pnp draws for every game: " + ", ".join(code(r) for r in GENERIC_REGIONS) + ".", "",
        "A game package may add kinds of its own.",
    ])


def _common(name: str) -> dict:
    """One of pnp's own layouts/common files."""
    import yaml

    return yaml.safe_load((_pnp() / "defaults" / "layouts" / "common" / name).read_text(encoding="utf-8"))


def card_sizes_md() -> str:
    sizes = _common("cards.yaml")["card_sizes"]
    return table(["size", "width", "height", "bleed", "safe zone", "orientation"],
                 [[code(name), str(s["width"]), str(s["height"]), str(s["bleed"]), str(s["safe"]),
                   s.get("orientation", "landscape (wider than tall)" if _wider(s) else "")] for name, s in sizes.items()])


def papers_md() -> str:
    """pnp's papers, home-print and fold-and-glue sheets, from its own layouts/common/paper.yaml."""
    paper = _common("paper.yaml")
    out = [table(["paper", "width", "height"], [[code(n), str(p["width"]), str(p["height"])] for n, p in paper["papers"].items()]), ""]
    for part, title in (("home", "Home-print sheets (`home:`)"), ("fold", "Fold-and-glue sheets (`fold:`)")):
        keys = sorted({k for entry in paper[part].values() for k in entry})
        out += [f"{title}:", "", table([part] + keys, [[code(n)] + [_value(e[k]) if k in e else "" for k in keys]
                                                       for n, e in paper[part].items()]), ""]
    return "\n".join(out)


def _value(value) -> str:
    return code(value if isinstance(value, str) else json.dumps(value))


def vendors_md() -> str:
    """pnp's print shops, from its own layouts/common/paper.yaml."""
    vendors = _common("paper.yaml")["vendors"]
    keys = ["file", "per", "order", "colors", "pdfx", "ink_limit", "bleed", "safe", "dpi", "naming"]
    return "\n".join([
        "A key left out takes its default (see [paper](../reference/layouts.md#paper)).", "",
        table(["vendor"] + keys, [[code(n)] + [_value(v[k]) if k in v else "" for k in keys] for n, v in vendors.items()])])


def _wider(size: dict) -> bool:
    _pnp()
    from pnp.core.units import to_points

    return to_points(size["width"]) > to_points(size["height"])


# --- diagnostics --------------------------------------------------------------------------------------------

CODE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


def _message_shape(node) -> str:
    """A message as the source writes it, each value filled in at run time shown as '…'."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "…" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _message_shape(node.left) + _message_shape(node.right)
    return "…"


def _code_positions(tree_by_path: dict[Path, ast.AST]) -> dict[str, set[int]]:
    """For each function or class name: the positions (counting from the first argument a call passes) of its
    parameter or field named `code`; a method's `self` is not passed."""
    found: dict[str, set[int]] = {}
    for tree in tree_by_path.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in node.args.posonlyargs + node.args.args]
                if names[:1] in (["self"], ["cls"]):
                    names = names[1:]
                if "code" in names:
                    found.setdefault(node.name, set()).add(names.index("code"))
            elif isinstance(node, ast.ClassDef):
                fields = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
                if "code" in fields and ("message" in fields or "text" in fields):
                    found.setdefault(node.name, set()).add(fields.index("code"))
    return found


def _codes_in_source(package: Path) -> dict[str, dict]:
    """code -> {"modules": {...}, "severities": {...}, "shapes": [...]} for every code pnp's source passes where a
    diagnostic's code goes: an argument at a parameter named `code` (Diagnostic, Source.diagnostic, a module's own
    helper), `code=`, or the (keypath, code, message) and (code, message) pairs checks collect."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(package.rglob("*.py"))}
    positions = _code_positions(trees)
    found: dict[str, dict] = {}

    def add(value_node, message_node, module: str, call=None):
        values = []
        if isinstance(value_node, ast.Constant) and isinstance(value_node.value, str):
            values = [value_node.value]
        elif isinstance(value_node, ast.IfExp):
            values = [n.value for n in (value_node.body, value_node.orelse)
                      if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        severity = "error"
        if call is not None and any(isinstance(n, ast.Constant) and n.value == "warning" for n in ast.walk(call)):
            severity = "warning"
        for value in values:
            if CODE.match(value):
                entry = found.setdefault(value, {"modules": set(), "severities": set(), "shapes": []})
                entry["modules"].add(module)
                entry["severities"].add(severity)
                if message_node is not None:
                    entry["shapes"].append(_message_shape(message_node))

    for path, tree in trees.items():
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
                for index in positions.get(name, ()):
                    if index < len(node.args):
                        message = node.args[index + 1] if index + 1 < len(node.args) else None
                        add(node.args[index], message, module, node)
                for keyword in node.keywords:
                    if keyword.arg == "code" and name in positions:
                        add(keyword.value, node.args[0] if node.args else None, module, node)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) or hasattr(node, "body"):
                _assigned_codes(node, module, add)
            if isinstance(node, ast.Tuple):
                pairs = {2: 0, 3: 1}  # (code, message) and (keypath, code, message)
                at = pairs.get(len(node.elts))
                if at is not None:
                    value, message = node.elts[at], node.elts[at + 1]
                    if isinstance(message, ast.JoinedStr) or (
                            isinstance(message, ast.Constant) and isinstance(message.value, str) and " " in message.value):
                        add(value, message, module)
    return found


def _assigned_codes(node, module: str, add) -> None:
    """`code = "vendor-safe"` (or `code, size = "too-large", ...`) in a statement list, with the `message = ...`
    right after it as the message."""
    for field_name in ("body", "orelse", "finalbody"):
        statements = getattr(node, field_name, None)
        if not isinstance(statements, list):
            continue
        for index, statement in enumerate(statements):
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target, value = statement.targets[0], statement.value
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
                pairs = list(zip(target.elts, value.elts))
            else:
                pairs = [(target, value)]
            for name, assigned in pairs:
                if isinstance(name, ast.Name) and name.id == "code":
                    following = statements[index + 1] if index + 1 < len(statements) else None
                    message = following.value if (isinstance(following, ast.Assign) and
                                                   getattr(following.targets[0], "id", "") == "message") else None
                    add(assigned, message, module)


def _examples() -> dict[str, list[str]]:
    """code -> real diagnostic lines from the broken-input cases' expectations, the shortest first."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests" / "data").rglob("*.yaml")):
        patched = ""
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("# patch:"):
                patched = line.split(":", 1)[1].strip()
            match = re.match(r"# expect(-near-replacement)?: (.*)$", line)
            if not match:
                continue
            shown = match.group(2).strip() if not match.group(1) else f"{patched}:…: {match.group(2).strip()}"
            code_match = re.search(r"(?:error|warning) \[([a-z0-9-]+)\]", shown)
            if code_match:
                found.setdefault(code_match.group(1), []).append(shown)
    return {code_: sorted(set(lines), key=lambda line: (len(line), line)) for code_, lines in found.items()}


def _string_literals(package: Path) -> dict[str, set[str]]:
    """Every string constant of pnp's source -> the modules that hold it (for a code passed on by an alias)."""
    found: dict[str, set[str]] = {}
    for path in sorted(package.rglob("*.py")):
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value):
                found.setdefault(node.value, set()).add(module)
    return found


def diagnostics_md() -> str:
    package = _pnp()
    in_source = _codes_in_source(package)
    examples = _examples()
    codes = sorted(set(in_source) | set(examples))

    literals = _string_literals(package)

    def owner(name: str) -> str:
        modules = in_source.get(name, {}).get("modules", set()) or literals.get(name, set())
        games = sorted({m.split(".")[2] for m in modules if m.startswith("pnp.games.")})
        generic = sorted(m for m in modules if not m.startswith("pnp.games."))
        return "generic" if generic or not modules else "games:" + ",".join(games)

    def example(name: str) -> str:
        if name in examples:
            return code(examples[name][0])
        shapes = sorted(set(in_source.get(name, {}).get("shapes", [])), key=lambda s: (-len(s.replace("…", "")), s))
        said = severity(name) if " or " not in severity(name) else "error"
        return (code(f"…: {said} [{name}] {shapes[0]}") + " (as the source words it; … is filled in)") if shapes else ""

    def severity(name: str) -> str:
        seen = set(in_source.get(name, {}).get("severities", set()))
        seen |= {"warning" for line in examples.get(name, []) if f"warning [{name}]" in line}
        seen |= {"error" for line in examples.get(name, []) if f"error [{name}]" in line}
        return " or ".join(sorted(seen)) or "error"

    def where(name: str) -> str:
        return ", ".join(code(m) for m in sorted(in_source.get(name, {}).get("modules", set())))

    generic = [c for c in codes if owner(c) == "generic"]
    out = [f"{len(generic)} codes any game can meet, then the codes of the bundled games' packages. "
           "Each example is a line pnp printed for a broken-input case of the test suite (`tests/data/*/cases/`), "
           "or, for a code no case exercises yet, its message as the source words it.", "",
           "### Codes of every game {#codes-generic}", ""]
    for name in generic:
        out += [f"#### `{name}` {{#{slug('code', name)}}}", "",
                f"{severity(name).capitalize()}" + (f"; reported by {where(name)}." if where(name) else "."), "",
                example(name) and f"Example: {example(name)}", ""]
    by_game: dict[str, list[str]] = {}
    for name in codes:
        if owner(name) != "generic":
            for game in owner(name).split(":", 1)[1].split(","):
                by_game.setdefault(game, []).append(name)
    out += ["### Codes of the bundled game packages {#codes-games}", "",
            "Checks a game package adds for its own rules (`pnp/games/<package>/`): they concern only that game.", ""]
    for game, names in sorted(by_game.items()):
        out += [f"#### `{game}` {{#{slug('codes', game)}}}", "",
                table(["code", "severity", "example"], [[code(n), severity(n), example(n)] for n in names]), ""]
    return "\n".join(out)


# --- limits -------------------------------------------------------------------------------------------------

def limits_md() -> str:
    package = _pnp()
    import pnp.core.limits as limits

    source = (package / "core" / "limits.py").read_text(encoding="utf-8")
    lines = source.splitlines()
    comments = {t.start[0]: t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
                if t.type == tokenize.COMMENT}
    tree = ast.parse(source)
    out, rows = [], []

    def flush():
        if rows:
            out.extend([table(["constant", "at most", "what and why"], rows), ""])
            rows.clear()

    statements = [s for s in tree.body if isinstance(s, ast.Assign)]
    section_lines = {n: c for n, c in comments.items() if re.match(r"#\s*---\s*(.+?)\s*---", c)}
    events = sorted([(s.lineno, "assign", s) for s in statements] + [(n, "section", c) for n, c in section_lines.items()],
                    key=lambda e: e[0])
    for lineno, kind, item in events:
        if kind == "section":
            flush()
            title = re.match(r"#\s*---\s*(.+?)\s*---", item).group(1)
            out += [f"### {text(title[:1].upper() + title[1:])}", ""]
            continue
        name = item.targets[0].id
        if name == "MB":
            continue
        said = [comments[lineno].lstrip("#").strip()] if lineno in comments else []
        follow = lineno + 1  # a comment carried on below, indented under the first: `#      more of it`
        while follow <= len(lines) and re.match(r"#\s{2,}\S", lines[follow - 1]):
            said.append(lines[follow - 1].lstrip("#").strip())
            follow += 1
        rows.append([code(name), _limit_value(name, getattr(limits, name)), text(" ".join(said))])
    flush()
    return "\n".join(out)


def _limit_value(name: str, value) -> str:
    if name.endswith("_BYTES") and isinstance(value, int) and value % (1024 * 1024) == 0:
        return f"{value // (1024 * 1024):,} MB"
    if name == "MIN_TEXT_SIZE":
        return f"{value:g} pt (the least)"
    return f"{value:,}" if isinstance(value, int) else str(value)


def limits_intro_md() -> str:
    _pnp()
    import pnp.core.limits as limits

    return text(inspect.getdoc(limits) or "")


# --- architecture -------------------------------------------------------------------------------------------

def _architecture_source() -> tuple[str, ast.Module]:
    source = (ROOT / "tests" / "test_architecture.py").read_text(encoding="utf-8")
    return source, ast.parse(source)


def architecture_md() -> str:
    source, tree = _architecture_source()
    layers = next(s for s in tree.body if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "LAYERS")
    lines = source.splitlines()
    comments = {t.start[0]: t.string.lstrip("#").strip() for t in tokenize.generate_tokens(io.StringIO(source).readline)
                if t.type == tokenize.COMMENT}
    elements = layers.value.elts
    said: list[list[str]] = [[] for _ in elements]
    # A comment beside a layer's code says what it is; a comment on a line of its own carries on the comment above
    # it, unless it heads the next layer (one whose own line has no comment beside it).
    owner = None
    for number in range(layers.lineno, layers.end_lineno + 1):
        starts = [rank for rank, e in enumerate(elements) if e.lineno == number]
        inside = [rank for rank, e in enumerate(elements) if e.lineno <= number <= e.end_lineno]
        if number not in comments:
            owner = inside[0] if inside else owner
            continue
        own_line = lines[number - 1].lstrip().startswith("#")
        if not own_line:
            owner = (starts or inside or [owner])[0]
            said[owner].append(comments[number])
            continue
        following = next((rank for rank, e in enumerate(elements) if e.lineno > number), None)
        run_to_next = following is not None and all(lines[n - 1].lstrip().startswith("#")
                                                    for n in range(number, elements[following].lineno))
        if run_to_next and elements[following].lineno not in comments:  # heads the next layer
            continued = number - 1 in comments and lines[number - 2].lstrip().startswith("#") and said[following]
            if continued:
                said[following][-1] += " " + comments[number]
            else:
                said[following].append(comments[number])
        elif owner is not None and said[owner]:
            said[owner][-1] += " " + comments[number]
    rows = [[str(rank), ", ".join(code(m.removeprefix("pnp.")) for m in ast.literal_eval(element)), text("; ".join(said[rank]))]
            for rank, element in enumerate(elements)]
    return "\n".join(["Lowest first, as `LAYERS` in `tests/test_architecture.py` has them:", "",
                      table(["layer", "modules (under `pnp.`)", "what they are"], rows)])


def architecture_checks_md() -> str:
    _, tree = _architecture_source()
    rows = [[code(f.name), text(ast.get_docstring(f) or f.name.removeprefix("test_").replace("_", " ").capitalize() + ".")]
            for f in tree.body if isinstance(f, ast.FunctionDef) and f.name.startswith("test_")]
    return table(["test", "what it checks"], rows)


def game_names_md() -> str:
    """Which names of the bundled games the test looks for in generic modules: its GAMES table."""
    _, tree = _architecture_source()
    games = next(s for s in tree.body if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "GAMES")
    rows = [[code(package), code(folder), text(name)] for package, (folder, name) in sorted(ast.literal_eval(games.value).items())]
    return ("It looks for each bundled game's package, content folder and name in the text of every generic module "
            "(`stranded`, an English word too, only as `games.stranded`, in quotes or as a folder `/stranded/`):\n\n"
            + table(["package", "content folder", "name"], rows))


def reportlab_md() -> str:
    package = _pnp()
    importers = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names] + \
                [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and not n.level]
        if any(name == "reportlab" or name.startswith("reportlab.") for name in names):
            importers.append(".".join(path.relative_to(package.parent).with_suffix("").parts))
    return f"{len(importers)} modules import reportlab: " + ", ".join(code(m) for m in importers) + "."


def _dataclass_table(cls) -> str:
    """A dataclass's fields: name, type as written, default, and the comment beside it in the source."""
    import dataclasses

    comments = _field_comments(cls)
    rows = []
    for item in dataclasses.fields(cls):
        if isinstance(item.default, type):
            default = code(item.default.__name__)
        elif item.default is not dataclasses.MISSING:
            default = code(repr(item.default))
        elif item.default_factory is not dataclasses.MISSING:
            default = code(repr(item.default_factory()))
        else:
            default = "required"
        kind = item.type if isinstance(item.type, str) else getattr(item.type, "__name__", str(item.type))
        rows.append([code(item.name), code(kind), default, text(comments.get(item.name, ""))])
    doc = cls.__doc__ or ""
    doc = "" if doc.startswith(cls.__name__ + "(") else inspect.cleandoc(doc)  # dataclasses make one of their signature
    return "\n".join(([text(doc), ""] if doc else []) + [table(["field", "type", "default", "what it is"], rows)])


def plugin_md() -> str:
    _pnp()
    from pnp.engine.plugin import GamePlugin

    return _dataclass_table(GamePlugin)


def playtest_plan_md() -> str:
    _pnp()
    from pnp.engine.playtest import PlaytestPlan, Setup

    return "\n".join([_dataclass_table(PlaytestPlan), "", "Each game's table, a `Setup`:", "", _dataclass_table(Setup)])


def chart_md() -> str:
    _pnp()
    from pnp.engine.playtest import Chart

    return _dataclass_table(Chart)


def machine_md() -> str:
    """pnp.engine.machine's docstring: the reference of the inner machine, as its author keeps it."""
    _pnp()
    import pnp.engine.machine as machine

    return _markdown_docstring(inspect.getdoc(machine) or "")


def _markdown_docstring(doc: str) -> str:
    """A docstring written in Markdown's manner (backticks, **bold**, numbered lists with their carried-on lines
    indented) as Markdown: '<' and '>' outside code spans are escaped; code spans may run over a line break."""
    parts = re.split(r"(`[^`]*`)", doc)
    return "".join(p if p.startswith("`") else p.replace("<", "&lt;").replace(">", "&gt;") for p in parts)


def engine_api_md() -> str:
    """The methods of the Engine protocol (pnp.engine.api), with the comment beside each."""
    package = _pnp()
    source = (package / "engine" / "api.py").read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    engine = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Engine")
    rows = []
    for item in engine.body:
        if isinstance(item, ast.FunctionDef):
            line = lines[item.lineno - 1]
            said = line.split("#", 1)[1].strip() if "#" in line.split(": ...", 1)[-1] else ""
            arguments = ", ".join(a.arg for a in item.args.args[1:])
            returns = f" -> {ast.unparse(item.returns)}" if item.returns else ""
            rows.append([code(f"{item.name}({arguments}){returns}"), text(said)])
    doc = ast.get_docstring(engine) or ""
    return "\n".join(([text(doc), ""] if doc else []) + [table(["method", "what it promises"], rows)])


GENERATORS = {
    "machine": machine_md,
    "engine-api": engine_api_md,
    "plugin": plugin_md,
    "playtest-plan": playtest_plan_md,
    "chart": chart_md,
    "commands": commands_md,
    "content": content_md,
    "layouts": layouts_md,
    "card-values": card_values_md,
    "box-types": box_types_md,
    "card-sizes": card_sizes_md,
    "papers": papers_md,
    "vendors": vendors_md,
    "diagnostics": diagnostics_md,
    "limits": limits_md,
    "limits-intro": limits_intro_md,
    "architecture": architecture_md,
    "architecture-checks": architecture_checks_md,
    "game-names": game_names_md,
    "reportlab": reportlab_md,
}


def on_page_markdown(markdown: str, page, config, files) -> str:
    def generated(match: re.Match) -> str:
        name = match.group(1)
        if name not in GENERATORS:
            from mkdocs.exceptions import PluginError

            raise PluginError(f"{page.file.src_path}: no generated reference named '{name}'; known: {', '.join(GENERATORS)}")
        return GENERATORS[name]()

    return MARKER.sub(generated, markdown)
