#pragma once
// FilePart: a file to upload in a multipart/form-data request body.

#include <string>

namespace webapi {

struct FilePart {
  std::string data{};                                    ///< the file's bytes
  std::string filename{};                                ///< the name the server sees
  std::string content_type = "application/octet-stream"; ///< its media type
  friend bool operator==(const FilePart&, const FilePart&) = default;
};

}  // namespace webapi
