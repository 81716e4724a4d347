# urn: build, test, demo, bench and install. `make test` works on a fresh machine.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
TOOLS := urnparse urnmatch urnstack urnfmt
MAN1 := $(addprefix man/,$(addsuffix .1,$(TOOLS)))
MAN5 := man/urn-routes.5
MAN7 := man/urn-patterns.7
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)
DEBUG_BIN = $(shell $(SWIFT) build --show-bin-path)
BENCH_LINKS ?= 1000000

.PHONY: all deps build test test-unit test-cli test-conformance test-docs demo bench install uninstall clean

all: build

## deps: install libpcre2-dev (and pkg-config) when pkg-config cannot find libpcre2-8
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libpcre2-8; then \
		echo "make deps: installing libpcre2-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libpcre2-dev pkg-config >/dev/null; \
	fi
	@missing=""; for c in jq groff; do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	if [ -n "$$missing" ]; then \
		echo "make deps: installing$$missing (the tests use them)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq jq groff-base >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release

## test: unit tests, golden CLI tests and conformance, on debug builds
test: deps
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory test-unit test-cli test-conformance test-docs

test-unit:
	$(SWIFT) test --skip-build

test-cli:
	URN_BIN="$(DEBUG_BIN)" bash Tests/CLITests/run.sh

test-conformance:
	URN_BIN="$(DEBUG_BIN)" python3 Tests/Conformance/trurl.py

test-docs:
	URN_BIN="$(DEBUG_BIN)" bash Tests/Docs/check_man.sh

demo: build
	@bash examples/demo.sh "$(RELEASE_BIN)"

bench: build
	@[ -x /usr/bin/time ] || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq time >/dev/null; }
	python3 bench/bench.py --bin "$(RELEASE_BIN)" --links $(BENCH_LINKS)

install: build
	for t in $(TOOLS); do install -Dm755 "$(RELEASE_BIN)/$$t" "$(DESTDIR)$(PREFIX)/bin/$$t"; done
	for m in $(MAN1); do install -Dm644 "$$m" "$(DESTDIR)$(PREFIX)/share/man/man1/$$(basename $$m)"; done
	for m in $(MAN5); do install -Dm644 "$$m" "$(DESTDIR)$(PREFIX)/share/man/man5/$$(basename $$m)"; done
	for m in $(MAN7); do install -Dm644 "$$m" "$(DESTDIR)$(PREFIX)/share/man/man7/$$(basename $$m)"; done

uninstall:
	for t in $(TOOLS); do rm -f "$(DESTDIR)$(PREFIX)/bin/$$t" "$(DESTDIR)$(PREFIX)/share/man/man1/$$t.1"; done
	rm -f "$(DESTDIR)$(PREFIX)/share/man/man5/urn-routes.5" "$(DESTDIR)$(PREFIX)/share/man/man7/urn-patterns.7"

clean:
	rm -rf .build bench/out
