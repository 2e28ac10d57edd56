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

#include <webapi/core/ascii.hpp>
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

namespace detail {
/// The words of a header or query name, lower-case: split at '-', '_', '.', ' ' and where a lower-case
/// letter or digit is followed by an upper-case one ("X-Session-Id", "sessionId" and "session_id" all give
/// "session", "id").
inline std::vector<std::string> name_words(std::string_view name) {
  std::vector<std::string> words(1);
  auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  char previous = 0;
  for (char c : name) {
    if (c == '-' || c == '_' || c == '.' || c == ' ') {
      if (!words.back().empty()) words.emplace_back();
    } else {
      if (upper(c) && (lower(previous) || (previous >= '0' && previous <= '9')) && !words.back().empty())
        words.emplace_back();
      words.back() += ascii::to_lower(c);
    }
    previous = c;
  }
  if (words.back().empty()) words.pop_back();
  return words;
}
}  // namespace detail

/// Whether a header or query name conventionally carries a credential, for requests built by hand where
/// nothing marked it secret. Case and separators do not matter. A name is one when
///
/// - it contains token, secret, password, passwd, passcode, pwd, apikey, authorization, cookie, credential,
///   signature, sessionid, sessionkey, accesskey, privatekey or jwt (api_key, X-Api-Key, hapikey,
///   access_token, client_secret, X-JWT-Assertion, ...), unless it ends in pagetoken: paging tokens are not
///   credentials;
/// - it is key, sig, auth, xauth, sas or code (an OAuth authorization code in a query), the whole name;
/// - one of its words is sas, sig, pwd or jwt (sas_token, X-Sig), or it starts with the words
///   "x session" or "x access" (X-Session-Id, X-Access-Key).
///
/// Words are matched whole, so Content-Encoding, country_code, keyword or disassociate are no credentials.
inline bool looks_like_credential(std::string_view name) {
  std::string n;
  for (char c : name)
    if (c != '-' && c != '_' && c != '.' && c != ' ') n += ascii::to_lower(c);
  if (n.ends_with("pagetoken")) return false;
  for (std::string_view whole : {"key", "sig", "auth", "xauth", "sas", "code"})
    if (n == whole) return true;
  for (std::string_view part : {"token", "secret", "password", "passwd", "passcode", "pwd", "apikey", "authorization",
                                "cookie", "credential", "signature", "sessionid", "sessionkey", "accesskey",
                                "privatekey", "jwt"})
    if (n.find(part) != std::string::npos) return true;
  const auto words = detail::name_words(name);
  for (const auto& w : words)
    if (w == "sas" || w == "sig" || w == "pwd" || w == "jwt") return true;
  return words.size() >= 2 && words[0] == "x" && (words[1] == "session" || words[1] == "access");
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
/// for Basic, also the decoded "user:password" and the password; and its secret path segments.
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
  for (const auto& v : r.secret_segments) add(v);
  return values;
}

/// Removes from `headers` every field that holds a credential of `r` (is_credential_name): the rule that
/// keeps a credential out of logs also keeps it from another origin when a redirect leads there.
inline void erase_credentials(Headers& headers, const Request& r) {
  std::vector<std::string> doomed;
  for (const auto& [name, value] : headers)
    if (is_credential_name(r, name)) doomed.push_back(name);
  for (const auto& name : doomed) headers.erase(name);
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
        if (s[k] >= 'A' && s[k] <= 'F') s[k] = ascii::to_lower(s[k]);
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
