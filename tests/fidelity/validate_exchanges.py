#!/usr/bin/env python3
"""Checks every exchange the fakes recorded against the project's copies of the descriptions.

Usage: validate_exchanges.py [--root <repository>] [--fail-on-stale] [--fail-on-stale-client] [--allow-empty]
                             <folder or .jsonl>...

Records: one JSON object a line, as fakes/webapi/fakes/core/exchange_log.hpp writes them when
WEBAPI_FAKE_EXCHANGES names a folder ({"api", "operation", "method", "path", "query", "request_headers",
"request_body"[_base64], "status", "response_headers", "response_body"[_base64]}).

The description is read with its overlay's documented changes applied as the code generator applies them
(spec_index.py): "schemas" and "member_types" replace or add schemas, "operations" add operations the
requirements name, "patches" replace an operation's parameters, requestBody or responses; each carries its source
in the overlay. A record's operation is the added or patched one of its name, else looked up in the description
by the operationId the client's operation table (include/webapi/<api>/operations.hpp) gives its name, else by
the table's method and path template, else by method and path. A record that names no API (a fake's route
outside its description, such as a signed upload address) or whose operation neither the description nor the
overlay has is counted as undescribed, not checked. The fakes route paths without the server's base path
(project_management's /home-api); a record that carries it has it cut off.

Records with "sent_by":"client" (ExchangeLog::write_sent: what a generated client sent through the module
tests' canned transport) carry no API and no answer: the API is the one whose client has the operation and
whose description's operation fits the method and path (none is a violation; an operation no client has, such as
a raw Client::send, is counted as undescribed), and only the request is checked.

Checks ("check" in the output):
  status      the status is one the operation lists: exactly, as a range (2XX) or as `default`.
  media_type  the Content-Type is one the status lists, parameters included: type/subtype and parameter names
              compare case-insensitively, whitespace and quotes around values do not count, values do
              (application/json;charset=UTF-8 is not application/json). A listed wildcard admits any match.
  body        a status listed without content has an empty body; a JSON body validates against the schema
              listed for the status and media type (openapi_schema.py says how OpenAPI 3.0 becomes JSON
              Schema; formats other than byte and int64-as-string are not enforced).
  request     for answers 2xx (the fake accepted the request) and for requests clients sent: every query
              parameter is declared in the query; required query and header parameters are there; query,
              header and path values fit the type and enum of their schema; the body's type/subtype is one the requestBody lists (its
              parameters, e.g. a boundary, are the sender's); a JSON body validates against the schema
              (readOnly properties not required); a form or multipart body's fields are properties of it.
Where ("where" in the output): a JSON path into the answer ($.items[*].id, array indices as [*]) for body;
for request query.<name>, header.<name>, path.<name>, path (the template), media_type, body (as a whole),
or body<JSON path> / body.<form field>.

Allowed differences: specs/overlays/<api>.json may hold a top-level "differences" list whose entries each
allow the violations they match:
  {"operation": "<client method name>", "*", or a name with * for any text ("delete_*"),
   "status": 200 or "4XX" or "*"          (optional; "*" when left out),
   "check": "status" | "media_type" | "body" | "request",
   "where": "<the violation's JSON path or parameter; * matches any text: $.items[*].id, query.*, $>"
            (optional; "$" alone is the body as a whole: present where none is listed, or not JSON),
   "sent_by": "client"                    (optional: the entry allows only what clients send, see above; an
            entry without it applies to both kinds of record, whatever its status for a client's request),
   "as": "#/components/responses/<name>"  (optional, with check "status" or "body" only: the allowed answer
            is then checked once like that response of the description, media type and body, for a status
            the operation does not list or a body where it lists none; without it the answer is not checked
            further),
   "why": "what the service does that the description does not say",
   "source": "where that shows: the service's documentation or answers, or its current official client"}
An entry without `why` and `source` is refused, and an entry no violation uses is itself reported (stale): an
error with --fail-on-stale, which the full fake suites' run passes (a run of a few tests leaves entries unused
that other tests need). An entry for clients' requests is reported only by a run that has some, and is an error
with --fail-on-stale-client, which the run of every module test passes. Only the overlays of APIs with records
are read.

Output: one line per distinct violation with its count, then per API the records checked, the operations
covered, the records checked against an operation the overlay patches or adds, and the allowed differences
used. Exit status 1 when any violation is not allowed, an entry is
malformed, or (with --fail-on-stale) stale; 2 on unusable input.
"""

import argparse
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from exchange_checks import Validators, check_request, check_response  # noqa: E402
from spec_index import Spec  # noqa: E402

CHECKS = ("status", "media_type", "body", "request")
ENTRY_KEYS = {"operation", "status", "check", "where", "as", "sent_by", "why", "source"}


def where_matches(pattern, where):
    """`*` in an entry's `where` stands for any text; everything else, brackets included, is literal."""
    return re.fullmatch(".*".join(re.escape(p) for p in pattern.split("*")), where) is not None


def status_matches(pattern, status):
    if pattern in (None, "*") or status is None:  # a client's request has no answer
        return True
    p = str(pattern).upper()
    if len(p) == 3 and p.endswith("XX"):
        return str(status)[0] == p[0]
    return p == str(status)


class Differences:
    """The overlays' allowed differences, and which of them some violation used."""

    def __init__(self, root, apis):
        self.entries = []  # (api, index, entry)
        self.used = Counter()  # (api, index) -> violations allowed
        self.problems = []
        for api in apis:
            path = os.path.join(root, "specs", "overlays", api + ".json")
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as f:
                for i, e in enumerate(json.load(f).get("differences", [])):
                    unknown = set(e) - ENTRY_KEYS
                    if unknown or not e.get("why") or not e.get("source") or e.get("check") not in CHECKS \
                            or "operation" not in e or ("as" in e and e["check"] not in ("status", "body")) \
                            or e.get("sent_by", "client") != "client":
                        self.problems.append("%s differences[%d]: needs operation, check (one of %s), why and "
                                             "source, \"as\" only with check status or body, and nothing else%s" % (
                                                 api, i, "/".join(CHECKS),
                                                 " (unknown: %s)" % ", ".join(sorted(unknown)) if unknown else ""))
                        continue
                    self.entries.append((api, i, e))

    def allow(self, api, operation, status, check, where, sent=False):
        for key in self.entries:
            e_api, _, e = key
            if e_api != api or e["check"] != check or (e.get("sent_by") == "client" and not sent):
                continue
            if not where_matches(e["operation"], operation) or not status_matches(e.get("status"), status):
                continue
            if "where" in e and not where_matches(e["where"], where):
                continue
            return (e_api, key[1])
        return None

    def entry(self, key):
        return next(e for (a, i, e) in self.entries if (a, i) == key)


def all_apis(root):
    return sorted(n[:-5] for n in os.listdir(os.path.join(root, "specs")) if n.endswith(".json"))


def client_api(specs, record):
    """The API whose client sent a record written with write_sent (it names the operation, not the API): the
    one whose operation table has the name and whose operation fits the method and path; "" when none does."""
    name, method = record.get("operation", ""), record.get("method", "").upper()
    for api, spec in sorted(specs.items()):
        if name not in spec.table:
            continue
        op = spec.find(record)
        if op is not None and op.method == method and op.match_path(spec.strip_base(record.get("path", ""))) is not None:
            return api
    return ""


def read_records(inputs):
    """The distinct record lines of every input (identical exchanges are checked once) and a count each."""
    lines = Counter()
    for item in inputs:
        files = [item]
        if os.path.isdir(item):
            files = sorted(os.path.join(item, n) for n in os.listdir(item) if n.endswith(".jsonl"))
        for path in files:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        lines[line] += 1
    return lines


def validate(root, inputs, out=sys.stdout, fail_on_stale=True, fail_on_stale_client=True):
    """Checks the records; prints the report; returns the exit status."""
    started = time.monotonic()
    lines = read_records(inputs)
    specs, validators = {}, Validators()
    violations = Counter()   # (api, operation, status, check, where, message) -> records
    allowed = Counter()      # the same, for allowed ones
    allowed_by = {}
    per_api = defaultdict(lambda: {"records": 0, "distinct": 0, "operations": set(), "undescribed": set(),
                                   "changed": 0, "changed_operations": set(), "used": Counter(),
                                   "unallowed": set()})
    bad = 0
    parsed = []
    for line, count in lines.items():
        try:
            record = json.loads(line)
            sent = record.get("sent_by") == "client"
            api = "" if sent else record["api"]
        except (ValueError, KeyError, TypeError):
            bad += count
            continue
        parsed.append((record, count))
        for name in [api] if api else all_apis(root) if sent else []:
            if name in specs:
                continue
            if not os.path.exists(os.path.join(root, "specs", name + ".json")):
                print("unknown API %r in a record" % name, file=out)
                return 2
            specs[name] = Spec(name, root)
    differences = Differences(root, sorted(specs))
    for record, count in parsed:
        sent = record.get("sent_by") == "client"
        api = client_api(specs, record) if sent else record["api"]
        stats = per_api[(api or "(no API)") + (" (client requests)" if sent else "")]
        name = record.get("operation", "")
        if sent and not api and any(name in spec.table for spec in specs.values()):
            violations[("", name, 0, "request", "path", "no API's operation %s takes %s %s" % (
                name, record.get("method"), record.get("path")))] += count
            continue
        stats["records"] += count
        stats["distinct"] += 1
        # A fake's own route beyond its API (a webhook's run address, a signed upload address) names none.
        spec = specs.get(api)
        op = spec.find(record) if spec else None
        if op is None:
            stats["undescribed"].add(name)
            continue
        stats["operations"].add(name)
        if op.changed_by:
            stats["changed"] += count
            stats["changed_operations"].add(name)
        found = [] if sent else check_response(spec, op, record, validators)
        status = record.get("status", 0)
        if sent or 200 <= status < 300:
            path_values = op.match_path(spec.strip_base(record.get("path", "")))
            if path_values is None:
                found.append(("request", "path", "%s does not fit %s" % (record.get("path"), op.template)))
                path_values = {}
            found += check_request(spec, op, record, validators, path_values)
        pending, expanded = list(set(found)), set()
        while pending:
            check, where, message = pending.pop()
            key = (api, name, status, check, where, message)
            entry = differences.allow(api, name, None if sent else status, check, where, sent)
            if entry:
                allowed[key] += count
                allowed_by[key] = entry
                differences.used[entry] += count
                stats["used"][entry] += count
                like = differences.entry(entry).get("as")
                if like and entry not in expanded:
                    expanded.add(entry)
                    try:
                        response = spec.deref({"$ref": like})
                    except (KeyError, TypeError):
                        violations[(api, name, status, "status", "as", "the allowed difference's \"as\" %s "
                                    "names nothing in the description" % like)] += count
                        continue
                    pending += list(set(check_response(spec, op, record, validators, response)))
            else:
                violations[key] += count
                stats["unallowed"].add(key)

    for key, count in sorted(violations.items(), key=lambda kv: tuple(map(str, kv[0]))):
        api, name, status, check, where, message = key
        print("VIOLATION %s %s %s %s %s: %s (x%d)" % (api, name, status, check, where or "-", message, count),
              file=out)
    # An entry for clients' requests can only be used by a run that has some.
    clients_sent = any(r.get("sent_by") == "client" for r, _ in parsed)
    stale = [(a, i, e) for (a, i, e) in differences.entries if differences.used[(a, i)] == 0
             and (clients_sent or e.get("sent_by") != "client")]
    failing_stale = [(a, i, e) for (a, i, e) in stale
                     if (fail_on_stale_client if e.get("sent_by") == "client" else fail_on_stale)]
    for api, i, e in stale:
        print("STALE %s differences[%d] (%s %s %s): no violation uses it" % (
            api, i, e["operation"], e.get("status", "*"), e["check"]), file=out)
    for problem in differences.problems:
        print("OVERLAY %s" % problem, file=out)
    if bad:
        print("UNREADABLE %d record lines" % bad, file=out)
    for api in sorted(per_api):
        s = per_api[api]
        used = [(i, differences.entry((a, i)), n) for (a, i), n in sorted(s["used"].items())]
        unallowed = len(s["unallowed"])
        print("%s: %d records (%d distinct), %d operations covered%s%s, %d allowed differences used, "
              "%d distinct violations not allowed%s" % (
            api, s["records"], s["distinct"], len(s["operations"]),
            ", %d records checked against %d operations the overlay patches or adds" % (
                s["changed"], len(s["changed_operations"])) if s["changed"] else "",
            ", %d undescribed (%s)" % (len(s["undescribed"]), ", ".join(sorted(s["undescribed"])))
            if s["undescribed"] else "",
            len(used), unallowed, "".join("\n  allowed by differences[%d] %s %s: %d violations" % (i, e["operation"], e["check"], n)
                               for i, e, n in used)), file=out)
    print("%d distinct violations not allowed, %d stale differences, %.1f s" % (
        len(violations), len(stale), time.monotonic() - started), file=out)
    return 1 if violations or failing_stale or differences.problems or bad else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check fakes' exchange records against specs/<api>.json.")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--root", default=os.path.normpath(os.path.join(here, "..", "..")),
                        help="the repository (specs/, include/); default: this file's")
    parser.add_argument("--allow-empty", action="store_true", help="no records is not an error")
    parser.add_argument("--fail-on-stale", action="store_true", help="an allowed difference no violation uses "
                        "is an error (for a run of every test that records exchanges)")
    parser.add_argument("--fail-on-stale-client", action="store_true", help="the same for the entries for "
                        "clients' requests (\"sent_by\": \"client\"), for a run of every module test")
    parser.add_argument("inputs", nargs="+", help="folders of .jsonl files, or .jsonl files")
    args = parser.parse_args(argv)
    for item in args.inputs:
        if not os.path.exists(item):
            print("no such folder or file: %s" % item)
            return 2
    if not args.allow_empty and not read_records(args.inputs):
        print("no exchange records in %s: the fakes wrote none (is WEBAPI_FAKE_EXCHANGES set?)" %
              " ".join(args.inputs))
        return 2
    return validate(args.root, args.inputs, fail_on_stale=args.fail_on_stale,
                    fail_on_stale_client=args.fail_on_stale_client)


if __name__ == "__main__":
    sys.exit(main())
