#pragma once
// Quote images, and the background images and fonts they are made from.
//
// PUT /quote/image renders a small PNG whose pixels are derived from the quote, background, font and colours
// chosen, so equal choices give equal bytes. GET /quote/image answers the PNG itself (binary=true, the
// default) or {"contents":{"qimage":{..., "image": "<base64>"}}}. Backgrounds (multipart field `image`:
// PNG, JPEG or GIF) and fonts (multipart field `font`: TrueType or OpenType), each with optional
// comma-separated `tags`, join the uploader's private collection; the built-in default background and font
// may be used by everybody.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/fakes/core/multipart.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/png.hpp>
#include <webapi/fakes/quotes/call.hpp>
#include <webapi/fakes/quotes/json.hpp>

namespace webapi::fakes::quotes {

/// The media type of an image file by its first bytes; empty when it is not PNG, JPEG or GIF.
inline std::string image_media_type(std::string_view data) {
  if (data.substr(0, 8) == png::signature) return "image/png";
  if (data.substr(0, 3) == std::string_view("\xFF\xD8\xFF", 3)) return "image/jpeg";
  if (data.substr(0, 6) == "GIF87a" || data.substr(0, 6) == "GIF89a") return "image/gif";
  return {};
}

/// The media type of a font file by its first bytes; empty when it is not TrueType or OpenType.
inline std::string font_media_type(std::string_view data) {
  if (data.substr(0, 4) == std::string_view("\x00\x01\x00\x00", 4) || data.substr(0, 4) == "true") return "font/ttf";
  if (data.substr(0, 4) == "OTTO") return "font/otf";
  return {};
}

/// A minimal TrueType-signed font file, for seeding and tests.
inline std::string sample_font_bytes(std::string_view name) {
  std::string out("\x00\x01\x00\x00", 4);
  out += name;
  return out;
}

namespace handlers {

// ---- quote images -------------------------------------------------------------------------------------

namespace detail {
inline std::uint32_t dimension(const Call& c, std::string_view name, std::uint32_t fallback) {
  auto v = c.params.integer(name);
  if (!v) return fallback;
  if (*v < 1 || *v > 1024) bad_request("parameter '" + std::string(name) + "' must be between 1 and 1024");
  return static_cast<std::uint32_t>(*v);
}
}  // namespace detail

/// PUT /quote/image: `quote_id` is required; `bgimage_id` and `font_id` default to the built-in ones;
/// `width` and `height` default to the background's size.
inline Response create_image(Call& c) {
  const std::string quote_id = c.params.required("quote_id");
  readable(c, c.state.quotes, "quote", quote_id);
  QuoteImage img;
  img.quote_id = quote_id;
  img.background_id = c.params.non_empty("bgimage_id").value_or(std::string(default_background_id));
  img.font_id = c.params.non_empty("font_id").value_or(std::string(default_font_id));
  const Background& bg = readable(c, c.state.backgrounds, "background", img.background_id);
  readable(c, c.state.fonts, "font", img.font_id);
  img.bg_color = c.params.get("bg_color").value_or("");
  img.text_color = c.params.get("text_color").value_or("");
  img.text_size = c.params.get("text_size").value_or("");
  img.halign = c.params.non_empty("halign").value_or("center");
  img.valign = c.params.non_empty("valign").value_or("center");
  c.params.boolean("branding");                   // accepted and checked; nothing is branded here
  c.params.boolean("include_transparent_layer");  // likewise
  std::uint32_t bg_width = 32, bg_height = 32;
  png::dimensions(bg.data, bg_width, bg_height);
  img.width = detail::dimension(c, "width", bg_width);
  img.height = detail::dimension(c, "height", bg_height);
  img.owner = c.owner;
  img.id = c.state.image_ids.next();
  img.data = png::make(img.quote_id + '|' + img.background_id + '|' + img.font_id + '|' + img.bg_color + '|' +
                           img.text_color + '|' + img.text_size + '|' + img.halign + '|' + img.valign,
                       img.width, img.height);
  const QuoteImage& stored = c.state.images.put(std::move(img));
  return answer(model::QuoteImageResponse{.contents = {.id = stored.id, .qimage = image_model(stored)}});
}

/// GET /quote/image: the PNG (binary=true, the default) or its base64 wrapped in JSON.
inline Response get_image(Call& c) {
  const QuoteImage& img = readable(c, c.state.images, "quote image", c.params.required("id"));
  if (c.params.boolean_or("binary", true)) return bytes_response(200, img.data, "image/png");
  model::QuoteImage m = image_model(img);
  m.image = img.data;  // raw bytes: the codec writes them as base64
  return answer(model::QuoteImageResponse{.contents = {.qimage = std::move(m)}});
}

inline Response delete_image(Call& c) {
  const std::string id = c.params.required("id");
  owned(c, c.state.images, "quote image", id);
  c.state.images.erase(id);
  return delete_answer(id);
}

/// GET /quote/image/search: one image, at random, among those whose quote matches `category` and `author`;
/// from the public collection, or the caller's with `private=true`. 404 when none match.
inline Response search_images(Call& c) {
  auto category = c.params.non_empty("category");
  auto author = c.params.non_empty("author");
  bool mine = c.params.boolean_or("private", false);
  auto pool = c.state.images.where([&](const QuoteImage& img) {
    if (mine ? img.owner != c.owner : !img.owner.empty()) return false;
    const Quote* q = c.state.quotes.find(img.quote_id);
    if (!q) return !category && !author;
    return (!category || quote_in_category(*q, *category)) && (!author || contains_ci(q->author, *author));
  });
  if (pool.empty()) not_found("no quote image matches");
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  return answer(model::QuoteImageResponse{.contents = {.qimage = image_model(*pool[pick(c.state.random)])}});
}

// ---- backgrounds and fonts ----------------------------------------------------------------------------

namespace detail {
// The answers naming one asset (with its id, when just uploaded) or listing several, by kind.
inline Response background_answer(std::optional<std::string> id, model::ImageAsset a) {
  return answer(model::BackgroundResponse{.contents = {.id = std::move(id), .background = std::move(a)}});
}
inline Response font_answer(std::optional<std::string> id, model::ImageAsset a) {
  return answer(model::FontResponse{.contents = {.id = std::move(id), .font = std::move(a)}});
}
inline Response backgrounds_answer(std::vector<model::ImageAsset> all, std::int64_t total) {
  return answer(model::BackgroundsResponse{.contents = {.backgrounds = std::move(all), .total = total}});
}
inline Response fonts_answer(std::vector<model::ImageAsset> all, std::int64_t total) {
  return answer(model::FontsResponse{.contents = {.fonts = std::move(all), .total = total}});
}
}  // namespace detail

/// What differs between backgrounds and fonts.
struct AssetKind {
  Table<Asset> State::*table;
  IdSequence State::*ids;
  std::string_view singular;  ///< "background"
  std::string_view field;     ///< the multipart field holding the file
  std::string (*media_type)(std::string_view);
  std::string_view accepted;  ///< for the error message
  Response (*one)(std::optional<std::string> id, model::ImageAsset);
  Response (*many)(std::vector<model::ImageAsset>, std::int64_t total);
};

inline constexpr AssetKind background_kind{&State::backgrounds, &State::background_ids, "background", "image",
                                           &image_media_type, "a PNG, JPEG or GIF image",
                                           &detail::background_answer, &detail::backgrounds_answer};
inline constexpr AssetKind font_kind{&State::fonts, &State::font_ids, "font", "font",
                                     &font_media_type, "a TrueType (.ttf) or OpenType (.otf) font",
                                     &detail::font_answer, &detail::fonts_answer};

/// POST /quote/image/background or /quote/image/font: a multipart/form-data upload.
inline Response upload_asset(Call& c, const AssetKind& kind) {
  auto parts = multipart::parse(full_content_type(c.request), c.request.body);
  if (!parts) bad_request("the body must be multipart/form-data with a '" + std::string(kind.field) + "' file");
  const multipart::Part* file = multipart::find(*parts, kind.field);
  if (!file || file->data.empty())
    bad_request("multipart field '" + std::string(kind.field) + "' is required: " + std::string(kind.accepted));
  std::string type = kind.media_type(file->data);
  if (type.empty())
    bad_request("multipart field '" + std::string(kind.field) + "' must hold " + std::string(kind.accepted));
  Asset a;
  a.owner = c.owner;
  a.filename = file->filename.value_or("");
  a.content_type = type;
  a.data = file->data;
  if (const multipart::Part* tags = multipart::find(*parts, "tags")) {
    Params p;
    p.add("tags", tags->data);
    a.tags = p.list("tags");
  }
  a.id = (c.state.*kind.ids).next();
  const Asset& stored = (c.state.*kind.table).put(std::move(a));
  return kind.one(stored.id, asset_model(stored));
}

/// GET .../list: the caller's uploads, oldest first, from `start`.
inline Response list_assets(Call& c, const AssetKind& kind) {
  Page p = page(c, 0, false);
  auto mine = (c.state.*kind.table).where([&](const Asset& a) { return a.owner == c.owner; });
  return kind.many(models_of(p.apply(mine), asset_model), static_cast<std::int64_t>(mine.size()));
}

/// GET .../search: the built-in and the caller's ones tagged `query` (all of them without a query).
inline Response search_assets(Call& c, const AssetKind& kind) {
  auto tag = c.params.non_empty("query");
  auto found = (c.state.*kind.table).where(
      [&](const Asset& a) { return visible(c, a.owner) && (!tag || has_tag(a.tags, *tag)); });
  return kind.many(models_of(found, asset_model), static_cast<std::int64_t>(found.size()));
}

inline Response tag_asset(Call& c, const AssetKind& kind, bool add) {
  Asset& a = owned(c, c.state.*kind.table, kind.singular, c.params.required("id"));
  auto tags = required_tags(c);
  if (add) add_tags(a.tags, tags);
  else remove_tags(a.tags, tags);
  return kind.one(std::nullopt, asset_model(a));
}

inline Response delete_asset(Call& c, const AssetKind& kind) {
  const std::string id = c.params.required("id");
  owned(c, c.state.*kind.table, kind.singular, id);
  (c.state.*kind.table).erase(id);
  return delete_answer(id);
}

}  // namespace handlers
}  // namespace webapi::fakes::quotes
