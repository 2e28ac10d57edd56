"""One API's description (specs/<api>.json) with its overlay's documented changes (specs/overlays/<api>.json) and
operation table (include/webapi/<api>/operations.hpp), indexed for looking up the operation an exchange record
names and what the description, so changed, says about it.

The overlay is applied as the code generator applies it (tools/codegen/module.cpp, operation_reader.cpp), since
the clients and the fakes follow the changed operations and each change carries its source there:
- "schemas" replace or add components/schemas entries; then "member_types" ({"Schema": {"member": {"schema"}}})
  replace one member's schema;
- "operations" add operations: a copy of the one named by "like" (method, path, path-level parameters and
  every key), then "method" / "path" replace those and every other key replaces the operation's key;
- "patches" ({"<name>": {key: value}}) replace keys of an operation (description's or added), named as the
  client names it; an "extra_methods" variant ({"of", "name"}) is its base operation, patched.
"""

import copy
import json
import os
import re
from urllib.parse import unquote, urlsplit

from openapi_schema import convert_document, convert_schema

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")

# {"get_me", webapi::Method::get, "/me", "operation.id", "", true},
_TABLE_ROW = re.compile(
    r'^\s*\{"([^"]+)", webapi::Method::(\w+), "([^"]*)", "([^"]*)", "([^"]*)", (?:true|false)\},$')


def read_operation_table(header_path):
    """The client's operations: name -> (METHOD, path template, operationId or "")."""
    rows = {}
    in_table = False
    with open(header_path, encoding="utf-8") as f:
        for line in f:
            if "webapi::Operation," in line and "operations{{" in line:
                in_table = True
                continue
            if in_table:
                if line.startswith("}};"):
                    break
                m = _TABLE_ROW.match(line)
                if m:
                    rows[m.group(1)] = (m.group(2).rstrip("_").upper(), m.group(3), m.group(4))
    return rows


def template_regex(template, multi_segment):
    """A path template as a regex with one named group per variable; a variable spans one segment, or any
    number of them for descriptions whose variables hold resource names with slashes (Google's)."""
    out, names, pos = "", [], 0
    for m in re.finditer(r"\{([^}]+)\}", template):
        out += re.escape(template[pos:m.start()])
        names.append(m.group(1))
        out += "(?P<v%d>%s)" % (len(names) - 1, ".+" if multi_segment else "[^/]+")
        pos = m.end()
    out += re.escape(template[pos:])
    return re.compile("^" + out + "$"), names


class Operation:
    """One operation of the description: its responses, parameters and request body, references resolved."""

    def __init__(self, spec, template, method, path_item, op, changed_by=None):
        self.spec = spec
        self.path_item = path_item
        self.changed_by = changed_by  # None, "patch" or "overlay operation"
        self.template = template
        self.method = method
        self.op = op
        self.responses = {str(k): spec.deref(v) for k, v in op.get("responses", {}).items()}
        params = {}
        for p in path_item.get("parameters", []) + op.get("parameters", []):
            p = spec.deref(p)
            params[(p.get("in"), p.get("name"))] = p  # the operation's own win over the path's
        self.parameters = params
        self.request_body = spec.deref(op["requestBody"]) if "requestBody" in op else None
        # Credentials an API key scheme of the operation's security sends in the query are declared there too.
        schemes = spec.document.get("components", {}).get("securitySchemes", {})
        security = op.get("security", spec.document.get("security")) or []
        self.credential_query = {schemes[n]["name"] for req in security for n in req
                                 if schemes.get(n, {}).get("type") == "apiKey" and schemes[n].get("in") == "query"}
        self.regexes = [template_regex(template, False), template_regex(template, True)]

    def match_path(self, path):
        """The path variables' decoded values, or None when the path does not fit the template."""
        for regex, names in self.regexes:
            m = regex.match(path)
            if m:
                return {n: unquote(m.group("v%d" % i)) for i, n in enumerate(names)}
        return None

    def response_for(self, status):
        """The response object and the key it is listed under ("200", "2XX", "default"), or (None, None)."""
        s = str(status)
        if s in self.responses:
            return self.responses[s], s
        for key in self.responses:
            if len(key) == 3 and key[1:].upper() == "XX" and key[0] == s[0]:
                return self.responses[key], key
        if "default" in self.responses:
            return self.responses["default"], "default"
        return None, None


class Spec:
    """specs/<api>.json with the client's operation table."""

    def __init__(self, api, root):
        self.api = api
        with open(os.path.join(root, "specs", api + ".json"), encoding="utf-8") as f:
            self.document = json.load(f)
        overlay_path = os.path.join(root, "specs", "overlays", api + ".json")
        overlay = {}
        if os.path.exists(overlay_path):
            with open(overlay_path, encoding="utf-8") as f:
                overlay = json.load(f)
        self._merge_schemas(overlay)
        self.table = read_operation_table(os.path.join(root, "include", "webapi", api, "operations.hpp"))
        servers = self.document.get("servers") or [{"url": "/"}]
        # The fakes route paths relative to the server's base path (project_management's /home-api); a record
        # may carry it or not.
        self.base_paths = sorted({urlsplit(s.get("url", "/")).path.rstrip("/") for s in servers} - {""},
                                 key=len, reverse=True)
        self.by_id, self.by_route, self.operations = {}, {}, []
        for template, item in self.document.get("paths", {}).items():
            item = self.deref(item)
            for method in METHODS:
                if isinstance(item.get(method), dict):
                    op = Operation(self, template, method.upper(), item, item[method])
                    self.operations.append(op)
                    if "operationId" in op.op:
                        self.by_id[op.op["operationId"]] = op
                    self.by_route.setdefault((op.method, template), op)
        self.by_name = {}  # client name -> an operation the overlay adds or patches
        self._apply_operations(overlay)
        self._components = {d: convert_document(self.document, d)["components"] for d in ("request", "response")}

    def _merge_schemas(self, overlay):
        schemas = self.document.setdefault("components", {}).setdefault("schemas", {})
        for name, schema in overlay.get("schemas", {}).items():
            schemas[name] = copy.deepcopy(schema)
        for name, members in overlay.get("member_types", {}).items():
            props = schemas[name]["properties"]
            for member, change in members.items():
                props[member] = copy.deepcopy(change["schema"])

    def _described(self, name):
        """The description's operation the client names `name`, or None."""
        row = self.table.get(name)
        if not row:
            return None
        row_method, template, op_id = row
        if op_id and op_id in self.by_id:
            return self.by_id[op_id]
        return self.by_route.get((row_method, template))

    def _apply_operations(self, overlay):
        raw = {}  # name -> (method, template, path_item, op), for the added and patched ones

        def lookup(name):
            if name in raw:
                return raw[name]
            op = self._described(name)
            return (op.method, op.template, op.path_item, op.op) if op else None

        for added in overlay.get("operations", []):
            method, template, path_item, op = "", "", {}, {}
            if added.get("like"):
                base = lookup(added["like"])
                if base is None:
                    continue
                method, template, path_item, op = base
            op = copy.deepcopy(op)
            method = added.get("method", method).upper()
            template = added.get("path", template)
            for key, value in added.items():
                if key not in ("name", "like", "method", "path"):
                    op[key] = copy.deepcopy(value)
            raw[added["name"]] = (method, template, path_item, op)
        changed_by = {name: "overlay operation" for name in raw}
        for name, patch in overlay.get("patches", {}).items():
            base = lookup(name)
            if base is None:
                continue
            method, template, path_item, op = base
            op = copy.deepcopy(op)
            for key, value in patch.items():
                op[key] = copy.deepcopy(value)
            raw[name] = (method, template, path_item, op)
            changed_by.setdefault(name, "patch")
        for name, (method, template, path_item, op) in raw.items():
            self.by_name[name] = Operation(self, template, method, path_item, op, changed_by[name])
        for variant in overlay.get("extra_methods", []):
            if variant.get("of") in self.by_name:
                self.by_name[variant["name"]] = self.by_name[variant["of"]]

    def deref(self, obj):
        """Follows a local `$ref` (#/components/...) to what it names."""
        seen = 0
        while isinstance(obj, dict) and "$ref" in obj and seen < 20:
            node = self.document
            for part in obj["$ref"].lstrip("#/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
            obj, seen = node, seen + 1
        return obj

    def strip_base(self, path):
        for base in self.base_paths:
            if path.startswith(base + "/"):
                return path[len(base):]
        return path

    def find(self, record):
        """The description's operation for a record, or None when the description has none (an operation
        the overlay adds from the requirements)."""
        name = record.get("operation", "")
        method = record.get("method", "").upper()
        path = self.strip_base(record.get("path", ""))
        if name in self.by_name:
            return self.by_name[name]
        if name in self.table:
            return self._described(name)
        candidates = [o for o in self.operations if o.method == method and o.match_path(path) is not None]
        candidates.sort(key=lambda o: -len(o.template.replace("{", "")))  # literal segments first
        return candidates[0] if candidates else None

    def json_schema(self, schema, direction):
        """`schema` as JSON Schema carrying the converted components its `$ref`s point into."""
        return {"allOf": [convert_schema(schema, direction)], "components": self._components[direction]}
