PYTHON ?= python3
VENV = .venv
PY = $(VENV)/bin/python
# both cores (pytest-xdist); `make test PYTEST_ARGS=` runs serially
PYTEST_ARGS ?= -n 2
# `make run PORT=8001` serves on another port
PORT ?= 8000
# Browser tests drive Debian's Chromium through Playwright (never `playwright install`).
CHROMIUM ?= /usr/bin/chromium
# PDFs (printing/) use DejaVu Sans for the suit symbols and umlauts: Debian's fonts-dejavu-core.
# Defined before any rule names it: make reads a rule's prerequisites as it meets the rule.
FONT ?= /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
# The German catalog is compiled with GNU gettext's msgfmt (Debian's gettext), as Chromium and
# the font are installed: by the rule that needs it. The .mo files are built, never committed.
MSGFMT ?= /usr/bin/msgfmt
CATALOGS = $(wildcard locale/*/LC_MESSAGES/*.po)
MO = $(CATALOGS:.po=.mo)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install browser fonts gettext messages run test lint bench clean vendor

# The solver's searches in C (engine/_solve.c, docs/hand-analysis.md), compiled against the
# venv's Python by the machine's C compiler (no setuptools). Without it engine/solver.py
# answers with the pure reference, which tests/engine/test_solver_compiled.py does not allow.
SOLVER_EXT = engine/_solve.so

install: $(VENV)/.installed $(FONT) $(MO) $(SOLVER_EXT)

# Written beside and moved in: a running server keeps the library it loaded.
$(SOLVER_EXT): engine/_solve.c $(VENV)/.installed
	$(CC) -O2 -Wall -fPIC -shared \
	  $$($(PY) -c 'import sysconfig as s; print(*{"-I" + s.get_paths()[k] for k in ("include", "platinclude")})') \
	  engine/_solve.c -o $@.tmp
	mv -f $@.tmp $@

browser: $(CHROMIUM)

$(CHROMIUM):
	$(SUDO) apt-get update
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium

fonts: $(FONT)

$(FONT):
	$(SUDO) apt-get update
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y fonts-dejavu-core

gettext: $(MSGFMT)

$(MSGFMT):
	$(SUDO) apt-get update
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y gettext

%.mo: %.po $(MSGFMT)
	$(MSGFMT) --check -o $@ $<

# After marking strings: the catalogs take the new msgids (docs/translation.md). The guard
# tests/test_translation.py runs the same command and fails when it would change a catalog.
messages: $(VENV)/.installed $(MSGFMT)
	$(PY) manage.py makemessages
	$(PY) manage.py makemessages -d djangojs

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -r requirements-dev.txt
	touch $@

# Development: debug pages, the dev secret key and the default organizer password.
# Production leaves DJANGO_DEBUG unset (off).
run: export DJANGO_DEBUG ?= 1
run: $(VENV)/.installed $(FONT) $(MO) $(SOLVER_EXT)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py create_organizer --site-url http://127.0.0.1:$(PORT)
	$(PY) manage.py demo_congress --site-url http://127.0.0.1:$(PORT)
	$(PY) manage.py demo_club_evening --site-url http://127.0.0.1:$(PORT)
	$(PY) manage.py demo_club_season --site-url http://127.0.0.1:$(PORT)
# the task worker (the decks' open-card analysis) beside the server, stopped with it
	$(PY) manage.py db_worker --no-startup-delay & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	  $(PY) manage.py runserver 127.0.0.1:$(PORT)

test: $(VENV)/.installed $(CHROMIUM) $(FONT) $(MO) $(SOLVER_EXT)
	$(PY) -m pytest $(PYTEST_ARGS)

# Benchmarks (never part of `make test`); their figures go to bench/RESULTS.md. The congress
# benchmark needs PostgreSQL on 127.0.0.1 (BENCH_PG_URL); `make bench BENCH_ARGS=--quick` tries
# it on 300 players in a few minutes.
bench: $(VENV)/.installed $(FONT) $(SOLVER_EXT)
	$(PY) bench/bench_seating.py
	$(PY) bench/bench_printing.py
	$(PY) bench/bench_congress.py $(BENCH_ARGS)

# The table link's offline entry (docs/live.md) runs two npm packages' production files,
# committed under static/vendor/ (the site serves only its own files: no CDN). `make vendor`
# fetches these versions from the npm registry again (npm pack checks their integrity) and
# writes each package's version and licence beside its files. Source-map comments are cut:
# the maps are not kept, and collectstatic would look for them.
WORKBOX_VERSION = 7.4.1
WORKBOX_MODULES = core routing strategies expiration
IDB_KEYVAL_VERSION = 6.2.2

vendor:
	rm -rf static/vendor/workbox static/vendor/idb-keyval
	mkdir -p static/vendor/workbox static/vendor/idb-keyval
	set -e; tmp=$$(mktemp -d); cd $$tmp; \
	npm pack --silent workbox-sw@$(WORKBOX_VERSION) \
	  $(foreach m,$(WORKBOX_MODULES),workbox-$(m)@$(WORKBOX_VERSION)) \
	  idb-keyval@$(IDB_KEYVAL_VERSION) >/dev/null; \
	for f in *.tgz; do mkdir $${f%.tgz}; tar xzf $$f -C $${f%.tgz} --strip-components=1; done; \
	cd $(CURDIR); \
	cp $$tmp/workbox-sw-$(WORKBOX_VERSION)/build/workbox-sw.js static/vendor/workbox/; \
	for m in $(WORKBOX_MODULES); do \
	  cp $$tmp/workbox-$$m-$(WORKBOX_VERSION)/build/workbox-$$m.prod.js static/vendor/workbox/; \
	done; \
	cp $$tmp/workbox-sw-$(WORKBOX_VERSION)/LICENSE static/vendor/workbox/LICENSE; \
	cp $$tmp/idb-keyval-$(IDB_KEYVAL_VERSION)/dist/umd.js static/vendor/idb-keyval/idb-keyval.js; \
	cp $$tmp/idb-keyval-$(IDB_KEYVAL_VERSION)/LICENCE static/vendor/idb-keyval/LICENSE; \
	sed -i '/^\/\/# sourceMappingURL=/d' static/vendor/workbox/*.js static/vendor/idb-keyval/*.js; \
	echo "workbox-sw, workbox-{$$(echo $(WORKBOX_MODULES) | tr ' ' ,)} $(WORKBOX_VERSION) (npm)" \
	  > static/vendor/workbox/VERSION; \
	echo "idb-keyval $(IDB_KEYVAL_VERSION) (npm), dist/umd.js" > static/vendor/idb-keyval/VERSION; \
	rm -rf $$tmp

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis test-results $(MO) $(SOLVER_EXT)
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
