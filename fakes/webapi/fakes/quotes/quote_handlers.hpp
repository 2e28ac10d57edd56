#pragma once
// Quotes: the private collection, search, random, likes and bookmarks, categories and authors.

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <webapi/core/utf8.hpp>
#include <webapi/fakes/quotes/call.hpp>
#include <webapi/fakes/quotes/json.hpp>

namespace webapi::fakes::quotes::handlers {

// ---- the private collection ---------------------------------------------------------------------------

namespace detail {
/// The answer of the calls that change one of the caller's quotes: the quote as stored.
inline Response stored_quote(const Quote& q) {
  return answer(model::QuoteListResponse{.contents = {.quotes = only(quote_model(q))}});
}
}  // namespace detail

/// PUT /quote and POST /quote: `quote` is required; `author`, `tags` (comma-separated), `category` and
/// `language` are optional. The quote joins the caller's private collection.
inline Response create_quote(Call& c) {
  Quote q;
  q.text = c.params.required("quote");
  q.author = c.params.get("author").value_or("");
  q.tags = c.params.list("tags");
  q.category = c.params.get("category").value_or("");
  q.language = c.params.non_empty("language").value_or("en");
  q.owner = c.owner;
  q.added = c.now;
  q.id = c.state.quote_ids.next();
  const Quote& stored = c.state.quotes.put(std::move(q));
  return answer(model::QuoteListResponse{.contents = {.id = stored.id, .quotes = only(quote_model(stored))}});
}

inline Response get_quote(Call& c) {
  const Quote& q = readable(c, c.state.quotes, "quote", c.params.required("id"));
  return answer(model::QuoteResponse{.contents = model::QuoteResponseContents{.quotes = only(quote_model(q))}});
}

inline Response patch_quote(Call& c) {
  Quote& q = owned(c, c.state.quotes, "quote", c.params.required("id"));
  if (auto text = c.params.get("quote")) {
    if (text->empty()) bad_request("parameter 'quote' must not be empty");
    q.text = *text;
  }
  if (auto author = c.params.get("author")) q.author = *author;
  if (auto language = c.params.non_empty("language")) q.language = *language;
  if (auto category = c.params.get("category")) q.category = *category;
  if (c.params.has("tags")) q.tags = c.params.list("tags");
  return detail::stored_quote(q);
}

inline Response delete_quote(Call& c) {
  const std::string id = c.params.required("id");
  owned(c, c.state.quotes, "quote", id);
  c.state.quotes.erase(id);
  // A deleted quote leaves every qshow and every like and bookmark.
  for (const Qshow* s : c.state.qshows.ordered()) {
    Qshow* show = c.state.qshows.find(s->id);
    std::erase(show->quote_ids, id);
  }
  std::erase_if(c.state.likes, [&](const auto& m) { return m.second == id; });
  std::erase_if(c.state.dislikes, [&](const auto& m) { return m.second == id; });
  std::erase_if(c.state.bookmarks, [&](const auto& m) { return m.second == id; });
  return delete_answer(id);
}

inline Response add_quote_tags(Call& c) {
  Quote& q = owned(c, c.state.quotes, "quote", c.params.required("id"));
  add_tags(q.tags, required_tags(c));
  return detail::stored_quote(q);
}

inline Response remove_quote_tags(Call& c) {
  Quote& q = owned(c, c.state.quotes, "quote", c.params.required("id"));
  remove_tags(q.tags, required_tags(c));
  return detail::stored_quote(q);
}

/// GET /quote/list: the caller's private collection, oldest first; `start`, `limit` (default 10).
inline Response list_quotes(Call& c) {
  Page p = page(c, 10);
  auto mine = c.state.quotes.where([&](const Quote& q) { return q.owner == c.owner; });
  return answer(model::QuoteListResponse{
      .contents = {.quotes = quote_models(p.apply(mine)), .total = static_cast<std::int64_t>(mine.size()),
                   .start = p.start}});
}

// ---- search and random --------------------------------------------------------------------------------

/// GET /quote/search. Every filter is optional and they combine: `category` (the quote's category or one
/// of its tags), `author` (part of the name), `minlength` / `maxlength` (characters, inclusive), `query`
/// (a word of the text), `language`. `private=true` searches the caller's collection instead of the
/// public catalogue. Matches come oldest first, `limit` of them (default 1, as the service); contents.total
/// counts them all.
inline Response search_quotes(Call& c) {
  auto category = c.params.non_empty("category");
  auto author = c.params.non_empty("author");
  auto minlength = c.params.integer("minlength");
  auto maxlength = c.params.integer("maxlength");
  auto query = c.params.non_empty("query");
  auto language = c.params.non_empty("language");
  bool mine = c.params.boolean_or("private", false);
  c.params.boolean("sfw");  // accepted and checked; every quote the fake holds is safe for work
  if (minlength && *minlength < 0) bad_request("parameter 'minlength' must not be negative");
  if (maxlength && *maxlength < 0) bad_request("parameter 'maxlength' must not be negative");
  if (minlength && maxlength && *minlength > *maxlength)
    bad_request("parameter 'minlength' (" + std::to_string(*minlength) + ") is greater than 'maxlength' (" +
                std::to_string(*maxlength) + ")");
  Page p = page(c, 1);

  auto matches = c.state.quotes.where([&](const Quote& q) {
    if (mine ? q.owner != c.owner : !q.owner.empty()) return false;
    if (category && !quote_in_category(q, *category)) return false;
    if (author && !contains_ci(q.author, *author)) return false;
    const auto length = static_cast<std::int64_t>(webapi::utf8_length(q.text));
    if (minlength && length < *minlength) return false;
    if (maxlength && length > *maxlength) return false;
    if (query && !contains_ci(q.text, *query)) return false;
    if (language && !iequals(q.language, *language)) return false;
    return true;
  });
  return answer(model::QuoteResponse{.contents = model::QuoteResponseContents{
                                         .quotes = quote_models(p.apply(matches)),
                                         .total = static_cast<std::int32_t>(matches.size())}});
}

/// GET /quote/random: `limit` (default 1) different quotes of the public catalogue, in `language` if given.
inline Response random_quotes(Call& c) {
  auto language = c.params.non_empty("language");
  auto limit = c.params.integer_or("limit", 1);
  if (limit < 1) bad_request("parameter 'limit' must be at least 1");
  auto pool = c.state.quotes.where(
      [&](const Quote& q) { return q.owner.empty() && (!language || iequals(q.language, *language)); });
  std::shuffle(pool.begin(), pool.end(), c.state.random);
  if (pool.size() > static_cast<std::size_t>(limit)) pool.resize(static_cast<std::size_t>(limit));
  return answer(model::QuoteResponse{.contents = model::QuoteResponseContents{.quotes = quote_models(pool)}});
}

// ---- likes and bookmarks ------------------------------------------------------------------------------

namespace detail {
/// A quote's mark by the caller after a change: whether it is set, and how many callers have set it.
struct Mark {
  std::string quote_id;
  bool set = false;
  std::int64_t count = 0;
};

enum class Change { toggle, set, clear };

inline Mark change_mark(Call& c, Marks& marks, Change change) {
  const std::string id = c.params.required("quote_id");
  readable(c, c.state.quotes, "quote", id);
  std::pair<std::string, std::string> key{c.owner, id};
  bool now_set = change == Change::set || (change == Change::toggle && !marks.contains(key));
  if (now_set) marks.insert(key);
  else marks.erase(key);
  auto count = std::count_if(marks.begin(), marks.end(), [&](const auto& m) { return m.second == id; });
  return {id, now_set, static_cast<std::int64_t>(count)};
}

inline Response like_answer(Mark m) {
  return answer(model::LikeResponse{.contents = {.quote_id = std::move(m.quote_id), .liked = m.set, .likes = m.count}});
}

// The description's dislike answers carry a message as their contents, not the mark and its count.
inline Response dislike_answer(std::string_view message) {
  return answer(model::DislikeResponse{.contents = std::string(message)});
}
}  // namespace detail

/// GET /quote/like/toggle: flips the caller's like of `quote_id`; a like replaces a dislike.
inline Response toggle_like(Call& c) {
  detail::Mark m = detail::change_mark(c, c.state.likes, detail::Change::toggle);
  c.state.dislikes.erase({c.owner, m.quote_id});
  return detail::like_answer(std::move(m));
}
/// GET /quote/bookmark/toggle: flips the caller's bookmark of `quote_id`.
inline Response toggle_bookmark(Call& c) {
  detail::Mark m = detail::change_mark(c, c.state.bookmarks, detail::Change::toggle);
  return answer(model::BookmarkResponse{
      .contents = {.quote_id = std::move(m.quote_id), .bookmarked = m.set, .bookmarks = m.count}});
}
/// PUT or POST /quote/like: the caller likes `quote_id` (again: no change), and no longer dislikes it.
inline Response like(Call& c) {
  c.state.dislikes.erase({c.owner, c.params.required("quote_id")});
  return detail::like_answer(detail::change_mark(c, c.state.likes, detail::Change::set));
}
/// DELETE /quote/like: the caller no longer likes `quote_id`.
inline Response unlike(Call& c) {
  return detail::like_answer(detail::change_mark(c, c.state.likes, detail::Change::clear));
}

/// PUT or POST /quote/dislike: the caller dislikes `quote_id` (again: no change), and no longer likes it.
inline Response dislike(Call& c) {
  c.state.likes.erase({c.owner, c.params.required("quote_id")});
  detail::change_mark(c, c.state.dislikes, detail::Change::set);
  return detail::dislike_answer("Disliked the quote");
}
/// DELETE /quote/dislike: the caller no longer dislikes `quote_id`.
inline Response undislike(Call& c) {
  detail::change_mark(c, c.state.dislikes, detail::Change::clear);
  return detail::dislike_answer("Removed the dislike");
}

// ---- categories and authors ---------------------------------------------------------------------------

namespace detail {
/// Names with their number of public quotes, most first, then by name.
inline std::vector<std::pair<std::string, std::size_t>> ranked(const std::map<std::string, std::size_t>& counts) {
  std::vector<std::pair<std::string, std::size_t>> v(counts.begin(), counts.end());
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return v;
}

/// The page of `all` the call asks for (those whose name contains `query`, when given) and how many there are.
struct NamedCounts {
  std::vector<model::NamedCount> page;
  std::int64_t total = 0;
};

inline NamedCounts named_counts(const Call& c, std::vector<std::pair<std::string, std::size_t>> all,
                                std::int64_t default_limit) {
  if (auto q = c.params.non_empty("query"))
    std::erase_if(all, [&](const auto& e) { return !contains_ci(e.first, *q); });
  Page p = page(c, default_limit);
  NamedCounts out;
  for (const auto& [name, count] : p.apply(all))
    out.page.push_back({.name = name, .count = static_cast<std::int64_t>(count)});
  out.total = static_cast<std::int64_t>(all.size());
  return out;
}

inline Response categories_answer(NamedCounts n) {
  return answer(model::CategoriesResponse{.contents = {.categories = std::move(n.page), .total = n.total}});
}
inline Response authors_answer(NamedCounts n) {
  return answer(model::AuthorsResponse{.contents = {.authors = std::move(n.page), .total = n.total}});
}

inline std::map<std::string, std::size_t> category_counts(const State& s) {
  std::map<std::string, std::size_t> counts;
  for (const Quote* q : s.quotes.where([](const Quote& q) { return q.owner.empty(); })) {
    std::vector<std::string> names;
    if (!q->category.empty()) names.push_back(ascii::to_lower(q->category));
    for (const auto& t : q->tags)
      if (std::find(names.begin(), names.end(), ascii::to_lower(t)) == names.end()) names.push_back(ascii::to_lower(t));
    for (const auto& n : names) ++counts[n];
  }
  return counts;
}

inline std::map<std::string, std::size_t> author_counts(const Call& c) {
  auto language = c.params.non_empty("language");
  c.params.boolean("detailed");  // accepted and checked; the fake keeps no author details
  std::map<std::string, std::size_t> counts;
  for (const Quote* q : c.state.quotes.where([](const Quote& q) { return q.owner.empty(); }))
    if (!q->author.empty() && (!language || iequals(q->language, *language))) ++counts[q->author];
  return counts;
}
}  // namespace detail

/// GET /quote/categories/popular: categories and tags of the public catalogue by number of quotes.
inline Response popular_categories(Call& c) {
  return detail::categories_answer(detail::named_counts(c, detail::ranked(detail::category_counts(c.state)), 5));
}
/// GET /quote/categories/search: those whose name contains `query`.
inline Response search_categories(Call& c) {
  return detail::categories_answer(detail::named_counts(c, detail::ranked(detail::category_counts(c.state)), 2));
}
/// GET /quote/authors/popular: authors of the public catalogue by number of quotes.
inline Response popular_authors(Call& c) {
  return detail::authors_answer(detail::named_counts(c, detail::ranked(detail::author_counts(c)), 5));
}
/// GET /quote/authors/search: those whose name contains `query`.
inline Response search_authors(Call& c) {
  return detail::authors_answer(detail::named_counts(c, detail::ranked(detail::author_counts(c)), 1));
}

}  // namespace webapi::fakes::quotes::handlers
