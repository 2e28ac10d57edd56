#pragma once
// webapi::json — JSON for model types, decoded straight into the typed target and encoded straight
// from it, with no DOM in between.
//
//   struct User { std::int64_t id; std::string username; std::optional<std::string> city; };
//   BOOST_DESCRIBE_STRUCT(User, (), (id, username, city))
//
//   webapi::Result<User> u = webapi::json::decode<User>(R"({"id": 7, "username": "ann"})");
//   std::string body = webapi::json::encode(*u);          // {"id":7,"username":"ann"}
//
// Mapping (see Codable in json/detail/traits.hpp for the full list of types):
//   described struct     object; a member's key is webapi::wire_name (trailing '_' dropped, webapi_renames
//                        honoured); unknown keys are skipped; a missing non-optional member is an error
//                        unless DecodeOptions say to keep its default
//   std::optional<T>, webapi::Optional<T>
//                        a missing key or null reads as nullopt; nullopt members are left out when writing
//   std::vector<T>       array;  std::map / std::unordered_map<std::string, T>: object
//   integers             range-checked (300 into std::uint8_t is an error, never a wrap)
//   float, double        any JSON number in range; written in the shortest form that reads back exactly;
//                        infinity and NaN cannot be written (see try_encode)
//   WireEnum enums       their wire strings; any other string is an error
//   webapi::OpenEnum<E>  E's wire strings, and any other string kept as is and written back unchanged
//   std::variant<A...>   oneOf: the alternative the value's kind and members single out (detail/one_of.hpp);
//                        none or a tie is an error; writing writes the one held
//   webapi::Box<T>       as T (for models that contain themselves)
//   webapi_formats       members a model lists there travel otherwise: raw bytes in a std::string as base64,
//                        integers as decimal strings (webapi/core/wire_format.hpp)
//   boost::json::value   anything, null included (a missing key reads as null); object and array likewise;
//                        integers as int64 (uint64 above its range), other numbers as the exact double,
//                        a number beyond double's range is an error
//
// Decoding never throws for bad input and never yields a partial value: malformed JSON (truncated, invalid
// UTF-8, lone surrogates, nesting deeper than json::max_depth) and input that does not fit T are errors of
// kind ErrorKind::decode whose message names the JSON path:
//   "at $.collection[3].user.id: expected string, got number"
//   "missing required field 'id' at $.collection[3].user"

#include <string>
#include <string_view>

#include <webapi/core/json/detail/traits.hpp>
#include <webapi/core/json/limits.hpp>
#include <webapi/core/result.hpp>

namespace webapi::json {

/// What decoding does with a member a model requires (a non-optional member) that the input lacks.
enum class MissingRequired {
  error,          ///< "missing required field 'id' at $.collection[3]": for input a program must trust,
                  ///< such as a request body a server receives
  default_value,  ///< the member keeps its default ("", 0, empty): for a service's answers, so one
                  ///< element lacking a member does not lose the whole page (see docs/json.md)
};

/// What decoding does with a null element of an array whose elements cannot be null (a std::vector<T>
/// where T is not a std::optional or a free-form JSON value, which keep their nulls).
enum class NullElements {
  error,  ///< "at $.collection[2]: expected object, got null"
  skip,   ///< the element is left out: services list a deleted or hidden record as null (docs/json.md)
};

/// How strict webapi::json::decode is about what an answer leaves out; the defaults refuse both.
struct DecodeOptions {
  /// what a required member that is absent becomes
  MissingRequired missing_required = MissingRequired::error;
  /// what a null element of a non-nullable array becomes
  NullElements null_elements = NullElements::error;
};

/// How webapi::call reads a service's answers.
inline constexpr DecodeOptions response_options{.missing_required = MissingRequired::default_value,
                                                .null_elements = NullElements::skip};

/// Decodes one JSON document into a T. Whitespace around the value is allowed, anything else after it is
/// not. An empty body is an error unless T is a std::optional, which then reads as nullopt. A member of
/// the wrong type is an error whatever the options.
template <class T>
Result<T> decode(std::string_view text, DecodeOptions options = {});

/// Encodes `value` as compact JSON, or says why it cannot: JSON has no infinity or NaN, and its text is
/// UTF-8, so a non-finite number or a string holding bytes that are not UTF-8 is an
/// ErrorKind::invalid_argument error naming its path ("cannot encode: at $.bpm: infinity is not a JSON
/// number", "... at $.name: byte 5 of the string is not UTF-8"), never text a JSON reader would refuse.
template <class T>
Result<std::string> try_encode(const T& value);

/// How webapi::json::try_encode_to treats what JSON cannot carry.
struct EncodeOptions {
  /// Write each byte of a string that starts no UTF-8 sequence as U+FFFD instead of refusing the value: for
  /// a server that echoes what a peer sent (the fakes), never for a request, where it would change data.
  bool replace_invalid_utf8 = false;
};

/// Appends the JSON of `value` to `out`, reusing its capacity; on failure `out` is left as it was.
template <class T>
Result<void> try_encode_to(std::string& out, const T& value, EncodeOptions options = {});

/// try_encode for callers who know their values are finite: a failure throws webapi::Exception.
template <class T>
std::string encode(const T& value);

/// try_encode_to, throwing on failure.
template <class T>
void encode_to(std::string& out, const T& value);

}  // namespace webapi::json

#include <webapi/core/json/impl/decode.hpp>
#include <webapi/core/json/impl/encode.hpp>
