#pragma once
// What a granted scope string lets the userinfo endpoints reveal.
//
// Scopes come space-separated, each in its short OpenID form or its URL form; both mean the same:
//   email    https://www.googleapis.com/auth/userinfo.email    -> email, verified_email
//   profile  https://www.googleapis.com/auth/userinfo.profile  -> name, picture, locale and the rest
//   openid                                                     -> the account id alone

#include <algorithm>
#include <string_view>

namespace webapi::fakes::userinfo {

inline constexpr std::string_view email_scope_url = "https://www.googleapis.com/auth/userinfo.email";
inline constexpr std::string_view profile_scope_url = "https://www.googleapis.com/auth/userinfo.profile";

struct Scopes {
  bool openid = false;
  bool email = false;
  bool profile = false;

  /// Whether the token may call the userinfo endpoints at all.
  bool any_identity() const noexcept { return openid || email || profile; }
};

inline Scopes parse_scopes(std::string_view scope) {
  Scopes s;
  while (!scope.empty()) {
    std::string_view item = scope.substr(0, scope.find(' '));
    scope.remove_prefix(std::min(scope.size(), item.size() + 1));
    if (item == "openid") s.openid = true;
    if (item == "email" || item == email_scope_url) s.email = true;
    if (item == "profile" || item == profile_scope_url) s.profile = true;
  }
  return s;
}

}  // namespace webapi::fakes::userinfo
