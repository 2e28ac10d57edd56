#pragma once
// Scenarios of the migration long-running operations written against the client alone (see contract.hpp):
// an operation started, polled to done with the client's poller and read by name, and the *_and_wait calls
// that resolve to the resource the operation yields. Each makes one source in the given location and
// deletes it after. The poll policy is the target's: real waits on a served fake or the service, the fake's
// own clock in process (Fake::poll_policy()).

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/poller.hpp>
#include <webapi/migration.hpp>
#include <webapi/migration/names.hpp>

namespace test::migration_contract {

namespace mig = webapi::migration;

/// What a scenario drives: a client with an access token, the location it works in, how it waits.
struct Target {
  Target(webapi::AnyTransport t, std::string base_url, std::string access_token, mig::LocationName where,
         webapi::PollPolicy poll = {})
      : transport(t), here(std::move(where)), policy(std::move(poll)),
        client(transport, mig::Config{.base_url = std::move(base_url), .access_token = std::move(access_token)}) {}
  webapi::AnyTransport transport;
  mig::LocationName here;
  webapi::PollPolicy policy;
  mig::Client<webapi::AnyTransport> client;

  /// Deletes the source `name`, waiting for it, and checks it is gone.
  void delete_source(const std::string& name) {
    auto deleted = client.sources_delete_and_wait(name, {}, policy);
    BOOST_REQUIRE_MESSAGE(deleted, "deleting " << name << ": " << (deleted ? "" : deleted.error().what()));
    BOOST_TEST(client.sources_get(name).error().status == 404);
  }
};

inline mig::Source source_named(const std::string& display) {
  mig::Source s;
  s.display_name = display;
  return s;
}

/// A create answers an operation named under the location; the poller waits for it and yields the source;
/// read by name afterwards the operation is done, without error, with the source as its response; the
/// source reads the same. An operation the location does not have is 404.
inline void an_operation_is_polled_to_done_and_read(Target& t) {
  const std::string name = mig::SourceName(t.here, "contract-polled").str();
  auto started = t.client.sources_create(t.here.str(), {.source_id = "contract-polled", .body = source_named("Contract polled")});
  BOOST_REQUIRE_MESSAGE(started, (started ? "" : started.error().what()));
  BOOST_REQUIRE(started->name.has_value());
  BOOST_TEST(started->name->starts_with(t.here.str() + "/operations/"), *started->name);
  const std::string operation = *started->name;

  auto source = t.client.wait_for<mig::Source>(std::move(started), t.policy);
  BOOST_REQUIRE_MESSAGE(source, (source ? "" : source.error().what()));
  BOOST_TEST(source->name.value_or("") == name);
  BOOST_TEST(source->display_name.value_or("") == "Contract polled");

  auto read = t.client.operations_get(operation);
  BOOST_REQUIRE_MESSAGE(read, (read ? "" : read.error().what()));
  BOOST_TEST(read->done.value_or(false));
  BOOST_TEST(!read->error.has_value());
  BOOST_REQUIRE(read->response && read->response->is_object());
  BOOST_TEST(read->response->as_object().contains("displayName"));

  auto got = t.client.sources_get(name);
  BOOST_REQUIRE_MESSAGE(got, (got ? "" : got.error().what()));
  BOOST_TEST(got->display_name.value_or("") == "Contract polled");

  BOOST_TEST(t.client.operations_get(mig::OperationName(t.here, "contract-no-such-operation").str()).error().status == 404);
  t.delete_source(name);
}

/// The *_and_wait calls resolve to the resource: a source created (ACTIVE), patched under an update mask
/// (the new display name read back), deleted.
inline void and_wait_calls_resolve_to_the_resource(Target& t) {
  const std::string name = mig::SourceName(t.here, "contract-waited").str();
  auto created = t.client.sources_create_and_wait(
      t.here.str(), {.source_id = "contract-waited", .body = source_named("Contract waited")}, t.policy);
  BOOST_REQUIRE_MESSAGE(created, (created ? "" : created.error().what()));
  BOOST_TEST(created->name.value_or("") == name);
  BOOST_TEST((created->state && *created->state == mig::SourceState::ACTIVE));

  auto patched = t.client.sources_patch_and_wait(
      name, {.update_mask = "displayName", .body = source_named("Contract renamed")}, t.policy);
  BOOST_REQUIRE_MESSAGE(patched, (patched ? "" : patched.error().what()));
  BOOST_TEST(patched->display_name.value_or("") == "Contract renamed");
  BOOST_TEST(t.client.sources_get(name)->display_name.value_or("") == "Contract renamed");

  t.delete_source(name);
}

}  // namespace test::migration_contract
