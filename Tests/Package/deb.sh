#!/usr/bin/env bash
# make test-deb, after make deb and lintian: the package unpacked into a scratch root (dpkg -x)
# has the layout Debian expects, its control file the computed dependencies, its binary no
# RUNPATH and no debug info; each tool, run through its installed link on the bundled examples,
# writes what the release build's own binary of that tool writes, and passes every golden CLI
# case; the completions regenerated through the links are the repository's; man -l renders each
# installed page.
#
# usage: VERSION=0.1.0 RELEASE_BIN=.build/release bash Tests/Package/deb.sh urn_VERSION_ARCH.deb
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
deb=$(cd "$(dirname "${1:?usage: deb.sh PACKAGE.deb}")" && pwd)/$(basename "$1")
version=${VERSION:?set VERSION}
release=$(cd "${RELEASE_BIN:?set RELEASE_BIN}" && pwd)
tools=(urnparse urnmatch urnstack urnfmt)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pass=0
fail=0
check() {  # name, command that must succeed
  if eval "$2" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "--- failed: $1"; fi
}

dpkg-deb -x "$deb" "$scratch/root"
usr="$scratch/root/usr"
field() { dpkg-deb -f "$deb" "$1"; }

# The control file: the version of Version.swift, dependencies computed from the binary's
# libraries, the data it reads at run time, at most 40 MB installed.
check "Version is $version with a Debian revision" "[[ '$(field Version)' == '$version'-* ]]"
for dep in libc6 libpcre2-8-0 libpsl5 libidn2-0 libxml2 libyaml-0-2 iso-codes; do
  check "Depends names $dep" "field Depends | tr ',' '\n' | grep -qE '^ *$dep( |$)'"
done
check "Recommends publicsuffix" "[ '$(field Recommends)' = publicsuffix ]"
installed_kb=$(field Installed-Size)
check "Installed-Size ${installed_kb} KiB is at most 40 MB" "[ '$installed_kb' -le $((40 * 1000 * 1000 / 1024)) ]"
check "the unpacked tree is at most 40 MB" "[ $(du -sb "$scratch/root" | cut -f1) -le 40000000 ]"

# The layout: one binary, the tools links to it, pages gzipped, completions where Debian looks.
check "usr/libexec/urn/urn is the one executable" "[ -f '$usr/libexec/urn/urn' ] && [ -x '$usr/libexec/urn/urn' ]"
check "no RUNPATH or RPATH" "! readelf -d '$usr/libexec/urn/urn' | grep -qE 'RUNPATH|RPATH'"
check "stripped: no symbol table, no debug info" "! readelf -S '$usr/libexec/urn/urn' | grep -qE ' \.(symtab|debug_info) '"
for t in "${tools[@]}"; do
  check "usr/bin/$t is a relative link to the binary" "[ -L '$usr/bin/$t' ] && [ \"\$(readlink '$usr/bin/$t')\" = ../libexec/urn/urn ]"
  check "bash completion of $t" "[ -f '$usr/share/bash-completion/completions/$t' ]"
  check "zsh completion of $t" "[ -f '$usr/share/zsh/vendor-completions/_$t' ]"
  check "fish completion of $t" "[ -f '$usr/share/fish/vendor_completions.d/$t.fish' ]"
done
pages=("$root"/man/*.[1-8])
for page in "${pages[@]}"; do
  name=$(basename "$page")
  installed="$usr/share/man/man${name##*.}/$name.gz"
  check "$name is installed gzipped" "[ -f '$installed' ] && zcat '$installed' | cmp -s - '$page'"
  check "$name renders with man -l" "man -l -P cat '$installed' 2>/dev/null | grep -q '^NAME'"
  check "$name's header names urn $version" "head -n 3 '$page' | grep -q '^\.TH .* \"urn $version\"'"
  check "$name has a COPYRIGHT section" "grep -q '^\.SH COPYRIGHT' '$page'"
done
check "the copyright file is machine-readable" \
  "head -n 1 '$usr/share/doc/urn/copyright' | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/'"
check "changelog.Debian.gz opens on this version" "zcat '$usr/share/doc/urn/changelog.Debian.gz' | head -n 1 | grep -q '^urn ($version-'"

# Each tool under its installed name: --version and --help say that name.
for t in "${tools[@]}"; do
  check "$t --version through its link" "[ \"\$('$usr/bin/$t' --version)\" = '$t $version' ]"
  check "$t --help through its link names $t" "'$usr/bin/$t' --help | grep -q '^USAGE: $t '"
done
check "urn --version" "[ \"\$('$usr/libexec/urn/urn' --version)\" = 'urn $version' ]"
check "urn TOOL runs the tool" "[ \"\$('$usr/libexec/urn/urn' urnstack --version)\" = 'urnstack $version' ]"
check "urn with an unknown name is a usage error (2)" "'$usr/libexec/urn/urn' nonesuch; [ \$? -eq 2 ]"

# The bundled examples through the installed links, against the release build's own binaries:
# the same stdout and exit status, and some output. Together they reach every C library (PCRE2,
# libxml2, libyaml, libpsl, libidn2) and the iso-codes lists.
same_as_release() {  # name, command line with the tools as $BIN/TOOL, run in examples/
  local name=$1 command=$2 got want
  got=$(cd "$root/examples" && BIN="$usr/bin" bash -c "$command" 2>&1; echo "status $?")
  want=$(cd "$root/examples" && BIN="$release" bash -c "$command" 2>&1; echo "status $?")
  if [ "$got" = "$want" ] && [ "$(wc -l <<<"$got")" -gt 1 ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "--- failed: $name"; diff <(echo "$want") <(echo "$got") | head -n 10
  fi
}
same_as_release "urnparse on photofeed/links.txt" '$BIN/urnparse --scheme photofeed photofeed/links.txt'
same_as_release "urnmatch on photofeed (compass)" '$BIN/urnmatch -f photofeed/app.routes -a photofeed/links.txt'
same_as_release "urnmatch --explain on express (PCRE2)" '$BIN/urnmatch -f express/forum.routes -v --explain express/links.txt'
same_as_release "urnstack --frames on waap" '$BIN/urnstack -f waap/app.routes --frames waap/links.txt'
same_as_release "urnfmt: the README's pipeline on photofeed" \
  '$BIN/urnparse -s --scheme photofeed photofeed/links.txt | $BIN/urnmatch -s -f photofeed/app.routes -a | $BIN/urnstack -s -f photofeed/app.routes | $BIN/urnfmt -s --tsv "link,route.target,route.args.userId"'
same_as_release "urnfmt domain fields on github (libpsl, libidn2)" '$BIN/urnfmt "{host}\t{domain}\t{tld}" github/links.txt'
same_as_release "urnmatch on AndroidManifest.xml (libxml2)" '$BIN/urnmatch -f applinks/AndroidManifest.xml -a applinks/links.txt'
same_as_release "urnmatch on apple-app-site-association (iso-codes)" \
  '$BIN/urnmatch -f applinks/apple-app-site-association --host photofeed.example.com -a applinks/links.txt'
same_as_release "urnmatch on openapi/api.yaml (libyaml)" '$BIN/urnmatch -f openapi/api.yaml --method-field method -a openapi/requests.jsonl'
same_as_release "urnparse --log on openapi/access.log" '$BIN/urnparse --log combined openapi/access.log | $BIN/urnmatch -f openapi/api.yaml --method-field method --stats'

# Every golden CLI case (Tests/CLITests) through the installed links.
check "the golden CLI cases through the installed links" "URN_BIN='$usr/bin' bash '$root/Tests/CLITests/run.sh'"

# The completions, generated again through the installed links, are the repository's.
mkdir "$scratch/completions"
URN_BIN="$usr/bin" bash "$root/completions/generate.sh" "$scratch/completions" >/dev/null 2>&1
for f in "$root"/completions/_* "$root"/completions/*.bash "$root"/completions/*.fish; do
  check "$(basename "$f") generated through the links is the repository's" "cmp -s '$scratch/completions/$(basename "$f")' '$f'"
done

echo "deb: $pass passed, $fail failed"
[ $fail -eq 0 ]
