#pragma once
// A finance fake with a user "ada" holding a token, a typed client per credential, and hand-built requests
// for what the typed client cannot send (another Authorization scheme, no credential at all).

#include <cstdint>
#include <string>
#include <utility>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/finance.hpp>
#include <webapi/finance.hpp>
#include <webapi/finance/auth.hpp>

namespace test {

namespace ff = webapi::fakes::finance;
namespace fin = webapi::finance;
using FinanceClient = fin::Client<ff::Fake>;

inline constexpr const char* base_url = "https://finance.example";

struct FinanceFixture {
  ff::Fake fake;
  std::string ada_token = fake.issue_token("ada");
  std::string admin_token = fake.issue_token(fake.cobrand().admin_login_name);
  FinanceClient client{fake, {.base_url = base_url, .access_token = ada_token}};
  FinanceClient admin{fake, {.base_url = base_url, .access_token = admin_token}};

  /// A client presenting `credential`.
  FinanceClient client_with(webapi::Credential credential) {
    return FinanceClient{fake, {.base_url = base_url, .access_token = std::move(credential)}};
  }
  /// A client sending a cobrand or user session ("cobSession=...[,userSession=...]").
  FinanceClient session_with(webapi::Credential session) {
    return FinanceClient{fake, {.base_url = base_url, .session = std::move(session)}};
  }

  /// The fake's clock, for providers that stamp or time tokens.
  std::function<std::chrono::system_clock::time_point()> fake_now() {
    return [this] { return fake.clock().now(); };
  }

  /// A manual account of ada's, made through the client; returns its id.
  std::int64_t add_manual(std::string name, std::string type, double balance) {
    auto r = client.create_manual_account(
        {.body = {.account = {.account_name = std::move(name), .account_type = std::move(type),
                              .balance = fin::Money{balance, fin::MoneyCurrency::USD}}}});
    BOOST_REQUIRE_MESSAGE(r.has_value(), "create failed: " << (r ? "" : r.error().what()));
    return *r->account->front().id;
  }

  /// Sends a hand-built request with `authorization` (none when empty). A transport error fails the test.
  webapi::Response raw(webapi::Method method, std::string path, const std::string& authorization,
                       std::string body = {}, std::string content_type = "application/json") {
    webapi::Request r;
    r.method = method;
    r.base_url = base_url;
    r.path = std::move(path);
    if (!authorization.empty()) r.headers.set("Authorization", authorization);
    r.body = std::move(body);
    if (!r.body.empty()) r.content_type = std::move(content_type);
    auto result = fake.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
    return *result;
  }
};

/// Fails the test, saying why, unless `r` holds a value.
#define REQUIRE_OK(r)                                                                      \
  do {                                                                                     \
    const auto& result_ = (r);                                                             \
    BOOST_REQUIRE_MESSAGE(result_.has_value(), #r << ": " << (result_ ? "" : result_.error().what())); \
  } while (false)

/// A YodleeError body read back, checking its shape.
struct YodleeError {
  std::string code;
  std::string message;
};
inline YodleeError yodlee_error(std::string_view body) {
  boost::system::error_code ec;
  auto v = boost::json::parse(body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && v.is_object() && v.as_object().contains("errorCode") &&
                            v.as_object().contains("errorMessage") && v.as_object().contains("referenceCode"),
                        "not a YodleeError: " << body);
  return {std::string(v.at("errorCode").as_string()), std::string(v.at("errorMessage").as_string())};
}

/// The YodleeError of a refused typed call, after checking its status.
inline YodleeError refusal(const webapi::Error& error, int status) {
  BOOST_TEST(error.status == status);
  return yodlee_error(error.body);
}

}  // namespace test
