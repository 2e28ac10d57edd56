// Text from a peer is escaped before it reaches a log line or an exception's what().

#include <boost/test/unit_test.hpp>

#include <webapi/core/error.hpp>
#include <webapi/core/printable.hpp>

BOOST_AUTO_TEST_SUITE(printable)

BOOST_AUTO_TEST_CASE(control_characters_are_escaped_and_the_rest_kept) {
  BOOST_TEST(webapi::escape_controls("a\r\nb\tc") == "a\\r\\nb\\tc");
  BOOST_TEST(webapi::escape_controls("\x1b[31mred\x7f") == "\\x1b[31mred\\x7f");
  BOOST_TEST(webapi::escape_controls(std::string_view("nul\0!", 5)) == "nul\\x00!");
  BOOST_TEST(webapi::escape_controls("caf\xc3\xa9 \\ \"q\"") == "caf\xc3\xa9 \\ \"q\"");
}

BOOST_AUTO_TEST_CASE(an_errors_what_is_one_line_whatever_the_service_said) {
  webapi::Error e = webapi::make_error(webapi::ErrorKind::http, "denied\r\nX-Forged: 1\x1b]0;title\x07", "get_me");
  e.status = 403;
  std::string what = e.what();
  BOOST_TEST(what == "get_me: http 403: denied\\r\\nX-Forged: 1\\x1b]0;title\\x07");
  BOOST_TEST(what.find('\n') == std::string::npos);
  BOOST_TEST(e.message.find('\n') != std::string::npos);  // the message itself keeps what was said
}

BOOST_AUTO_TEST_SUITE_END()
