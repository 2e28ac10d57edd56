// webapi::json gives exactly what the Boost.JSON DOM path (parse + value_to) gives, on the benchmark
// payloads and on random payloads made from the modules' models; and on corrupted payloads it refuses
// everything Boost.JSON refuses as malformed.

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>
#include <variant>

#include <boost/json/parse.hpp>
#include <boost/json/value_to.hpp>

#include <webapi/api_platform/models.hpp>
#include <webapi/core/json.hpp>
#include <webapi/userinfo/models.hpp>
#include <webapi/webhooks/models.hpp>

#include "payloads.hpp"

namespace json = webapi::json;
using namespace webapi_bench;

namespace {

// Whether T holds, at any depth, a member listed in a `webapi_formats` (bytes as base64, int64 as decimal
// strings). Boost.JSON's value_from knows nothing of those, so its text for such a model is not the wire
// form: it writes the raw bytes and plain numbers. (webapi::json reads plain numbers for int64 members too,
// so decoding compares either way.)
template <class T, class... Seen>
constexpr bool has_wire_formats() {
  namespace d = webapi::json::detail;
  if constexpr ((std::is_same_v<T, Seen> || ...) || d::is_box<T>::value) {
    return false;
  } else if constexpr (d::is_optional<T>::value || d::is_vector<T>::value || d::is_string_map<T>::value) {
    return has_wire_formats<typename d::element<T>::type, Seen...>();
  } else if constexpr (d::is_variant<T>::value) {
    return []<class... As>(std::variant<As...>*) { return (has_wire_formats<As, Seen...>() || ...); }(
        static_cast<T*>(nullptr));
  } else if constexpr (d::is_described_v<T>) {
    if constexpr (requires { T::webapi_formats; }) {
      return true;
    } else {
      bool any = false;
      boost::mp11::mp_for_each<d::members_t<T>>([&](auto m) {
        any = any || has_wire_formats<std::remove_cvref_t<decltype(std::declval<T&>().*m.pointer)>, T, Seen...>();
      });
      return any;
    }
  } else {
    return false;
  }
}

static_assert(has_wire_formats<webapi::migration::AggregateAssetsValuesResponse>());
static_assert(!has_wire_formats<webapi::audio::Tracks>());

template <class T>
T dom_decode(std::string_view text) {
  return boost::json::value_to<T>(boost::json::parse(text));
}

// The same JSON with whitespace after every ',' and ':' and around brackets outside strings, so the
// reader's whitespace handling is exercised on realistic documents too.
std::string spaced(std::string_view compact) {
  std::string out;
  bool in_string = false, escaped = false;
  for (char c : compact) {
    out += c;
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == ',' || c == '[' || c == '{') out += "\n  ";
    else if (c == ':') out += ' ';
  }
  return out;
}

// JSON values equal as JSON: members in any order, numbers by value whatever their representation.
bool same_json(const boost::json::value& a, const boost::json::value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_double() || b.is_double()) return a.to_number<double>() == b.to_number<double>();
    if (a.is_int64() && b.is_int64()) return a.get_int64() == b.get_int64();
    if (a.is_uint64() && b.is_uint64()) return a.get_uint64() == b.get_uint64();
    const auto& s = a.is_int64() ? a : b;
    const auto& u = a.is_int64() ? b : a;
    return s.get_int64() >= 0 && static_cast<std::uint64_t>(s.get_int64()) == u.get_uint64();
  }
  if (a.kind() != b.kind()) return false;
  if (a.is_object()) {
    const auto& x = a.get_object();
    const auto& y = b.get_object();
    if (x.size() != y.size()) return false;
    for (const auto& kv : x) {
      auto it = y.find(kv.key());
      if (it == y.end() || !same_json(kv.value(), it->value())) return false;
    }
    return true;
  }
  if (a.is_array()) {
    const auto& x = a.get_array();
    const auto& y = b.get_array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same_json(x[i], y[i])) return false;
    return true;
  }
  return a == b;
}

// value_from writes null for an absent optional; webapi::json leaves the member out.
boost::json::value without_nulls(boost::json::value v) {
  if (v.is_object()) {
    boost::json::object o;
    for (auto& kv : v.get_object())
      if (!kv.value().is_null()) o[kv.key()] = without_nulls(kv.value());
    return o;
  }
  if (v.is_array())
    for (auto& e : v.get_array()) e = without_nulls(e);
  return v;
}

template <class T>
void check_encode(const T& model, const std::string& what);

template <class T>
void check_equivalent(const T& model, const std::string& text, const std::string& what) {
  auto ours = json::decode<T>(text);
  BOOST_REQUIRE_MESSAGE(ours, what << ": " << (ours ? "" : ours.error().message));
  T dom = dom_decode<T>(text);
  BOOST_TEST((*ours == dom), what << ": typed decode differs from parse + value_to");
  BOOST_TEST((*ours == model), what << ": typed decode differs from the model the text was made from");

  auto again = json::decode<T>(spaced(text));
  BOOST_REQUIRE_MESSAGE(again, what << " (spaced): " << (again ? "" : again.error().message));
  BOOST_TEST((*again == model), what << ": spaced text decodes differently");

  check_encode(model, what);
}

// What webapi::json writes is what value_from + serialize writes, nulls left out. Decoding it and encoding
// again gives the same text. (Decoding does not always give the same value back: with nulls left out, a
// oneOf of objects whose members are all optional can read an object as an earlier alternative.)
template <class T>
void check_encode(const T& model, const std::string& what) {
  std::string encoded = json::encode(model);
  if constexpr (!has_wire_formats<T>())
    BOOST_TEST(same_json(boost::json::parse(encoded), without_nulls(boost::json::value_from(model))),
               what << ": typed encode differs from value_from + serialize");
  auto back = json::decode<T>(encoded);
  BOOST_REQUIRE_MESSAGE(back, what << " (encoded): " << (back ? "" : back.error().message));
  BOOST_TEST(json::encode(*back) == encoded, what << ": encode, decode, encode is not a fixpoint");
}

template <class T>
void check_payload(const Payload<T>& p) {
  check_equivalent(dom_decode<T>(p.text), p.text, p.name);
}

// Random models of type T from many seeds and fill densities.
template <class T>
void check_random(std::string_view type_name, int seeds) {
  for (int seed = 1; seed <= seeds; ++seed) {
    FillOptions o;
    o.optional_percent = 20 + (seed * 37) % 81;
    o.max_elements = seed % 5;
    o.max_depth = 4 + seed % 6;
    o.sentence_words_max = 12;
    Filler f(static_cast<std::uint64_t>(seed) * 7919 + type_name.size(), o);
    T model{};
    f.fill(model, "root", 0);
    std::string what = std::string(type_name) + " seed " + std::to_string(seed);
    check_equivalent(model, dom_text(model), what);
  }
}

// Corrupts the text at random; whatever Boost.JSON refuses to parse, webapi::json must refuse too, and
// whatever the DOM path decodes, webapi::json decodes to the same value.
template <class T>
void check_corrupted(const std::string& text, int rounds, std::uint64_t seed) {
  constexpr std::string_view inserts = "{}[],:\"\\0-.eEtfn \x80\xC3";
  Random rng(seed);
  int refused = 0;
  for (int round = 0; round < rounds; ++round) {
    std::string s = text;
    std::size_t at = static_cast<std::size_t>(rng.next() % s.size());
    switch (rng.next() % 5) {
      case 0: s[at] = static_cast<char>(rng.next() % 256); break;
      case 1: s.erase(at, 1 + rng.next() % 4); break;
      case 2: s.insert(at, 1, inserts[rng.next() % inserts.size()]); break;
      case 3: s.resize(at); break;
      case 4: s[at] = static_cast<char>(rng.next() % 0x20); break;
    }
    auto ours = json::decode<T>(s);
    boost::system::error_code ec;
    boost::json::value dom = boost::json::parse(s, ec);
    if (ec) {
      ++refused;
      BOOST_TEST(!ours, "decoded input Boost.JSON refuses (" << ec.message() << ") at round " << round);
      continue;
    }
    auto converted = boost::json::try_value_to<T>(dom);
    if (converted) {
      BOOST_REQUIRE_MESSAGE(ours, "refused input the DOM path decodes, round " << round << ": "
                                      << (ours ? std::string() : ours.error().message));
      BOOST_TEST((*ours == *converted), "differs from the DOM path at round " << round);
    }
  }
  BOOST_TEST(refused > rounds / 4);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(equivalence)

BOOST_AUTO_TEST_CASE(benchmark_payloads_decode_as_the_dom_path_does) {
  check_payload(track_page());
  check_payload(transaction_list());
  check_payload(asset_list());
  check_payload(project());
  check_payload(quote_search());
}

BOOST_AUTO_TEST_CASE(payload_generation_is_deterministic) {
  BOOST_TEST(track_page().text == track_page().text);
  BOOST_TEST(track_page(1).text != track_page(2).text);
  auto page = track_page();
  BOOST_TEST(page.text.size() > 250'000u);
  BOOST_TEST(page.text.size() < 330'000u);
}

BOOST_AUTO_TEST_CASE(random_models_of_every_module) {
  check_random<audio::Tracks>("audio::Tracks", 25);
  check_random<audio::Activities>("audio::Activities", 25);
  check_random<audio::Comments>("audio::Comments", 25);
  check_random<audio::Playlists>("audio::Playlists", 25);
  check_random<finance::TransactionResponse>("finance::TransactionResponse", 25);
  check_random<finance::AccountResponse>("finance::AccountResponse", 25);
  check_random<finance::HoldingResponse>("finance::HoldingResponse", 25);
  check_random<finance::ProviderAccountResponse>("finance::ProviderAccountResponse", 25);
  check_random<migration::ListAssetsResponse>("migration::ListAssetsResponse", 15);
  check_random<migration::AggregateAssetsValuesResponse>("migration::AggregateAssetsValuesResponse", 25);
  check_random<migration::ListGroupsResponse>("migration::ListGroupsResponse", 25);
  check_random<migration::ListReportsResponse>("migration::ListReportsResponse", 15);
  check_random<project_management::ProjectDTOv2>("project_management::ProjectDTOv2", 25);
  check_random<project_management::MultiPart>("project_management::MultiPart", 25);
  check_random<quotes::QuoteResponse>("quotes::QuoteResponse", 25);
  check_random<quotes::QOD>("quotes::QOD", 25);
  check_random<webapi::userinfo::Userinfo>("userinfo::Userinfo", 25);
  check_random<webapi::webhooks::SubscriptionListResponse>("webhooks::SubscriptionListResponse", 25);
  check_random<webapi::webhooks::SettingsResponse>("webhooks::SettingsResponse", 25);
  check_random<webapi::api_platform::GetAllApisResponse>("api_platform::GetAllApisResponse", 25);
}

BOOST_AUTO_TEST_CASE(doubles_read_back_exactly) {
  // Every finite double survives encode + decode bit for bit. (Boost.JSON 1.81's own parser does not
  // promise this, so here the DOM path is no reference.)
  Random rng(99);
  int checked = 0;
  for (int i = 0; i < 100000; ++i) {
    std::uint64_t bits = rng.next();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d)) continue;
    auto back = json::decode<double>(json::encode(d));
    BOOST_REQUIRE(back);
    if (std::memcmp(&*back, &d, sizeof d) != 0) BOOST_FAIL("double " << json::encode(d) << " read back differently");
    ++checked;
  }
  BOOST_TEST(checked > 90000);
}

BOOST_AUTO_TEST_CASE(corrupted_payloads_refused_whenever_boost_refuses_them) {
  check_corrupted<quotes::QuoteResponse>(quote_search().text, 3000, 11);
  check_corrupted<project_management::ProjectDTOv2>(project().text, 3000, 12);
  auto small_page = track_page(7, 3);
  check_corrupted<audio::Tracks>(small_page.text, 3000, 13);
  auto small_assets = asset_list(8, 2);
  check_corrupted<migration::ListAssetsResponse>(small_assets.text, 2000, 14);
}

BOOST_AUTO_TEST_SUITE_END()
