// Idempotency per operation: a state-changing GET is never sent twice, an idempotent one is retried.

#include <algorithm>
#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/transport/retrying.hpp>

#include "support.hpp"

using webapi::Request;
using webapi::Response;
using webapi::Result;
namespace fq = webapi::fakes::quotes;

namespace {

/// Lets the fake handle the first `drops` requests (so their effect happens), then reports the connection
/// as lost after the request was sent, as a real connection dropped before the answer arrived would.
struct DropAfterApply {
  fq::Fake* fake;
  int drops = 1;
  int sent = 0;
  Result<Response> send(const Request& request) {
    ++sent;
    Result<Response> answer = fake->send(request);
    if (sent <= drops)
      return webapi::transport_error(webapi::TransportFailure::connection_lost_after_send, "peer closed the connection");
    return answer;
  }
};

webapi::RetryPolicy eager() {
  webapi::RetryPolicy p;
  p.max_attempts = 3;
  p.sleep = [](std::chrono::milliseconds) {};
  // Retry every transport failure, the lost-after-send one included: only the operation's idempotency stops it.
  p.retry_error = [](const webapi::Error& e) { return e.kind == webapi::ErrorKind::transport; };
  return p;
}

struct Fixture {
  fq::Fake fake;
  std::string key = fake.add_api_key("alice");
  std::string franklin = fake.add_quote({.text = "Well done is better than well said.",
                                         .author = "Benjamin Franklin", .category = "inspire"});
  DropAfterApply dropping{&fake};
  webapi::Retrying<DropAfterApply> retrying{dropping, eager()};
  webapi::quotes::Client<webapi::Retrying<DropAfterApply>> client{retrying, {.api_key = key}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(idempotency, Fixture)

BOOST_AUTO_TEST_CASE(a_dropped_like_toggle_flips_exactly_once_and_the_outcome_is_unknown) {
  auto r = client.get_quote_like_toggle({.quote_id = franklin});
  BOOST_REQUIRE(!r);
  BOOST_TEST(dropping.sent == 1);                 // not sent again
  BOOST_TEST(fake.liked("alice", franklin));      // the one toggle took effect, and was not undone
  BOOST_TEST(r.error().kind == webapi::ErrorKind::transport);
  BOOST_TEST(webapi::transport_failure(r.error()) == webapi::TransportFailure::connection_lost_after_send);
  BOOST_TEST(r.error().what().find("outcome unknown") != std::string::npos, r.error().what());
}

BOOST_AUTO_TEST_CASE(a_dropped_bookmark_toggle_is_not_sent_again_either) {
  BOOST_TEST(!client.get_quote_bookmark_toggle({.quote_id = franklin}));
  BOOST_TEST(dropping.sent == 1);
  BOOST_TEST(fake.bookmarked("alice", franklin));
}

BOOST_AUTO_TEST_CASE(an_idempotent_get_is_retried_after_the_same_failure) {
  auto r = client.get_quote({.id = franklin});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(dropping.sent == 2);
}

BOOST_AUTO_TEST_CASE(the_operations_table_and_the_built_request_carry_the_flag) {
  auto row = [](std::string_view name) {
    const auto& ops = webapi::quotes::operations;
    auto it = std::find_if(ops.begin(), ops.end(), [&](const webapi::Operation& o) { return o.name == name; });
    BOOST_REQUIRE(it != ops.end());
    return *it;
  };
  BOOST_TEST(!row("get_quote_like_toggle").idempotent);
  BOOST_TEST(!row("get_quote_bookmark_toggle").idempotent);
  BOOST_TEST(row("get_quote").idempotent);
  BOOST_TEST(row("delete_quote").idempotent);
  BOOST_TEST(!row("patch_qod").idempotent);
  BOOST_TEST(client.build_get_quote({.id = franklin})->is_idempotent());
  BOOST_TEST(!client.build_get_quote_like_toggle({.quote_id = franklin})->is_idempotent());
}

BOOST_AUTO_TEST_SUITE_END()
