# Tensors, Shapes and Autograd — build, serve and test the book.
#
#   make serve   set everything up, serve the book at http://127.0.0.1:8000 (live reload)
#   make test    set everything up, run every test
#
# Setup is driven by stamp files, so a second `make ...` installs nothing.

# The venv is made with Python 3.11 (the torch wheel on disk is cp311).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
MKDOCS := $(VENV)/bin/mkdocs
HOST   ?= 127.0.0.1
PORT   ?= 8000

# Material prints a multi-line banner about MkDocs 2.0 on every build otherwise.
export NO_MKDOCS_2_WARNING := 1

PY_STAMP   := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BUNDLES    := browser/dist/cells.js
# pyodide-build needs Python 3.12 or newer: a second venv (tools/python312.sh finds the Python;
# set PYODIDE_PYTHON to choose one).
PYODIDE_VENV  := .venv-pyodide
PYODIDE_STAMP := $(PYODIDE_VENV)/.installed

.DEFAULT_GOAL := help
.PHONY: help setup test-setup serve build test test-fast check clean

help: ## list the targets
	@echo "Targets:"
	@grep -E '^[a-z][a-z-]*:.*## ' $(MAKEFILE_LIST) | \
		awk 'BEGIN {FS = ":.*## "}; {printf "  make %-9s %s\n", $$1, $$2}'

setup: $(PY_STAMP) $(NODE_STAMP) $(BUNDLES) ## create .venv and node_modules (done automatically by the others)

# What only the tests need: pyodide-build, which tests/test_pyodide_lock.py holds the site's
# pyodide-lock.json to. Without a Python 3.12+ it says what is missing; under CI that fails
# the run, elsewhere that test skips (no stamp: the next make looks again).
test-setup: setup $(PYODIDE_STAMP)

# Python: the venv, the pinned requirements, then the engine (editable, no deps).
$(PY_STAMP): requirements.txt $(wildcard pyproject.toml)
	@test -x $(PY) || { echo "--- creating $(VENV) with $(PYTHON)"; $(PYTHON) -m venv $(VENV); }
	@$(PY) -c 'import sys; sys.version_info[:2] == (3, 11) or sys.exit("$(VENV) runs Python %d.%d; the book needs 3.11 (rm -rf $(VENV); make PYTHON=python3.11 ...)" % sys.version_info[:2])'
	$(PIP) install -r requirements.txt
	@if [ -f pyproject.toml ]; then \
		echo "$(PIP) install -e . --no-deps"; $(PIP) install -e . --no-deps; \
	fi
	@touch $@

# pyodide-build's venv: a Python 3.12+ (tools/python312.sh), the pins of requirements-pyodide.txt.
$(PYODIDE_STAMP): requirements-pyodide.txt tools/python312.sh
	@if [ ! -x $(PYODIDE_VENV)/bin/python ]; then \
		if python=$$(tools/python312.sh); then \
			echo "--- creating $(PYODIDE_VENV) with $$python" && "$$python" -m venv $(PYODIDE_VENV) || exit 1; \
		else \
			case "$$CI" in ""|0|false|False|no) ;; *) exit 1 ;; esac; \
			echo "--- so tests/test_pyodide_lock.py skips its pyodide-build check"; exit 0; \
		fi; \
	fi; \
	echo "$(PYODIDE_VENV)/bin/pip install -r requirements-pyodide.txt" && \
	$(PYODIDE_VENV)/bin/pip install -r requirements-pyodide.txt && touch $@

# Node: KaTeX, Pyodide, CodeMirror and esbuild, exactly as package-lock.json records them.
$(NODE_STAMP): package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

# The browser cells' bundles (browser/dist/, never committed), rebuilt when any file
# under browser/src changes: the modules, the widgets' CSS and their registry.json.
$(BUNDLES): $(NODE_STAMP) browser/build.mjs $(shell find browser/src -type f)
	npm run --silent build

serve: setup ## serve the book at http://127.0.0.1:8000 with live reload
	$(MKDOCS) serve -a $(HOST):$(PORT)

build: setup ## build the site into site/ (strict: any warning fails)
	$(MKDOCS) build --strict

test: test-setup ## run every test (what CI runs)
	$(PY) -m pytest -q -n auto --dist loadgroup --durations=25 tests

# The unit tier (engine units, booktorch parity, widget math, lint; tiers: tests/conftest.py),
# with a fifth of the random (hypothesis) examples: an author's loop, about a minute.
test-fast: setup ## the unit tests only: quick, for the edit-test loop
	BOOKTORCH_HYPOTHESIS_SCALE=0.2 $(PY) -m pytest -q -n auto --dist loadgroup -m unit tests

check: setup ## re-run every snippet and compare with its golden output
	$(PY) build_figures.py --check

clean: ## remove site/, .cache/ and the browser bundles
	rm -rf site .cache browser/dist
