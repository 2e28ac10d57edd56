// webapi::send_all: a batch through a transport that sends batches itself, through one that does not, and
// through AnyTransport over either.
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/send_all.hpp>

namespace {

/// Answers each request with its path, and counts what it was asked to do.
struct OneByOne {
  int sends = 0;
  webapi::Result<webapi::Response> send(const webapi::Request& r) {
    ++sends;
    if (r.path == "/fail") return webapi::make_error(webapi::ErrorKind::transport, "refused");
    webapi::Response response;
    response.status = 200;
    response.body = r.path + (r.body.empty() ? "" : " " + r.body);
    return response;
  }
};

/// As OneByOne, and sends batches itself, remembering the concurrency it was given.
struct Batching : OneByOne {
  int batches = 0;
  std::size_t concurrency = 0;
  std::vector<webapi::Result<webapi::Response>> send_all(std::span<const webapi::Request> requests,
                                                         std::size_t in_flight) {
    ++batches;
    concurrency = in_flight;
    std::vector<webapi::Result<webapi::Response>> out;
    for (const auto& r : requests) out.push_back(send(r));
    return out;
  }
};

std::vector<webapi::Request> batch() {
  std::vector<webapi::Request> out;
  for (const char* path : {"/a", "/fail", "/c"}) {
    webapi::Request r;
    r.path = path;
    out.push_back(r);
  }
  return out;
}

void check_in_order(const std::vector<webapi::Result<webapi::Response>>& results) {
  BOOST_REQUIRE_EQUAL(results.size(), 3u);
  BOOST_TEST(results[0]->body == "/a");
  BOOST_TEST(!results[1]);
  BOOST_TEST(results[2]->body == "/c");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(send_all)

BOOST_AUTO_TEST_CASE(a_transport_without_batches_gets_the_requests_one_after_another) {
  static_assert(!webapi::SendsBatches<OneByOne>);
  OneByOne t;
  check_in_order(webapi::send_all(t, batch()));
  BOOST_TEST(t.sends == 3);
}

BOOST_AUTO_TEST_CASE(a_transport_that_sends_batches_is_handed_the_batch) {
  static_assert(webapi::SendsBatches<Batching>);
  Batching t;
  check_in_order(webapi::send_all(t, batch(), 5));
  BOOST_TEST(t.batches == 1);
  BOOST_TEST(t.concurrency == 5u);
}

BOOST_AUTO_TEST_CASE(any_transport_passes_the_batch_on_as_its_transport_takes_it) {
  Batching batching;
  webapi::AnyTransport any_batching(batching);
  check_in_order(webapi::send_all(any_batching, batch(), 7));
  BOOST_TEST(batching.batches == 1);
  BOOST_TEST(batching.concurrency == 7u);

  OneByOne plain;
  webapi::AnyTransport any_plain(plain);
  check_in_order(any_plain.send_all(batch()));
  BOOST_TEST(plain.sends == 3);
}

BOOST_AUTO_TEST_CASE(a_streamed_body_is_read_first_for_a_transport_that_does_not_stream) {
  OneByOne t;
  webapi::Request r;
  r.path = "/upload";
  auto stream = std::make_shared<webapi::BodyStream>();
  stream->size = 5;
  stream->write = [](const webapi::BodyStream::Sink& sink) -> std::string {
    sink("hello");
    return {};
  };
  r.body_stream = stream;
  const std::vector<webapi::Request> one{r};
  const auto results = webapi::send_all(t, one);
  BOOST_REQUIRE(results[0]);
  BOOST_TEST(results[0]->body == "/upload hello");
}

BOOST_AUTO_TEST_SUITE_END()
