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

# Lowest first. A module may import its own layer and the layers below, never one above.
LAYERS = [
    ("pnp.diagnostics", "pnp.units", "pnp.output", "pnp.image_files", "pnp.paths", "pnp.shapes", "pnp.limits",
     "pnp.difficulty", "pnp.collector", "pnp.installed"),  # no pnp imports of their own
    ("pnp.source", "pnp.tables", "pnp.xlsx", "pnp.defaults", "pnp.emblems",  # YAML with positions; spreadsheet decks
     # (pnp.xlsx: an XLSX workbook's deck sheet); pnp's defaults; emblems for all
     "pnp.incremental", "pnp.processes", "pnp.environment"),  # what a build was made from (read before anything heavy is imported); how
    # many processes pnp runs at once
    ("pnp.model",),  # the pydantic models of content
    ("pnp.text", "pnp.engine"),  # text metrics; the engine contract, runner and playtest harness
    ("pnp.plugin",),  # what a game package gives
    ("pnp.content", "pnp.layout"),  # loading content; layout files
    ("pnp.binding", "pnp.discovery", "pnp.listing"),  # cards bound to layouts; finding games and their packages; pnp list
    ("pnp.project", "pnp.checks", "pnp.player_words",  # checks (player_words: glossary and tool names)
     "pnp.estimate", "pnp.sheet_checks", "pnp.rules", "pnp.deck_export"),  # checks, estimates; the rules reference; deck export
    ("pnp.render",),  # everything that draws
    # the validate stage (it draws every face and region to check what prints: pnp.drawn_checks); starter games;
    # a print shop's check of built PDFs
    ("pnp.validate", "pnp.drawn_checks", "pnp.schemas", "pnp.starter", "pnp.preflight"),
    ("pnp.games",),  # game packages: loaded by name from game.yaml, never imported by generic code
    ("pnp.build", "pnp.fingerprints", "pnp.watch", "pnp.preview"),  # the build recipe; what each output is drawn from;
    # the preview gallery (drawn by the build's pool)
    ("pnp.diff",),  # what changed since a git revision: validates and draws both sides, writes a page
    ("pnp.cli", "pnp.__main__"),  # the only modules that print or exit
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


def test_generic_code_never_names_a_game():
    for module, targets in graph().items():
        if not module.startswith("pnp.games."):
            assert not [t for t in targets if t.startswith("pnp.games.")], module
    for module in MODULES:
        if not module.startswith("pnp.games"):
            text = MODULES[module].read_text()
            for game in ("escape_master", "saucer_escape", "escape-master", "saucer-escape"):
                assert game not in text, f"{module} names the game {game}"


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
