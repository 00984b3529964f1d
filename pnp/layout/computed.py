"""Computed text: a text box's `text: "{{ vp }} VP"`, a Jinja expression over the card's values, in the sandbox
the rules' templates run in (pnp.core.sandbox), narrowed to what a line of card text needs.

A computed text is small and runs on every card, so what it may do is bounded before it runs, by its shape:
  - at most MAX_EXPRESSION characters;
  - output (`{{ }}`), `{% if %}` and expressions only: no loops, macros, calls, `set`, includes or imports, so
    nothing runs away and each part is worked out once;
  - the card's values by name, a card part's fields by `part.field`, and nothing else: no function, no method,
    no attribute of a value, no name starting with `_`;
  - a short list of filters, none of which builds a value longer than MAX_EXPRESSION_VALUE;
and while it runs, by the sandbox's bounds on `*`, `**` and `%` and a time budget shared by every card
(pnp.core.sandbox.TimeBudget). Its result is card text, exactly as a field's value is: `**bold**`, `*italic*` and
`{icon}` are pnp's text markup, and everything else is drawn as the characters it is (text is drawn glyph by
glyph, never read as reportlab markup).

Imported only by a layout with a computed text: a game without one never loads Jinja.
"""
from __future__ import annotations

from functools import lru_cache

import jinja2
from jinja2 import meta, nodes
from jinja2.filters import FILTERS
from jinja2.sandbox import SecurityError
from jinja2.tests import TESTS

from pnp.core.limits import MAX_CARD_TEXT, MAX_EXPRESSION, MAX_EXPRESSION_VALUE
from pnp.core.sandbox import BoundedSandbox, TemplateTooCostly, TimeBudget

# What an expression may be made of: output, `if`, and expressions without calls.
ALLOWED_NODES = (nodes.Template, nodes.Output, nodes.TemplateData, nodes.If, nodes.Name, nodes.Const, nodes.Getattr,
                 nodes.Getitem, nodes.Filter, nodes.Test, nodes.CondExpr, nodes.Concat, nodes.Compare, nodes.Operand,
                 nodes.And, nodes.Or, nodes.Not, nodes.Neg, nodes.Pos, nodes.Add, nodes.Sub, nodes.Mul, nodes.Div,
                 nodes.FloorDiv, nodes.Mod, nodes.Pow, nodes.List, nodes.Tuple, nodes.Slice, nodes.Keyword)
REFUSED = {"For": "a loop ({% for %})", "Macro": "a macro", "CallBlock": "a call block", "Call": "a function call",
           "Assign": "{% set %}", "AssignBlock": "{% set %}", "Include": "an include", "Import": "an import",
           "FromImport": "an import", "Extends": "{% extends %}", "Block": "a block", "FilterBlock": "a filter block",
           "With": "{% with %}"}
# Filters whose result is at most about as long as what they are given (or a number they are given, checked)
FILTER_NAMES = ("abs", "capitalize", "center", "count", "d", "default", "first", "float", "int", "join", "last",
                "length", "list", "lower", "max", "min", "replace", "reverse", "round", "sort", "string", "title",
                "trim", "truncate", "unique", "upper", "wordcount")
TEST_NAMES = ("defined", "divisibleby", "eq", "even", "false", "float", "ge", "gt", "in", "integer", "le", "lower",
              "lt", "ne", "none", "number", "odd", "sameas", "string", "true", "upper", "==", "!=", "<", "<=", ">", ">=")
ERRORS = (jinja2.TemplateError, SecurityError, RecursionError, ArithmeticError, TypeError, ValueError, LookupError,
          AttributeError, MemoryError, TemplateTooCostly)  # what an expression can make go wrong on a card


class ExpressionError(Exception):
    """What is wrong with an expression, in words for the designer."""


def _sized(value) -> int:
    return len(value) if isinstance(value, (str, list, tuple, dict)) else 0


def _bounded_filter(name: str, function):
    """The filter, refusing a number past MAX_EXPRESSION_VALUE (`center(10**9)`) before it runs, and a result longer
    than MAX_EXPRESSION_VALUE after; `replace` and `join` say beforehand how long their result would be."""
    passed = 1 if hasattr(function, "jinja_pass_arg") else 0  # the environment or context Jinja hands it first

    def bounded(*args, **kwargs):
        given = args[passed:]  # the value filtered, then the filter's own arguments
        numbers = [n for n in (*given[1:], *kwargs.values()) if isinstance(n, int) and not isinstance(n, bool)]
        if any(abs(n) > MAX_EXPRESSION_VALUE for n in numbers):
            raise SecurityError(f"the filter {name} was given a number over {MAX_EXPRESSION_VALUE:,}")
        if _grown(name, given, kwargs) > MAX_EXPRESSION_VALUE or _sized(result := function(*args, **kwargs)) > MAX_EXPRESSION_VALUE:
            raise SecurityError(f"the filter {name} would make a value of more than {MAX_EXPRESSION_VALUE:,} characters")
        return result

    if passed:
        bounded.jinja_pass_arg = function.jinja_pass_arg
    return bounded


def _grown(name: str, given: tuple, kwargs: dict) -> int:
    """How long a `replace` or `join` result would be (`given`: the value, then the filter's arguments), else 0."""
    if name == "replace" and len(given) >= 3:
        text, old, new = (str(a) for a in given[:3])
        return len(text) + (text.count(old) if old else len(text) + 1) * len(new)
    if name == "join" and given and isinstance(given[0], (list, tuple, str)):
        separator = given[1] if len(given) > 1 else kwargs.get("d", "")
        return sum(len(str(item)) for item in given[0]) + len(given[0]) * len(str(separator))
    return 0


class _LayoutSandbox(BoundedSandbox):
    """The shared sandbox, reaching a card's values and its parts' fields, and no attribute of anything."""

    LIMIT = MAX_EXPRESSION_VALUE
    LIMIT_SAID = f"{MAX_EXPRESSION_VALUE:,}"
    intercepted_binops = frozenset(["*", "**", "%"])

    def getattr(self, obj, attribute):  # `part.field`: a card part's field, never a Python attribute
        if isinstance(obj, dict) and attribute in obj:
            return obj[attribute]
        return self.undefined(obj=obj, name=attribute)

    def getitem(self, obj, argument):  # `name[0]`, `name[:3]`, `part['field']`: items, never attributes
        try:
            if isinstance(obj, dict) or (isinstance(obj, (str, list, tuple)) and isinstance(argument, (int, slice))):
                return obj[argument]
        except (LookupError, TypeError):
            pass
        return self.undefined(obj=obj, name=argument)

    def call_binop(self, context, operator, left, right):
        if operator == "%" and not all(isinstance(n, (int, float)) for n in (left, right)):
            raise SecurityError("% is for numbers in a computed text (a remainder); write text with ~")
        if operator == "**" and isinstance(left, (int, float)) and abs(left) > self.LIMIT:
            raise SecurityError(f"a computed text may not raise a number over {self.LIMIT_SAID} to a power")
        return super().call_binop(context, operator, left, right)


def is_set(value) -> bool:
    """`{% if cost is set %}`: as a box's `when: cost` says, a value that is not empty (0 is set, "no" is not)."""
    return value is not None and value is not False and value != ""


def _finalize(value):
    """A value as printed: an unset one (a number field left empty) prints as nothing, never as "None"."""
    return "" if value is None else value


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = _LayoutSandbox(undefined=jinja2.StrictUndefined, finalize=_finalize, autoescape=False, cache_size=0)
    env.globals.clear()  # no range, lipsum, dict, cycler, joiner, namespace: a computed text calls nothing
    env.filters = {name: _bounded_filter(name, FILTERS[name]) for name in FILTER_NAMES}
    env.tests = {name: TESTS[name] for name in TEST_NAMES}
    env.tests["set"] = is_set
    return env


@lru_cache(maxsize=1024)
def compiled(expression: str) -> tuple[jinja2.Template, frozenset[str], tuple[str, ...]]:
    """The expression compiled, with the names it reads and the `part.field` paths it reads (raises ExpressionError
    with what is wrong: its size, its syntax, or a part it may not have)."""
    if len(expression) > MAX_EXPRESSION:
        raise ExpressionError(f"the expression has {len(expression):,} characters; a computed text has at most "
                              f"{MAX_EXPRESSION:,} (put long text in a field)")
    env = _environment()
    try:
        tree = env.parse(expression)
    except jinja2.TemplateSyntaxError as exc:
        where = f" (in line {exc.lineno} of the expression)" if "\n" in expression.strip() else ""
        raise ExpressionError(f"{exc.message}{where}") from None
    _check_shape(tree, env)
    return env.from_string(tree), frozenset(meta.find_undeclared_variables(tree)), tuple(_paths(tree))


def _check_shape(tree: nodes.Template, env) -> None:
    """Refuse what a computed text may not do, by the node that does it."""
    for node in tree.find_all(nodes.Node):
        kind = type(node).__name__
        if kind in REFUSED:
            raise ExpressionError(f"{REFUSED[kind]} is not allowed in a computed text (line {node.lineno}); it may "
                                  "show values ({{ vp }}), filter them ({{ name | upper }}) and test them ({% if cost %})")
        if not isinstance(node, ALLOWED_NODES):
            raise ExpressionError(f"'{kind}' is not allowed in a computed text (line {node.lineno})")
        name = getattr(node, "name", None) if isinstance(node, (nodes.Name, nodes.Filter, nodes.Test)) else None
        if isinstance(node, nodes.Getattr):
            name = node.attr
        if isinstance(name, str) and name.startswith("_"):
            raise ExpressionError(f"'{name}' is not allowed in a computed text (line {node.lineno}): names starting "
                                  "with _ are Python's own")
        if isinstance(node, nodes.Filter) and node.name not in env.filters:
            raise ExpressionError(f"no filter '{node.name}' in a computed text (line {node.lineno}); use one of "
                                  f"{', '.join(sorted(env.filters))}")
        if isinstance(node, nodes.Test) and node.name not in env.tests:
            raise ExpressionError(f"no test '{node.name}' in a computed text (line {node.lineno}); use one of "
                                  f"{', '.join(t for t in sorted(env.tests) if t.isalpha())}")


def _paths(tree: nodes.Template):
    """`part.field` read by name (a Getattr of a Name): checked against the card's values before any card runs."""
    for node in tree.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name):
            yield f"{node.node.name}.{node.attr}"


def expression_problem(expression: str) -> str | None:
    """What is wrong with an expression before any card runs it, or None."""
    try:
        compiled(expression)
    except ExpressionError as exc:
        return str(exc)
    return None


def unknown_names(expression: str, values: dict) -> list[tuple[str, tuple]]:
    """(name, the names it could have been) for each value or `part.field` the expression reads that `values` (a
    face's flat values, parts' fields as "part.field") lacks."""
    _, names, paths = compiled(expression)
    tops = {key.partition(".")[0] for key in values}
    unknown = [(name, tuple(tops)) for name in sorted(names) if name not in tops]
    parts = [path for path in paths if path.partition(".")[0] in tops and path not in values
             and any(key.startswith(path.partition(".")[0] + ".") for key in values)]
    return unknown + [(path, tuple(k for k in values if "." in k)) for path in dict.fromkeys(parts)]


def context(values: dict, typed: dict) -> dict:
    """What an expression sees: each value (a number field as its number, `typed`), parts' fields nested so
    `ability.text` reads as it is written."""
    seen: dict = {}
    for key, value in values.items():
        value = typed.get(key, value)
        head, dot, rest = key.partition(".")
        if dot and isinstance(seen.setdefault(head, {}), dict):
            seen[head][rest] = value
        elif not dot:
            seen[key] = value
    return seen


def render(expression: str, seen: dict, budget: TimeBudget) -> str:
    """The expression's text for one card (raises one of ERRORS, or ExpressionError for a result past MAX_CARD_TEXT)."""
    template = compiled(expression)[0]
    with budget.spend():
        text = template.render(seen)
    if len(text) > MAX_CARD_TEXT:
        raise ExpressionError(f"the text computed is longer than a card's text may be ({MAX_CARD_TEXT:,} characters)")
    return text


def error_message(exc: BaseException) -> str:
    """What went wrong while an expression ran, in a line."""
    if isinstance(exc, ExpressionError):
        return str(exc)
    why = ("maximum recursion depth exceeded" if isinstance(exc, RecursionError) else
           "it needs more memory than a card's text ever does" if isinstance(exc, MemoryError) else str(exc))
    return f"{type(exc).__name__}: {why[:200]}"
