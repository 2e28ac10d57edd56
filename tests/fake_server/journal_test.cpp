// The journal's bounds: entries, bytes, and only the start of each body.
#include <boost/test/unit_test.hpp>

#include <string>

#include <webapi/fakes/core/journal.hpp>

#include "helpers.hpp"

using webapi::Request;
using webapi::fakes::Journal;

namespace {
Request with_body(std::size_t n, std::string path = "/p") {
  Request r;
  r.path = std::move(path);
  r.body.assign(n, 'x');
  return r;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(journal)

BOOST_AUTO_TEST_CASE(a_body_is_kept_by_its_start_and_its_size) {
  Journal j;
  j.set_body_prefix(16);
  auto& e = j.record(with_body(10'000), "op", {});
  BOOST_TEST(e.body_size == 10'000u);
  BOOST_TEST(e.request.body.size() == 16u);
  BOOST_TEST(j.bytes() < 2'000u);
  auto& small = j.record(with_body(5), "op", {});
  BOOST_TEST(small.body_size == 5u);
  BOOST_TEST(small.request.body == "xxxxx");
}

BOOST_AUTO_TEST_CASE(the_total_is_bounded_in_bytes_dropping_the_oldest) {
  Journal j;
  j.set_body_prefix(1000);
  j.set_max_bytes(10'000);
  for (int i = 0; i < 100; ++i) j.record(with_body(1000, "/n/" + std::to_string(i)), "op", {});
  BOOST_TEST(j.bytes() <= 10'000u);
  BOOST_TEST(j.size() < 10u);
  BOOST_TEST(j.size() >= 5u);
  BOOST_TEST(j.dropped() == 100u - j.size());
  BOOST_TEST(j.entries().back().request.path == "/n/99");  // the newest stay
  BOOST_TEST(j.latest() == &j.entries().back());
  j.set_max_bytes(0);
  BOOST_TEST(j.empty());
  BOOST_TEST(!j.latest());
  BOOST_TEST(j.bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(the_entry_count_bound_still_holds) {
  Journal j;
  j.set_capacity(3);
  for (int i = 0; i < 5; ++i) j.record(with_body(1), "op", {});
  BOOST_TEST(j.size() == 3u);
  BOOST_TEST(j.dropped() == 2u);
  j.clear();
  BOOST_TEST(j.bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(an_entry_written_over_one_let_go_holds_only_the_new_request) {
  Journal j;
  j.set_capacity(1);
  Request first = with_body(100, "/first");
  first.base_url = "http://a-long-host-name.example:8080/prefix";
  first.query = {{"a", "1"}, {"b", "2"}};
  first.headers.set("X-Service-Api-Secret", "a-long-secret-value-of-the-first");
  first.content_type = "text/plain";
  first.secrets = {"X-Service-Api-Secret"};
  j.record(first, "first", {});
  Request second = with_body(0, "/second");
  second.query = {{"c", "3"}};
  auto& e = j.record(second, "second", {});
  BOOST_TEST((e.request == second));
  BOOST_TEST(e.operation == "second");
  BOOST_TEST(e.body_size == 0u);
  BOOST_TEST(j.bytes() == Journal::footprint(e));
  BOOST_TEST(j.dropped() == 1u);
}

BOOST_AUTO_TEST_CASE(a_10_mb_request_to_a_served_fake_costs_the_journal_a_few_kilobytes) {
  served_test::ServedQuotes q;
  auto r = q.qod();
  r.method = webapi::Method::post;
  r.path = "/quote";
  r.content_type = "application/json";
  r.body.assign(10 * 1024 * 1024, ' ');
  webapi::BeastTransport http(served_test::local_options());
  auto res = http.send(r);
  BOOST_REQUIRE_MESSAGE(res.has_value(), (res ? "" : res.error().what()));
  auto last = q.fake.journal().last();
  BOOST_REQUIRE(last);
  BOOST_TEST(last->body_size == 10u * 1024 * 1024);
  BOOST_TEST(last->request.body.size() <= Journal::default_body_prefix);
  BOOST_TEST(q.fake.journal().bytes() < 64u * 1024);
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_SUITE_END()
