#pragma once
// webapi::fakes::quotes::Fake: the quotes service in memory, as a webapi::Transport.
//
//   webapi::fakes::quotes::Fake fake;
//   std::string key = fake.add_api_key("alice");
//   fake.add_quote({.text = "Well done is better than well said.", .author = "Benjamin Franklin",
//                   .category = "inspire"});
//   webapi::quotes::Client quotes{fake, {.api_key = key}};
//
// Every call needs a known API key in X-Service-Api-Secret (or X-TheySaidSo-Api-Secret); without one the
// answer is 401. Errors are {"error":{"code":...,"message":...}}. The fake is declared against the quotes
// module: each handler is registered by the operation's name, and a parameter is read only where the
// operation puts it (the query, for every quotes operation), so one sent in a form or JSON body is 400
// naming it. Every operation of the module is modeled. State lives in plain structs (state.hpp) behind one mutex, so one fake serves many threads.
// The journal, the route list, the clock, fault injection, snapshot() and inspect() come from FakeBase
// (core/fake_base.hpp).

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/quotes/service.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/core/png.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/fakes/quotes/call.hpp>
#include <webapi/fakes/quotes/image_handlers.hpp>
#include <webapi/fakes/quotes/qod_handlers.hpp>
#include <webapi/fakes/quotes/qshow_handlers.hpp>
#include <webapi/fakes/quotes/quote_handlers.hpp>
#include <webapi/fakes/quotes/state.hpp>

namespace webapi::fakes::quotes {

/// The header names an API key is accepted in: the seed's, then the published description's.
inline constexpr std::string_view api_key_headers[] = {"X-Service-Api-Secret", "X-TheySaidSo-Api-Secret"};

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::quotes::service;

  Fake() {
    register_routes();
    reset_locked();
  }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// Registers a user; returns its id (the name).
  std::string add_user(std::string name) {
    std::lock_guard lock(mutex_);
    state_.users.insert(name);
    return name;
  }
  /// A new API key for `owner` (registered if new).
  std::string add_api_key(std::string_view owner) {
    std::lock_guard lock(mutex_);
    std::string key = deterministic_token("tss_", ++state_.keys_issued, "quotes");
    state_.users.emplace(owner);
    state_.api_keys[key] = std::string(owner);
    return key;
  }
  /// Registers `key` for `owner`; returns it.
  std::string add_api_key(std::string_view owner, std::string key) {
    std::lock_guard lock(mutex_);
    state_.users.emplace(owner);
    state_.api_keys[key] = std::string(owner);
    return key;
  }
  /// The key stops working.
  bool revoke_api_key(std::string_view key) {
    std::lock_guard lock(mutex_);
    return state_.api_keys.erase(std::string(key)) > 0;
  }

  /// Adds a quote, to the public catalogue when `q.owner` is empty; an empty `q.id` gets a fresh one.
  /// Returns the id.
  std::string add_quote(Quote q) {
    std::lock_guard lock(mutex_);
    if (q.id.empty()) q.id = state_.quote_ids.next();
    if (q.language.empty()) q.language = "en";
    if (q.added == ManualClock::time_point{}) q.added = clock_.now();
    if (!q.owner.empty()) state_.users.insert(q.owner);
    std::string id = q.id;
    state_.quotes.put(id, std::move(q));
    return id;
  }
  /// Adds a qshow (public when `s.owner` is empty); returns its id.
  std::string add_qshow(Qshow s) {
    std::lock_guard lock(mutex_);
    if (s.id.empty()) s.id = state_.qshow_ids.next();
    std::string id = s.id;
    state_.qshows.put(id, std::move(s));
    return id;
  }
  /// Adds a background image (built-in when `a.owner` is empty); `a.data` defaults to a generated PNG.
  std::string add_background(Asset a) {
    std::lock_guard lock(mutex_);
    if (a.id.empty()) a.id = state_.background_ids.next();
    if (a.data.empty()) a.data = png::make(a.id, 32, 32);
    if (a.content_type.empty()) a.content_type = image_media_type(a.data);
    std::string id = a.id;
    state_.backgrounds.put(id, std::move(a));
    return id;
  }
  /// Adds a font (built-in when `a.owner` is empty); `a.data` defaults to a minimal TrueType file.
  std::string add_font(Asset a) {
    std::lock_guard lock(mutex_);
    if (a.id.empty()) a.id = state_.font_ids.next();
    if (a.data.empty()) a.data = sample_font_bytes(a.id);
    if (a.content_type.empty()) a.content_type = font_media_type(a.data);
    std::string id = a.id;
    state_.fonts.put(id, std::move(a));
    return id;
  }
  /// Renders an image of `quote_id` (public when `owner` is empty) with the default background and font.
  std::string add_quote_image(std::string quote_id, std::string owner = {}) {
    std::lock_guard lock(mutex_);
    QuoteImage img;
    img.id = state_.image_ids.next();
    img.owner = std::move(owner);
    img.quote_id = std::move(quote_id);
    img.background_id = default_background_id;
    img.font_id = default_font_id;
    img.width = img.height = 32;
    img.data = png::make(img.quote_id + '|' + img.background_id + '|' + img.font_id, img.width, img.height);
    std::string id = img.id;
    state_.images.put(id, std::move(img));
    return id;
  }
  void add_qod_category(QodCategory k) {
    std::lock_guard lock(mutex_);
    state_.qod_categories.push_back(std::move(k));
  }
  void add_qod_language(std::string language) {
    std::lock_guard lock(mutex_);
    state_.qod_languages.push_back(std::move(language));
  }

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  std::optional<Quote> quote(std::string_view id) const {
    return inspect([&](const State& s) -> std::optional<Quote> {
      if (const Quote* q = s.quotes.find(id)) return *q;
      return std::nullopt;
    });
  }
  std::optional<Qshow> qshow(std::string_view id) const {
    return inspect([&](const State& s) -> std::optional<Qshow> {
      if (const Qshow* q = s.qshows.find(id)) return *q;
      return std::nullopt;
    });
  }
  bool liked(std::string_view owner, std::string_view quote_id) const {
    return inspect([&](const State& s) { return s.likes.contains({std::string(owner), std::string(quote_id)}); });
  }
  bool disliked(std::string_view owner, std::string_view quote_id) const {
    return inspect([&](const State& s) { return s.dislikes.contains({std::string(owner), std::string(quote_id)}); });
  }
  bool bookmarked(std::string_view owner, std::string_view quote_id) const {
    return inspect(
        [&](const State& s) { return s.bookmarks.contains({std::string(owner), std::string(quote_id)}); });
  }
  std::optional<std::string> owner_of_key(std::string_view key) const {
    return inspect([&](const State& s) -> std::optional<std::string> {
      auto it = s.api_keys.find(std::string(key));
      if (it == s.api_keys.end()) return std::nullopt;
      return it->second;
    });
  }

 private:
  Call make_call(const Route&, const Request& request, Captures&&) {
    std::string owner = authenticate(request);
    return Call{state_, request, Params::from(request), std::move(owner), clock_.now()};
  }

  std::string authenticate(const Request& request) const {
    bool presented = false;
    for (std::string_view header : api_key_headers) {
      auto key = request.headers.get(header);
      if (!key || key->empty()) continue;
      presented = true;
      auto it = state_.api_keys.find(*key);
      if (it != state_.api_keys.end()) return it->second;
    }
    if (!presented) fail(401, "missing API key: send it in the X-Service-Api-Secret header");
    fail(401, "unknown API key");
  }

  /// Back to a fresh fake: no users, keys or quotes; the built-in background, font, QOD categories and
  /// languages; an empty journal; no faults; the clock at its start.
  void reset_locked() {
    reset_common();
    Asset bg;
    bg.id = default_background_id;
    bg.tags = {"default"};
    bg.filename = "default.png";
    bg.data = png::make(bg.id, 32, 32);
    bg.content_type = "image/png";
    state_.backgrounds.put(std::move(bg));
    Asset font;
    font.id = default_font_id;
    font.tags = {"default"};
    font.filename = "default.ttf";
    font.data = sample_font_bytes(font.id);
    font.content_type = "font/ttf";
    state_.fonts.put(std::move(font));
    state_.qod_categories = {
        {"inspire", "Inspiring Quote of the day"},     {"management", "Management Quote of the day"},
        {"sports", "Sports Quote of the day"},          {"life", "Quote of the day about life"},
        {"funny", "Funny Quote of the day"},            {"love", "Quote of the day about Love"},
        {"art", "Art quote of the day"},                {"students", "Quote of the day for students"},
    };
    state_.qod_languages = {"en"};
  }

  void register_routes() {
    namespace h = handlers;
    using h::background_kind;
    using h::font_kind;
    declare<webapi::quotes::service>()
        .on<"get_qod">(h::get_qod)
        .on<"put_qod">(h::create_private_qod)
        .on<"patch_qod">(h::update_private_qod)
        .on<"get_qod_categories">(h::qod_categories)
        .on<"get_qod_languages">(h::qod_languages)
        .on<"get_qshow">(h::get_qshow)
        .on<"put_qshow">(h::create_qshow)
        .on<"patch_qshow">(h::patch_qshow)
        .on<"delete_qshow">(h::delete_qshow)
        .on<"get_qshow_list">(h::list_qshows)
        .on<"get_qshow_quotes">(h::qshow_quotes)
        .on<"post_qshow_quotes_add">(h::add_qshow_quote)
        .on<"post_qshow_quotes_remove">(h::remove_qshow_quote)
        .on<"get_quote">(h::get_quote)
        .on<"put_quote">(h::create_quote)
        .on<"post_quote">(h::create_quote)
        .on<"patch_quote">(h::patch_quote)
        .on<"delete_quote">(h::delete_quote)
        .on<"get_quote_list">(h::list_quotes)
        .on<"get_quote_random">(h::random_quotes)
        .on<"get_quote_search">(h::search_quotes)
        .on<"post_quote_tags_add">(h::add_quote_tags)
        .on<"post_quote_tags_remove">(h::remove_quote_tags)
        .on<"get_quote_like_toggle">(h::toggle_like)
        .on<"get_quote_bookmark_toggle">(h::toggle_bookmark)
        .on<"put_quote_like">(h::like)
        .on<"post_quote_like">(h::like)
        .on<"delete_quote_like">(h::unlike)
        .on<"put_quote_dislike">(h::dislike)
        .on<"post_quote_dislike">(h::dislike)
        .on<"delete_quote_dislike">(h::undislike)
        .on<"get_quote_categories_popular">(h::popular_categories)
        .on<"get_quote_categories_search">(h::search_categories)
        .on<"get_quote_authors_popular">(h::popular_authors)
        .on<"get_quote_authors_search">(h::search_authors)
        .on<"get_quote_image">(h::get_image)
        .on<"put_quote_image">(h::create_image)
        .on<"delete_quote_image">(h::delete_image)
        .on<"get_quote_image_search">(h::search_images)
        .on<"post_quote_image_background">([](Call& c) { return h::upload_asset(c, background_kind); })
        .on<"delete_quote_image_background">([](Call& c) { return h::delete_asset(c, background_kind); })
        .on<"get_quote_image_background_list">([](Call& c) { return h::list_assets(c, background_kind); })
        .on<"get_quote_image_background_search">([](Call& c) { return h::search_assets(c, background_kind); })
        .on<"post_quote_image_background_tags_add">([](Call& c) { return h::tag_asset(c, background_kind, true); })
        .on<"post_quote_image_background_tags_remove">([](Call& c) { return h::tag_asset(c, background_kind, false); })
        .on<"post_quote_image_font">([](Call& c) { return h::upload_asset(c, font_kind); })
        .on<"delete_quote_image_font">([](Call& c) { return h::delete_asset(c, font_kind); })
        .on<"get_quote_image_font_list">([](Call& c) { return h::list_assets(c, font_kind); })
        .on<"get_quote_image_font_search">([](Call& c) { return h::search_assets(c, font_kind); })
        .on<"post_quote_image_font_tags_add">([](Call& c) { return h::tag_asset(c, font_kind, true); })
        .on<"post_quote_image_font_tags_remove">([](Call& c) { return h::tag_asset(c, font_kind, false); });
  }

};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::quotes
