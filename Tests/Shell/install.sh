#!/usr/bin/env bash
# make install into a temporary DESTDIR: the file list (one binary, libexec/urn/urn, that each
# tool in bin/ links to), the installed tools run under their names, man opens the installed
# pages, and make uninstall removes every file and link.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
dest=$(mktemp -d)
prefix=/usr/local
pass=0
fail=0
check() {
  if eval "$2" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "--- failed: $1"; fi
}
make -s -C "$root" install DESTDIR="$dest" PREFIX="$prefix" BIN="$bin" >/dev/null
expected=$(
  echo "libexec/urn/urn"
  for t in urnfmt urnmatch urnparse urnstack; do
    echo "share/bash-completion/completions/$t"
    echo "share/zsh/site-functions/_$t"; echo "share/fish/vendor_completions.d/$t.fish"
  done
  # every page of man/ is installed in its section
  for page in "$root"/man/*.[1-8]; do echo "share/man/man${page##*.}/$(basename "$page")"; done
)
actual=$(cd "$dest$prefix" && find . -type f | sed 's|^\./||')
check "installed files are exactly the expected list" "[ \"\$(sort <<<'$expected')\" = \"\$(sort <<<'$actual')\" ]"
for t in urnparse urnmatch urnstack urnfmt; do
  check "bin/$t is a relative link to libexec/urn/urn" "[ \"\$(readlink '$dest$prefix/bin/$t')\" = ../libexec/urn/urn ]"
  check "installed $t runs under its own name" "'$dest$prefix/bin/$t' --version | grep -q '^$t '"
  check "man opens the installed $t page" "MANPATH='$dest$prefix/share/man' man -P cat $t | grep -q NAME"
done
check "man opens urn-patterns(7)" "MANPATH='$dest$prefix/share/man' man -P cat 7 urn-patterns | grep -q PRECEDENCE"
check "man opens urn-routes(5)" "MANPATH='$dest$prefix/share/man' man -P cat 5 urn-routes | grep -q 'ROUTE TABLES'"
check "man opens urnmatch-tables(7)" "MANPATH='$dest$prefix/share/man' man -P cat 7 urnmatch-tables | grep -q 'INFERRING ROUTES'"
check "man -l opens an installed page" "man -l -P cat '$dest$prefix/share/man/man1/urnmatch.1' | grep -q urnmatch"
make -s -C "$root" uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null
check "uninstall removes every file and link" "[ -z \"\$(find '$dest' ! -type d)\" ]"
rm -rf "$dest"
echo "install: $pass passed, $fail failed"
[ $fail -eq 0 ]
