"""Effects as data from a closed vocabulary.

A card lists effect words, each optionally with one parameter:
`OPEN_STACK` or `{TRAP: draw3}`. Each word has one implementation (in the
game's engine), one text template and one glossary entry, here.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Word:
    name: str
    glossary: str
    template: str  # card text fragment; {n} is the parameter
    choices: tuple = ()  # allowed parameter values, if the parameter is a choice
    int_range: tuple[int, int] | None = None  # allowed parameter range, if it is a number
    rules_ref: str | None = None  # a rule id in rules.yaml that explains the word

    @property
    def takes_param(self) -> bool:
        return bool(self.choices) or self.int_range is not None

    def describe(self, param=None) -> str:
        return self.template.format(n=param)


class EffectError(ValueError):
    pass


@dataclass(frozen=True)
class Effect:
    word: str
    param: object = None

    def __str__(self) -> str:
        return self.word if self.param is None else f"{self.word}({self.param})"


class Vocabulary:
    def __init__(self, words: list[Word], unused_ok: tuple[str, ...] = ()):
        self.words = {w.name: w for w in words}
        self.unused_ok = set(unused_ok)

    def __contains__(self, name: str) -> bool:
        return name in self.words

    def __getitem__(self, name: str) -> Word:
        return self.words[name]

    def parse(self, entry) -> Effect:
        """Parse one effect entry; raise EffectError with a message a designer can act on."""
        from pnp.core.diagnostics import did_you_mean

        if isinstance(entry, str):
            name, param = entry, None
        elif isinstance(entry, dict) and len(entry) == 1:
            name, param = next(iter(entry.items()))
        else:
            raise EffectError("an effect is a WORD or a one-key mapping {WORD: parameter}")
        if name not in self.words:
            raise EffectError(f"unknown effect word '{name}'{did_you_mean(name, self.words)}")
        word = self.words[name]
        if word.takes_param and param is None:
            raise EffectError(f"{name} needs a parameter: {self._expected(word)}")
        if not word.takes_param and param is not None:
            raise EffectError(f"{name} takes no parameter; write it as a bare word")
        if word.choices and param not in word.choices:
            raise EffectError(f"{name}: '{param}' is not one of {', '.join(map(str, word.choices))}")
        if word.int_range:
            low, high = word.int_range
            if not isinstance(param, int) or isinstance(param, bool) or not low <= param <= high:
                raise EffectError(f"{name}: {param!r} must be a whole number from {low} to {high}")
        return Effect(name, param)

    @staticmethod
    def _expected(word: Word) -> str:
        if word.choices:
            return "one of " + ", ".join(map(str, word.choices))
        low, high = word.int_range
        return f"a number from {low} to {high}"
