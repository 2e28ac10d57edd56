// Relations: each type linked by its kind of identifier (collection uid, environment uid, mock id,
// monitor id), listed per type and all together; collection relations sync with an OpenAPI 3 schema.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;
using Ids = std::vector<std::string>;

namespace {

struct RelationsFixture : PlatformFixture {
  std::string api_id = api();
  std::string version = first_version(api_id);

  webapi::Result<ap::RelationIds> link(ap::RelationIds ids) {
    return client.create_relations(api_id, version, {.body = std::move(ids)});
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(relations, RelationsFixture)

BOOST_AUTO_TEST_CASE(each_type_is_linked_by_its_kind_of_identifier) {
  const std::string tests = collection("Tests");
  const std::string env = environment();
  auto [mock_id, mock_uid] = mock();
  auto [monitor_id, monitor_uid] = monitor();
  auto linked = ok(link({.contracttest = Ids{tests}, .documentation = Ids{tests}, .environment = Ids{env},
                         .integrationtest = Ids{tests}, .mock = Ids{mock_id}, .monitor = Ids{monitor_id},
                         .testsuite = Ids{tests}}));
  BOOST_TEST(*linked.contracttest == Ids{tests});
  BOOST_TEST(*linked.monitor == Ids{monitor_id});

  // The wrong kind: a collection's bare id, a mock's uid, a monitor's uid, a collection uid as environment.
  const std::string collection_id = fake.inspect([&](const test::fap::State& s) {
    return test::fap::with_uid(s.collections, tests)->id;
  });
  BOOST_TEST(refused(link({.documentation = Ids{collection_id}}), 400).param == "documentation[0]");
  BOOST_TEST(refused(link({.mock = Ids{mock_id, mock_uid}}), 400).param == "mock[1]");
  BOOST_TEST(refused(link({.monitor = Ids{monitor_uid}}), 400).param == "monitor[0]");
  auto e = refused(link({.environment = Ids{tests}}), 400);
  BOOST_TEST(e.param == "environment[0]");
  BOOST_TEST(e.message.find("environment uid") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_refused_link_links_nothing) {
  const std::string tests = collection("Tests");
  refused(link({.contracttest = Ids{tests}, .testsuite = Ids{"nope"}}), 400);
  BOOST_TEST(ok(client.get_contract_test_relations(api_id, version)).contracttest->empty());
}

BOOST_AUTO_TEST_CASE(listed_per_type_and_together) {
  const std::string tests = collection("Tests");
  const std::string docs = collection("Docs");
  const std::string env = environment("Prod");
  auto [mock_id, mock_uid] = mock();
  auto [monitor_id, monitor_uid] = monitor();
  ok(link({.contracttest = Ids{tests}, .documentation = Ids{docs}, .environment = Ids{env},
           .integrationtest = Ids{tests}, .mock = Ids{mock_id}, .monitor = Ids{monitor_id}, .testsuite = Ids{tests, docs}}));
  ok(link({.contracttest = Ids{tests}}));  // again: still one

  auto contract = ok(client.get_contract_test_relations(api_id, version));
  BOOST_REQUIRE(contract.contracttest->size() == 1u);
  BOOST_TEST(*contract.contracttest->front().collection_id == tests);
  BOOST_TEST(*contract.contracttest->front().name == "Tests");
  BOOST_TEST(*ok(client.get_documentation_relations(api_id, version)).documentation->front().name == "Docs");
  BOOST_TEST(*ok(client.get_environment_relations(api_id, version)).environment->front().name == "Prod");
  BOOST_TEST(ok(client.get_integration_test_relations(api_id, version)).integrationtest->size() == 1u);
  BOOST_TEST(*ok(client.get_monitor_relations(api_id, version)).monitor->front().monitor_id == monitor_id);
  BOOST_TEST(ok(client.get_test_suite_relations(api_id, version)).testsuite->size() == 2u);

  auto all = ok(client.get_linked_relations(api_id, version));
  BOOST_REQUIRE(all.relations.has_value());
  const auto& r = *all.relations;
  BOOST_TEST(r.contracttest->size() == 1u);
  BOOST_TEST(r.testsuite->size() == 2u);
  BOOST_TEST(*r.environment->at(env).name == "Prod");
  BOOST_TEST(*r.mock->at(mock_id).url == "https://" + mock_id + ".mock.pstmn.io");
  BOOST_TEST(r.monitor->contains(monitor_id));
  (void)mock_uid;
  (void)monitor_uid;
}

BOOST_AUTO_TEST_CASE(collection_relations_sync_with_an_openapi3_schema) {
  const std::string docs = collection("Docs");
  ok(link({.documentation = Ids{docs}}));
  auto sync = [&](const std::string& type, const std::string& id) {
    return client.sync_relations_with_schema(api_id, version, type, id);
  };
  BOOST_TEST(refused(sync("documentation", docs), 400).param == "schema");  // no schema yet
  ok(client.create_schema(api_id, version, {.body = ap::CreateSchemaRequest{{{.language = "json", .type = "openapi2"}}}}));
  BOOST_TEST(refused(sync("documentation", docs), 400).message.find("OpenAPI 3.0") != std::string::npos);
  ok(client.create_schema(api_id, version, {.body = ap::CreateSchemaRequest{{{.language = "json", .type = "openapi3"}}}}));

  BOOST_TEST(!fake.api(api_id)->versions.find(version)->relations.front().synced_at.has_value());
  BOOST_TEST(*ok(sync("documentation", docs)).success);
  BOOST_TEST(fake.api(api_id)->versions.find(version)->relations.front().synced_at.has_value());

  refused(sync("testsuite", docs), 404);  // not linked as a test suite
  BOOST_TEST(refused(sync("mock", docs), 400).param == "entityType");
}

BOOST_AUTO_TEST_CASE(a_collection_generated_from_the_schema_is_linked_as_asked) {
  const std::string schema =
      *ok(client.create_schema(api_id, version, {.body = ap::CreateSchemaRequest{{{.language = "json", .type = "openapi3"}}}}))
           .schema->id;
  using Item = ap::CreateCollectionFromSchemaRequestRelationsItem;
  auto made = ok(client.create_collection_from_schema(
      api_id, version, schema,
      {.body = ap::CreateCollectionFromSchemaRequest{.name = "Generated",
                                                     .relations = std::vector<Item>{{.type = "contracttest"},
                                                                                    {.type = "documentation"}}}}));
  const std::string uid = *made.collection->uid;
  BOOST_REQUIRE(made.relations->size() == 2u);
  BOOST_TEST(*made.relations->at(1).type == "documentation");
  BOOST_TEST(*ok(client.single_collection(uid)).collection->info->name == "Generated");
  BOOST_TEST(*ok(client.get_contract_test_relations(api_id, version)).contracttest->front().collection_id == uid);
  BOOST_TEST(ok(client.get_documentation_relations(api_id, version)).documentation->size() == 1u);

  auto e = refused(client.create_collection_from_schema(
                       api_id, version, schema,
                       {.body = ap::CreateCollectionFromSchemaRequest{.name = "x", .relations = std::vector<Item>{{.type = "mock"}}}}),
                   400);
  BOOST_TEST(e.param == "relations[0].type");
  refused(client.create_collection_from_schema(api_id, version, "no-schema",
                                               {.body = ap::CreateCollectionFromSchemaRequest{.name = "x"}}),
          404);
  BOOST_TEST(ok(client.all_collections()).collections->size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
