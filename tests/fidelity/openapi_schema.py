"""OpenAPI 3.0 schema objects as JSON Schema (Draft 4), for checking exchange records with python3-jsonschema.

OpenAPI 3.0's schema object is close to Draft 4 (exclusiveMinimum/exclusiveMaximum are booleans there too),
so the whole description is converted once and validated with Draft4Validator; `$ref`s such as
`#/components/schemas/X` keep pointing into the converted document, which is the resolver's referrer. What
differs and is converted here:

- `nullable: true` admits null: "null" joins `type`, None joins `enum`.
- `format: byte` on a string is base64 text: a pattern of the base64 alphabet (standard or URL-safe, padded or
  not).
- `format: int64` (and `uint64`) on a string is a decimal integer written as text (Google's discovery style).
- Other formats are not enforced (Draft4Validator without a format checker ignores them).
- `readOnly` properties are not required of a request, `writeOnly` ones not of a response (OpenAPI 3.0,
  "Fixed Fields" of the schema object); a document is converted once for each direction.
- Keywords JSON Schema does not know (discriminator, xml, example, deprecated...) are left as they are;
  Draft 4 ignores unknown keywords.
"""

BASE64_PATTERN = r"^[A-Za-z0-9+/_-]*={0,2}$"
DECIMAL_INTEGER_PATTERN = r"^-?[0-9]+$"

# Keywords whose value is one schema, a list of schemas, or a map from names to schemas.
_ONE = ("items", "not", "additionalItems")
_MANY = ("allOf", "anyOf", "oneOf")
_MAP = ("properties", "patternProperties")


def _flag(schema, key):
    return isinstance(schema, dict) and schema.get(key) is True


def convert_schema(schema, direction):
    """One OpenAPI 3.0 schema object as JSON Schema, for a "request" or a "response"."""
    if isinstance(schema, list):
        return [convert_schema(s, direction) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in _ONE:
            out[key] = convert_schema(value, direction)
        elif key in _MANY:
            out[key] = [convert_schema(v, direction) for v in value]
        elif key in _MAP and isinstance(value, dict):
            out[key] = {name: convert_schema(v, direction) for name, v in value.items()}
        elif key == "additionalProperties" and isinstance(value, dict):
            out[key] = convert_schema(value, direction)
        else:
            out[key] = value
    if schema.get("nullable") is True:
        t = out.get("type")
        if isinstance(t, str):
            out["type"] = [t, "null"]
        elif isinstance(t, list) and "null" not in t:
            out["type"] = t + ["null"]
        if isinstance(out.get("enum"), list) and None not in out["enum"]:
            out["enum"] = out["enum"] + [None]
    if out.get("type") in ("string", ["string", "null"]):
        fmt = out.get("format")
        if fmt == "byte" and "pattern" not in out:
            out["pattern"] = BASE64_PATTERN
        elif fmt in ("int64", "uint64") and "pattern" not in out:
            out["pattern"] = DECIMAL_INTEGER_PATTERN
    # A property that only travels one way is not required the other way.
    skip = "readOnly" if direction == "request" else "writeOnly"
    if isinstance(out.get("required"), list) and isinstance(schema.get("properties"), dict):
        props = schema["properties"]
        out["required"] = [n for n in out["required"] if not _flag(props.get(n), skip)]
        if not out["required"]:
            del out["required"]
    return out


def convert_document(document, direction):
    """The description with every schema under components/schemas converted; the resolver's referrer."""
    components = dict(document.get("components", {}))
    if isinstance(components.get("schemas"), dict):
        components["schemas"] = {n: convert_schema(s, direction) for n, s in components["schemas"].items()}
    out = dict(document)
    out["components"] = components
    return out
