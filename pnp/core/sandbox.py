"""The sandbox every template of content runs in: the rules' export templates (pnp.rules.templating) and a card
layout's computed text (pnp.layout.computed). Jinja's own sandbox refuses `_` names and known-dangerous methods;
this one also bounds what `*`, `**` and a call may build, reaches only into what `readable` allows, and bounds the
time and memory a render may take. Imported only where a template is rendered: a project without one never loads
Jinja."""
from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from types import ModuleType

from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja's sandbox, with a bound on what `*` and `**` may build (a template cannot ask for a gigabyte) and on
    what a template may reach (`readable`: values, never the objects behind them)."""

    intercepted_binops = frozenset(["*", "**"])
    LIMIT = 1_000_000
    LIMIT_SAID = "a million"  # LIMIT in words, for the messages

    def readable(self, value) -> bool:
        """Whether a template may look into `value` or be handed it; subclasses name what they expose."""
        return isinstance(value, (str, int, float, bool, type(None), list, tuple, dict)) and not isinstance(value, type)

    def _method_of_readable(self, value) -> bool:
        owner = getattr(value, "__self__", None)
        return callable(value) and owner is not None and not isinstance(owner, ModuleType) and self.readable(owner)

    def is_safe_attribute(self, obj, attr, value) -> bool:
        return (self.readable(obj) and (self.readable(value) or self._method_of_readable(value))
                and super().is_safe_attribute(obj, attr, value))

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(right, int) and abs(right) > 64:
            raise SecurityError(f"an exponent of {right} is too large for a template")
        if operator == "*" and any(isinstance(n, int) and n > self.LIMIT for n in (left, right)):
            raise SecurityError(f"a template may not repeat a value more than {self.LIMIT_SAID} times")
        if operator == "*" and isinstance(left, (str, list, tuple)) and isinstance(right, int) and len(left) * right > self.LIMIT:
            raise SecurityError(f"a template may not build a value of more than {self.LIMIT_SAID} items")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's own signature
        """A call with a number over the limit ("x".ljust(10**9), lipsum(10**7)) is refused before it runs."""
        if any(isinstance(n, int) and abs(n) > __self.LIMIT for n in (*args, *kwargs.values())):
            raise SecurityError(f"a template may not pass a number over {__self.LIMIT_SAID} to a function")
        return super().call(__context, __obj, *args, **kwargs)


class TemplateTooCostly(Exception):
    """A template ran longer than its time bound: a loop in a loop in a loop, say."""


RENDER_SECONDS = 10  # a rules reference renders in a fraction of a second, a game's computed card texts too
RENDER_MEMORY = 512 * 1024 ** 2  # bytes a render may add; the process's address space is capped that far above its size


def _can_time() -> bool:
    """The time bound is a signal, which only the main thread receives (where the platform has one)."""
    return threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")


@contextmanager
def _alarm(seconds: float, why: str):
    """TemplateTooCostly(why) raised inside the block once `seconds` have passed."""
    def stop(signum, frame):
        raise TemplateTooCostly(why)

    earlier = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, earlier)


@contextmanager
def bounded(seconds: float = RENDER_SECONDS):
    """Time and memory bounds around one template render, so no template hangs pnp or eats the machine: past
    `seconds` the render stops (TemplateTooCostly), past RENDER_MEMORY it stops with a MemoryError. Each
    bound is set where the platform allows it (the time bound only on the main thread, as signals are)."""
    limits = memory_cap()
    try:
        if _can_time():
            with _alarm(seconds, f"the template ran for more than {seconds:g} s; it has a loop too many"):
                yield
        else:
            yield
    finally:
        if limits is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, limits)


class TimeBudget:
    """One time bound shared by many small renders (a layout's computed text on every card): each render may run
    for what the ones before it left, and once the budget is spent every render stops (TemplateTooCostly)."""

    def __init__(self, seconds: float | None = None):
        self.seconds = self.left = RENDER_SECONDS if seconds is None else seconds

    @contextmanager
    def spend(self):
        why = f"the computed texts ran for more than {self.seconds:g} s together"
        if self.left <= 0:
            raise TemplateTooCostly(why)
        if not _can_time():
            yield
            return
        start = time.monotonic()
        try:
            with _alarm(self.left, why):
                yield
        finally:
            self.left -= time.monotonic() - start


def memory_cap():
    """Cap the address space RENDER_MEMORY above what the process uses now; the earlier limits, or None."""
    try:
        import os
        import resource

        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        earlier = resource.getrlimit(resource.RLIMIT_AS)
        cap = size + RENDER_MEMORY
        if earlier[0] != resource.RLIM_INFINITY and earlier[0] <= cap:
            return None  # a tighter limit is set already
        if earlier[1] != resource.RLIM_INFINITY and earlier[1] < cap:
            return None
        resource.setrlimit(resource.RLIMIT_AS, (cap, earlier[1]))
        return earlier
    except (ImportError, OSError, ValueError):  # no /proc, no resource module: the time bound still holds
        return None
