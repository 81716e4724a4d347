#!/usr/bin/env python3
"""Validates SARIF logs against the SARIF 2.1.0 JSON schema beside this file.

Usage: validate.py [--schema SCHEMA] [--check-formats] FILE...   (FILE `-` reads standard input)

For each FILE prints `FILE: ok`, or one line per schema error, `FILE: JSONPATH: message`
(JSONPATH like `$.runs[0].results[0].level`), sorted by path. A FILE that is not JSON (or not
UTF-8) gets one `FILE: not JSON: ...` line and counts as invalid.

The validator class is the one the schema's `$schema` names (draft-04 for the OASIS 2.1.0
errata01 schema): jsonschema.validators.validator_for. `format` (uri, date-time) is not asserted
unless --check-formats is given, and then only for the formats the installed jsonschema can check
(its `format` extras add uri and date-time checkers), so the default result is the same on every
machine.

jsonschema comes from the interpreter running this script or, when that one lacks it, from the
virtual environment `make` creates, .build/sarif-venv at the root of the repository (or the one
the environment variable SARIF_VENV names): the script then runs itself again with that
environment's python.

Exit status: 0 when every FILE is valid, 1 when one is not, 2 on usage or I/O trouble (a FILE
that cannot be read, a missing or broken schema, no jsonschema anywhere); 2 wins over 1.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))  # the repository
DEFAULT_SCHEMA = os.path.join(HERE, "sarif-schema-2.1.0.json")
REEXEC_MARK = "URN_SARIF_VALIDATE_REEXEC"
MAX_MESSAGE = 400
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
USAGE = "usage: validate.py [--schema SCHEMA] [--check-formats] FILE...  (FILE - reads stdin)"


def venv_python():
    """The python of the virtual environment that should hold jsonschema."""
    venv = os.environ.get("SARIF_VENV") or os.path.join(ROOT, ".build", "sarif-venv")
    return os.path.join(venv, "bin", "python")


def import_jsonschema():
    """jsonschema from this interpreter, else re-executes under the venv's python (no return)."""
    try:
        import jsonschema  # noqa: F401
        import jsonschema.validators  # noqa: F401
        return jsonschema
    except ImportError:
        pass
    python = venv_python()
    if os.environ.get(REEXEC_MARK) or not os.access(python, os.X_OK):
        sys.stderr.write(
            "validate.py: the jsonschema package is not installed for %s, nor in %s\n"
            "  make one: python3 -m venv .build/sarif-venv && "
            ".build/sarif-venv/bin/pip install jsonschema==4.26.0\n"
            % (sys.executable, os.path.dirname(os.path.dirname(python))))
        sys.exit(2)
    env = dict(os.environ)
    env[REEXEC_MARK] = "1"
    sys.stdout.flush()
    os.execve(python, [python, os.path.abspath(__file__)] + sys.argv[1:], env)


def json_path(parts):
    """A JSONPath for an instance location (a sequence of keys and indexes)."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += "[%d]" % part
        elif IDENTIFIER.match(part):
            out += "." + part
        else:
            out += "[%s]" % json.dumps(part, ensure_ascii=False)
    return out


def shorten(text):
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 1] + "…"


def no_constant(name):
    raise ValueError("%s is not JSON" % name)


def load_json(data):
    """Parses UTF-8 JSON strictly (no BOM, no NaN or Infinity)."""
    text = data.decode("utf-8")
    return json.loads(text, parse_constant=no_constant)


def error_lines(validator, document, best_match):
    """`JSONPATH: message` for each schema error, sorted by instance path, then schema path."""
    def key(error):
        where = [(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in error.absolute_path]
        return where, [str(p) for p in error.absolute_schema_path]

    errors = sorted(validator.iter_errors(document), key=key)
    lines = []
    for error in errors:
        message = error.message
        if error.context:
            # anyOf/oneOf (message, e.g.): name the alternative that came closest
            hint = best_match(error.context)
            if hint is not None:
                where = json_path(hint.absolute_path)
                if where == json_path(error.absolute_path):
                    message += " (closest: %s)" % hint.message
                else:
                    message += " (closest: %s: %s)" % (where, hint.message)
        lines.append("%s: %s" % (json_path(error.absolute_path), shorten(message)))
    return lines


def parse_args(argv):
    schema, formats, files = DEFAULT_SCHEMA, False, []
    args = iter(argv)
    for arg in args:
        if arg in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        elif arg == "--schema":
            schema = next(args, None)
            if schema is None:
                sys.exit("validate.py: --schema needs a path\n" + USAGE)
        elif arg.startswith("--schema="):
            schema = arg.split("=", 1)[1]
        elif arg == "--check-formats":
            formats = True
        elif arg == "--":
            files.extend(args)
        elif arg.startswith("-") and arg != "-":
            sys.stderr.write("validate.py: unknown option %s\n%s\n" % (arg, USAGE))
            sys.exit(2)
        else:
            files.append(arg)
    if not files:
        sys.stderr.write(USAGE + "\n")
        sys.exit(2)
    return schema, formats, files


def main(argv):
    schema_path, formats, files = parse_args(argv)
    jsonschema = import_jsonschema()
    from jsonschema.exceptions import SchemaError, best_match
    from jsonschema.validators import validator_for

    try:
        with open(schema_path, "rb") as f:
            schema = load_json(f.read())
        cls = validator_for(schema)
        cls.check_schema(schema)
    except (OSError, ValueError, SchemaError) as e:
        sys.stderr.write("validate.py: schema %s: %s\n" % (schema_path, shorten(str(e))))
        return 2
    kwargs = {}
    if formats:
        kwargs["format_checker"] = getattr(cls, "FORMAT_CHECKER", None) or jsonschema.FormatChecker()
    validator = cls(schema, **kwargs)

    status = 0
    for name in files:
        try:
            if name == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(name, "rb") as f:
                    data = f.read()
        except OSError as e:
            sys.stderr.write("validate.py: %s: %s\n" % (name, e.strerror or e))
            status = 2
            continue
        try:
            document = load_json(data)
        except ValueError as e:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            print("%s: not JSON: %s" % (name, shorten(str(e))))
            status = max(status, 1)
            continue
        lines = error_lines(validator, document, best_match)
        if lines:
            for line in lines:
                print("%s: %s" % (name, line))
            status = max(status, 1)
        else:
            print("%s: ok" % name)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
