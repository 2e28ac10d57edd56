// Collections: created in format v2 only, read, replaced and deleted by uid; forked into a workspace and
// a fork merged back.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;
using webapi::Method;

namespace {

ap::CreateCollectionParams collection_in(std::string schema, std::string name = "c") {
  return {.body = ap::CreateCollectionRequest{{{.info = ap::CreateCollectionRequestCollectionInfo{
                                                    .name = std::move(name), .schema = std::move(schema)}}}}};
}

std::string fork_uid(const ap::CollectionRefResponse& answer) { return answer.collection.value().uid.value(); }

}  // namespace

BOOST_FIXTURE_TEST_SUITE(collections, PlatformFixture)

BOOST_AUTO_TEST_CASE(created_in_format_v2_and_read_back) {
  const std::string uid = collection("Orders");
  auto got = ok(client.single_collection(uid));
  BOOST_TEST(*got.collection->info->name == "Orders");
  BOOST_TEST(*got.collection->info->schema == v21);
  BOOST_REQUIRE(got.collection->item->size() == 1u);
  BOOST_TEST(*got.collection->item->front().name == "List Orders");
  auto listed = ok(client.all_collections());
  BOOST_REQUIRE(listed.collections->size() == 1u);
  BOOST_TEST(*listed.collections->front().uid == uid);
  BOOST_TEST(*listed.collections->front().owner == user.id);
  ok(client.create_collection(collection_in("https://schema.getpostman.com/json/collection/v2.0.0/collection.json")));
}

BOOST_AUTO_TEST_CASE(other_formats_are_refused) {
  for (const char* schema : {"https://schema.getpostman.com/json/collection/v1.0.0/collection.json",
                             "https://example.com/json/collection/v2.1.0/collection.json", "v2.1.0"})
    BOOST_TEST(refused(client.create_collection(collection_in(schema)), 400).param == "collection.info.schema", schema);
  auto r = raw(Method::post, "/collections", user.api_key, R"({"collection":{"info":{"name":"x"}}})");
  BOOST_TEST(refusal_of(r.status, r.body).param == "collection.info.schema");
  BOOST_TEST(ok(client.all_collections()).collections->empty());
}

BOOST_AUTO_TEST_CASE(created_into_a_workspace) {
  const std::string ws = workspace();
  auto p = collection_in(v21, "In workspace");
  p.workspace = ws;
  const std::string uid = *ok(client.create_collection(p)).collection->uid;
  BOOST_TEST(fake.workspace(ws)->collections == std::vector<std::string>{uid});
  p.workspace = "nope";
  BOOST_TEST(refused(client.create_collection(p), 400).param == "workspace");
}

BOOST_AUTO_TEST_CASE(replaced_and_deleted) {
  const std::string uid = collection("Old");
  auto changed = ok(client.update_collection(
      uid, {.body = ap::UpdateCollectionRequest{{{.info = ap::UpdateCollectionRequestCollectionInfo{.name = "New", .schema = v21}}}}}));
  BOOST_TEST(*changed.collection->name == "New");
  BOOST_TEST(*ok(client.delete_collection(uid)).collection->uid == uid);
  refused(client.single_collection(uid), 404);
}

BOOST_AUTO_TEST_CASE(forked_into_a_workspace) {
  const std::string uid = collection("Upstream");
  const std::string ws = workspace();
  BOOST_TEST(refused(client.create_a_fork(uid, {.body = ap::CreateAForkRequest{.name = "mine"}}), 400).param == "workspace");
  auto answer = ok(client.create_a_fork(uid, {.workspace = ws, .body = ap::CreateAForkRequest{.name = "mine"}}));
  const std::string fork = fork_uid(answer);
  BOOST_TEST(fork != uid);
  BOOST_TEST(*answer.collection->fork->label == "mine");
  BOOST_TEST(*answer.collection->fork->from == uid);
  BOOST_TEST(*answer.collection->name == "Upstream");
  BOOST_TEST(fake.workspace(ws)->collections == std::vector<std::string>{fork});
  BOOST_TEST(*ok(client.single_collection(fork)).collection->info->name == "Upstream");
}

BOOST_AUTO_TEST_CASE(a_fork_merges_back_into_its_collection) {
  const std::string upstream = collection("Upstream");
  const std::string ws = workspace();
  const std::string fork = fork_uid(ok(client.create_a_fork(upstream, {.workspace = ws, .body = ap::CreateAForkRequest{.name = "f"}})));
  ok(client.update_collection(
      fork, {.body = ap::UpdateCollectionRequest{{{.info = ap::UpdateCollectionRequestCollectionInfo{.name = "Upstream", .schema = v21},
                                                   .item = std::vector<ap::UpdateCollectionRequestCollectionItemItem>{
                                                       {.name = "Added in the fork"}}}}}}));

  const std::string unrelated = collection("Unrelated");
  BOOST_TEST(refused(client.merge_a_fork({.body = ap::MergeAForkRequest{.destination = upstream, .source = unrelated}}), 400).param ==
             "source");
  BOOST_TEST(refused(client.merge_a_fork({.body = ap::MergeAForkRequest{.destination = upstream, .source = fork,
                                                                         .strategy = "squash"}}),
                     400)
                 .param == "strategy");

  auto merged = ok(client.merge_a_fork({.body = ap::MergeAForkRequest{.destination = upstream, .source = fork,
                                                                       .strategy = "updateSourceWithDestination"}}));
  BOOST_TEST(*merged.collection->uid == upstream);
  BOOST_TEST(!merged.collection->fork);  // the destination is no fork
  BOOST_TEST(*ok(client.single_collection(upstream)).collection->item->front().name == "Added in the fork");
  ok(client.single_collection(fork));  // kept

  ok(client.merge_a_fork({.body = ap::MergeAForkRequest{.destination = upstream, .source = fork, .strategy = "deleteSource"}}));
  refused(client.single_collection(fork), 404);
  BOOST_TEST(fake.workspace(ws)->collections.empty());
}

BOOST_AUTO_TEST_SUITE_END()
