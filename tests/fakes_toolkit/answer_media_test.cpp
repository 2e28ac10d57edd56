// Answers carry the media type the operation's description lists for their status, exactly as written; and
// the exchange records that let tools outside the project judge every answer.

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/operation.hpp>
#include <webapi/core/operation_answer.hpp>
#include <webapi/core/operation_body.hpp>
#include <webapi/core/operation_parameter.hpp>
#include <webapi/fakes/core/dispatcher.hpp>
#include <webapi/fakes/core/exchange_log.hpp>

using namespace webapi;
using namespace webapi::fakes;

namespace answer_media {

// A module's tables as the generator writes them, small enough to read.
inline constexpr std::array<Operation, 4> ops{{
    {"get_thing", Method::get, "/things/{id}"},
    {"get_raw", Method::get, "/raw"},
    {"delete_thing", Method::delete_, "/things/{id}"},
    {"put_thing", Method::put, "/things/{id}"},
}};
inline constexpr std::array<OperationParameter, 0> params{};
inline constexpr std::array<OperationBody, 0> bodies{};
inline constexpr std::array<OperationAnswer, 9> answers{{
    {"delete_thing", "200", ""},
    {"delete_thing", "404", ""},
    {"put_thing", "204", ""},
    {"get_thing", "200", "application/vnd.example-v1+json;charset=UTF-8"},
    {"get_thing", "404", "application/json; charset=utf-8"},
    {"get_thing", "4XX", "application/problem+json"},
    {"get_thing", "default", "application/json"},
    {"get_raw", "200", "text/plain"},
    {"get_raw", "500", ""},
}};
struct service {
  static constexpr std::string_view name = "example";
  static constexpr const auto& operations = ops;
  static constexpr const auto& parameters = params;
  static constexpr const auto& bodies = answer_media::bodies;
  static constexpr const auto& answers = answer_media::answers;
  template <std::size_t>
  struct request_model {
    using type = void;
  };
};

struct Ctx {};

struct Served {
  Dispatcher<Ctx> d;
  int status = 200;
  Served() {
    DeclaredRoutes<service, Ctx, Dispatcher<Ctx>::RouterType>(d.router())
        .on<"get_thing">([this](Ctx&) {
          if (status >= 400) fail(status, "refused");
          return json_response(status, boost::json::object{{"id", "t1"}});
        })
        .on<"get_raw">([this](Ctx&) { return bytes_response(status, "plain", "text/plain"); })
        .on<"delete_thing">([](Ctx&) { return Response{.status = 204}; })
        .on<"put_thing">([](Ctx&) { return Response{.status = 204}; });
  }
  Response get(std::string path, Method m = Method::get) {
    Request r;
    r.method = m;
    r.path = std::move(path);
    return *d.dispatch(r, ManualClock::default_start(), [](const auto&, Captures&&) { return Ctx{}; });
  }
};

BOOST_FIXTURE_TEST_SUITE(answers_media, Served)

BOOST_AUTO_TEST_CASE(a_json_answer_takes_the_listed_type_with_its_parameters) {
  BOOST_TEST(get("/things/t1").content_type() == "application/vnd.example-v1+json;charset=UTF-8");
}

BOOST_AUTO_TEST_CASE(the_exact_status_wins_over_its_range_and_default) {
  status = 404;
  BOOST_TEST(get("/things/t1").content_type() == "application/json; charset=utf-8");
  status = 409;
  BOOST_TEST(get("/things/t1").content_type() == "application/problem+json");
  status = 503;
  BOOST_TEST(get("/things/t1").content_type() == "application/json");
}

BOOST_AUTO_TEST_CASE(an_answer_that_is_not_json_keeps_its_type) {
  BOOST_TEST(get("/raw").content_type() == "text/plain");
}

BOOST_AUTO_TEST_CASE(a_status_listed_without_a_json_type_keeps_the_handlers_type) {
  status = 500;  // get_raw lists 500 without content; the error body stays plain application/json
  BOOST_TEST(get("/raw").content_type() == "text/plain");
  BOOST_TEST(listed_json_media_type(d.router().routes()[1].rules, 500).empty());
}

BOOST_AUTO_TEST_CASE(an_empty_success_takes_the_status_listed_for_one) {
  BOOST_TEST(get("/things/t1", Method::delete_).status == 200);
  BOOST_TEST(get("/things/t1", Method::put).status == 204);  // listed as it is: unchanged
}

BOOST_AUTO_TEST_CASE(answers_outside_any_route_are_left_alone) {
  BOOST_TEST(get("/nowhere").content_type() == "application/json");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(exchange_records_hold_what_a_validator_needs) {
  auto folder = std::filesystem::temp_directory_path() / "webapi-exchange-log-test";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::string path;
  {
    ExchangeLog log(folder.string());
    BOOST_TEST(log.enabled());
    Request q;
    q.path = "/things/t%2F1";
    q.query = {{"view", "full"}};
    q.headers.set("Authorization", "Bearer x");
    q.body = "{\"a\":1}";
    q.content_type = "application/json";
    Response a;
    a.status = 201;
    a.headers.set("Content-Type", "image/png");
    a.body = std::string("\x89PNG\0\xff", 6);
    log.write("example", "get_thing", q, a);
    log.write("example", "get_thing", q, a);
    path = log.path_of("example");
  }
  std::ifstream in(path);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    auto v = boost::json::parse(line).as_object();
    BOOST_TEST(v.at("api").as_string() == "example");
    BOOST_TEST(v.at("operation").as_string() == "get_thing");
    BOOST_TEST(v.at("method").as_string() == "GET");
    BOOST_TEST(v.at("path").as_string() == "/things/t%2F1");
    BOOST_TEST(v.at("query").at(0).at(1).as_string() == "full");
    BOOST_TEST(v.at("request_body").as_string() == "{\"a\":1}");
    BOOST_TEST(boost::json::serialize(v.at("request_headers")).find("Content-Type") != std::string::npos);
    BOOST_TEST(v.at("status").as_int64() == 201);
    BOOST_TEST(!v.contains("response_body"));  // not UTF-8: carried as base64
    BOOST_TEST(v.at("response_body_base64").as_string() == "iVBORwD/");
  }
  BOOST_TEST(lines == 2);
  std::filesystem::remove_all(folder);
}

BOOST_AUTO_TEST_CASE(without_a_folder_nothing_is_written) {
  ExchangeLog log("");
  BOOST_TEST(!log.enabled());
  log.write("example", "get_thing", Request{}, Response{});  // a no-op, not a crash on a missing file
}

}  // namespace answer_media
