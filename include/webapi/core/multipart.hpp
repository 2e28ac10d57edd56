#pragma once
// multipart/form-data bodies (RFC 7578) for file uploads.

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace webapi {

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
  bool empty() const noexcept { return parts_.empty(); }

  /// The encoded body. The boundary is chosen so it occurs in no part.
  std::string body() const {
    ensure_boundary();
    std::string out;
    for (const auto& p : parts_) {
      out += "--" + boundary_ + "\r\nContent-Disposition: form-data; name=\"" + quote(p.name) + "\"";
      if (!p.filename.empty() || !p.content_type.empty()) out += "; filename=\"" + quote(p.filename) + "\"";
      out += "\r\n";
      if (!p.content_type.empty()) out += "Content-Type: " + p.content_type + "\r\n";
      out += "\r\n";
      out += p.data;
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
  };
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
    std::random_device rd;
    std::mt19937_64 gen(rd());
    static constexpr char hex[] = "0123456789abcdef";
    for (;;) {
      std::string b = "webapi-";
      for (int i = 0; i < 24; ++i) b += hex[gen() % 16];
      bool clash = false;
      for (const auto& p : parts_) clash = clash || p.data.find(b) != std::string::npos;
      if (!clash) { boundary_ = std::move(b); return; }
    }
  }
  std::vector<Part> parts_;
  mutable std::string boundary_;
};

}  // namespace webapi
