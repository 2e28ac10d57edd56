#pragma once
// An audio fake with one registered app and three users (Ada, Bob, Carol), a typed client per user, and
// hand-built requests for what the typed client does not send or does not read as such (no credential,
// the OAuth wire, lists whose typed result depends on linked_partitioning).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/audio.hpp>

namespace test {

namespace fa = webapi::fakes::audio;
namespace au = webapi::audio;
using AudioClient = au::Client<fa::Fake>;
using Query = std::vector<webapi::QueryParam>;

inline constexpr const char* redirect_uri = "https://app.example/callback";

/// Why a typed call failed, for test messages; empty when it did not.
template <class R>
std::string why(const R& r) {
  return r ? std::string() : std::string(r.error().what());
}

/// A raw answer, its body parsed when it is JSON.
struct Answer {
  int status = 0;
  webapi::Response response;
  boost::json::value json;

  const boost::json::array& array() const {
    BOOST_REQUIRE_MESSAGE(json.is_array(), "not a JSON array: " << response.body);
    return json.as_array();
  }
  const boost::json::object& object() const {
    BOOST_REQUIRE_MESSAGE(json.is_object(), "not a JSON object: " << response.body);
    return json.as_object();
  }
  /// The ids of a plain list, or of the collection of a linked one.
  std::vector<std::int64_t> ids() const {
    const boost::json::array& items = json.is_object() ? json.at("collection").as_array() : array();
    std::vector<std::int64_t> out;
    for (const auto& item : items) out.push_back(item.is_object() ? item.at("id").to_number<std::int64_t>()
                                                                  : item.to_number<std::int64_t>());
    return out;
  }
};

struct AudioFixture {
  fa::Fake fake;
  std::string client_id = fake.add_app({.client_id = "app-1", .client_secret = "app-1-secret",
                                        .redirect_uris = {redirect_uri}});
  fa::Id ada = fake.add_user({.username = "Ada Byron"});
  fa::Id bob = fake.add_user({.username = "Bob Reed"});
  fa::Id carol = fake.add_user({.username = "Carol Tan"});
  std::string ada_token = fake.issue_token(ada, client_id);
  std::string bob_token = fake.issue_token(bob, client_id);
  std::string carol_token() { return fake.issue_token(carol, client_id); }
  AudioClient as_ada{fake, {.access_token = ada_token}};
  AudioClient as_bob{fake, {.access_token = bob_token}};
  AudioClient app_only{fake, {.client_id = client_id}};

  /// Sends a hand-built request. `auth`, when not empty, is the whole Authorization header value.
  Answer raw(webapi::Method method, std::string path, Query query = {}, std::string auth = {}, std::string body = {},
             std::string content_type = {}) {
    webapi::Request r;
    r.method = method;
    r.base_url = "https://api.soundcloud.com";
    r.path = std::move(path);
    r.query = std::move(query);
    if (!auth.empty()) r.headers.set("Authorization", auth);
    r.body = std::move(body);
    r.content_type = std::move(content_type);
    auto result = fake.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
    Answer a{result->status, *result, {}};
    boost::system::error_code ec;
    if (!result->body.empty()) a.json = boost::json::parse(result->body, ec);
    return a;
  }
  /// GET `path` as the holder of `token`.
  Answer get(std::string path, const std::string& token, Query query = {}) {
    return raw(webapi::Method::get, std::move(path), std::move(query), "Bearer " + token);
  }

  std::string users(fa::Id id) const { return "/users/" + std::to_string(id); }
  std::string tracks(fa::Id id) const { return "/tracks/" + std::to_string(id); }
  std::string playlists(fa::Id id) const { return "/playlists/" + std::to_string(id); }
};

}  // namespace test
