#pragma once
// Paging as the service does it: `limit` (1 to 200, 50 unless given) items from `offset` (0 unless given).
// A plain call answers a JSON array; with linked_partitioning=true the answer is
// {"collection": [...], "next_href": "..."}, next_href being the URL of the following page (the same
// path and filters, offset moved on) while items remain, and absent on the last page. The link carries no
// credential: the client adds its own when it follows it.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/json/serialize.hpp>

#include <webapi/core/json.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/records.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::audio {

inline constexpr std::int64_t default_page_size = 50;
inline constexpr std::int64_t max_page_size = 200;

/// Which slice of a list a call asks for.
struct PageRequest {
  std::size_t offset = 0;
  std::size_t limit = default_page_size;
  bool linked = false;
};

inline PageRequest page_request(const Call& c) {
  const std::int64_t limit = c.params.integer_or("limit", default_page_size);
  if (limit < 1 || limit > max_page_size)
    throw Failure(400, "'limit' must be between 1 and " + std::to_string(max_page_size) + ", got " + std::to_string(limit),
                  {{"in", "limit"}});
  const std::int64_t offset = c.params.integer_or("offset", 0);
  if (offset < 0)
    throw Failure(400, "'offset' must not be negative, got " + std::to_string(offset), {{"in", "offset"}});
  return {static_cast<std::size_t>(offset), static_cast<std::size_t>(limit),
          c.params.boolean_or("linked_partitioning", false)};
}

/// The URL of the page after `p`: the call's path and filters with the offset moved on.
inline std::string next_href(const Call& c, const PageRequest& p) {
  std::vector<QueryParam> query;
  for (const auto& q : c.request.query)
    if (q.name != "offset" && q.name != "limit" && q.name != "linked_partitioning" && q.name != "client_id")
      query.push_back(q);
  query.push_back({"limit", std::to_string(p.limit)});
  query.push_back({"offset", std::to_string(p.offset + p.limit)});
  query.push_back({"linked_partitioning", "true"});
  return api_base(c) + c.request.path + "?" + url::encode_query(query);
}

/// The page of `items` the call asks for, as an array or, when linked (or `always_linked`, for lists the
/// service only ever answers that way), as {collection, next_href}.
template <class Model>
Response page_response(const Call& c, const std::vector<Model>& items, bool always_linked = false) {
  const PageRequest p = page_request(c);
  const std::size_t from = std::min(p.offset, items.size());
  const std::size_t to = std::min(items.size(), from + p.limit);
  const std::vector<Model> slice(items.begin() + static_cast<std::ptrdiff_t>(from),
                                 items.begin() + static_cast<std::ptrdiff_t>(to));
  Response r;
  r.status = 200;
  r.headers.set("Content-Type", json_media_type);
  std::string collection;
  webapi::fakes::encode_answer_to(collection, slice);
  if (!p.linked && !always_linked) {
    r.body = std::move(collection);
    return r;
  }
  r.body = "{\"collection\":" + collection;
  if (to < items.size()) r.body += ",\"next_href\":" + boost::json::serialize(boost::json::value(next_href(c, p)));
  r.body += "}";
  return r;
}

}  // namespace webapi::fakes::audio
