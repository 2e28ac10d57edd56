#pragma once
// Deterministic, realistic payloads for the codec benchmarks and equivalence tests.
//
// A model is filled member by member from its Boost.Describe description, so any model type works
// (the equivalence tests also use it to make random payloads). Values are chosen from the member's key:
// URLs for "*_url", timestamps for "*_at"/"*Time", sentences for descriptions, ids, counts, years,
// currency amounts. Text includes non-ASCII UTF-8 and characters that need escaping. The same seed always
// gives the same bytes, on any platform: the generator uses its own PRNG and no std distributions.
//
// Payload text is written by Boost.JSON (value_from + serialize), so it carries every key, with null for
// an absent optional: that is what the DOM baseline (value_to) needs to run on the same bytes.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <boost/mp11/algorithm.hpp>

#include <webapi/core/json.hpp>

#include "dom_conversions.hpp"

#include <webapi/audio/models.hpp>
#include <webapi/finance/models.hpp>
#include <webapi/migration/models.hpp>
#include <webapi/project_management/models.hpp>
#include <webapi/quotes/models.hpp>


namespace webapi_bench {

namespace audio = webapi::audio;
namespace finance = webapi::finance;
namespace migration = webapi::migration;
namespace project_management = webapi::project_management;
namespace quotes = webapi::quotes;

/// splitmix64: tiny, fast, and the same sequence everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform enough in [lo, hi] for test data.
  std::int64_t range(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return static_cast<int>(next() % 100) < percent; }

 private:
  std::uint64_t s_;
};

/// How full the generated models are.
struct FillOptions {
  int optional_percent = 88;     ///< chance that an optional member is present near the top
  int max_depth = 7;             ///< below this, optionals are absent and vectors empty
  int max_elements = 3;          ///< nested vectors and maps get 0..max_elements entries
  int sentence_words_min = 8;    ///< description-like text length
  int sentence_words_max = 40;
  bool exotic_text = true;       ///< include escapes and non-ASCII UTF-8 in text
};

class Filler {
 public:
  Filler(std::uint64_t seed, FillOptions options = {}) : rng_(seed), o_(options) {}

  Random& rng() { return rng_; }

  template <class T>
  void fill(T& v, std::string_view key, int depth = 0) {
    namespace d = webapi::json::detail;
    if constexpr (std::is_same_v<T, std::string>) {
      v = text(key);
    } else if constexpr (std::is_same_v<T, bool>) {
      v = rng_.chance(50);
    } else if constexpr (d::is_integer_v<T>) {
      v = static_cast<T>(integer(key, static_cast<std::int64_t>(std::numeric_limits<T>::max() > 1'000'000'000'000LL
                                                                   ? 1'000'000'000'000LL
                                                                   : std::numeric_limits<T>::max())));
    } else if constexpr (std::is_floating_point_v<T>) {
      v = static_cast<T>(static_cast<double>(rng_.range(-100000, 10000000)) / 100.0);
    } else if constexpr (webapi::WireEnum<T>) {
      auto values = wire_values(T{});
      v = values[rng_.next() % values.size()].value;
    } else if constexpr (webapi::is_open_enum_v<T>) {
      auto values = wire_values(typename T::enum_type{});
      v = values[rng_.next() % values.size()].value;
    } else if constexpr (d::is_optional<T>::value) {
      int percent = depth <= 2 ? o_.optional_percent : o_.optional_percent - 12 * (depth - 2);
      if (depth < o_.max_depth && rng_.chance(percent)) fill(v.emplace(), key, depth);
      else v.reset();
    } else if constexpr (d::is_box<T>::value) {
      fill(*v, key, depth);
    } else if constexpr (d::is_vector<T>::value) {
      v.clear();
      int n = depth >= o_.max_depth ? 0 : static_cast<int>(rng_.range(0, o_.max_elements));
      for (int i = 0; i < n; ++i) {
        typename T::value_type e{};
        fill(e, key, depth + 1);
        v.push_back(std::move(e));
      }
    } else if constexpr (d::is_string_map<T>::value) {
      v.clear();
      int n = depth >= o_.max_depth ? 0 : static_cast<int>(rng_.range(0, o_.max_elements));
      for (int i = 0; i < n; ++i) fill(v[std::string(pick(map_keys))], "value", depth + 1);
    } else if constexpr (d::is_variant<T>::value) {
      fill_variant(v, key, depth, std::make_index_sequence<std::variant_size_v<T>>{});
    } else if constexpr (std::is_same_v<T, boost::json::value>) {
      v = boost::json::object{{"enabled", rng_.chance(50)}, {"weight", rng_.range(0, 1000)}, {"tag", pick(words)}};
    } else if constexpr (std::is_same_v<T, boost::json::object>) {
      v = boost::json::object{{"k", rng_.range(0, 9)}};
    } else if constexpr (std::is_same_v<T, boost::json::array>) {
      v = boost::json::array{rng_.range(0, 9), pick(words)};
    } else if constexpr (d::is_described_v<T>) {
      boost::mp11::mp_for_each<d::members_t<T>>([&](auto m) {
        fill(v.*m.pointer, webapi::wire_name<T>(m.name), depth + 1);
      });
    } else {
      static_assert(webapi::json::Codable<T>, "Filler: not a model type");
    }
  }

 private:
  static constexpr std::string_view words[] = {
      "ambient", "bass",   "cloud",   "delta",  "echo",    "fader",  "groove", "harbor", "indigo", "jazz",
      "kinetic", "lumen",  "meridian", "night", "orbit",   "pulse",  "quartz", "river",  "signal", "tempo",
      "umbra",   "vinyl",  "wave",    "xenon",  "yonder",  "zenith", "north",  "summer", "live",   "session",
      "remix",   "studio", "account", "ledger", "balance", "server", "region", "cluster", "volume", "project"};
  static constexpr std::string_view exotic[] = {"caf\xC3\xA9", "Z\xC3\xBCrich", "\xE6\x97\xA5\xE6\x9C\xAC",
                                                "na\xC3\xAFve", "\xE2\x80\x94", "\"quoted\"", "back\\slash",
                                                "tab\there", "line\nbreak", "\xF0\x9F\x8E\xB5"};
  static constexpr std::string_view map_keys[] = {"env", "team", "tier", "owner", "zone", "app", "cost-center"};

  template <class T, std::size_t N>
  std::string_view pick(const T (&list)[N]) {
    return list[rng_.next() % N];
  }

  static bool has(std::string_view key, std::string_view part) {
    if (part.size() > key.size()) return false;
    for (std::size_t i = 0; i + part.size() <= key.size(); ++i) {
      bool same = true;
      for (std::size_t j = 0; j < part.size() && same; ++j) {
        char a = key[i + j], b = part[j];
        if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
        same = a == b;
      }
      if (same) return true;
    }
    return false;
  }

  void append_words(std::string& s, int n) {
    for (int i = 0; i < n; ++i) {
      if (i) s += ' ';
      s += o_.exotic_text && rng_.chance(6) ? pick(exotic) : pick(words);
    }
  }

  std::string number_text(std::int64_t lo, std::int64_t hi) { return std::to_string(rng_.range(lo, hi)); }

  std::string text(std::string_view key) {
    std::string s;
    if (has(key, "url") || has(key, "uri") || has(key, "href") || has(key, "website")) {
      s = "https://example.test/";
      s.append(pick(words)).append("/").append(number_text(1000, 99999999));
      if (rng_.chance(30)) s.append("?page=").append(number_text(1, 50));
    } else if (has(key, "date") || has(key, "time") || has(key, "_at") || has(key, "modified") ||
               has(key, "created")) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "20%02d-%02d-%02dT%02d:%02d:%02dZ", static_cast<int>(rng_.range(10, 24)),
                    static_cast<int>(rng_.range(1, 12)), static_cast<int>(rng_.range(1, 28)),
                    static_cast<int>(rng_.range(0, 23)), static_cast<int>(rng_.range(0, 59)),
                    static_cast<int>(rng_.range(0, 59)));
      s = buf;
    } else if (has(key, "description") || has(key, "notes") || has(key, "instructions") || has(key, "memo") ||
               has(key, "quote") || has(key, "comment") || has(key, "text")) {
      append_words(s, static_cast<int>(rng_.range(o_.sentence_words_min, o_.sentence_words_max)));
      s += '.';
    } else if (key == "id" || has(key, "uuid") || has(key, "token") || (key.size() > 2 && key.ends_with("Id"))) {
      static constexpr char hex[] = "0123456789abcdef";
      for (int i = 0; i < 16; ++i) s += hex[rng_.next() % 16];
    } else if (has(key, "country") || has(key, "currency") || has(key, "code") || has(key, "locale")) {
      for (int i = 0; i < 2; ++i) s += static_cast<char>('A' + rng_.next() % 26);
    } else if (has(key, "name") || has(key, "title") || has(key, "label") || has(key, "genre")) {
      append_words(s, static_cast<int>(rng_.range(1, 3)));
    } else {
      append_words(s, static_cast<int>(rng_.range(1, 2)));
    }
    return s;
  }

  std::int64_t integer(std::string_view key, std::int64_t max) {
    std::int64_t v;
    if (has(key, "year")) v = rng_.range(1995, 2024);
    else if (has(key, "month")) v = rng_.range(1, 12);
    else if (has(key, "day")) v = rng_.range(1, 28);
    else if (has(key, "count") || has(key, "size")) v = rng_.range(0, 250000);
    else if (has(key, "id")) v = rng_.range(100000, 4000000000LL);
    else if (has(key, "date") || has(key, "deadline") || has(key, "on")) v = rng_.range(1500000000000LL, 1800000000000LL);
    else v = rng_.range(0, 100000);
    return v > max ? v % (max + 1) : v;
  }

  template <class V, std::size_t... I>
  void fill_variant(V& v, std::string_view key, int depth, std::index_sequence<I...>) {
    std::size_t which = rng_.next() % sizeof...(I);
    (void)((which == I ? (fill(v.template emplace<I>(), key, depth), distinguish<V, I>(std::get<I>(v), depth), true)
                       : false) ||
           ...);
  }

  // A oneOf of structs is told apart by the members each alternative alone defines (docs/json.md), as a
  // service's values are: the first such member of the alternative filled is set if it was left absent.
  template <class V, std::size_t I, class A>
  void distinguish(A& a, int depth) {
    namespace d = webapi::json::detail;
    if constexpr (d::is_described_v<A>) {
      bool done = false;
      boost::mp11::mp_for_each<d::members_t<A>>([&](auto m) {
        std::string_view name = webapi::wire_name<A>(m.name);
        if (done || defined_by_another<V, I>(name, std::make_index_sequence<std::variant_size_v<V>>{})) return;
        done = true;
        auto& member = a.*m.pointer;
        if constexpr (d::is_optional<std::remove_cvref_t<decltype(member)>>::value) {
          if (!member) fill(member.emplace(), name, depth + 1);
        }
      });
    }
  }
  template <class V, std::size_t I, std::size_t... J>
  static bool defined_by_another(std::string_view name, std::index_sequence<J...>) {
    namespace d = webapi::json::detail;
    auto defines = [&]<class B>(B*) {
      if constexpr (d::is_described_v<B>) return d::Members<B>::find(name, d::no_member) != d::no_member;
      else return false;
    };
    return ((J != I && defines(static_cast<std::variant_alternative_t<J, V>*>(nullptr))) || ...);
  }

  Random rng_;
  FillOptions o_;
};

/// The bytes the DOM path would be given: every key present, null for an absent optional.
template <class T>
std::string dom_text(const T& value) {
  return boost::json::serialize(boost::json::value_from(value));
}

/// One benchmark input: the model type, its JSON text, and how many records it holds.
template <class T>
struct Payload {
  using type = T;
  std::string name;
  std::string text;
  std::size_t records = 0;
};

inline Payload<audio::Tracks> track_page(std::uint64_t seed = 1, std::size_t tracks = 200) {
  FillOptions o;
  o.sentence_words_min = 4;  // about 1.4 KB a track, 280 KB a page, as the service's pages run
  o.sentence_words_max = 16;
  Filler f(seed, o);
  audio::Tracks page;
  page.collection.emplace();
  for (std::size_t i = 0; i < tracks; ++i) {
    audio::Track t;
    f.fill(t, "track", 0);
    t.id = static_cast<std::int64_t>(1000000 + i);
    if (!t.user) f.fill(t.user.emplace(), "user", 1);
    page.collection->push_back(std::move(t));
  }
  page.next_href = "https://api.example.test/tracks?linked_partitioning=1&cursor=200";
  return {"audio track page", dom_text(page), tracks};
}

inline Payload<finance::TransactionResponse> transaction_list(std::uint64_t seed = 2, std::size_t count = 500) {
  FillOptions o;
  o.sentence_words_min = 3;
  o.sentence_words_max = 10;
  Filler f(seed, o);
  finance::TransactionResponse r;
  r.transaction.emplace();
  for (std::size_t i = 0; i < count; ++i) f.fill(r.transaction->emplace_back(), "transaction", 1);
  return {"finance transactions", dom_text(r), count};
}

inline Payload<migration::ListAssetsResponse> asset_list(std::uint64_t seed = 3, std::size_t count = 200) {
  FillOptions o;
  o.max_elements = 2;
  o.sentence_words_min = 3;
  o.sentence_words_max = 12;
  Filler f(seed, o);
  migration::ListAssetsResponse r;
  r.assets.emplace();
  for (std::size_t i = 0; i < count; ++i) f.fill(r.assets->emplace_back(), "asset", 0);
  r.next_page_token = "page-2";
  return {"migration assets", dom_text(r), count};
}

inline Payload<project_management::ProjectDTOv2> project(std::uint64_t seed = 4) {
  FillOptions o;
  o.optional_percent = 100;
  o.max_elements = 6;
  Filler f(seed, o);
  project_management::ProjectDTOv2 p;
  f.fill(p, "project", 0);
  return {"project-management project", dom_text(p), 1};
}

inline Payload<quotes::QuoteResponse> quote_search(std::uint64_t seed = 5, std::size_t count = 50) {
  Filler f(seed);
  quotes::QuoteResponse r;
  r.success = "true";
  auto& list = r.contents.emplace().quotes.emplace();
  for (std::size_t i = 0; i < count; ++i) f.fill(list.emplace_back(), "quote", 1);
  return {"quotes search", dom_text(r), count};
}

}  // namespace webapi_bench
