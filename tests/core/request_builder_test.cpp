#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <vector>

#include <boost/describe/class.hpp>

#include <webapi/core/auth.hpp>
#include <webapi/core/form_body.hpp>
#include <webapi/core/open_enum.hpp>
#include <webapi/core/request_builder.hpp>
#include <webapi/core/validate.hpp>

using namespace webapi;

namespace {
enum class Kind { track, play_list };
constexpr auto wire_values(Kind) noexcept {
  return std::array<EnumValue<Kind>, 2>{{{Kind::track, "track"}, {Kind::play_list, "play-list"}}};
}
}  // namespace

BOOST_AUTO_TEST_SUITE(request_builder)

BOOST_AUTO_TEST_CASE(path_parameters_are_one_segment_each) {
  auto r = RequestBuilder(Method::get, "get_tracks_track_id_comments", "https://api.test")
               .path("/tracks/")
               .segment("track_id", std::string("../admin"))
               .path("/comments")
               .build();
  BOOST_REQUIRE(r);
  BOOST_TEST(r->path == "/tracks/..%2Fadmin/comments");
  BOOST_TEST(r->operation == "get_tracks_track_id_comments");

  auto n = RequestBuilder(Method::get, "op", "").path("/users/").segment("user_id", 42).build();
  BOOST_TEST(n->path == "/users/42");
}

BOOST_AUTO_TEST_CASE(empty_path_parameter_is_refused_by_name) {
  auto r = RequestBuilder(Method::delete_, "delete_tracks_track_id", "").path("/tracks/").segment("track_id", "").build();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(r.error().operation == "delete_tracks_track_id");
  BOOST_TEST(r.error().message == "path parameter 'track_id' is empty");
}

BOOST_AUTO_TEST_CASE(resource_names_keep_their_slashes_but_must_match_the_pattern) {
  constexpr std::string_view pattern = "projects/*/locations/*/sources/*";
  auto ok = RequestBuilder(Method::get, "sources_get", "")
                .path("/v1alpha1/")
                .resource_name("name", "projects/p 1/locations/us-central1/sources/s1", pattern)
                .build();
  BOOST_REQUIRE(ok);
  BOOST_TEST(ok->path == "/v1alpha1/projects/p%201/locations/us-central1/sources/s1");

  for (const char* bad : {"projects/p1/locations/l1/assets/a1", "projects/p1/locations/l1/sources",
                          "projects/p1/locations/l1/sources/s1/x", "projects/../locations/l1/sources/s1",
                          "projects//locations/l1/sources/s1", ""}) {
    auto r = RequestBuilder(Method::get, "sources_get", "").path("/v1alpha1/").resource_name("name", bad, pattern).build();
    BOOST_TEST_CONTEXT(bad) {
      BOOST_REQUIRE(!r);
      BOOST_TEST(r.error().message ==
                 "path parameter 'name' must be a resource name of the form 'projects/*/locations/*/sources/*'");
    }
  }
  auto tail = RequestBuilder(Method::get, "op", "").path("/").resource_name("name", "projects/p/a/b", "projects/**").build();
  BOOST_TEST(tail->path == "/projects/p/a/b");
}

BOOST_AUTO_TEST_CASE(query_values_by_type_optional_and_arrays) {
  std::optional<std::string> none;
  std::optional<int> min = 20;
  std::vector<std::string> tags{"a", "b c"};
  auto r = RequestBuilder(Method::get, "op", "")
               .path("/q")
               .query("category", std::string("life"))
               .query("author", none)
               .query("minlength", min)
               .query("private", true)
               .query("ratio", 0.25)
               .query("kind", Kind::play_list)
               .query("tags", tags)
               .query_joined("ids", std::vector<int>{1, 2, 3})
               .build();
  BOOST_REQUIRE(r);
  std::vector<QueryParam> want{{"category", "life"}, {"minlength", "20"}, {"private", "true"}, {"ratio", "0.25"},
                               {"kind", "play-list"}, {"tags", "a"},        {"tags", "b c"},      {"ids", "1,2,3"}};
  BOOST_TEST((r->query == want));
  BOOST_TEST(url::target(*r) == "/q?category=life&minlength=20&private=true&ratio=0.25&kind=play-list&tags=a&tags=b%20c&ids=1%2C2%2C3");
}

struct KindForm {
  webapi::OpenEnum<Kind> kind;
  std::optional<std::vector<webapi::OpenEnum<Kind>>> also;
};
BOOST_DESCRIBE_STRUCT(KindForm, (), (kind, also))

BOOST_AUTO_TEST_CASE(open_enums_travel_as_their_wire_string_known_or_raw) {
  using K = webapi::OpenEnum<Kind>;
  auto r = RequestBuilder(Method::get, "op", "")
               .path("/q")
               .query("kind", K{Kind::play_list})
               .query("insist", K::raw("album"))
               .query("kinds", std::vector<K>{Kind::track, K::raw("mix")})
               .build();
  BOOST_REQUIRE(r);
  std::vector<QueryParam> want{{"kind", "play-list"}, {"insist", "album"}, {"kinds", "track"}, {"kinds", "mix"}};
  BOOST_TEST((r->query == want));

  RequestBuilder form(Method::post, "op", "");
  form.path("/f");
  webapi::form_fields(form, KindForm{.kind = K::raw("new value"), .also = std::vector<K>{Kind::play_list}});
  auto f = form.build();
  BOOST_REQUIRE(f);
  BOOST_TEST(f->body == "kind=new%20value&also=play-list");
}

BOOST_AUTO_TEST_CASE(header_with_cr_or_lf_is_refused_before_sending) {
  auto r = RequestBuilder(Method::get, "op", "").path("/").header("X-Trace", std::string("a\r\nInjected: 1")).build();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(r.error().message == "header 'X-Trace' value contains CR or LF");
  BOOST_TEST(r.error().message.find("Injected") == std::string::npos);

  auto name = RequestBuilder(Method::get, "op", "").path("/").header("Bad Name", "x").build();
  BOOST_REQUIRE(!name);
  BOOST_TEST(name.error().message.find("header name 'Bad Name'") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(header_with_any_control_character_but_tab_is_refused) {
  for (char c : {'\x01', '\x08', '\x0b', '\x0c', '\x1b', '\x1f', '\x7f'}) {
    auto r = RequestBuilder(Method::get, "op", "").path("/").header("X-Trace", std::string("a") + c + "b").build();
    BOOST_REQUIRE(!r);
    BOOST_TEST(r.error().kind == ErrorKind::invalid_argument);
    BOOST_TEST(r.error().message == "header 'X-Trace' value contains a control character", int(c));
  }
  BOOST_TEST(RequestBuilder(Method::get, "op", "").path("/").header("X-Trace", "a\tb").build().has_value());
}

BOOST_AUTO_TEST_CASE(a_bad_byte_anywhere_in_a_long_or_short_header_is_found) {
  // Names and values are looked at sixteen bytes at a time, then byte by byte: every position is checked.
  using webapi::header_problem;
  for (std::size_t size = 1; size <= 40; ++size)
    for (std::size_t at = 0; at < size; ++at) {
      std::string value(size, 'v');
      value[at] = '\n';
      BOOST_TEST(header_problem("X-Long", value).value_or("") == "header 'X-Long' value contains CR or LF");
      value[at] = '\0';
      BOOST_TEST(header_problem("X-Long", value).value_or("") == "header 'X-Long' value contains a NUL byte");
      value[at] = '\x7f';
      BOOST_TEST(header_problem("X-Long", value).value_or("") == "header 'X-Long' value contains a control character");
      value[at] = '\t';  // HTAB, SP and obs-text may stand in a value
      BOOST_TEST(!header_problem("X-Long", value));
      value[at] = '\xe9';
      BOOST_TEST(!header_problem("X-Long", value));
      std::string name(size, 'n');
      name[at] = ' ';
      BOOST_TEST(header_problem(name, "v").value_or("").find("holds a character not allowed") != std::string::npos);
      name[at] = '~';
      BOOST_TEST(!header_problem(name, "v"));
    }
}

BOOST_AUTO_TEST_CASE(first_problem_wins) {
  auto r = RequestBuilder(Method::get, "op", "").path("/a/").segment("first", "").segment("second", "").build();
  BOOST_TEST(r.error().message == "path parameter 'first' is empty");
}

BOOST_AUTO_TEST_CASE(form_body_is_url_encoded) {
  auto r = RequestBuilder(Method::post, "post_oauth2_token", "")
               .path("/oauth2/token")
               .form("grant_type", "authorization_code")
               .form("redirect_uri", "https://app.test/cb?x=1")
               .build();
  BOOST_REQUIRE(r);
  BOOST_TEST(r->content_type == "application/x-www-form-urlencoded");
  BOOST_TEST(r->body == "grant_type=authorization_code&redirect_uri=https%3A%2F%2Fapp.test%2Fcb%3Fx%3D1");
}

BOOST_AUTO_TEST_CASE(missing_credential_is_an_auth_error_naming_it) {
  auth::BearerToken none{""};
  auto r = RequestBuilder(Method::get, "get_me", "").path("/me").credential(none, "access_token").build();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::auth);
  BOOST_TEST(r.error().message == "missing credential: access_token");
}

BOOST_AUTO_TEST_CASE(idempotency_defaults_from_method_and_can_be_overridden) {
  auto post = RequestBuilder(Method::post, "op", "").path("/").build();
  BOOST_TEST(!post->is_idempotent());
  auto marked = RequestBuilder(Method::post, "op", "").path("/").idempotent(true).build();
  BOOST_TEST(marked->is_idempotent());
  auto get = RequestBuilder(Method::get, "op", "").path("/").build();
  BOOST_TEST(get->is_idempotent());
}

BOOST_AUTO_TEST_SUITE_END()
