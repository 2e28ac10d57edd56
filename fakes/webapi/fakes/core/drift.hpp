#pragma once
// verify(fake, cassette): where a fake disagrees with traffic recorded from the service (core/cassette.hpp).
//
//   auto cassette = webapi::cassette::load("traffic.jsonl").value();
//   webapi::fakes::webhooks::Fake fake;
//   auto key = fake.add_api_key({.apps = {app}});
//   for (const auto& d : webapi::fakes::verify(fake, cassette, {.credentials = {{"hapikey", key}}}))
//     std::cout << d.line() << '\n';
//
// Every recorded request is sent to the fake, in order, as the service received it, with two things
// changed so that the fake can answer it as the service did:
// - credentials: the cassette holds REDACTED where a credential was; the fake needs valid ones of its own.
//   A REDACTED value is replaced by the fake's credential of the same name (DriftOptions::credentials, names
//   compared without case or separators: HAPIKEY stands for the hapikey parameter), else by a credential the
//   fake issued earlier in the replay under that name (the refresh_token of a token answer, for the
//   refresh_token field after it), else by a given one whose name ends the other's (CLIENT_SECRET for a
//   "secret" field), else, in an Authorization header, by the access token the fake issued last or, when it
//   issued none, by a given one named like an access token (ACCESS_TOKEN), else by the first given
//   credential named like one.
// - ids: an id in a recorded answer (a member named id, ...Id, ..._id, ...Ids, or a resource name with '/')
//   is mapped onto the id at the same JSON path of the fake's answer, at its first appearance; later
//   requests are rewritten wherever the recorded id stands (a path segment, a query value or a value in a
//   query parameter's JSON text, a form field, a JSON value). Ids no answer shows (the account's own, in
//   paths) are given in DriftOptions::ids.
//
// Each answer is then compared with the recorded one, and every difference is one Drift:
// - the status ("service 201, fake 200") and the media type (type/subtype, parameters aside);
// - for JSON bodies, the shape, when both statuses are of one class: a value of another JSON type is one
//   line; the members one object has and the other lacks are one line for that object (a renamed member
//   shows as one missing and one extra, together); an enum member (DriftOptions::enums, the module's wire
//   enums) holding a value the fake does not know (nor answered there itself) is one line;
// - values where they are deterministic: booleans, and enum members.
// Array elements are compared position by position, their paths written "[]", and a line repeated (the
// same operation, path and difference, in another element or another exchange) is reported once.
// Recorded REDACTED values, timestamps, ids and other strings and numbers are not compared as values.
//
// Where the fake has a clock (fake.clock().now() and advance()), the replay keeps time with the recording:
// before each request the clock is moved on to where the recording's stood when that request went (the
// exchange's at_ms, counted from the replay's start), so an operation that was done at the recording's
// last poll is done at the replay's.

#include <algorithm>
#include <charconv>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeindex>
#include <utility>
#include <variant>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/mp11/algorithm.hpp>

#include <webapi/core/ascii.hpp>
#include <webapi/core/box.hpp>
#include <webapi/core/cassette.hpp>
#include <webapi/core/members.hpp>
#include <webapi/core/open_enum.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/url.hpp>
#include <webapi/core/wire_enum.hpp>
#include <webapi/core/wire_name.hpp>
#include <webapi/fakes/core/enum_facts.hpp>

namespace webapi::fakes {

namespace detail {

template <class T> struct is_box : std::false_type {};
template <class T> struct is_box<Box<T>> : std::true_type { using type = T; };
template <class T> struct is_open_enum : std::false_type {};
template <class E> struct is_open_enum<OpenEnum<E>> : std::true_type {};
template <class T> struct is_variant_type : std::false_type {};
template <class... A> struct is_variant_type<std::variant<A...>> : std::true_type {};

template <class T>
void collect_enums(EnumFacts& facts, std::set<std::type_index>& seen, std::string_view member);

template <class E>
void add_enum(EnumFacts& facts, std::string_view member) {
  auto& values = facts[std::string(member)];
  for (const auto& v : webapi::detail::wire_table<E>) values.insert(std::string(v.wire));
}

template <class T>
void collect_model(EnumFacts& facts, std::set<std::type_index>& seen) {
  if (!seen.insert(std::type_index(typeid(T))).second) return;
  boost::mp11::mp_for_each<members_t<T>>([&](auto d) {
    using M = std::remove_cvref_t<decltype(std::declval<T&>().*(decltype(d)::pointer))>;
    collect_enums<M>(facts, seen, wire_name<T>(decltype(d)::name));
  });
}

template <class T>
void collect_enums(EnumFacts& facts, std::set<std::type_index>& seen, std::string_view member) {
  if constexpr (WireEnum<T>) {
    add_enum<T>(facts, member);
  } else if constexpr (is_open_enum<T>::value) {
    add_enum<typename T::enum_type>(facts, member);
  } else if constexpr (std::is_same_v<T, std::string> || std::is_arithmetic_v<T>) {
  } else if constexpr (is_box<T>::value) {
    collect_enums<typename is_box<T>::type>(facts, seen, member);
  } else if constexpr (is_variant_type<T>::value) {
    [&]<class... A>(std::variant<A...>*) { (collect_enums<A>(facts, seen, member), ...); }(static_cast<T*>(nullptr));
  } else if constexpr (is_described_v<T>) {
    collect_model<T>(facts, seen);
  } else if constexpr (requires { typename T::mapped_type; }) {
    collect_enums<typename T::mapped_type>(facts, seen, member);
  } else if constexpr (requires { typename T::value_type; }) {
    collect_enums<typename T::value_type>(facts, seen, member);
  }
}

/// The enum members of operation `I` of `Service`'s success answer, if it has one.
template <class Service, std::size_t I>
void collect_answer_enums(EnumFacts& facts, std::set<std::type_index>& seen) {
  using T = typename Service::template answer_model<I>::type;
  if constexpr (!std::is_void_v<T>) collect_enums<T>(facts, seen, "");
}

}  // namespace detail

/// The enum members of `Models` and of every model they hold, at any depth, with their known wire values
/// (the `wire_values` tables next to the generated models).
template <class... Models>
EnumFacts enum_facts() {
  EnumFacts facts;
  std::set<std::type_index> seen;
  (detail::collect_model<Models>(facts, seen), ...);
  return facts;
}

/// The enum members of every success answer of `Service` (a generated `webapi::<module>::service`: its
/// `answer_model<I>` for each operation), at any depth.
template <class Service>
EnumFacts answer_enum_facts() {
  EnumFacts facts;
  std::set<std::type_index> seen;
  // A list of functions, not a fold expression: clang refuses to fold over more than 256 operations.
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    for (auto collect : {&detail::collect_answer_enums<Service, I>...}) collect(facts, seen);
  }(std::make_index_sequence<Service::operations.size()>{});
  return facts;
}

/// How verify() replays a cassette on a fake.
struct DriftOptions {
  /// The fake's credentials, by the name of the header, query parameter, form field or JSON member they
  /// stand for (or a name like it: HAPIKEY, API_KEY), for the REDACTED values of the recorded requests.
  std::vector<std::pair<std::string, std::string>> credentials{};
  /// The enum members of the module's answers; empty: those of the fake's service, where it names one
  /// (answer_enum_facts<Fake::service_type>(); every fake of the library does).
  EnumFacts enums{};
  /// Ids known to differ before any answer shows them, recorded first (an account's own id in paths: the
  /// recording's app 1234 is the fake's 1000001).
  std::vector<std::pair<std::string, std::string>> ids{};
  /// The base URL the requests are given.
  std::string base_url = "http://fake";
};

/// One difference between a recorded answer and the fake's.
struct Drift {
  std::size_t exchange = 0;  ///< the exchange's number in the cassette, from 1
  std::string operation;     ///< the operation's name, or "METHOD path" for a raw request
  std::string path;          ///< "status", "content-type", "body" or a JSON path such as $.results[].eventType
  std::string what;          ///< the difference, service first
  /// "#3 subscriptions_create $.eventType: ..." -- one line of the report.
  std::string line() const { return "#" + std::to_string(exchange) + " " + operation + " " + path + ": " + what; }
};

namespace detail {

inline std::string squashed(std::string_view name) {
  std::string out;
  for (char c : name)
    if (c != '-' && c != '_' && c != '.' && c != ' ') out += ascii::to_lower(c);
  return out;
}

inline bool id_like(std::string_view key, const boost::json::value& v) {
  if (key == "id" || key == "uuid" || key.ends_with("Id") || key.ends_with("_id") || key.ends_with("ID") ||
      key.ends_with("Ids") || key.ends_with("_ids"))
    return true;
  return key == "name" && v.is_string() && v.as_string().find('/') != boost::json::string::npos;
}

inline std::string scalar_text(const boost::json::value& v) {
  if (v.is_string()) return std::string(v.as_string());
  return boost::json::serialize(v);
}

inline std::string_view json_type(const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::string: return "string";
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
    case boost::json::kind::double_: return "number";
    case boost::json::kind::bool_: return "boolean";
    case boost::json::kind::null: return "null";
    case boost::json::kind::object: return "object";
    case boost::json::kind::array: return "array";
  }
  return "value";
}

/// The replay's memory: ids and credentials the fake answered in place of the recorded ones.
class DriftReplay {
 public:
  DriftReplay(const Cassette& cassette, const DriftOptions& options) : cassette_(cassette), options_(options) {
    for (const auto& [from, to] : options.ids) ids_.emplace(from, to);
  }

  template <class Fake>
  std::vector<Drift> run(Fake& fake) {
    [[maybe_unused]] const auto started = start_of(fake);
    for (std::size_t i = 0; i < cassette_.exchanges.size(); ++i) {
      const auto& e = cassette_.exchanges[i];
      if (!e.error.empty()) continue;  // a failure below HTTP says nothing of the service's answers
      keep_time(fake, started, e.sent_at);
      exchange_ = i + 1;
      operation_ = e.operation.empty() ? std::string(to_string(e.request.method)) + " " + e.request.path : e.operation;
      Request request = rewrite(e.request);
      auto answer = fake.send(request);
      if (!answer) {
        add("answer", "the service answered " + std::to_string(e.response.status) +
                          ", the fake failed: " + answer.error().message);
        continue;
      }
      compare(e.response, *answer);
    }
    return std::move(drifts_);
  }

 private:
  // ---- time -----------------------------------------------------------------------------------------

  /// A fake whose clock can be moved: the replay keeps time with the recording on it.
  template <class Fake>
  static constexpr bool keeps_time = requires(Fake& f, std::chrono::milliseconds d) {
    f.clock().now();
    f.clock().advance(d);
  };

  template <class Fake>
  static auto start_of(Fake& fake) {
    if constexpr (keeps_time<Fake>) return fake.clock().now();
    else return 0;
  }

  /// Moves the fake's clock, if it has one, to where the recording's was when the request went (`sent_at`
  /// after the start), so that what took time there (an operation polled until done) has taken it here;
  /// a clock already past it stays.
  template <class Fake, class Start>
  static void keep_time(Fake& fake, const Start& started, const std::optional<std::chrono::milliseconds>& sent_at) {
    if constexpr (keeps_time<Fake>) {
      if (!sent_at) return;
      const auto due = started + *sent_at;
      const auto now = fake.clock().now();
      if (now < due) fake.clock().advance(std::chrono::ceil<std::chrono::milliseconds>(due - now));
    }
  }

  void add(std::string path, std::string what) {
    const std::string key = operation_ + '\n' + path + '\n' + what;
    if (!seen_.insert(key).second) return;
    drifts_.push_back({exchange_, operation_, std::move(path), std::move(what)});
  }

  // ---- requests -------------------------------------------------------------------------------------

  /// The fake's credential for the REDACTED value of `name`; `authorization`: it stands in that header.
  std::string credential_for(std::string_view name, bool authorization) const {
    const std::string n = squashed(name);
    for (const auto& [k, v] : options_.credentials)
      if (!n.empty() && squashed(k) == n) return v;
    for (auto it = issued_.rbegin(); it != issued_.rend(); ++it)
      if (!n.empty() && squashed(it->first) == n) return it->second;
    // One name the end of the other: CLIENT_SECRET for a form's "secret", API_KEY for "X-Api-Key".
    for (const auto& [k, v] : options_.credentials) {
      const std::string c = squashed(k);
      if (!n.empty() && !c.empty() && (c.ends_with(n) || n.ends_with(c))) return v;
    }
    if (authorization) {
      for (auto it = issued_.rbegin(); it != issued_.rend(); ++it)
        if (squashed(it->first).find("accesstoken") != std::string::npos || squashed(it->first) == "token")
          return it->second;
      // A replay that fetched no token: a given access token (a demo's ACCESS_TOKEN) rather than the first
      // credential, which may be a client secret listed before it.
      for (const auto& [k, v] : options_.credentials)
        if (squashed(k).find("accesstoken") != std::string::npos || squashed(k) == "token") return v;
    }
    for (const auto& [k, v] : options_.credentials)
      if (looks_like_credential(k)) return v;
    return options_.credentials.empty() ? std::string(redacted) : options_.credentials.front().second;
  }

  std::string mapped(const std::string& value) const {
    auto it = ids_.find(value);
    return it == ids_.end() ? value : it->second;
  }

  void rewrite_json(boost::json::value& v, std::string_view key) const {
    if (auto* o = v.if_object()) {
      for (auto& m : *o) rewrite_json(m.value(), m.key());
    } else if (auto* a = v.if_array()) {
      for (auto& e : *a) rewrite_json(e, key);
    } else if (v.is_string()) {
      if (v.as_string() == redacted)
        v = credential_for(key, false);
      else
        v = mapped(std::string(v.as_string()));
    } else if (v.is_int64()) {
      auto it = ids_.find(std::to_string(v.as_int64()));
      if (it != ids_.end()) {
        long long n = 0;
        auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), n);
        if (ec == std::errc{} && end == it->second.data() + it->second.size()) v = n;
      }
    }
  }

  /// `path` with the recorded ids in it replaced by the fake's, in one pass from the left so that nothing is
  /// replaced twice (a recorded operation-12 mapped to the fake's operation-1 is not then taken for the
  /// recorded operation-1). At each segment: the longest recorded resource name (Google's span segments)
  /// that begins there and ends where a segment does ('/', ':' or the end); else the segment, mapped when
  /// it is an id on its own, or the fake's credential for a REDACTED one.
  std::string mapped_path(std::string_view path) const {
    std::string out;
    std::size_t i = 0;
    while (i < path.size()) {
      if (path[i] == '/') {
        out += '/';
        ++i;
        continue;
      }
      const std::pair<const std::string, std::string>* name = nullptr;
      for (const auto& entry : ids_) {
        const std::string& from = entry.first;
        if (from.find('/') == std::string::npos || (name && from.size() <= name->first.size())) continue;
        if (path.substr(i, from.size()) != from) continue;
        const std::size_t end = i + from.size();
        if (end < path.size() && path[end] != '/' && path[end] != ':') continue;
        name = &entry;
      }
      if (name) {
        out += name->second;
        i += name->first.size();
        continue;
      }
      const std::size_t end = std::min(path.find('/', i), path.size());
      std::string segment(path.substr(i, end - i));
      if (segment == redacted) {
        segment = url::encode_segment(credential_for("", false));
      } else if (auto decoded = url::decode(segment); decoded && ids_.contains(*decoded)) {
        segment = url::encode_segment(ids_.at(*decoded));
      }
      out += segment;
      i = end;
    }
    return out;
  }

  /// A query value holding JSON text (finance's ruleParam) with the ids and credentials in it rewritten; any
  /// other value, and JSON text with nothing to rewrite, as it was.
  std::string rewritten_json_text(const std::string& text) const {
    if (text.empty() || (text.front() != '{' && text.front() != '[')) return text;
    boost::system::error_code ec;
    auto v = boost::json::parse(text, ec);
    if (ec) return text;
    const boost::json::value before = v;
    rewrite_json(v, "");
    return v == before ? text : boost::json::serialize(v);
  }

  Request rewrite(const Request& recorded) const {
    Request r = recorded;
    r.base_url = options_.base_url;
    r.path = mapped_path(r.path);
    for (auto& q : r.query) {
      if (q.value == redacted) q.value = credential_for(q.name, false);
      else if (ids_.contains(q.value)) q.value = mapped(q.value);
      else q.value = rewritten_json_text(q.value);
    }
    Headers headers;
    for (const auto& [name, value] : r.headers) {
      std::string v = value;
      if (v.find(redacted) != std::string::npos)
        webapi::detail::replace_all(
            v, redacted,
            credential_for(name, iequals(name, "Authorization") || iequals(name, "Proxy-Authorization")));
      headers.add(name, v);
    }
    r.headers = std::move(headers);
    if (cassette::is_form(r.content_type)) {
      if (auto fields = url::decode_query(r.body)) {
        for (auto& f : *fields) f.value = f.value == redacted ? credential_for(f.name, false) : mapped(f.value);
        r.body = url::encode_query(*fields);
      }
    } else if (!r.body.empty() && cassette::is_json(r.content_type)) {
      boost::system::error_code ec;
      auto v = boost::json::parse(r.body, ec);
      if (!ec) {
        rewrite_json(v, "");
        r.body = boost::json::serialize(v);
      }
    }
    return r;
  }

  // ---- answers --------------------------------------------------------------------------------------

  void compare(const Response& service, const Response& fake) {
    if (service.status != fake.status)
      add("status", "the service answered " + std::to_string(service.status) + ", the fake " +
                        std::to_string(fake.status));
    const std::string st = ascii::media_type_essence(service.content_type());
    const std::string ft = ascii::media_type_essence(fake.content_type());
    if (st != ft && !(service.body.empty() && fake.body.empty()))
      add("content-type", "the service answered " + (st.empty() ? std::string("none") : st) + ", the fake " +
                              (ft.empty() ? std::string("none") : ft));
    if (service.status / 100 != fake.status / 100) return;  // an error's body is no answer's shape
    if (service.body.empty()) return;
    boost::system::error_code ec1, ec2;
    auto s = boost::json::parse(service.body, ec1);
    if (ec1) return;  // not JSON: compared by its media type alone
    auto f = boost::json::parse(fake.body, ec2);
    if (ec2) {
      add("body", fake.body.empty() ? "the service answered JSON, the fake nothing"
                                    : "the service answered JSON, the fake something else");
      return;
    }
    compare_json(s, f, "$", "");
  }

  void compare_json(const boost::json::value& s, const boost::json::value& f, const std::string& path,
                    std::string_view key) {
    if (s.is_string() && s.as_string() == redacted) {
      // A credential the service issued: the fake's, in its place, is what later requests carry.
      if (f.is_string()) issued_.emplace_back(std::string(key), std::string(f.as_string()));
      return;
    }
    const auto st = json_type(s), ft = json_type(f);
    if (st != ft) {
      add(path, "the service answers " + std::string(st == "array" || st == "object" ? "an " : "a ") +
                    std::string(st) + ", the fake " + std::string(ft == "array" || ft == "object" ? "an " : "a ") +
                    std::string(ft));
      return;
    }
    if (s.is_object()) {
      std::vector<std::string> only_service, only_fake;
      for (const auto& m : s.as_object())
        if (!f.as_object().contains(m.key())) only_service.emplace_back(m.key());
      for (const auto& m : f.as_object())
        if (!s.as_object().contains(m.key())) only_fake.emplace_back(m.key());
      if (!only_service.empty() || !only_fake.empty()) {
        auto list = [](const std::vector<std::string>& v) {
          std::string out;
          for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
          return out.empty() ? std::string("none") : out;
        };
        add(path, "members differ: only the service has " + list(only_service) + "; only the fake has " +
                      list(only_fake));
      }
      for (const auto& m : s.as_object())
        if (const auto* other = f.as_object().if_contains(m.key()))
          compare_json(m.value(), *other, path + "." + std::string(m.key()), m.key());
      return;
    }
    if (s.is_array()) {
      const auto& sa = s.as_array();
      const auto& fa = f.as_array();
      for (std::size_t i = 0; i < std::min(sa.size(), fa.size()); ++i) compare_json(sa[i], fa[i], path + "[]", key);
      return;
    }
    if (id_like(key, s)) {
      const std::string from = scalar_text(s), to = scalar_text(f);
      // The first appearance of an id maps it; a list read later shows it again, perhaps elsewhere.
      if (from != to) {
        ids_.emplace(from, to);
        // The last segment of a resource name is the id a path or a parameter carries on its own.
        const auto a = from.rfind('/'), b = to.rfind('/');
        if (a != std::string::npos && b != std::string::npos) ids_.emplace(from.substr(a + 1), to.substr(b + 1));
      }
      return;
    }
    if (s.is_bool() && s != f) {
      add(path, "the service answered " + scalar_text(s) + ", the fake " + scalar_text(f));
      return;
    }
    if (s.is_string()) {
      auto known = options_.enums.find(key);
      if (known == options_.enums.end()) return;
      const std::string value(s.as_string());
      // The fake answered the same: it knows the value, though another model's enum shares the member's name
      // (the facts are by name: a job's free-text status beside an enum status elsewhere in the module).
      if (f.is_string() && f.as_string() == value) return;
      if (!known->second.contains(value)) {
        add(path, "the service answered \"" + value + "\", a value the fake does not know for this enum");
        return;
      }
      if (value != f.as_string()) add(path, "the service answered \"" + value + "\", the fake \"" +
                                                std::string(f.as_string()) + "\"");
    }
  }

  const Cassette& cassette_;
  const DriftOptions& options_;
  std::map<std::string, std::string> ids_;
  std::vector<std::pair<std::string, std::string>> issued_;
  std::set<std::string> seen_;
  std::vector<Drift> drifts_;
  std::size_t exchange_ = 0;
  std::string operation_;
};

}  // namespace detail

/// Every difference between the answers recorded in `cassette` and those `fake` gives to the same requests;
/// see the file's introduction. `fake` should be as the recording's account was when it began (fresh, or
/// seeded with the same data); its state changes as the requests are replayed.
/// A compiled fake (compiled.hpp) brings its service's enum facts from its library (answer_enums()), so
/// that a file replaying on it does not compile them.
template <class Fake>
std::vector<Drift> verify(Fake& fake, const Cassette& cassette, const DriftOptions& options = {}) {
  constexpr bool compiled_facts = requires(const Fake& f) {
    { f.answer_enums() } -> std::same_as<EnumFacts>;
  };
  if constexpr (compiled_facts || requires { typename Fake::service_type; }) {
    if (options.enums.empty()) {
      DriftOptions with_enums = options;
      if constexpr (compiled_facts) with_enums.enums = fake.answer_enums();
      else with_enums.enums = answer_enum_facts<typename Fake::service_type>();
      return detail::DriftReplay(cassette, with_enums).run(fake);
    }
  }
  return detail::DriftReplay(cassette, options).run(fake);
}

}  // namespace webapi::fakes
