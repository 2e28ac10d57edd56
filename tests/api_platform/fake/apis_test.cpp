// APIs and versions: creating an API creates its default version; a version from a source copies its
// schema and the relations asked for; deleting answers the deleted id. Schemas: the type and language
// combinations the service allows.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

ap::CreateSchemaParams schema_of(std::string type, std::string language, std::string content = "{}") {
  return {.body = ap::CreateSchemaRequest{{{.language = std::move(language), .schema = std::move(content),
                                            .type = std::move(type)}}}};
}

ap::CreateApiVersionParams version_from(std::string name, std::string source, bool schema, ap::RelationFlags relations) {
  return {.body = ap::CreateApiVersionRequest{{{.name = std::move(name),
                                                .source = ap::CreateApiVersionRequestVersionSource{
                                                    .id = std::move(source), .schema = schema, .relations = relations}}}}};
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(apis, PlatformFixture)

BOOST_AUTO_TEST_CASE(creating_an_api_creates_its_default_version) {
  auto made = ok(client.create_api({.body = ap::CreateApiRequest{{{.description = "d", .name = "Orders", .summary = "s"}}}}));
  const std::string id = *made.api->id;
  BOOST_TEST(*made.api->name == "Orders");
  BOOST_TEST(*made.api->created_by == user.id);
  auto versions = ok(client.get_all_api_versions(id));
  BOOST_REQUIRE(versions.versions->size() == 1u);
  BOOST_TEST(*versions.versions->front().name == "Draft");
  auto v = ok(client.get_an_api_version(id, *versions.versions->front().id));
  BOOST_TEST(*v.version->api == id);
  BOOST_TEST(v.version->schema->empty());

  auto listed = ok(client.get_all_apis());
  BOOST_REQUIRE(listed.apis->size() == 1u);
  BOOST_TEST(*listed.apis->front().summary == "s");
}

BOOST_AUTO_TEST_CASE(an_api_needs_a_name) {
  BOOST_TEST(refused(client.create_api({.body = ap::CreateApiRequest{{{.summary = "s"}}}}), 400).param == "api.name");
  BOOST_TEST(ok(client.get_all_apis()).apis->empty());
}

BOOST_AUTO_TEST_CASE(apis_are_listed_by_workspace) {
  const std::string ws = workspace();
  ok(client.create_api({.workspace = ws, .body = ap::CreateApiRequest{{{.name = "In"}}}}));
  api("Out");
  BOOST_TEST(ok(client.get_all_apis()).apis->size() == 2u);
  auto in = ok(client.get_all_apis({.workspace = ws}));
  BOOST_REQUIRE(in.apis->size() == 1u);
  BOOST_TEST(*in.apis->front().name == "In");
  BOOST_TEST(refused(client.create_api({.workspace = "nope", .body = ap::CreateApiRequest{{{.name = "x"}}}}), 400).param ==
             "workspace");
}

BOOST_AUTO_TEST_CASE(updating_and_deleting_an_api) {
  const std::string id = api();
  auto changed = ok(client.update_an_api(id, {.body = ap::UpdateAnApiRequest{{{.description = "new", .name = "Orders v2"}}}}));
  BOOST_TEST(*changed.api->name == "Orders v2");
  BOOST_TEST(*ok(client.single_api(id)).api->description == "new");
  BOOST_TEST(*ok(client.delete_an_api(id)).api->id == id);
  refused(client.single_api(id), 404);
  refused(client.get_all_api_versions(id), 404);
}

BOOST_AUTO_TEST_CASE(deleting_a_version_answers_its_id) {
  const std::string id = api();
  const std::string draft = first_version(id);
  auto v2 = ok(client.create_api_version(id, {.body = ap::CreateApiVersionRequest{{{.name = "2.0"}}}}));
  BOOST_TEST(*v2.version->api == id);
  BOOST_TEST(*ok(client.delete_an_api_version(id, draft)).version->id == draft);
  refused(client.get_an_api_version(id, draft), 404);
  BOOST_TEST(ok(client.get_all_api_versions(id)).versions->size() == 1u);
  BOOST_TEST(*ok(client.update_an_api_version(id, *v2.version->id,
                                              {.body = ap::UpdateAnApiVersionRequest{{{.name = "2.1"}}}}))
                  .version->name == "2.1");
}

BOOST_AUTO_TEST_CASE(a_version_from_a_source_copies_its_schema_and_the_relations_asked_for) {
  const std::string id = api();
  const std::string draft = first_version(id);
  const std::string schema = *ok(client.create_schema(id, draft, schema_of("openapi3", "yaml", "openapi: 3.0.0"))).schema->id;
  const std::string docs = collection("Docs");
  const std::string env = environment();
  auto [mock_id, mock_uid] = mock();
  ok(client.create_relations(id, draft, {.body = ap::RelationIds{.documentation = std::vector<std::string>{docs},
                                                                 .environment = std::vector<std::string>{env},
                                                                 .mock = std::vector<std::string>{mock_id}}}));

  auto copy = ok(client.create_api_version(id, version_from("1.0", draft, true, {.documentation = true, .mock = true})));
  const std::string v1 = *copy.version->id;
  auto got = ok(client.get_an_api_version(id, v1));
  BOOST_REQUIRE(got.version->schema->size() == 1u);
  BOOST_TEST(got.version->schema->front() != schema);  // a copy, not the same schema
  auto copied_schema = ok(client.get_schema(id, v1, got.version->schema->front()));
  BOOST_TEST(*copied_schema.schema->type == "openapi3");
  BOOST_TEST(*copied_schema.schema->language == "yaml");
  BOOST_TEST(fake.api(id)->versions.find(v1)->schemas.ordered().front()->content == "openapi: 3.0.0");

  auto linked = ok(client.get_linked_relations(id, v1));
  BOOST_TEST(linked.relations->documentation->contains(docs));
  BOOST_TEST(linked.relations->mock->contains(mock_id));
  BOOST_TEST(!linked.relations->environment.has_value());  // not asked for

  auto bare = ok(client.create_api_version(id, version_from("bare", draft, false, {})));
  BOOST_TEST(ok(client.get_an_api_version(id, *bare.version->id)).version->schema->empty());
  BOOST_TEST(!ok(client.get_linked_relations(id, *bare.version->id)).relations->documentation.has_value());
  (void)mock_uid;
}

BOOST_AUTO_TEST_CASE(the_source_must_be_a_version_of_the_same_api) {
  const std::string id = api();
  const std::string elsewhere = first_version(api("Other"));
  auto e = refused(client.create_api_version(id, version_from("x", elsewhere, true, {})), 400);
  BOOST_TEST(e.param == "version.source.id");
  BOOST_TEST(ok(client.get_all_api_versions(id)).versions->size() == 1u);
  BOOST_TEST(refused(client.create_api_version(id, {.body = ap::CreateApiVersionRequest{{{}}}}), 400).param ==
             "version.name");
}

BOOST_AUTO_TEST_CASE(schema_types_and_languages_go_together) {
  const std::string id = api();
  const std::string v = first_version(id);
  for (const char* type : {"openapi3", "openapi2", "openapi1", "raml"})
    for (const char* language : {"json", "yaml"}) ok(client.create_schema(id, v, schema_of(type, language)), type);
  ok(client.create_schema(id, v, schema_of("graphql", "graphql", "type Query { a: Int }")));

  BOOST_TEST(refused(client.create_schema(id, v, schema_of("openapi3", "graphql")), 400).param == "schema.language");
  BOOST_TEST(refused(client.create_schema(id, v, schema_of("graphql", "json")), 400).param == "schema.language");
  BOOST_TEST(refused(client.create_schema(id, v, schema_of("raml", "xml")), 400).param == "schema.language");
  BOOST_TEST(refused(client.create_schema(id, v, schema_of("wsdl", "json")), 400).param == "schema.type");
  BOOST_TEST(refused(client.create_schema(id, v, {.body = ap::CreateSchemaRequest{{{.language = "json"}}}}), 400).param ==
             "schema.type");
  BOOST_TEST(ok(client.get_an_api_version(id, v)).version->schema->size() == 9u);
}

BOOST_AUTO_TEST_CASE(updating_a_schema_keeps_the_rule) {
  const std::string id = api();
  const std::string v = first_version(id);
  const std::string s = *ok(client.create_schema(id, v, schema_of("openapi3", "json"))).schema->id;
  auto e = refused(client.update_schema(id, v, s, {.body = ap::UpdateSchemaRequest{{{.type = "graphql"}}}}), 400);
  BOOST_TEST(e.param == "schema.language");  // graphql cannot stay in json
  BOOST_TEST(*ok(client.get_schema(id, v, s)).schema->type == "openapi3");
  auto changed = ok(client.update_schema(id, v, s, {.body = ap::UpdateSchemaRequest{{{.language = "graphql", .type = "graphql"}}}}));
  BOOST_TEST(*changed.schema->type == "graphql");
  BOOST_TEST(*changed.schema->api_version == v);
}

BOOST_AUTO_TEST_SUITE_END()
