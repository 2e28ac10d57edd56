#pragma once
// An application function: it takes the quotes client by a plain type, so the same compiled code runs
// against the service in production and against the in-memory fake in its unit test.

#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/result.hpp>
#include <webapi/quotes/client.hpp>

namespace app {

/// "text (author)" for each quote of `category` at least `min_length` characters long.
webapi::Result<std::vector<std::string>> quote_lines(webapi::quotes::AnyClient& quotes, std::string_view category,
                                                     int min_length);

}  // namespace app
