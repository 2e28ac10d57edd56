// Fuzz target: the common response head read without Beast's parser (detail/common_head.hpp).
//
// The fuzzer's bytes are the start of a response. Properties: a head read_common_head() takes, Beast's
// parser takes too, with the same status, fields in order, length, keep-alive and size; a head is taken
// when its bytes come in two parts exactly when it is taken whole; it never reads past the bytes it was
// given.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/buffer.hpp>

#include <webapi/transport/detail/common_head.hpp>
#include <webapi/transport/detail/response_parser.hpp>

#include "support/fuzz.hpp"

namespace fuzz_response_head {

using webapi::detail::CommonHead;
using webapi_fuzz::check;

constexpr std::size_t limit = 2048;

int one(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);  // exactly sized: ASan sees an overread
  std::size_t scanned = 0;
  webapi::Headers fields;
  const CommonHead head = webapi::detail::read_common_head(bytes, limit, scanned, fields);

  // The same bytes in two parts: a head is taken, with the same fields, exactly when it is taken whole. (A
  // head it gives up on early whole, it may wait on in parts: Beast's parser judges both alike.)
  std::size_t scanned_in_parts = 0;
  webapi::Headers fields_in_parts;
  const std::string_view part = std::string_view(bytes).substr(0, size / 2);
  const CommonHead first = webapi::detail::read_common_head(part, limit, scanned_in_parts, fields_in_parts);
  if (first.outcome == CommonHead::Outcome::incomplete) {
    const CommonHead whole = webapi::detail::read_common_head(bytes, limit, scanned_in_parts, fields_in_parts);
    const bool taken = head.outcome == CommonHead::Outcome::taken;
    check((whole.outcome == CommonHead::Outcome::taken) == taken, "a head is taken in two parts as it is whole", bytes);
    check(fields_in_parts == fields, "reading a head in two parts gives its fields", bytes);
  }
  if (head.outcome != CommonHead::Outcome::taken) {
    check(fields.size() == 0, "a head not taken adds no field", bytes);
    return 0;
  }

  webapi::detail::ResponseParser beast;
  beast.header_limit(static_cast<std::uint32_t>(limit));
  beast.body_limit(UINT64_MAX);  // the transport holds the length to its own limit after the head
  boost::system::error_code ec;
  const std::size_t used = beast.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
  check(!ec && beast.is_header_done(), "Beast's parser takes a head read_common_head() took", bytes);
  check(used == head.size, "both end the head at the same byte", bytes);
  check(beast.get().status == head.status, "both read the same status", bytes);
  check(beast.get().headers == fields, "both read the same fields, in order", bytes);
  check(beast.content_length() && *beast.content_length() == head.content_length, "both read the same length", bytes);
  check(beast.keep_alive() == head.keep_alive, "both keep the connection alike", bytes);
  return 0;
}

std::vector<std::string> seeds() {
  return {
      "HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nDate: Sat, 28 Nov 2026 20:13:11 GMT\r\nContent-Type: "
      "application/json\r\nContent-Length: 119\r\nConnection: keep-alive\r\nETag: \"6569a4f7-77\"\r\n\r\n{}",
      "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nConnection: close\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nX-Folded: a\r\n b\r\nContent-Length: 1\r\n\r\nx",
      "HTTP/1.1 503 Busy\r\nRetry-After:\t 7 \t\r\nX-Obs: caf\xc3\xa9\r\nContent-Length: 00003\r\n\r\nabc",
      "HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx",
  };
}

}  // namespace fuzz_response_head

WEBAPI_FUZZ_TARGET(fuzz_response_head)
