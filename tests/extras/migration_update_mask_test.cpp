#include <boost/test/unit_test.hpp>

#include <webapi/migration/models.hpp>
#include <webapi/migration/update_mask.hpp>

namespace mig = webapi::migration;

namespace {
struct Inner {
  std::optional<std::string> display_name;
  std::optional<int> size;
  static constexpr webapi::Rename webapi_renames[] = {{"display_name", "displayName"}};
};
BOOST_DESCRIBE_STRUCT(Inner, (), (display_name, size))

struct Outer {
  std::optional<std::string> description;
  std::optional<Inner> details;
  int count = 0;
  std::vector<std::string> labels;
  std::optional<std::vector<std::string>> tags;
};
BOOST_DESCRIBE_STRUCT(Outer, (), (description, details, count, labels, tags))
}  // namespace

BOOST_AUTO_TEST_SUITE(migration_update_mask)

BOOST_AUTO_TEST_CASE(nothing_set_is_an_empty_mask) { BOOST_TEST(mig::update_mask(mig::Source{}) == ""); }

BOOST_AUTO_TEST_CASE(set_members_in_wire_names_and_declaration_order) {
  mig::Source s;
  s.priority = 3;
  s.display_name = "CRM";
  BOOST_TEST(mig::update_mask(s) == "displayName,priority");
}

BOOST_AUTO_TEST_CASE(nested_members_use_dots) {
  Outer o;
  o.details = Inner{};
  BOOST_TEST(mig::update_mask(o) == "details");  // engaged but empty: the whole member
  o.details->display_name = "x";
  o.details->size = 2;
  BOOST_TEST(mig::update_mask(o) == "details.displayName,details.size");
}

BOOST_AUTO_TEST_CASE(non_optional_members_count_when_not_default) {
  Outer o;
  o.count = 4;
  o.labels = {"a"};
  o.tags = std::vector<std::string>{};  // engaged and empty: the caller clears the tags
  BOOST_TEST(mig::update_mask(o) == "count,labels,tags");
  auto paths = mig::update_mask_paths(o);
  BOOST_TEST(paths.size() == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
