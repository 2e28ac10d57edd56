// Whatever a handler or a context builder throws, dispatch() answers: a 500 naming the operation.

#include <stdexcept>
#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/core/dispatcher.hpp>

using namespace webapi;
using namespace webapi::fakes;

namespace failures {

struct Ctx {};

Request get(std::string path) {
  Request r;
  r.method = Method::get;
  r.path = std::move(path);
  return r;
}

struct Throwing {
  Dispatcher<Ctx> d;
  Throwing() {
    d.router()
        .add(Method::get, "/runtime", "get_runtime", [](Ctx&) -> Response { throw std::runtime_error("disk on fire"); })
        .add(Method::get, "/int", "get_int", [](Ctx&) -> Response { throw 42; })
        .add(Method::get, "/alloc", "get_alloc", [](Ctx&) -> Response { throw std::bad_alloc(); })
        .add(Method::get, "/fine", "get_fine", [](Ctx&) { return json_response({{"ok", true}}); });
  }
  Result<Response> send(const Request& r) {
    return d.dispatch(r, ManualClock::default_start(), [](const auto&, Captures&&) { return Ctx{}; });
  }
};

std::string message(const Response& r) {
  return std::string(boost::json::parse(r.body).at("error").at("message").as_string());
}

BOOST_FIXTURE_TEST_SUITE(dispatcher_failures, Throwing)

BOOST_AUTO_TEST_CASE(a_std_exception_in_a_handler_is_a_500_naming_the_operation) {
  auto r = send(get("/runtime"));
  BOOST_REQUIRE(r);
  BOOST_TEST(r->status == 500);
  BOOST_TEST(message(*r).find("'get_runtime'") != std::string::npos);
  BOOST_TEST(message(*r).find("disk on fire") != std::string::npos);
  BOOST_TEST(boost::json::parse(r->body).at("error").at("operation").as_string() == "get_runtime");
  BOOST_TEST(d.journal().last()->status == 500);
  BOOST_TEST(send(get("/alloc"))->status == 500);
}

BOOST_AUTO_TEST_CASE(anything_else_thrown_is_a_500_naming_the_operation_too) {
  auto r = send(get("/int"));
  BOOST_REQUIRE(r);
  BOOST_TEST(r->status == 500);
  BOOST_TEST(message(*r).find("'get_int'") != std::string::npos);
  BOOST_TEST(send(get("/fine"))->status == 200);  // and the next call is served as ever
}

BOOST_AUTO_TEST_CASE(an_exception_in_the_context_builder_is_a_500_naming_the_operation) {
  auto r = d.dispatch(get("/fine"), ManualClock::default_start(),
                      [](const auto&, Captures&&) -> Ctx { throw std::logic_error("no session"); });
  BOOST_REQUIRE(r);
  BOOST_TEST(r->status == 500);
  BOOST_TEST(message(*r).find("'get_fine'") != std::string::npos);
  BOOST_TEST(message(*r).find("no session") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_error_format_that_throws_still_gives_a_500) {
  d.set_error_format([](int, std::string_view, boost::json::object) -> Response {
    throw std::runtime_error("format broke");
  });
  auto r = send(get("/runtime"));
  BOOST_REQUIRE(r);
  BOOST_TEST(r->status == 500);
  BOOST_TEST(r->body.find("get_runtime") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace failures
