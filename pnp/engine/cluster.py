"""Playtests on a Dask cluster: `pnp playtest GAME --cluster tcp://HOST:8786` or `--cluster local:N`.

The same chunks of seeds a local run plays (pnp.engine.runner.Chunk) go to the
cluster's workers; each worker plays its chunk with the engine sent to it once
and returns the chunk's merged coverage and one compact row per game. The
report adds the chunks in run order, so a run's totals, win rates and witnesses
are those of a local run with the same seed, whatever the number of workers.

Workers need pnp installed (the same version): the engine, with the game's
content already read into it, travels to them pickled; the players and the
playtest set-ups are imported there by name from the game's package.

dask is an optional extra (`pip install 'pnp-press[cluster]'`); without it `--cluster`
is a usage error that says so.
"""
from __future__ import annotations

import logging

from pnp.core.diagnostics import UsageError
from pnp.engine.runner import play_chunk

CONNECT_SECONDS = 20  # a scheduler that does not answer within this is reported, never waited on for ever
INSTALL_HINT = "--cluster needs dask: pip install 'pnp-press[cluster]'"


def _distributed():
    try:
        import distributed
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    return distributed


def available() -> None:
    """Nothing if dask.distributed can be imported, else the usage error that says how to install it."""
    _distributed()


def parse(address: str) -> tuple[str, int | None]:
    """("local", N) for local:N, else ("remote", None) for a scheduler address; a usage error if neither."""
    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not count.isdigit() or not 1 <= int(count) <= 256:
            raise UsageError(f"--cluster local:N needs a number of worker processes from 1 to 256, not '{count}'")
        return "local", int(count)
    if address == "local":
        raise UsageError("--cluster local needs a number of worker processes: local:N, e.g. local:4")
    scheme, sep, rest = address.partition("://")
    if not sep:  # HOST:PORT, which dask reads as tcp://HOST:PORT
        scheme, rest = "tcp", address if address.rpartition(":")[2].isdigit() and address.rpartition(":")[0] else ""
    if not rest or scheme not in ("tcp", "tls", "ucx", "inproc", "ws", "wss"):
        raise UsageError(f"--cluster '{address}' is not a scheduler address (tcp://HOST:PORT) or local:N")
    return "remote", None


class ClusterPool:
    """Chunks played on a Dask cluster; used as a context manager, which connects (or starts local workers)."""

    def __init__(self, address: str):
        self.address = address
        self.kind, self.count = parse(address)
        self.client = self.local = None
        self.workers = 1

    def __enter__(self) -> ClusterPool:
        distributed = _distributed()
        import dask

        try:
            with dask.config.set({"distributed.comm.timeouts.connect": f"{CONNECT_SECONDS}s"}):
                if self.kind == "local":
                    # one thread per worker process: games are pure Python, threads would share one core
                    self.local = distributed.LocalCluster(n_workers=self.count, threads_per_worker=1, processes=True,
                                                          dashboard_address=None, silence_logs=logging.ERROR)
                    self.client = distributed.Client(self.local, timeout=f"{CONNECT_SECONDS}s")
                else:
                    self.client = distributed.Client(self.address, timeout=f"{CONNECT_SECONDS}s")
        except (OSError, TimeoutError) as exc:
            self.__exit__(None, None, None)
            raise UsageError(f"cannot reach the cluster at {self.address} within {CONNECT_SECONDS} s: "
                             f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
        threads = sum(self.client.nthreads().values())
        if not threads:
            self.__exit__(None, None, None)
            raise UsageError(f"the cluster at {self.address} has no workers; start some with: dask worker {self.address}")
        self.workers = threads
        return self

    def __exit__(self, *exc) -> bool:
        for thing in (self.client, self.local):
            if thing is not None:
                try:
                    thing.close()
                except Exception:  # noqa: BLE001 - closing a connection that already failed
                    pass
        self.client = self.local = None
        return False

    def play(self, engine, table_name: str, chunk_iter, check: bool, done, keep_going: bool = False):
        """ChunkResults in chunk order, as runner.LocalPool.play gives them."""
        from distributed import wait

        from pnp.engine.runner import in_order

        client = self.client
        [shared] = client.scatter([engine], broadcast=True)  # the engine crosses once per worker, not once per chunk

        def submit(chunk):
            return client.submit(play_chunk, shared, table_name, chunk, check, keep_going, pure=False)

        def finished(pending):
            return wait(list(pending), return_when="FIRST_COMPLETED").done

        yield from in_order(submit, chunk_iter, self.workers * 3, finished, done)
