#!/usr/bin/env python3
"""Writes a generated OpenAPI 3.0 document of N operations (YAML and JSON), the same routes as an
urn table, and links to route through both: the OpenAPI figures of `make bench` (issue 41)."""
import argparse
import json
import os
import random


def document(operations, seed):
    """A document of `operations` operations over resources of one to three levels, with
    integer and string path parameters from components, tags, and the descriptions, bodies and
    responses that real documents carry (and a reader must get through)."""
    rng = random.Random(seed)
    paths = {}
    routes = []
    count = 0
    resource = 0
    methods = ["get", "put", "delete", "patch"]
    while count < operations:
        name = f"res{resource}"
        group = f"svc{resource % 40}"
        collection = f"/{group}/{name}"
        item = f"{collection}/{{{name}Id}}"
        sub = f"{item}/parts/{{partKey}}"
        for path, verbs in ((collection, ["get", "post"]), (item, methods[: rng.randint(1, 4)]), (sub, ["get"])):
            entry = paths.setdefault(path, {})
            if "{" in path:
                entry["parameters"] = [{"$ref": f"#/components/parameters/{p}"}
                                       for p in ([f"{name}Id"] + (["partKey"] if path == sub else []))]
            for verb in verbs:
                if count >= operations:
                    break
                op_id = f"{verb}{name.capitalize()}{'Part' if path == sub else 'Item' if path == item else 'List'}"
                entry[verb] = {
                    "operationId": op_id,
                    "tags": [group],
                    "summary": f"{verb.upper()} {path}",
                    "description": "Generated operation. " * rng.randint(1, 4),
                    "responses": {
                        "200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                        "404": {"description": "Not found"},
                    },
                }
                if verb in ("post", "put", "patch"):
                    entry[verb]["requestBody"] = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}
                routes.append((verb.upper(), path, op_id))
                count += 1
        resource += 1
    parameters = {f"res{r}Id": {"name": f"res{r}Id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
                  for r in range(resource)}
    parameters["partKey"] = {"name": "partKey", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[a-z0-9-]+$"}}
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Generated", "version": "1.0.0"},
        "servers": [{"url": "https://api.example.com/v1"}],
        "paths": paths,
        "components": {
            "parameters": parameters,
            "schemas": {"Thing": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}},
        },
    }
    return doc, routes


def yaml_text(value, indent=0):
    """Block YAML for the document (no PyYAML needed): keys and strings quoted where they must be."""
    pad = "  " * indent
    def scalar(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return str(v)
        return json.dumps(v)
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            k = key if key.replace("_", "").isalnum() and not key[0].isdigit() else json.dumps(key)
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{k}:")
                lines.append(yaml_text(item, indent + 1))
            else:
                lines.append(f"{pad}{k}: {scalar(item) if not isinstance(item, (dict, list)) else json.dumps(item)}")
    else:
        for item in value:
            if isinstance(item, (dict, list)) and item:
                inner = yaml_text(item, indent + 1).lstrip()
                lines.append(f"{pad}- {inner}")
            else:
                lines.append(f"{pad}- {scalar(item)}")
    return "\n".join(lines)


def links(routes, count, seed):
    """Links to route: each a route's path with values in its parameters (10% no route)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        if rng.random() < 0.1:
            out.append(f"/v1/nowhere/{rng.randint(1, 999)}")
            continue
        _, path, _ = rng.choice(routes)
        filled = path.replace("{partKey}", f"part-{rng.randint(1, 99)}")
        while "{" in filled:
            start = filled.index("{")
            filled = filled[:start] + str(rng.randint(1, 99999)) + filled[filled.index("}") + 1:]
        out.append("/v1" + filled)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", "--operations", type=int, default=1000)
    parser.add_argument("--links", type=int, default=0, help="also write this many links")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--out", required=True, help="folder to write openapi-N.{yaml,json,routes} into")
    args = parser.parse_args()
    doc, routes = document(args.operations, args.seed)
    base = os.path.join(args.out, f"openapi-{args.operations}")
    with open(base + ".yaml", "w") as f:
        f.write(yaml_text(doc) + "\n")
    with open(base + ".json", "w") as f:
        json.dump(doc, f, indent=2)
    # the same routes as an urn table: a method column, the server's base path, {name} placeholders
    with open(base + ".routes", "w") as f:
        for method, path, op_id in routes:
            f.write(f"{method} /v1{path} {op_id}\n")
    if args.links:
        with open(base + ".links", "w") as f:
            f.write("\n".join(links(routes, args.links, args.seed)) + "\n")


if __name__ == "__main__":
    main()
