// What docs/fakes.md and README.md say the fake models is what it models.

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

namespace {
std::string read_source_file(const std::string& relative) {
  std::ifstream in(std::string(WEBAPI_SOURCE_DIR) + "/" + relative);
  BOOST_REQUIRE_MESSAGE(in, "cannot read " << relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The operation names quoted (`name`) in `text` that the module has.
std::set<std::string> quoted_operations(const std::string& text) {
  std::set<std::string> out;
  for (std::size_t open = text.find('`'); open != std::string::npos; open = text.find('`', open + 1)) {
    const std::size_t close = text.find('`', open + 1);
    if (close == std::string::npos) break;
    const std::string word = text.substr(open + 1, close - open - 1);
    for (const auto& op : test::pm::service::operations)
      if (op.name == word) out.insert(word);
    open = close;
  }
  return out;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(docs)

BOOST_AUTO_TEST_CASE(docs_fakes_md_lists_exactly_the_modeled_operations) {
  const std::string md = read_source_file("docs/fakes.md");
  const std::size_t section = md.find("## What the project-management fake models");
  BOOST_REQUIRE(section != std::string::npos);
  test::fpm::Fake fake;
  const auto modeled = fake.modeled_operations();
  const auto listed = quoted_operations(md.substr(section));
  const std::set<std::string> modeled_set(modeled.begin(), modeled.end());
  for (const auto& op : modeled_set) BOOST_TEST(listed.count(op) == 1u, op << " is modeled but not listed");
  for (const auto& op : listed) BOOST_TEST(modeled_set.count(op) == 1u, op << " is listed but not modeled");
  BOOST_TEST(md.find("it models the " + std::to_string(modeled.size()) + " below") != std::string::npos);
  const std::string readme = read_source_file("README.md");
  BOOST_TEST(readme.find("(" + std::to_string(modeled.size()) + " operations modelled, the rest 501)") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
