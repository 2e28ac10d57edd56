#pragma once
// Collections in format v2: created (optionally into a workspace), read, replaced and deleted by uid;
// forked into a workspace, and a fork merged back into the collection it came from. The caller sees its
// own collections and those shared with it (access.hpp).

#include <string>

#include <boost/json.hpp>

#include <webapi/api_platform/models.hpp>
#include <webapi/core/json.hpp>
#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/collection_format.hpp>
#include <webapi/fakes/api_platform/workspace_membership.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform {

/// The collection a path names by uid (or id), if the caller can open it.
inline Collection& collection_named(Call& c, std::string_view key) {
  return opened_by_uid_or_id(c, c.state.collections, key, "collection");
}

/// A new collection owned by the caller, added to the state and, when given, to workspace `w`.
inline Collection& add_collection(Call& c, Collection col, Workspace* w) {
  col.id = new_id(c.state, "collection");
  col.owner = c.caller().id;
  col.uid = uid_of(col.owner, col.id);
  col.created_at = col.updated_at = c.now;
  join_workspace(w, &Workspace::collections, col.uid);
  return c.state.collections.put(std::move(col));
}

/// The items of a collection body, kept as JSON text-turned-value so any depth of folders survives.
template <class Items>
boost::json::value items_json(const Items& items) {
  if (!items) return boost::json::array{};
  std::string text;
  webapi::fakes::encode_answer_to(text, *items);
  return boost::json::parse(text);
}

namespace handlers {

namespace ap = webapi::api_platform;

/// The collection as a fork or a merge answers it: id, name and uid, and for a fork where it came from.
inline ap::CollectionRefResponse collection_ref(const Collection& col) {
  ap::CollectionRef ref{.id = col.id, .name = col.name, .uid = col.uid};
  if (col.fork)
    ref.fork = ap::ForkInfo{.label = col.fork->label, .created_at = timestamp_string(col.created_at),
                            .from = col.fork->collection_uid};
  return {.collection = std::move(ref)};
}

inline Response list_collections(Call& c) {
  ap::AllCollectionsResponse out{.collections = std::vector<ap::AllCollectionsResponseCollectionsItem>{}};
  for (const Collection* col : open_to_caller(c, c.state.collections))
    out.collections->push_back({.id = col->id, .name = col->name, .owner = col->owner, .uid = col->uid});
  return model_response(out);
}

/// Reads a collection body (create or update) into `col`, after checking it is in format v2.
template <class Body>
void read_collection(const Body& body, Collection& col) {
  if (!body.collection) invalid("collection", "'collection' is required");
  if (!body.collection->info) invalid("collection.info", "'collection.info' is required");
  const auto& info = *body.collection->info;
  check_collection_format(info.schema);
  col.name = required(info.name, "collection.info.name");
  col.description = info.description.value_or("");
  col.schema_url = *info.schema;
  col.items = items_json(body.collection->item);
}

inline Response create_collection(Call& c, const ap::CreateCollectionRequest& body) {
  Workspace* w = workspace_in_query(c);
  Collection col;
  read_collection(body, col);
  const Collection& made = add_collection(c, std::move(col), w);
  return model_response(ap::CreateCollectionResponse{{{.id = made.id, .name = made.name, .uid = made.uid}}});
}

inline Response get_collection(Call& c) {
  const Collection& col = collection_named(c, c.path("collection_uid"));
  ap::SingleCollectionResponseCollection out;
  out.info = ap::SingleCollectionResponseCollectionInfo{
      .postman_id = col.id, .description = col.description, .name = col.name, .schema = col.schema_url};
  auto items = webapi::json::decode<std::vector<ap::SingleCollectionResponseCollectionItemItem>>(
      boost::json::serialize(col.items));
  if (items) out.item = std::move(*items);
  return model_response(ap::SingleCollectionResponse{std::move(out)});
}

inline Response update_collection(Call& c, const ap::UpdateCollectionRequest& body) {
  Collection& col = collection_named(c, c.path("collection_uid"));
  read_collection(body, col);
  col.updated_at = c.now;
  return model_response(ap::UpdateCollectionResponse{{{.id = col.id, .name = col.name, .uid = col.uid}}});
}

inline Response delete_collection(Call& c) {
  const Collection& col = collection_named(c, c.path("collection_uid"));
  ap::DeleteCollectionResponse out{{{.id = col.id, .uid = col.uid}}};
  leave_workspaces(c.state, &Workspace::collections, col.uid);
  c.state.collections.erase(std::string(col.id));
  return model_response(out);
}

/// A copy of the collection in a workspace, remembering where it came from.
inline Response fork_collection(Call& c, const ap::CreateAForkRequest& body) {
  const Collection& from = collection_named(c, c.path("collection_uid"));
  Workspace* w = workspace_in_query(c);
  if (!w) invalid("workspace", "'workspace' is required: a fork is made in a workspace");
  Collection fork = from;
  fork.fork = ForkOf{from.uid, required(body.name, "name")};
  return model_response(collection_ref(add_collection(c, std::move(fork), w)));
}

/// The fork's items replace the destination's; the strategy says what becomes of the fork.
inline Response merge_fork(Call& c, const ap::MergeAForkRequest& body) {
  const std::string& source_uid = required(body.source, "source");
  const std::string& destination_uid = required(body.destination, "destination");
  const std::string strategy = body.strategy.value_or("updateSourceWithDestination");
  if (strategy != "deleteSource" && strategy != "updateSourceWithDestination")
    invalid("strategy", "'strategy' must be deleteSource or updateSourceWithDestination, not '" + strategy + "'");
  const Collection* source = open_by_uid_or_id(c, c.state.collections, source_uid);
  if (!source || source->uid != source_uid) invalid("source", "collection '" + source_uid + "' not found");
  Collection* destination = open_by_uid_or_id(c, c.state.collections, destination_uid);
  if (destination && destination->uid != destination_uid) destination = nullptr;
  if (!destination) invalid("destination", "collection '" + destination_uid + "' not found");
  if (!source->fork || source->fork->collection_uid != destination_uid)
    invalid("source", "collection '" + source_uid + "' is not a fork of '" + destination_uid + "'");
  destination->items = source->items;
  destination->updated_at = c.now;
  if (strategy == "deleteSource") {
    leave_workspaces(c.state, &Workspace::collections, source_uid);
    c.state.collections.erase(std::string(source->id));
  }
  return model_response(collection_ref(*destination));
}

}  // namespace handlers
}  // namespace webapi::fakes::api_platform
