#pragma once
// Quote of the day: public categories, languages, and private quote-of-the-day services.
//
// The quote of the day of a category is chosen from the matching public quotes by the fake clock's date,
// so it stays the same all day and moves on when a test advances the clock by a day. A private QOD service
// (PUT /qod) serves its owner, under its category, a quote of the owner's private collection.

#include <algorithm>
#include <string>
#include <vector>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/quotes/call.hpp>
#include <webapi/fakes/quotes/json.hpp>

namespace webapi::fakes::quotes::handlers {

namespace detail {
inline std::string supported_language(const Call& c) {
  std::string language = c.params.non_empty("language").value_or("en");
  const auto& all = c.state.qod_languages;
  if (std::find_if(all.begin(), all.end(), [&](const std::string& l) { return iequals(l, language); }) == all.end())
    bad_request("language '" + language + "' is not supported for the quote of the day; see /qod/languages");
  return language;
}

inline PrivateQod* private_qod_by_category(Call& c, std::string_view category) {
  for (const PrivateQod* q : c.state.private_qods.ordered())
    if (q->owner == c.owner && iequals(q->category, category)) return c.state.private_qods.find(q->id);
  return nullptr;
}
}  // namespace detail

/// GET /qod: `category` (default "inspire"), `language` (default "en").
inline Response get_qod(Call& c) {
  const std::string language = detail::supported_language(c);
  const std::string category = c.params.non_empty("category").value_or("inspire");

  std::string title;
  std::vector<const Quote*> pool;
  if (const PrivateQod* mine = detail::private_qod_by_category(c, category)) {
    title = mine->title;
    auto own = c.state.quotes.where([&](const Quote& q) { return q.owner == c.owner; });
    for (const Quote* q : own)
      if (quote_in_category(*q, category)) pool.push_back(q);
    if (pool.empty()) pool = own;  // a private QOD without tagged quotes draws on the whole collection
  } else {
    auto it = std::find_if(c.state.qod_categories.begin(), c.state.qod_categories.end(), [&](const QodCategory& k) {
      return iequals(k.name, category) && iequals(k.language, language);
    });
    if (it == c.state.qod_categories.end())
      bad_request("'" + category + "' is not a quote-of-the-day category in language '" + language +
                  "'; see /qod/categories");
    title = it->title;
    pool = c.state.quotes.where([&](const Quote& q) {
      return q.owner.empty() && iequals(q.language, language) && quote_in_category(q, category);
    });
  }
  if (pool.empty()) not_found("no quote of the day available for category '" + category + "'");

  const model::Quote q = quote_model(*pool[static_cast<std::size_t>(day_number(c.now)) % pool.size()]);
  model::QOD today{.author = q.author, .quote = q.quote, .tags = q.tags, .id = q.id, .image = q.image,
                   .length = q.length, .category = category, .language = q.language,
                   .date = date_string(c.now), .title = title};
  return answer(model::QodResponse{.contents = model::QodResponseContents{.quotes = only(std::move(today))}});
}

/// GET /qod/categories: name -> title of each category in `language`, the caller's private ones included;
/// with `detailed=true` a list of objects instead.
inline Response qod_categories(Call& c) {
  const std::string language = detail::supported_language(c);
  const bool detailed = c.params.boolean_or("detailed", false);
  model::QodCategoriesResponse by_name;
  model::QodCategoriesDetailedResponse list;
  auto add = [&](const std::string& name, const std::string& title, bool is_private) {
    by_name.contents.categories[name] = title;
    list.contents.categories.push_back({.name = name, .title = title, .language = language, .private_ = is_private});
  };
  for (const auto& k : c.state.qod_categories)
    if (iequals(k.language, language)) add(k.name, k.title, false);
  for (const PrivateQod* q : c.state.private_qods.ordered())
    if (q->owner == c.owner && iequals(q->language, language)) add(q->category, q->title, true);
  if (detailed) return answer(std::move(list));
  return answer(std::move(by_name));
}

/// GET /qod/languages.
inline Response qod_languages(Call& c) {
  return answer(model::QodLanguagesResponse{.contents = {.languages = c.state.qod_languages}});
}

/// PUT /qod: a private QOD service. `title` is required; `category` (default: its id) names it for GET /qod;
/// `language` defaults to "en".
inline Response create_private_qod(Call& c) {
  PrivateQod q;
  q.title = c.params.required("title");
  q.language = detail::supported_language(c);
  q.owner = c.owner;
  q.id = c.state.qod_ids.next();
  q.category = c.params.non_empty("category").value_or(q.id);
  if (detail::private_qod_by_category(c, q.category))
    bad_request("you already have a private quote of the day with category '" + q.category + "'");
  const PrivateQod& stored = c.state.private_qods.put(std::move(q));
  return answer(model::PrivateQodResponse{.contents = {.id = stored.id, .qod = private_qod_model(stored)}});
}

/// PATCH /qod: `title` is required. The service changed is the one named by `id`, else the one whose
/// category is `category`, else the caller's only one (which then takes `category` as its new name).
inline Response update_private_qod(Call& c) {
  const std::string title = c.params.required("title");
  PrivateQod* target = nullptr;
  if (auto id = c.params.non_empty("id")) {
    target = &owned(c, c.state.private_qods, "private quote of the day", *id);
  } else if (auto category = c.params.non_empty("category")) {
    target = detail::private_qod_by_category(c, *category);
  }
  if (!target) {
    auto mine = c.state.private_qods.where([&](const PrivateQod& q) { return q.owner == c.owner; });
    if (mine.empty()) not_found("you have no private quote of the day; create one with PUT /qod");
    if (mine.size() > 1) bad_request("you have several private quotes of the day; say which with 'id'");
    target = c.state.private_qods.find(mine.front()->id);
  }
  if (auto language = c.params.non_empty("language")) target->language = detail::supported_language(c);
  if (auto category = c.params.non_empty("category"); category && !iequals(*category, target->category)) {
    PrivateQod* clash = detail::private_qod_by_category(c, *category);
    if (clash && clash != target)
      bad_request("you already have a private quote of the day with category '" + *category + "'");
    target->category = *category;
  }
  target->title = title;
  return answer(model::PrivateQodResponse{.contents = {.id = target->id, .qod = private_qod_model(*target)}});
}

}  // namespace webapi::fakes::quotes::handlers
