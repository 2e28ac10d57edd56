#pragma once
// multipart/form-data bodies (RFC 7578) for file uploads. A file part may be a file on disk: the form is
// then sent as a Request::body_stream, reading the file piece by piece as the request goes out.

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>


#include <webapi/core/request.hpp>

namespace webapi {

namespace detail {
// A file opened for binary reading, closed when it goes out of scope.
class File {
 public:
  explicit File(const std::string& path) : f_(std::fopen(path.c_str(), "rb")) {}
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  ~File() {
    if (f_) std::fclose(f_);
  }
  explicit operator bool() const noexcept { return f_ != nullptr; }
  std::FILE* get() const noexcept { return f_; }

 private:
  std::FILE* f_;
};

// `n` bytes from the system's entropy source (std::random_device: /dev/urandom or getrandom on Linux).
inline void random_bytes(unsigned char* out, std::size_t n) {
  std::random_device device;
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<unsigned char>(device());
}

// The size of the regular file at `path`, or why it cannot be read: ISO C only (<filesystem> would cost
// every client's translation unit a third of a second). A directory opens but does not read.
inline std::string file_size(const std::string& path, std::uint64_t& size) {
  File in(path);
  if (!in) return std::strerror(errno);
  if (std::fgetc(in.get()) == EOF && std::ferror(in.get())) return "not a regular file";
  if (std::fseek(in.get(), 0, SEEK_END) != 0) return "not a regular file";
  long end = std::ftell(in.get());
  if (end < 0) return "not a regular file";
  size = static_cast<std::uint64_t>(end);
  return {};
}
}  // namespace detail

/// The parts of a multipart/form-data body, in the order added. Each adder returns the form, so calls chain.
class MultipartForm {
 public:
  /// A plain text field.
  MultipartForm& field(std::string_view name, std::string_view value) {
    parts_.push_back({std::string(name), {}, {}, std::string(value)});
    return *this;
  }
  /// A file: its bytes, the file name the server sees, and its media type.
  MultipartForm& file(std::string_view name, std::string_view filename, std::string_view data,
                      std::string_view content_type = "application/octet-stream") {
    parts_.push_back({std::string(name), std::string(filename), std::string(content_type), std::string(data)});
    return *this;
  }
  /// A file on disk, read only while the request is sent (see stream()).
  MultipartForm& file_from_disk(std::string_view name, std::string_view filename, std::string_view path,
                                std::string_view content_type = "application/octet-stream") {
    parts_.push_back({std::string(name), std::string(filename), std::string(content_type), {}, std::string(path)});
    return *this;
  }
  /// Whether no part was added.
  bool empty() const noexcept { return parts_.empty(); }
  /// Whether a part is a file on disk, so the form goes out as stream() rather than body().
  bool streams() const noexcept {
    for (const auto& p : parts_)
      if (!p.path.empty()) return true;
    return false;
  }

  /// The encoded body as a stream: the parts' heads and in-memory data as they are, each file on disk read
  /// in 64 KiB pieces each time the body is sent. Empty `problem` and a stream, or the reason there is none
  /// (a file that cannot be read; its path is named).
  std::shared_ptr<const BodyStream> stream(std::string& problem) const {
    ensure_boundary();
    struct Piece {
      std::string text;  // sent as is
      std::string path;  // or this file, of `size` bytes
      std::uint64_t size = 0;
    };
    std::vector<Piece> pieces;
    std::uint64_t total = 0;
    auto text = [&](std::string t) {
      total += t.size();
      if (!pieces.empty() && pieces.back().path.empty()) pieces.back().text += t;
      else pieces.push_back({std::move(t), {}, 0});
    };
    for (const auto& p : parts_) {
      text(head(p));
      if (p.path.empty()) {
        text(p.data);
      } else {
        std::uint64_t size = 0;
        if (std::string why = detail::file_size(p.path, size); !why.empty()) {
          problem = "cannot read the file to upload for part '" + p.name + "': " + p.path + " (" + why + ")";
          return nullptr;
        }
        pieces.push_back({{}, p.path, size});
        total += size;
      }
      text("\r\n");
    }
    text("--" + boundary_ + "--\r\n");
    auto out = std::make_shared<BodyStream>();
    out->size = total;
    out->write = [pieces = std::move(pieces)](const BodyStream::Sink& sink) -> std::string {
      std::string buffer(64 * 1024, '\0');
      for (const auto& piece : pieces) {
        if (piece.path.empty()) {
          if (!sink(piece.text)) return {};
          continue;
        }
        detail::File in(piece.path);
        if (!in) return "cannot open the file to upload: " + piece.path;
        std::uint64_t left = piece.size;
        while (left > 0) {
          auto want = static_cast<std::size_t>(std::min<std::uint64_t>(left, buffer.size()));
          if (std::fread(buffer.data(), 1, want, in.get()) != want)
            return "the file to upload became shorter while it was sent: " + piece.path;
          left -= want;
          if (!sink(std::string_view(buffer.data(), want))) return {};
        }
      }
      return {};
    };
    return out;
  }

  /// The encoded body, files on disk read in whole. The boundary is chosen so it occurs in no part held in
  /// memory; one of 24 random hex digits is left to chance against a file on disk, as browsers do.
  std::string body() const {
    ensure_boundary();
    std::string out;
    for (const auto& p : parts_) {
      out += head(p);
      if (p.path.empty()) {
        out += p.data;
      } else {
        detail::File in(p.path);
        char buffer[16 * 1024];
        while (in) {
          std::size_t n = std::fread(buffer, 1, sizeof buffer, in.get());
          out.append(buffer, n);
          if (n < sizeof buffer) break;
        }
      }
      out += "\r\n";
    }
    out += "--" + boundary_ + "--\r\n";
    return out;
  }
  /// "multipart/form-data; boundary=..." matching body().
  std::string content_type() const {
    ensure_boundary();
    return "multipart/form-data; boundary=" + boundary_;
  }

 private:
  struct Part {
    std::string name, filename, content_type, data;
    std::string path{};  // a file on disk in place of `data`
  };
  // The boundary line and headers of one part, up to its content.
  std::string head(const Part& p) const {
    std::string out = "--" + boundary_ + "\r\nContent-Disposition: form-data; name=\"" + quote(p.name) + "\"";
    if (!p.filename.empty() || !p.content_type.empty()) out += "; filename=\"" + quote(p.filename) + "\"";
    out += "\r\n";
    if (!p.content_type.empty()) out += "Content-Type: " + p.content_type + "\r\n";
    out += "\r\n";
    return out;
  }
  // Names and file names are quoted strings: CR, LF and '"' are percent-encoded as browsers do.
  static std::string quote(std::string_view s) {
    std::string out;
    for (char c : s) {
      if (c == '"') out += "%22";
      else if (c == '\r') out += "%0D";
      else if (c == '\n') out += "%0A";
      else out += c;
    }
    return out;
  }
  void ensure_boundary() const {
    if (!boundary_.empty()) return;
    static constexpr char hex[] = "0123456789abcdef";
    for (;;) {
      unsigned char bytes[12];
      detail::random_bytes(bytes, sizeof bytes);
      std::string b = "webapi-";
      for (unsigned char c : bytes) {
        b += hex[c >> 4];
        b += hex[c & 0xF];
      }
      bool clash = false;
      for (const auto& p : parts_) clash = clash || p.data.find(b) != std::string::npos;
      if (!clash) { boundary_ = std::move(b); return; }
    }
  }
  std::vector<Part> parts_;
  mutable std::string boundary_;
};

}  // namespace webapi
