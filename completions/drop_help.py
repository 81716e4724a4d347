#!/usr/bin/env python3
"""Removes the `help` subcommand from a completion script swift-argument-parser wrote.

The parser's completion scripts offer `help` for every command, even one without subcommands,
but `urnmatch help` names a file (or a route), not a help page: only `-h`/`--help` exist.
Usage: drop_help.py TOOL SHELL < script > script
"""
import re
import sys

tool, shell = sys.argv[1], sys.argv[2]
text = sys.stdin.read()
if shell == "bash":
    # the subcommand block after the positional completions, and the help function
    text = re.sub(r"\n    # Offer subcommand / subcommand argument completions\n.*?\n    esac\n(?=}\n)", "\n", text, flags=re.S)
    text = re.sub(r"\n_%s_help\(\) \{\n.*?\n\}\n" % tool, "\n", text, flags=re.S)
elif shell == "zsh":
    text = text.replace("        '(-): :->command'\n", "").replace("        '(-)*:: :->arg'\n", "")
    text = re.sub(r"    case \"\$\{state\}\" in\n.*?\n    esac\n", "", text, flags=re.S)
    text = re.sub(r"\n_%s_help\(\) \{\n.*?\n\}\n" % tool, "\n", text, flags=re.S)
elif shell == "fish":
    text = re.sub(r"        switch \$unparsed_tokens\[1\]\n        case 'help'\n.*?\n        end\n", "", text, flags=re.S)
    text = "".join(line for line in text.splitlines(True)
                   if "-fa 'help'" not in line and '"%s help"' % tool not in line)
sys.stdout.write(text)
