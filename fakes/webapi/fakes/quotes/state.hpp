#pragma once
// What the quotes fake remembers, as plain values a test can copy and inspect.

#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/store.hpp>

namespace webapi::fakes::quotes {

/// Ids of the background and font a quote image uses when the caller names none.
inline constexpr std::string_view default_background_id = "theysaidso_default_background_image";
inline constexpr std::string_view default_font_id = "theysaidso_default_font";

/// A quote, in the public catalogue (owner empty) or in a subscriber's private collection.
struct Quote {
  std::string id{};
  std::string text{};
  std::string author{};
  std::string category{};           ///< may be empty; search by category also matches tags
  std::vector<std::string> tags{};
  std::string language = "en";
  std::string owner{};              ///< user id; empty for the public catalogue
  ManualClock::time_point added{};
};

/// A named group of quotes.
struct Qshow {
  std::string id{};
  std::string title{};
  std::string description{};
  std::vector<std::string> tags{};
  std::string owner{};                   ///< empty for a public qshow
  std::vector<std::string> quote_ids{};  ///< members, in the order they were added, each once
};

/// An uploaded background image or font file.
struct Asset {
  std::string id{};
  std::string owner{};  ///< empty for the built-in ones everybody may use
  std::vector<std::string> tags{};
  std::string filename{};
  std::string content_type{};
  std::string data{};
};
using Background = Asset;
using Font = Asset;

/// A quote image made from a quote, a background and a font.
struct QuoteImage {
  std::string id{};
  std::string owner{};  ///< empty for the public image collection
  std::string quote_id{};
  std::string background_id{};
  std::string bg_color{};
  std::string font_id{};
  std::string text_color{};
  std::string text_size{};
  std::string halign = "center";
  std::string valign = "center";
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::string data{};  ///< PNG bytes
};

/// A public quote-of-the-day category.
struct QodCategory {
  std::string name{};
  std::string title{};
  std::string language = "en";
};

/// A subscriber's private quote-of-the-day service: its quotes come from the owner's private collection.
struct PrivateQod {
  std::string id{};
  std::string owner{};
  std::string title{};
  std::string category{};  ///< the name GET /qod?category= selects it by
  std::string language = "en";
};

/// (owner, quote id) pairs: who likes, bookmarks or dislikes what.
using Marks = std::set<std::pair<std::string, std::string>>;

struct State {
  std::set<std::string> users;
  std::map<std::string, std::string, std::less<>> api_keys;  ///< key -> owner; found by string_view
  Table<Quote> quotes;
  Table<Qshow> qshows;
  Table<Background> backgrounds;
  Table<Font> fonts;
  Table<QuoteImage> images;
  Table<PrivateQod> private_qods;
  std::vector<QodCategory> qod_categories;
  std::vector<std::string> qod_languages{};
  Marks likes;
  Marks dislikes;  ///< never beside a like of the same quote by the same user
  Marks bookmarks;

  IdSequence quote_ids{"q-"};
  IdSequence qshow_ids{"qs-"};
  IdSequence background_ids{"bg-"};
  IdSequence font_ids{"font-"};
  IdSequence image_ids{"img-"};
  IdSequence qod_ids{"qod-"};
  std::uint64_t keys_issued = 0;
  std::mt19937_64 random{20240101};  ///< for /quote/random and /quote/image/search; reset() restarts it
};

}  // namespace webapi::fakes::quotes
