#pragma once
// A project-management fake with two identities (English and German locales), a typed client for each,
// and hand-built requests for what the typed client cannot send (no key, a raw path).

#include <string>
#include <utility>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/project_management.hpp>
#include <webapi/project_management.hpp>

namespace test {

namespace fpm = webapi::fakes::project_management;
namespace pm = webapi::project_management;
using PmClient = pm::Client<fpm::Fake>;

struct PmFixture {
  fpm::Fake fake;
  std::string key = fake.add_api_key({.name = "Ada", .locale = "en"});
  std::string key_de = fake.add_api_key({.name = "Grete", .locale = "de"});
  PmClient client{fake, {.access_token = key}};
  PmClient client_de{fake, {.access_token = key_de}};

  PmClient client_with(std::string token) { return PmClient{fake, {.access_token = std::move(token)}}; }

  /// Sends a hand-built request; `token`, when not empty, goes in X-AUTH-ACCESS-TOKEN.
  webapi::Response raw(webapi::Method method, std::string path, const std::string& token, std::string body = {}) {
    webapi::Request r;
    r.method = method;
    r.base_url = "http://fake";
    r.path = std::move(path);
    if (!token.empty()) r.headers.set("X-AUTH-ACCESS-TOKEN", token);
    r.body = std::move(body);
    if (!r.body.empty()) r.content_type = "application/json";
    auto result = fake.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
    return *result;
  }
};

/// The message of a refusal in the service's error shape, {"errorCode":..,"errorMessage":..}.
inline std::string error_message(std::string_view body) {
  boost::system::error_code ec;
  auto v = boost::json::parse(body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && v.is_object() && v.as_object().contains("errorMessage"), "not an error body: " << body);
  return std::string(v.at("errorMessage").as_string());
}

/// The message of a refused typed call, after checking its status.
template <class R>
std::string refusal(const R& result, int status) {
  BOOST_REQUIRE(!result);
  BOOST_TEST(result.error().status == status);
  return error_message(result.error().body);
}

}  // namespace test
