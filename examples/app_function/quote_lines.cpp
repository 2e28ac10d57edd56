#include "quote_lines.hpp"

#include <utility>

namespace app {

webapi::Result<std::vector<std::string>> quote_lines(webapi::quotes::AnyClient& quotes, std::string_view category,
                                                     int min_length) {
  auto found = quotes.get_quote_search({.category = std::string(category), .minlength = min_length, .limit = 10});
  if (!found) return std::move(found).error();
  std::vector<std::string> lines;
  if (found->contents && found->contents->quotes)
    for (const auto& q : *found->contents->quotes) lines.push_back(q.quote + " (" + q.author.value_or("unknown") + ")");
  return lines;
}

}  // namespace app
