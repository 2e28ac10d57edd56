#include <boost/test/unit_test.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include <webapi/core/result.hpp>

using namespace webapi;

BOOST_AUTO_TEST_SUITE(result)

BOOST_AUTO_TEST_CASE(value_is_returned_and_error_throws_exception_with_the_error) {
  Result<int> ok = 7;
  BOOST_TEST(ok.has_value());
  BOOST_TEST(ok.value() == 7);
  BOOST_TEST(ok.value_or(1) == 7);

  Error e = make_error(ErrorKind::http, "server answered 404", "get_quote");
  e.status = 404;
  Result<int> bad = e;
  BOOST_TEST(!bad);
  BOOST_TEST(bad.value_or(1) == 1);
  BOOST_TEST(bad.error().status == 404);
  try {
    (void)bad.value();
    BOOST_FAIL("value() should have thrown");
  } catch (const Exception& ex) {
    BOOST_TEST(ex.error() == e);
    BOOST_TEST(std::string(ex.what()) == "get_quote: http 404: server answered 404");
  }
}

BOOST_AUTO_TEST_CASE(void_result) {
  Result<void> ok;
  BOOST_TEST(ok.has_value());
  BOOST_CHECK_NO_THROW(ok.value());
  Result<void> bad = make_error(ErrorKind::auth, "missing credential: api_key");
  BOOST_TEST(!bad);
  BOOST_CHECK_THROW(bad.value(), Exception);
  BOOST_TEST(bad.error().what() == "auth: missing credential: api_key");
}

BOOST_AUTO_TEST_CASE(move_out_of_rvalue_result) {
  Result<std::string> r = std::string(100, 'x');
  std::string s = std::move(r).value();
  BOOST_TEST(s.size() == 100u);
}

// A loop over a call's answer, `for (auto& x : *client.list())`, must not iterate a destroyed value: on a
// temporary Result, * and value() hand the value over rather than a reference into the temporary.
static_assert(std::is_same_v<decltype(*Result<std::vector<int>>(std::vector<int>{})), std::vector<int>>);
static_assert(std::is_same_v<decltype(Result<std::vector<int>>(std::vector<int>{}).value()), std::vector<int>>);

Result<std::vector<std::string>> names() { return std::vector<std::string>{std::string(40, 'a'), "b"}; }

BOOST_AUTO_TEST_CASE(a_loop_over_a_temporary_result_iterates_a_live_value) {
  std::string joined;
  for (const auto& n : *names()) joined += n;
  for (const auto& n : names().value()) joined += n;
  BOOST_TEST(joined == std::string(40, 'a') + "b" + std::string(40, 'a') + "b");
}

BOOST_AUTO_TEST_SUITE_END()
