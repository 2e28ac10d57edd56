"""The checks of one exchange record against its operation in the description; each returns violations as
(check, where, message) triples. See validate_exchanges.py for the record format and the rules."""

import base64
import json
import re
from urllib.parse import parse_qsl

import jsonschema

JSON_TYPES = ((dict, "object"), (list, "array"), (str, "string"), (bool, "boolean"), (int, "integer"),
              (float, "number"), (type(None), "null"))


def media_type(text):
    """A media type as (type/subtype lowercased, ((parameter name lowercased, value), ...) sorted).
    Whitespace around ';' and '=' and quotes around values do not count; values otherwise do."""
    parts = [p.strip() for p in (text or "").split(";")]
    params = []
    for p in parts[1:]:
        if not p:
            continue
        name, _, value = p.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        params.append((name.strip().lower(), value))
    return parts[0].lower(), tuple(sorted(params))


def essence_matches(listed, actual):
    """Whether the listed type/subtype (possibly with wildcards) admits the actual one."""
    if listed == "*/*":
        return True
    if listed.endswith("/*"):
        return actual.split("/")[0] == listed.split("/")[0]
    return listed == actual


def is_json(essence):
    return essence == "application/json" or essence.endswith("+json") or essence == "text/json"


def header(fields, name):
    for k, v in fields or []:
        if k.lower() == name.lower():
            return v
    return None


def body_bytes(record, key):
    if key + "_base64" in record:
        return base64.b64decode(record[key + "_base64"])
    return (record.get(key) or "").encode("utf-8")


def json_type(value):
    for t, name in JSON_TYPES:
        if isinstance(value, t):
            return name
    return type(value).__name__


def json_path(error):
    """Where in the document a schema error is, array indices as [*] so one rule breaking in every item is
    one violation."""
    out = "$"
    for part in error.absolute_path:
        out += "[*]" if isinstance(part, int) else "." + str(part)
    return out


def describe(error):
    """A schema error in words that do not depend on the value where possible, so equal faults dedupe."""
    v, value = error.validator, error.validator_value
    if v == "type":
        return "is %s, the description says %s" % (json_type(error.instance), value)
    if v == "enum":
        return "%s is not one of %s" % (json.dumps(error.instance)[:80], json.dumps(value)[:200])
    if v in ("required", "additionalProperties", "minItems", "maxItems", "minimum", "maximum", "pattern",
             "minLength", "maxLength", "format"):
        return error.message[:300]
    if v in ("oneOf", "anyOf"):
        inner = sorted({describe(e) + " at " + json_path(e) for e in (error.context or [])})
        return "%s: matches none: %s" % (v, "; ".join(inner)[:300])
    return ("%s: %s" % (v, error.message))[:300]


class Validators:
    """Compiled validators, one per distinct schema and direction."""

    def __init__(self):
        self.cache = {}

    def errors(self, spec, schema, direction, instance):
        key = (spec.api, direction, id(schema))
        entry = self.cache.get(key)
        if entry is None:
            # `schema` is kept with its validator so its id is not reused while cached.
            entry = (jsonschema.Draft4Validator(spec.json_schema(schema, direction)), schema)
            self.cache[key] = entry
        return list(entry[0].iter_errors(instance))


def check_response(spec, op, record, validators, response=None):
    """The answer against the response its status is listed with, or against `response` (the one an allowed
    difference says the answer takes, as a status the operation does not list)."""
    out = []
    status = record.get("status")
    if response is None:
        response, _ = op.response_for(status)
    else:
        response = spec.deref(response)
    if response is None:
        return [("status", "", "%s is not listed (listed: %s)" % (status, ", ".join(op.responses)))]
    body = body_bytes(record, "response_body")
    content = response.get("content") or {}
    if not content:
        if body:
            out.append(("body", "$", "%s is listed without content, the answer has a body" % status))
        return out
    if record.get("method") == "HEAD":
        return out
    ctype = header(record.get("response_headers"), "Content-Type")
    if ctype is None:
        if body:
            out.append(("media_type", "", "no Content-Type (listed: %s)" % ", ".join(content)))
        else:
            out.append(("body", "$", "empty, the description lists content for %s" % status))
        return out
    actual = media_type(ctype)
    exact = [m for m in content if media_type(m) == actual]
    if not exact:
        wild = [m for m in content if "*" in m and essence_matches(media_type(m)[0], actual[0])]
        if not wild:
            same_essence = [m for m in content if media_type(m)[0] == actual[0]]
            why = "differs in parameters from" if same_essence else "is not among"
            out.append(("media_type", "", "%s %s the listed %s" % (ctype, why, ", ".join(content))))
            if not same_essence:
                return out
            exact = same_essence
        else:
            exact = wild
    listed = content[exact[0]]
    schema = listed.get("schema") if isinstance(listed, dict) else None
    if schema is None or not is_json(actual[0]):
        return out
    try:
        document = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return out + [("body", "$", "not JSON: %s" % str(e)[:80])]
    for e in validators.errors(spec, schema, "response", document):
        out.append(("body", json_path(e), describe(e)))
    return out


_INTEGER = re.compile(r"^-?[0-9]+$")
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$")


def check_text_value(schema, value):
    """A parameter's text against its schema's type and enum (the cheap part); a message or None."""
    schema = schema or {}
    t = schema.get("type")
    if t == "integer" and not _INTEGER.match(value):
        return "%r is not an integer" % value
    if t == "number" and not _NUMBER.match(value):
        return "%r is not a number" % value
    if t == "boolean" and value not in ("true", "false"):
        return "%r is not a boolean" % value
    enum = schema.get("enum")
    if isinstance(enum, list) and t in (None, "string") and value not in [str(x) for x in enum]:
        return "%r is not one of %s" % (value, json.dumps(enum)[:200])
    return None


def check_parameter_values(spec, where, param, values):
    schema = spec.deref(param.get("schema")) or {}
    if schema.get("type") == "array":
        items = spec.deref(schema.get("items")) or {}
        split = []
        for v in values:
            explode = param.get("explode", param.get("style", "form") == "form")
            split += v.split(",") if not explode or param.get("style") == "simple" else [v]
        values, schema = split, items
    out = []
    for v in values:
        message = check_text_value(schema, v)
        if message:
            out.append(("request", where, message))
    return out


def check_request(spec, op, record, validators, path_values):
    out = []
    query = record.get("query") or []
    declared_query = {n for (loc, n) in op.parameters if loc == "query"} | op.credential_query
    deep = {n for (loc, n), p in op.parameters.items() if loc == "query" and p.get("style") == "deepObject"}
    names = []
    for name, _ in query:
        base = name.split("[", 1)[0]
        if name in declared_query or (base in deep):
            names.append(name if name in declared_query else base)
        else:
            out.append(("request", "query." + name, "not a query parameter of the operation"))
    headers = record.get("request_headers") or []
    for (loc, name), p in op.parameters.items():
        if loc == "query":
            values = [v for n, v in query if n == name]
            if p.get("required") and name not in names:
                out.append(("request", "query." + name, "required, missing"))
            if values and p.get("style") != "deepObject":
                out += check_parameter_values(spec, "query." + name, p, values)
        elif loc == "header":
            value = header(headers, name)
            if p.get("required") and value is None:
                out.append(("request", "header." + name, "required, missing"))
            if value is not None:
                out += check_parameter_values(spec, "header." + name, p, [value])
        elif loc == "path" and name in path_values:
            out += check_parameter_values(spec, "path." + name, p, [path_values[name]])
    out += check_request_body(spec, op, record, validators)
    return out


def multipart_names(body, ctype):
    m = re.search(r'boundary="?([^";]+)"?', ctype or "")
    if not m:
        return None
    names = []
    for part in body.split(b"--" + m.group(1).encode()):
        head = part.split(b"\r\n\r\n", 1)[0]
        n = re.search(rb'Content-Disposition:[^\r\n]*\bname="([^"]*)"', head, re.I)
        if n:
            names.append(n.group(1).decode("utf-8", "replace"))
    return names


def check_request_body(spec, op, record, validators):
    body = body_bytes(record, "request_body")
    rb = op.request_body
    if rb is None:
        return [("request", "body", "a body, the operation takes none")] if body else []
    content = rb.get("content") or {}
    ctype = header(record.get("request_headers"), "Content-Type")
    if not body and ctype is None:
        return [("request", "body", "required, missing")] if rb.get("required") else []
    actual = media_type(ctype)
    # A request's media type is compared by type/subtype: its parameters are the client's (multipart's
    # boundary, a charset) and the description's parameters say what it answers with, not what it reads.
    listed = [m for m in content if essence_matches(media_type(m)[0], actual[0])]
    if not listed:
        return [("request", "media_type", "%s is not among the listed %s" % (ctype, ", ".join(content)))]
    schema = spec.deref((content[listed[0]] or {}).get("schema"))
    if schema is None:
        return []
    if is_json(actual[0]):
        try:
            document = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            return [("request", "body", "not JSON: %s" % str(e)[:80])]
        return [("request", "body" + json_path(e)[1:], describe(e))
                for e in validators.errors(spec, schema, "request", document)]
    props = schema.get("properties")
    if not isinstance(props, dict):
        return []
    out = []
    if actual[0] == "application/x-www-form-urlencoded":
        fields = parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
        for name, value in fields:
            if name not in props:
                if schema.get("additionalProperties") is not True:
                    out.append(("request", "body." + name, "not a field of the form's schema"))
                continue
            message = check_text_value(spec.deref(props[name]), value)
            if message:
                out.append(("request", "body." + name, message))
        given = {n for n, _ in fields}
    elif actual[0].startswith("multipart/"):
        names = multipart_names(body, ctype)
        if names is None:
            return [("request", "media_type", "multipart without a boundary")]
        for name in names:
            if name not in props and schema.get("additionalProperties") is not True:
                out.append(("request", "body." + name, "not a part of the schema"))
        given = set(names)
    else:
        return out
    for name in schema.get("required") or []:
        if name not in given:
            out.append(("request", "body." + name, "required, missing"))
    return out
