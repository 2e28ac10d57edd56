// The body limits: a form body with more fields, or a multipart body with more parts, than the limit is
// refused with 413 before anything splits it (the context is never made, so no handler and no Params see it);
// at the limit it goes through. And the credential secret, which makes a served demo's keys differ per start.

#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/core/body_limits.hpp>
#include <webapi/fakes/core/dispatcher.hpp>
#include <webapi/fakes/core/store.hpp>

using namespace webapi;
using namespace webapi::fakes;

namespace body_limits {

struct Ctx {};

/// "a=1&a=1&...": `n` fields.
std::string form_of(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += i ? "&a=1" : "a=1";
  return out;
}

/// A multipart/form-data body of `n` tiny parts with boundary "b".
std::string parts_of(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += "--b\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\nx\r\n";
  return out + "--b--\r\n";
}

struct Served {
  Dispatcher<Ctx> d;
  int contexts_made = 0;
  Served() {
    d.router().add(Method::post, "/form", "post_form", [](Ctx&, const Request& r) {
      return json_response({{"fields", Params::from(r).all("a").size()}});
    });
  }
  Result<Response> post(std::string content_type, std::string body) {
    Request r;
    r.method = Method::post;
    r.path = "/form";
    r.content_type = std::move(content_type);
    r.body = std::move(body);
    return d.dispatch(r, ManualClock::default_start(), [this](const auto&, Captures&&) {
      ++contexts_made;
      return Ctx{};
    });
  }
};

std::string message(const Response& r) {
  return std::string(boost::json::parse(r.body).at("error").at("message").as_string());
}

BOOST_AUTO_TEST_SUITE(body_limits)

BOOST_AUTO_TEST_CASE(fields_are_counted_without_empty_pieces_and_only_one_past_the_limit) {
  BOOST_TEST(form_field_count("", 10) == 0u);
  BOOST_TEST(form_field_count("a=1&&b&", 10) == 2u);
  BOOST_TEST(form_field_count("&&&", 10) == 0u);
  BOOST_TEST(form_field_count(std::string(1'000'000, '&') + "a", 10) == 1u);
  BOOST_TEST(form_field_count(form_of(5000), 10) == 11u);  // stops at one past the limit
}

BOOST_AUTO_TEST_CASE(parts_are_counted_by_their_delimiters) {
  BOOST_TEST(multipart_part_count(parts_of(0), "b", 10) == 0u);
  BOOST_TEST(multipart_part_count(parts_of(1), "b", 10) == 1u);
  BOOST_TEST(multipart_part_count("preamble\r\n" + parts_of(3), "b", 10) == 3u);
  BOOST_TEST(multipart_part_count(parts_of(500), "b", 10) == 11u);
}

BOOST_FIXTURE_TEST_CASE(a_form_of_1001_fields_is_refused_413_unsplit_and_1000_pass, Served) {
  BOOST_TEST(d.body_limits().max_form_fields == 1000u);
  auto over = post("application/x-www-form-urlencoded", form_of(1001));
  BOOST_REQUIRE(over);
  BOOST_TEST(over->status == 413);
  BOOST_TEST(message(*over).find("more than 1000 fields") != std::string::npos, message(*over));
  BOOST_TEST(message(*over).find("max_form_fields") != std::string::npos);
  BOOST_TEST(contexts_made == 0);
  BOOST_TEST(d.journal().last()->status == 413);

  auto at = post("application/x-www-form-urlencoded; charset=utf-8", form_of(1000));
  BOOST_REQUIRE(at);
  BOOST_TEST(at->status == 200);
  BOOST_TEST(boost::json::parse(at->body).at("fields").as_int64() == 1000);
}

BOOST_FIXTURE_TEST_CASE(a_multipart_body_of_101_parts_is_refused_413_and_100_pass, Served) {
  auto over = post("multipart/form-data; boundary=b", parts_of(101));
  BOOST_REQUIRE(over);
  BOOST_TEST(over->status == 413);
  BOOST_TEST(message(*over).find("more than 100 parts") != std::string::npos, message(*over));
  BOOST_TEST(message(*over).find("max_multipart_parts") != std::string::npos);
  BOOST_TEST(contexts_made == 0);
  BOOST_TEST(post("multipart/form-data; boundary=b", parts_of(100))->status == 200);
  BOOST_TEST(contexts_made == 1);
}

BOOST_FIXTURE_TEST_CASE(the_limits_are_settable_and_other_bodies_are_not_counted, Served) {
  d.set_body_limits({.max_form_fields = 3, .max_multipart_parts = 2});
  BOOST_TEST(post("application/x-www-form-urlencoded", form_of(3))->status == 200);
  BOOST_TEST(post("application/x-www-form-urlencoded", form_of(4))->status == 413);
  BOOST_TEST(post("multipart/form-data; boundary=b", parts_of(2))->status == 200);
  BOOST_TEST(post("multipart/form-data; boundary=b", parts_of(3))->status == 413);
  // The same bytes as another media type are not split as a form, so not counted as one.
  BOOST_TEST(post("text/plain", form_of(10))->status == 200);
  d.reset();
  BOOST_TEST(d.body_limits().max_form_fields == 3u);  // reset() keeps them
}

BOOST_AUTO_TEST_CASE(the_credential_secret_changes_every_token_and_the_same_secret_gives_the_same) {
  const std::string plain = deterministic_token("k-", 1, "salt");
  BOOST_TEST(deterministic_token("k-", 1, "salt") == plain);  // no secret: the same on every run
  set_credential_secret(credential_secret_from("one"));
  const std::string one = deterministic_token("k-", 1, "salt");
  BOOST_TEST(one != plain);
  BOOST_TEST(one.starts_with("k-"));
  BOOST_TEST(one.size() == plain.size());
  set_credential_secret(credential_secret_from("two"));
  BOOST_TEST(deterministic_token("k-", 1, "salt") != one);
  set_credential_secret(credential_secret_from("one"));
  BOOST_TEST(deterministic_token("k-", 1, "salt") == one);
  set_credential_secret(random_credential_secret());
  const std::string drawn = deterministic_token("k-", 1, "salt");
  set_credential_secret(random_credential_secret());
  BOOST_TEST(deterministic_token("k-", 1, "salt") != drawn);
  set_credential_secret(0);
  BOOST_TEST(deterministic_token("k-", 1, "salt") == plain);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace body_limits
