#include <boost/test/unit_test.hpp>

#include <string>

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

BOOST_AUTO_TEST_SUITE_END()
