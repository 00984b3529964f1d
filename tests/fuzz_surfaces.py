"""Hostile values for the surfaces the real games opened, and the promise every one of them must keep.

A surface is a place in a project's files (game.yaml's `card_fields`, `vocabulary`, `icons`, `settings`; rule
figures; sheets and tiling; backs; palettes) and the commands that read what it says. An example replaces one
value somewhere under the surface (or adds a key) with a hostile one, then runs `validate` and, when that passes,
the commands downstream. Whatever the value, every command

- exits 0, 1 or 2, with no traceback, and prints no control bytes;
- opens no file outside the project (Python's own files aside) and writes none: an audit hook watches;
- leaves output/ exactly as it was when it fails;
- returns within a bound (a hang detector, not a speed test).

tests/test_fuzz_surfaces.py runs a few examples per surface; `make fuzz` runs many (PNP_FUZZ_EXAMPLES).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import signal
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml
from helpers import FIXTURE_GAME, ROOT, fixture_root, own_copy
from hypothesis import strategies as st
from typer.testing import CliRunner

import pnp
from pnp.cli import app

HANG_SECONDS = 60  # far above any honest command on these projects


@dataclass(frozen=True)
class Surface:
    name: str
    project: str  # "fixture" or "real"
    game: str
    file: str  # relative to the project
    at: tuple  # the key path of the surface inside the file
    then: tuple[tuple[str, ...], ...]  # the commands that read it, after validate

    def __str__(self):
        return f"{self.name}:{self.game}"


FX = FIXTURE_GAME
SURFACES = [
    Surface("card_fields", "fixture", FX, f"content/{FX}/game.yaml", ("card_fields",), (("card", FX, "hero-ranger"),)),
    Surface("vocabulary", "fixture", FX, f"content/{FX}/game.yaml", ("vocabulary",), (("rules", FX, "--format", "md"),)),
    Surface("icons", "fixture", FX, f"content/{FX}/game.yaml", ("icons",),
            (("rules", FX, "--format", "html"), ("card", FX, "hero-ranger"))),
    Surface("showcase", "fixture", FX, f"content/{FX}/game.yaml", ("rulebook",), (("rules", FX, "--format", "pdf"),)),
    Surface("backs", "fixture", FX, f"layouts/{FX}/cards.yaml", ("backs",), (("card", FX, "hero-ranger"),)),
    Surface("back-templates", "fixture", FX, f"layouts/{FX}/cards.yaml", ("templates", "back"), (("card", FX, "crypt"),)),
    Surface("palettes", "fixture", FX, f"layouts/{FX}/cards.yaml", ("palettes",), (("card", FX, "crypt"),)),
    Surface("sheet-content", "fixture", FX, f"content/{FX}/score-pad.yaml", (), (("build", FX, "--only", "sheets"),)),
    Surface("sheet-layout", "fixture", FX, f"layouts/{FX}/playmat.yaml", (), (("build", FX, "--only", "sheets"),)),
    Surface("tiling", "fixture", FX, "layouts/common/paper.yaml", (), (("build", FX, "--only", "sheets"),)),
    Surface("settings", "real", "escort-service", "content/escort-service/game.yaml", ("settings",),
            (("playtest", "escort-service", "--games", "2"),)),
    Surface("settings", "real", "stranded", "content/stranded/game.yaml", ("settings",),
            (("playtest", "stranded", "--games", "2"),)),
    Surface("settings", "real", "escape-master", "content/escape-master/game.yaml", ("settings",),
            (("playtest", "escape-master", "--games", "2"),)),
    Surface("settings", "real", "2200-escaping-earth", "content/2200-escaping-earth/game.yaml", ("settings",),
            (("playtest", "2200-escaping-earth", "--games", "1"),)),
    Surface("settings", "real", "saucer-escape", "content/saucer-escape/game.yaml", ("settings",),
            (("playtest", "saucer-escape", "--games", "2"), ("build", "saucer-escape", "--only", "sheets"))),
    Surface("figures", "real", "2200-escaping-earth", "content/2200-escaping-earth/rules.yaml", ("sections",),
            (("rules", "2200-escaping-earth", "--format", "pdf"),)),
    Surface("figures", "real", "escort-service", "content/escort-service/rules.yaml", ("sections",),
            (("rules", "escort-service", "--format", "pdf"),)),
]


# --- hostile values -----------------------------------------------------------------------------------------

def hostile_strings(outside: Path) -> list[str]:
    """Strings an attacker or a careless designer puts where a name, a path, a size or a text is expected."""
    secret = outside / "secret.png"
    return [
        str(secret), "../../../outside/secret.png", "../../outside/secret.png", "art/link.png", "art/link",
        "art/coin", "art/coin.png", "file:///etc/passwd", "~/.ssh/id_rsa", "C:\\secret.png", "art\\coin.png",
        "nul\x00byte", f'<img src="{secret}"/>', "<b>bold", "&amp;", "[bold red]markup[/]", "\x1b[31mred\x1b[0m",
        "`tick", "| pipe |", "# heading", "[link](javascript:alert(1))", "<script>alert(1)</script>",
        "{{ ''.__class__.__mro__ }}", "{% for i in range(10**9) %}x{% endfor %}", "{coin}", "{card:nope}",
        "{effect:DRAW}", "{rule:nope}", "{", "}", "model_config", "model_fields", "__class__", "__dict__", "copy",
        "_private", "class", "with space", "ünïcode", "x" * 300, "10m", "1000in", "0.001mm", "-5mm", "1e9mm",
        "nan", "inf", "poker", "mini", "a4", "letter", "#zzzzzz", "#ffffff", "{accent}", "hero", "room", "relic",
        "GAIN_COINS", "DRAW", "green", "red", "", " ", "\n", "\u202e", "\ufeff",
    ]


NUMBERS = [0, 1, -1, 2, 3, 7, 10**9, -10**9, 2**63, 10**400 // 10**380, 1e308, -0.0, 0.5]


def values(outside: Path, keys: list[str]):
    """Any value: a hostile scalar, or lists and mappings of them keyed like the surface or by hostile names."""
    strings = hostile_strings(outside)
    scalars = st.one_of(st.none(), st.booleans(), st.sampled_from(NUMBERS), st.floats(allow_nan=True),
                        st.sampled_from(strings), st.text(max_size=12))
    key = st.one_of(st.sampled_from(keys + strings[:40]), st.text(max_size=8))
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                          st.dictionaries(key, inner, max_size=5)), max_leaves=20)


def like(original, outside: Path, keys: list[str]):
    """A hostile value of the same type as `original`: what gets past a type check to the code behind it."""
    if isinstance(original, bool):
        return st.booleans()
    if isinstance(original, int):
        return st.one_of(st.sampled_from([n for n in NUMBERS if isinstance(n, int)]), st.integers(-50, 50))
    if isinstance(original, float):
        return st.one_of(st.sampled_from(NUMBERS), st.floats(allow_nan=True))
    if isinstance(original, str):
        return st.one_of(st.sampled_from(hostile_strings(outside) + keys), st.just(original * 50))
    if isinstance(original, list) and original:
        return st.one_of(st.lists(like(original[0], outside, keys), max_size=6), st.just(original * 200), st.just([]))
    if isinstance(original, dict):
        return st.one_of(st.just({}), st.builds(lambda extra: {**original, **extra},
                                                   st.dictionaries(st.sampled_from(hostile_strings(outside) + keys),
                                                                   values(outside, keys), max_size=3)))
    return values(outside, keys)


def keys_of(node) -> list[str]:
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append(str(key))
            found += keys_of(value)
    elif isinstance(node, list):
        for value in node:
            found += keys_of(value)
    return sorted(set(found))


def key_paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from key_paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from key_paths(value, path + (i,))


def mutate(data, at: tuple, draw, outside: Path, keys: list[str]) -> tuple[object, str]:
    """`data` with one value under `at` replaced, or a key added to a mapping there: by anything at all, or by
    a hostile value of the type that was there. Also what was changed, to tell."""
    node = _at(data, at)
    paths = list(key_paths(node))
    how = draw(st.sampled_from(["anything", "same type", "same type", "new key"]))
    if how == "new key":
        mappings = [p for p in paths if isinstance(_at(node, p), dict)]
        if mappings:
            where = draw(st.sampled_from(mappings))
            key, value = draw(st.sampled_from(keys + hostile_strings(outside))), draw(values(outside, keys))
            _at(node, where)[key] = value
            return data, f"{at + where} gains {key!r}: {value!r}"
    inner = [p for p in paths if p] or [()]
    path = draw(st.sampled_from(inner))
    value = draw(values(outside, keys) if how == "anything" else like(_at(node, path), outside, keys))
    told = f"{at + path} = {value!r}"
    if not path:
        return value, told
    _at(node, path[:-1])[path[-1]] = value
    return data, told


def _at(node, path):
    for part in path:
        node = node[part]
    return node


# --- the watch ----------------------------------------------------------------------------------------------

class Watch:
    """An audit hook that records files opened outside the allowed folders, and writes outside the project.

    Python cannot remove an audit hook, so one is installed per process and switched on around each command."""
    _installed: Watch | None = None

    def __init__(self):
        self.project: str | None = None
        self.allowed: tuple[str, ...] = ()
        self.seen: list[str] = []
        self._busy = False

    @classmethod
    def get(cls) -> Watch:
        if cls._installed is None:
            cls._installed = cls()
            sys.addaudithook(cls._installed._hook)
        return cls._installed

    def start(self, project: Path):
        real = lambda p: os.path.realpath(p) + os.sep  # noqa: E731
        self.project = real(project)
        self.allowed = (self.project, real(sys.prefix), real(sys.base_prefix), real(Path(pnp.__file__).parent),
                        real(Path(yaml.__file__).parents[1]), "/dev/null", "/dev/urandom", "/proc/", "/sys/",
                        "/etc/localtime", "/usr/share/zoneinfo/", "/usr/lib/", "/usr/local/lib/",
                        os.path.expanduser("~/.reportlab_"))  # reportlab's own settings, read once on import
        self.seen = []

    def stop(self) -> list[str]:
        self.project = None
        return self.seen

    def _hook(self, event, args):
        if self.project is None or self._busy:
            return
        if event not in ("open", "os.rename", "os.replace", "os.remove", "os.rmdir", "os.mkdir", "os.symlink",
                         "os.link", "shutil.rmtree", "shutil.copyfile", "shutil.move", "os.chmod", "os.truncate"):
            return
        self._busy = True
        try:
            self._check(event, args)
        finally:
            self._busy = False

    def _check(self, event, args):
        paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
        if event == "open":
            mode, flags = (args + (None, None))[1:3]
            writes = [bool(isinstance(mode, str) and any(c in mode for c in "wax+")
                           or isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR))][:len(paths[:1])]
            paths = paths[:1]
        elif event == "shutil.copyfile":
            writes = [False, True]
        else:
            writes = [True, True]
        for path, writing in zip(paths, writes):
            text = os.fsdecode(path) if not isinstance(path, str) else path
            if "\x00" in text:
                continue  # refused by the operating system before anything is opened
            real = os.path.realpath(text)
            inside = (real + os.sep).startswith(self.project)
            if writing and not inside:
                self.seen.append(f"{event} (write) {real}")
            elif not writing and not inside and not real.startswith(self.allowed):
                self.seen.append(f"{event} {real}")


# --- the playground -----------------------------------------------------------------------------------------

class Playground:
    """Private copies of the fixture project and the real one, beside a folder of secrets they must not reach."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="pnp-fuzz-surfaces-"))
        self.outside = self.folder / "outside"
        self.outside.mkdir()
        shutil.copyfile(fixture_root() / f"content/{FX}/art/coin.png", self.outside / "secret.png")
        (self.outside / "secret.txt").write_text("secret\n")
        self.roots = {"fixture": self.folder / "fixture", "real": self.folder / "real"}
        shutil.copytree(fixture_root(), self.roots["fixture"])
        own_copy(self.roots["fixture"], "layouts/common/paper.yaml")
        for sub in ("content", "layouts"):
            shutil.copytree(ROOT / sub, self.roots["real"] / sub)
        for root in self.roots.values():
            for game in (root / "content").iterdir():
                (game / "art").mkdir(exist_ok=True)
                os.symlink(self.outside / "secret.png", game / "art" / "link.png")  # a link that leaves the project
        self.built: set[str] = set()

    def close(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def root(self, surface: Surface) -> Path:
        return self.roots[surface.project]

    def original(self, surface: Surface):
        return yaml.safe_load((self.root(surface) / surface.file).read_text())


def output_state(root: Path) -> dict[str, str]:
    out = root / "output"
    if not out.exists():
        return {}
    return {str(p.relative_to(out)): (hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir")
            for p in sorted(out.rglob("*"))}


class Hung(Exception):
    pass


def invoke(root: Path, args: tuple[str, ...]) -> tuple[int, str, list[str]]:
    """Run one command in `root` under the watch and the hang detector: its exit code, output and trespasses."""
    def hung(*_):
        raise Hung(f"pnp {' '.join(args)} did not return within {HANG_SECONDS} s")

    watch = Watch.get()
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_SECONDS)
    here = os.getcwd()
    os.chdir(root)
    watch.start(root)
    try:
        result = CliRunner().invoke(app, list(args))
    finally:
        trespasses = watch.stop()
        os.chdir(here)
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    if isinstance(result.exception, Hung):
        raise result.exception
    return result.exit_code, result.output, trespasses


def keeps_the_promise(root: Path, surface: Surface, label: str) -> list[tuple[str, str]]:
    """Run validate and the commands downstream; every broken promise, as (its kind, its whole story)."""
    broken = []
    for command in [("validate", surface.game)] + list(surface.then):
        before = output_state(root)
        code, output, trespasses = invoke(root, command)
        said = f"pnp {' '.join(command)}"
        last = (output.strip().splitlines() or [""])[-1][:160]
        story = f"{said}, after {label}:\n{output[-2000:]}"
        if code not in (0, 1, 2) or "Traceback" in output or "internal error" in output:
            broken.append((f"{said}: exit {code}: {last}", story))
        if any(ord(c) < 32 and c not in "\n\t" or c == "\x7f" for c in output):
            broken.append((f"{said}: control bytes", story))
        broken += [(f"{said}: {t}", story) for t in trespasses]
        failed = code != 0 and command[0] != "playtest"  # a playtest's exit 1 may be a coverage verdict
        if failed and output_state(root) != before:
            broken.append((f"{said}: output/ changed by a failed command", story))
        if command[0] == "validate" and code != 0:
            break
    return broken
