#define BOOST_TEST_MODULE webapi generator fixture
#include <boost/test/unit_test.hpp>

#include <type_traits>

#include <webapi/core/recording.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fixture.hpp>

using namespace webapi;
namespace fx = webapi::fixture;

// The shapes the generator gives each schema feature.
static_assert(std::is_same_v<decltype(fx::Node::id), std::int32_t>);
static_assert(std::is_same_v<decltype(fx::Node::next), webapi::Optional<Box<fx::Node>>>);  // recursion
static_assert(std::is_same_v<decltype(fx::Node::children), webapi::Optional<std::vector<fx::Node>>>);
static_assert(std::is_same_v<decltype(fx::Node::color), webapi::Optional<OpenEnum<fx::Color>>>);  // enum with null
static_assert(std::is_same_v<decltype(fx::Grid::cells), webapi::Optional<std::vector<std::vector<double>>>>);
static_assert(std::is_same_v<decltype(fx::Derived::kind), OpenEnum<fx::Kind>>);       // allOf flattened; enums open
static_assert(std::is_same_v<decltype(fx::Derived::extra), webapi::Optional<std::string>>);  // nullable
static_assert(std::is_same_v<decltype(fx::Derived::size), std::int64_t>);
static_assert(std::is_same_v<decltype(fx::Derived::meta), webapi::Optional<boost::json::value>>);  // free-form
static_assert(std::is_same_v<fx::AliasA, fx::Derived>);                                // $ref chain
static_assert(std::is_same_v<fx::Shape, std::variant<fx::Derived, fx::Grid>>);         // oneOf
static_assert(std::is_same_v<decltype(fx::UploadRequest::file), FilePart>);           // multipart binary
// Google's string-spelled formats: the C++ type holds the value, webapi_formats says how it travels.
static_assert(std::is_same_v<decltype(fx::Formats::total), std::int64_t>);
static_assert(std::is_same_v<decltype(fx::Formats::unsigned_), webapi::Optional<std::uint64_t>>);
static_assert(std::is_same_v<decltype(fx::Formats::counts), webapi::Optional<std::vector<std::int64_t>>>);
static_assert(std::is_same_v<decltype(fx::Formats::bytes), webapi::Optional<std::string>>);
static_assert(std::is_same_v<decltype(fx::Formats::number), webapi::Optional<std::int64_t>>);
static_assert(wire_format<fx::Formats>("total") == WireFormat::decimal_string &&
              wire_format<fx::Formats>("unsigned_") == WireFormat::decimal_string &&
              wire_format<fx::Formats>("counts") == WireFormat::decimal_string &&
              wire_format<fx::Formats>("bytes") == WireFormat::base64 &&
              wire_format<fx::Formats>("blob") == WireFormat::base64 &&  // through an alias
              wire_format<fx::Formats>("number") == WireFormat::plain);  // type: integer stays a number
static_assert(to_wire(fx::Kind::a_b) == "a-b" && to_wire(fx::Kind::default_) == "default" &&
              to_wire(fx::Kind::n1x) == "1x");

namespace {

Response with(std::string body, std::string_view type = "application/json", int status = 200) {
  Response r;
  r.status = status;
  r.headers.set("Content-Type", type);
  r.body = std::move(body);
  return r;
}

struct Fixture {
  CannedTransport transport{with("<item/>", "application/xml")};
  fx::Client<CannedTransport> client{transport, {.api_key = "k"}};
  Request sent() const { return *transport.last(); }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(fixture, Fixture)

BOOST_AUTO_TEST_CASE(path_level_query_header_and_cookie_parameters) {
  auto r = client.get_item("a/b", {.limit = 5, .x_trace = "t-1", .session = "s1", .tags = std::vector<std::string>{"x", "y"},
                                   .ids = std::vector<std::int64_t>{1, 2}});
  BOOST_REQUIRE(r);
  BOOST_TEST(*r == "<item/>");
  Request req = sent();
  BOOST_TEST(req.base_url == "https://fixture.example/api");
  BOOST_TEST(req.path == "/items/a%2Fb");
  BOOST_TEST(url::encode_query(req.query) == "limit=5&tags=x%2Cy&ids=1&ids=2");
  BOOST_TEST(req.headers.get("X-Trace").value_or("") == "t-1");
  BOOST_TEST(req.headers.get("Cookie").value_or("") == "session=s1");
  BOOST_TEST(req.headers.get("X-Key").value_or("") == "k");
}

BOOST_AUTO_TEST_CASE(form_body_and_no_content) {
  transport.respond(with("", "", 204));
  BOOST_REQUIRE(client.put_item("i", {.body = {.name = "n 1", .count = 3, .flags = std::vector<std::string>{"a", "b"}}}));
  BOOST_TEST(sent().content_type == "application/x-www-form-urlencoded");
  BOOST_TEST(sent().body == "name=n%201&count=3&flags=a&flags=b");
}

BOOST_AUTO_TEST_CASE(octet_stream_and_redirect_results) {
  transport.respond(with(std::string("\0\1", 2), "application/octet-stream"));
  auto bytes = client.delete_item("i");
  BOOST_REQUIRE(bytes);
  BOOST_TEST(bytes->data == std::string("\0\1", 2));

  Response moved;
  moved.status = 302;
  moved.headers.set("Location", "/elsewhere");
  transport.respond(moved);
  auto r = client.redirect();
  BOOST_REQUIRE(r);
  BOOST_TEST(r->status == 302);
}

BOOST_AUTO_TEST_CASE(recursive_json_body_and_vendor_json_result) {
  transport.respond(with(R"({"kind": "a-b", "extra": null, "size": 2, "meta": {"free": [1]}, "other": 0})",
                         "application/vnd.fixture.v1+json;charset=UTF-8", 201));
  // `children` holds the struct being defined, so it has no default member initializer (see models_writer.cpp)
  // and a designated initializer names it to stay free of -Wmissing-field-initializers.
  fx::Node node{.id = 1, .color = fx::Color::green, .next = fx::Node{.id = 2, .children = {}}, .children = {}};
  auto r = client.create_node({.body = node});
  BOOST_REQUIRE(r);
  BOOST_TEST(sent().body == R"({"id":1,"color":"green","next":{"id":2}})");
  BOOST_TEST((r->kind == fx::Kind::a_b));
  BOOST_TEST(!r->extra.has_value());
  BOOST_TEST(r->size == 2);
  BOOST_REQUIRE(r->meta);
  BOOST_TEST(r->meta->at("free").as_array().size() == 1u);

  auto back = json::decode<fx::Node>(R"({"id": 1, "next": {"id": 2, "children": [{"id": 3}]}})");
  BOOST_REQUIRE(back);
  BOOST_REQUIRE(back->next);
  BOOST_TEST((*back->next)->children->at(0).id == 3);
}

BOOST_AUTO_TEST_CASE(renamed_keys_and_variants) {
  auto odd = json::decode<fx::Odd>(R"({"@odata.type": "t", "class": "c", "x-rate": 4, "Node": "n"})");
  BOOST_REQUIRE(odd);
  BOOST_TEST(odd->odata_type.value_or("") == "t");
  BOOST_TEST(odd->class_.value_or("") == "c");
  BOOST_TEST(odd->x_rate.value_or(0) == 4);
  BOOST_TEST(odd->node.value_or("") == "n");
  BOOST_TEST(json::encode(*odd) == R"({"@odata.type":"t","class":"c","x-rate":4,"Node":"n"})");

  transport.respond(with(R"([{"kind": "default", "size": 1}, {"cells": [[1.5, 2], []]}])"));
  auto shapes = client.list_shapes();
  BOOST_REQUIRE(shapes);
  BOOST_REQUIRE_EQUAL(shapes->size(), 2u);
  BOOST_TEST(std::holds_alternative<fx::Derived>((*shapes)[0]));
  BOOST_REQUIRE(std::holds_alternative<fx::Grid>((*shapes)[1]));
  BOOST_TEST(std::get<fx::Grid>((*shapes)[1]).cells->at(0).at(0) == 1.5);
}

BOOST_AUTO_TEST_CASE(multipart_without_credentials_when_the_operation_needs_none) {
  transport.respond(with(R"({"a": 1, "b": 2})"));
  fx::Client<CannedTransport> anonymous{transport};
  auto r = anonymous.upload({.body = fx::UploadRequest{.file = {.data = "bytes", .filename = "f.bin"}, .note = "hi"}});
  BOOST_REQUIRE(r);
  BOOST_TEST(r->at("b") == 2);
  BOOST_TEST(!sent().headers.contains("X-Key"));
  BOOST_TEST(sent().content_type.rfind("multipart/form-data; boundary=", 0) == 0);

  auto denied = anonymous.get_item("i", {.session = "s"});
  BOOST_REQUIRE(!denied);
  BOOST_TEST(denied.error().kind == ErrorKind::auth);
}

BOOST_AUTO_TEST_CASE(string_spelled_formats_round_trip) {
  fx::Formats f{.total = 9007199254740993, .unsigned_ = 18446744073709551615u, .counts = std::vector<std::int64_t>{-1},
                .bytes = std::string("\xFF\x00", 2), .blob = std::string("ab"), .number = 5};
  const std::string wire = json::encode(f);
  BOOST_TEST(wire == R"({"total":"9007199254740993","unsigned":"18446744073709551615","counts":["-1"],)"
                     R"("bytes":"/wA=","blob":"YWI=","number":5})");
  BOOST_TEST((*json::decode<fx::Formats>(wire) == f));
}

BOOST_AUTO_TEST_SUITE_END()

// Success statuses and idempotency come from the description, and the overlay overrides both.
BOOST_FIXTURE_TEST_CASE(success_statuses_and_idempotency_per_operation, Fixture) {
  auto row = [](std::string_view name) {
    for (const auto& op : fx::operations)
      if (op.name == name) return op;
    BOOST_FAIL("no operation " << name);
    return fx::operations[0];
  };
  BOOST_TEST(row("get_item").idempotent);
  BOOST_TEST(row("delete_item").idempotent);
  BOOST_TEST(!row("create_node").idempotent);  // POST
  BOOST_TEST(!row("put_item").idempotent);     // a PUT, but the overlay says it is not
  BOOST_TEST(!client.build_put_item("i", {.body = {.name = "n"}})->is_idempotent());
  BOOST_TEST(client.build_delete_item("i")->is_idempotent());

  BOOST_TEST(fx::responses::redirect.is_success(302));
  BOOST_TEST(!fx::responses::redirect.is_success(200));
  BOOST_TEST(fx::responses::put_item.is_success(204));
  BOOST_TEST(!fx::responses::put_item.is_success(200));
  BOOST_TEST(fx::responses::create_node.is_success(200));  // the overlay adds 200 to the described 201
  BOOST_TEST(fx::responses::create_node.is_success(201));
  BOOST_TEST(!fx::responses::create_node.is_success(204));
}
