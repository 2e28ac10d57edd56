// The OAuth 2.0 server: /connect redirects with a code and the same state; the token operation exchanges
// a code once with PKCE S256, refreshes (retiring the old refresh token) and issues app-only tokens, and
// refuses as RFC 6749 section 5.2 says. Sent as raw requests: the wire is what is under test.
#include <map>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/url.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

constexpr const char* verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";  // RFC 7636 appendix B
constexpr const char* challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

/// The fields after `separator` ('?' or '#') of a redirect's Location.
std::map<std::string, std::string> location_fields(const webapi::Response& r, char separator = '?') {
  std::string location(r.headers.get("Location").value_or(""));
  std::map<std::string, std::string> out;
  std::size_t at = location.find(separator);
  if (at == std::string::npos) return out;
  std::string_view rest = std::string_view(location).substr(at + 1);
  while (!rest.empty()) {
    std::string_view pair = rest.substr(0, rest.find('&'));
    rest.remove_prefix(std::min(rest.size(), pair.size() + 1));
    std::size_t eq = pair.find('=');
    out[*webapi::url::decode(pair.substr(0, eq), true)] = *webapi::url::decode(pair.substr(eq + 1), true);
  }
  return out;
}

struct OAuthFixture : AudioFixture {
  OAuthFixture() { fake.sign_in(ada); }

  Answer connect(Query extra = {}, std::string response_type = "code") {
    Query q{{"client_id", client_id}, {"redirect_uri", redirect_uri}, {"response_type", response_type},
            {"scope", "non-expiring"}, {"state", "xyz-123"}};
    if (response_type == "code" && extra.empty()) extra = {{"code_challenge", challenge}, {"code_challenge_method", "S256"}};
    for (auto& e : extra) q.push_back(std::move(e));
    return raw(webapi::Method::get, "/connect", std::move(q));
  }
  /// A fresh code for Ada.
  std::string code() {
    auto a = connect();
    BOOST_REQUIRE_EQUAL(a.status, 302);
    return location_fields(a.response).at("code");
  }
  Answer token(const Query& form) {
    return raw(webapi::Method::post, "/oauth2/token", {}, {}, webapi::url::encode_query(form),
               "application/x-www-form-urlencoded");
  }
  Answer exchange(const std::string& code, std::string code_verifier = verifier, std::string uri = redirect_uri) {
    return token({{"grant_type", "authorization_code"}, {"client_id", client_id}, {"client_secret", "app-1-secret"},
                  {"code", code}, {"redirect_uri", uri}, {"code_verifier", code_verifier}});
  }
  void check_oauth_error(const Answer& a, int status, const std::string& error) {
    BOOST_TEST(a.status == status);
    BOOST_TEST(a.object().at("error").as_string() == error);
    BOOST_TEST(a.object().contains("error_description"));
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(audio_oauth, OAuthFixture)

BOOST_AUTO_TEST_CASE(connect_redirects_to_the_redirect_uri_with_a_code_and_the_same_state) {
  auto a = connect();
  BOOST_TEST(a.status == 302);
  std::string location(a.response.headers.get("Location").value_or(""));
  BOOST_TEST(location.starts_with(std::string(redirect_uri) + "?"));
  auto fields = location_fields(a.response);
  BOOST_TEST(fields["state"] == "xyz-123");
  BOOST_TEST(!fields["code"].empty());
}

BOOST_AUTO_TEST_CASE(connect_refuses_an_unknown_client_or_unregistered_redirect_uri_without_redirecting) {
  auto unknown = raw(webapi::Method::get, "/connect",
                     {{"client_id", "nobody"}, {"redirect_uri", redirect_uri}, {"response_type", "code"}, {"scope", "*"}});
  BOOST_TEST(unknown.status == 400);
  BOOST_TEST(!unknown.response.headers.get("Location"));
  auto elsewhere = raw(webapi::Method::get, "/connect",
                       {{"client_id", client_id}, {"redirect_uri", "https://evil.example/cb"}, {"response_type", "code"},
                        {"scope", "*"}});
  BOOST_TEST(elsewhere.status == 400);
  BOOST_TEST(!elsewhere.response.headers.get("Location"));
}

BOOST_AUTO_TEST_CASE(connect_without_pkce_s256_redirects_with_invalid_request) {
  auto none = connect({{"unrelated", "1"}});
  BOOST_TEST(none.status == 302);
  BOOST_TEST(location_fields(none.response)["error"] == "invalid_request");
  BOOST_TEST(location_fields(none.response)["state"] == "xyz-123");
  auto plain = connect({{"code_challenge", verifier}, {"code_challenge_method", "plain"}});
  BOOST_TEST(location_fields(plain.response)["error"] == "invalid_request");
}

BOOST_AUTO_TEST_CASE(connect_with_nobody_signed_in_redirects_with_access_denied) {
  fake.sign_out();
  BOOST_TEST(location_fields(connect().response)["error"] == "access_denied");
}

BOOST_AUTO_TEST_CASE(the_implicit_flow_puts_the_token_in_the_fragment) {
  auto a = connect({}, "token");
  BOOST_TEST(a.status == 302);
  auto fields = location_fields(a.response, '#');
  BOOST_TEST(fields["state"] == "xyz-123");
  BOOST_TEST(get("/me", fields["access_token"]).status == 200);
}

BOOST_AUTO_TEST_CASE(a_code_exchanges_once_for_a_token_pair_of_the_signed_in_user) {
  const std::string c = code();
  auto a = exchange(c);
  BOOST_TEST_REQUIRE(a.status == 200);
  const auto& o = a.object();
  BOOST_TEST(o.at("token_type").as_string() == "bearer");
  BOOST_TEST(o.at("expires_in").as_int64() == 3600);
  BOOST_TEST(!o.at("refresh_token").as_string().empty());
  BOOST_TEST(a.response.headers.get("Cache-Control").value_or("") == "no-store");
  auto me = get("/me", std::string(o.at("access_token").as_string()));
  BOOST_TEST(me.object().at("id").as_int64() == ada);

  auto again = exchange(c);
  check_oauth_error(again, 400, "invalid_grant");
  BOOST_TEST(again.response.body.find(c) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_unknown_code_is_invalid_grant) { check_oauth_error(exchange("made-up"), 400, "invalid_grant"); }

BOOST_AUTO_TEST_CASE(a_wrong_verifier_is_invalid_grant) {
  check_oauth_error(exchange(code(), std::string(43, 'a')), 400, "invalid_grant");
  check_oauth_error(exchange(code(), ""), 400, "invalid_grant");
}

BOOST_AUTO_TEST_CASE(a_wrong_redirect_uri_is_invalid_grant) {
  check_oauth_error(exchange(code(), verifier, "https://app.example/other"), 400, "invalid_grant");
}

BOOST_AUTO_TEST_CASE(a_code_expires_after_ten_minutes) {
  const std::string c = code();
  fake.clock().advance(std::chrono::minutes(10));
  check_oauth_error(exchange(c), 400, "invalid_grant");
}

BOOST_AUTO_TEST_CASE(a_wrong_client_secret_is_invalid_client) {
  auto a = token({{"grant_type", "authorization_code"}, {"client_id", client_id}, {"client_secret", "guessed-secret-42"},
                  {"code", code()}, {"redirect_uri", redirect_uri}, {"code_verifier", verifier}});
  check_oauth_error(a, 401, "invalid_client");
  BOOST_TEST(a.response.body.find("guessed-secret-42") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_client_may_authenticate_with_http_basic) {
  const std::string c = code();
  auto a = raw(webapi::Method::post, "/oauth2/token", {}, "Basic " + webapi::base64::encode("app-1:app-1-secret"),
               webapi::url::encode_query(Query{{"grant_type", "authorization_code"}, {"code", c},
                                               {"redirect_uri", redirect_uri}, {"code_verifier", verifier}}),
               "application/x-www-form-urlencoded");
  BOOST_TEST(a.status == 200);
  // The description lists "application/json; charset=utf-8" for the token answer.
  BOOST_TEST(a.response.content_type() == "application/json; charset=utf-8");
}

BOOST_AUTO_TEST_CASE(refresh_issues_a_new_pair_and_retires_the_old_refresh_token) {
  auto first = exchange(code()).object();
  const std::string old_refresh(first.at("refresh_token").as_string());
  Query form{{"grant_type", "refresh_token"}, {"client_id", client_id}, {"client_secret", "app-1-secret"},
             {"refresh_token", old_refresh}};
  auto second = token(form);
  BOOST_TEST_REQUIRE(second.status == 200);
  BOOST_TEST(second.object().at("refresh_token").as_string() != old_refresh);
  BOOST_TEST(second.object().at("access_token").as_string() != first.at("access_token").as_string());
  BOOST_TEST(get("/me", std::string(second.object().at("access_token").as_string())).status == 200);
  check_oauth_error(token(form), 400, "invalid_grant");
}

BOOST_AUTO_TEST_CASE(client_credentials_gives_an_app_only_token) {
  auto a = token({{"grant_type", "client_credentials"}, {"client_id", client_id}, {"client_secret", "app-1-secret"}});
  BOOST_TEST_REQUIRE(a.status == 200);
  BOOST_TEST(!a.object().contains("refresh_token"));
  const std::string t(a.object().at("access_token").as_string());
  BOOST_TEST(get(users(bob), t).status == 200);
  BOOST_TEST(get("/me", t).status == 401);
}

BOOST_AUTO_TEST_CASE(an_unknown_grant_type_is_unsupported_grant_type) {
  check_oauth_error(token({{"grant_type", "password"}, {"client_id", client_id}, {"client_secret", "app-1-secret"}}),
                    400, "unsupported_grant_type");
}

BOOST_AUTO_TEST_CASE(the_token_operation_takes_a_form_body_only) {
  auto a = raw(webapi::Method::post, "/oauth2/token", {}, {}, R"({"grant_type":"client_credentials"})",
               "application/json");
  BOOST_TEST(a.status == 415);
}

BOOST_AUTO_TEST_CASE(connect_with_another_response_type_redirects_with_unsupported_response_type) {
  auto a = connect({{"code_challenge", challenge}, {"code_challenge_method", "S256"}}, "code_and_token");
  BOOST_TEST(a.status == 302);
  BOOST_TEST(location_fields(a.response)["error"] == "unsupported_response_type");
}

BOOST_AUTO_TEST_CASE(the_code_may_come_as_authorization_code_as_the_description_names_it) {
  auto a = token({{"grant_type", "authorization_code"}, {"client_id", client_id}, {"client_secret", "app-1-secret"},
                  {"authorization_code", code()}, {"redirect_uri", redirect_uri}, {"code_verifier", verifier}});
  BOOST_TEST(a.status == 200);
}

BOOST_AUTO_TEST_SUITE_END()
