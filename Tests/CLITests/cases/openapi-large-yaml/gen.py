"""A YAML OpenAPI document of about 200 KiB, large enough for urn to parse it in pieces at
once: path keys and top-level keys near its middle, comment lines at column 0 inside `paths`,
block scalars, anchors used across the middle, non-ASCII text. `--broken N` puts a YAML error
on path item N; `--flow-first` puts a top-level flow mapping before `paths`, as long as the
rest, whose lines at column 0 look like keys (a cut there does not fit, and the document is
read whole)."""
import sys

def main():
    broken = int(sys.argv[sys.argv.index("--broken") + 1]) if "--broken" in sys.argv else None
    flow = "--flow-first" in sys.argv
    out = ["openapi: 3.0.3", "info:", "  title: Café API", "  version: '1'",
           "servers:", "- url: https://api.example.com/v1"]
    if flow:
        out += ["x-flow: {", *[f"key{i}: {i}," for i in range(30000)], "last: 0", "}"]
    out.append("paths: # the routes")
    for i in range(700):
        if i % 50 == 49:
            out += ["# a comment at column 0", ""]
        out.append(f"  /items{i}/{{id}}:")
        out += ["    get:", f"      operationId: getItem{i}", f"      summary: item {i} — read",
                "      description: |", f"        Reads item {i}.", "          indented: not a key",
                "      parameters:", f"      - &id{i}", "        name: id", "        in: path",
                "        required: true", "        schema:", "          type: integer" if i % 2 else "          type: string"]
        if i >= 350:
            out.append(f"      - *id{i - 349}")
        if i == broken:
            out.append("      tags: [unclosed")
    out += ["components:", "  schemas:", "    Item:", "      type: object"]
    print("\n".join(out))

main()
