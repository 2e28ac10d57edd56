#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <webapi/core/optional.hpp>

using webapi::Optional;

namespace {
// Counts the instances alive, so a test sees every construction matched by one destruction.
struct Counted {
  static inline int alive = 0;
  int v = 0;
  explicit Counted(int x) : v(x) { ++alive; }
  Counted(const Counted& o) : v(o.v) { ++alive; }
  Counted(Counted&& o) noexcept : v(o.v) {
    o.v = -1;
    ++alive;
  }
  Counted& operator=(const Counted&) = default;
  Counted& operator=(Counted&& o) noexcept {
    v = o.v;
    o.v = -1;
    return *this;
  }
  ~Counted() { --alive; }
  friend bool operator==(const Counted&, const Counted&) = default;
};

struct OnlyExplicit {
  explicit OnlyExplicit(int) {}
};
}  // namespace

BOOST_AUTO_TEST_SUITE(optional)

BOOST_AUTO_TEST_CASE(empty_until_given_a_value) {
  Optional<std::string> a;
  BOOST_TEST(!a.has_value());
  BOOST_TEST(!a);
  Optional<std::string> b = std::nullopt;
  BOOST_TEST(!b);
  Optional<std::string> c = "text";  // implicit, as std::optional's
  BOOST_TEST(c.has_value());
  BOOST_TEST(*c == "text");
  BOOST_TEST(c->size() == 4u);
  Optional<std::string> d(std::in_place, 3, 'x');
  BOOST_TEST(*d == "xxx");
  static_assert(std::is_convertible_v<const char*, Optional<std::string>>);
  static_assert(!std::is_convertible_v<int, Optional<OnlyExplicit>>);
  static_assert(std::is_constructible_v<Optional<OnlyExplicit>, int>);
}

BOOST_AUTO_TEST_CASE(value_throws_when_empty_and_value_or_falls_back) {
  Optional<int> none;
  BOOST_CHECK_THROW(none.value(), std::bad_optional_access);
  BOOST_TEST(none.value_or(7) == 7);
  Optional<int> five = 5;
  BOOST_TEST(five.value() == 5);
  BOOST_TEST(five.value_or(7) == 5);
  Optional<std::string> s = "kept";
  BOOST_TEST(std::move(s).value_or("other") == "kept");
}

BOOST_AUTO_TEST_CASE(copies_moves_and_assignments_keep_every_instance_accounted_for) {
  BOOST_REQUIRE(Counted::alive == 0);
  {
    Optional<Counted> a(std::in_place, 1);
    Optional<Counted> b = a;
    BOOST_TEST(Counted::alive == 2);
    BOOST_TEST(b->v == 1);
    Optional<Counted> c = std::move(a);
    BOOST_TEST(c->v == 1);
    BOOST_TEST(a->v == -1);  // moved from, still holding a T, as std::optional
    a = std::nullopt;
    BOOST_TEST(Counted::alive == 2);
    a = c;  // empty <- full: constructs
    BOOST_TEST(Counted::alive == 3);
    a = Counted(9);  // full <- value: assigns
    BOOST_TEST(a->v == 9);
    BOOST_TEST(Counted::alive == 3);
    b = Optional<Counted>();  // full <- empty: destroys
    BOOST_TEST(!b);
    BOOST_TEST(Counted::alive == 2);
    a.emplace(4);
    BOOST_TEST(a->v == 4);
    BOOST_TEST(Counted::alive == 2);
    a.reset();
    a.reset();
    BOOST_TEST(Counted::alive == 1);
  }
  BOOST_TEST(Counted::alive == 0);
}

BOOST_AUTO_TEST_CASE(swap_covers_each_pairing_of_full_and_empty) {
  Optional<std::string> a = "a", b = "b", none;
  a.swap(b);
  BOOST_TEST(*a == "b");
  BOOST_TEST(*b == "a");
  swap(a, none);
  BOOST_TEST(!a);
  BOOST_TEST(*none == "b");
  a.swap(none);
  BOOST_TEST(*a == "b");
  BOOST_TEST(!none);
  Optional<std::string> e1, e2;
  e1.swap(e2);
  BOOST_TEST((!e1 && !e2));
}

BOOST_AUTO_TEST_CASE(converts_both_ways_with_std_optional) {
  std::optional<std::string> so = "from std";
  Optional<std::string> o = so;
  BOOST_TEST(*o == "from std");
  o = std::optional<std::string>();
  BOOST_TEST(!o);
  o = std::optional<std::string>("again");
  BOOST_TEST(*o == "again");
  std::optional<std::string> back = o;
  BOOST_TEST(*back == "again");
  Optional<std::string> widened = std::optional<const char*>("widened");  // std::optional<U>, U converting to T
  BOOST_TEST(*widened == "widened");
  widened = std::optional<const char*>();
  BOOST_TEST(!widened);
  auto takes_std = [](const std::optional<std::string>& s) { return s.value_or("none"); };
  BOOST_TEST(takes_std(o) == "again");
  BOOST_TEST(takes_std(Optional<std::string>()) == "none");
}

BOOST_AUTO_TEST_CASE(compares_as_std_optional_does) {
  Optional<int> none, one = 1, two = 2;
  BOOST_TEST((none == Optional<int>()));
  BOOST_TEST((none == std::nullopt));
  BOOST_TEST((one != std::nullopt));
  BOOST_TEST((one == 1));
  BOOST_TEST((1 == one));
  BOOST_TEST((none != 1));
  BOOST_TEST((one != two));
  BOOST_TEST((one == std::optional<int>(1)));
  BOOST_TEST((none == std::optional<int>()));
  BOOST_TEST((none != std::optional<int>(1)));
  BOOST_TEST((std::optional<int>() == none));  // std::optional on the left as well
  BOOST_TEST((std::optional<int>(1) == one));
  BOOST_TEST((std::optional<int>(2) != one));
  BOOST_TEST((none < one));
  BOOST_TEST((one < two));
  BOOST_TEST((two > one));
  BOOST_TEST((none < std::nullopt) == false);
  BOOST_TEST((one > std::nullopt));
  Optional<std::vector<int>> v = std::vector<int>{1, 2};
  BOOST_TEST((v == std::vector<int>{1, 2}));
}

BOOST_AUTO_TEST_SUITE_END()
