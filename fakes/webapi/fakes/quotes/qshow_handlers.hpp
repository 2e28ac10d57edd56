#pragma once
// Qshows: named groups of quotes in a private collection, and their membership.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/quotes/call.hpp>
#include <webapi/fakes/quotes/json.hpp>

namespace webapi::fakes::quotes::handlers {

/// PUT /qshow: `title` is required; `description` and `tags` are optional.
inline Response create_qshow(Call& c) {
  Qshow s;
  s.title = c.params.required("title");
  s.description = c.params.get("description").value_or("");
  s.tags = c.params.list("tags");
  s.owner = c.owner;
  s.id = c.state.qshow_ids.next();
  const Qshow& stored = c.state.qshows.put(std::move(s));
  return answer(model::QshowResponse{.contents = {.id = stored.id, .qshow = qshow_model(stored)}});
}

inline Response get_qshow(Call& c) {
  const Qshow& s = readable(c, c.state.qshows, "qshow", c.params.required("id"));
  return answer(model::QshowResponse{.contents = {.qshow = qshow_model(s)}});
}

inline Response patch_qshow(Call& c) {
  Qshow& s = owned(c, c.state.qshows, "qshow", c.params.required("id"));
  if (auto title = c.params.get("title")) {
    if (title->empty()) bad_request("parameter 'title' must not be empty");
    s.title = *title;
  }
  if (auto description = c.params.get("description")) s.description = *description;
  if (c.params.has("tags")) s.tags = c.params.list("tags");
  return answer(model::QshowResponse{.contents = {.qshow = qshow_model(s)}});
}

inline Response delete_qshow(Call& c) {
  const std::string id = c.params.required("id");
  owned(c, c.state.qshows, "qshow", id);
  c.state.qshows.erase(id);
  return delete_answer(id);
}

/// GET /qshow/list: the caller's qshows, and the public ones too with `public=true`; from `start`.
inline Response list_qshows(Call& c) {
  bool with_public = c.params.boolean_or("public", false);
  Page p = page(c, 0, false);
  auto shows = c.state.qshows.where(
      [&](const Qshow& s) { return s.owner == c.owner || (with_public && s.owner.empty()); });
  model::QshowListResponse r;
  for (const Qshow* s : p.apply(shows)) r.contents.qshows.push_back(qshow_model(*s));
  r.contents.total = static_cast<std::int64_t>(shows.size());
  return answer(std::move(r));
}

/// GET /qshow/quotes: the member quotes, in the order they were added.
inline Response qshow_quotes(Call& c) {
  const Qshow& s = readable(c, c.state.qshows, "qshow", c.params.required("id"));
  std::vector<const Quote*> members;
  for (const auto& id : s.quote_ids)
    if (const Quote* q = c.state.quotes.find(id)) members.push_back(q);
  return answer(model::QshowQuotesResponse{.contents = {.id = s.id, .title = s.title, .quotes = quote_models(members)}});
}

namespace detail {
inline Response membership(Call& c, bool add) {
  Qshow& s = owned(c, c.state.qshows, "qshow", c.params.required("id"));
  const std::string quote_id = c.params.required("quoteid");
  readable(c, c.state.quotes, "quote", quote_id);
  auto it = std::find(s.quote_ids.begin(), s.quote_ids.end(), quote_id);
  bool changed = false;
  if (add && it == s.quote_ids.end()) {
    s.quote_ids.push_back(quote_id);
    changed = true;
  } else if (!add && it != s.quote_ids.end()) {
    s.quote_ids.erase(it);
    changed = true;
  }
  model::QshowMembershipResponse r;
  r.contents.qshow = qshow_model(s);
  r.contents.quote_id = quote_id;
  (add ? r.contents.added : r.contents.removed) = changed;
  return answer(std::move(r));
}
}  // namespace detail

/// POST /qshow/quotes/add: `quoteid` joins the qshow `id`; a second add changes nothing (contents.added false).
inline Response add_qshow_quote(Call& c) { return detail::membership(c, true); }
/// POST /qshow/quotes/remove: `quoteid` leaves the qshow `id`; removing a non-member changes nothing.
inline Response remove_qshow_quote(Call& c) { return detail::membership(c, false); }

}  // namespace webapi::fakes::quotes::handlers
