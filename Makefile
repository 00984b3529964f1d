# The two commands a fresh machine needs:  make pdf   and   make test
# Each creates .venv on first use and reinstalls when pyproject.toml changes.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: pdf test validate playtest bench fuzz clean bytecode preflight soak soak-ci docs

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip uninstall --quiet --yes pnp 2>/dev/null || true  # the distribution's name before 0.2.0 (now pnp-press)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# Byte-code for pnp itself, written even where PYTHONDONTWRITEBYTECODE is set (an editable
# install gets none from pip): without it every command compiles pnp again, about 15% of `pnp validate`.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q pnp

pdf: bytecode
	$(BIN)/pnp build --all --all-languages  # every game, and every edition (Escape Master in French and German)

# One pytest-xdist worker per core; each test file runs whole on one worker (--dist loadfile), so what a module
# builds or plays once for its tests (module fixtures, caches) is made once, not once per worker.
test: bytecode
	$(BIN)/pytest -n auto --dist loadfile

validate: bytecode
	$(BIN)/pnp validate

playtest: bytecode
	$(BIN)/pnp playtest

bench: bytecode
	for b in benchmarks/*.py; do case $$b in */soak.py|*/_common.py) continue;; esac; $(BIN)/python $$b || exit 1; done

# Every game played far past its playtest (random, greedy and the game's scenario players, invariants checked after
# every move): fails on any internal error, naming the game's seed. Hours on a small machine; SOAK_GAMES=N to change.
# SOAK_JOURNALS=DIR keeps each game's finished chunks in DIR/<game>.jsonl (soak.py --journal-dir): the same command
# run again after a stop (a closed laptop, a killed job) plays only what the journals lack.
SOAK_GAMES ?= 100000
SOAK_JOURNALS ?=
soak: bytecode
	$(BIN)/python benchmarks/soak.py --games $(SOAK_GAMES) $(if $(SOAK_JOURNALS),--journal-dir $(SOAK_JOURNALS))

# The soak CI can afford (.ci/run, after make test): each game SOAK_TIMES times its default playtest, so a game of long
# campaigns (2200) plays fewer games than a quick one. The 100,000-game soak takes hours on 2 cores (docs/how-to/playtests.md).
SOAK_TIMES ?= 5
soak-ci: bytecode
	$(BIN)/python benchmarks/soak.py --times $(SOAK_TIMES)

# The hostile-input fuzz at length: hundreds of random examples per surface instead of the suite's few,
# reporting every kind of broken promise met (see tests/fuzz_surfaces.py). FUZZ_EXAMPLES=N to change.
FUZZ_EXAMPLES ?= 200
fuzz: bytecode
	PNP_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest tests/test_fuzz.py tests/test_fuzz_surfaces.py

# The documentation site (docs/, mkdocs.yml) into site/: open site/index.html. `make test` builds it strictly too.
docs: bytecode
	$(BIN)/python -m mkdocs build --strict

clean:
	rm -rf output $(VENV)

# The five games built, then every PDF under output/ looked at as a print shop would (pnp/checks/preflight.py): every
# text printed under 6 pt, and every colour or image pixel of a print shop's file over that shop's total ink limit
# (paper.yaml's ink_limit: DriveThruCards 240 %); exits 1 when there is any.
preflight: bytecode
	$(BIN)/pnp build --all
	$(BIN)/python -m pnp.checks.preflight output
