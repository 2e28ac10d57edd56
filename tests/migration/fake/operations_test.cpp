// Long-running operations: finishing on the fake's clock, read and listed by name, waited on with the
// client's typed waits, cancelled best effort, and refused where the fake is made without cancel support.
#include <chrono>

#include "fixture.hpp"

using namespace test;
using namespace std::chrono_literals;

namespace {
mig::Source named_source(const std::string& display) {
  mig::Source s;
  s.display_name = display;
  return s;
}
}  // namespace

BOOST_FIXTURE_TEST_SUITE(long_running_operations, MigrationFixture)

BOOST_AUTO_TEST_CASE(an_operation_is_done_once_the_clock_reaches_its_duration) {
  auto started = client.sources_create(parent(), {.source_id = "crm", .body = named_source("CRM")});
  REQUIRE_OK(started);
  BOOST_TEST(!started->done.value_or(false));
  BOOST_TEST(started->name.value().starts_with(parent() + "/operations/"));
  BOOST_TEST(!started->response);

  fake.clock().advance(fake.options().operation_duration - 1s);
  auto running = client.operations_get(*started->name);
  REQUIRE_OK(running);
  BOOST_TEST(!running->done.value_or(false));

  fake.clock().advance(1s);
  auto done = client.operations_get(*started->name);
  REQUIRE_OK(done);
  BOOST_TEST(done->done.value_or(false));
  BOOST_REQUIRE(done->response);
  BOOST_TEST(done->response->as_object().at("displayName").as_string() == "CRM");
  BOOST_TEST(done->metadata->as_object().at("verb").as_string() == "create");
  BOOST_TEST((done->metadata->as_object().at("target").as_string() == mig::SourceName(here, "crm").str()));
}

BOOST_AUTO_TEST_CASE(a_zero_duration_finishes_operations_at_once) {
  fm::Fake quick({.operation_duration = 0s});
  MigrationClient c{quick, {.access_token = quick.add_token()}};
  auto op = c.sources_create(parent(), {.source_id = "crm", .body = named_source("CRM")});
  REQUIRE_OK(op);
  BOOST_TEST(op->done.value_or(false));
}

BOOST_AUTO_TEST_CASE(the_typed_waits_resolve_to_the_resource_on_the_fakes_clock) {
  const auto before = fake.clock().now();
  auto source =
      client.sources_create_and_wait(parent(), {.source_id = "crm", .body = named_source("CRM")}, fake.poll_policy());
  REQUIRE_OK(source);
  BOOST_TEST((source->name.value() == mig::SourceName(here, "crm").str()));
  BOOST_TEST((source->state.value() == mig::SourceState::ACTIVE));
  BOOST_TEST((fake.clock().now() - before >= fake.options().operation_duration));

  auto group = client.groups_create_and_wait(parent(), {.group_id = "g1", .body = mig::Group{}}, fake.poll_policy());
  REQUIRE_OK(group);
  BOOST_TEST((group->name.value() == mig::GroupName(here, "g1").str()));

  auto deleted = client.sources_delete_and_wait(mig::SourceName(here, "crm").str(), {}, fake.poll_policy());
  REQUIRE_OK(deleted);
  BOOST_TEST(client.sources_get(mig::SourceName(here, "crm").str()).error().status == 404);
}

BOOST_AUTO_TEST_CASE(operations_are_listed_under_their_location) {
  make_source("a");
  make_source("b");
  auto list = client.operations_list(parent());
  REQUIRE_OK(list);
  BOOST_REQUIRE_EQUAL(list->operations->size(), 2u);
  BOOST_TEST(
      (list->operations->at(1).metadata->as_object().at("target").as_string() == mig::SourceName(here, "b").str()));
  auto elsewhere = client.operations_list(mig::LocationName("p1", "europe-west1").str());
  REQUIRE_OK(elsewhere);
  BOOST_TEST(elsewhere->operations.value_or(std::vector<mig::Operation>{}).empty());
}

BOOST_AUTO_TEST_CASE(cancel_makes_a_running_operation_done_with_code_1) {
  auto op = client.sources_create(parent(), {.source_id = "crm", .body = named_source("CRM")});
  REQUIRE_OK(op);
  auto cancelled = client.operations_cancel(*op->name);
  REQUIRE_OK(cancelled);
  auto after = client.operations_get(*op->name);
  REQUIRE_OK(after);
  BOOST_TEST(after->done.value_or(false));
  BOOST_REQUIRE(after->error);
  BOOST_TEST(after->error->code.value_or(0) == 1);
  BOOST_TEST(!after->response);
  BOOST_TEST(after->metadata->as_object().at("requestedCancellation").as_bool());

  auto waited = client.wait_for<mig::Source>(std::move(after), fake.poll_policy());
  BOOST_REQUIRE(!waited);
  BOOST_TEST(waited.error().kind == webapi::ErrorKind::operation_failed);
}

BOOST_AUTO_TEST_CASE(cancel_leaves_a_finished_operation_as_it_was) {
  auto op = client.sources_create(parent(), {.source_id = "crm", .body = named_source("CRM")});
  REQUIRE_OK(op);
  fake.clock().advance(fake.options().operation_duration);
  REQUIRE_OK(client.operations_cancel(*op->name));
  auto after = client.operations_get(*op->name);
  REQUIRE_OK(after);
  BOOST_TEST(after->done.value_or(false));
  BOOST_TEST(!after->error);
  BOOST_TEST(after->response.has_value());
}

BOOST_AUTO_TEST_CASE(cancelling_or_reading_an_unknown_operation_is_404) {
  auto name = mig::OperationName(here, "operation-99").str();
  BOOST_TEST(client.operations_cancel(name).error().status == 404);
  BOOST_TEST(client.operations_get(name).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(without_cancel_support_cancel_and_list_are_unimplemented) {
  MigrationFixture f(fm::Options{.cancel_supported = false});
  auto op = f.client.sources_create(f.parent(), {.source_id = "crm", .body = named_source("CRM")});
  REQUIRE_OK(op);
  for (auto status :
       {f.client.operations_cancel(*op->name).error().status, f.client.operations_list(f.parent()).error().status})
    BOOST_TEST(status == 501);
  auto raw_answer = f.raw(webapi::Method::post, "/v1alpha1/" + *op->name + ":cancel");
  BOOST_TEST(google_error_of(raw_answer)["status"].as_string() == "UNIMPLEMENTED");
  auto still = f.client.operations_get(*op->name);  // reading one by name still works
  REQUIRE_OK(still);
  BOOST_TEST(!still->error);
}
