#pragma once
// Sending a built request and interpreting the answer, as separate steps.
//
//   build   a client's build_<operation>(...) -> Result<Request>   (nothing sent: sign, log or batch it)
//   send    transport.send(request) -> Result<Response>
//   decode  decode_response<R>(request, response, spec) -> Result<R>
//
// call<R>(transport, request, spec) is the three in a row, and each generated method is one call to it.
// An asynchronous transport reuses the first and last step as they are.
//
// What the decode step makes of a success, by R:
//   R = void                -> the body is ignored
//   R = Binary              -> the body's bytes and media type
//   R = std::string         -> the body as text (XML, CSV, plain text)
//   R = Response            -> the whole response, status included, for callers who inspect it
//   R = boost::json::value  -> the body as free-form JSON; an empty body is null
//   anything else           -> the body decoded as JSON into R (webapi::json::decode)
//
// A status the operation does not document as a success (ResponseSpec::success) is an http Error carrying
// the status, the raw body and, where the module's decoder recognises the body, the service's own error
// (Error::service). A body that does not decode is a decode Error naming where. Either way the operation
// name is attached, and no error message quotes a credential of the request (core/secrets.hpp).
// A member the description requires but the answer lacks keeps its default (json::response_options;
// docs/json.md says why).

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/body_stream.hpp>
#include <webapi/core/binary.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/service_error.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/core/validate.hpp>

namespace webapi {

/// What an operation's answer may be: its documented success statuses and its module's error decoder.
/// Generated per operation as `webapi::<module>::responses::<operation>`.
struct ResponseSpec {
  std::array<int, 8> success{};       ///< documented success statuses; all 0: any 2xx
  ErrorDecoder decode_error = nullptr;  ///< reads the service's error body; nullptr: none is read
  /// The description allows the answer in either form of a list (a page object whose member of this name
  /// holds the items, or the bare list): a list result then also reads the page's items, and a page result
  /// reads a bare list as a page holding it. Empty: only the result's own form.
  std::string_view list_member{};
  /// The description lists a success without content: an empty body is then a success whose result is
  /// default-made, rather than malformed JSON.
  bool may_be_empty = false;

  /// Whether `status` is one of `success`, or any 2xx when `success` lists none.
  constexpr bool is_success(int status) const noexcept {
    bool listed = false;
    for (int s : success) {
      if (s == 0) continue;
      if (s == status) return true;
      listed = true;
    }
    return !listed && status >= 200 && status < 300;
  }
};

namespace detail {
inline Error http_error(const Request& request, Response&& response, ErrorDecoder decode_error) {
  Error e = make_error(ErrorKind::http, {}, request.operation);
  e.status = response.status;
  if (decode_error) e.service = decode_error(response.status, response.body);
  std::string message = "server answered " + std::to_string(response.status);
  if (e.service) {
    auto& s = *e.service;
    s.message = scrub(std::move(s.message), request);
    s.code = scrub(std::move(s.code), request);
    s.status = scrub(std::move(s.status), request);
    // The service's word for it: its code, or its status text where the code only repeats the HTTP status.
    bool numeric = s.code.find_first_not_of("0123456789") == std::string::npos;
    const std::string& label = numeric ? s.status : s.code;
    if (!label.empty()) message += " " + label;
    if (!s.message.empty()) message += ": " + s.message;
  } else if (!response.body.empty()) {
    // Scrubbed whole before it is cut, so no tail of a secret survives at the cut.
    std::string clean = scrub(response.body, request);
    constexpr std::size_t excerpt = 200;
    message += ": ";
    message.append(clean, 0, excerpt);
    if (clean.size() > excerpt) message += "...";
  }
  e.message = std::move(message);
  e.body = std::move(response.body);  // raw, as the service sent it; what() never prints it
  return e;
}

inline bool blank(std::string_view body) noexcept {
  return body.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

template <class T>
inline constexpr bool is_list = false;
template <class T, class A>
inline constexpr bool is_list<std::vector<T, A>> = true;

/// The body in the form R reads, where the answer came in the other form a ResponseSpec::list_member allows:
/// a page's member for a list, a bare list wrapped as a page; nullopt when the body is in R's form already
/// (or is no JSON at all, which the decoder then reports).
template <class R>
std::optional<std::string> other_list_form(std::string_view body, std::string_view member) {
  std::size_t first = body.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return std::nullopt;
  if constexpr (is_list<R>) {
    if (body[first] != '{') return std::nullopt;
    boost::system::error_code ec;
    boost::json::value page = boost::json::parse(body, ec);
    if (ec || !page.is_object()) return std::nullopt;
    const boost::json::value* items = page.as_object().if_contains(member);
    return items ? boost::json::serialize(*items) : std::string("[]");
  } else {
    if (body[first] != '[') return std::nullopt;
    std::string page = "{\"";
    page.append(member).append("\":").append(body).append("}");
    return page;
  }
}
}  // namespace detail

/// The decode step: `response` to `request`, interpreted as R under `spec`.
///
/// A status `spec` does not count as success is an http Error with the status, the raw body, the service's
/// error where `spec.decode_error` reads one, and a message free of the request's credentials. A body that
/// does not decode as R is a decode Error with the status and raw body. Both name the request's operation.
template <class R>
Result<R> decode_response(const Request& request, Response&& response, const ResponseSpec& spec = {}) {
  if (!spec.is_success(response.status)) return detail::http_error(request, std::move(response), spec.decode_error);
  if constexpr (std::is_same_v<R, Response>) {
    return std::move(response);
  } else if constexpr (std::is_void_v<R>) {
    return Result<void>{};
  } else if constexpr (std::is_same_v<R, Binary>) {
    return Binary{std::move(response.body), std::string(response.content_type())};
  } else if constexpr (std::is_same_v<R, std::string>) {
    return std::move(response.body);
  } else {
    // A free-form result may come back empty (a 204, or a 200 with nothing to say): that is a success.
    if constexpr (std::is_same_v<R, boost::json::value>)
      if (detail::blank(response.body)) return boost::json::value{};
    if constexpr (std::is_default_constructible_v<R>)
      if (spec.may_be_empty && detail::blank(response.body)) return R{};
    if (!spec.list_member.empty())
      if (auto other = detail::other_list_form<R>(response.body, spec.list_member)) response.body = *std::move(other);
    Result<R> decoded = json::decode<R>(response.body, json::response_options);
    if (!decoded) {
      Error e = std::move(decoded).error();
      e.operation = request.operation;
      e.message = scrub(std::move(e.message), request);
      e.status = response.status;
      e.body = std::move(response.body);
      return e;
    }
    return decoded;
  }
}

/// What becomes of a send's outcome: a failed send is the transport's Error, named for the request's
/// operation and scrubbed of its credentials; an answer is decoded as decode_response() does. call() and the
/// asynchronous clients end with it alike.
template <class R>
Result<R> call_outcome(const Request& request, Result<Response> sent, const ResponseSpec& spec = {}) {
  if (!sent) {
    Error e = std::move(sent).error();
    if (e.operation.empty()) e.operation = request.operation;
    e.message = scrub(std::move(e.message), request);  // a transport may quote the URL, query keys and all
    return e;
  }
  return decode_response<R>(request, std::move(*sent), spec);
}

/// Why `request` must not be sent: its building error, or what validate() refuses (an invalid_argument
/// Error); nullopt when it may go.
inline std::optional<Error> unsendable(const Result<Request>& request) {
  if (!request) return request.error();
  return validate(*request);
}

/// Sends a built request and decodes the answer: the send and decode steps in a row.
///
/// Before anything is sent: an error in `request` is returned as it is, and a request validate() refuses is an
/// invalid_argument Error. A failed send is the transport's Error, named for the operation and scrubbed of
/// credentials. Otherwise the answer is decoded as decode_response() does.
template <class R, Transport T>
Result<R> call(T& transport, const Result<Request>& request, const ResponseSpec& spec = {}) {
  if (auto problem = unsendable(request)) return *std::move(problem);
  return call_outcome<R>(*request, send_body_aware(transport, *request), spec);
}

}  // namespace webapi
