// Track upload as multipart streamed from a file on disk, and resolve answering its 302 unfollowed: against
// a scripted transport, and through BeastTransport to a loopback server for what reaches the wire.

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>
#include <webapi/core/body_stream.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/transport.hpp>

#include "../../transport/loopback_server.hpp"
#include "scripted.hpp"

namespace wa = webapi::audio;
namespace fs = std::filesystem;

namespace {

/// A file of `size` pseudo-random bytes in the temporary folder, removed with the fixture.
struct TempFile {
  fs::path path;
  std::string bytes;
  explicit TempFile(std::size_t size) {
    std::mt19937 gen(static_cast<unsigned>(size));
    for (std::size_t i = 0; i < size; ++i) bytes += static_cast<char>(gen() & 0xff);
    path = fs::temp_directory_path() / ("webapi-upload-" + std::to_string(std::random_device{}()) + ".wav");
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

wa::PostTracksParams upload_of(const TempFile& file) {
  return {.body = wa::TrackDataRequest{.track_asset_data = webapi::FilePart::from_file(file.path, "audio/wav"),
                                       .track_title = "Take one"}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(upload)

BOOST_AUTO_TEST_CASE(a_file_on_disk_becomes_a_streamed_multipart_body) {
  TempFile file(200 * 1024);
  audio_test::Scripted none{[](const webapi::Request&) { return webapi::Result<webapi::Response>(audio_test::json("{}")); }};
  wa::Client<audio_test::Scripted> client{none, {.access_token = "tok"}};
  auto request = client.build_post_tracks(upload_of(file));
  BOOST_REQUIRE_MESSAGE(request, (request ? "" : request.error().what()));
  BOOST_TEST(request->body.empty());  // nothing of the file is in memory yet
  BOOST_REQUIRE(request->body_stream);
  BOOST_TEST(request->content_type.rfind("multipart/form-data; boundary=", 0) == 0);

  // The file is handed over in pieces of at most 64 KiB, and the whole matches the announced size.
  std::size_t pieces = 0, largest = 0, total = 0;
  std::string problem = request->body_stream->write([&](std::string_view piece) {
    ++pieces;
    largest = std::max(largest, piece.size());
    total += piece.size();
    return true;
  });
  BOOST_TEST(problem.empty());
  BOOST_TEST(pieces > 4u);
  BOOST_TEST(largest <= 64u * 1024u);
  BOOST_TEST(total == request->body_stream->size);

  auto whole = webapi::with_body_read(*request);
  BOOST_REQUIRE(whole);
  BOOST_TEST(audio_test::contains(whole->body, file.bytes));
  BOOST_TEST(audio_test::contains(whole->body, "name=\"track[asset_data]\"; filename=\"" + file.path.filename().string() + "\""));
  BOOST_TEST(audio_test::contains(whole->body, "Content-Type: audio/wav"));
  BOOST_TEST(audio_test::contains(whole->body, "name=\"track[title]\"\r\n\r\nTake one\r\n"));
}

BOOST_AUTO_TEST_CASE(a_transport_that_does_not_stream_gets_the_body_read) {
  TempFile file(1000);
  audio_test::Scripted service{[&](const webapi::Request& r) -> webapi::Result<webapi::Response> {
    BOOST_TEST(!r.body_stream);
    BOOST_TEST(audio_test::contains(r.body, file.bytes));
    return audio_test::json(R"({"id": 12, "title": "Take one"})", 201);
  }};
  wa::Client<audio_test::Scripted> client{service, {.access_token = "tok"}};
  auto track = client.post_tracks(upload_of(file));
  BOOST_REQUIRE_MESSAGE(track, (track ? "" : track.error().what()));
  BOOST_TEST(track->id.value_or(0) == 12);
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_named_and_nothing_is_sent) {
  audio_test::Scripted service{[](const webapi::Request&) { return webapi::Result<webapi::Response>(audio_test::json("{}")); }};
  wa::Client<audio_test::Scripted> client{service, {.access_token = "tok"}};
  auto r = client.post_tracks({.body = wa::TrackDataRequest{
                                   .track_asset_data = webapi::FilePart::from_file("/nonexistent/take.wav"),
                                   .track_title = "x"}});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::invalid_argument);
  BOOST_TEST(audio_test::contains(r.error().message, "/nonexistent/take.wav"));
  BOOST_TEST(audio_test::contains(r.error().message, "track[asset_data]"));
  BOOST_TEST(service.sent().empty());
}

// Which transports send a streamed body as it comes; the others are handed it read.
static_assert(webapi::StreamsRequestBodies<webapi::BeastTransport>);
static_assert(webapi::StreamsRequestBodies<webapi::Retrying<webapi::BeastTransport>>);
static_assert(webapi::StreamsRequestBodies<webapi::Logging<webapi::BeastTransport>>);
static_assert(webapi::StreamsRequestBodies<webapi::AnyTransport>);
static_assert(!webapi::StreamsRequestBodies<webapi::CannedTransport>);
static_assert(!webapi::StreamsRequestBodies<audio_test::Scripted>);

BOOST_AUTO_TEST_CASE(beast_transport_sends_the_stream_with_its_length) {
  TempFile file(300 * 1024);
  webapi::test::LoopbackServer server([](const webapi::test::BeastRequest&, const webapi::test::Context&) {
    return webapi::test::Reply{.status = 201, .headers = {{"Content-Type", "application/json"}}, .body = R"({"id": 5})"};
  });
  webapi::BeastTransport http;
  wa::Client<webapi::BeastTransport> client{http, {.base_url = server.base_url(), .access_token = "tok"}};
  auto request = client.build_post_tracks(upload_of(file));
  BOOST_REQUIRE(request);
  auto expected = webapi::with_body_read(*request);
  BOOST_REQUIRE(expected);
  auto track = client.post_tracks(upload_of(file));
  BOOST_REQUIRE_MESSAGE(track, (track ? "" : track.error().what()));
  BOOST_TEST(track->id.value_or(0) == 5);
  auto seen = server.requests();
  BOOST_REQUIRE(seen.size() == 1u);
  BOOST_TEST(seen[0][boost::beast::http::field::content_length] == std::to_string(expected->body.size()));
  BOOST_TEST(audio_test::contains(seen[0].body(), file.bytes));
  BOOST_TEST(seen[0].body().size() == expected->body.size());
  BOOST_TEST(std::string(seen[0][boost::beast::http::field::authorization]) == "Bearer tok");

  // Through a retrying decorator and AnyTransport the body arrives the same.
  webapi::Retrying retrying{http};
  wa::AnyClient any{retrying, {.base_url = server.base_url(), .access_token = "tok"}};
  BOOST_REQUIRE(any.post_tracks(upload_of(file)));
  seen = server.requests();
  BOOST_REQUIRE(seen.size() == 2u);
  BOOST_TEST(seen[1].body().size() == expected->body.size());
  BOOST_TEST(audio_test::contains(seen[1].body(), file.bytes));
}

BOOST_AUTO_TEST_CASE(resolve_answers_its_302_with_the_location_unfollowed) {
  webapi::test::LoopbackServer server([](const webapi::test::BeastRequest&, const webapi::test::Context&) {
    return webapi::test::Reply{.status = 302, .headers = {{"Location", "https://api.soundcloud.com/tracks/77"}}};
  });
  webapi::BeastTransport http;  // follows no redirect unless told to
  wa::Client<webapi::BeastTransport> client{http, {.base_url = server.base_url(), .client_id = "cid"}};
  auto r = client.get_resolve({.url = "https://soundcloud.com/ada/take-one"});
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().what()));
  BOOST_TEST(r->status == 302);
  BOOST_TEST(r->headers.get("Location").value_or("") == "https://api.soundcloud.com/tracks/77");
  BOOST_TEST(server.request_count() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
