#pragma once
// The codec's property on any input, for any model type T:
//
//   - decode either gives a T or a decode Error with a message (never a crash, a hang or another kind);
//   - what decode gives, encode writes as JSON that decodes again to an equal T, and encoding that again
//     gives the same bytes (decode, encode, decode, compare).

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <webapi/core/json.hpp>

#include "fuzz.hpp"

namespace webapi_fuzz {

// encode gives the text, or a Result of it where encoding can refuse a value (a non-finite number).
template <class E>
const std::string* encoded_text(const E& e) {
  if constexpr (std::is_same_v<std::remove_cvref_t<E>, std::string>) {
    return &e;
  } else {
    return e ? &*e : nullptr;
  }
}

template <class T>
void json_round_trip(std::string_view text) {
  auto first = webapi::json::decode<T>(text);
  if (!first) {
    check(first.error().kind == webapi::ErrorKind::decode, "a refused input is a decode error");
    check(!first.error().message.empty(), "a decode error says what was wrong");
    return;
  }
  const auto once_result = webapi::json::encode(*first);
  const std::string* once = encoded_text(once_result);
  if (once == nullptr) return;  // a value JSON cannot carry is refused on encode, not written
  auto second = webapi::json::decode<T>(*once);
  check(second.has_value(), "what encode writes decodes again", second ? std::string_view() : second.error().message);
  if constexpr (requires(const T& a) { a == a; }) check(*second == *first, "decode, encode, decode gives the same value", *once);
  const auto twice_result = webapi::json::encode(*second);
  const std::string* twice = encoded_text(twice_result);
  check(twice != nullptr && *twice == *once, "encode is a fixpoint after one round trip", *once);
}

/// Seeds for T: the encoding of a default T, the empty object and array, and what the target adds.
template <class T>
void add_model_seeds(std::vector<std::string>& seeds) {
  const auto encoded = webapi::json::encode(T{});
  if (const std::string* text = encoded_text(encoded)) seeds.push_back(*text);
}

}  // namespace webapi_fuzz
