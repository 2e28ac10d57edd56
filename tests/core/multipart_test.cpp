#include <boost/test/unit_test.hpp>

#include <webapi/core/multipart.hpp>

using namespace webapi;

BOOST_AUTO_TEST_SUITE(multipart)

BOOST_AUTO_TEST_CASE(body_has_each_part_and_a_boundary_that_occurs_nowhere_else) {
  MultipartForm form;
  form.field("tags", "sea,sky").file("image", "bg.png", std::string("\x89PNG\r\n\0--x", 11), "image/png");
  std::string ct = form.content_type();
  BOOST_TEST(ct.rfind("multipart/form-data; boundary=", 0) == 0u);
  std::string boundary = ct.substr(ct.find('=') + 1);
  std::string body = form.body();
  BOOST_TEST(body.find("--" + boundary + "\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nsea,sky\r\n") == 0u);
  BOOST_TEST(body.find("name=\"image\"; filename=\"bg.png\"\r\nContent-Type: image/png\r\n\r\n") != std::string::npos);
  BOOST_TEST(body.find(std::string("\x89PNG\r\n\0--x", 11)) != std::string::npos);
  BOOST_TEST(body.substr(body.size() - boundary.size() - 6) == "--" + boundary + "--\r\n");
  // the boundary appears exactly three times: two part delimiters and the close delimiter
  std::size_t count = 0;
  for (auto pos = body.find(boundary); pos != std::string::npos; pos = body.find(boundary, pos + 1)) ++count;
  BOOST_TEST(count == 3u);
}

BOOST_AUTO_TEST_CASE(quotes_in_names_cannot_break_the_header) {
  MultipartForm form;
  form.file("file", "a\"b\r\n.ttf", "x");
  BOOST_TEST(form.body().find("filename=\"a%22b%0D%0A.ttf\"") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
