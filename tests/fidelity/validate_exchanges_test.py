#!/usr/bin/env python3
"""The exchange validator's own tests: for each check, records it must pass and records it must fail, against
a small description written into a temporary repository layout (specs/, specs/overlays/, include/)."""

import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import validate_exchanges  # noqa: E402

JSON = "application/json; charset=utf-8"

SPEC = {
    "openapi": "3.0.1",
    "servers": [{"url": "https://demo.example/base-api"}],
    "paths": {
        "/items/{id}": {
            "parameters": [{"in": "path", "name": "id", "required": True, "schema": {"type": "integer"}}],
            "get": {
                "operationId": "getItem",
                "parameters": [
                    {"in": "query", "name": "limit", "schema": {"type": "integer"}},
                    {"in": "query", "name": "order", "schema": {"type": "string", "enum": ["asc", "desc"]}},
                    {"in": "header", "name": "X-Tenant", "required": True, "schema": {"type": "string"}},
                ],
                "responses": {
                    "200": {"content": {JSON: {"schema": {"$ref": "#/components/schemas/Item"}}}},
                    "204": {"description": "nothing"},
                    "4XX": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                },
            },
            "put": {
                "operationId": "putItem",
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
                "responses": {"default": {"content": {"application/json": {"schema": {"type": "object"}}}}},
            },
        },
        "/forms": {
            "post": {
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {
                    "type": "object", "required": ["name"],
                    "properties": {"name": {"type": "string"}, "count": {"type": "integer"}}}}}},
                "responses": {"201": {"description": "created"}},
            },
        },
    },
    "components": {
        "schemas": {
            "Item": {
                "type": "object",
                "required": ["id", "name", "serial"],
                "properties": {
                    "id": {"type": "integer", "readOnly": True},
                    "name": {"type": "string"},
                    "note": {"type": "string", "nullable": True},
                    "serial": {"type": "string", "format": "int64"},
                    "blob": {"type": "string", "format": "byte"},
                    "price": {"type": "number", "minimum": 0, "exclusiveMinimum": True},
                    "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}},
                },
            },
            "Tag": {"type": "object", "required": ["label"], "properties": {"label": {"type": "string"}}},
            "Error": {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}},
        },
    },
}

TABLE = """// operations
inline constexpr std::array<webapi::Operation, 3> operations{{
    {"get_item", webapi::Method::get, "/items/{id}", "getItem", "", true},
    {"put_item", webapi::Method::put, "/items/{id}", "putItem", "", true},
    {"post_forms", webapi::Method::post, "/forms", "", "", false},
}};
"""

ITEM = {"id": 7, "name": "seven", "note": None, "serial": "9007199254740993", "blob": "aGk=", "price": 1.5,
        "tags": [{"label": "a"}]}


def record(**fields):
    r = {"api": "demo", "operation": "get_item", "method": "GET", "path": "/items/7", "query": [],
         "request_headers": [["X-Tenant", "t1"]], "request_body": "", "status": 200,
         "response_headers": [["Content-Type", JSON]], "response_body": json.dumps(ITEM)}
    r.update(fields)
    return r


class ValidatorTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        os.makedirs(os.path.join(self.root, "specs", "overlays"))
        os.makedirs(os.path.join(self.root, "include", "webapi", "demo"))
        os.makedirs(os.path.join(self.root, "exchanges"))
        with open(os.path.join(self.root, "specs", "demo.json"), "w") as f:
            json.dump(SPEC, f)
        with open(os.path.join(self.root, "include", "webapi", "demo", "operations.hpp"), "w") as f:
            f.write(TABLE)
        self.overlay({})

    def tearDown(self):
        self.tmp.cleanup()

    def overlay(self, content):
        with open(os.path.join(self.root, "specs", "overlays", "demo.json"), "w") as f:
            json.dump(content, f)

    def run_records(self, *records):
        with open(os.path.join(self.root, "exchanges", "demo-1.jsonl"), "w") as f:
            for r in records:
                f.write(json.dumps(r) + "\n")
        out = io.StringIO()
        status = validate_exchanges.validate(self.root, [os.path.join(self.root, "exchanges")], out)
        return status, out.getvalue()

    def assert_passes(self, *records):
        status, text = self.run_records(*records)
        self.assertEqual(status, 0, text)
        self.assertNotIn("VIOLATION", text)
        return text

    def assert_violation(self, check, where, *records):
        status, text = self.run_records(*records)
        self.assertEqual(status, 1, text)
        lines = [l for l in text.splitlines() if l.startswith("VIOLATION")]
        self.assertTrue(any(" %s %s:" % (check, where) in l for l in lines), text)
        return text

    # Response: status.
    def test_a_conforming_exchange_passes(self):
        text = self.assert_passes(record(query=[["limit", "10"], ["order", "asc"]]))
        self.assertIn("demo: 1 records (1 distinct), 1 operations covered, 0 allowed differences used", text)

    def test_a_status_not_listed_is_a_violation(self):
        self.assert_violation("status", "-", record(status=500))

    def test_a_range_and_default_admit_their_statuses(self):
        self.assert_passes(record(status=404, response_headers=[["Content-Type", "application/json"]],
                                  response_body='{"message":"no"}'),
                           record(operation="put_item", method="PUT", status=409, request_body="",
                                  response_headers=[["Content-Type", "application/json"]], response_body="{}"))

    # Response: media type.
    def test_a_media_type_differing_only_in_parameters_is_a_violation(self):
        text = self.assert_violation("media_type", "-",
                                     record(response_headers=[["Content-Type", "application/json"]]))
        self.assertIn("differs in parameters", text)

    def test_media_types_compare_case_and_spacing_insensitively_but_values_exactly(self):
        self.assert_passes(record(response_headers=[["content-type", "Application/JSON;Charset=utf-8"]]))
        self.assert_violation("media_type", "-",
                              record(response_headers=[["Content-Type", "application/json; charset=latin1"]]))

    def test_an_unlisted_media_type_is_a_violation(self):
        self.assert_violation("media_type", "-", record(response_headers=[["Content-Type", "text/plain"]]))

    # Response: body.
    def test_a_body_breaking_the_schema_is_a_violation_at_its_json_path(self):
        broken = dict(ITEM, tags=[{"label": 1}])
        text = self.assert_violation("body", r"$.tags[*].label", record(response_body=json.dumps(broken)))
        self.assertIn("is integer, the description says string", text)

    def test_a_missing_required_property_is_a_violation(self):
        self.assert_violation("body", "$", record(response_body=json.dumps({"id": 1, "serial": "1"})))

    def test_nullable_admits_null_only_where_it_is_said(self):
        self.assert_passes(record(response_body=json.dumps(dict(ITEM, note=None))))
        self.assert_violation("body", "$.name", record(response_body=json.dumps(dict(ITEM, name=None))))

    def test_int64_strings_are_decimal_and_byte_strings_base64(self):
        self.assert_violation("body", "$.serial", record(response_body=json.dumps(dict(ITEM, serial="12a"))))
        self.assert_violation("body", "$.blob", record(response_body=json.dumps(dict(ITEM, blob="not base64!"))))

    def test_exclusive_minimum_is_a_draft_4_boolean(self):
        self.assert_violation("body", "$.price", record(response_body=json.dumps(dict(ITEM, price=0))))

    def test_a_status_listed_without_content_has_an_empty_body(self):
        self.assert_passes(record(status=204, response_headers=[], response_body=""))
        self.assert_violation("body", "$", record(status=204, response_body="{}"))

    def test_a_body_that_is_not_json_is_a_violation(self):
        self.assert_violation("body", "$", record(response_body="<html>"))

    # Request (answers 2xx only).
    def test_an_unknown_query_parameter_is_a_violation(self):
        self.assert_violation("request", "query.page", record(query=[["page", "2"]]))

    def test_a_rejected_request_is_not_checked(self):
        self.assert_passes(record(query=[["page", "2"]], status=400,
                                  response_headers=[["Content-Type", "application/json"]],
                                  response_body='{"message":"unknown parameter"}'))

    def test_parameter_values_fit_type_and_enum(self):
        self.assert_violation("request", "query.limit", record(query=[["limit", "ten"]]))
        self.assert_violation("request", "query.order", record(query=[["order", "up"]]))
        self.assert_violation("request", "path.id", record(path="/items/seven"))

    def test_a_required_header_parameter_must_be_sent(self):
        self.assert_violation("request", "header.X-Tenant", record(request_headers=[]))

    def test_a_json_body_is_checked_and_read_only_properties_are_not_required_of_it(self):
        put = dict(operation="put_item", method="PUT",
                   response_headers=[["Content-Type", "application/json"]], response_body="{}")
        self.assert_passes(record(request_headers=[["Content-Type", "application/json"]],
                                  request_body=json.dumps({"name": "n", "serial": "5"}), **put))
        self.assert_violation("request", "body", record(request_headers=[["Content-Type", "application/json"]],
                                                        request_body=json.dumps({"name": "n"}), **put))
        self.assert_violation("request", "media_type", record(request_headers=[["Content-Type", "text/xml"]],
                                                              request_body="<item/>", **put))

    def test_form_fields_are_properties_of_the_schema(self):
        form = dict(operation="post_forms", method="POST", path="/forms", status=201, response_headers=[],
                    response_body="",
                    request_headers=[["Content-Type", "application/x-www-form-urlencoded"]])
        self.assert_passes(record(request_body="name=a&count=2", **form))
        self.assert_violation("request", "body.colour", record(request_body="name=a&colour=red", **form))
        self.assert_violation("request", "body.count", record(request_body="name=a&count=x", **form))

    # Requests a client sent through a canned transport: no API, no answer.
    @staticmethod
    def sent(**fields):
        r = {"sent_by": "client", "operation": "get_item", "method": "GET", "path": "/items/7", "query": [],
             "request_headers": [["X-Tenant", "t1"]], "request_body": ""}
        r.update(fields)
        return r

    def test_a_client_request_is_checked_against_the_api_whose_operation_it_is(self):
        text = self.assert_passes(self.sent(query=[["limit", "3"]]))
        self.assertIn("demo (client requests): 1 records", text)
        self.assert_violation("request", "query.limit", self.sent(query=[["limit", "three"]]))
        self.assert_violation("request", "header.X-Tenant", self.sent(request_headers=[]))
        self.assert_violation("request", "body", self.sent(
            operation="put_item", method="PUT", request_headers=[["Content-Type", "application/json"]],
            request_body=json.dumps({"name": "n"})))

    def test_a_client_request_no_operation_takes_is_a_violation(self):
        self.assert_violation("request", "path", self.sent(path="/elsewhere/7"))

    def test_a_request_no_client_operation_names_is_counted_not_checked(self):
        text = self.assert_passes(self.sent(operation="send", path="/elsewhere/7"))
        self.assertIn("1 undescribed (send)", text)

    def test_an_entry_for_client_requests_allows_only_them_and_is_stale_only_beside_them(self):
        self.overlay({"differences": [{"operation": "get_item", "check": "request", "where": "query.key",
                                       "sent_by": "client", "why": "w", "source": "s"}]})
        self.assert_passes(self.sent(query=[["key", "k"]]))
        self.assert_violation("request", "query.key", record(query=[["key", "k"]]))
        status, text = self.run_records(self.sent())
        self.assertEqual(status, 1, text)
        self.assertIn("STALE demo differences[0]", text)
        status, text = self.run_records(record())
        self.assertNotIn("STALE", text)
        with open(os.path.join(self.root, "exchanges", "demo-1.jsonl"), "w") as f:
            f.write(json.dumps(self.sent()) + "\n")
        status = validate_exchanges.validate(self.root, [os.path.join(self.root, "exchanges")], io.StringIO(),
                                             fail_on_stale_client=False)
        self.assertEqual(status, 0)

    def test_an_entry_with_a_status_applies_to_client_requests_too(self):
        self.overlay({"differences": [{"operation": "*", "status": "2XX", "check": "request",
                                       "where": "query.offset", "why": "w", "source": "s"}]})
        self.assert_passes(self.sent(query=[["offset", "5"]]), record(query=[["offset", "5"]]))

    def test_the_server_base_path_is_cut_off(self):
        self.assert_passes(record(path="/base-api/items/7"))

    def test_identical_records_are_checked_once_and_counted(self):
        text = self.assert_violation("status", "-", record(status=500), record(status=500))
        self.assertIn("(x2)", text)

    def test_an_operation_the_description_lacks_is_counted_not_checked(self):
        text = self.assert_passes(record(operation="get_extra", path="/extra/1"))
        self.assertIn("1 undescribed (get_extra)", text)

    # Overlay changes to the description, applied as the code generator applies them.
    def test_a_patched_response_admits_what_the_raw_one_refuses(self):
        created = record(operation="post_forms", method="POST", path="/forms", status=201,
                         request_headers=[["Content-Type", "application/x-www-form-urlencoded"]],
                         request_body="name=a", response_body=json.dumps({"status": "201 - Created"}))
        self.assert_violation("body", "$", created)
        self.overlay({"patches": {"post_forms": {"responses": {"201": {"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Status"}}}}}}},
            "schemas": {"Status": {"type": "object", "required": ["status"],
                                   "properties": {"status": {"type": "string"}}}}})
        text = self.assert_passes(dict(created, response_headers=[["Content-Type", "application/json"]]))
        self.assertIn("1 records checked against 1 operations the overlay patches or adds", text)
        # The patched schema is enforced, not merely the presence of content.
        self.assert_violation("body", "$.status", dict(created, response_headers=[["Content-Type", "application/json"]],
                                                      response_body=json.dumps({"status": 201})))

    def test_a_patch_replaces_the_parameters_it_names(self):
        self.assert_violation("request", "query.limit", record(query=[["limit", "x"]]))
        self.overlay({"patches": {"get_item": {"parameters": [
            {"in": "query", "name": "limit", "schema": {"type": "string"}}]}}})
        self.assert_passes(record(query=[["limit", "x"]]))
        # The operation's own X-Tenant header and order parameter went with the replaced list.
        self.assert_violation("request", "query.order", record(query=[["order", "asc"]]))

    def test_member_types_replace_one_member_and_overlay_schemas_replace_components(self):
        self.assert_violation("body", "$.name", record(response_body=json.dumps(dict(ITEM, name=3))))
        self.overlay({"member_types": {"Item": {"name": {"schema": {"type": "integer"}, "source": "s"}}}})
        self.assert_passes(record(response_body=json.dumps(dict(ITEM, name=3))))
        self.assert_violation("body", "$.name", record())
        self.overlay({"schemas": {"Tag": {"type": "object", "properties": {"label": {"type": "integer"}}}}})
        self.assert_violation("body", "$.tags[*].label", record())

    def test_an_operation_the_overlay_adds_is_checked(self):
        extra = record(operation="get_extra", path="/items/7/extra", query=[["full", "yes"]])
        self.overlay({"operations": [{"name": "get_extra", "like": "get_item", "path": "/items/{id}/extra",
                                      "parameters": [{"in": "query", "name": "full",
                                                      "schema": {"type": "boolean"}}]}]})
        # Like get_item: its responses; its own parameters replace get_item's, the path's id stays.
        self.assert_violation("request", "query.full", extra)
        self.assert_passes(dict(extra, query=[["full", "true"]]))
        self.assert_violation("body", "$.name", dict(extra, query=[], response_body=json.dumps(dict(ITEM, name=1))))
        self.assert_violation("request", "path.id", dict(extra, query=[], path="/items/x/extra"))

    # Overlay differences.
    def test_an_overlay_entry_allows_what_it_matches_and_is_counted(self):
        self.overlay({"differences": [{"operation": "get_item", "status": "5XX", "check": "status",
                                       "why": "the service answers 500 on overload", "source": "its status page"}]})
        text = self.assert_passes(record(status=500))
        self.assertIn("1 allowed differences used", text)

    def test_an_entry_matches_only_its_json_path(self):
        self.overlay({"differences": [{"operation": "*", "check": "body", "where": "$.serial",
                                       "why": "w", "source": "s"}]})
        self.assert_passes(record(response_body=json.dumps(dict(ITEM, serial="x"))))
        self.assert_violation("body", "$.name", record(response_body=json.dumps(dict(ITEM, name=1))))

    def test_a_star_in_an_entry_operation_matches_any_text(self):
        self.overlay({"differences": [{"operation": "get_*", "status": 500, "check": "status",
                                       "why": "w", "source": "s"}]})
        self.assert_passes(record(status=500))
        self.assert_violation("status", "-", record(operation="post_forms", method="POST", path="/forms",
                                                   status=500, request_headers=[], response_body="{}"))

    def test_brackets_in_an_entry_are_literal_and_star_matches_any_text(self):
        self.overlay({"differences": [{"operation": "*", "check": "body", "where": "$.tags[*].label",
                                       "why": "w", "source": "s"}]})
        self.assert_passes(record(response_body=json.dumps(dict(ITEM, tags=[{"label": 1}]))))

    def test_a_status_allowed_as_a_listed_response_is_checked_like_it(self):
        spec = json.loads(json.dumps(SPEC))
        spec["components"]["responses"] = {"Problem": {"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Error"}}}}}
        with open(os.path.join(self.root, "specs", "demo.json"), "w") as f:
            json.dump(spec, f)
        # get_item lists no 5XX.
        self.overlay({"differences": [{"operation": "get_item", "status": 503, "check": "status",
                                       "as": "#/components/responses/Problem", "why": "w", "source": "s"}]})
        conflict = record(status=503, response_headers=[["Content-Type", "application/json"]],
                          response_body=json.dumps({"message": "busy"}))
        self.assert_violation("status", "-", dict(conflict, status=500))
        self.assert_passes(conflict)
        self.assert_violation("body", "$.message", dict(conflict, response_body=json.dumps({"message": 1})))
        self.assert_violation("media_type", "-", dict(conflict, response_headers=[["Content-Type", "text/plain"]]))
        # An entry naming nothing is a violation, not a silent pass.
        self.overlay({"differences": [{"operation": "get_item", "status": 503, "check": "status",
                                       "as": "#/components/responses/None", "why": "w", "source": "s"}]})
        self.assert_violation("status", "as", conflict)

    def test_a_body_allowed_as_a_listed_response_is_checked_like_it_once(self):
        spec = json.loads(json.dumps(SPEC))
        spec["components"]["responses"] = {"Problem": {"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Error"}}}}}
        with open(os.path.join(self.root, "specs", "demo.json"), "w") as f:
            json.dump(spec, f)
        self.overlay({"differences": [{"operation": "get_item", "status": 204, "check": "body", "where": "$",
                                       "as": "#/components/responses/Problem", "why": "w", "source": "s"}]})
        empty = record(status=204, response_headers=[["Content-Type", "application/json"]],
                       response_body=json.dumps({"message": "none"}))
        self.assert_passes(empty)
        self.assert_violation("body", "$.message", dict(empty, response_body=json.dumps({"message": 1})))
        # Not JSON: the same entry matches the re-check's violation, which is not re-checked again.
        self.assert_passes(dict(empty, response_body="x"))

    def test_as_is_refused_on_other_checks(self):
        self.overlay({"differences": [{"operation": "*", "check": "request", "as": "#/components/responses/X",
                                       "why": "w", "source": "s"}]})
        status, text = self.run_records(record())
        self.assertEqual(status, 1, text)
        self.assertIn("OVERLAY demo differences[0]", text)

    def test_an_entry_no_violation_uses_is_reported_stale(self):
        self.overlay({"differences": [{"operation": "get_item", "check": "media_type", "why": "w", "source": "s"}]})
        status, text = self.run_records(record())
        self.assertEqual(status, 1, text)
        self.assertIn("STALE demo differences[0]", text)
        # A run of a few tests reports it without failing.
        out = io.StringIO()
        lenient = validate_exchanges.validate(self.root, [os.path.join(self.root, "exchanges")], out,
                                              fail_on_stale=False)
        self.assertEqual(lenient, 0, out.getvalue())
        self.assertIn("STALE demo differences[0]", out.getvalue())

    def test_an_entry_without_a_source_is_refused(self):
        self.overlay({"differences": [{"operation": "get_item", "status": 500, "check": "status", "why": "w"}]})
        status, text = self.run_records(record(status=500))
        self.assertEqual(status, 1, text)
        self.assertIn("OVERLAY demo differences[0]", text)
        self.assertIn("VIOLATION", text)


if __name__ == "__main__":
    unittest.main()
