#pragma once
// The answers of the quotes fake, as the module's models (webapi/quotes/models.hpp).
//
// Every success body is {"success": "ok", "contents": {...}}, encoded from the operation's response model,
// so it has the description's shape by construction: quotes as Quote, qshows as Qshow, backgrounds and
// fonts as ImageAsset, quote images as QuoteImage, private quote-of-the-day services as PrivateQod. Only
// the delete calls, which the description gives no schema, answer hand-written JSON (delete_answer).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include <webapi/core/utf8.hpp>
#include <webapi/quotes/models.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/quotes/state.hpp>

namespace webapi::fakes::quotes {

namespace model = webapi::quotes;

inline model::Quote quote_model(const Quote& q) {
  model::Quote m;
  m.id = q.id;
  m.quote = q.text;
  m.author = q.author;
  m.length = static_cast<std::int32_t>(webapi::utf8_length(q.text));
  m.tags = q.tags;
  m.language = q.language;
  if (!q.category.empty()) m.category = q.category;
  return m;
}

/// `to_model` of each record, in order.
template <class Record, class ToModel>
auto models_of(const std::vector<const Record*>& records, ToModel to_model) {
  std::vector<std::invoke_result_t<ToModel, const Record&>> out;
  out.reserve(records.size());
  for (const Record* r : records) out.push_back(to_model(*r));
  return out;
}

/// A list of the one model `m`, moved in (a braced list would copy it).
template <class Model>
std::vector<Model> only(Model m) {
  std::vector<Model> out;
  out.push_back(std::move(m));
  return out;
}

inline std::vector<model::Quote> quote_models(const std::vector<const Quote*>& quotes) {
  return models_of(quotes, quote_model);
}

inline model::Qshow qshow_model(const Qshow& s) {
  model::Qshow m;
  m.id = s.id;
  m.title = s.title;
  m.description = s.description;
  m.tags = s.tags;
  m.public_ = s.owner.empty();
  m.quote_count = static_cast<std::int64_t>(s.quote_ids.size());
  return m;
}

inline model::ImageAsset asset_model(const Asset& a) {
  model::ImageAsset m;
  m.id = a.id;
  m.tags = a.tags;
  m.filename = a.filename;
  m.mime_type = a.content_type;
  m.size = static_cast<std::int64_t>(a.data.size());
  m.builtin = a.owner.empty();
  return m;
}

inline model::QuoteImage image_model(const QuoteImage& i) {
  auto set = [](webapi::Optional<std::string>& member, const std::string& value) {
    if (!value.empty()) member = value;
  };
  model::QuoteImage m;
  m.id = i.id;
  m.quote_id = i.quote_id;
  m.bgimage_id = i.background_id;
  set(m.bg_color, i.bg_color);
  m.font_id = i.font_id;
  set(m.text_color, i.text_color);
  set(m.text_size, i.text_size);
  m.halign = i.halign;
  m.valign = i.valign;
  m.width = i.width;
  m.height = i.height;
  m.mime_type = "image/png";
  m.size = static_cast<std::int64_t>(i.data.size());
  return m;
}

inline model::PrivateQod private_qod_model(const PrivateQod& q) {
  return {.id = q.id, .title = q.title, .category = q.category, .language = q.language};
}

/// A 200 answer encoded from `body`, a response model, with its `success` member set.
template <class ResponseModel>
Response answer(ResponseModel body) {
  body.success = std::string("ok");
  return model_response(body);
}

/// {"success": "ok", "contents": {"id": id, "deleted": true}}: the description gives the delete calls no
/// answer schema (the client reads their body as text), so this one is written by hand.
inline Response delete_answer(std::string_view id) {
  return json_response(
      boost::json::object{{"success", "ok"}, {"contents", boost::json::object{{"id", id}, {"deleted", true}}}});
}

}  // namespace webapi::fakes::quotes
