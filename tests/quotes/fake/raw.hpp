#pragma once
// Sending hand-built requests to a fake and reading its JSON answers, for tests below the typed client.

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>

namespace test {

struct Call {
  webapi::Method method = webapi::Method::get;
  std::string path;
  std::string key;  ///< sent in X-Service-Api-Secret when not empty
  std::vector<webapi::QueryParam> query{};
  std::string body{};
  std::string content_type{};
};

inline webapi::Request request(const Call& c) {
  webapi::Request r;
  r.method = c.method;
  r.base_url = "http://fake";
  r.path = c.path;
  r.query = c.query;
  r.body = c.body;
  r.content_type = c.content_type;
  if (!c.key.empty()) r.headers.set("X-Service-Api-Secret", c.key);
  return r;
}

/// Sends `c`; a transport error fails the test.
template <class Fake>
webapi::Response send(Fake& fake, const Call& c) {
  auto result = fake.send(request(c));
  BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
  return *result;
}

inline boost::json::value json(const webapi::Response& r) {
  boost::system::error_code ec;
  auto v = boost::json::parse(r.body, ec);
  BOOST_REQUIRE_MESSAGE(!ec, "body is not JSON: " << r.body);
  return v;
}

inline const boost::json::object& contents(const boost::json::value& v) {
  BOOST_REQUIRE_MESSAGE(v.is_object() && v.as_object().contains("contents"), "no contents in " << v);
  return v.at("contents").as_object();
}

inline std::string str(const boost::json::value& v) { return std::string(v.as_string()); }

/// The error message of an error body, after checking its shape and code.
inline std::string error_message(const webapi::Response& r) {
  auto v = json(r);
  BOOST_REQUIRE_MESSAGE(v.is_object() && v.as_object().contains("error"), "no error object in " << r.body);
  BOOST_TEST(v.at("error").at("code").to_number<int>() == r.status);
  return str(v.at("error").at("message"));
}

/// The ids of contents.quotes, in order.
inline std::vector<std::string> quote_ids(const webapi::Response& r) {
  std::vector<std::string> ids;
  const auto body = json(r);
  for (const auto& q : contents(body).at("quotes").as_array()) ids.push_back(str(q.at("id")));
  return ids;
}

}  // namespace test
