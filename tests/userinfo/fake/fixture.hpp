#pragma once
// A userinfo fake with two accounts, a typed client per token, and hand-built requests for what the typed
// client cannot send (a missing or malformed credential, alt=proto, GET tokeninfo).

#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/userinfo.hpp>
#include <webapi/userinfo.hpp>

namespace test {

namespace fu = webapi::fakes::userinfo;
using UserinfoClient = webapi::userinfo::Client<fu::Fake>;

struct UserinfoFixture {
  fu::Fake fake;
  std::string ada = fake.add_user({.email = "ada@analytical.example",
                                   .name = "Ada Lovelace",
                                   .given_name = "Ada",
                                   .family_name = "Lovelace",
                                   .picture = "https://images.analytical.example/ada.png",
                                   .locale = "en-GB",
                                   .hd = "analytical.example",
                                   .link = "https://analytical.example/people/ada",
                                   .gender = "female"});
  std::string grace = fake.add_user({.email = "grace@example.com", .verified_email = false,
                                     .name = "Grace Hopper", .given_name = "Grace", .family_name = "Hopper"});
  /// Ada's, scope "openid email profile", an hour long.
  std::string ada_token = fake.issue_access_token({.user_id = ada});
  /// A client sending no credential: enough for tokeninfo.
  UserinfoClient anonymous{fake, {}};

  /// A client presenting `token` as its bearer credential.
  UserinfoClient client(std::string token) { return UserinfoClient{fake, {.access_token = std::move(token)}}; }

  /// A token of `user` with `scope`.
  std::string token_for(const std::string& user, std::string scope) {
    return fake.issue_access_token({.user_id = user, .scope = std::move(scope)});
  }

  /// Sends a hand-built request; a transport error fails the test.
  webapi::Response raw(webapi::Method method, std::string path, std::vector<webapi::QueryParam> query = {},
                       webapi::Headers headers = {}) {
    webapi::Request r;
    r.method = method;
    r.base_url = "http://fake";
    r.path = std::move(path);
    r.query = std::move(query);
    r.headers = std::move(headers);
    auto result = fake.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
    return *result;
  }
  /// GET `path` with "Authorization: Bearer <token>" when `token` is not empty.
  webapi::Response get(std::string path, const std::string& token, std::vector<webapi::QueryParam> query = {}) {
    webapi::Headers h;
    if (!token.empty()) h.set("Authorization", "Bearer " + token);
    return raw(webapi::Method::get, std::move(path), std::move(query), std::move(h));
  }
};

inline boost::json::object json_object(std::string_view body) {
  boost::system::error_code ec;
  auto v = boost::json::parse(body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && v.is_object(), "body is not a JSON object: " << body);
  return v.as_object();
}

/// The members of a JSON object body, in order.
inline std::vector<std::string> member_names(std::string_view body) {
  std::vector<std::string> names;
  for (const auto& kv : json_object(body)) names.emplace_back(kv.key());
  return names;
}

/// The message of a {"error":{"code":..,"message":..}} body, after checking the code matches `status`.
inline std::string error_message(std::string_view body, int status) {
  auto o = json_object(body);
  BOOST_REQUIRE_MESSAGE(o.contains("error") && o.at("error").is_object(), "no error object in " << body);
  BOOST_TEST(o.at("error").at("code").to_number<int>() == status);
  return std::string(o.at("error").at("message").as_string());
}

/// The {"error":code,"error_description":..} pair of an OAuth error body.
inline std::pair<std::string, std::string> oauth_error(std::string_view body) {
  auto o = json_object(body);
  BOOST_REQUIRE_MESSAGE(o.contains("error") && o.at("error").is_string(), "not an OAuth error: " << body);
  return {std::string(o.at("error").as_string()), std::string(o.at("error_description").as_string())};
}

}  // namespace test
