# One entry point. `make test` and `make app` are all a newcomer needs.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT   ?= 8866

.PHONY: help test app lab bench load check lint chromium nginx notebooks clean static test-static npm \
	test-hub

help:
	@echo "make app    serve the tutor with Voilà on http://127.0.0.1:$(PORT)"
	@echo "make test   install everything needed, then run the whole test suite"
	@echo "make lab    open the notebooks in JupyterLab (saves keep them thin)"
	@echo "make bench  the benchmark report, written to docs/benchmarks.md (not a test)"
	@echo "make load   10 simultaneous learners against one server (loopback only);"
	@echo "           make load ARGS=\"--classe --learners 30 --spread 15\": a class, in class mode"
	@echo "make check  validate the rule files and replay their examples"
	@echo "make notebooks  run the notebooks, store the outputs nbval checks, drop the rest"
	@echo "make static  the zero-server site in build/static/ (Voici + Pyodide, no CDN)"
	@echo "make test-static  build it and test it in Chromium, and the Binder launch"
	@echo "make test-hub  JupyterHub (deploy/jupyterhub/) serving ten anonymous learners, culled"

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $@

chromium:
	@command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 \
	  && [ -e /usr/share/hunspell/fr_FR.dic ] && ldconfig -p | grep -q libenchant-2 || { \
	  echo "Installing Debian's chromium (and its headless shell), French dictionary and enchant for the tests..."; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y -qq chromium chromium-headless-shell hunspell-fr libenchant-2-2 \
	    >/dev/null; }

# mypy checks the tests (tests/, the benchmarks and the tests' game) under the same --strict as
# tutor/ (pyproject.toml, [tool.mypy])
lint: $(STAMP)
	$(PY) -m ruff check tutor tests
	$(PY) -m mypy tutor tests
	$(VENV)/bin/lint-imports

check: $(STAMP)
	$(PY) -m tutor check rules/*.fr.md rules/*.toml

# axe-core (npm) for the accessibility tests, in build/axe/ (ignored by git): tests need no network
AXE := build/axe/node_modules/axe-core/axe.min.js
$(AXE): | npm
	mkdir -p build/axe
	cd build/axe && npm install --no-audit --no-fund --silent axe-core@4.14.1

# The browser tests run in BROWSER_GROUPS pytest processes, each with its own app server and
# browser, split by their measured times (tests/browser/groups.py, tests/browser/timings.json: per
# test, a game page's file whole), started first; beside them the other tests in OTHER_GROUPS
# pytest processes split the same way (TUTOR_TEST_GROUP, tests/conftest.py), and `make lint` and
# `make check`. The suite keeps both cores busy: each more group is one more server, pool and
# browser, and the processes crowding the cores cost processor time of their own (five groups and
# two took 1,500 s of processor, three and one 1,135 s: docs/testing.md). Each process's report
# is kept in test-artefacts/ (pytest-*.log, lint.log) and printed once all are done, then the ten
# slowest tests of the whole run; `make test` fails if the lint, the check or any pytest fails.
BROWSER_GROUPS ?= 3
OTHER_GROUPS ?= 1
test: $(STAMP) chromium nginx $(AXE)
	@mkdir -p test-artefacts
	@# the bytecode written once: every kernel, server and pytest process reads it instead of
	@# compiling tutor/ again where the environment says not to write it (PYTHONDONTWRITEBYTECODE)
	@$(PY) -m compileall -q -j 0 tutor tests >/dev/null
	@rm -f test-artefacts/junit-*.xml test-artefacts/pytest-*.log test-artefacts/lint.log
	@n=$(BROWSER_GROUPS); m=$(OTHER_GROUPS); pids=""; others=""; \
	  for k in $$(seq 1 $$n); do \
	    TUTOR_BROWSER_GROUP=$$k/$$n $(PY) -m pytest tests/browser \
	      --junitxml=test-artefacts/junit-browser-$$k.xml \
	      >test-artefacts/pytest-browser-$$k.log 2>&1 & pids="$$pids $$!"; \
	  done; \
	  for k in $$(seq 1 $$m); do \
	    TUTOR_TEST_GROUP=$$k/$$m $(PY) -m pytest --ignore=tests/browser \
	      --junitxml=test-artefacts/junit-others-$$k.xml \
	      >test-artefacts/pytest-others-$$k.log 2>&1 & others="$$others $$!"; \
	  done; \
	  $(MAKE) --no-print-directory lint check >test-artefacts/lint.log 2>&1; status=$$?; \
	  echo "=== make lint check (exit code $$status) ==="; cat test-artefacts/lint.log; \
	  k=0; \
	  for pid in $$others; do \
	    k=$$((k + 1)); wait $$pid; code=$$?; [ $$code -eq 0 ] || status=$$code; \
	    echo; echo "=== the other tests, group $$k of $$m (exit code $$code) ==="; \
	    cat test-artefacts/pytest-others-$$k.log; \
	  done; \
	  k=0; \
	  for pid in $$pids; do \
	    k=$$((k + 1)); wait $$pid; code=$$?; [ $$code -eq 0 ] || status=$$code; \
	    echo; echo "=== browser tests, group $$k of $$n (exit code $$code) ==="; \
	    cat test-artefacts/pytest-browser-$$k.log; \
	  done; \
	  echo; $(PY) -m tests.browser.groups slowest test-artefacts/junit-*.xml; \
	  exit $$status

app: $(STAMP)
	$(PY) -m tutor app --port $(PORT)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --config=tutor/lab/jupyter_lab_config.py --no-browser --ip=127.0.0.1 \
	  --allow-root notebooks/

bench: $(STAMP) chromium static
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) tests/bench/bench.py
	$(PY) tests/bench/static.py
	$(PY) tests/bench/benchdoc.py

load: $(STAMP) chromium
	$(PY) tests/bench/load.py $(ARGS)

notebooks: $(STAMP)
	$(PY) -m tutor.notebooks notebooks/*.ipynb

$(VENV)/.static-installed: $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[static]'
	@touch $@

npm:
	@command -v npm >/dev/null 2>&1 || { \
	  echo "Installing Debian's npm to fetch the npm package pyodide..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq npm >/dev/null; }

# Downloads are cached in build/cache/ (ignored by git): a rebuild needs no network.
static: $(VENV)/.static-installed npm
	$(PY) -m tutor.static.build --output build/static

# The static site served by a plain file server, and the app launched as Binder launches it.
test-static: static chromium $(AXE)
	TUTOR_TEST_REACH=1 $(PY) -m pytest tests/browser/test_static.py tests/browser/test_binder.py

# JupyterHub's proxy (npm) in build/chp/ (ignored by git), JupyterHub & co in the `hub` extra
CHP := build/chp/node_modules/.bin/configurable-http-proxy
$(CHP): | npm
	mkdir -p build/chp
	cd build/chp && npm install --no-audit --no-fund --silent configurable-http-proxy@5.0.1

$(VENV)/.hub-installed: $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[hub]'
	@touch $@

# ten anonymous learners through JupyterHub (local spawner, 127.0.0.1 only), then culled
test-hub: $(VENV)/.hub-installed $(CHP)
	TUTOR_TEST_HUB=1 $(PY) -m pytest tests/browser/test_hub.py

clean:
	rm -rf $(VENV) test-artefacts bench-results .mypy_cache .ruff_cache build

# Debian's nginx for the deployment test (tests/browser/test_hostile_server.py runs the hostile
# cases through deploy/nginx/ too; it is skipped, saying why, without nginx)
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  echo "Installing Debian's nginx for the deployment test..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nginx >/dev/null; }
