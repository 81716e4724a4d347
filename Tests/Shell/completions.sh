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

# bash_offers TOOL WORD FILE: after `TOOL WORD app`, bash's completion function offers FILE
bash_offers() {
  bash -c '
    source "$1/completions/$2.bash"
    f=$(complete -p $2 | sed -E "s/.*-F ([^ ]+).*/\1/")
    COMP_WORDS=($2 $3 app); COMP_CWORD=2; COMP_LINE="$2 $3 app"; COMP_POINT=${#COMP_LINE}
    $f $2 app $3
    printf "%s\n" "${COMPREPLY[@]}" | grep -qx "$4"' _ "$root" "$@"
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
  # file names after -f (the routing tools) and for operands; no `help` subcommand in any shell
  files=$(mktemp -d)
  touch "$files/app.routes"
  if [ $tool = urnmatch ] || [ $tool = urnstack ]; then
    check "bash completes a file after $tool -f" "cd '$files' && bash_offers $tool -f app.routes"
    check "fish completes a file after $tool -f" "cd '$files' && fish -c 'source \"$root/completions/$tool.fish\"; complete -C \"$tool -f app\"' | grep -q '^app.routes'"
  fi
  check "bash completes a file operand of $tool" "cd '$files' && bash_offers $tool -a app.routes"
  check "fish completes a file operand of $tool" "cd '$files' && fish -c 'source \"$root/completions/$tool.fish\"; complete -C \"$tool app\"' | grep -q '^app.routes'"
  check "no shell offers a help subcommand for $tool" "! grep -q -e \"-fa 'help'\" -e \"'help:Show subcommand\" -e \"compgen -W 'help'\" '$root/completions/$tool.bash' '$root/completions/_$tool' '$root/completions/$tool.fish'"
  rm -rf "$files"
done
echo "completions: $pass passed, $fail failed"
[ $fail -eq 0 ]
