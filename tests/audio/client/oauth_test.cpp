// Logging in: the /connect URL with its state nonce and PKCE challenge, the state check, the form-encoded
// token requests of each grant, and credentials that renew themselves with the newest refresh token.

#include <chrono>
#include <set>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/audio/oauth.hpp>
#include <webapi/core/url.hpp>

#include "scripted.hpp"

namespace wa = webapi::audio;
using namespace std::chrono_literals;
using audio_test::contains;
using audio_test::form_value;

namespace {

/// A token endpoint that issues numbered tokens, and an API that accepts only the newest access token.
struct TokenService {
  int issued = 0;
  std::string current_access;
  std::chrono::system_clock::time_point now = std::chrono::system_clock::time_point{} + 1000h;
  std::int64_t lifetime = 3600;
  audio_test::Scripted http{[this](const webapi::Request& r) -> webapi::Result<webapi::Response> {
    if (r.path == "/oauth2/token") {
      ++issued;
      current_access = "access-" + std::to_string(issued);
      return audio_test::json(R"({"access_token":")" + current_access + R"(","token_type":"bearer","expires_in":)" +
                              std::to_string(lifetime) + R"(,"refresh_token":"refresh-)" + std::to_string(issued) +
                              R"(","scope":"*"})");
    }
    if (r.headers.get("Authorization").value_or("") != "Bearer " + current_access)
      return audio_test::json(R"({"code":401,"message":"invalid token"})", 401);
    return audio_test::json(R"({"id":7,"username":"ada"})");
  }};
  wa::OAuth<audio_test::Scripted> login{
      http,
      {.client_id = "app-1", .client_secret = "app-secret", .redirect_uri = "https://app.example/callback"},
      {.refresh = {.margin = 60s, .now = [this] { return now; }}}};

  std::vector<webapi::Request> token_requests() const {
    std::vector<webapi::Request> out;
    for (auto& r : http.sent())
      if (r.path == "/oauth2/token") out.push_back(r);
    return out;
  }
};

/// The decoded value of query parameter `name` in `url`.
std::string query_of(const std::string& url, std::string_view name) {
  return form_value(std::string_view(url).substr(url.find('?') + 1), name);
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(oauth, TokenService)

BOOST_AUTO_TEST_CASE(the_challenge_is_the_rfc_7636_s256_of_the_verifier) {
  // RFC 7636 appendix B.
  BOOST_TEST(wa::pkce::challenge_s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") ==
             "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
}

BOOST_AUTO_TEST_CASE(the_connect_url_carries_the_app_a_fresh_state_and_the_pkce_challenge) {
  auto a = login.authorize({.scope = "*"});
  auto b = login.authorize({.scope = "*"});
  BOOST_REQUIRE(a && b);
  BOOST_TEST(a->url.rfind("https://api.soundcloud.com/connect?", 0) == 0);
  BOOST_TEST(query_of(a->url, "client_id") == "app-1");
  BOOST_TEST(query_of(a->url, "redirect_uri") == "https://app.example/callback");
  BOOST_TEST(query_of(a->url, "response_type") == "code");
  BOOST_TEST(query_of(a->url, "scope") == "*");
  BOOST_TEST(query_of(a->url, "state") == a->state);
  BOOST_TEST(query_of(a->url, "code_challenge_method") == "S256");
  BOOST_TEST(query_of(a->url, "code_challenge") == wa::pkce::challenge_s256(a->code_verifier));
  BOOST_TEST(!contains(a->url, a->code_verifier));  // the verifier stays with the application
  // 32 random bytes each, base64url without padding: RFC 7636's recommended 43 characters.
  BOOST_TEST(a->code_verifier.size() == 43u);
  BOOST_TEST(a->state.size() == 43u);
  BOOST_TEST(a->code_verifier.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
             std::string::npos);
  BOOST_TEST(a->state != b->state);
  BOOST_TEST(a->code_verifier != b->code_verifier);
  BOOST_TEST(a->state != a->code_verifier);
  BOOST_TEST(http.sent().empty());  // building the URL sends nothing
}

BOOST_AUTO_TEST_CASE(a_redirect_with_another_state_is_refused_without_naming_either) {
  auto pending = login.authorize().value();
  std::string forged = "forged-state-value-0123456789";
  auto r = login.finish(pending, "https://app.example/callback?code=abc&state=" + forged);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::auth);
  BOOST_TEST(contains(r.error().message, "state"));
  BOOST_TEST(!contains(r.error().what(), forged));
  BOOST_TEST(!contains(r.error().what(), pending.state));
  BOOST_TEST(http.sent().empty());  // the code is not exchanged

  BOOST_TEST(!wa::check_state(pending.state, ""));
  BOOST_TEST(!wa::check_state(pending.state, pending.state.substr(1)));
  BOOST_TEST(!wa::check_state("", ""));
  BOOST_TEST(wa::check_state(pending.state, pending.state).has_value());
}

BOOST_AUTO_TEST_CASE(a_refusal_on_the_redirect_is_an_auth_error) {
  auto pending = login.authorize().value();
  auto r = login.finish(pending, "https://app.example/callback?error=access_denied&state=" + pending.state);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::auth);
  BOOST_TEST(contains(r.error().message, "access_denied"));
  BOOST_TEST(http.sent().empty());
}

BOOST_AUTO_TEST_CASE(the_code_is_exchanged_form_encoded_with_its_verifier) {
  auto pending = login.authorize().value();
  auto grant = login.finish(pending, "https://app.example/callback?code=c%2B1&state=" + pending.state);
  BOOST_REQUIRE_MESSAGE(grant, (grant ? "" : grant.error().what()));
  auto sent = token_requests();
  BOOST_REQUIRE(sent.size() == 1u);
  const auto& r = sent[0];
  BOOST_TEST(r.method == webapi::Method::post);
  BOOST_TEST(r.content_type == "application/x-www-form-urlencoded");
  BOOST_TEST(form_value(r.body, "grant_type") == "authorization_code");
  BOOST_TEST(form_value(r.body, "client_id") == "app-1");
  BOOST_TEST(form_value(r.body, "client_secret") == "app-secret");
  BOOST_TEST(form_value(r.body, "code") == "c+1");
  BOOST_TEST(form_value(r.body, "redirect_uri") == "https://app.example/callback");
  BOOST_TEST(form_value(r.body, "code_verifier") == pending.code_verifier);
  BOOST_TEST(!r.headers.contains("Authorization"));
  BOOST_TEST(grant->access_token == "access-1");
  BOOST_TEST(grant->refresh_token.value_or("") == "refresh-1");
  BOOST_TEST((grant->expires_at == now + 3600s));
  BOOST_TEST(grant->scope == "*");
}

BOOST_AUTO_TEST_CASE(refresh_and_client_credentials_send_their_grants) {
  BOOST_REQUIRE(login.refresh("refresh-9"));
  BOOST_REQUIRE(login.client_credentials());
  auto sent = token_requests();
  BOOST_REQUIRE(sent.size() == 2u);
  BOOST_TEST(form_value(sent[0].body, "grant_type") == "refresh_token");
  BOOST_TEST(form_value(sent[0].body, "refresh_token") == "refresh-9");
  BOOST_TEST(form_value(sent[0].body, "client_id") == "app-1");
  BOOST_TEST(form_value(sent[0].body, "client_secret") == "app-secret");
  BOOST_TEST(form_value(sent[1].body, "grant_type") == "client_credentials");
  BOOST_TEST(form_value(sent[1].body, "client_id") == "app-1");
  BOOST_TEST(form_value(sent[1].body, "code").empty());
}

BOOST_AUTO_TEST_CASE(a_logged_in_client_refreshes_before_expiry_with_the_newest_refresh_token) {
  auto pending = login.authorize().value();
  auto grant = login.finish(pending, "https://app.example/callback?code=c1&state=" + pending.state).value();
  wa::Client<audio_test::Scripted> api{http, {.access_token = login.credential(grant)}};
  BOOST_REQUIRE(api.get_me());
  BOOST_TEST(token_requests().size() == 1u);  // the grant's own token is used first

  now += 3550s;  // within the minute before expiry
  BOOST_REQUIRE(api.get_me());
  now += 3550s;
  BOOST_REQUIRE(api.get_me());
  auto sent = token_requests();
  BOOST_REQUIRE(sent.size() == 3u);
  BOOST_TEST(form_value(sent[1].body, "refresh_token") == "refresh-1");
  BOOST_TEST(form_value(sent[2].body, "refresh_token") == "refresh-2");  // the service retired refresh-1
  BOOST_TEST(http.sent().back().headers.get("Authorization").value_or("") == "Bearer access-3");
}

BOOST_AUTO_TEST_CASE(a_refused_token_is_refreshed_once_and_the_call_sent_again) {
  auto grant = login.refresh("refresh-0").value();
  wa::Client<audio_test::Scripted> api{http, {.access_token = login.credential(grant)}};
  current_access = "revoked-by-the-service";
  auto me = api.get_me();
  BOOST_REQUIRE_MESSAGE(me, (me ? "" : me.error().what()));
  BOOST_TEST(me->username.value_or("") == "ada");
  BOOST_TEST(token_requests().size() == 2u);
  BOOST_TEST(http.sent().size() == 4u);  // token, refused call, refresh, call again
}

BOOST_AUTO_TEST_CASE(an_app_credential_uses_the_client_credentials_grant) {
  wa::Client<audio_test::Scripted> api{http, {.access_token = login.app_credential()}};
  BOOST_REQUIRE(api.get_me());
  BOOST_REQUIRE(api.get_me());
  auto sent = token_requests();
  BOOST_REQUIRE(sent.size() == 1u);
  BOOST_TEST(form_value(sent[0].body, "grant_type") == "client_credentials");
}

BOOST_AUTO_TEST_CASE(without_a_refresh_token_renewal_asks_to_log_in_again) {
  wa::Grant grant{.access_token = "implicit-token", .expires_at = now + 600s};
  current_access = grant.access_token;
  wa::Client<audio_test::Scripted> api{http, {.access_token = login.credential(grant)}};
  BOOST_REQUIRE(api.get_me());
  now += 600s;
  auto r = api.get_me();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::auth);
  BOOST_TEST(contains(r.error().message, "log in again"));
  BOOST_TEST(!contains(r.error().what(), "implicit-token"));
}

BOOST_AUTO_TEST_CASE(the_implicit_grant_is_only_there_when_asked_for_by_its_discouraged_name) {
  auto code = login.authorize().value();
  BOOST_TEST(query_of(code.url, "response_type") == "code");

  auto implicit = login.authorize({.implicit_grant_discouraged = true}).value();
  BOOST_TEST(query_of(implicit.url, "response_type") == "token");
  BOOST_TEST(!contains(implicit.url, "code_challenge"));
  BOOST_TEST(implicit.code_verifier.empty());
  auto grant = login.finish_implicit_discouraged(
      implicit, "https://app.example/callback#access_token=tok-1&expires_in=60&scope=%2A&state=" + implicit.state);
  BOOST_REQUIRE(grant);
  BOOST_TEST(grant->access_token == "tok-1");
  BOOST_TEST((grant->expires_at == now + 60s));
  BOOST_TEST(!grant->refresh_token);
  BOOST_TEST(!login.finish_implicit_discouraged(implicit, "https://app.example/callback#access_token=tok-1&state=x"));
}

BOOST_AUTO_TEST_SUITE_END()
