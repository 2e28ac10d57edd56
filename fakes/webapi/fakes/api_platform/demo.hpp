#pragma once
// seed_demo(fake): a small account to try the API-development platform API on, e.g. behind
// `webapi-fake-server --api api_platform --seed demo`.
//
// What it adds, all owned by the user "demo" (id 12345678) and made through the API itself:
//   workspace    "Demo workspace", holding what follows
//   environment  "Staging": baseUrl and token
//   collection   "Orders API tests" (format v2.1.0), with one request
//   mock         of that collection, with the environment; monitor "Nightly orders" at 02:00 Europe/Berlin
//   API          "Orders" with its version "Draft", an openapi3 JSON schema and the collection linked as
//                its documentation
// and returns the credentials as NAME=VALUE pairs, in that order: API_KEY, USER_ID. The journal is
// emptied afterwards, so it shows only what came after.

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <webapi/api_platform/client.hpp>
#include <webapi/fakes/api_platform/fake.hpp>

namespace webapi::fakes::api_platform {

namespace detail {
template <class R>
auto demo_step(R r, const char* what) {
  if (!r) throw std::runtime_error(std::string("api_platform demo seed: ") + what + ": " + r.error().message);
  return *std::move(r);
}
}  // namespace detail

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  namespace ap = webapi::api_platform;
  using detail::demo_step;
  const AddedUser user = fake.add_user({.username = "demo", .full_name = "Demo User"});
  ap::Client<Fake> platform{fake, {.api_key = user.api_key}};

  auto ws = demo_step(platform.create_workspace({.body = ap::CreateWorkspaceRequest{{{.name = "Demo workspace"}}}}),
                      "workspace");
  const std::string workspace = *ws.workspace->id;
  auto env = demo_step(
      platform.create_environment({.body = {.environment = {.name = "Staging",
                                                            .values = std::vector<ap::EnvironmentValue>{
                                                                {.key = "baseUrl", .value = "https://staging.example.com"},
                                                                {.key = "token", .value = "demo-token", .enabled = false}}}}}),
      "environment");
  auto col = demo_step(
      platform.create_collection({.body = ap::CreateCollectionRequest{{{
                                      .info = ap::CreateCollectionRequestCollectionInfo{
                                          .name = "Orders API tests",
                                          .schema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                                      .item = std::vector<ap::CreateCollectionRequestCollectionItemItem>{
                                          {.name = "List orders"}}}}}}),
      "collection");
  const std::string collection_uid = *col.collection->uid;
  auto mock = demo_step(platform.create_mock({.body = ap::CreateMockRequest{{{.collection = collection_uid,
                                                                               .environment = env.environment->uid}}}}),
                        "mock");
  auto monitor = demo_step(
      platform.create_monitor({.body = ap::CreateMonitorRequest{{{
                                   .collection = collection_uid, .name = "Nightly orders",
                                   .schedule = ap::CreateMonitorRequestMonitorSchedule{.cron = "0 2 * * *",
                                                                                       .timezone = "Europe/Berlin"}}}}}),
      "monitor");
  demo_step(platform.update_workspace(
                workspace,
                {.body = ap::UpdateWorkspaceRequest{{{
                     .collections = std::vector<ap::UpdateWorkspaceRequestWorkspaceCollectionsItem>{{.uid = collection_uid}},
                     .environments = std::vector<ap::UpdateWorkspaceRequestWorkspaceEnvironmentsItem>{{.uid = env.environment->uid}},
                     .mocks = std::vector<ap::UpdateWorkspaceRequestWorkspaceMocksItem>{{.id = mock.mock->uid}},
                     .monitors = std::vector<ap::UpdateWorkspaceRequestWorkspaceMonitorsItem>{{.id = monitor.monitor->uid}}}}}}),
            "workspace contents");
  auto api = demo_step(platform.create_api({.workspace = workspace,
                                            .body = ap::CreateApiRequest{{{.name = "Orders", .summary = "Orders of the shop"}}}}),
                       "API");
  const std::string api_id = *api.api->id;
  auto versions = demo_step(platform.get_all_api_versions(api_id), "versions");
  const std::string version = *versions.versions->front().id;
  demo_step(platform.create_schema(api_id, version,
                                    {.body = ap::CreateSchemaRequest{{{.language = "json",
                                                                       .schema = R"({"openapi":"3.0.0","info":{"title":"Orders","version":"1"},"paths":{}})",
                                                                       .type = "openapi3"}}}}),
            "schema");
  demo_step(platform.create_relations(api_id, version,
                                      {.body = ap::RelationIds{.documentation = std::vector<std::string>{collection_uid}}}),
            "relations");
  fake.clear_journal();
  return {{"API_KEY", user.api_key}, {"USER_ID", user.id}};
}

}  // namespace webapi::fakes::api_platform
