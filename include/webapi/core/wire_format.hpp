#pragma once
// How a model member's value is spelled on the wire when its C++ type alone does not say it.
//
// Google's JSON mapping writes two kinds of values as JSON strings: bytes (`format: byte`) as base64, and
// 64-bit integers (`format: int64`, `uint64`) as decimal text, because a JavaScript number cannot hold every
// 64-bit value. A model keeps the natural C++ type (raw bytes in a std::string, a std::int64_t) and lists
// such members in its `webapi_formats`, which the JSON codec reads at compile time:
//
//   struct PayloadFile {
//     webapi::Optional<std::string> data;      // raw bytes; base64 on the wire
//     webapi::Optional<std::int64_t> size;     // "17179869184" on the wire
//     static constexpr webapi::Format webapi_formats[] = {{"data", webapi::WireFormat::base64},
//                                                          {"size", webapi::WireFormat::decimal_string}};
//   };
//
// A format applies to the member's scalar values wherever they sit in it: inside webapi::Optional,
// std::optional, std::vector and maps keyed by std::string. Models without `webapi_formats` pay nothing.

#include <string_view>

namespace webapi {

/// The spelling of a member's scalar values in JSON.
enum class WireFormat {
  plain,           ///< as the C++ type says (the default)
  base64,          ///< a std::string of raw bytes, written as padded standard base64; standard and URL-safe
                   ///< base64, padded or not, are read
  decimal_string,  ///< an integer, written as a JSON string of its decimal digits ("-42"); a JSON number is
                   ///< read too
};

/// One entry of a model's `webapi_formats`: the C++ member name and its wire format.
struct Format {
  /// the C++ member name, e.g. "data"
  std::string_view member;
  /// how its values are spelled on the wire
  WireFormat format;
};

/// The wire format of member `member` of model T: its entry in `T::webapi_formats`, or WireFormat::plain.
template <class T>
constexpr WireFormat wire_format(std::string_view member) noexcept {
  if constexpr (requires { T::webapi_formats; }) {
    for (const Format& f : T::webapi_formats)
      if (f.member == member) return f.format;
  }
  return WireFormat::plain;
}

}  // namespace webapi
