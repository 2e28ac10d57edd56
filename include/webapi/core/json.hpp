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
//   std::optional<T>     a missing key or null reads as nullopt; nullopt members are left out when writing
//   std::vector<T>       array;  std::map / std::unordered_map<std::string, T>: object
//   integers             range-checked (300 into std::uint8_t is an error, never a wrap)
//   float, double        any JSON number; written in the shortest form that reads back exactly
//   WireEnum enums       their wire strings; any other string is an error
//   std::variant<A...>   oneOf: the first alternative that decodes wins; writing writes the one held
//   webapi::Box<T>       as T (for models that contain themselves)
//   boost::json::value   anything, null included (a missing key reads as null); object and array likewise
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

/// Decodes one JSON document into a T. Whitespace around the value is allowed, anything else after it is
/// not. An empty body is an error unless T is a std::optional, which then reads as nullopt.
template <class T>
Result<T> decode(std::string_view text);

/// Encodes `value` as compact JSON.
template <class T>
std::string encode(const T& value);

/// Appends the JSON of `value` to `out`, reusing its capacity.
template <class T>
void encode_to(std::string& out, const T& value);

}  // namespace webapi::json

#include <webapi/core/json/impl/decode.hpp>
#include <webapi/core/json/impl/encode.hpp>
