#!/usr/bin/env python3
"""Generates OpenAPI documents and the requests routed through each, for the openapi-core oracle.

Writes a plan (JSON Lines, one document a line, no answers) to stdout:

  {"id": "oa-007", "version": "3.1.0", "format": "yaml", "text": "<the document>",
   "templates": ["/pets", "/pets/{petId}", ...],      (its paths, in document order)
   "requests": [{"method": "GET", "link": "/v1/pets/3", "category": "fit/integer"}, ...]}

The documents are OpenAPI 3.0.3, 3.1.0 and Swagger 2.0, in YAML and JSON, and together use
every path templating feature urn reads: `{name}` as a whole segment and inside one
(`/files/{name}.{ext}`, `/reports/{year}-{month}`), concrete paths beside templated ones that
overlap (`/pets/mine`, `/pets/{petId}`), several methods a path, `servers` with a path prefix,
server variables with `default` and `enum`, path-level and operation-level `servers`, Swagger's
`host`/`basePath`/`schemes`, path parameters typed integer, number, boolean, string, uuid, enum
and pattern, path-level parameters an operation overrides, `style` simple/label/matrix with
`explode`, and `$ref` parameters and schemas inside the document. The requests hit, miss, fit
and break those schemas, with percent-encoded, lenient, empty and trailing-slash values.

The seed is fixed, so the same bytes come out on every run.

Usage: python3 gen.py > plan.jsonl
       python3 gen.py --fuzz-corpus Tests/Fuzz/corpus/openapi   (FuzzOpenAPIDocument's seeds)
"""
import json
import random
import re
import sys

SEED = 41_0004
DOCS = 36
VERSIONS = ["3.0.3", "3.1.0", "2.0"]
HOST = "api.example.com"
FOREIGN_HOST = "other.example.net"

# Values as a request target writes them, by what they should do to a schema: `fit` passes,
# `lenient` passes only with a lenient cast, `break` fails it, `encoded` percent-encodes a
# value (decoded, some fit and some do not).
KINDS = {
    "integer": {
        "schema": {"type": "integer"},
        "fit": ["3", "0", "42", "-7", "2147483648"],
        "lenient": ["+5", "1e3", "007", "5_000", "-0", "9223372036854775808", "1.0"],
        "break": ["abc", "3.5", "0x1F", "", "1,2", "12abc"],
        "encoded": ["%33", "%2B5", "%205", "4%32", "%2D7"],
    },
    "int64": {
        "schema": {"type": "integer", "format": "int64"},
        "fit": ["9000000000", "-1", "17"],
        "lenient": ["+17", "017", "9223372036854775808"],
        "break": ["x17", "", "1.5"],
        "encoded": ["1%37"],
    },
    "number": {
        "schema": {"type": "number"},
        "fit": ["1.5", "-2", "0", "3.25e2", "10"],
        "lenient": [".5", "5.", "1E3", "nan", "inf", "Infinity", "+1.5", "1_0"],
        "break": ["abc", "1.2.3", "", "0x10", "1e"],
        "encoded": ["%31.5", "1%2E5", "%2D2"],
    },
    "boolean": {
        "schema": {"type": "boolean"},
        "fit": ["true", "false"],
        "lenient": ["True", "FALSE", "1", "0", "yes", "off", "t"],
        "break": ["maybe", "", "truth", "2"],
        "encoded": ["%74rue", "fals%65", "%54rue"],
    },
    "string": {
        "schema": {"type": "string"},
        "fit": ["abc", "Rex", "a.b", "a-b_c~d", "42"],
        "lenient": [],
        "break": [""],
        "encoded": ["caf%C3%A9", "a%2Fb", "a%20b", "%E2%82%AC", "a+b", "%41bc", "a%25b"],
    },
    "uuid": {
        "schema": {"type": "string", "format": "uuid"},
        "fit": ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"],
        "lenient": ["123E4567-E89B-12D3-A456-426614174000", "123e4567e89b12d3a456426614174000",
                    "%7B123e4567-e89b-12d3-a456-426614174000%7D"],
        "break": ["x", "123e4567-e89b-12d3-a456-42661417400", "", "123e4567-e89b-12d3-a456-42661417400g"],
        "encoded": ["123e4567%2De89b-12d3-a456-426614174000"],
    },
    "enum": {
        "schema": {"type": "string", "enum": ["available", "pending", "sold"]},
        "fit": ["available", "sold", "pending"],
        "lenient": [],
        "break": ["Available", "gone", "", "available2"],
        "encoded": ["%61vailable", "sol%64"],
    },
    "int-enum": {
        "schema": {"type": "integer", "enum": [1, 2, 3]},
        "fit": ["1", "3"],
        "lenient": ["+1", "01"],
        "break": ["4", "0", "one"],
        "encoded": ["%32"],
    },
    "pattern": {
        "schema": {"type": "string", "pattern": "^[a-z][a-z0-9_]{2,15}$"},
        "fit": ["bob_1", "alice"],
        "lenient": [],
        "break": ["Bob", "ab", "1abc", ""],
        "encoded": ["b%6Fb_1", "b%20b"],
    },
    "pattern-unanchored": {
        "schema": {"type": "string", "pattern": "[0-9]{3}"},
        "fit": ["123", "ab123cd"],
        "lenient": [],
        "break": ["12a", "x"],
        "encoded": ["%31%32%33"],
    },
}

# The typed resources a document may carry: a collection name and its parameter's kind.
TYPED = [("flags", "flag", "boolean"), ("prices", "amount", "number"), ("users", "username", "pattern"),
         ("orders", "status", "enum"), ("sessions", "sid", "uuid"), ("codes", "code", "pattern-unanchored"),
         ("levels", "level", "int-enum"), ("accounts", "accountId", "int64"), ("tags", "tag", "string")]

# Root servers of an OpenAPI 3 document (the Swagger ones are written as host/basePath/schemes).
SERVER_SETS = [
    [{"url": "https://api.example.com/v1"}],
    [{"url": "/api/v2"}],
    [{"url": "https://{region}.example.com/{version}",
      "variables": {"region": {"default": "eu", "enum": ["eu", "us"]},
                    "version": {"default": "v1", "enum": ["v1", "v2"]}}}],
    [{"url": "{scheme}://api.example.com/{base}",
      "variables": {"scheme": {"default": "https", "enum": ["http", "https"]},
                    "base": {"default": "api"}}}],
    [],
    [{"url": "https://api.example.com/v1"}, {"url": "https://staging.example.com/beta"}],
    [{"url": "https://api.example.com/v1/"}],
    [{"url": "/{tenant}/api", "variables": {"tenant": {"default": "acme", "enum": ["acme", "globex"]}}}],
    [{"url": "/"}],
    [{"url": "https://api.example.com/v1/{stage}", "variables": {"stage": {"default": "prod"}}}],
]

SWAGGER_ROOTS = [
    {"host": HOST, "basePath": "/v1", "schemes": ["https"]},
    {"basePath": "/api"},
    {"host": HOST, "schemes": ["http", "https"]},
    {"host": HOST, "basePath": "/"},
    {},
    {"host": HOST, "basePath": "/v2/"},
]


class Doc:
    """One document under construction, in OpenAPI 3 shape, with the requests to route."""

    def __init__(self, index, rng):
        self.id = f"oa-{index:03d}"
        self.rng = rng
        self.version = VERSIONS[index % 3]
        self.swagger = self.version == "2.0"
        self.paths = {}
        self.components = {"schemas": {}, "parameters": {}}
        self.servers = []
        self.swagger_root = {}
        # what requests to make: (template, method, parameters by name)
        self.operations = []
        self.op_count = 0

    def op_id(self, name):
        """An operationId, left out for about one operation in five (the target is then METHOD path)."""
        self.op_count += 1
        return None if self.rng.random() < 0.2 else name

    def param(self, name, kind, style=None, explode=None, ref=False, schema_ref=False):
        """A path parameter of `kind`, inline or through `$ref` (parameter, or schema)."""
        schema = dict(KINDS[kind]["schema"])
        if schema_ref and not self.swagger:
            key = "".join(w.capitalize() for w in re.split(r"[-_]", kind)) + "Value"
            self.components["schemas"][key] = schema
            schema = {"$ref": f"#/components/schemas/{key}"}
        p = {"name": name, "in": "path", "required": True, "schema": schema}
        if style:
            p["style"] = style
        if explode is not None:
            p["explode"] = explode
        meta = {"name": name, "kind": kind, "style": style or "simple", "explode": bool(explode)}
        if ref:
            key = name[0].upper() + name[1:]
            self.components["parameters"][key] = p
            return {"$ref": f"#/components/parameters/{key}"}, meta
        return p, meta

    def add(self, template, method, op_id, params=(), path_params=(), servers=None, path_servers=None):
        """Adds an operation (and the path item when new); params are (definition, meta) pairs."""
        item = self.paths.setdefault(template, {})
        if path_params and "parameters" not in item:
            item["parameters"] = [p for p, _ in path_params]
        if path_servers is not None:
            item["servers"] = path_servers
        op = {}
        if op_id:
            op["operationId"] = op_id
        if params:
            op["parameters"] = [p for p, _ in params]
        if servers is not None:
            op["servers"] = servers
        op["responses"] = {"200": {"description": "ok"}}
        item[method] = op
        metas = {m["name"]: m for _, m in path_params}
        metas.update({m["name"]: m for _, m in params})
        self.operations.append({"template": template, "method": method.upper(), "params": metas,
                                "servers": servers, "path_servers": item.get("servers")})


# Blocks: each adds a group of paths that exercises one templating feature.

def block_pets(d):
    r = d.rng
    pet = d.param("petId", "integer", ref=r.random() < 0.6, schema_ref=r.random() < 0.5)
    d.add("/pets", "get", d.op_id("listPets"))
    d.add("/pets", "post", d.op_id("createPet"))
    mine_first = r.random() < 0.5
    if mine_first:
        d.add("/pets/mine", "get", d.op_id("myPets"))
    shared = r.random() < 0.5
    for method, name in [("get", "getPet"), ("put", "updatePet"), ("delete", "deletePet")]:
        if shared:
            d.add("/pets/{petId}", method, d.op_id(name), path_params=[pet])
        else:
            d.add("/pets/{petId}", method, d.op_id(name), params=[pet])
    if not mine_first:
        d.add("/pets/mine", "get", d.op_id("myPets"))
    photo = d.param("photoId", "uuid")
    d.add("/pets/{petId}/photos/{photoId}", "get", d.op_id("getPhoto"), params=[pet, photo])


def block_files(d):
    r = d.rng
    name = d.param("name", "string")
    ext = d.param("ext", "enum")
    ext[0]["schema"] = {"type": "string", "enum": ["json", "xml", "txt"]}
    ext[1]["kind"] = "ext"
    order = ["dotted", "whole", "literal"]
    r.shuffle(order)
    for what in order:
        if what == "dotted":
            d.add("/files/{name}.{ext}", "get", d.op_id("getFileAs"), params=[name, ext])
        elif what == "whole":
            d.add("/files/{name}", "get", d.op_id("getFile"), params=[name])
        else:
            d.add("/files/latest.json", "get", d.op_id("latestFile"))


def block_typed(d):
    for collection, pname, kind in d.rng.sample(TYPED, 3):
        p = d.param(pname, kind, ref=d.rng.random() < 0.3, schema_ref=d.rng.random() < 0.3)
        d.add(f"/{collection}/{{{pname}}}", "get", d.op_id("get" + collection.capitalize()), params=[p])


def block_reports(d):
    year = d.param("year", "integer")
    month = d.param("month", "integer")
    d.add("/reports/{year}-{month}", "get", d.op_id("monthlyReport"), params=[year, month])
    d.add("/reports/{year}", "get", d.op_id("yearlyReport"), params=[year])
    d.add("/reports/summary", "get", d.op_id("reportSummary"))
    major = d.param("major", "integer")
    minor = d.param("minor", "integer")
    d.add("/archive/v{major}.{minor}", "get", d.op_id("archive"), params=[major, minor])


def block_overlap(d):
    a = d.param("a", "string")
    b = d.param("b", "string")
    paths = [("/items/{a}/{b}", ["get", "delete"], [a, b], "itemPair"),
             ("/items/{a}/details", ["get"], [a], "itemDetails"),
             ("/items/special/{b}", ["get", "patch"], [b], "specialItem"),
             ("/items/special/details", ["get"], [], "specialDetails")]
    d.rng.shuffle(paths)
    for template, methods, params, name in paths:
        for m in methods:
            d.add(template, m, d.op_id(name + m.capitalize()), params=params)


def block_styles(d):
    """style label and matrix (OpenAPI 3 only), each explode or not, on an integer or a string."""
    r = d.rng
    for style, collection in [("label", "labels"), ("matrix", "matrices"), ("simple", "simples")]:
        kind = r.choice(["integer", "string", "boolean"])
        explode = r.choice([True, False])
        p = d.param("id", kind, style=style, explode=explode if style != "simple" or explode else None)
        d.add(f"/{collection}/{{id}}", "get", d.op_id(style + "Item"), params=[p])


def block_servers(d):
    """Path-level and operation-level servers (OpenAPI 3 only): §4.7.10 says the operation's win."""
    r = d.rng
    path_servers = [{"url": "/internal"}]
    if r.random() < 0.5:
        path_servers = [{"url": "https://admin.example.com/internal"}]
    d.add("/admin/stats", "get", d.op_id("adminStats"), path_servers=path_servers)
    d.add("/admin/stats", "post", d.op_id("resetStats"), servers=[{"url": "/ops"}])
    d.add("/health", "get", d.op_id("health"),
          servers=[{"url": "/{probe}", "variables": {"probe": {"default": "live", "enum": ["live", "ready"]}}}])


def block_override(d):
    """Path-level parameters one operation overrides (by name and location)."""
    store = d.param("storeId", "integer")
    item = d.param("itemId", "string")
    item_int = d.param("itemId", "integer")
    d.add("/stores/{storeId}/items/{itemId}", "get", d.op_id("getStoreItem"), params=[item_int],
          path_params=[store, item])
    d.add("/stores/{storeId}/items/{itemId}", "delete", d.op_id("deleteStoreItem"), path_params=[store, item])


OPENAPI3_BLOCKS = [block_pets, block_files, block_typed, block_reports, block_overlap, block_styles,
                   block_servers, block_override]
SWAGGER_BLOCKS = [block_pets, block_files, block_typed, block_reports, block_overlap, block_override]


def build(index):
    rng = random.Random(SEED * 1000 + index)
    d = Doc(index, rng)
    blocks = SWAGGER_BLOCKS if d.swagger else OPENAPI3_BLOCKS
    chosen = [b for b in blocks if rng.random() < 0.55] or [block_pets]
    if not d.swagger and index % 4 == 0 and block_servers not in chosen:
        chosen.append(block_servers)
    if not d.swagger and index % 5 == 1 and block_styles not in chosen:
        chosen.append(block_styles)
    for block in chosen:
        block(d)
    if d.swagger:
        d.swagger_root = SWAGGER_ROOTS[index % len(SWAGGER_ROOTS)]
    else:
        d.servers = SERVER_SETS[index % len(SERVER_SETS)]
    return d


def document(d):
    """The document as a dict, in the shape of its version."""
    if d.swagger:
        return swagger_document(d)
    doc = {"openapi": d.version, "info": {"title": f"oracle {d.id}", "version": "1.0.0"}}
    if d.servers:
        doc["servers"] = d.servers
    doc["paths"] = d.paths
    components = {k: v for k, v in d.components.items() if v}
    if components:
        doc["components"] = components
    return doc


def swagger_document(d):
    """Swagger 2.0: parameters carry their type beside them, `$ref`s point at #/parameters."""
    def param2(p):
        if "$ref" in p:
            return {"$ref": p["$ref"].replace("#/components/parameters/", "#/parameters/")}
        out = {k: v for k, v in p.items() if k not in ("schema", "style", "explode")}
        out.update(p["schema"])
        return out

    paths = {}
    for template, item in d.paths.items():
        new = {}
        for key, value in item.items():
            if key == "parameters":
                new[key] = [param2(p) for p in value]
            elif key == "servers":
                continue
            else:
                op = {k: v for k, v in value.items() if k != "servers"}
                if "parameters" in op:
                    op["parameters"] = [param2(p) for p in op["parameters"]]
                new[key] = op
        paths[template] = new
    doc = {"swagger": "2.0", "info": {"title": f"oracle {d.id}", "version": "1.0.0"}}
    doc.update(d.swagger_root)
    doc["paths"] = paths
    if d.components["parameters"]:
        doc["parameters"] = {k: param2(v) for k, v in d.components["parameters"].items()}
    return doc


# Requests.

def server_choices(servers):
    """(prefix URL, category) for each way to write a server: default, enum, outside the enum."""
    if not servers:
        return [("/", "default")]
    out = []
    for server in servers:
        url = server["url"]
        variables = server.get("variables", {})
        out.append((substitute(url, {k: v["default"] for k, v in variables.items()}), "default"))
        for name, var in variables.items():
            for value in var.get("enum", []):
                if value != var["default"]:
                    values = {k: v["default"] for k, v in variables.items()}
                    values[name] = value
                    out.append((substitute(url, values), "enum"))
            values = {k: v["default"] for k, v in variables.items()}
            values[name] = "zz" + name
            out.append((substitute(url, values), "outside-enum"))
    return out


def substitute(url, values):
    return re.sub(r"\{([^}]*)\}", lambda m: values[m.group(1)], url)


def swagger_servers(root):
    """The servers a Swagger root means, written as OpenAPI 3 server URLs."""
    base = root.get("basePath", "")
    if "host" not in root:
        return [{"url": base or "/"}]
    return [{"url": f"{s}://{root['host']}{base}"} for s in root.get("schemes", ["https"])]


def link_for(prefix, path, rng, foreign=False):
    """A request target: origin-form (the path alone), or absolute for about one in four."""
    if prefix.endswith("/"):
        prefix = prefix[:-1]
    if "://" in prefix:
        scheme, rest = prefix.split("://", 1)
        host, _, base = rest.partition("/")
        base = "/" + base if base else ""
    else:
        scheme, host, base = "https", HOST, prefix
    full = base + path
    if foreign:
        return f"https://{FOREIGN_HOST}{full}"
    if rng.random() < 0.25:
        return f"{scheme}://{host}{full}"
    return full


EXT_VALUES = {"fit": ["json", "xml"], "break": ["JSON", "pdf", ""], "lenient": [], "encoded": ["%6Ason"]}


def value_for(meta, which, rng):
    """A value of `which` sort for the parameter, and the sort it is (`fit` where it has none)."""
    pool = EXT_VALUES if meta["kind"] == "ext" else KINDS[meta["kind"]]
    if not pool[which]:
        which = "fit"
    return rng.choice(pool[which]), which


def styled(meta, raw, rng, malformed=False):
    """The value as its style writes it in a path (RFC 6570 label `.v`, matrix `;name=v`)."""
    if meta["style"] == "label":
        return raw if malformed else "." + raw
    if meta["style"] == "matrix":
        return (raw if rng.random() < 0.5 else f";other={raw}") if malformed else f";{meta['name']}={raw}"
    return raw


def fill(template, values):
    return re.sub(r"\{([^}]*)\}", lambda m: values[m.group(1)], template)


def requests_for(d):
    rng = d.rng
    out = []
    root = swagger_servers(d.swagger_root) if d.swagger else d.servers
    root_choices = server_choices(root)

    def prefix_for(op):
        effective = op["servers"] or op["path_servers"] or root
        choices = server_choices(effective)
        roll = rng.random()
        if roll < 0.6:
            return choices[0]
        if roll < 0.85:
            return rng.choice(choices)
        other = server_choices(op["path_servers"] or root) if op["servers"] else root_choices
        return rng.choice(other + [("/wrong", "wrong-prefix")])

    def emit(method, op, values, category):
        prefix, server_category = prefix_for(op)
        path = fill(op["template"], values)
        foreign = rng.random() < 0.04
        link = link_for(prefix, path, rng, foreign)
        if server_category != "default":
            category += "+server-" + server_category
        if foreign:
            category += "+foreign-host"
        if rng.random() < 0.08:
            link += rng.choice(["?verbose=1", "?q=a%20b&x", "?"])
            category += "+query"
        out.append({"method": method, "link": link, "category": category})

    def fits(op):
        return {n: styled(m, value_for(m, "fit", rng)[0], rng) for n, m in op["params"].items()}

    methods_by_path = {}
    for op in d.operations:
        methods_by_path.setdefault(op["template"], set()).add(op["method"])
    for op in d.operations:
        emit(op["method"], op, fits(op), "fit")
        for name, meta in op["params"].items():
            whiches = rng.sample(["lenient", "break", "encoded", "encoded", "break", "fit"], 3)
            for which in whiches:
                values = fits(op)
                value, which = value_for(meta, which, rng)
                values[name] = styled(meta, value, rng)
                emit(op["method"], op, values, f"{which}/{meta['kind']}")
            if meta["style"] != "simple":
                values = fits(op)
                values[name] = styled(meta, value_for(meta, "fit", rng)[0], rng, malformed=True)
                emit(op["method"], op, values, f"style-malformed/{meta['style']}")
        roll = rng.random()
        if roll < 0.15:
            emit(op["method"], op, fits(op), "trailing-slash")
            out[-1]["link"] = add_trailing_slash(out[-1]["link"])
        elif roll < 0.25:
            emit(op["method"], op, fits(op), "case")
            out[-1]["link"] = swap_case_of_literal(out[-1]["link"], op["template"])
        elif roll < 0.32:
            emit(op["method"], op, fits(op), "double-slash")
            out[-1]["link"] = out[-1]["link"].replace(op["template"].split("/")[1], "/" + op["template"].split("/")[1], 1)
    for template, methods in methods_by_path.items():
        op = next(o for o in d.operations if o["template"] == template)
        missing = [m for m in ["PATCH", "DELETE", "POST", "OPTIONS"] if m not in methods]
        if missing:
            emit(rng.choice(missing), op, fits(op), "method-miss")
        if "GET" in methods and rng.random() < 0.4:
            emit("HEAD", op, fits(op), "head")
    for path, category in [("/nothing/here", "miss"), ("/", "miss-root"), ("/pets/3/extra/more", "miss-extra")]:
        prefix, _ = root_choices[0]
        out.append({"method": "GET", "link": link_for(prefix, path, rng), "category": category})
    return out


def add_trailing_slash(link):
    path, mark, query = link.partition("?")
    return path + "/" + mark + query


def swap_case_of_literal(link, template):
    literal = next((s for s in template.split("/") if s and "{" not in s), None)
    if literal is None:
        return link
    return link.replace("/" + literal, "/" + literal.capitalize() if literal != literal.capitalize() else "/" + literal.upper(), 1)


# YAML: a small block-style writer, so that the generator needs nothing beyond Python.

YAML_PLAIN = re.compile(r"^[A-Za-z_/][A-Za-z0-9_./{}-]*$")
YAML_WORDS = {"y", "yes", "n", "no", "true", "false", "on", "off", "null", "~"}


def yaml_scalar(value, quote_all):
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if not quote_all and YAML_PLAIN.match(value) and value.lower() not in YAML_WORDS:
        return value
    return json.dumps(value, ensure_ascii=False)


def yaml_lines(value, indent, quote_all):
    pad = " " * indent
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            k = yaml_scalar(str(key), quote_all) if not (isinstance(key, str) and key.isdigit()) else json.dumps(str(key))
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{k}:")
                lines.extend(yaml_lines(item, indent + 2, quote_all))
            else:
                lines.append(f"{pad}{k}: {yaml_empty(item, quote_all)}")
    else:
        for item in value:
            if isinstance(item, (dict, list)) and item:
                sub = yaml_lines(item, indent + 2, quote_all)
                lines.append(f"{pad}- {sub[0].lstrip()}")
                lines.extend(sub[1:])
            else:
                lines.append(f"{pad}- {yaml_empty(item, quote_all)}")
    return lines


def yaml_empty(value, quote_all):
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return yaml_scalar(value, quote_all)


def text_of(doc, fmt, rng):
    if fmt == "json":
        return json.dumps(doc, indent=rng.choice([2, None]), ensure_ascii=False) + "\n"
    return "\n".join(yaml_lines(doc, 0, rng.random() < 0.3)) + "\n"


# Issue 56's documents, after the others (their own seeds, so the documents above and their
# requests stay as they were): the issue's servers and paths, and requests that try server
# variables with and without `enum`, servers that end in '/', dot segments, empty values,
# trailing slashes and '.' separators.
ISSUE56_DOCS = 12
ISSUE56_SERVERS = [
    {"url": "{scheme}://api.example.com:{port}/{base}",
     "variables": {"scheme": {"default": "https"}, "port": {"default": "443"}, "base": {"default": "v2"}}},
    {"url": "https://{region}.example.com/{version}",
     "variables": {"region": {"default": "eu"}, "version": {"default": "v1", "enum": ["v1", "v2"]}}},
    {"url": "https://api.example.com/v2/"},
    {"url": "/{tenant}/api/", "variables": {"tenant": {"default": "acme"}}},
    {"url": "https://api.example.com/{base}/", "variables": {"base": {"default": "v1", "enum": ["v1", "v2"]}}},
    {"url": "/api/v3"},
]
# Values a variable may take in a request, by how the server declares it: its default, another
# enum value, a value outside its enum, any value where it has no enum.
ISSUE56_ANY = {"scheme": "http", "port": "8443", "base": "v3", "region": "us-west", "tenant": "globex"}


def build_issue56(index):
    rng = random.Random(SEED * 1000 + index)
    d = Doc(index, rng)
    d.version = ["3.0.3", "3.1.0"][index % 2]
    d.swagger = False
    item_id = d.param("id", "integer")
    d.add("/items", "get", d.op_id("listItems"))
    d.add("/items/{id}", "get", d.op_id("getItem"), params=[item_id])
    d.add("/items/mine", "get", d.op_id("mine"))
    name = d.param("name", "string")
    ext = d.param("ext", "enum")
    ext[0]["schema"] = {"type": "string", "enum": ["json", "xml", "gz"]}
    ext[1]["kind"] = "ext"
    files = [("/files/{name}", [name], "getFile"), ("/files/{name}.{ext}", [name, ext], "getFileAs")]
    rng.shuffle(files)
    for template, params, op in files:
        d.add(template, "get", d.op_id(op), params=params)
    d.add("/tags/{tag}/posts", "get", d.op_id("taggedPosts"), params=[d.param("tag", "string")])
    d.add("/docs/", "get", d.op_id("docsIndex"))
    d.servers = [ISSUE56_SERVERS[index % len(ISSUE56_SERVERS)]]
    if rng.random() < 0.3:
        d.servers = d.servers + [ISSUE56_SERVERS[(index + 3) % len(ISSUE56_SERVERS)]]
    return d


def issue56_prefixes(server):
    """(prefix URL, category) for a server: its defaults, and each variable moved to another
    enum value, outside its enum, or to any value where it has none."""
    url, variables = server["url"], server.get("variables", {})
    defaults = {k: v["default"] for k, v in variables.items()}
    out = [(substitute(url, defaults), "default")]
    for name, var in variables.items():
        values = dict(defaults)
        if "enum" in var:
            values[name] = next(v for v in var["enum"] if v != var["default"])
            out.append((substitute(url, values), "enum"))
            values[name] = "zz" + name
            out.append((substitute(url, values), "outside-enum"))
        else:
            values[name] = ISSUE56_ANY[name]
            out.append((substitute(url, values), "any-value"))
    return out


# The paths of issue 56's requests, with what each tries.
ISSUE56_PATHS = [
    ("/items", "hit"), ("/items/5", "hit"), ("/items/mine", "concrete"),
    ("/items/", "trailing-slash/empty-value"), ("/items/5/", "trailing-slash"), ("/items/mine/", "trailing-slash"),
    ("/items/./5", "dot-segment"), ("/x/../items/mine", "dot-segment"), ("/items/5/..", "dot-segment/empty-value"),
    ("/items/abc/../7", "dot-segment"), ("/items/5/.", "dot-segment/trailing-slash"),
    ("/files/a.b.json", "separator"), ("/files/a.json", "separator"), ("/files/.json", "separator/empty-value"),
    ("/files/a.", "separator/empty-value"), ("/files/a", "separator"), ("/files/archive.tar.gz", "separator"),
    ("/tags//posts", "empty-value"), ("/tags/x/posts/", "trailing-slash"), ("/tags/x/posts", "hit"),
    ("/docs/", "trailing-slash/concrete"), ("/docs", "trailing-slash"),
]


def issue56_requests(d):
    rng = d.rng
    out = []
    for server in d.servers:
        prefixes = issue56_prefixes(server)
        for path, what in ISSUE56_PATHS:
            prefix, category = prefixes[0] if rng.random() < 0.5 else rng.choice(prefixes)
            out.append({"method": "GET", "link": link_for(prefix, path, rng), "category": f"issue56/{what}+server-{category}"})
        for prefix, category in prefixes:
            # every way of writing the server once, and with its '/' kept before the path
            out.append({"method": "GET", "link": link_for(prefix, "/items/5", rng), "category": f"issue56/server+server-{category}"})
            if prefix.endswith("/"):
                link = link_for(prefix, "/items", rng)
                base = link.partition("/items")[0]
                out.append({"method": "GET", "link": base + "//items", "category": f"issue56/server-slash+server-{category}"})
        # a dot segment that climbs out of the server's base path
        out.append({"method": "GET", "link": link_for(prefixes[0][0], "/../items/5", rng), "category": "issue56/dot-segment-above-base"})
    return out


def documents():
    """Every document, in order: (the document under construction, its format, its text, its requests)."""
    for index in range(DOCS + ISSUE56_DOCS):
        d = build(index) if index < DOCS else build_issue56(index)
        fmt = "yaml" if ((index // 3) % 2 == 0 if index < DOCS else index % 2 == 0) else "json"
        text = text_of(document(d), fmt, d.rng)
        yield d, fmt, text, requests_for(d) if index < DOCS else issue56_requests(d)


def plan():
    """Every document with its requests, in order."""
    return [{"id": d.id, "version": d.version, "format": fmt, "text": text, "templates": list(d.paths), "requests": requests}
            for d, fmt, text, requests in documents()]


def fuzz_seeds():
    """Seeds for `make fuzz`'s FuzzOpenAPIDocument (Tests/Fuzz/corpus/openapi): each document's
    path items one at a time, with its servers and components, written as the document is (YAML
    or JSON), and a line with one of its requests after it (`METHOD link`); only the seeds that
    fit in the 1,024 bytes `make fuzz` gives an input."""
    seeds = []
    for d, fmt, _, requests in documents():
        whole = document(d)
        for k, template in enumerate(d.paths):
            single = dict(whole)
            single["paths"] = {template: whole["paths"][template]}
            single.pop("info", None)
            text = json.dumps(single, separators=(",", ":")) if fmt == "json" else "\n".join(yaml_lines(single, 0, False))
            literal = next((w for w in template.split("/") if w and "{" not in w), "")
            request = next((r for r in requests if "/" + literal in r["link"]), requests[k % len(requests)])
            seed = f"{text}\n{request['method']} {request['link']}"
            if len(seed.encode()) <= 1024:
                seeds.append(seed)
    return seeds


def main():
    if sys.argv[1:2] == ["--fuzz-corpus"]:
        import hashlib
        import os
        folder = sys.argv[2]
        os.makedirs(folder, exist_ok=True)
        for seed in fuzz_seeds():
            data = seed.encode()
            with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
                f.write(data)
        return
    for doc in plan():
        sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
