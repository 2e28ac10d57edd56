// webapi::Optional against std::optional: every check below runs on both, so a difference in any operation
// Optional offers fails here. The checks follow the standard's subclauses for optional ([optional.ctor] to
// [optional.hash], C++20), one test case each.
#include <boost/test/unit_test.hpp>

#include <compare>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <webapi/core/optional.hpp>

namespace {

struct Std {
  template <class T>
  using type = std::optional<T>;
};
struct Webapi {
  template <class T>
  using type = webapi::Optional<T>;
};
using Kinds = std::tuple<Std, Webapi>;

// Counts live instances, so each construction is seen to be matched by one destruction.
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
};

struct OnlyExplicit {
  explicit OnlyExplicit(int x) : v(x) {}
  int v;
};

struct Point {  // trivially copyable, not a scalar
  int x, y;
  friend bool operator==(const Point&, const Point&) = default;
};

struct NoHash {};

// A literal type with a user-provided copy and destructor, for constant evaluation.
struct Literal {
  int v;
  constexpr explicit Literal(int x) : v(x) {}
  constexpr Literal(const Literal& o) : v(o.v) {}
  constexpr Literal& operator=(const Literal& o) {
    v = o.v;
    return *this;
  }
  constexpr ~Literal() {}
  friend constexpr bool operator==(const Literal&, const Literal&) = default;
};

// Orders only through <, to show each relational operator uses its own operator on the values.
struct LessOnly {
  int v;
  friend bool operator<(const LessOnly& a, const LessOnly& b) { return a.v < b.v; }
};

template <class K>
constexpr bool constant_evaluation() {
  using O = typename K::template type<Literal>;
  O a(std::in_place, 1);
  O b = a;        // copy of a full one
  b = Literal(2);  // assign a value to a full one
  O c;
  c = b;  // copy-assign into an empty one
  if (!(c.has_value() && c->v == 2 && (*a).v == 1)) return false;
  c.reset();
  if (c.has_value()) return false;
  c.emplace(3);
  using I = typename K::template type<int>;
  using L = typename K::template type<long>;
  I i = 4;
  L l = 4L;
  I none;
  return c.value().v == 3 && i == l && none < i && none == std::nullopt && i.value_or(9) == 4 &&
         none.value_or(9) == 9 && (i <=> l) == 0 && i > 3;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(optional)

// [optional.ctor]
BOOST_AUTO_TEST_CASE_TEMPLATE(constructors, K, Kinds) {
  using OI = typename K::template type<int>;
  using OL = typename K::template type<long>;
  using OS = typename K::template type<std::string>;
  using OV = typename K::template type<std::vector<int>>;
  using OE = typename K::template type<OnlyExplicit>;

  BOOST_TEST(!OI().has_value());
  BOOST_TEST(!OI(std::nullopt).has_value());
  BOOST_TEST(*OI(5) == 5);
  BOOST_TEST(*OS(std::in_place, 3, 'x') == "xxx");
  BOOST_TEST(OV(std::in_place, {1, 2, 3})->size() == 3u);

  // From a value: implicit exactly when the value converts implicitly.
  static_assert(std::is_convertible_v<int, OL>);
  static_assert(!std::is_convertible_v<int, OE> && std::is_constructible_v<OE, int>);
  // From an optional of another type: implicit when the values convert implicitly, explicit when they only
  // construct; empty stays empty.
  static_assert(std::is_convertible_v<const OI&, OL>);
  static_assert(!std::is_convertible_v<const OI&, OE> && std::is_constructible_v<OE, const OI&>);
  OL widened = OI(7);
  BOOST_TEST(*widened == 7L);
  BOOST_TEST(!OL(OI()).has_value());
  OE made(OI(3));
  BOOST_TEST(made->v == 3);
  OS moved_from_other = typename K::template type<const char*>("abc");
  BOOST_TEST(*moved_from_other == "abc");

  // Copy and move: the source keeps a (moved-from) value.
  OS full("text");
  OS copy = full;
  BOOST_TEST(*copy == "text");
  OS taken = std::move(full);
  BOOST_TEST(*taken == "text");
  BOOST_TEST(full.has_value());
  OS empty;
  OS from_empty = std::move(empty);
  BOOST_TEST(!from_empty.has_value());

  static_assert(std::is_nothrow_move_constructible_v<OS> == std::is_nothrow_move_constructible_v<std::string>);
  static_assert(std::is_nothrow_default_constructible_v<OS>);
}

// [optional.dtor], [optional.mod]
BOOST_AUTO_TEST_CASE_TEMPLATE(each_value_is_destroyed_once, K, Kinds) {
  using OC = typename K::template type<Counted>;
  Counted::alive = 0;
  {
    OC a(std::in_place, 1);
    OC b = a;
    OC c = std::move(b);
    BOOST_TEST(Counted::alive == 3);
    c.reset();
    BOOST_TEST(Counted::alive == 2);
    c.reset();  // already empty: nothing more
    BOOST_TEST(Counted::alive == 2);
  }
  BOOST_TEST(Counted::alive == 0);
}

// [optional.assign]
BOOST_AUTO_TEST_CASE_TEMPLATE(assignments, K, Kinds) {
  using OI = typename K::template type<int>;
  using OL = typename K::template type<long>;
  using OC = typename K::template type<Counted>;
  using OV = typename K::template type<std::vector<int>>;

  OI i = 3;
  i = std::nullopt;
  BOOST_TEST(!i.has_value());
  i = 4;
  BOOST_TEST(*i == 4);
  i = {};  // braces empty it, for a scalar as for any type
  BOOST_TEST(!i.has_value());

  OL l;
  l = OI(8);  // from an optional of another type
  BOOST_TEST(*l == 8L);
  l = OI();
  BOOST_TEST(!l.has_value());

  Counted::alive = 0;
  {
    OC full(std::in_place, 1), empty;
    OC target;
    target = full;  // empty <- full: constructs
    BOOST_TEST(target->v == 1);
    BOOST_TEST(Counted::alive == 2);
    target = OC(std::in_place, 2);  // full <- full: assigns
    BOOST_TEST(target->v == 2);
    target = empty;  // full <- empty: destroys
    BOOST_TEST(!target.has_value());
    BOOST_TEST(Counted::alive == 1);
    Counted& made = target.emplace(5);  // emplace returns the new value
    BOOST_TEST(&made == &*target);
    target.emplace(6);  // and destroys the old one first
    BOOST_TEST(Counted::alive == 2);
  }
  BOOST_TEST(Counted::alive == 0);

  OV v;
  v.emplace({1, 2});
  BOOST_TEST(v->size() == 2u);
}

// [optional.swap]
BOOST_AUTO_TEST_CASE_TEMPLATE(swap_each_pairing, K, Kinds) {
  using OS = typename K::template type<std::string>;
  OS a("a"), b("b"), e1, e2;
  using std::swap;
  swap(a, b);
  BOOST_TEST((*a == "b" && *b == "a"));
  swap(a, e1);
  BOOST_TEST((!a.has_value() && *e1 == "b"));
  a.swap(e1);
  BOOST_TEST((*a == "b" && !e1.has_value()));
  swap(e1, e2);
  BOOST_TEST((!e1.has_value() && !e2.has_value()));
  static_assert(std::is_nothrow_swappable_v<OS> == std::is_nothrow_swappable_v<std::optional<std::string>>);
}

// [optional.observe]
BOOST_AUTO_TEST_CASE_TEMPLATE(observers, K, Kinds) {
  using OS = typename K::template type<std::string>;
  OS full("abc"), empty;
  BOOST_TEST(full->size() == 3u);
  BOOST_TEST(static_cast<bool>(full));
  BOOST_TEST(!static_cast<bool>(empty));
  BOOST_TEST(full.value() == "abc");
  BOOST_CHECK_THROW(empty.value(), std::bad_optional_access);
  BOOST_CHECK_THROW(std::move(empty).value(), std::bad_optional_access);
  BOOST_TEST(empty.value_or("fallback") == "fallback");
  BOOST_TEST(OS("kept").value_or("fallback") == "kept");
  std::string out = *std::move(full);  // *rvalue moves the value out
  BOOST_TEST(out == "abc");
  static_assert(std::is_same_v<decltype(*std::declval<OS>()), std::string&&>);
  static_assert(std::is_same_v<decltype(std::declval<const OS&>().value()), const std::string&>);
  static_assert(!std::is_convertible_v<OS, bool> && std::is_constructible_v<bool, OS>);  // explicit bool
}

// [optional.relops]: optionals of different value types, each operator by the same operator on the values.
BOOST_AUTO_TEST_CASE_TEMPLATE(compare_across_value_types, K, Kinds) {
  using OI = typename K::template type<int>;
  using OL = typename K::template type<long>;
  const OI is[] = {OI(), OI(1), OI(2)};
  const OL ls[] = {OL(), OL(1L), OL(2L)};
  // Expected from the rule: empty equals empty and orders before any value; values compare as values.
  auto rank = [](const auto& o) { return o ? static_cast<long>(*o) + 1 : 0L; };
  for (const auto& a : is)
    for (const auto& b : ls) {
      const long x = rank(a), y = rank(b);
      BOOST_TEST((a == b) == (x == y));
      BOOST_TEST((a != b) == (x != y));
      BOOST_TEST((a < b) == (x < y));
      BOOST_TEST((a <= b) == (x <= y));
      BOOST_TEST((a > b) == (x > y));
      BOOST_TEST((a >= b) == (x >= y));
      BOOST_TEST(((a <=> b) < 0) == (x < y));
      BOOST_TEST(((b <=> a) == 0) == (x == y));
    }
  BOOST_TEST((OI() == OL()));  // two empties of different types are equal

  // A type ordered by < alone: < works, <=> is not offered.
  using OLess = typename K::template type<LessOnly>;
  BOOST_TEST((OLess(LessOnly{1}) < OLess(LessOnly{2})));
  BOOST_TEST((OLess() < OLess(LessOnly{0})));
  static_assert(!std::three_way_comparable<OLess>);
}

// [optional.nullops]
BOOST_AUTO_TEST_CASE_TEMPLATE(compare_with_nullopt, K, Kinds) {
  using OI = typename K::template type<int>;
  OI empty, full = 0;
  BOOST_TEST((empty == std::nullopt));
  BOOST_TEST((std::nullopt == empty));
  BOOST_TEST((full != std::nullopt));
  BOOST_TEST((std::nullopt < full));
  BOOST_TEST(!(full < std::nullopt));
  BOOST_TEST((full > std::nullopt));
  BOOST_TEST((empty <= std::nullopt && empty >= std::nullopt));
  BOOST_TEST(((full <=> std::nullopt) == std::strong_ordering::greater));
  BOOST_TEST(((empty <=> std::nullopt) == std::strong_ordering::equal));
}

// [optional.comp.with.t]: with a value of another type, in both orders.
BOOST_AUTO_TEST_CASE_TEMPLATE(compare_with_a_value, K, Kinds) {
  using OI = typename K::template type<int>;
  OI empty, two = 2;
  BOOST_TEST((two == 2L && 2L == two));
  BOOST_TEST((empty != 2L && 2L != empty));
  BOOST_TEST((empty < 2L && !(2L < empty)));
  BOOST_TEST((two <= 2L && 2L <= two));
  BOOST_TEST((3L > two && !(empty > 2L)));
  BOOST_TEST((2L >= empty && !(empty >= 2L)));
  BOOST_TEST(((two <=> 3L) < 0));
  BOOST_TEST(((empty <=> -100L) < 0));
  BOOST_TEST(((3L <=> two) > 0));
  using OS = typename K::template type<std::string>;
  BOOST_TEST((OS("x") == "x"));
  BOOST_TEST(("x" == OS("x")));
}

// [optional.hash]
BOOST_AUTO_TEST_CASE_TEMPLATE(hash, K, Kinds) {
  using OI = typename K::template type<int>;
  using OS = typename K::template type<std::string>;
  BOOST_TEST(std::hash<OI>{}(OI(42)) == std::hash<int>{}(42));
  BOOST_TEST(std::hash<OS>{}(OS("k")) == std::hash<std::string>{}("k"));
  BOOST_TEST(std::hash<OI>{}(OI()) == std::hash<std::optional<int>>{}(std::nullopt));
  // Enabled exactly when the value type's hash is.
  static_assert(std::is_default_constructible_v<std::hash<OI>>);
  static_assert(!std::is_default_constructible_v<std::hash<typename K::template type<NoHash>>>);
}

// Triviality: copy, move and destruction are trivial for a trivially copyable value type, so an optional
// of one is trivially copyable too; not for other types.
BOOST_AUTO_TEST_CASE_TEMPLATE(triviality, K, Kinds) {
  using OI = typename K::template type<int>;
  using OP = typename K::template type<Point>;
  using OS = typename K::template type<std::string>;
  static_assert(std::is_trivially_copyable_v<OI> && std::is_trivially_destructible_v<OI>);
  static_assert(std::is_trivially_copy_constructible_v<OP> && std::is_trivially_move_assignable_v<OP>);
  static_assert(std::is_trivially_copyable_v<OP> && std::is_trivially_destructible_v<OP>);
  static_assert(!std::is_trivially_copy_constructible_v<OS> && !std::is_trivially_destructible_v<OS>);
  OP p(Point{1, 2});
  OP q = p;
  BOOST_TEST((q == Point{1, 2}));
}

// constexpr: construction, copies, assignment, emplace, reset, value_or and every comparison in a constant
// expression.
BOOST_AUTO_TEST_CASE_TEMPLATE(constant_expressions, K, Kinds) {
  static_assert(constant_evaluation<K>());
  constexpr typename K::template type<int> seven = 7;
  static_assert(*seven == 7 && seven.has_value() && seven.value() == 7);
  BOOST_TEST(constant_evaluation<K>());  // and the same at run time
}

// The deduction guide: the value's type, decayed.
BOOST_AUTO_TEST_CASE(deduction_guide_deduces_the_decayed_value_type) {
  static_assert(std::is_same_v<decltype(webapi::Optional(3)), webapi::Optional<int>>);
  static_assert(std::is_same_v<decltype(webapi::Optional("a")), webapi::Optional<const char*>>);
  static_assert(std::is_same_v<decltype(std::optional("a")), std::optional<const char*>>);
  BOOST_TEST(*webapi::Optional(3) == 3);
}

// Beyond the standard: Optional and std::optional convert into each other and compare with each other.
BOOST_AUTO_TEST_CASE(converts_and_compares_with_std_optional) {
  using webapi::Optional;
  std::optional<std::string> so = "from std";
  Optional<std::string> o = so;
  BOOST_TEST(*o == "from std");
  o = std::optional<std::string>();
  BOOST_TEST(!o);
  o = std::optional<std::string>("again");
  std::optional<std::string> back = o;
  BOOST_TEST(*back == "again");
  Optional<std::string> widened = std::optional<const char*>("widened");
  BOOST_TEST(*widened == "widened");
  widened = std::optional<const char*>();
  BOOST_TEST(!widened);
  auto takes_std = [](const std::optional<std::string>& s) { return s.value_or("none"); };
  BOOST_TEST(takes_std(o) == "again");
  BOOST_TEST(takes_std(Optional<std::string>()) == "none");

  Optional<int> none, one = 1;
  BOOST_TEST((one == std::optional<int>(1)));
  BOOST_TEST((none == std::optional<int>()));
  BOOST_TEST((none != std::optional<int>(1)));
  BOOST_TEST((std::optional<int>() == none));  // std::optional on the left as well
  BOOST_TEST((std::optional<int>(2) != one));
}

BOOST_AUTO_TEST_SUITE_END()
