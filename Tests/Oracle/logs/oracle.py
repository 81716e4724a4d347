#!/usr/bin/env python3
"""apachelogs' answers for the plan gen.py writes (run in the virtual environment that holds
apachelogs 0.6.1). Reads the plan on standard input and writes one JSON object a line: the id,
and either "refused" (apachelogs' InvalidEntryError) or "values", each directive's value under
urn's name. The strings are apachelogs' bytes (LogParser(format, encoding="bytes"): escapes
undone), carried as Latin-1 text so that JSON can hold every byte; times are ISO 8601."""
import json
import os
import sys

import apachelogs

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

NAMES = {"%h": "remote", "%u": "user", "%>s": "status", "%b": "bytes", "%O": "bytes", "%{Referer}i": "referer",
         "%{User-Agent}i": "agent", "%v": "host", "%r": "request_line", "%m": "method", "%U": "uri", "%H": "protocol",
         "%t": "time"}


def carried(value):
    if isinstance(value, bytes):
        return {"bytes": value.decode("latin-1")}
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def main():
    parsers = {name: apachelogs.LogParser(layout[1], encoding="bytes") for name, layout in gen.LAYOUTS.items()}
    for text in sys.stdin:
        entry = json.loads(text)
        try:
            parsed = parsers[entry["layout"]].parse(entry["line"])
        except apachelogs.InvalidEntryError as error:
            print(json.dumps({"id": entry["id"], "refused": str(error)[:200]}))
            continue
        values = {NAMES[k]: carried(v) for k, v in parsed.directives.items() if k in NAMES}
        print(json.dumps({"id": entry["id"], "library": f"apachelogs {apachelogs.__version__}", "values": values}))


if __name__ == "__main__":
    main()
