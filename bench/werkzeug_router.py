#!/usr/bin/env python3
"""The peer for urnmatch in `make bench`: werkzeug's Map/MapAdapter.match over the same links
and routes, printing one JSON line per matched link (as urnmatch does by default)."""
import json
import re
import sys
from urllib.parse import urlsplit

from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map, Rule


def werkzeug_rule(pattern):
    """Express ':name' and '*name' and URLNavigator '<name>' become werkzeug converters."""
    pattern = re.sub(r"/:([A-Za-z0-9_]+)", r"/<\1>", pattern)
    pattern = re.sub(r"/\*([A-Za-z0-9_]+)$", r"/<path:\1>", pattern)
    pattern = re.sub(r"<\*([A-Za-z0-9_]+)>", r"<path:\1>", pattern)
    return pattern


def main():
    rules = []
    seen = set()
    for path in sys.argv[1:]:
        for line in open(path):
            line = line.strip()
            if not line or line.startswith("#") or line.startswith("@"):
                continue
            parts = line.split()
            rule = werkzeug_rule(parts[0])
            if rule in seen:
                continue
            seen.add(rule)
            rules.append(Rule(rule, endpoint=parts[1] if len(parts) > 1 else parts[0], strict_slashes=False))
    adapter = Map(rules).bind("api.github.com")
    out = sys.stdout
    for line in sys.stdin:
        link = line.strip()
        if not link:
            continue
        try:
            endpoint, args = adapter.match(urlsplit(link).path)
        except HTTPException:
            continue
        except Exception:
            continue
        out.write(json.dumps({"link": link, "route": {"target": endpoint, "args": args}}) + "\n")


if __name__ == "__main__":
    main()
