// Eight threads sharing one logged-in client: when the service stops accepting the access token, one
// refresh serves them all, with the newest refresh token. Run under ThreadSanitizer too (label concurrency).
#define BOOST_TEST_MODULE audio_concurrency
#include <boost/test/unit_test.hpp>

#include <mutex>
#include <string>
#include <vector>

#include <webapi/audio/oauth.hpp>

#include "../../client/on_eight_threads.hpp"
#include "scripted.hpp"

namespace wa = webapi::audio;

BOOST_AUTO_TEST_CASE(one_refresh_serves_eight_threads) {
  std::mutex mutex;
  int issued = 0;
  std::string current;
  std::vector<std::string> refresh_tokens_used;
  audio_test::Scripted http{[&](const webapi::Request& r) -> webapi::Result<webapi::Response> {
    std::lock_guard lock(mutex);
    if (r.path == "/oauth2/token") {
      refresh_tokens_used.push_back(audio_test::form_value(r.body, "refresh_token"));
      current = "access-" + std::to_string(++issued);
      return audio_test::json(R"({"access_token":")" + current + R"(","expires_in":3600,"refresh_token":"refresh-)" +
                              std::to_string(issued) + R"("})");
    }
    if (r.headers.get("Authorization").value_or("") != "Bearer " + current) return audio_test::json("{}", 401);
    return audio_test::json(R"({"id":1})");
  }};
  wa::OAuth<audio_test::Scripted> login{http, {.client_id = "app", .redirect_uri = "https://app.example/cb"}};
  auto grant = login.refresh("refresh-0");
  BOOST_REQUIRE(grant);
  wa::Client<audio_test::Scripted> client{http, {.access_token = login.credential(*grant)}};
  {
    std::lock_guard lock(mutex);
    current = "revoked";  // the service no longer accepts access-1
  }

  BOOST_TEST(webapi_test::on_eight_threads([&] { return client.get_me().has_value(); }) == 8);
  std::lock_guard lock(mutex);
  BOOST_TEST(issued == 2);  // the first login's refresh, and one renewal for all eight threads
  BOOST_TEST((refresh_tokens_used == std::vector<std::string>{"refresh-0", "refresh-1"}));
}
