#pragma once
// The JSON the quotes fake answers with.
//
// Every success body is {"success": "...", "contents": {...}}. Lists of quotes sit in contents.quotes as
// Quote objects (id, quote, author, length, tags, ...), so every answer that carries quotes decodes as the
// description's QuoteResponse; the other records sit in contents under their own name (qshow, qshows,
// background, backgrounds, font, fonts, qimage, qod, categories, authors, languages).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>

#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/quotes/state.hpp>

namespace webapi::fakes::quotes {

/// Length in characters (UTF-8 code points), as the service counts quote length.
inline std::int64_t text_length(std::string_view s) {
  std::int64_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

inline boost::json::array string_array(const std::vector<std::string>& v) {
  boost::json::array a;
  for (const auto& s : v) a.emplace_back(s);
  return a;
}

inline boost::json::object quote_json(const Quote& q) {
  boost::json::object o;
  o["id"] = q.id;
  o["quote"] = q.text;
  o["author"] = q.author;
  o["length"] = text_length(q.text);
  o["tags"] = string_array(q.tags);
  o["language"] = q.language;
  if (!q.category.empty()) o["category"] = q.category;
  return o;
}

inline boost::json::object qshow_json(const Qshow& s) {
  boost::json::object o;
  o["id"] = s.id;
  o["title"] = s.title;
  o["description"] = s.description;
  o["tags"] = string_array(s.tags);
  o["public"] = s.owner.empty();
  o["quote_count"] = s.quote_ids.size();
  return o;
}

inline boost::json::object asset_json(const Asset& a) {
  boost::json::object o;
  o["id"] = a.id;
  o["tags"] = string_array(a.tags);
  o["filename"] = a.filename;
  o["mime_type"] = a.content_type;
  o["size"] = a.data.size();
  o["builtin"] = a.owner.empty();
  return o;
}

inline boost::json::object image_json(const QuoteImage& i) {
  boost::json::object o;
  o["id"] = i.id;
  o["quote_id"] = i.quote_id;
  o["bgimage_id"] = i.background_id;
  if (!i.bg_color.empty()) o["bg_color"] = i.bg_color;
  o["font_id"] = i.font_id;
  if (!i.text_color.empty()) o["text_color"] = i.text_color;
  if (!i.text_size.empty()) o["text_size"] = i.text_size;
  o["halign"] = i.halign;
  o["valign"] = i.valign;
  o["width"] = i.width;
  o["height"] = i.height;
  o["mime_type"] = "image/png";
  o["size"] = i.data.size();
  return o;
}

inline boost::json::object private_qod_json(const PrivateQod& q) {
  boost::json::object o;
  o["id"] = q.id;
  o["title"] = q.title;
  o["category"] = q.category;
  o["language"] = q.language;
  return o;
}

/// {"success": success, "contents": contents} as a 200 response.
inline Response envelope(boost::json::object contents, std::string_view success = "ok") {
  return json_response(boost::json::object{{"success", success}, {"contents", std::move(contents)}});
}

/// contents.quotes holding `quotes`, plus contents.total when given.
inline Response quotes_envelope(const std::vector<const Quote*>& quotes, boost::json::object extra = {}) {
  boost::json::array a;
  for (const Quote* q : quotes) a.push_back(quote_json(*q));
  extra["quotes"] = std::move(a);
  return envelope(std::move(extra));
}

}  // namespace webapi::fakes::quotes
