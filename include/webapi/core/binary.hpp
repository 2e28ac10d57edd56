#pragma once
// Bytes with their media type: the result of operations that answer with a file.

#include <string>

namespace webapi {

/// A response body kept as bytes, with the media type the server gave it.
struct Binary {
  std::string data;          ///< raw bytes
  std::string content_type;  ///< as the server labelled them, e.g. "image/jpeg"
  /// Equal when bytes and media type are equal.
  friend bool operator==(const Binary&, const Binary&) = default;
};

}  // namespace webapi
