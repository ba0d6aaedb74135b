# Two commands do everything on a fresh machine with Python and make:
#   make lab    open the lessons in JupyterLab (make lab-es: in Spanish)
#   make test   lint, type-check and run the whole test suite (what CI runs)
# and one is the everyday fast path while working:
#   make check  lint, format, types and the unit, property and conformance tests (minutes)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Jupyter refuses to start as root unless told; containers, lab servers and CI run as root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root,)

.PHONY: lab lab-es apps check test lint typecheck pytest browser bench compiled workbench study mondo-study printables clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,test]'
	touch $(STAMP)

# The lessons, apps and workbench run the rules engine compiled (build/mypyc, made by mypyc
# on first use, about a minute, and again after the engine's sources change) where this
# machine has a C compiler, and in pure Python otherwise or with COMPILED=no; one line says
# which (benchmarks/build_compiled.py --ensure).
COMPILED ?= yes
WITH_ENGINE = PYTHONPATH="$$($(if $(filter no,$(COMPILED)),echo "$$PYTHONPATH",$(SAY_IN) $(BIN)/python benchmarks/build_compiled.py --ensure))"
lab-es: SAY_IN = MUNDOS_LANG=es

lab: $(STAMP)
	$(WITH_ENGINE) $(BIN)/jupyter lab $(ROOT_FLAG) notebooks/en/00_start_here.ipynb

# the same lessons in Spanish (las lecciones en español)
lab-es: $(STAMP)
	$(WITH_ENGINE) $(BIN)/jupyter lab $(ROOT_FLAG) notebooks/es/00_empieza_aqui.ipynb

# the play-only apps (no code on screen) in Voila, which opens the list of apps; settings in
# voila.json (read from the folder voila starts in). Voila needs no root flag: it never
# refuses root. Spanish: add ?lang=es to an app's address.
apps: $(STAMP)
	$(WITH_ENGINE) $(BIN)/voila notebooks/apps

# the class server (classroom/, docs/classroom.md): students' laptops join rooms on this
# machine; prints the teacher's key on the first start and the address. CLASS_HOST=0.0.0.0
# opens it to the classroom's network.
CLASS_HOST  ?= 127.0.0.1
CLASS_PORT  ?= 8765
CLASS_STORE ?= class.sqlite3
.PHONY: class
class: $(STAMP)
	$(BIN)/python -m classroom serve --host $(CLASS_HOST) --port $(CLASS_PORT) --store $(CLASS_STORE)

# pytest on every core (pytest-xdist); tests/conftest.py's scheduler keeps a notebook's cells
# together and runs the tests marked exclusive (browser, servers, the Binder build) one at a
# time on one worker
PYTEST := $(BIN)/python -m pytest -n auto

# the fast tier: no real browser, no Binder build, no nbval, nothing marked slow
check: $(STAMP) lint typecheck
	$(PYTEST) tests -m "not browser and not exclusive and not slow"

test: $(STAMP) lint typecheck browser pytest

lint: $(STAMP)
	$(BIN)/ruff check gamecore widgets classroom tests benchmarks
	$(BIN)/ruff format --check gamecore widgets classroom tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy gamecore widgets classroom

# find a Chromium for the browser tests, installing one where this machine allows
browser: $(STAMP)
	$(BIN)/python tests/browser/find_browser.py --install

pytest: $(STAMP)
	$(PYTEST)

bench: $(STAMP)
	$(BIN)/python benchmarks/nuevos_mundos_engine.py
	$(BIN)/python benchmarks/widget_redraw.py

# the engine's hot modules compiled by mypyc into build/mypyc again (needs a C compiler); the
# sources stay pure Python, and programs run with PYTHONPATH=build/mypyc use it (make lab,
# lab-es, apps and workbench make it themselves when it is missing or stale)
compiled: $(STAMP)
	$(BIN)/python benchmarks/build_compiled.py

# issue 10's speed goals in one run, beside OpenSpiel's chess (the optional bench extra), on
# the compiled build where this machine can make it, else on pure Python
workbench: $(STAMP)
	$(BIN)/python -m pip install -q -e ".[bench]"
	$(WITH_ENGINE) $(BIN)/python benchmarks/workbench.py

study: $(STAMP)
	$(BIN)/python benchmarks/ecosfera_study.py --games 2000 --compare 200 --save gamecore/ecosfera/balance_study.json

# Mondo's rivals study (benchmarks/mondo_study.py: five tables, 60 games each, 2 worker
# processes) on the compiled build where this machine can make it, else on pure Python; the
# same tables either way (docs/performance.md, "Study speed")
mondo-study: $(STAMP)
	$(WITH_ENGINE) $(BIN)/python benchmarks/mondo_study.py --workers 2

# score sheets, reference cards and lesson handouts to print: A4 SVG pages and one PDF per
# language, in printables/<lang>/ (docs/printables.md says what each sheet is)
printables: $(STAMP)
	$(BIN)/python -m widgets.printables --out printables/ --lang all

clean:
	rm -rf $(VENV) build test-artifacts printables *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
