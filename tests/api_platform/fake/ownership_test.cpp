// Two users' keys: what one user owns and has not shared is, for the other, not there (404 by id or uid,
// left out of lists, refused when a body names it); a team workspace shares what it holds with everyone.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

namespace {
/// Jane (the fixture's user) owns one of everything; Omar (its other user) acts through `as_other`.
struct TwoUsers : PlatformFixture {
  PlatformClient as_other{fake, {.api_key = other.api_key}};
  std::string col = collection("Jane's orders");
  std::string env = environment("Jane's staging");
  std::pair<std::string, std::string> jane_mock = mock();
  std::pair<std::string, std::string> jane_monitor = monitor();
  std::string ws = workspace("Jane's own");
  std::string jane_api = api("Jane's API");

  /// The 404 a call must give, read back; its message must be the one an id nobody has gets.
  template <class R>
  void not_found(const R& r, const std::string& message) {
    auto e = refused(r, 404);
    BOOST_TEST(e.name == "instanceNotFoundError");
    BOOST_TEST(e.message == message);
  }
  /// Shares Jane's collection, environment, mock and monitor through a new team workspace; returns its id.
  std::string team_workspace() {
    return *ok(client.create_workspace({.body = ap::CreateWorkspaceRequest{{{
                                           .collections = std::vector<ap::CreateWorkspaceRequestWorkspaceCollectionsItem>{{.uid = col}},
                                           .environments = std::vector<ap::CreateWorkspaceRequestWorkspaceEnvironmentsItem>{{.uid = env}},
                                           .mocks = std::vector<ap::CreateWorkspaceRequestWorkspaceMocksItem>{{.id = jane_mock.second}},
                                           .monitors = std::vector<ap::CreateWorkspaceRequestWorkspaceMonitorsItem>{{.id = jane_monitor.second}},
                                           .name = "Shared", .type = "team"}}}}),
               "create_workspace")
                .workspace->id;
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(ownership, TwoUsers)

BOOST_AUTO_TEST_CASE(lists_leave_out_what_another_user_has_not_shared) {
  BOOST_TEST(ok(as_other.all_collections()).collections->empty());
  BOOST_TEST(ok(as_other.all_environments()).environments->empty());
  BOOST_TEST(ok(as_other.all_mocks()).mocks->empty());
  BOOST_TEST(ok(as_other.all_monitors()).monitors->empty());
  BOOST_TEST(ok(as_other.all_workspaces()).workspaces->empty());
  BOOST_TEST(ok(as_other.get_all_apis()).apis->empty());
  // The owner still sees all of it.
  BOOST_TEST(ok(client.all_collections()).collections->size() == 3u);  // her own, the mock's and the monitor's
  BOOST_TEST(ok(client.all_environments()).environments->size() == 1u);
  BOOST_TEST(ok(client.all_mocks()).mocks->size() == 1u);
  BOOST_TEST(ok(client.all_monitors()).monitors->size() == 1u);
  BOOST_TEST(ok(client.all_workspaces()).workspaces->size() == 1u);
  BOOST_TEST(ok(client.get_all_apis()).apis->size() == 1u);
}

BOOST_AUTO_TEST_CASE(another_users_environment_is_not_found_by_uid_or_id_and_survives) {
  const std::string id = env.substr(env.find('-') + 1);  // a uid is the owner's id, a dash and the id
  not_found(as_other.single_environment(env), "environment '" + env + "' not found");
  not_found(as_other.single_environment(id), "environment '" + id + "' not found");
  not_found(as_other.update_environment(env, {.body = {.environment = {.name = "Mine now"}}}),
            "environment '" + env + "' not found");
  not_found(as_other.delete_environment(env), "environment '" + env + "' not found");
  // The same answer as for an environment nobody has: a key learns nothing of other users' data.
  not_found(as_other.single_environment(other.id + "-env-0"), "environment '" + other.id + "-env-0' not found");
  BOOST_REQUIRE(fake.environment(id).has_value());
  BOOST_TEST(fake.environment(id)->name == "Jane's staging");
  BOOST_TEST(*ok(client.single_environment(env)).environment->name == "Jane's staging");
}

BOOST_AUTO_TEST_CASE(every_kind_is_scoped_by_id_and_uid) {
  not_found(as_other.single_collection(col), "collection '" + col + "' not found");
  not_found(as_other.delete_collection(col), "collection '" + col + "' not found");
  not_found(as_other.create_a_fork(col, {.body = ap::CreateAForkRequest{.name = "f"}}), "collection '" + col + "' not found");
  not_found(as_other.single_mock(jane_mock.second), "mock '" + jane_mock.second + "' not found");
  not_found(as_other.single_mock(jane_mock.first), "mock '" + jane_mock.first + "' not found");
  not_found(as_other.publish_mock(jane_mock.second), "mock '" + jane_mock.second + "' not found");
  not_found(as_other.delete_mock(jane_mock.second), "mock '" + jane_mock.second + "' not found");
  not_found(as_other.single_monitor(jane_monitor.second), "monitor '" + jane_monitor.second + "' not found");
  not_found(as_other.run_a_monitor(jane_monitor.second), "monitor '" + jane_monitor.second + "' not found");
  not_found(as_other.delete_monitor(jane_monitor.first), "monitor '" + jane_monitor.first + "' not found");
  not_found(as_other.single_workspace(ws), "workspace '" + ws + "' not found");
  not_found(as_other.delete_workspace(ws), "workspace '" + ws + "' not found");
  not_found(as_other.single_api(jane_api), "API '" + jane_api + "' not found");
  not_found(as_other.get_all_api_versions(jane_api), "API '" + jane_api + "' not found");
  not_found(as_other.update_an_api(jane_api, {.body = ap::UpdateAnApiRequest{{{.name = "Mine"}}}}),
            "API '" + jane_api + "' not found");
  not_found(as_other.delete_an_api(jane_api), "API '" + jane_api + "' not found");
  // Nothing was changed or removed.
  BOOST_TEST(ok(client.all_collections()).collections->size() == 3u);
  BOOST_TEST(!fake.mock(jane_mock.first)->published);
  BOOST_TEST(fake.monitor(jane_monitor.first)->runs.empty());
  BOOST_TEST(fake.workspace(ws).has_value());
  BOOST_TEST(fake.api(jane_api)->name == "Jane's API");
}

BOOST_AUTO_TEST_CASE(a_body_or_query_naming_another_users_entity_names_nothing) {
  BOOST_TEST(refused(as_other.create_mock({.body = ap::CreateMockRequest{{{.collection = col}}}}), 400).param ==
             "mock.collection");
  BOOST_TEST(refused(as_other.create_webhook({.body = ap::CreateWebhookRequest{{{.collection = col, .name = "h"}}}}), 400)
                 .param == "webhook.collection");
  BOOST_TEST(refused(as_other.create_workspace({.body = ap::CreateWorkspaceRequest{{{
                                                    .environments = std::vector<ap::CreateWorkspaceRequestWorkspaceEnvironmentsItem>{{.uid = env}},
                                                    .name = "Grab"}}}}),
                     400)
                 .param == "workspace.environments[0].uid");
  BOOST_TEST(refused(as_other.create_environment({.workspace = ws, .body = {.environment = {.name = "Into hers"}}}), 400)
                 .param == "workspace");
  BOOST_TEST(refused(as_other.create_api({.workspace = ws, .body = ap::CreateApiRequest{{{.name = "Into hers"}}}}), 400)
                 .param == "workspace");
  const std::string own_api = *ok(as_other.create_api({.body = ap::CreateApiRequest{{{.name = "Omar's"}}}})).api->id;
  const std::string version = *ok(as_other.get_all_api_versions(own_api)).versions->front().id;
  BOOST_TEST(refused(as_other.create_relations(own_api, version,
                                               {.body = ap::RelationIds{.environment = std::vector<std::string>{env}}}),
                     400)
                 .param == "environment[0]");
  BOOST_TEST(ok(as_other.all_environments()).environments->empty());
  BOOST_TEST(ok(as_other.all_mocks()).mocks->empty());
}

BOOST_AUTO_TEST_CASE(a_team_workspace_shares_what_it_holds) {
  const std::string team = team_workspace();
  // The accessible lists show what is shared; environments and mocks list only the caller's own.
  auto workspaces = ok(as_other.all_workspaces()).workspaces;
  BOOST_REQUIRE(workspaces->size() == 1u);
  BOOST_TEST(*workspaces->front().id == team);
  BOOST_TEST(ok(as_other.all_collections()).collections->size() == 1u);
  BOOST_TEST(ok(as_other.all_monitors()).monitors->size() == 1u);
  BOOST_TEST(ok(as_other.all_environments()).environments->empty());
  BOOST_TEST(ok(as_other.all_mocks()).mocks->empty());
  // What is shared opens by uid, and can be named in a body.
  BOOST_TEST(*ok(as_other.single_environment(env)).environment->name == "Jane's staging");
  BOOST_TEST(*ok(as_other.single_mock(jane_mock.second)).mock->uid == jane_mock.second);
  BOOST_TEST(*ok(as_other.single_collection(col)).collection->info->name == "Jane's orders");
  BOOST_TEST(ok(as_other.single_workspace(team)).workspace->collections->size() == 1u);
  ok(as_other.create_mock({.body = ap::CreateMockRequest{{{.collection = col, .environment = env}}}}));
  // An API made in the team workspace is open to every user; her other API is not.
  const std::string shared_api =
      *ok(client.create_api({.workspace = team, .body = ap::CreateApiRequest{{{.name = "Team API"}}}})).api->id;
  auto apis = ok(as_other.get_all_apis()).apis;
  BOOST_REQUIRE(apis->size() == 1u);
  BOOST_TEST(*apis->front().id == shared_api);
  BOOST_TEST(*ok(as_other.single_api(shared_api)).api->name == "Team API");
  refused(as_other.single_api(jane_api), 404);
  // Her personal workspace stays hers.
  refused(as_other.single_workspace(ws), 404);
}

BOOST_AUTO_TEST_CASE(taking_an_entity_out_of_the_team_workspace_unshares_it) {
  const std::string team = team_workspace();
  ok(as_other.single_environment(env));
  ok(client.update_workspace(team, {.body = ap::UpdateWorkspaceRequest{{{
                                        .environments = std::vector<ap::UpdateWorkspaceRequestWorkspaceEnvironmentsItem>{}}}}}));
  refused(as_other.single_environment(env), 404);
  ok(client.single_environment(env));
}

BOOST_AUTO_TEST_SUITE_END()
