// A fake declared against its module: each parameter only where the operation puts it, the body's media type,
// JSON bodies decoded into the module's request models, answers encoded from its response models.

#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/core/dispatcher.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/quotes/service.hpp>
#include <webapi/webhooks/service.hpp>

using namespace webapi;
using namespace webapi::fakes;
namespace wh = webapi::webhooks;

namespace declared_rules {

struct Ctx {
  int calls = 0;
};

// The index is found at compile time; a name the module lacks would not compile.
static_assert(operation_index<wh::service>("settings_configure") == 2);
static_assert(operation_index<webapi::quotes::service>("get_quote_search") < webapi::quotes::operations.size());

struct Declared {
  Dispatcher<Ctx> d;
  wh::SettingsChangeRequest last_settings{};
  int handled = 0;

  Declared() {
    DeclaredRoutes<wh::service, Ctx, Dispatcher<Ctx>::RouterType>(d.router())
        .on<"settings_get_all">([this](Ctx&) {
          ++handled;
          return model_response(wh::SettingsResponse{"2024-01-01T00:00:00Z", "https://example.com/in", {2, {}}, {}});
        })
        .on<"settings_configure">([this](Ctx&, const wh::SettingsChangeRequest& body) {
          ++handled;
          last_settings = body;
          return model_response(wh::SettingsResponse{"2024-01-01T00:00:00Z", body.target_url, body.throttling, {}});
        })
        .on<"subscriptions_create">([this](Ctx&, const wh::SubscriptionCreateRequest&) {
          ++handled;
          return model_response(201, wh::SubscriptionResponse{});
        })
        .on<"subscriptions_update_batch">([this](Ctx&, const wh::BatchInputSubscriptionBatchUpdateRequest&) {
          ++handled;
          return model_response(wh::BatchResponseSubscriptionResponse{});
        })
        .unmodeled<"settings_clear">();
  }

  Response send(Method m, std::string path, std::string body = {}, std::string content_type = "application/json",
                std::vector<QueryParam> query = {}) {
    Request r;
    r.method = m;
    r.path = std::move(path);
    r.body = std::move(body);
    if (!r.body.empty()) r.content_type = std::move(content_type);
    r.query = std::move(query);
    return *d.dispatch(r, ManualClock::default_start(), [](const auto&, Captures&&) { return Ctx{}; });
  }
};

std::string message(const Response& r) {
  return std::string(boost::json::parse(r.body).at("error").at("message").as_string());
}
std::string member(const Response& r) {
  return std::string(boost::json::parse(r.body).at("error").at("in").as_string());
}

const std::string settings = "/webhooks/v3/7/settings";
const std::string good_settings = R"({"targetUrl":"https://example.com/in","throttling":{"maxConcurrentRequests":3}})";

BOOST_FIXTURE_TEST_SUITE(declared, Declared)

BOOST_AUTO_TEST_CASE(routes_come_from_the_modules_table) {
  const auto& routes = d.router().routes();
  BOOST_TEST(routes.size() == 5u);
  BOOST_TEST(routes[1].pattern == "/webhooks/v3/{appId}/settings");
  BOOST_TEST(routes[1].operation == "settings_configure");
  BOOST_TEST(int(routes[1].method) == int(Method::put));
  BOOST_TEST(send(Method::delete_, settings).status == 501);
}

BOOST_AUTO_TEST_CASE(a_json_body_is_decoded_into_the_request_model) {
  auto r = send(Method::put, settings, good_settings);
  BOOST_TEST(r.status == 200);
  BOOST_TEST(last_settings.target_url == "https://example.com/in");
  BOOST_TEST(last_settings.throttling.max_concurrent_requests == 3);
  // The answer is the response model's encoding.
  auto answer = json::decode<wh::SettingsResponse>(r.body);
  BOOST_REQUIRE(answer);
  BOOST_TEST(answer->target_url == "https://example.com/in");
}

BOOST_AUTO_TEST_CASE(a_parameter_in_the_wrong_place_is_refused_naming_it) {
  auto r = send(Method::get, settings, {}, {}, {{"appId", "7"}});
  BOOST_TEST(r.status == 400);
  BOOST_TEST(message(r) == "parameter 'appId' belongs in the path, not in the query");
  BOOST_TEST(member(r) == "appId");
  BOOST_TEST(handled == 0);
}

BOOST_AUTO_TEST_CASE(a_member_of_the_wrong_type_is_refused_naming_it) {
  auto r = send(Method::put, settings, R"({"targetUrl":42,"throttling":{"maxConcurrentRequests":3}})");
  BOOST_TEST(r.status == 400);
  BOOST_TEST(member(r) == "targetUrl");
  BOOST_TEST(message(r).find("'targetUrl'") != std::string::npos);
  BOOST_TEST(message(r).find("expected string") != std::string::npos);
  // Enum members are open (a client keeps a value it does not know), so an unknown value decodes; a fake
  // refuses it explicitly where its service does (the webhooks fake's known_value()).
  BOOST_TEST(handled == 0);
}

BOOST_AUTO_TEST_CASE(a_body_that_breaks_the_model_is_refused_naming_the_member) {
  auto missing = send(Method::put, settings, R"({"targetUrl":"https://example.com/in"})");
  BOOST_TEST(missing.status == 400);
  BOOST_TEST(message(missing) == "'throttling' is required");
  BOOST_TEST(member(missing) == "throttling");
  auto nested = send(Method::post, "/webhooks/v3/7/subscriptions/batch/update",
                     R"({"inputs":[{"id":1,"active":true},{"active":true}]})");
  BOOST_TEST(member(nested) == "inputs[1].id");
  BOOST_TEST(message(nested) == "'inputs[1].id' is required");
  auto not_json = send(Method::put, settings, "{not json");
  BOOST_TEST(not_json.status == 400);
  BOOST_TEST(member(not_json) == "body");
  BOOST_TEST(handled == 0);
}

BOOST_AUTO_TEST_CASE(a_body_must_come_with_the_media_type_the_operation_takes) {
  auto plain = send(Method::put, settings, good_settings, "text/plain");
  BOOST_TEST(plain.status == 415);
  BOOST_TEST(message(plain) == "operation 'settings_configure' takes a application/json body, not 'text/plain'");
  auto none = send(Method::put, settings, good_settings, "");
  BOOST_TEST(none.status == 415);
  BOOST_TEST(message(none).find("without a Content-Type") != std::string::npos);
  BOOST_TEST(send(Method::put, settings, good_settings, "Application/JSON; charset=utf-8").status == 200);
  auto empty = send(Method::put, settings);
  BOOST_TEST(empty.status == 400);
  BOOST_TEST(message(empty) == "operation 'settings_configure' needs a application/json request body");
  // An operation that takes no body refuses one.
  auto extra = send(Method::get, settings, R"({"x":1})");
  BOOST_TEST(extra.status == 400);
  BOOST_TEST(message(extra) == "operation 'settings_get_all' takes no request body");
}

BOOST_AUTO_TEST_CASE(a_media_type_declared_with_parameters_matches_on_the_type) {
  const RequestRules rules{.declared = true, .operation = "op", .body_media_type = "application/json;charset=UTF-8",
                           .body_kind = "json"};
  Request r;
  r.body = "{}";
  for (std::string ct : {"application/json;charset=UTF-8", "application/json"}) {
    r.content_type = ct;
    BOOST_CHECK_NO_THROW(check_request(r, rules));
  }
  r.content_type = "text/plain;charset=UTF-8";
  BOOST_CHECK_THROW(check_request(r, rules), Failure);
}

BOOST_AUTO_TEST_CASE(a_query_parameter_sent_in_a_body_is_named) {
  Dispatcher<Ctx> q;
  DeclaredRoutes<webapi::quotes::service, Ctx, Dispatcher<Ctx>::RouterType>(q.router())
      .on<"post_quote">([](Ctx&) { return json_response({{"ok", true}}); });
  Request r;
  r.method = Method::post;
  r.path = "/quote";
  r.content_type = "application/x-www-form-urlencoded";
  r.body = "author=Mies&quote=Less";
  auto answer = *q.dispatch(r, ManualClock::default_start(), [](const auto&, Captures&&) { return Ctx{}; });
  BOOST_TEST(answer.status == 400);
  BOOST_TEST(message(answer) == "parameter 'author' belongs in the query, not in the request body");
  r.body.clear();
  r.content_type.clear();
  r.query = {{"quote", "Less"}, {"author", "Mies"}};
  BOOST_TEST(q.dispatch(r, ManualClock::default_start(), [](const auto&, Captures&&) { return Ctx{}; })->status ==
             200);
}

BOOST_AUTO_TEST_CASE(the_member_at_fault_is_read_from_the_decoders_path) {
  BOOST_TEST(member_at_fault("at $.inputs[1].id: expected integer") == "inputs[1].id");
  BOOST_TEST(member_at_fault("missing required field 'period' at $.throttling") == "throttling.period");
  BOOST_TEST(member_at_fault("missing required field 'targetUrl' at $") == "targetUrl");
  BOOST_TEST(member_at_fault("at $: expected object, got array") == "body");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace declared_rules
