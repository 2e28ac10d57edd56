// Workspaces populated by uids, and webhooks whose URL runs a collection.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;
using webapi::Method;
using Uids = std::vector<std::string>;

BOOST_FIXTURE_TEST_SUITE(workspaces_and_webhooks, PlatformFixture)

BOOST_AUTO_TEST_CASE(a_workspace_is_populated_by_uids) {
  const std::string col = collection("Orders");
  const std::string env = environment("Staging");
  auto [mock_id, mock_uid] = mock();
  auto [monitor_id, monitor_uid] = monitor();
  auto made = ok(client.create_workspace({.body = ap::CreateWorkspaceRequest{{{
                                              .collections = std::vector<ap::CreateWorkspaceRequestWorkspaceCollectionsItem>{{.uid = col}},
                                              .description = "d",
                                              .environments = std::vector<ap::CreateWorkspaceRequestWorkspaceEnvironmentsItem>{{.uid = env}},
                                              .mocks = std::vector<ap::CreateWorkspaceRequestWorkspaceMocksItem>{{.id = mock_uid}},
                                              .monitors = std::vector<ap::CreateWorkspaceRequestWorkspaceMonitorsItem>{{.id = monitor_id}},
                                              .name = "Team", .type = "team"}}}}));
  const std::string id = *made.workspace->id;
  auto got = ok(client.single_workspace(id));
  BOOST_TEST(*got.workspace->type == "team");
  BOOST_REQUIRE(got.workspace->collections->size() == 1u);
  BOOST_TEST(*got.workspace->collections->front().uid == col);
  BOOST_TEST(*got.workspace->collections->front().name == "Orders");
  BOOST_TEST(*got.workspace->environments->front().uid == env);
  auto held = *fake.workspace(id);
  BOOST_TEST(held.mocks == Uids{mock_uid});
  BOOST_TEST(held.monitors == Uids{monitor_uid});  // named by id, held by uid
  BOOST_TEST(ok(client.all_workspaces()).workspaces->size() == 1u);
}

BOOST_AUTO_TEST_CASE(every_uid_must_name_something) {
  const std::string col = collection();
  auto r = client.create_workspace({.body = ap::CreateWorkspaceRequest{{{
                                        .collections = std::vector<ap::CreateWorkspaceRequestWorkspaceCollectionsItem>{
                                            {.uid = col}, {.uid = "nope"}},
                                        .name = "Team"}}}});
  BOOST_TEST(refused(r, 400).param == "workspace.collections[1].uid");
  BOOST_TEST(refused(client.create_workspace({.body = ap::CreateWorkspaceRequest{{{
                                                  .environments = std::vector<ap::CreateWorkspaceRequestWorkspaceEnvironmentsItem>{{.uid = col}},
                                                  .name = "Team"}}}}),
                     400)
                 .param == "workspace.environments[0].uid");
  BOOST_TEST(refused(client.create_workspace({.body = ap::CreateWorkspaceRequest{{{.name = "T", .type = "public"}}}}), 400).param ==
             "workspace.type");
  BOOST_TEST(ok(client.all_workspaces()).workspaces->empty());
}

BOOST_AUTO_TEST_CASE(updated_and_deleted) {
  const std::string id = workspace("Old");
  const std::string col = collection();
  ok(client.update_workspace(id, {.body = ap::UpdateWorkspaceRequest{{{
                                      .collections = std::vector<ap::UpdateWorkspaceRequestWorkspaceCollectionsItem>{{.uid = col}},
                                      .name = "New"}}}}));
  BOOST_TEST(fake.workspace(id)->name == "New");
  BOOST_TEST(fake.workspace(id)->collections == Uids{col});
  BOOST_TEST(refused(client.update_workspace(id, {.body = ap::UpdateWorkspaceRequest{{{
                                                      .mocks = std::vector<ap::UpdateWorkspaceRequestWorkspaceMocksItem>{{.id = "nope"}},
                                                      .name = "Other"}}}}),
                     400)
                 .param == "workspace.mocks[0].id");
  BOOST_TEST(fake.workspace(id)->name == "New");
  ok(client.delete_collection(col));
  BOOST_TEST(fake.workspace(id)->collections.empty());  // a deleted collection leaves its workspaces
  BOOST_TEST(*ok(client.delete_workspace(id)).workspace->id == id);
  refused(client.single_workspace(id), 404);
}

BOOST_AUTO_TEST_CASE(a_webhook_runs_its_collection_when_called) {
  const std::string col = collection("Nightly");
  auto made = ok(client.create_webhook({.body = ap::CreateWebhookRequest{{{.collection = col, .name = "On deploy"}}}}));
  BOOST_REQUIRE(made.webhook && made.webhook->webhook_url);
  const std::string url = *made.webhook->webhook_url;
  BOOST_TEST(url.starts_with("https://newman-api.getpostman.com/run/" + user.id + "/"));
  BOOST_TEST(*made.webhook->collection == col);
  BOOST_TEST(fake.collection_runs().empty());

  auto run = fake.call_webhook(url, R"({"release":"1.2"})");
  BOOST_TEST(run.collection == col);
  BOOST_TEST(run.payload == R"({"release":"1.2"})");
  BOOST_TEST(fake.collection_runs().size() == 1u);
  BOOST_CHECK_THROW(fake.call_webhook("https://newman-api.getpostman.com/run/1/none"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_webhook_url_is_served_without_a_key) {
  const std::string col = collection("Nightly");
  auto made = ok(client.create_webhook({.body = ap::CreateWebhookRequest{{{.collection = col, .name = "hook"}}}}));
  const std::string path = made.webhook->webhook_url->substr(std::string("https://newman-api.getpostman.com").size());
  auto r = raw(Method::post, path, "", R"({"from":"ci"})");
  BOOST_TEST(r.status == 200);
  BOOST_REQUIRE(fake.collection_runs().size() == 1u);
  BOOST_TEST(fake.collection_runs().front().payload == R"({"from":"ci"})");
  BOOST_TEST(fake.collection_runs().front().webhook == *made.webhook->id);
  BOOST_TEST(raw(Method::post, "/run/" + other.id + "/" + *made.webhook->id, "", "{}").status == 404);
  BOOST_TEST(fake.collection_runs().size() == 1u);
}

BOOST_AUTO_TEST_CASE(creating_a_webhook_needs_the_api_key_like_every_other_call) {
  const std::string col = collection("Nightly");
  PlatformClient anonymous{fake, {}};
  fake.clear_journal();
  auto r = anonymous.create_webhook({.body = ap::CreateWebhookRequest{{{.collection = col, .name = "hook"}}}});
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(webapi::ErrorKind::auth));  // the client does not send it without one
  BOOST_TEST(fake.requests().empty());
  auto sent = raw(Method::post, "/webhooks", "", R"({"webhook":{"name":"hook","collection":")" + col + R"("}})");
  BOOST_TEST(sent.status == 401);
  BOOST_TEST(refusal_of(sent.status, sent.body).name == "AuthenticationError");
  BOOST_TEST(fake.inspect([](const fap::State& s) { return s.webhooks.size(); }) == 0u);
}

BOOST_AUTO_TEST_CASE(a_webhook_needs_an_existing_collection) {
  BOOST_TEST(refused(client.create_webhook({.body = ap::CreateWebhookRequest{{{.collection = "nope", .name = "h"}}}}), 400).param ==
             "webhook.collection");
}

BOOST_AUTO_TEST_SUITE_END()
