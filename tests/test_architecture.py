"""The house rules of pnp's modules: layers that only import downwards, no import circle, and
generic code that never names a game.

Every import counts, at module level or inside a function; only imports under
`if TYPE_CHECKING:` (annotations) are free.
"""
import ast
from functools import lru_cache
from pathlib import Path

import pytest

PNP = Path(__file__).resolve().parents[1] / "pnp"

# The folders of pnp, lowest first: a module may import its own folder and the folders below, never one above.
LAYERS = [
    ("pnp.core",),  # diagnostics, limits, paths, files written safely, processes, the build record: no pnp above
    ("pnp.reading", "pnp.defaults"),  # YAML with positions, CSV and XLSX tables, images; pnp's default layouts
    ("pnp.model",),  # the pydantic models of content
    ("pnp.text", "pnp.engine"),  # text metrics and the font reader; the engine contract, runner, harness, plugins
    ("pnp.content", "pnp.layout"),  # a game's content loaded, bound to layouts, found in a project; layout files
    ("pnp.rules",),  # the rules reference
    ("pnp.render",),  # everything that draws
    ("pnp.checks",),  # the validate stage (it draws every face to check what prints); a print shop's check of PDFs
    ("pnp.games",),  # game packages: loaded by name from game.yaml, never imported by generic code
    ("pnp.build",),  # the build recipe, what each output is drawn from, watch, the preview gallery
    ("pnp.diff",),  # what changed since a git revision: validates and draws both sides, writes a page
    ("pnp.api",),  # the Python API: the recipes every command calls, returning reports, never printing
    ("pnp.commands",),  # one module per command, and the terminal (the only modules that print or exit)
    ("pnp.cli", "pnp.__main__"),  # the app and main
]


def module_name(path: Path) -> str:
    parts = path.relative_to(PNP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PNP.rglob("*.py"))}


def layer(module: str) -> int:
    if module == "pnp":  # the package's __init__: a docstring and a version
        return 0
    for rank, prefixes in enumerate(LAYERS):
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return rank
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(module: str) -> set[str]:
    """The pnp modules `module` imports, anywhere in its code but under `if TYPE_CHECKING:`."""
    tree = ast.parse(MODULES[module].read_text())
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    stack = list(ast.iter_child_nodes(tree))
    while stack:
        node = stack.pop()
        if _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {name for name in found if name in MODULES and name != module}


@lru_cache(maxsize=None)
def graph() -> dict[str, set[str]]:
    """Every pnp module's pnp imports: read when a test asks (collecting the tests need not parse all of pnp)."""
    return {module: imports(module) for module in MODULES}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module):
    upward = sorted(target for target in graph()[module] if layer(target) > layer(module))
    assert not upward, f"{module} (layer {layer(module)}) imports {upward} from higher layers"


GAMES = {  # the five bundled games, by package, content folder and name: generic code names none of them
    "escaping_earth": ("2200-escaping-earth", "Escaping Earth"), "escort_service": ("escort-service", "Escort Service"),
    "escape_master": ("escape-master", "Escape Master"), "stranded": ("stranded", "Stranded"),
    "saucer_escape": ("saucer-escape", "Saucer Escape"),
}


def test_the_game_table_names_every_bundled_game():
    packages = {path.parent.name for path in (PNP / "games").glob("*/__init__.py")}
    content = {path.name for path in (PNP.parent / "content").iterdir() if (path / "game.yaml").is_file()}
    assert packages == set(GAMES) and content == {folder for folder, _ in GAMES.values()}


def test_generic_code_never_names_a_game():
    for module, targets in graph().items():
        if not module.startswith("pnp.games."):
            assert not [t for t in targets if t.startswith("pnp.games.")], module
    for module in MODULES:
        if module.startswith("pnp.games"):
            continue
        text = MODULES[module].read_text()
        for package, (folder, name) in GAMES.items():
            # "stranded" is also an English word: as a game it is named by its package or its id in quotes
            names = (f"games.{package}", f"'{folder}'", f'"{folder}"', f"/{folder}/", name) if package == "stranded" else (package, folder, name)
            for game in names:
                assert game not in text, f"{module} names the game {game}"


def test_pnp_has_no_top_level_module_but_the_app():
    """Every module lives in the folder of its role; the package's top holds only the app and what starts it."""
    top = sorted(path.name for path in PNP.glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "cli.py"]
    folders = {path.parent.name for path in PNP.glob("*/__init__.py")}
    assert {f"pnp.{folder}" for folder in folders} == {prefix for prefixes in LAYERS for prefix in prefixes
                                                       if prefix.count(".") == 1 and prefix != "pnp.cli"
                                                       and prefix != "pnp.__main__"}


def reportlab_importers() -> list[str]:
    found = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            if any(name == "reportlab" or name.startswith("reportlab.") for name in names):
                found.append(module)
                break
    return found


def test_reportlab_is_imported_only_by_the_renderer_and_the_font_reader():
    outside = [m for m in reportlab_importers() if not (m.startswith("pnp.render.") or m == "pnp.render"
                                                       or m.startswith("pnp.text.font"))]
    assert not outside, f"reportlab imported outside pnp.render and the font reader: {outside}"


def test_there_is_no_import_circle():
    state: dict[str, str] = {}

    def visit(module, path):
        state[module] = "open"
        for target in sorted(graph()[module]):
            if state.get(target) == "open":
                cycle = path[path.index(target):] + [target]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, path + [target])
        state[module] = "done"

    for module in sorted(MODULES):
        if module not in state:
            visit(module, [module])


def test_the_layer_table_knows_every_module():
    assert all(layer(module) >= 0 for module in MODULES)


def _body_lines(function: ast.FunctionDef) -> int:
    """A function's lines below its signature and docstring (the options Typer reads from the signature are
    declarations, not logic)."""
    body = function.body[1:] if ast.get_docstring(function) else function.body
    return body[-1].end_lineno - body[0].lineno + 1 if body else 0


def test_every_command_is_a_module_of_short_functions():
    """pnp/commands/: one module per command, each with its `command`, and no function in them over 30 lines: what
    a command does beyond its options and its report is a recipe's (pnp.api)."""
    from pnp.cli import COMMANDS

    folder = PNP / "commands"
    plumbing = {"__init__", "terminal", "options"}
    modules = {path.stem for path in folder.glob("*.py")} - plumbing
    assert modules == {module.__name__.rpartition(".")[2] for module in COMMANDS.values()}
    for name in sorted(modules):
        tree = ast.parse((folder / f"{name}.py").read_text())
        functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        assert "command" in {f.name for f in functions}, f"pnp/commands/{name}.py has no command()"
        long = [(f.name, _body_lines(f)) for f in functions if _body_lines(f) > 30]
        assert not long, f"pnp/commands/{name}.py: functions over 30 lines: {long}"


def test_the_build_recipe_reads_as_its_steps():
    """pnp.build.game.build: unchanged -> validate -> plan -> render into staging -> record, in about 25 lines and
    at most 4 parameters."""
    tree = ast.parse((PNP / "build" / "game.py").read_text())
    [build] = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "build"]
    assert len(build.args.args) + len(build.args.kwonlyargs) <= 4
    assert _body_lines(build) <= 25


def test_no_module_hands_the_form_store_down_through_a_global():
    """The build names its store for the drawing (form_reuse.kept_forms), it does not assign a module's global."""
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    assert not (isinstance(target, ast.Attribute) and target.attr == "STORE"), module
