#pragma once
// The values the description allows for a subscription's eventType and for throttling's period.
//
// The fake refuses any other value with 400, as a client sending one has a bug the real service would
// refuse too.

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

namespace webapi::fakes::webhooks {

inline constexpr std::array<std::string_view, 24> event_types = {
    "contact.propertyChange",  "company.propertyChange",     "deal.propertyChange",
    "ticket.propertyChange",   "product.propertyChange",     "line_item.propertyChange",
    "contact.creation",        "contact.deletion",           "contact.privacyDeletion",
    "company.creation",        "company.deletion",           "deal.creation",
    "deal.deletion",           "ticket.creation",            "ticket.deletion",
    "product.creation",        "product.deletion",           "line_item.creation",
    "line_item.deletion",      "conversation.creation",      "conversation.deletion",
    "conversation.newMessage", "conversation.privacyDeletion", "conversation.propertyChange",
};

inline constexpr std::array<std::string_view, 2> throttling_periods = {"SECONDLY", "ROLLING_MINUTE"};

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& allowed, std::string_view value) {
  return std::find(allowed.begin(), allowed.end(), value) != allowed.end();
}

inline bool is_event_type(std::string_view value) { return one_of(event_types, value); }
inline bool is_throttling_period(std::string_view value) { return one_of(throttling_periods, value); }

/// "a, b, c": the allowed values, for an error message.
template <std::size_t N>
std::string joined(const std::array<std::string_view, N>& allowed) {
  std::string out;
  for (std::string_view v : allowed) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out;
}

}  // namespace webapi::fakes::webhooks
