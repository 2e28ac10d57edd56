#pragma once
// RequestBuilder: how a client method turns typed parameters into a Request.
//
// Every step validates as it goes and keeps the first problem; build() reports it as an
// invalid_argument (or auth) Error naming the parameter, so nothing half-built is ever sent.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/auth.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/multipart.hpp>
#include <webapi/core/optional.hpp>
#include <webapi/core/param_string.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/url.hpp>
#include <webapi/core/validate.hpp>

namespace webapi {

namespace detail {
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> struct is_optional<Optional<T>> : std::true_type {};
template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};
}  // namespace detail

/// Builds one Request step by step. Each step checks what it adds and keeps only the first problem; build()
/// returns it as an Error (invalid_argument, or auth for a missing credential) naming the operation and the
/// parameter, so a half-built request is never sent. Every step returns the builder, so calls chain.
class RequestBuilder {
 public:
  /// A request for `operation` with `method`, to be sent to `base_url`; path, query, headers and body empty.
  RequestBuilder(Method method, std::string_view operation, std::string_view base_url) {
    r_.method = method;
    r_.operation = operation;
    r_.base_url = base_url;
  }

  /// Continues from a request built elsewhere (a next-page link), with the same checks at build().
  explicit RequestBuilder(Request request) : r_(std::move(request)) {}

  /// Appends literal template text, e.g. "/tracks/". It must already be a valid encoded path.
  RequestBuilder& path(std::string_view literal) {
    r_.path += literal;
    return *this;
  }

  /// Appends `value` as one percent-encoded path segment; an empty value is refused.
  template <ParamValue V>
  RequestBuilder& segment(std::string_view name, const V& value) {
    std::string text = to_param_string(value);
    if (text.empty()) fail("path parameter '" + std::string(name) + "' is empty");
    r_.path += url::encode_segment(text);
    return *this;
  }

  /// As segment(), for a path parameter that is itself a credential: its value is listed in
  /// Request::secret_segments, so logs and errors show REDACTED in its place.
  template <class V>
  RequestBuilder& secret_segment(std::string_view name, const V& value) {
    std::string text = to_param_string(value);
    segment(name, text);
    if (!text.empty()) r_.secret_segments.push_back(std::move(text));
    return *this;
  }

  /// Appends a resource name that is meant to hold '/', e.g. "projects/p1/locations/l1/sources/s1",
  /// after checking it against `pattern` ("projects/*/locations/*/sources/*", '*' being one segment,
  /// "**" one or more). Each segment is percent-encoded; the slashes between them stay.
  RequestBuilder& resource_name(std::string_view name, std::string_view value, std::string_view pattern) {
    auto split = [](std::string_view s) {
      std::vector<std::string_view> parts;
      for (std::size_t start = 0;;) {
        std::size_t slash = s.find('/', start);
        parts.push_back(s.substr(start, slash == s.npos ? s.npos : slash - start));
        if (slash == s.npos) return parts;
        start = slash + 1;
      }
    };
    auto got = split(value);
    auto want = split(pattern);
    bool tail = !want.empty() && want.back() == "**";
    bool ok = tail ? got.size() >= want.size() : got.size() == want.size();
    for (std::size_t i = 0; ok && i < got.size(); ++i) {
      std::string_view w = i < want.size() ? want[i] : std::string_view("**");
      if (got[i].empty() || got[i] == "." || got[i] == "..") ok = false;
      else if (w != "*" && w != "**" && w != got[i]) ok = false;
    }
    if (!ok) {
      fail("path parameter '" + std::string(name) + "' must be a resource name of the form '" +
           std::string(pattern) + "'");
      return *this;
    }
    for (std::size_t i = 0; i < got.size(); ++i) {
      if (i) r_.path += '/';
      r_.path += url::encode_segment(got[i]);
    }
    return *this;
  }

  /// Adds a query parameter. An empty optional adds nothing; a vector adds one name=value per element
  /// (OpenAPI's form style, explode=true).
  template <class V>
  RequestBuilder& query(std::string_view name, const V& value) {
    add_to(r_.query, name, value);
    return *this;
  }

  /// Adds a vector as one parameter with its elements joined by `separator` (form style, explode=false).
  template <class V>
  RequestBuilder& query_joined(std::string_view name, const Optional<std::vector<V>>& values, char separator = ',') {
    if (values) query_joined(name, *values, separator);
    return *this;
  }
  template <class V>
  RequestBuilder& query_joined(std::string_view name, const std::optional<std::vector<V>>& values,
                               char separator = ',') {
    if (values) query_joined(name, *values, separator);
    return *this;
  }
  /// Adds `values` as one parameter, each element written by to_param_string() and joined by `separator`; an
  /// empty vector adds the name with an empty value.
  template <class V>
  RequestBuilder& query_joined(std::string_view name, const std::vector<V>& values, char separator = ',') {
    std::string joined;
    for (const auto& v : values) {
      if (!joined.empty()) joined += separator;
      joined += to_param_string(v);
    }
    r_.query.push_back({std::string(name), std::move(joined)});
    return *this;
  }

  /// Sets a header; an empty optional sets nothing. CR, LF and NUL in the value are refused.
  template <class V>
  RequestBuilder& header(std::string_view name, const V& value) {
    if constexpr (detail::is_optional<V>::value) {
      if (value) header(name, *value);
    } else {
      std::string text = to_param_string(value);
      if (auto problem = header_problem(name, text)) fail(*problem);
      else r_.headers.set(name, text);
    }
    return *this;
  }

  /// Adds a field to an application/x-www-form-urlencoded body, with query()'s rules.
  template <class V>
  RequestBuilder& form(std::string_view name, const V& value) {
    add_to(form_, name, value);
    has_form_ = true;
    return *this;
  }

  /// Sets the body and its media type.
  RequestBuilder& body(std::string body, std::string_view content_type) {
    r_.body = std::move(body);
    r_.content_type = content_type;
    return *this;
  }

  /// Sets a body that may have failed to encode (json::try_encode); a failure becomes the builder's problem.
  RequestBuilder& body(Result<std::string> encoded, std::string_view content_type) {
    if (!encoded) return fail(encoded.error().message);
    return body(*std::move(encoded), content_type);
  }

  /// Sets a multipart/form-data body; one with a file on disk is streamed (Request::body_stream).
  RequestBuilder& multipart(const MultipartForm& form) {
    if (!form.streams()) return body(form.body(), form.content_type());
    std::string problem;
    auto stream = form.stream(problem);
    if (!stream) return fail(std::move(problem));
    r_.body.clear();
    r_.body_stream = std::move(stream);
    r_.content_type = form.content_type();
    return *this;
  }

  /// Sets the Accept header.
  RequestBuilder& accept(std::string_view media_type) {
    r_.headers.set("Accept", media_type);
    return *this;
  }

  /// Applies a credential strategy (see core/auth.hpp); a missing one is an auth error naming `what`, and
  /// so is a provider that cannot produce a value.
  template <class Strategy>
  RequestBuilder& credential(const Strategy& c, std::string_view what) {
    if (!c.present()) {
      missing_credential(what);
    } else if (std::optional<Error> problem = c.apply(r_); problem && !error_) {
      problem->kind = ErrorKind::auth;
      problem->operation = r_.operation;
      error_ = std::move(problem);
    }
    return *this;
  }

  /// Records that the credential the operation needs, described by `what`, is not configured.
  RequestBuilder& missing_credential(std::string_view what) {
    if (!error_) error_ = make_error(ErrorKind::auth, "missing credential: " + std::string(what), r_.operation);
    return *this;
  }

  /// Names a header or query parameter whose value is a credential, so logs and errors redact it.
  RequestBuilder& secret(std::string_view name) {
    if (!auth::is_secret(r_, name)) r_.secrets.emplace_back(name);
    return *this;
  }

  /// Marks the request as safe or unsafe to retry, overriding its method's default.
  RequestBuilder& idempotent(bool yes) {
    r_.idempotent = yes;
    return *this;
  }

  /// Records a problem found by the caller (a generated method's own checks).
  RequestBuilder& fail(std::string message) {
    if (!error_) error_ = make_error(ErrorKind::invalid_argument, std::move(message), r_.operation);
    return *this;
  }

  /// The request, or the first problem found while building it. The builder is spent afterwards.
  Result<Request> build() {
    if (has_form_) body(url::encode_query(form_), "application/x-www-form-urlencoded");
    if (!error_)
      if (auto problem = validate(r_)) error_ = std::move(problem);
    if (error_) return *std::move(error_);
    return std::move(r_);
  }

 private:
  template <class V>
  static void add_to(std::vector<QueryParam>& out, std::string_view name, const V& value) {
    if constexpr (detail::is_optional<V>::value) {
      if (value) add_to(out, name, *value);
    } else if constexpr (detail::is_vector<V>::value) {
      for (const auto& v : value) add_to(out, name, v);
    } else {
      out.push_back({std::string(name), to_param_string(value)});
    }
  }
  Request r_;
  std::vector<QueryParam> form_;
  bool has_form_ = false;
  std::optional<Error> error_;
};

}  // namespace webapi
