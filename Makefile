# hexrules: the two commands of the README, plus helpers.
#   make lab    open JupyterLab on your copy of the lessons (127.0.0.1, token auth on, URL printed)
#   make test   run every test: unit, property, doctest, notebooks, browser
# Both create (or update) the project virtual environment .venv with exactly the pinned,
# hash-checked packages of requirements.lock (tools/kitenv.py: uv, bootstrapped by pip).
# A change of the lock, of pyproject.toml or of PYTHON= reinstalls it.

PYTHON    ?= python3
INSTALLER ?= uv
VENV      := .venv
PY        := $(VENV)/bin/python
STAMP     := $(VENV)/.installed
# PYTHON named on the command line or in the environment: a .venv of another Python is
# recreated with it. Otherwise an existing .venv keeps the Python that made it.
PYTHON_GIVEN := $(if $(filter command line environment environment override,$(origin PYTHON)),--python-given)

.PHONY: lab test test-fast lint figures bench app reset-lesson lock clean $(STAMP)

# Always run: kitenv.py checks the venv's Python and the lock's hash, and is a no-op
# (about 0.2 s) when nothing changed.
$(STAMP):
	@$(PYTHON) tools/kitenv.py ensure $(PYTHON_GIVEN) --installer=$(INSTALLER) $(VENV)

# Your copy of the lessons is in my-lessons/ (git-ignored; see the README). Options go in
# ARGS: make lab ARGS=--port=8899, make lab ARGS=--terminals (JupyterLab's terminals, off
# by default), or any JupyterLab option.
lab: $(STAMP)
	$(PY) tools/lab.py $(ARGS)

# Both run on every core (pytest-xdist, -n auto): the browser tests on one worker with their own
# lab, app server and Chromium, the rest beside them (--dist loadgroup); the 20 slowest tests are
# printed at the end of every run.
PYTEST_ARGS := -n auto --dist loadgroup --durations=20

test: $(STAMP)
	$(PY) -m ruff check .
	bash tools/ensure-chromium.sh
	$(PY) -m pytest --nbmake notebooks tests hexrules $(PYTEST_ARGS)

# The linter alone (configuration: [tool.ruff] in pyproject.toml); `make test` runs it first.
lint: $(STAMP)
	$(PY) -m ruff check .

# Everything but the browser suite (quick edit-test loop).
test-fast: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest --nbmake notebooks tests hexrules -m "not browser" $(PYTEST_ARGS)

figures: $(STAMP)
	$(PY) -m figures

bench: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# Lessons as standalone pages (Voila app mode), starting on NB:
#   make app NB=notebooks/06_push.ipynb ARGS=--port=8866
app: $(STAMP)
	$(PY) tools/app.py $(or $(NB),notebooks/02_elevation_and_movement_cost.ipynb) $(ARGS)

# Put the kit's original of one lesson back in my-lessons/notebooks/ (your copy is backed
# up first): make reset-lesson NB=02_elevation_and_movement_cost (or NB=02)
reset-lesson: $(STAMP)
	$(if $(NB),,$(error name the lesson: make reset-lesson NB=02_elevation_and_movement_cost))
	$(PY) tools/lessons.py reset $(NB)

# Regenerate requirements.lock from requirements.in, with hashes (CPython 3.11+, every
# platform), and check that it installs from wheels on Linux x86_64 and aarch64.
lock: $(STAMP)
	$(PY) tools/kitenv.py lock $(VENV)

# Removes the venv only; your lessons in my-lessons/ stay.
clean:
	rm -rf $(VENV)
