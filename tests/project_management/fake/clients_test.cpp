// Clients: created, read, listed, replaced and deleted consistently; a deleted client leaves the id lists.

#include <algorithm>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;

BOOST_FIXTURE_TEST_SUITE(clients, PmFixture)

BOOST_AUTO_TEST_CASE(a_created_client_is_read_back_and_listed) {
  auto created = client.post_customers({.body = {.name = "Acme"}});
  BOOST_REQUIRE(created.has_value());
  const auto id = *created->id;
  BOOST_TEST(std::string(created->status->wire()) == "ACTIVE");
  BOOST_TEST(*client.get_customers_customer_id(id)->name == "Acme");
  auto ids = client.get_customers_ids();
  BOOST_TEST((*ids == std::vector<std::int32_t>{static_cast<std::int32_t>(id)}));
  auto names = client.get_customers();
  BOOST_REQUIRE(names->size() == 1u);
  BOOST_TEST(*names->front().name == "Acme");
}

BOOST_AUTO_TEST_CASE(a_client_needs_a_name) {
  BOOST_TEST(test::refusal(client.post_customers({}), 400) == "'name' is required");
  BOOST_TEST(client.get_customers_ids()->empty());
}

BOOST_AUTO_TEST_CASE(the_id_list_filters_by_name_and_email) {
  const auto acme = fake.add_client({.name = "Acme"});
  fake.add_client({.name = "Globex"});
  BOOST_REQUIRE(client.put_customers_customer_id_contact(acme, {.body = {.emails = test::pm::CustomerContactEmailsDTO{
                                                                             .primary = "office@acme.example"}}}));
  BOOST_TEST(client.get_customers_ids({.name_equals = "Globex"})->size() == 1u);
  auto by_email = client.get_customers_ids({.email_equals = "office@acme.example"});
  BOOST_TEST((*by_email == std::vector<std::int32_t>{static_cast<std::int32_t>(acme)}));
  BOOST_TEST(client.get_customers_customer_id_contact(acme)->emails->primary == "office@acme.example");
}

BOOST_AUTO_TEST_CASE(replacing_keeps_the_id) {
  const auto id = fake.add_client({.name = "Acme"});
  auto replaced = client.put_customers_customer_id(id, {.body = {.name = "Acme Group", .notes = "merged"}});
  BOOST_REQUIRE(replaced.has_value());
  BOOST_TEST(*replaced->id == id);
  BOOST_TEST(*client.get_customers_customer_id(id)->notes == "merged");
  BOOST_TEST(client.put_customers_customer_id(id, {}).error().status == 400);
  BOOST_TEST(*client.get_customers_customer_id(id)->name == "Acme Group");
}

BOOST_AUTO_TEST_CASE(the_address_is_kept_with_the_client) {
  const auto id = fake.add_client({.name = "Acme"});
  BOOST_REQUIRE(client.put_customers_customer_id_address(id, {.body = {.city = "Kraków", .postal_code = "30-001"}}));
  BOOST_TEST(*client.get_customers_customer_id_address(id)->city == "Kraków");
  BOOST_TEST(*client.get_customers_customer_id(id)->billing_address->postal_code == "30-001");
}

BOOST_AUTO_TEST_CASE(a_deleted_client_is_gone_from_reads_and_id_lists) {
  const auto keep = fake.add_client({.name = "Keep"});
  const auto drop = fake.add_client({.name = "Drop"});
  BOOST_REQUIRE(client.delete_customers_customer_id(drop).has_value());
  auto ids = client.get_customers_ids();
  BOOST_TEST((*ids == std::vector<std::int32_t>{static_cast<std::int32_t>(keep)}));
  BOOST_TEST(client.get_customers()->size() == 1u);
  BOOST_TEST(test::refusal(client.get_customers_customer_id(drop), 404) ==
             "client " + std::to_string(drop) + " not found");
  BOOST_TEST(client.delete_customers_customer_id(drop).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()
