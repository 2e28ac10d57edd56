#pragma once
// One authorised call to the migration fake, and the lookups its handlers share.
//
// Every call needs a bearer token the fake issued ("Authorization: Bearer <token>", or Google's
// access_token / oauth_token query parameter): 401 UNAUTHENTICATED otherwise. A working token may use any
// project id, as the owner of that project would. Locations are a fixed list (locations.hpp); a name under
// any other location is 404. The path's ids arrive as captures named after their collection
// ("projects", "locations", "sources", ...; see routes.hpp).

#include <boost/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include <webapi/core/headers.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/migration/errors.hpp>
#include <webapi/fakes/migration/locations.hpp>
#include <webapi/fakes/migration/state.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::migration {

struct Call {
  State& state;
  const Request& request;
  Captures captures;  ///< the path's ids, by collection: "projects", "locations", "sources", ...
  ManualClock::time_point now;
  const Options& options;
  Params params;  ///< the query

  /// The id the path gives for `collection` ("sources" -> "crm").
  std::string id(std::string_view collection) const { return std::string(captures.get(collection).value_or("")); }
  /// projects/{p}/locations/{l}, from the path.
  std::string location_name() const { return "projects/" + id("projects") + "/locations/" + id("locations"); }
  /// The resource the path names directly under its location: projects/{p}/locations/{l}/{collection}/{id}.
  std::string child_name(std::string_view collection) const {
    return location_name() + "/" + std::string(collection) + "/" + id(collection);
  }
};

/// The bearer token a request presents, if any.
inline std::optional<std::string> presented_token(const Request& r) {
  if (auto header = r.headers.get("Authorization")) {
    constexpr std::string_view scheme = "Bearer ";
    if (header->size() > scheme.size() && iequals(header->substr(0, scheme.size()), scheme))
      return std::string(header->substr(scheme.size()));
    return std::nullopt;
  }
  for (const auto& q : r.query)
    if ((q.name == "access_token" || q.name == "oauth_token") && !q.value.empty()) return q.value;
  return std::nullopt;
}

/// Refuses a call without a working token (401), or naming a location the service does not offer (404).
inline void authorize(const State& s, const Request& r, const Captures& captures) {
  auto token = presented_token(r);
  if (!token) throw Failure(401, "the request has no valid credential: send 'Authorization: Bearer <access token>'");
  if (!s.tokens.contains(*token)) throw Failure(401, "the access token is not one this service issued, or was revoked");
  if (auto location = captures.get("locations"); location && !find_location(*location))
    not_found("location '" + std::string(*location) +
              "' is not offered by this service; offered: " + offered_locations());
}

/// `model` as a JSON value (for filters, ordering and operation results).
template <class Model>
boost::json::value json_of(const Model& model) {
  return boost::json::parse(webapi::fakes::encode_answer(model));
}

/// `model` as JSON with the protobuf "@type" an operation's response or metadata carries.
template <class Model>
boost::json::value typed_json(const Model& model, std::string_view type) {
  boost::json::value v = json_of(model);
  v.as_object()["@type"] = "type.googleapis.com/google.cloud.migrationcenter.v1alpha1." + std::string(type);
  return v;
}

/// A new resource's id from the request's `<kind>Id` parameter: required, and in the form Google takes
/// (lower-case letters, digits and hyphens, starting with a letter, at most 63 characters).
inline std::string new_resource_id(const Call& c, std::string_view parameter) {
  auto id = c.params.non_empty(parameter);
  if (!id) invalid(std::string(parameter), "parameter '" + std::string(parameter) + "' is required");
  bool ok = id->size() <= 63 && (*id)[0] >= 'a' && (*id)[0] <= 'z';
  for (char ch : *id) ok = ok && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-');
  if (!ok)
    invalid(std::string(parameter), "parameter '" + std::string(parameter) +
                                        "' must be 1 to 63 lower-case letters, "
                                        "digits or hyphens starting with a letter, got '" +
                                        *id + "'");
  return *id;
}

/// The name of a resource about to be created under `parent` in `collection`, its id from the request's
/// `parameter`; 409 ALREADY_EXISTS when `table` holds it already.
template <class T>
std::string fresh_name(const Call& c, const Table<T>& table, const std::string& parent, std::string_view collection,
                       std::string_view parameter) {
  std::string name = parent + "/" + std::string(collection) + "/" + new_resource_id(c, parameter);
  if (table.contains(name)) throw Failure(409, "'" + name + "' already exists");
  return name;
}

/// The names a record carries, for children().
inline std::string_view record_name(const DataFile& f) { return f.model.name ? *f.model.name : std::string_view(); }
inline std::string_view record_name(const LongRunning& op) { return op.name; }
template <class Model>
requires requires(const Model& m) { m.name.value_or(""); }
std::string_view record_name(const Model& m) { return m.name ? std::string_view(*m.name) : std::string_view(); }

/// The record named `name` in `table`, or 404 naming it as a `kind`.
template <class T>
T& existing(Table<T>& table, std::string_view name, std::string_view kind) {
  T* found = table.find(name);
  if (!found) not_found(std::string(kind) + " '" + std::string(name) + "' was not found");
  return *found;
}

/// The records of `table` directly under `parent` in `collection`, oldest first.
template <class T>
std::vector<const T*> children(const Table<T>& table, const std::string& parent, std::string_view collection) {
  const std::string prefix = parent + "/" + std::string(collection) + "/";
  std::vector<const T*> out;
  for (const T* row : table.ordered()) {
    std::string_view name = record_name(*row);
    if (name.starts_with(prefix) && name.find('/', prefix.size()) == std::string_view::npos) out.push_back(row);
  }
  return out;
}

}  // namespace webapi::fakes::migration
