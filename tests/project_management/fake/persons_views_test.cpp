// Client persons (belong to an existing client, go with it) and views with their columns.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;
namespace pm = webapi::project_management;

BOOST_FIXTURE_TEST_SUITE(persons, PmFixture)

BOOST_AUTO_TEST_CASE(a_person_is_created_for_an_existing_client_and_read_back) {
  const auto acme = fake.add_client({.name = "Acme"});
  auto created = client.post_customers_persons({.body = {.customer_id = acme, .last_name = "Lovelace", .name = "Ada"}});
  BOOST_REQUIRE(created.has_value());
  BOOST_TEST(*created->active);
  auto read = client.get_customers_persons_person_id(*created->id);
  BOOST_TEST(*read->last_name == "Lovelace");
  BOOST_TEST(client.get_customers_persons_ids()->size() == 1u);
  auto replaced = client.put_customers_persons_person_id(*created->id, {.body = {.customer_id = acme, .last_name = "King"}});
  BOOST_TEST(*replaced->id == *created->id);
  BOOST_TEST(*client.get_customers_persons_person_id(*created->id)->last_name == "King");
}

BOOST_AUTO_TEST_CASE(a_person_needs_a_last_name_and_a_client_that_exists) {
  BOOST_TEST(test::refusal(client.post_customers_persons({.body = {.customer_id = 1}}), 400) == "'lastName' is required");
  BOOST_TEST(test::refusal(client.post_customers_persons({.body = {.customer_id = 77, .last_name = "X"}}), 400) ==
             "'customerId' names no client: 77");
  BOOST_TEST(client.get_customers_persons_ids()->empty());
}

BOOST_AUTO_TEST_CASE(deleting_a_person_or_its_client_removes_it) {
  const auto acme = fake.add_client({.name = "Acme"});
  const auto a = *client.post_customers_persons({.body = {.customer_id = acme, .last_name = "A"}})->id;
  const auto b = *client.post_customers_persons({.body = {.customer_id = acme, .last_name = "B"}})->id;
  BOOST_REQUIRE(client.delete_customers_persons_person_id(a));
  BOOST_TEST(client.get_customers_persons_person_id(a).error().status == 404);
  BOOST_REQUIRE(client.delete_customers_customer_id(acme));
  BOOST_TEST(client.get_customers_persons_person_id(b).error().status == 404);
  BOOST_TEST(client.get_customers_persons_ids()->empty());
}

BOOST_AUTO_TEST_SUITE_END()

namespace {
pm::ColumnDTO column(std::string name) { return {.name = std::move(name)}; }
}  // namespace

BOOST_FIXTURE_TEST_SUITE(views, PmFixture)

BOOST_AUTO_TEST_CASE(a_view_keeps_its_columns) {
  auto created = client.post_browser_views_for_class_name("Project", {.body = {.columns = std::vector{column("name"), column("status")}}});
  BOOST_REQUIRE(created.has_value());
  const auto id = *created->view_id;
  BOOST_TEST(client.get_browser_views_view_id_columns(id)->size() == 2u);
  auto replaced = client.put_browser_views_view_id_columns(id, {.body = {column("status"), column("deadline"), column("name")}});
  BOOST_REQUIRE(replaced.has_value());
  BOOST_TEST(*client.get_browser_views_view_id(id)->columns->at(1).name == "deadline");
  auto left = client.delete_browser_views_view_id_columns_column_name(id, "deadline");
  BOOST_REQUIRE(left.has_value());
  BOOST_TEST(left->size() == 2u);
  BOOST_TEST(*client.get_browser_views_view_id_columns(id)->at(1).name == "name");
  BOOST_TEST(test::refusal(client.delete_browser_views_view_id_columns_column_name(id, "deadline"), 404) ==
             "view " + std::to_string(id) + " has no column 'deadline'");
}

BOOST_AUTO_TEST_CASE(column_names_are_required_and_unique) {
  const auto id = *client.post_browser_views_for_class_name("Project", {})->view_id;
  auto twice = client.put_browser_views_view_id_columns(id, {.body = {column("name"), column("name")}});
  BOOST_TEST(test::refusal(twice, 400) == "column 'name' is listed twice");
  auto unnamed = client.put_browser_views_view_id_columns(id, {.body = {column("name"), pm::ColumnDTO{}}});
  BOOST_TEST(test::refusal(unnamed, 400) == "'body[1].name' is required");
  BOOST_TEST(client.get_browser_views_view_id_columns(id)->empty());
}

BOOST_AUTO_TEST_CASE(views_are_listed_per_class_and_deleted) {
  const auto project_view = *client.post_browser_views_for_class_name("Project", {})->view_id;
  BOOST_REQUIRE(client.post_browser_views_for_class_name("Quote", {}));
  auto listed = client.get_browser_views_for_class_name("Project");
  BOOST_REQUIRE(listed.has_value());
  BOOST_REQUIRE(listed->list->size() == 1u);
  BOOST_TEST(*listed->list->front().id == project_view);
  BOOST_REQUIRE(client.delete_browser_views_view_id(project_view));
  BOOST_TEST(client.get_browser_views_view_id(project_view).error().status == 404);
  BOOST_TEST(client.get_browser_views_for_class_name("Project")->list->empty());
}

BOOST_AUTO_TEST_SUITE_END()
