#pragma once
// The quotes fake's state as JSON, for GET /__webapi/snapshot. Image and font bytes are given by size.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <webapi/fakes/core/state_json.hpp>
#include <webapi/fakes/quotes/state.hpp>

namespace webapi::fakes::quotes {

inline boost::json::value state_to_json(const State& s) {
  namespace j = state_json;
  auto asset = [](const Asset& a) {
    return boost::json::object{{"id", a.id}, {"owner", a.owner}, {"tags", j::strings(a.tags)},
                               {"filename", a.filename}, {"content_type", a.content_type}, {"size", a.data.size()}};
  };
  auto marks = [](const Marks& m) {
    boost::json::array a;
    for (const auto& [owner, quote] : m) a.push_back(boost::json::object{{"owner", owner}, {"quote_id", quote}});
    return a;
  };
  boost::json::object keys;
  for (const auto& [key, owner] : s.api_keys) keys[key] = owner;
  boost::json::array categories;
  for (const auto& c : s.qod_categories)
    categories.push_back(boost::json::object{{"name", c.name}, {"title", c.title}, {"language", c.language}});
  return boost::json::object{
      {"users", j::strings(s.users)},
      {"api_keys", std::move(keys)},
      {"quotes", j::table(s.quotes,
                          [](const Quote& q) {
                            return boost::json::object{{"id", q.id},        {"text", q.text},
                                                       {"author", q.author}, {"category", q.category},
                                                       {"tags", j::strings(q.tags)}, {"language", q.language},
                                                       {"owner", q.owner},   {"added", j::time(q.added)}};
                          })},
      {"qshows", j::table(s.qshows,
                          [](const Qshow& q) {
                            return boost::json::object{{"id", q.id},       {"title", q.title},
                                                       {"description", q.description}, {"tags", j::strings(q.tags)},
                                                       {"owner", q.owner}, {"quote_ids", j::strings(q.quote_ids)}};
                          })},
      {"backgrounds", j::table(s.backgrounds, asset)},
      {"fonts", j::table(s.fonts, asset)},
      {"images", j::table(s.images,
                          [](const QuoteImage& i) {
                            return boost::json::object{{"id", i.id}, {"owner", i.owner}, {"quote_id", i.quote_id},
                                                       {"background_id", i.background_id}, {"font_id", i.font_id},
                                                       {"width", i.width}, {"height", i.height},
                                                       {"size", i.data.size()}};
                          })},
      {"private_qods", j::table(s.private_qods,
                                [](const PrivateQod& q) {
                                  return boost::json::object{{"id", q.id}, {"owner", q.owner}, {"title", q.title},
                                                             {"category", q.category}, {"language", q.language}};
                                })},
      {"qod_categories", std::move(categories)},
      {"qod_languages", j::strings(s.qod_languages)},
      {"likes", marks(s.likes)},
      {"bookmarks", marks(s.bookmarks)},
  };
}

}  // namespace webapi::fakes::quotes
