#pragma once
// The bounds of an environment the service keeps: a name of 1 to 254 characters, at most 100 values, each
// with a key of 1 to 254 characters. That a value is a string and enabled a boolean the module's model
// already checks when the body is decoded; these are the rules it cannot carry. Each refusal names the
// member at fault, e.g. environment.values[3].key.

#include <cstddef>
#include <string>
#include <string_view>

#include <webapi/api_platform/models.hpp>
#include <webapi/core/utf8.hpp>
#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

inline constexpr std::size_t max_environment_name = 254;
inline constexpr std::size_t max_environment_values = 100;
inline constexpr std::size_t max_variable_key = 254;

inline void check_length(std::string_view text, std::size_t max, const std::string& field) {
  const std::size_t n = webapi::utf8_length(text);
  if (n == 0) invalid(field, "'" + field + "' must not be empty");
  if (n > max)
    invalid(field, "'" + field + "' has " + std::to_string(n) + " characters, more than the " + std::to_string(max) +
                       " allowed");
}

/// The environment's variables, after checking the input keeps the service's bounds.
inline std::vector<Variable> checked_environment(const webapi::api_platform::EnvironmentInput& in) {
  check_length(in.name, max_environment_name, "environment.name");
  std::vector<Variable> out;
  if (!in.values) return out;
  if (in.values->size() > max_environment_values)
    invalid("environment.values", "'environment.values' has " + std::to_string(in.values->size()) +
                                      " items, more than the " + std::to_string(max_environment_values) + " allowed");
  for (std::size_t i = 0; i < in.values->size(); ++i) {
    const auto& v = (*in.values)[i];
    check_length(v.key, max_variable_key, "environment.values[" + std::to_string(i) + "].key");
    out.push_back({v.key, v.value, v.enabled.value_or(true)});
  }
  return out;
}

}  // namespace webapi::fakes::api_platform
