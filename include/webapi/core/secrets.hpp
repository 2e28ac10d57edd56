#pragma once
// Which parts of a Request are credentials, and text with their values taken out.
//
// Errors and log lines quote what a server or a transport said; a service that echoes the API key, or a
// transport message holding the URL, would otherwise put the key into the caller's logs. scrub() replaces
// every credential value of the request, as sent and in the encodings it travels in, whatever its length.

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/auth.hpp>
#include <webapi/core/base64.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/json/detail/writer.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>

namespace webapi {

/// What logs and error messages show in place of a credential's value.
inline constexpr std::string_view redacted = "REDACTED";

/// Headers that hold credentials whatever Request::secrets says.
inline constexpr std::array<std::string_view, 4> credential_headers = {"Authorization", "Proxy-Authorization", "Cookie",
                                                                       "Set-Cookie"};

namespace detail {
inline bool named_in(std::span<const std::string> names, std::string_view name) {
  for (const auto& n : names)
    if (iequals(n, name)) return true;
  return false;
}
}  // namespace detail

/// Whether a header or query name conventionally carries a credential (api_key, X-Api-Key, access_token,
/// hapikey, client_secret, password, ...), for requests built by hand where nothing marked it secret.
/// Paging tokens (pageToken) are not credentials.
inline bool looks_like_credential(std::string_view name) {
  std::string n;
  for (char c : name)
    if (c != '-' && c != '_' && c != '.') n += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (n.ends_with("pagetoken")) return false;
  if (n == "key" || n == "sig" || n == "auth" || n == "xauth") return true;
  for (std::string_view part : {"token", "secret", "password", "passwd", "apikey", "authorization", "cookie",
                                "credential", "signature", "sessionid"})
    if (n.find(part) != std::string::npos) return true;
  return false;
}

/// Whether the header or query name `name` of `r` holds a credential: named in Request::secrets, one of
/// credential_headers, named in `extra`, or named like one (looks_like_credential).
inline bool is_credential_name(const Request& r, std::string_view name, std::span<const std::string> extra = {}) {
  if (auth::is_secret(r, name) || detail::named_in(extra, name) || looks_like_credential(name)) return true;
  for (auto h : credential_headers)
    if (iequals(h, name)) return true;
  return false;
}

/// Every credential value `r` carries, each as sent and as the token after an auth scheme ("Bearer x");
/// for Basic, also the decoded "user:password" and the password.
inline std::vector<std::string> secret_values(const Request& r, std::span<const std::string> extra = {}) {
  std::vector<std::string> values;
  auto add = [&](std::string_view v) {
    if (!v.empty() && std::find(values.begin(), values.end(), v) == values.end()) values.emplace_back(v);
  };
  for (const auto& [name, value] : r.headers) {
    if (!is_credential_name(r, name, extra)) continue;
    add(value);
    std::string_view v = value;
    if (auto space = v.find(' '); space != std::string_view::npos) {
      std::string_view scheme = v.substr(0, space), token = v.substr(space + 1);
      add(token);
      if (iequals(scheme, "Basic"))
        if (auto plain = base64::decode(token)) {
          add(*plain);
          if (auto colon = plain->find(':'); colon != std::string::npos)
            add(std::string_view(*plain).substr(colon + 1));
        }
    }
  }
  for (const auto& q : r.query)
    if (is_credential_name(r, q.name, extra)) add(q.value);
  return values;
}

namespace detail {
inline void replace_all(std::string& text, std::string_view v, std::string_view with) {
  if (v.empty()) return;
  for (std::size_t at = text.find(v); at != std::string::npos; at = text.find(v, at + with.size()))
    text.replace(at, v.size(), with);
}
inline std::string lower_hex(std::string s) {
  for (std::size_t i = 0; i + 2 < s.size(); ++i)
    if (s[i] == '%')
      for (std::size_t k = i + 1; k <= i + 2; ++k)
        if (s[k] >= 'A' && s[k] <= 'F') s[k] = static_cast<char>(s[k] - 'A' + 'a');
  return s;
}
}  // namespace detail

/// `text` with every credential value of `request` in it replaced by "REDACTED": as sent, percent-encoded
/// (upper- or lower-case hex, '+' for space) and JSON-escaped. Short values are replaced too: a secret
/// shown is worse than a word garbled.
inline std::string scrub(std::string text, const Request& request, std::span<const std::string> extra = {}) {
  std::vector<std::string> forms;
  for (const auto& v : secret_values(request, extra)) {
    forms.push_back(v);
    std::string q = url::encode_query_component(v);
    forms.push_back(q);
    forms.push_back(detail::lower_hex(q));
    std::string plus = q;
    detail::replace_all(plus, "%20", "+");
    forms.push_back(plus);
    forms.push_back(url::encode_segment(v));
    std::string js;
    json::detail::Writer(js).string(v);
    forms.push_back(js.substr(1, js.size() - 2));
  }
  // Longest first, so "user:password" goes before "password" leaves "user:REDACTED" behind.
  std::sort(forms.begin(), forms.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  forms.erase(std::unique(forms.begin(), forms.end()), forms.end());
  for (const auto& f : forms) {
    // A secret that is part of the marker itself would reappear in it.
    std::string_view with = redacted.find(f) == std::string_view::npos ? redacted : std::string_view("***");
    if (with.find(f) != std::string_view::npos) with = "#";
    detail::replace_all(text, f, with);
  }
  return text;
}

}  // namespace webapi
