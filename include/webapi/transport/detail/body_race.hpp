#pragma once
// How the request of one exchange was written: whole, or while the answer was watched for (a body too large
// for the socket's buffers, or a streamed one), and what the watching reader saw meanwhile.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include <boost/system/error_code.hpp>

#include <webapi/transport/detail/body_pump.hpp>

namespace webapi::detail {

/// A request body written while the answer is watched for (RFC 9112 section 9.5).
struct BodyRace {
  bool writing = true;          ///< the writer has not finished
  bool write_complete = false;  ///< every byte of the request was written
  bool answered = false;        ///< the reader saw the start of a final answer
  boost::system::error_code write_ec;
  boost::system::error_code read_ec;  ///< how the reader's last read failed: no final answer came before it
  std::size_t written = 0;
  std::optional<std::string> problem;  ///< the body stream broke its promise or failed
  std::unique_ptr<BodyPump> pump;      ///< stopped when the exchange ends, however it ends
};

}  // namespace webapi::detail
