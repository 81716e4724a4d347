#!/usr/bin/env python3
"""Asks openapi-core which operation and which path parameters each planned request gets.

Reads a plan (gen.py's JSON Lines) on stdin and writes one line a document:

  {"id": "oa-007", "library": "openapi-core 0.23.1",
   "refused": "<why openapi-core refuses the document>"      (only then, and no answers)
   "answers": [{"answer": A, "probes": [A1, A2, ...]}, ...]}   (one a request, in plan order)

An answer A is what openapi-core gives:
  {"operation": "getPet" (the operationId, else "GET /pets/{petId}"), "template": "/pets/{petId}",
   "server": "https://api.example.com/v1", "server_vars": {...},
   "raw": {"petId": "%33"}            (the path variables its path finder matched, as written),
   "args": {"petId": 3}               (the parameters it unmarshals: typed, uuid as text,
                                       a non-finite number as {"nonfinite": "nan"}),
   "invalid": {"petId": "type: integer"}}   (the parameters it refuses, with the rule)
or {"error": "PathNotFound"} (OperationNotFound, ServerNotFound) when its path finder finds none.

How it asks: `OpenAPI.from_dict(document)` (which validates the document with
openapi-spec-validator), then for each request a `MockRequest(host_url, method, path, args=query)`
(openapi_core.testing, which keeps the path as written, as its `requests` integration does), the
unmarshaller's own path finder (`request_unmarshaller._find_path`, what `unmarshal_request` runs
first) for the operation, and `unmarshal_request` for the parameters.
  - A request target in origin form (`/v1/pets/3`) names no host, and urn counts every host unless
    told otherwise, so openapi-core is asked with every server URL cut to its path.
  - An absolute link is asked as it is: host_url is its scheme and host.
  - Swagger 2.0, which openapi-core does not read, is asked as the OpenAPI 3.0 document it
    converts to (`servers` from schemes, host and basePath; each parameter's type, format, enum
    and pattern as its `schema`; `#/parameters/` refs as `#/components/parameters/`).

The probes: openapi-core asked again with its known departures from the specification undone
one more at a time, in QUIRKS order (probes[k] undoes QUIRKS[0..k]). compare.py sorts each
difference into the class of the first departure whose undoing brings openapi-core's answer to
urn's. Each undoing is a small change around openapi-core, never a copy of its code:
  path-servers-first      the document with each path item's `servers` moved into its operations
                          that have none (so an operation's own servers win, §4.7.10)
  server-variable-any     a server match whose variable value is outside its `enum` (and is not
                          its `default`) is skipped; a variable without an enum takes any value
  not-percent-decoded     the matched values are percent-decoded before openapi-core reads them
  label-matrix-ignored    a label or matrix parameter's value is handed to openapi-core's own
                          label/matrix deserializer (under the key it looks up: `.id`, `;id*`)
  lenient-cast            an integer, number or boolean value must be written as JSON writes it
                          (`-?(0|[1-9][0-9]*)`, a JSON number, `true`/`false`); else it is refused

Usage: .build/openapi-venv/bin/python oracle.py [--jobs N] < plan.jsonl > answers.jsonl
(N processes, one document at a time each; 2 unless given)
"""
import copy
import json
import math
import multiprocessing
import re
import sys
import uuid
import warnings
from urllib.parse import unquote_to_bytes

import yaml
from jsonschema_path import SchemaPath
from openapi_core import Config, OpenAPI, __version__
from openapi_core.schema.parameters import get_style_and_explode
from openapi_core.templating.paths.exceptions import PathError
from openapi_core.templating.paths.finders import APICallPathFinder
from openapi_core.templating.paths.iterators import TemplateServersIterator
from openapi_core.testing import MockRequest

QUIRKS = ["path-servers-first", "server-variable-any", "not-percent-decoded",
          "label-matrix-ignored", "lenient-cast"]
APP_QUIRKS = frozenset(QUIRKS[:2])  # the ones undone by another document or path finder
METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
STRICT = {"integer": re.compile(r"-?(0|[1-9][0-9]*)"),
          "number": re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?"),
          "boolean": re.compile(r"true|false")}


def load(plan_doc):
    """The document as openapi-core reads it (Swagger 2.0 converted to OpenAPI 3.0)."""
    text = plan_doc["text"]
    doc = json.loads(text) if plan_doc["format"] == "json" else yaml.safe_load(text)
    return from_swagger(doc) if "swagger" in doc else doc


def from_swagger(doc):
    def ref(value):
        return value.replace("#/parameters/", "#/components/parameters/").replace(
            "#/definitions/", "#/components/schemas/")

    def param(p):
        if "$ref" in p:
            return {"$ref": ref(p["$ref"])}
        schema_keys = ("type", "format", "enum", "pattern", "minimum", "maximum", "items")
        out = {k: v for k, v in p.items() if k not in schema_keys}
        out["schema"] = {k: v for k, v in p.items() if k in schema_keys}
        return out

    base = doc.get("basePath", "")
    if "host" in doc:
        servers = [{"url": f"{s}://{doc['host']}{base}"} for s in doc.get("schemes", ["https"])]
    else:
        servers = [{"url": base or "/"}]
    paths = {}
    for template, item in doc.get("paths", {}).items():
        new = {}
        for key, value in item.items():
            if key == "parameters":
                new[key] = [param(p) for p in value]
            elif key in METHODS:
                op = dict(value)
                if "parameters" in op:
                    op["parameters"] = [param(p) for p in op["parameters"]]
                new[key] = op
            else:
                new[key] = value
        paths[template] = new
    out = {"openapi": "3.0.3", "info": doc["info"], "servers": servers, "paths": paths}
    components = {}
    if "parameters" in doc:
        components["parameters"] = {k: param(v) for k, v in doc["parameters"].items()}
    if "definitions" in doc:
        components["schemas"] = doc["definitions"]
    if components:
        out["components"] = components
    return out


def each_servers_list(doc):
    """Every `servers` list of the document: the root's, each path item's, each operation's."""
    if "servers" in doc:
        yield doc["servers"]
    for item in doc.get("paths", {}).values():
        if "servers" in item:
            yield item["servers"]
        for method in METHODS:
            if "servers" in item.get(method, {}):
                yield item[method]["servers"]


def paths_only(doc):
    """The document with each server URL cut to its path (`https://h/v1` → `/v1`)."""
    doc = copy.deepcopy(doc)
    for servers in each_servers_list(doc):
        for server in servers:
            server["url"] = re.sub(r"^[^/:]*://[^/]*", "", server["url"]) or "/"
    return doc


def operation_servers_first(doc):
    """Undoes path-servers-first: a path item's servers move into its operations without any."""
    doc = copy.deepcopy(doc)
    for item in doc.get("paths", {}).values():
        servers = item.pop("servers", None)
        if servers is None:
            continue
        for method in METHODS:
            if method in item and "servers" not in item[method]:
                item[method]["servers"] = copy.deepcopy(servers)
    return doc


class DeclaredValuesServersIterator(TemplateServersIterator):
    """Undoes server-variable-any: skips server matches whose values the variables do not allow."""

    def __call__(self, name, operations_iter, spec, base_url=None):
        for found in super().__call__(name, operations_iter, spec, base_url=base_url):
            if allowed(found.server, found.server_result.variables or {}):
                yield found


def allowed(server, values):
    if server is None or "variables" not in server:
        return True
    variables = server / "variables"
    for name, value in values.items():
        if name not in variables:
            continue
        variable = variables / name
        if "enum" in variable and value not in list((variable / "enum").read_value()) \
                and value != (variable / "default").read_value():
            return False
    return True


class Oracle:
    """openapi-core over one document, plain and with each QUIRKS prefix undone."""

    def __init__(self, doc):
        self.doc = doc
        self.apps = {}
        # answers repeat across probes whose undoing changes nothing here: asked once each
        self.found = {}
        self.unmarshalled = {}
        self.no_change = set()
        if operation_servers_first(doc) == doc:
            self.no_change.add("path-servers-first")
        if not any("variables" in s for servers in each_servers_list(doc) for s in servers):
            self.no_change.add("server-variable-any")
        # validates the document, as an application would when it starts
        OpenAPI.from_dict(copy.deepcopy(doc))

    def app(self, origin_form, undone):
        key = (origin_form, undone)
        if key not in self.apps:
            doc = paths_only(self.doc) if origin_form else self.doc
            if "path-servers-first" in undone:
                doc = operation_servers_first(doc)
            finder = {}
            if "server-variable-any" in undone:
                finder["servers_iterator"] = DeclaredValuesServersIterator()
            config = Config(spec_validator_cls=None)
            if finder:
                config = Config(spec_validator_cls=None,
                                path_finder_cls=type("ProbePathFinder", (APICallPathFinder,), finder))
            self.apps[key] = OpenAPI(SchemaPath.from_dict(doc), config=config)
        return self.apps[key]

    def ask(self, method, link, undone=frozenset()):
        origin_form = "://" not in link
        if origin_form:
            host_url, target = "http://localhost", link
        else:
            scheme, rest = link.split("://", 1)
            host, slash, path = rest.partition("/")
            host_url, target = f"{scheme}://{host}", slash + path
        path, _, query = target.partition("?")
        args = parse_query(query)
        app_undone = frozenset(undone & APP_QUIRKS) - self.no_change
        app = self.app(origin_form, app_undone)
        key = (origin_form, app_undone, method, link)
        if key not in self.found:
            request = MockRequest(host_url, method.lower(), path, args=args)
            try:
                self.found[key] = app.request_unmarshaller._find_path(request)
            except PathError as error:
                self.found[key] = error
        found = self.found[key]
        if isinstance(found, PathError):
            return {"error": type(found).__name__}
        params = declared_params(found.path, found.operation)
        raw = dict(found.path_result.variables or {})
        given = dict(raw)
        if "not-percent-decoded" in undone:
            given = {k: percent_decoded(v) for k, v in given.items()}
        if "label-matrix-ignored" in undone:
            given = {styled_key(params.get(k), k): v for k, v in given.items()}
        template = found.path_result.pattern
        # the parameters depend only on the operation found and the values given
        key = (template, method, tuple(sorted(given.items())))
        if key not in self.unmarshalled:
            request = MockRequest(host_url, method.lower(), path, args=args, view_args=given)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.unmarshalled[key] = app.unmarshal_request(request)
        result = self.unmarshalled[key]
        op_id = found.operation.get("operationId")
        answer = {"operation": op_id if op_id is not None else f"{method.upper()} {template}",
                  "template": template,
                  "server": (found.server / "url").read_str() if found.server is not None else None,
                  "server_vars": dict(found.server_result.variables or {}),
                  "raw": raw,
                  "args": {k: jsonable(v) for k, v in result.parameters.path.items()},
                  "invalid": {}}
        for error in result.errors:
            name = getattr(error, "name", None)
            if getattr(error, "location", None) == "path":
                answer["invalid"][name] = rule_of(error)
        if "lenient-cast" in undone:
            for name, value in list(answer["args"].items()):
                kind = params[name]["type"] if name in params else None
                text = given.get(name, given.get(styled_key(params.get(name), name)))
                if kind in STRICT and isinstance(text, str) and not STRICT[kind].fullmatch(unstyled(params[name], text)):
                    del answer["args"][name]
                    answer["invalid"][name] = f"type: {kind} (as JSON writes it)"
        return answer


def parse_query(query):
    out = {}
    for part in query.split("&"):
        if part:
            key, _, value = part.partition("=")
            out.setdefault(key, value)
    return out


def declared_params(path, operation):
    """The path parameters in effect ({name: {type, style, explode}}), an operation's over its path's."""
    out = {}
    for holder in (path, operation):
        if "parameters" not in holder:
            continue
        for p in holder / "parameters":
            if (p / "in").read_str() != "path":
                continue
            style, explode = get_style_and_explode(p, default_location="path")
            kind = (p / "schema" / "type").read_str("") if "schema" in p else ""
            out[(p / "name").read_str()] = {"type": kind, "style": style, "explode": explode,
                                            "name": (p / "name").read_str()}
    return out


def styled_key(param, name):
    """The key openapi-core's label/matrix deserializers look the value up by."""
    if param is None or param["style"] not in ("label", "matrix"):
        return name
    mark = "." if param["style"] == "label" else ";"
    return mark + name + ("*" if param["explode"] else "")


def unstyled(param, text):
    """The text of a label or matrix value that is cast (`.5` → `5`, `;id=5` → `5`)."""
    if param["style"] == "label":
        return text[1:]
    if param["style"] == "matrix":
        return text.partition("=")[2]
    return text


def percent_decoded(text):
    try:
        return unquote_to_bytes(text).decode("utf-8")
    except UnicodeDecodeError:
        return text


def rule_of(error):
    cause = error.__cause__
    kind = type(error).__name__
    if kind == "MissingRequiredParameter":
        return "missing"
    if type(cause).__name__ == "CastError":
        return f"type: {cause.type}"
    if type(cause).__name__ == "InvalidSchemaValue":
        first = next(iter(cause.schema_errors), None)
        if first is not None:
            if first.validator in ("format", "type"):
                return f"{first.validator}: {first.validator_value}"
            return first.validator
    return kind if cause is None else f"{kind}: {type(cause).__name__}"


def jsonable(value):
    if isinstance(value, float) and not math.isfinite(value):
        return {"nonfinite": repr(value)}
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    return repr(value)


def answers_for(plan_doc):
    out = {"id": plan_doc["id"], "library": f"openapi-core {__version__}"}
    try:
        oracle = Oracle(load(plan_doc))
    except Exception as error:  # the document is refused: say so, the comparison reports it
        out["refused"] = f"{type(error).__name__}: {str(error).splitlines()[0][:300]}"
        return out
    answers = []
    for request in plan_doc["requests"]:
        method, link = request["method"], request["link"]
        probes = []
        for k in range(len(QUIRKS)):
            probes.append(oracle.ask(method, link, frozenset(QUIRKS[:k + 1])))
        answers.append({"answer": oracle.ask(method, link), "probes": probes})
    out["answers"] = answers
    return out


def main(argv):
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 2
    docs = [json.loads(line) for line in sys.stdin if line.strip()]
    with multiprocessing.Pool(jobs) as pool:
        for out in pool.imap(answers_for, docs):
            sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
