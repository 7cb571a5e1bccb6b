# hexrules: the two commands of the README, plus helpers.
#   make lab    open JupyterLab on notebooks/ (127.0.0.1, token auth on, URL printed)
#   make test   run every test: unit, property, doctest, notebooks, browser
# Both create (or reuse) the project virtual environment .venv with the pinned versions
# of requirements.lock; a change of the lock or of pyproject.toml reinstalls it.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: lab test test-fast figures bench app lock clean

$(STAMP): requirements.lock pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "hexrules needs Python 3.11+, got " + sys.version.split()[0] + " from $(PYTHON); run: make PYTHON=python3.11 ...")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	@# bytecode for the editable package (pip compiles only site-packages): a cold `import hexrules`
	@# then skips compiling its sources, also where PYTHONDONTWRITEBYTECODE=1 (benchmarks/bench_scaling.py)
	$(PY) -m compileall -q hexrules
	@touch $(STAMP)

lab: $(STAMP)
	$(PY) tools/lab.py $(ARGS)

test: $(STAMP)
	bash tools/ensure-chromium.sh
	$(PY) -m pytest --nbmake notebooks tests hexrules

# Everything but the browser suite (quick edit-test loop).
test-fast: $(STAMP)
	$(PY) -m pytest --nbmake notebooks tests hexrules -m "not browser"

figures: $(STAMP)
	$(PY) -m figures

bench: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# A notebook as a standalone page (Voila app mode): make app NB=notebooks/02_elevation.ipynb
NB ?= notebooks/02_elevation_and_movement_cost.ipynb
app: $(STAMP)
	$(PY) tools/app.py $(NB)

lock:
	rm -rf /tmp/hexrules-lock && $(PYTHON) -m venv /tmp/hexrules-lock
	/tmp/hexrules-lock/bin/pip install --quiet -r requirements.in
	(echo "# Exact versions the kit is tested with (resolved on CPython 3.11). Installed by the Makefile."; \
	 echo "# Regenerate: make lock"; /tmp/hexrules-lock/bin/pip freeze --all | grep -v -E '^(pip|setuptools)==') > requirements.lock

clean:
	rm -rf $(VENV)
