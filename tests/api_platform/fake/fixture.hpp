#pragma once
// An API-platform fake with two users, a typed client acting as the first, hand-built requests for what the
// typed client cannot send (no key, a body the models forbid), and helpers that create through the client.

#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/api_platform.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/api_platform.hpp>

namespace test {

namespace fap = webapi::fakes::api_platform;
namespace ap = webapi::api_platform;
using PlatformClient = ap::Client<fap::Fake>;

inline constexpr const char* v21 = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/// The value of a result the test needs, failing the test with the error's message otherwise.
template <class R>
auto ok(R r, const char* what = "call") {
  BOOST_REQUIRE_MESSAGE(r.has_value(), what << " failed: " << (r ? "" : r.error().message));
  if constexpr (!std::is_void_v<typename R::value_type>) return *std::move(r);
}

inline boost::json::object json_object(std::string_view body) {
  boost::system::error_code ec;
  auto v = boost::json::parse(body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && v.is_object(), "body is not a JSON object: " << body);
  return v.as_object();
}

/// A refusal in the service's error shape, read back.
struct Refusal {
  int status = 0;
  std::string name;
  std::string message;
  std::string param;  ///< details.param: the member at fault, where the rule names one
};

inline Refusal refusal_of(int status, std::string_view body) {
  auto o = json_object(body);
  BOOST_REQUIRE_MESSAGE(o.contains("error") && o.at("error").is_object(), "not the service's error shape: " << body);
  const auto& e = o.at("error").as_object();
  Refusal r{status, std::string(e.at("name").as_string()), std::string(e.at("message").as_string()), {}};
  if (const auto* d = e.if_contains("details"))
    if (const auto* p = d->as_object().if_contains("param")) r.param = p->as_string();
  return r;
}

/// The refusal of a typed call that must fail with `status`.
template <class R>
Refusal refused(const R& r, int status) {
  BOOST_REQUIRE_MESSAGE(!r.has_value(), "the call succeeded, expected " << status);
  BOOST_TEST(r.error().status == status);
  return refusal_of(r.error().status, r.error().body);
}

struct PlatformFixture {
  fap::Fake fake;
  fap::AddedUser user = fake.add_user({.username = "jane", .full_name = "Jane Doe"});
  fap::AddedUser other = fake.add_user({.username = "omar"});
  PlatformClient client{fake, {.api_key = user.api_key}};

  /// Sends a hand-built request; `key`, when not empty, goes in the X-Api-Key header.
  webapi::Response raw(webapi::Method method, std::string path, const std::string& key, std::string body = {},
                       std::vector<webapi::QueryParam> query = {}) {
    webapi::Request r;
    r.method = method;
    r.base_url = "http://fake";
    r.path = std::move(path);
    r.query = std::move(query);
    if (!key.empty()) r.headers.set("X-Api-Key", key);
    r.body = std::move(body);
    if (!r.body.empty()) r.content_type = "application/json";
    auto result = fake.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().message));
    return *result;
  }

  // ---- making things through the client ----

  std::string collection(const std::string& name = "Orders") {
    auto r = ok(client.create_collection({.body = ap::CreateCollectionRequest{{{
                                              .info = ap::CreateCollectionRequestCollectionInfo{.name = name, .schema = v21},
                                              .item = std::vector<ap::CreateCollectionRequestCollectionItemItem>{
                                                  {.name = "List " + name}}}}}}),
                "create_collection");
    return *r.collection->uid;
  }
  std::string environment(const std::string& name = "Staging") {
    return *ok(client.create_environment({.body = {.environment = {.name = name}}}), "create_environment")
                .environment->uid;
  }
  /// A mock of a new collection; returns {id, uid}.
  std::pair<std::string, std::string> mock() {
    auto r = ok(client.create_mock({.body = ap::CreateMockRequest{{{.collection = collection("Mocked")}}}}), "create_mock");
    return {*r.mock->id, *r.mock->uid};
  }
  /// A monitor of a new collection; returns {id, uid}.
  std::pair<std::string, std::string> monitor(const std::string& cron = "0 9 * * *", const std::string& tz = "UTC") {
    auto r = ok(client.create_monitor({.body = ap::CreateMonitorRequest{{{
                                           .collection = collection("Monitored"), .name = "Check",
                                           .schedule = ap::CreateMonitorRequestMonitorSchedule{.cron = cron, .timezone = tz}}}}}),
                "create_monitor");
    return {*r.monitor->id, *r.monitor->uid};
  }
  std::string workspace(const std::string& name = "Team") {
    return *ok(client.create_workspace({.body = ap::CreateWorkspaceRequest{{{.name = name}}}}), "create_workspace")
                .workspace->id;
  }
  std::string api(const std::string& name = "Orders") {
    return *ok(client.create_api({.body = ap::CreateApiRequest{{{.name = name}}}}), "create_api").api->id;
  }
  /// The id of the API's first version.
  std::string first_version(const std::string& api_id) {
    return *ok(client.get_all_api_versions(api_id), "get_all_api_versions").versions->front().id;
  }
};

}  // namespace test
