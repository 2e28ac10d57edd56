#pragma once
// The relation types that link existing entities to an API version, and the kind of identifier each is
// linked by: a collection uid for the four test and documentation types, an environment uid for
// environment, a mock id for mock and a monitor id for monitor. An identifier of the wrong kind, or of an
// entity that does not exist or the caller cannot open, is 400 naming the relation type and its position.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <webapi/core/members.hpp>
#include <boost/mp11.hpp>

#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

inline constexpr std::array<std::string_view, 7> relation_types{
    "contracttest", "documentation", "environment", "integrationtest", "mock", "monitor", "testsuite"};

/// Calls `f(type name, member)` for each relation type member of a model with one member per type
/// (RelationIds, RelationFlags, LinkedRelations).
template <class Model, class F>
void for_each_relation_type(Model& m, F&& f) {
  boost::mp11::mp_for_each<webapi::members_t<std::remove_const_t<Model>>>(
      [&](auto d) { f(std::string_view(d.name), m.*d.pointer); });
}

/// Whether `type` links collections (and so can be synced with the version's schema).
inline bool links_collections(std::string_view type) {
  return type == "contracttest" || type == "documentation" || type == "integrationtest" || type == "testsuite";
}

/// What the entity a relation links is called, and by what kind of identifier, for messages.
inline std::string_view identifier_kind(std::string_view type) {
  if (links_collections(type)) return "a collection uid";
  if (type == "environment") return "an environment uid";
  if (type == "mock") return "a mock id";
  return "a monitor id";
}

/// Calls `f` with the entity `id` names when `id` is the right kind of identifier for `type`; false when it
/// names none.
template <class F>
bool with_linked_entity(const State& s, std::string_view type, std::string_view id, F&& f) {
  if (links_collections(type)) {
    if (const Collection* c = with_uid(s.collections, id)) return f(*c), true;
  } else if (type == "environment") {
    if (const Environment* e = with_uid(s.environments, id)) return f(*e), true;
  } else if (type == "mock") {
    if (const Mock* m = s.mocks.find(id)) return f(*m), true;
  } else if (type == "monitor") {
    if (const Monitor* m = s.monitors.find(id)) return f(*m), true;
  }
  return false;
}

/// The entity's display name when `id` is the right kind of identifier for `type`; nullopt otherwise.
inline std::optional<std::string> linked_entity_name(const State& s, std::string_view type, std::string_view id) {
  std::optional<std::string> name;
  with_linked_entity(s, type, id, [&](const auto& e) { name = e.name; });
  return name;
}

/// Links each of `ids` to `version` as `type`, after checking every one is the right kind of identifier of
/// an entity `by` can open; returns the ids linked. Linking an entity already linked as that type changes
/// nothing.
inline std::vector<std::string> link(State& s, const User& by, ApiVersion& version, std::string_view type,
                                     const std::vector<std::string>& ids) {
  for (std::size_t i = 0; i < ids.size(); ++i) {
    bool open = false;
    with_linked_entity(s, type, ids[i], [&](const auto& e) { open = can_open(s, e, by); });
    if (!open)
      invalid(std::string(type) + "[" + std::to_string(i) + "]",
              "relation '" + std::string(type) + "' links " + std::string(identifier_kind(type)) + "; '" + ids[i] +
                  "' is not one");
  }
  for (const auto& id : ids) {
    bool present = false;
    for (const Relation& r : version.relations) present = present || (r.type == type && r.entity_id == id);
    if (!present) version.relations.push_back({std::string(type), id, std::nullopt});
  }
  return ids;
}

/// The relations of `version` of `type`, in the order linked.
inline std::vector<const Relation*> relations_of(const ApiVersion& version, std::string_view type) {
  std::vector<const Relation*> out;
  for (const Relation& r : version.relations)
    if (r.type == type) out.push_back(&r);
  return out;
}

}  // namespace webapi::fakes::api_platform
