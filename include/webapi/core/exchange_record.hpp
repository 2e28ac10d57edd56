#pragma once
// One HTTP exchange as a JSON object: the record the fakes' exchange logs (fakes/core/exchange_log.hpp) and
// the cassettes (core/cassette.hpp) both write, by this one code, and read back.
//
//   {"method":"GET","path":"/me","query":[["limit","10"]],"request_headers":[["Authorization","OAuth t"]],
//    "request_body":"","status":200,"response_headers":[["Content-Type","application/json"]],
//    "response_body":"{...}"}
//
// Members come in that order, always (boost::json::object keeps insertion order), so two records of the same
// exchange are the same text. Query parameters and header fields are [name, value] pairs in the order they
// were sent. A body that is not well-formed UTF-8 is written as "request_body_base64" / "response_body_base64"
// instead, so the line stays valid JSON text and the bytes survive.

#include <string>
#include <string_view>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>

namespace webapi::exchange_record {

namespace detail {
/// Whether `s` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
inline bool well_formed_utf8(std::string_view s) noexcept {
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  auto cont = [&](std::size_t k, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
    return k < s.size() && at(k) >= lo && at(k) <= hi;
  };
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = at(i);
    std::size_t n = 0;
    if (c < 0x80) n = 1;
    else if (c >= 0xC2 && c <= 0xDF) n = cont(i + 1) ? 2 : 0;
    else if (c == 0xE0) n = cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0;
    else if (c == 0xED) n = cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0;
    else if (c >= 0xE1 && c <= 0xEF) n = cont(i + 1) && cont(i + 2) ? 3 : 0;
    else if (c == 0xF0) n = cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (c >= 0xF1 && c <= 0xF3) n = cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (c == 0xF4) n = cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (n == 0) return false;
    i += n;
  }
  return true;
}

inline std::string text_of(const boost::json::value* v) {
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}
}  // namespace detail

/// Header fields as [name, value] pairs, in order.
inline boost::json::array fields(const Headers& headers) {
  boost::json::array out;
  for (const auto& [name, value] : headers) out.push_back(boost::json::array{name, value});
  return out;
}

/// Writes `body` under `key`, or under `key`_base64 when it is not UTF-8 text.
inline void put_body(boost::json::object& line, std::string_view key, const std::string& body) {
  if (detail::well_formed_utf8(body))
    line[key] = body;
  else
    line[std::string(key) + "_base64"] = webapi::base64::encode(body);
}

/// Writes the request's method, path, query, headers (Content-Type among them, from Request::content_type
/// where the headers do not carry one) and body.
inline void put_request(boost::json::object& line, const Request& request) {
  line["method"] = to_string(request.method);
  line["path"] = request.path;
  boost::json::array query;
  for (const auto& q : request.query) query.push_back(boost::json::array{q.name, q.value});
  line["query"] = std::move(query);
  Headers sent = request.headers;
  if (!request.content_type.empty() && !sent.contains("Content-Type")) sent.set("Content-Type", request.content_type);
  line["request_headers"] = fields(sent);
  put_body(line, "request_body", request.body);
}

/// Writes the response's status, headers and body.
inline void put_response(boost::json::object& line, const Response& response) {
  line["status"] = response.status;
  line["response_headers"] = fields(response.headers);
  put_body(line, "response_body", response.body);
}

/// The body written under `key` (or `key`_base64); empty when there is none.
inline std::string body_of(const boost::json::object& line, std::string_view key) {
  if (const auto* v = line.if_contains(key)) return detail::text_of(v);
  if (const auto* v = line.if_contains(std::string(key) + "_base64"))
    return webapi::base64::decode(detail::text_of(v)).value_or(std::string());
  return {};
}

/// Header fields read back from [name, value] pairs; anything else is skipped.
inline Headers fields_of(const boost::json::value* v) {
  Headers out;
  if (!v || !v->is_array()) return out;
  for (const auto& pair : v->as_array())
    if (pair.is_array() && pair.as_array().size() == 2)
      out.add(detail::text_of(&pair.as_array()[0]), detail::text_of(&pair.as_array()[1]));
  return out;
}

/// The request a record describes (put_request's members); Content-Type goes back to Request::content_type.
inline Request request_of(const boost::json::object& line) {
  Request r;
  r.method = method_from_string(detail::text_of(line.if_contains("method"))).value_or(Method::get);
  r.path = detail::text_of(line.if_contains("path"));
  if (const auto* q = line.if_contains("query"); q && q->is_array())
    for (const auto& pair : q->as_array())
      if (pair.is_array() && pair.as_array().size() == 2)
        r.query.push_back({detail::text_of(&pair.as_array()[0]), detail::text_of(&pair.as_array()[1])});
  r.headers = fields_of(line.if_contains("request_headers"));
  if (auto ct = r.headers.get("Content-Type")) {
    r.content_type = std::string(*ct);
    r.headers.erase("Content-Type");
  }
  r.body = body_of(line, "request_body");
  r.operation = detail::text_of(line.if_contains("operation"));
  return r;
}

/// The response a record describes (put_response's members).
inline Response response_of(const boost::json::object& line) {
  Response r;
  if (const auto* s = line.if_contains("status"); s && s->is_int64()) r.status = static_cast<int>(s->as_int64());
  r.headers = fields_of(line.if_contains("response_headers"));
  r.body = body_of(line, "response_body");
  return r;
}

}  // namespace webapi::exchange_record
