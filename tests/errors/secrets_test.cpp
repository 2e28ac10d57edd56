// Credentials never reach a log line or an error text, whichever way a call fails and however the
// credential travels (header, query, bearer, basic, or named by hand in the generic send()).

#include <functional>
#include <string>
#include <vector>

#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>
#include <webapi/core/base64.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/url.hpp>
#include <webapi/finance.hpp>
#include <webapi/project_management.hpp>
#include <webapi/quotes.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/transport/logging.hpp>
#include <webapi/webhooks.hpp>

#include "support.hpp"

using webapi::Request;
using webapi::Response;
using webapi::Result;

namespace {

enum class Failure { transport, unauthorized, server, decode };
constexpr Failure every_failure[] = {Failure::transport, Failure::unauthorized, Failure::server, Failure::decode};

/// A service (or transport) that quotes every credential it was sent back at the caller, raw and encoded.
struct Echo {
  Failure failure = Failure::transport;
  Result<Response> send(const Request& r) {
    std::string quoted = webapi::url::full_url(r) + " ";
    for (const auto& [name, value] : r.headers) quoted += name + ": " + value + "; ";
    for (const auto& q : r.query) quoted += q.value + " " + webapi::url::encode_query_component(q.value) + " ";
    std::string m = boost::json::serialize(boost::json::string(quoted));  // a JSON string, quotes included
    switch (failure) {
      case Failure::transport:
        return webapi::transport_error(webapi::TransportFailure::connect, "could not reach " + quoted);
      case Failure::unauthorized:
        return test::answer(401, R"({"code":401,"message":)" + m + R"(,"errorMessage":)" + m + R"(,"errorCode":)" + m +
                                     R"(,"category":)" + m + R"(,"error":{"code":401,"message":)" + m +
                                     R"(,"name":)" + m + R"(,"status":)" + m + "}}");
      case Failure::server: return test::answer(500, "internal error while serving " + quoted, "text/plain");
      // A list where every operation here answers an object: a decode error whatever members it requires.
      case Failure::decode: return test::answer(200, "[" + m + "," + m + "]");
    }
    return test::answer(500, "");
  }
};

/// Every form a secret could be printed in.
std::vector<std::string> forms(const std::string& secret) {
  return {secret, webapi::url::encode_query_component(secret), webapi::url::encode_segment(secret)};
}

struct Output {
  std::vector<std::string> lines;
  webapi::Logging<Echo>::Sink sink() {
    return [this](std::string_view l) { lines.emplace_back(l); };
  }
  template <class R>
  void record(const Result<R>& r) {
    BOOST_REQUIRE(!r);
    lines.push_back(r.error().what());
    if (const auto* s = r.error().service_error()) lines.push_back(s->code + " " + s->status + " " + s->message);
  }
  void require_clean(const std::vector<std::string>& secrets, const std::string& context) {
    BOOST_TEST_REQUIRE(lines.size() >= 2u);
    for (const auto& line : lines)
      for (const auto& secret : secrets)
        for (const auto& form : forms(secret))
          BOOST_TEST(line.find(form) == std::string::npos, context << ": '" << form << "' in: " << line);
  }
};

const webapi::LoggingOptions with_headers{.headers = true};

}  // namespace

BOOST_AUTO_TEST_SUITE(secrets)

BOOST_AUTO_TEST_CASE(header_credential) {
  const std::string key = "hk Secret/1&x";
  for (Failure f : every_failure) {
    Echo echo{f};
    Output out;
    webapi::Logging logged{echo, out.sink(), with_headers};
    webapi::quotes::Client client{logged, {.api_key = key}};
    out.record(client.get_qod());
    out.require_clean({key}, "header " + std::to_string(int(f)));
  }
}

BOOST_AUTO_TEST_CASE(query_credential_and_a_short_one) {
  for (const std::string key : {"qk Secret/2&y=z", "Zq7"}) {
    for (Failure f : every_failure) {
      Echo echo{f};
      Output out;
      webapi::Logging logged{echo, out.sink(), with_headers};
      webapi::webhooks::Client client{logged, {.hapikey = key}};
      out.record(client.settings_get_all(7));
      out.require_clean({key}, "query " + key + " " + std::to_string(int(f)));
    }
  }
}

BOOST_AUTO_TEST_CASE(bearer_credential) {
  const std::string token = "bt.Secret+3/=";
  for (Failure f : every_failure) {
    Echo echo{f};
    Output out;
    webapi::Logging logged{echo, out.sink(), with_headers};
    webapi::audio::Client client{logged, {.access_token = token}};
    out.record(client.get_me());
    out.require_clean({token}, "bearer " + std::to_string(int(f)));
  }
}

BOOST_AUTO_TEST_CASE(basic_credential_and_credentials_given_to_the_generic_send) {
  const std::string password = "pw Secret:4";
  const std::string basic = webapi::base64::encode("ann:" + password);
  for (Failure f : every_failure) {
    Echo echo{f};
    Output out;
    webapi::Logging logged{echo, out.sink(), with_headers};
    webapi::project_management::Client client{logged, {.access_token = "xtrf-Secret-5"}};
    webapi::SendOptions options;
    options.headers.set("Authorization", "Basic " + basic);
    options.headers.set("X-Api-Key", "hdr-Secret-6");
    options.headers.set("X-Custom-Signature-Thing", "custom-Secret-7");
    options.query.push_back({"access_token", "qry-Secret-8"});
    options.query.push_back({"sessionKey", "named-Secret-9"});
    options.secrets = {"sessionKey"};
    out.record(client.send<std::vector<std::int32_t>>(webapi::Method::get, "/v2/projects/ids", options));
    out.require_clean({password, basic, "xtrf-Secret-5", "hdr-Secret-6", "custom-Secret-7", "qry-Secret-8",
                       "named-Secret-9"},
                      "basic/send " + std::to_string(int(f)));
  }
}

BOOST_AUTO_TEST_CASE(scrub_catches_encoded_and_short_values) {
  Request r;
  webapi::auth::ApiKeyQuery{"key", "a b/c"}.apply(r);
  webapi::auth::ApiKeyHeader{"X-K", "Q9"}.apply(r);
  BOOST_TEST(webapi::scrub("raw a b/c, query a%20b%2Fc, form a+b%2Fc, lower a%20b%2fc", r) ==
             "raw REDACTED, query REDACTED, form REDACTED, lower REDACTED");
  BOOST_TEST(webapi::scrub("short Q9 here", r) == "short REDACTED here");
  Request e;
  webapi::auth::ApiKeyQuery{"key", "ED"}.apply(e);
  BOOST_TEST(webapi::scrub("said ED", e).find("ED") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(names_that_carry_credentials) {
  for (const char* n : {"api_key", "X-Api-Key", "apikey", "hapikey", "access_token", "oauth_token", "key",
                        "client_secret", "password", "X-AUTH-ACCESS-TOKEN", "Authorization",
                        // jwt, pwd, passcode, sas and an OAuth code, anywhere in a name or as a word of it
                        "jwt", "X-JWT-Assertion", "idJwt", "pwd", "user_pwd", "X-Pwd", "passcode", "userPasscode",
                        "code", "CODE", "sas", "sas_token", "X-Sas", "sasKey", "url-sig",
                        // X-Session... and X-Access..., whatever follows
                        "X-Session", "X-Session-Id", "x-session-context", "X_SESSION", "X-Access-Key", "X-Access-Id",
                        "sessionKey", "session_key", "accessKey", "private_key"})
    BOOST_TEST(webapi::looks_like_credential(n), n);
  for (const char* n : {"pageToken", "page_token", "nextPageToken", "author", "category", "keyword", "limit",
                        // words that merely contain the letters of a credential word
                        "encoding", "Content-Encoding", "Accept-Encoding", "Transfer-Encoding", "codec", "barcode",
                        "country_code", "errorCode", "currencyCode", "zip-code", "disassociate", "Kansas", "signal",
                        "design", "X-Sessions-Count", "X-Accessibility", "X-Request-Id", "Idempotency-Key",
                        "sort_key", "monkey", "session", "access", "accessLevel"})
    BOOST_TEST(!webapi::looks_like_credential(n), n);
}

BOOST_AUTO_TEST_CASE(the_connect_client_id_is_not_logged) {
  // get_connect takes the client_id that is also the module's query credential, as a parameter of its own.
  const std::string client_id = "cid-Secret-10";
  for (Failure f : every_failure) {
    Echo echo{f};
    Output out;
    webapi::Logging logged{echo, out.sink(), with_headers};
    webapi::audio::Client client{logged};
    webapi::audio::GetConnectParams params{.client_id = client_id,
                                           .redirect_uri = "https://app.example/cb",
                                           .response_type = webapi::audio::ResponseType::code,
                                           .scope = "non-expiring"};
    auto built = client.build_get_connect(params);
    BOOST_REQUIRE(built);
    BOOST_TEST(webapi::auth::is_secret(*built, "client_id"));
    out.record(client.get_connect(params));
    out.require_clean({client_id}, "connect " + std::to_string(int(f)));
  }
}

BOOST_AUTO_TEST_CASE(an_api_key_in_the_path_is_not_logged) {
  // DELETE /auth/apiKey/{key} carries a credential in its path: the log line's URL and every error show
  // REDACTED in its place.
  const std::string key = "pk Secret/11";
  for (Failure f : every_failure) {
    Echo echo{f};
    Output out;
    webapi::Logging logged{echo, out.sink(), with_headers};
    webapi::finance::Client client{logged, {.base_url = "https://fin.example", .access_token = "fin-Secret-12"}};
    out.record(client.delete_api_key(key));
    out.require_clean({key, "fin-Secret-12"}, "path " + std::to_string(int(f)));
    BOOST_TEST(out.lines.at(0).find("/auth/apiKey/REDACTED") != std::string::npos, out.lines.at(0));
  }
}

BOOST_AUTO_TEST_SUITE_END()
