#pragma once
// A reference model of the quotes fake's likes, dislikes, bookmarks and qshow memberships, stepped beside
// the fake by the fuzz target fake_quotes: after each request, the fake's marks and memberships must be
// what the model derives from the state before, the operation the request reached and its status, and the
// answer must report them as the model does. The model is written from docs/quotes.md, not from the
// handlers:
//
//   - a refused call (not 2xx) changes nothing;
//   - a like toggle flips the caller's like and clears the caller's dislike of that quote; setting a like
//     clears a dislike and setting a dislike clears a like, so the two are never both held;
//   - a bookmark toggle flips the caller's bookmark;
//   - a qshow's members are a set kept in the order they joined: adding a member or removing a non-member
//     changes nothing, and the answer says whether anything changed;
//   - deleting a quote takes it out of every mark and qshow; deleting a qshow forgets its members; a new
//     qshow has none;
//   - nothing else touches marks or memberships.
//
// Whatever the requests, every mark and member names a quote that exists.

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/parse.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/quotes.hpp>

#include "fuzz.hpp"

namespace webapi_fuzz::quotes_model {

namespace fq = webapi::fakes::quotes;
using Marks = std::set<std::pair<std::string, std::string>>;  // (owner, quote id)

/// The part of the fake's state the model follows.
struct Model {
  Marks likes, dislikes, bookmarks;
  std::map<std::string, std::vector<std::string>> members;  // qshow id -> quote ids, in joining order

  bool operator==(const Model&) const = default;
};

inline Model read(const fq::State& s) {
  Model m{s.likes, s.dislikes, s.bookmarks, {}};
  for (const fq::Qshow* show : s.qshows.ordered()) m.members[show->id] = show->quote_ids;
  return m;
}

/// The owner of the first known API key the request carries, in the order the fake reads the headers.
inline std::string owner_of(const fq::State& s, const webapi::Request& r) {
  for (std::string_view header : fq::api_key_headers)
    if (auto key = r.headers.get(header); key && !key->empty())
      if (auto it = s.api_keys.find(*key); it != s.api_keys.end()) return it->second;
  return {};
}

inline std::size_t count_of(const Marks& marks, const std::string& quote) {
  return static_cast<std::size_t>(std::count_if(marks.begin(), marks.end(), [&](const auto& m) { return m.second == quote; }));
}

inline void toggle(Marks& marks, const std::pair<std::string, std::string>& mark) {
  if (!marks.erase(mark)) marks.insert(mark);
}

/// `contents.<name>` of a JSON answer, if it has one.
inline std::optional<boost::json::value> contents_member(std::string_view body, std::string_view name) {
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(body, ec);
  const auto* contents = !ec && v.is_object() ? v.as_object().if_contains("contents") : nullptr;
  const auto* member = contents && contents->is_object() ? contents->as_object().if_contains(name) : nullptr;
  if (!member) return std::nullopt;
  return *member;
}

inline void check_flag(std::string_view body, std::string_view name, bool expected, std::string_view what) {
  auto v = contents_member(body, name);
  check(v && v->is_bool() && v->as_bool() == expected, what, body);
}

inline void check_count(std::string_view body, std::string_view name, std::size_t expected, std::string_view what) {
  auto v = contents_member(body, name);
  check(v && v->is_number() && v->to_number<double>() == static_cast<double>(expected), what, body);
}

/// What the marks and memberships must be after `operation` answered `response` to `request` from `owner`,
/// starting from `before`; checks on the way what the answer reports.
inline Model step(const Model& before, const std::string& operation, const std::string& owner,
                  const webapi::Request& request, const webapi::Response& response) {
  Model m = before;
  if (response.status < 200 || response.status > 299) return m;
  const auto params = webapi::fakes::Params::from(request);  // it parsed for the fake, or the call was refused
  const auto param = [&](std::string_view name) { return params.non_empty(name).value_or(""); };
  const std::string& body = response.body;

  if (operation == "get_quote_like_toggle" || operation == "put_quote_like" || operation == "post_quote_like" ||
      operation == "delete_quote_like") {
    const std::pair mark{owner, param("quote_id")};
    if (operation == "get_quote_like_toggle") toggle(m.likes, mark);
    else if (operation == "delete_quote_like") m.likes.erase(mark);
    else m.likes.insert(mark);
    if (m.likes.contains(mark)) m.dislikes.erase(mark);
    check_flag(body, "liked", m.likes.contains(mark), "a like answer says whether the caller now likes the quote");
    check_count(body, "likes", count_of(m.likes, mark.second), "a like answer counts every user's likes");
  } else if (operation == "put_quote_dislike" || operation == "post_quote_dislike") {
    const std::pair mark{owner, param("quote_id")};
    m.dislikes.insert(mark);
    m.likes.erase(mark);
  } else if (operation == "delete_quote_dislike") {
    m.dislikes.erase({owner, param("quote_id")});
  } else if (operation == "get_quote_bookmark_toggle") {
    const std::pair mark{owner, param("quote_id")};
    toggle(m.bookmarks, mark);
    check_flag(body, "bookmarked", m.bookmarks.contains(mark), "a bookmark toggle says whether the quote is now bookmarked");
    check_count(body, "bookmarks", count_of(m.bookmarks, mark.second), "a bookmark answer counts every user's bookmarks");
  } else if (operation == "post_qshow_quotes_add" || operation == "post_qshow_quotes_remove") {
    auto& members = m.members[param("id")];
    const std::string quote = param("quoteid");
    const auto at = std::find(members.begin(), members.end(), quote);
    const bool was_member = at != members.end();
    if (operation == "post_qshow_quotes_add") {
      if (!was_member) members.push_back(quote);
      check_flag(body, "added", !was_member, "adding says whether the quote joined (not when already a member)");
    } else {
      if (was_member) members.erase(at);
      check_flag(body, "removed", was_member, "removing says whether the quote left (not when no member)");
    }
  } else if (operation == "delete_quote") {
    const std::string quote = param("id");
    for (Marks* marks : {&m.likes, &m.dislikes, &m.bookmarks})
      std::erase_if(*marks, [&](const auto& mark) { return mark.second == quote; });
    for (auto& [_, members] : m.members) std::erase(members, quote);
  } else if (operation == "delete_qshow") {
    m.members.erase(param("id"));
  } else if (operation == "put_qshow") {
    auto id = contents_member(body, "id");
    check(id && id->is_string(), "a new qshow's answer names its id", body);
    m.members[std::string(id->as_string())] = {};
  }
  return m;
}

/// What holds of any state: a user never both likes and dislikes a quote, a qshow holds a quote at most
/// once, and every mark and member names an existing quote.
inline void check_invariants(const fq::State& s, std::string_view context) {
  for (const auto& like : s.likes) check(!s.dislikes.contains(like), "a quote is never liked and disliked by one user", context);
  for (const Marks* marks : {&s.likes, &s.dislikes, &s.bookmarks})
    for (const auto& mark : *marks) check(s.quotes.find(mark.second) != nullptr, "every mark names a quote that exists", context);
  for (const fq::Qshow* show : s.qshows.ordered()) {
    std::set<std::string> seen;
    for (const auto& q : show->quote_ids) {
      check(seen.insert(q).second, "a qshow holds a quote at most once", context);
      check(s.quotes.find(q) != nullptr, "every qshow member is a quote that exists", context);
    }
  }
}

/// Sends `request` to the fake with the usual checks (check_answer), then holds the fake's marks and
/// memberships to the model and the invariants.
struct Check {
  void operator()(fq::Fake& fake, const webapi::Request& request) const {
    const fq::State before = fake.snapshot();
    const webapi::Response response = check_answer(fake, request);
    const fq::State after = fake.snapshot();
    const auto entry = fake.journal().last();
    check(entry.has_value(), "the journal records the request", request.path);
    const Model expected = step(read(before), entry->operation, owner_of(before, request), request, response);
    check(expected == read(after), "marks and qshow members are what the model says",
          entry->operation + " answered " + std::to_string(response.status) + ": " + response.body);
    check_invariants(after, request.path);
  }
};

}  // namespace webapi_fuzz::quotes_model
