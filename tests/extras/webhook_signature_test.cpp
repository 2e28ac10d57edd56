#include <boost/test/unit_test.hpp>

#include "contains.hpp"

#include <webapi/webhooks/signature.hpp>

namespace wh = webapi::webhooks;
using extras_test::contains;

namespace {

constexpr std::string_view secret = "b1f3c0de-5ecr-e7ab-cdef-0123456789ab";
constexpr std::string_view uri = "https://example.com/hooks?portal=62515";
constexpr std::string_view body = R"([{"eventId":1,"subscriptionType":"contact.creation"}])";
// Sent at 1700000000000 ms; derived independently with Python:
//   base64.b64encode(hmac.new(secret, b"POST" + uri + body + b"1700000000000", hashlib.sha256).digest())
constexpr std::string_view known_signature = "aY/wdHrjqq3NjXQ3X8KL19K//s0sC7ACjugpJyi5NwY=";
const auto sent_at = std::chrono::system_clock::time_point(std::chrono::milliseconds(1700000000000));

}  // namespace

BOOST_AUTO_TEST_SUITE(webhook_signature)

BOOST_AUTO_TEST_CASE(known_vector) {
  BOOST_TEST(wh::signature_v3(secret, "POST", uri, body, "1700000000000") == known_signature);
  auto headers = wh::sign_v3(secret, "POST", uri, body, sent_at);
  BOOST_TEST(headers.timestamp == "1700000000000");
  BOOST_TEST(headers.signature == known_signature);
  BOOST_TEST(bool(wh::verify_v3(secret, "POST", uri, body, known_signature, "1700000000000",
                                sent_at + std::chrono::seconds(30))));
}

BOOST_AUTO_TEST_CASE(listed_escapes_are_decoded_before_signing) {
  BOOST_TEST(wh::signature_v3(secret, "POST", "https://example.com/hooks%3Fportal=62515", body, "1700000000000") ==
             known_signature);
  // Other escapes stay as sent.
  BOOST_TEST(wh::signature_v3(secret, "POST", "https://example.com/hooks%20", body, "1") !=
             wh::signature_v3(secret, "POST", "https://example.com/hooks ", body, "1"));
}

BOOST_AUTO_TEST_CASE(round_trip_through_headers) {
  auto now = std::chrono::system_clock::now();
  webapi::Headers headers;
  wh::sign_v3(secret, "POST", uri, body, now).apply_to(headers);
  BOOST_TEST(bool(wh::verify_v3(secret, "POST", uri, body, headers, now)));
}

BOOST_AUTO_TEST_CASE(tampering_is_refused) {
  auto later = sent_at + std::chrono::seconds(1);
  auto body_changed = wh::verify_v3(secret, "POST", uri, R"([{"eventId":2}])", known_signature, "1700000000000", later);
  BOOST_REQUIRE(!body_changed);
  BOOST_TEST(body_changed.error().kind == webapi::ErrorKind::auth);
  BOOST_TEST(contains(body_changed.error().message, "does not match"));
  BOOST_TEST(!wh::verify_v3(secret, "POST", "https://example.com/hooks?portal=1", body, known_signature,
                            "1700000000000", later));
  BOOST_TEST(!wh::verify_v3(secret, "PUT", uri, body, known_signature, "1700000000000", later));
  BOOST_TEST(!wh::verify_v3("another-secret", "POST", uri, body, known_signature, "1700000000000", later));
  // A timestamp moved forward to look fresh breaks the signature.
  BOOST_TEST(!wh::verify_v3(secret, "POST", uri, body, known_signature, "1700000001000", later));
}

BOOST_AUTO_TEST_CASE(stale_and_future_timestamps_are_refused) {
  auto headers = wh::sign_v3(secret, "POST", uri, body, sent_at);
  auto check = [&](std::chrono::system_clock::time_point now) {
    return wh::verify_v3(secret, "POST", uri, body, headers.signature, headers.timestamp, now);
  };
  BOOST_TEST(bool(check(sent_at + std::chrono::minutes(5))));
  auto stale = check(sent_at + std::chrono::minutes(5) + std::chrono::milliseconds(1));
  BOOST_REQUIRE(!stale);
  BOOST_TEST(contains(stale.error().message, "old"));
  BOOST_TEST(bool(check(sent_at - std::chrono::seconds(59))));
  auto future = check(sent_at - std::chrono::minutes(2));
  BOOST_REQUIRE(!future);
  BOOST_TEST(contains(future.error().message, "future"));
}

BOOST_AUTO_TEST_CASE(missing_or_malformed_headers_are_named_and_the_secret_never_shows) {
  webapi::Headers none;
  auto missing = wh::verify_v3(secret, "POST", uri, body, none, sent_at);
  BOOST_REQUIRE(!missing);
  BOOST_TEST(contains(missing.error().message, "X-HubSpot-Signature-v3 is missing"));
  auto bad_time = wh::verify_v3(secret, "POST", uri, body, known_signature, "17e11", sent_at);
  BOOST_REQUIRE(!bad_time);
  BOOST_TEST(contains(bad_time.error().message, "X-HubSpot-Request-Timestamp"));
  BOOST_TEST(wh::signature_v3("", "POST", uri, body, "1700000000000").empty());
  auto no_secret = wh::verify_v3("", "POST", uri, body, known_signature, "1700000000000", sent_at);
  BOOST_REQUIRE(!no_secret);
  BOOST_TEST(contains(no_secret.error().message, "client secret is empty"));
  auto wrong = wh::verify_v3(secret, "POST", uri, "x", known_signature, "1700000000000", sent_at);
  BOOST_REQUIRE(!wrong);
  BOOST_TEST(!contains(wrong.error().what(), secret));
  BOOST_TEST(!contains(wrong.error().what(), wh::signature_v3(secret, "POST", uri, "x", "1700000000000")));
}

BOOST_AUTO_TEST_SUITE_END()
