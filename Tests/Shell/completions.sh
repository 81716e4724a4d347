#!/usr/bin/env bash
# The completions in completions/ are what the binaries generate today, and each loads in its
# shell: bash and fish complete `--dia<TAB>` to `--dialect` (`--del<TAB>` to `--delimiter` for the
# tools without --dialect); zsh registers the function through compinit and the loaded function
# offers the option (zsh cannot complete without a terminal).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${URN_BIN:?set URN_BIN}" && pwd)
pass=0
fail=0
check() {  # name, command that must succeed
  if eval "$2" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "--- failed: $1"; fi
}

fresh=$(mktemp -d)
URN_BIN="$bin" bash "$root/completions/generate.sh" "$fresh"
for f in "$fresh"/*; do
  check "regenerated $(basename "$f") is byte-identical" "cmp -s '$f' '$root/completions/$(basename "$f")'"
done
rm -rf "$fresh"

for tool in urnparse urnmatch urnstack urnfmt; do
  case $tool in urnmatch|urnstack) word=--dia; want=--dialect ;; *) word=--del; want=--delimiter ;; esac
  # bash: call the registered completion function as readline would
  check "bash completes $tool $word" "bash -c '
    source \"$root/completions/$tool.bash\"
    f=\$(complete -p $tool | sed -E \"s/.*-F ([^ ]+).*/\\1/\")
    COMP_WORDS=($tool $word); COMP_CWORD=1; COMP_LINE=\"$tool $word\"; COMP_POINT=\${#COMP_LINE}
    \$f $tool $word $tool
    printf \"%s\\n\" \"\${COMPREPLY[@]}\" | grep -qx -- $want'"
  # fish: ask for the completions of a command line
  check "fish completes $tool $word" "fish -c 'source \"$root/completions/$tool.fish\"; complete -C \"$tool $word\"' | grep -q -- '^$want'"
  # zsh: compinit registers the function from fpath (#compdef) and the loaded function offers it
  check "zsh loads $tool and offers $want" "zsh -f -c '
    fpath=($root/completions \$fpath); autoload -U compinit; compinit -u -D
    [[ \${_comps[$tool]} == _$tool ]] || exit 1
    autoload +X -Uz _$tool; functions _$tool' | grep -q -- '$want\\b'"
done
echo "completions: $pass passed, $fail failed"
[ $fail -eq 0 ]
