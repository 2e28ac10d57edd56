#pragma once
// Small helpers shared by the module tests.

#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include <webapi/core/recording.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/core/exchange_log.hpp>

namespace test {

/// The canned transport, also writing every request a client sends for the validator in tests/fidelity,
/// which checks it against the operation's description (parameters, body) when the tests run under CTest.
class CannedTransport : public webapi::CannedTransport {
 public:
  using webapi::CannedTransport::CannedTransport;
  webapi::Result<webapi::Response> send(const webapi::Request& request) {
    webapi::fakes::ExchangeLog::instance().write_sent(request);
    return webapi::CannedTransport::send(request);
  }
};

inline webapi::Response json(std::string body, int status = 200,
                             std::string_view content_type = "application/json") {
  webapi::Response r;
  r.status = status;
  r.headers.set("Content-Type", content_type);
  r.body = std::move(body);
  return r;
}

/// The last request the canned transport saw; fails the test when there was none.
inline webapi::Request sent(const webapi::CannedTransport& t) {
  auto r = t.last();
  BOOST_REQUIRE(r.has_value());
  return *r;
}

/// "name=value&..." as it goes on the wire.
inline std::string query(const webapi::Request& r) { return webapi::url::encode_query(r.query); }

inline bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

}  // namespace test

/// Requires a successful Result, printing its error otherwise.
#define WEBAPI_REQUIRE_OK(r) \
  BOOST_REQUIRE_MESSAGE((r).has_value(), ((r).has_value() ? std::string() : (r).error().what()))
