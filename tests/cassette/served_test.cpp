// The whole round: scenarios recorded against a served webhooks fake through BeastTransport, replayed to the
// client with no fake behind it, and verified on a fresh fake with no drift; then the cassette edited as a
// changed service would answer, each edit one drift line.
#include <boost/test/unit_test.hpp>

#include <functional>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include <webapi/core/cassette_recorder.hpp>
#include <webapi/core/cassette_replay.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/fakes/core/drift.hpp>
#include <webapi/fakes/webhooks.hpp>
#include <webapi/transport/beast_transport.hpp>

#include "../support/webhooks_contract.hpp"
#include "support.hpp"

namespace {

namespace fw = webapi::fakes::webhooks;
namespace scenario = test::webhooks_contract;

void run_all(scenario::Target& t) {
  scenario::subscription_lifecycle(t);
  scenario::rules_refuse_invalid_requests(t);
  scenario::settings_round_trip(t);
}

/// A webhooks fake served on loopback, one app and its key; the scenarios recorded into a cassette.
struct Recorded {
  test::TempCassette file{"served"};
  std::int32_t app = 0;

  Recorded() {
    fw::Fake fake;
    app = fake.add_app();
    const std::string key = fake.add_api_key({.apps = {app}});
    auto server = webapi::fakes::serve(fake, 0);
    webapi::BeastTransport http;
    webapi::CassetteRecorder recorder(http, file.path, "webhooks");
    scenario::Target t(recorder, "http://127.0.0.1:" + std::to_string(server.port()), key, app);
    run_all(t);
  }

  webapi::Cassette cassette() const {
    auto c = webapi::cassette::load(file.path);
    BOOST_REQUIRE_MESSAGE(c.has_value(), (c ? "" : c.error().what()));
    return *c;
  }

  /// The cassette with the answer of the first exchange of `operation` changed by `edit`.
  webapi::Cassette edited(std::string_view operation, const std::function<void(boost::json::object&)>& edit) const {
    auto lines = test::json_lines(file.path);
    bool done = false;
    std::string text;
    for (auto& line : lines) {
      auto& o = line.as_object();
      if (!done && o.contains("operation") && o.at("operation").as_string() == operation) {
        edit(o);
        done = true;
      }
      text += boost::json::serialize(line) + "\n";
    }
    BOOST_REQUIRE_MESSAGE(done, "no exchange of " << operation);
    return webapi::cassette::parse(text).value();
  }
};

/// `o`'s response body as JSON, changed by `edit`.
void edit_body(boost::json::object& o, const std::function<void(boost::json::object&)>& edit) {
  auto body = boost::json::parse(o.at("response_body").as_string());
  edit(body.as_object());
  o["response_body"] = boost::json::serialize(body);
}

/// The drift of a fresh fake whose ids differ from the recording's: a subscription made and archived first,
/// so the recorded subscription 1 is the fake's 2; its own key, not the recording's.
std::vector<webapi::fakes::Drift> drift_of(const webapi::Cassette& cassette, std::int32_t app) {
  fw::Fake fresh;
  const std::string key = fresh.add_api_key({.apps = {app}});
  webapi::webhooks::Client<fw::Fake> own(fresh, {.hapikey = key});
  auto early = own.subscriptions_create(
      app, {.body = {.event_type = webapi::webhooks::SubscriptionCreateRequestEventType::company_creation}});
  BOOST_REQUIRE(early);
  BOOST_REQUIRE(own.subscriptions_archive(app, std::stoi(early->id)));
  return webapi::fakes::verify(fresh, cassette, {.credentials = {{"hapikey", key}}});
}

std::string lines_of(const std::vector<webapi::fakes::Drift>& drifts) {
  std::string out;
  for (const auto& d : drifts) out += d.line() + "\n";
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cassette_round_trip)

BOOST_AUTO_TEST_CASE(recorded_from_a_served_fake_replayed_without_one_and_verified_without_drift) {
  Recorded recorded;
  const auto cassette = recorded.cassette();
  BOOST_TEST(cassette.header.api == "webhooks");
  BOOST_TEST(cassette.exchanges.size() > 15u);
  BOOST_TEST(test::read_text(recorded.file.path).find("hapikey\",\"REDACTED") != std::string::npos);

  // The client, with no fake and another key: the same answers, in the same order.
  webapi::CassetteReplay replay(cassette, {.in_order = true});
  scenario::Target t(replay, "http://anywhere.example", "not-the-recorded-key", recorded.app);
  run_all(t);
  BOOST_TEST(replay.remaining() == 0u);

  const auto drifts = drift_of(cassette, recorded.app);
  BOOST_TEST(drifts.empty(), lines_of(drifts));
}

BOOST_AUTO_TEST_CASE(a_renamed_member_is_one_line) {
  Recorded recorded;
  const auto drifts = drift_of(recorded.edited("subscriptions_get_by_id", [](boost::json::object& o) {
    edit_body(o, [](boost::json::object& b) {
      b["eventName"] = b.at("eventType");
      b.erase("eventType");
    });
  }), recorded.app);
  BOOST_REQUIRE_MESSAGE(drifts.size() == 1u, lines_of(drifts));
  BOOST_TEST(drifts[0].operation == "subscriptions_get_by_id");
  BOOST_TEST(drifts[0].path == "$");
  BOOST_TEST(drifts[0].what == "members differ: only the service has eventName; only the fake has eventType");
}

BOOST_AUTO_TEST_CASE(a_new_enum_value_is_one_line) {
  Recorded recorded;
  const auto drifts = drift_of(recorded.edited("subscriptions_get_by_id", [](boost::json::object& o) {
    edit_body(o, [](boost::json::object& b) { b["eventType"] = "contact.teleported"; });
  }), recorded.app);
  BOOST_REQUIRE_MESSAGE(drifts.size() == 1u, lines_of(drifts));
  BOOST_TEST(drifts[0].line().find("subscriptions_get_by_id $.eventType: the service answered "
                                   "\"contact.teleported\", a value the fake does not know") != std::string::npos,
             drifts[0].line());
}

BOOST_AUTO_TEST_CASE(a_status_moved_from_200_to_201_is_one_line) {
  Recorded recorded;
  const auto drifts = drift_of(recorded.edited("subscriptions_get_by_id", [](boost::json::object& o) {
    o["status"] = 201;
  }), recorded.app);
  BOOST_REQUIRE_MESSAGE(drifts.size() == 1u, lines_of(drifts));
  BOOST_TEST(drifts[0].path == "status");
  BOOST_TEST(drifts[0].what == "the service answered 201, the fake 200");
}

BOOST_AUTO_TEST_CASE(a_member_that_became_a_string_is_one_line) {
  Recorded recorded;
  const auto drifts = drift_of(recorded.edited("subscriptions_update", [](boost::json::object& o) {
    edit_body(o, [](boost::json::object& b) { b["active"] = b.at("active").as_bool() ? "true" : "false"; });
  }), recorded.app);
  BOOST_REQUIRE_MESSAGE(drifts.size() == 1u, lines_of(drifts));
  BOOST_TEST(drifts[0].line().find("subscriptions_update $.active: the service answers a string, the fake a "
                                   "boolean") != std::string::npos,
             drifts[0].line());
}

BOOST_AUTO_TEST_CASE(a_value_that_is_deterministic_is_compared) {
  // The fake resumed the subscription where the service, say, kept it paused: a boolean is a value.
  Recorded recorded;
  const auto drifts = drift_of(recorded.edited("subscriptions_update", [](boost::json::object& o) {
    edit_body(o, [](boost::json::object& b) { b["active"] = !b.at("active").as_bool(); });
  }), recorded.app);
  BOOST_REQUIRE_MESSAGE(drifts.size() == 1u, lines_of(drifts));
  BOOST_TEST(drifts[0].path == "$.active");
}

BOOST_AUTO_TEST_SUITE_END()
