# The two commands a fresh machine needs:  make pdf   and   make test
# Each creates .venv on first use and reinstalls when pyproject.toml changes.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: pdf test validate playtest bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

pdf: $(STAMP)
	$(BIN)/pnp build --all

test: $(STAMP)
	$(BIN)/pytest

validate: $(STAMP)
	$(BIN)/pnp validate

playtest: $(STAMP)
	$(BIN)/pnp playtest escape-master

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf output $(VENV)
