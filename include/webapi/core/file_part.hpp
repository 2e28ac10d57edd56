#pragma once
// FilePart: a file to upload in a multipart/form-data request body: bytes in memory, or a file on disk
// that is read piece by piece while the request is sent (never whole into memory).
//
//   body.track_asset_data = webapi::FilePart{.data = bytes, .filename = "take.wav", .content_type = "audio/wav"};
//   body.track_asset_data = webapi::FilePart::from_file("/music/take.wav", "audio/wav");

#include <string>
#include <utility>

namespace webapi {

/// A file part of a multipart/form-data body, from memory (`data`) or from disk (`path`).
struct FilePart {
  std::string data{};                                    ///< the file's bytes (unused when `path` is set)
  std::string filename{};                                ///< the name the server sees
  std::string content_type = "application/octet-stream"; ///< its media type
  std::string path{};  ///< a file on disk to send in place of `data`, read as the request goes out

  /// The file at `path` (a std::filesystem::path converts), sent under its own name: what follows the last '/'.
  static FilePart from_file(const std::string& path, std::string content_type = "application/octet-stream") {
    return FilePart{.filename = path.substr(path.find_last_of('/') + 1), .content_type = std::move(content_type),
                    .path = path};
  }

  /// Equal when every member is equal; a file on disk compares by path, not by content.
  friend bool operator==(const FilePart&, const FilePart&) = default;
};

}  // namespace webapi
