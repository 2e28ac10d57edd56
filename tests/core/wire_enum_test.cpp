#include <array>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include <webapi/core/wire_enum.hpp>

namespace wire_enum_test {

// Listed in declaration order (each value is its own index), names neither sorted nor of one length.
enum class Dense { zulu, ab, abc, a, b };
constexpr auto wire_values(Dense) noexcept {
  using D = Dense;
  return std::array<webapi::EnumValue<D>, 5>{{{D::zulu, "zulu"}, {D::ab, "ab"}, {D::abc, "abc"}, {D::a, "a"}, {D::b, "B"}}};
}

// Values that are not their index, listed out of order; one value not listed at all.
enum class Sparse { low = 2, high = 9, mid = 5, unlisted = 7 };
constexpr auto wire_values(Sparse) noexcept {
  using S = Sparse;
  return std::array<webapi::EnumValue<S>, 3>{{{S::high, "high"}, {S::low, "low"}, {S::mid, "mid"}}};
}

// One name listed for two values (an alias): reading it gives the first listed.
enum class Aliased { later_listed, first_listed, other };
constexpr auto wire_values(Aliased) noexcept {
  using A = Aliased;
  return std::array<webapi::EnumValue<A>, 3>{{{A::other, "x"}, {A::first_listed, "same"}, {A::later_listed, "same"}}};
}

}  // namespace wire_enum_test

using wire_enum_test::Dense;
using wire_enum_test::Sparse;

BOOST_AUTO_TEST_SUITE(wire_enum)

BOOST_AUTO_TEST_CASE(every_listed_name_reads_back_as_its_value) {
  for (const auto& v : wire_values(Dense{})) {
    BOOST_TEST(webapi::to_wire(v.value) == v.wire);
    BOOST_TEST((webapi::from_wire<Dense>(v.wire) == v.value), v.wire);
  }
  for (const auto& v : wire_values(Sparse{})) {
    BOOST_TEST(webapi::to_wire(v.value) == v.wire);
    BOOST_TEST((webapi::from_wire<Sparse>(v.wire) == v.value), v.wire);
  }
}

BOOST_AUTO_TEST_CASE(a_name_matches_exactly_or_not_at_all) {
  BOOST_TEST(!webapi::from_wire<Dense>("").has_value());
  BOOST_TEST(!webapi::from_wire<Dense>("abcd").has_value());  // a listed name's extension
  BOOST_TEST(!webapi::from_wire<Dense>("zul").has_value());   // a listed name's prefix
  BOOST_TEST(!webapi::from_wire<Dense>("b").has_value());     // case-sensitive: "B" is listed
  BOOST_TEST(!webapi::from_wire<Dense>("zz").has_value());    // sorts after every name of its length
  BOOST_TEST(!webapi::from_wire<Sparse>("unlisted").has_value());
}

BOOST_AUTO_TEST_CASE(a_value_not_listed_has_no_name) {
  BOOST_TEST(webapi::to_wire(Sparse::unlisted).empty());
  BOOST_TEST(webapi::to_wire(static_cast<Dense>(5)).empty());  // one past the last listed value
  BOOST_TEST(webapi::to_wire(static_cast<Dense>(-1)).empty());
}

BOOST_AUTO_TEST_CASE(a_name_listed_twice_reads_as_its_first_listing) {
  using wire_enum_test::Aliased;
  BOOST_TEST((webapi::from_wire<Aliased>("same") == Aliased::first_listed));
  BOOST_TEST(webapi::to_wire(Aliased::later_listed) == "same");
}

BOOST_AUTO_TEST_CASE(usable_in_constant_expressions) {
  static_assert(webapi::to_wire(Dense::abc) == "abc");
  static_assert(webapi::from_wire<Sparse>("mid") == Sparse::mid);
  static_assert(!webapi::from_wire<Sparse>("max"));
}

BOOST_AUTO_TEST_SUITE_END()
