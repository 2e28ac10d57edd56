// Page tokens: opaque, the same for the same listing, refused when altered or reused with another filter.
#include "fixture.hpp"

using namespace test;

BOOST_FIXTURE_TEST_SUITE(paging, MigrationFixture)

BOOST_AUTO_TEST_CASE(pages_cover_every_asset_once) {
  make_assets({{"a", 1, 1}, {"b", 2, 2}, {"c", 3, 3}, {"d", 4, 4}, {"e", 5, 5}});
  std::vector<std::string> seen;
  auto all = client.assets_list_all(parent(), {.page_size = 2});
  for (const auto& a : all) seen.push_back(a.virtual_machine_details->vm_name.value());
  BOOST_TEST(!all.error());
  BOOST_TEST(seen == (std::vector<std::string>{"a", "b", "c", "d", "e"}), boost::test_tools::per_element());
  auto first = client.assets_list(parent(), {.page_size = 2});
  BOOST_TEST(first->assets->size() == 2u);
  BOOST_TEST(first->next_page_token.has_value());
}

BOOST_AUTO_TEST_CASE(tokens_are_opaque_and_stable) {
  make_assets({{"a", 1, 1}, {"b", 2, 2}, {"c", 3, 3}});
  auto one = client.assets_list(parent(), {.page_size = 1});
  auto two = client.assets_list(parent(), {.page_size = 1});
  BOOST_TEST(one->next_page_token.value() == two->next_page_token.value());
  BOOST_TEST(one->next_page_token->find('1') != 0u);  // not the bare offset
  BOOST_TEST(one->next_page_token->size() == 32u);
}

BOOST_AUTO_TEST_CASE(a_forged_token_is_400_naming_page_token) {
  make_assets({{"a", 1, 1}, {"b", 2, 2}});
  auto page = client.assets_list(parent(), {.page_size = 1});
  std::string forged = *page->next_page_token;
  forged[0] = forged[0] == '0' ? '1' : '0';
  for (const std::string& token : {forged, std::string("1"), std::string("not-a-token")}) {
    auto r = client.assets_list(parent(), {.page_size = 1, .page_token = token});
    BOOST_REQUIRE(!r);
    BOOST_TEST(r.error().status == 400);
    BOOST_TEST(r.error().service->status == "INVALID_ARGUMENT");
    BOOST_TEST(r.error().message.find("pageToken") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(a_token_reused_with_another_filter_or_listing_is_refused) {
  make_assets({{"a", 1, 1}, {"b", 2, 2}, {"c", 3, 3}});
  auto page = client.assets_list(parent(), {.filter = "virtualMachineDetails.coreCount > 0", .page_size = 1});
  REQUIRE_OK(page);
  const std::string token = page->next_page_token.value();
  BOOST_TEST(
      client
          .assets_list(parent(), {.filter = "virtualMachineDetails.coreCount > 1", .page_size = 1, .page_token = token})
          .error()
          .status == 400);
  BOOST_TEST(client.assets_list(parent(), {.page_size = 1, .page_token = token}).error().status == 400);
  BOOST_TEST(client.groups_list(parent(), {.filter = "virtualMachineDetails.coreCount > 0", .page_token = token})
                 .error()
                 .status == 400);
  auto next = client.assets_list(
      parent(), {.filter = "virtualMachineDetails.coreCount > 0", .page_size = 1, .page_token = token});
  REQUIRE_OK(next);
  BOOST_TEST(next->assets->front().virtual_machine_details->vm_name.value() == "b");
}

BOOST_AUTO_TEST_CASE(a_negative_page_size_is_400) {
  BOOST_TEST(client.assets_list(parent(), {.page_size = -1}).error().status == 400);
}

BOOST_AUTO_TEST_SUITE_END()
