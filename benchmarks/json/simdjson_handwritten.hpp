#pragma once
// The second simdjson anchor: on-demand code written by hand for the audio track page (audio::Tracks), as a
// user who knows the format would write it, filling every member webapi::json::decode fills.
//
// Where simdjson_decode.hpp is one generic extraction over the models' member tables, this is one
// function per object, with each key told apart by a switch on its first byte and a fixed-length
// comparison of the raw key, and each value read by the getter its member needs. Two ways of walking an
// object are measured:
//
//   - decode():         iterate the object's fields in document order and dispatch on each key; an
//                       unknown key is skipped, a missing one leaves its member absent.
//   - decode_ordered(): find_field() for each member in the order the payload writes them (the members'
//                       declaration order, every key present, null for an absent optional); the fastest
//                       simdjson allows, and only correct for documents laid out exactly so.
//
// Like the generic anchor it checks nothing beyond what simdjson itself checks: no required members, no
// limits, no error positions. An optional string is read as a string first and as null only when that
// fails, since most are present.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include <simdjson.h>

#include <webapi/audio/models.hpp>

namespace webapi_bench::handwritten {

namespace od = simdjson::ondemand;
namespace audio = webapi::audio;
using namespace std::string_view_literals;

inline bool read(od::value& v, webapi::Optional<std::string>& out) {
  std::string_view s;
  if (!v.get_string().get(s)) {
    out.emplace(s);
    return true;
  }
  bool null = false;
  if (v.is_null().get(null) || !null) return false;
  out.reset();
  return true;
}

inline bool read(od::value& v, webapi::Optional<std::int64_t>& out) {
  bool null = false;
  if (v.is_null().get(null)) return false;
  if (null) return out.reset(), true;
  return !v.get_int64().get(out.emplace());
}

inline bool read(od::value& v, webapi::Optional<bool>& out) {
  bool null = false;
  if (v.is_null().get(null)) return false;
  if (null) return out.reset(), true;
  return !v.get_bool().get(out.emplace());
}

inline bool read(od::value& v, webapi::Optional<webapi::OpenEnum<audio::TrackAccess>>& out) {
  std::string_view s;
  if (v.get_string().get(s)) {
    bool null = false;
    if (v.is_null().get(null) || !null) return false;
    return out.reset(), true;
  }
  if (s == "playable"sv) out.emplace(audio::TrackAccess::playable);
  else if (s == "preview"sv) out.emplace(audio::TrackAccess::preview);
  else if (s == "blocked"sv) out.emplace(audio::TrackAccess::blocked);
  else out.emplace(webapi::OpenEnum<audio::TrackAccess>::raw(std::string(s)));
  return true;
}

// `downloadable` is true, false or a string.
inline bool read(od::value& v, webapi::Optional<std::variant<bool, std::string>>& out) {
  od::json_type type;
  if (v.type().get(type)) return false;
  switch (type) {
    case od::json_type::null: return !v.is_null().error() && (out.reset(), true);
    case od::json_type::boolean: return !v.get_bool().get(out.emplace().emplace<bool>());
    case od::json_type::string: {
      std::string_view s;
      if (v.get_string().get(s)) return false;
      out.emplace().emplace<std::string>(s);
      return true;
    }
    default: return false;
  }
}

// --- fields in document order, dispatched on the key --------------------------------------------------

inline bool read_user(od::object o, audio::MetaUser& u) {
  for (auto field_result : o) {
    od::field f;
    if (std::move(field_result).get(f)) return false;
    od::raw_json_string k = f.key();
    od::value& v = f.value();
    bool ok = true;
    switch (k.raw()[0]) {
      case 'a':
        if (k.unsafe_is_equal("avatar_url"sv)) ok = read(v, u.avatar_url);
        break;
      case 'c':
        if (k.unsafe_is_equal("created_at"sv)) ok = read(v, u.created_at);
        break;
      case 'i':
        if (k.unsafe_is_equal("id"sv)) ok = read(v, u.id);
        break;
      case 'k':
        if (k.unsafe_is_equal("kind"sv)) ok = read(v, u.kind);
        break;
      case 'l':
        if (k.unsafe_is_equal("last_modified"sv)) ok = read(v, u.last_modified);
        break;
      case 'p':
        if (k.unsafe_is_equal("permalink"sv)) ok = read(v, u.permalink);
        else if (k.unsafe_is_equal("permalink_url"sv)) ok = read(v, u.permalink_url);
        break;
      case 'u':
        if (k.unsafe_is_equal("uri"sv)) ok = read(v, u.uri);
        else if (k.unsafe_is_equal("username"sv)) ok = read(v, u.username);
        break;
      default: break;
    }
    if (!ok) return false;
  }
  return true;
}

inline bool read(od::value& v, webapi::Optional<audio::MetaUser>& out) {
  bool null = false;
  if (v.is_null().get(null)) return false;
  if (null) return out.reset(), true;
  od::object o;
  return !v.get_object().get(o) && read_user(o, out.emplace());
}

inline bool read_track(od::object o, audio::Track& t) {
  for (auto field_result : o) {
    od::field f;
    if (std::move(field_result).get(f)) return false;
    od::raw_json_string k = f.key();
    od::value& v = f.value();
    bool ok = true;
    switch (k.raw()[0]) {
      case 'a':
        if (k.unsafe_is_equal("access"sv)) ok = read(v, t.access);
        else if (k.unsafe_is_equal("artwork_url"sv)) ok = read(v, t.artwork_url);
        else if (k.unsafe_is_equal("available_country_codes"sv)) ok = read(v, t.available_country_codes);
        break;
      case 'b':
        if (k.unsafe_is_equal("bpm"sv)) ok = read(v, t.bpm);
        break;
      case 'c':
        if (k.unsafe_is_equal("comment_count"sv)) ok = read(v, t.comment_count);
        else if (k.unsafe_is_equal("commentable"sv)) ok = read(v, t.commentable);
        else if (k.unsafe_is_equal("created_at"sv)) ok = read(v, t.created_at);
        break;
      case 'd':
        if (k.unsafe_is_equal("description"sv)) ok = read(v, t.description);
        else if (k.unsafe_is_equal("download_count"sv)) ok = read(v, t.download_count);
        else if (k.unsafe_is_equal("download_url"sv)) ok = read(v, t.download_url);
        else if (k.unsafe_is_equal("downloadable"sv)) ok = read(v, t.downloadable);
        else if (k.unsafe_is_equal("duration"sv)) ok = read(v, t.duration);
        break;
      case 'e':
        if (k.unsafe_is_equal("embeddable_by"sv)) ok = read(v, t.embeddable_by);
        break;
      case 'f':
        if (k.unsafe_is_equal("favoritings_count"sv)) ok = read(v, t.favoritings_count);
        break;
      case 'g':
        if (k.unsafe_is_equal("genre"sv)) ok = read(v, t.genre);
        break;
      case 'i':
        if (k.unsafe_is_equal("id"sv)) ok = read(v, t.id);
        else if (k.unsafe_is_equal("isrc"sv)) ok = read(v, t.isrc);
        break;
      case 'k':
        if (k.unsafe_is_equal("key_signature"sv)) ok = read(v, t.key_signature);
        else if (k.unsafe_is_equal("kind"sv)) ok = read(v, t.kind);
        break;
      case 'l':
        if (k.unsafe_is_equal("label_name"sv)) ok = read(v, t.label_name);
        else if (k.unsafe_is_equal("license"sv)) ok = read(v, t.license);
        break;
      case 'p':
        if (k.unsafe_is_equal("permalink_url"sv)) ok = read(v, t.permalink_url);
        else if (k.unsafe_is_equal("playback_count"sv)) ok = read(v, t.playback_count);
        else if (k.unsafe_is_equal("purchase_title"sv)) ok = read(v, t.purchase_title);
        else if (k.unsafe_is_equal("purchase_url"sv)) ok = read(v, t.purchase_url);
        break;
      case 'r':
        if (k.unsafe_is_equal("release"sv)) ok = read(v, t.release);
        else if (k.unsafe_is_equal("release_day"sv)) ok = read(v, t.release_day);
        else if (k.unsafe_is_equal("release_month"sv)) ok = read(v, t.release_month);
        else if (k.unsafe_is_equal("release_year"sv)) ok = read(v, t.release_year);
        else if (k.unsafe_is_equal("reposts_count"sv)) ok = read(v, t.reposts_count);
        break;
      case 's':
        if (k.unsafe_is_equal("secret_uri"sv)) ok = read(v, t.secret_uri);
        else if (k.unsafe_is_equal("sharing"sv)) ok = read(v, t.sharing);
        else if (k.unsafe_is_equal("stream_url"sv)) ok = read(v, t.stream_url);
        else if (k.unsafe_is_equal("streamable"sv)) ok = read(v, t.streamable);
        break;
      case 't':
        if (k.unsafe_is_equal("tag_list"sv)) ok = read(v, t.tag_list);
        else if (k.unsafe_is_equal("title"sv)) ok = read(v, t.title);
        break;
      case 'u':
        if (k.unsafe_is_equal("uri"sv)) ok = read(v, t.uri);
        else if (k.unsafe_is_equal("user"sv)) ok = read(v, t.user);
        else if (k.unsafe_is_equal("user_favorite"sv)) ok = read(v, t.user_favorite);
        else if (k.unsafe_is_equal("user_playback_count"sv)) ok = read(v, t.user_playback_count);
        break;
      case 'w':
        if (k.unsafe_is_equal("waveform_url"sv)) ok = read(v, t.waveform_url);
        break;
      default: break;
    }
    if (!ok) return false;
  }
  return true;
}

// The page's collection: counted first, so the 200 tracks are built in place rather than moved at each
// doubling (the typed decoder and the generic anchor avoid those moves too).
template <class ReadTrack>
bool read_collection(od::value& v, webapi::Optional<std::vector<audio::Track>>& out, ReadTrack read_track) {
  bool null = false;
  if (v.is_null().get(null)) return false;
  if (null) return out.reset(), true;
  od::array a;
  std::size_t n = 0;
  if (v.get_array().get(a) || a.count_elements().get(n)) return false;
  auto& tracks = out.emplace();
  tracks.reserve(n);
  for (auto element_result : a) {
    od::object o;
    if (element_result.get_object().get(o) || !read_track(o, tracks.emplace_back())) return false;
  }
  return true;
}

/// Fills `out` from the page, iterating each object's fields in document order. `parser` is reused from
/// call to call, as simdjson intends.
inline bool decode(od::parser& parser, const simdjson::padded_string& text, audio::Tracks& out) {
  od::document doc;
  od::object o;
  if (parser.iterate(text).get(doc) || doc.get_object().get(o)) return false;
  for (auto field_result : o) {
    od::field f;
    if (std::move(field_result).get(f)) return false;
    od::raw_json_string k = f.key();
    bool ok = true;
    if (k.unsafe_is_equal("collection"sv)) ok = read_collection(f.value(), out.collection, read_track);
    else if (k.unsafe_is_equal("next_href"sv)) ok = read(f.value(), out.next_href);
    if (!ok) return false;
  }
  return true;
}

// --- find_field in the payload's order -------------------------------------------------------------------

// Reads member `key` of `o`, which must come after the last one read.
template <class M>
bool next(od::object& o, std::string_view key, M& member) {
  od::value v;
  return !o.find_field(key).get(v) && read(v, member);
}

inline bool read_user_ordered(od::object o, audio::MetaUser& u) {
  return next(o, "avatar_url"sv, u.avatar_url) && next(o, "created_at"sv, u.created_at) && next(o, "id"sv, u.id) &&
         next(o, "kind"sv, u.kind) && next(o, "last_modified"sv, u.last_modified) &&
         next(o, "permalink"sv, u.permalink) && next(o, "permalink_url"sv, u.permalink_url) &&
         next(o, "uri"sv, u.uri) && next(o, "username"sv, u.username);
}

inline bool read_track_ordered(od::object o, audio::Track& t) {
  od::value user;
  bool user_null = false;
  bool ok = next(o, "access"sv, t.access) && next(o, "artwork_url"sv, t.artwork_url) &&
            next(o, "available_country_codes"sv, t.available_country_codes) && next(o, "bpm"sv, t.bpm) &&
            next(o, "comment_count"sv, t.comment_count) && next(o, "commentable"sv, t.commentable) &&
            next(o, "created_at"sv, t.created_at) && next(o, "description"sv, t.description) &&
            next(o, "download_count"sv, t.download_count) && next(o, "download_url"sv, t.download_url) &&
            next(o, "downloadable"sv, t.downloadable) && next(o, "duration"sv, t.duration) &&
            next(o, "embeddable_by"sv, t.embeddable_by) && next(o, "favoritings_count"sv, t.favoritings_count) &&
            next(o, "genre"sv, t.genre) && next(o, "id"sv, t.id) && next(o, "isrc"sv, t.isrc) &&
            next(o, "key_signature"sv, t.key_signature) && next(o, "kind"sv, t.kind) &&
            next(o, "label_name"sv, t.label_name) && next(o, "license"sv, t.license) &&
            next(o, "permalink_url"sv, t.permalink_url) && next(o, "playback_count"sv, t.playback_count) &&
            next(o, "purchase_title"sv, t.purchase_title) && next(o, "purchase_url"sv, t.purchase_url) &&
            next(o, "release"sv, t.release) && next(o, "release_day"sv, t.release_day) &&
            next(o, "release_month"sv, t.release_month) && next(o, "release_year"sv, t.release_year) &&
            next(o, "reposts_count"sv, t.reposts_count) && next(o, "secret_uri"sv, t.secret_uri) &&
            next(o, "sharing"sv, t.sharing) && next(o, "stream_url"sv, t.stream_url) &&
            next(o, "streamable"sv, t.streamable) && next(o, "tag_list"sv, t.tag_list) &&
            next(o, "title"sv, t.title) && next(o, "uri"sv, t.uri) && !o.find_field("user"sv).get(user) &&
            !user.is_null().get(user_null);
  if (!ok) return false;
  if (user_null) {
    t.user.reset();
  } else {
    od::object u;
    if (user.get_object().get(u) || !read_user_ordered(u, t.user.emplace())) return false;
  }
  return next(o, "user_favorite"sv, t.user_favorite) && next(o, "user_playback_count"sv, t.user_playback_count) &&
         next(o, "waveform_url"sv, t.waveform_url);
}

/// Fills `out` from a page laid out as the benchmark's generator writes it: every key, in the members'
/// declaration order.
inline bool decode_ordered(od::parser& parser, const simdjson::padded_string& text, audio::Tracks& out) {
  od::document doc;
  od::object o;
  od::value collection;
  if (parser.iterate(text).get(doc) || doc.get_object().get(o) || o.find_field("collection"sv).get(collection) ||
      !read_collection(collection, out.collection, read_track_ordered))
    return false;
  return next(o, "next_href"sv, out.next_href);
}

}  // namespace webapi_bench::handwritten
