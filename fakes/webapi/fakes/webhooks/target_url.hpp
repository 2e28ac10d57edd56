#pragma once
// Whether a target URL can receive deliveries: an absolute http or https URL with a host.
//
// The description gives targetUrl as a plain string; the fake refuses a relative URL, another scheme or
// a URL without a host, since the service could never deliver to one.

#include <string_view>

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

#include <webapi/core/headers.hpp>

namespace webapi::fakes::webhooks {

inline bool is_deliverable_url(std::string_view text) {
  auto parsed = boost::urls::parse_absolute_uri(text);
  if (!parsed) return false;
  const boost::urls::url_view& u = *parsed;
  if (!iequals(u.scheme(), "http") && !iequals(u.scheme(), "https")) return false;
  return u.has_authority() && !u.encoded_host().empty();
}

}  // namespace webapi::fakes::webhooks
