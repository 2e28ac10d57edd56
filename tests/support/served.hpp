#pragma once
// The served form of a module's asynchronous-twin test: the blocking methods still run against the
// in-process fake, the twins are co_awaited against webapi-fake-server over BeastTransport, on an io_context
// of the test's own. tests/support/async_served.sh starts the server and names it in the environment:
//
//   WEBAPI_SERVED_BASE_URL       http://127.0.0.1:<port> of a webapi-fake-server-<module>
//   WEBAPI_SERVED_CONTROL_TOKEN  what its control plane wants in X-Webapi-Control
//
// Without the base URL the served suite is skipped (configured, a Boost.Test precondition).
//
//   BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))
//   BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
//     test::served::Fake served;                                    // the server the environment names
//     fq::CompiledFake fake;
//     Side b{fake, fake.seed_demo(), served.base_url()};            // blocking, in process
//     Side a{served.transport(), served.seed_demo(), served.base_url()};  // asynchronous, over HTTP
//     served.run([&] { return twins(b, a); });
//     BOOST_TEST(served.journal_size() == fake.requests().size());
//   }
//
// Both sides start from the demo data set: seed_demo() resets the served fake and seeds it again, and with
// `--clock frozen` its clock is back at 2024-01-01T00:00:00Z as an in-process fake's is. Their credentials
// differ (the server draws its own), so each side's clients hold their own; both sides' clients name the
// served base URL, so the links the fakes put in their answers agree.

#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/request.hpp>
#include <webapi/transport/beast_transport.hpp>

#include "async_twins.hpp"

namespace test::served {

/// A fake's demo credentials, NAME and value, in the order its seed_demo() gives them.
using Credentials = std::vector<std::pair<std::string, std::string>>;

/// The variable `name`, if set and not empty.
inline std::optional<std::string> env(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}

/// The precondition of a served suite: WEBAPI_SERVED_BASE_URL is set.
struct configured {
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    boost::test_tools::assertion_result r(env("WEBAPI_SERVED_BASE_URL").has_value());
    r.message() << "WEBAPI_SERVED_BASE_URL is not set (tests/support/async_served.sh sets it)";
    return r;
  }
};

/// `config` with `base_url` as its base URL, unless that is empty (the module's own default then).
template <class Config>
Config at(const std::string& base_url, Config config) {
  if (!base_url.empty()) config.base_url = base_url;
  return config;
}

/// A form for test::ComparedAs: the text with the members named `names` taken out of every object at any
/// depth when it is JSON, the text itself when it is not.
inline std::function<std::string(const std::string&)> without_members(std::vector<std::string> names) {
  return [names = std::move(names)](const std::string& text) {
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(text, ec);
    if (ec) return text;
    auto strip = [&](auto& self, boost::json::value& at) -> void {
      if (auto* o = at.if_object()) {
        for (const auto& name : names) o->erase(name);
        for (auto& member : *o) self(self, member.value());
      } else if (auto* a = at.if_array()) {
        for (auto& item : *a) self(self, item);
      }
    };
    strip(strip, v);
    return boost::json::serialize(v);
  };
}

/// The served fake the environment names: the transport the twins go through (on io()), and the control
/// plane, reached through a blocking transport of its own so that seeding needs no running io_context.
class Fake {
 public:
  Fake()
      : base_url_(env("WEBAPI_SERVED_BASE_URL").value_or("")),
        token_(env("WEBAPI_SERVED_CONTROL_TOKEN").value_or("")),
        // Straight to the loopback server, whatever proxy the environment names.
        async_(io_.get_executor(), webapi::BeastTransportOptions{.proxy = webapi::ProxyConfig{}}),
        blocking_(webapi::BeastTransportOptions{.proxy = webapi::ProxyConfig{}}) {
    BOOST_REQUIRE_MESSAGE(!base_url_.empty(), "WEBAPI_SERVED_BASE_URL is not set");
    BOOST_REQUIRE_MESSAGE(!token_.empty(), "WEBAPI_SERVED_CONTROL_TOKEN is not set");
  }

  const std::string& base_url() const { return base_url_; }

  /// The transport the asynchronous side's clients use: BeastTransport on io()'s executor.
  webapi::AnyTransport transport() { return webapi::AnyTransport(async_); }

  /// A blocking transport to the same server, for a side's setup before the twins run (a token fetched).
  webapi::AnyTransport blocking() { return webapi::AnyTransport(blocking_); }

  /// The io_context the twins run on.
  boost::asio::io_context& io() { return io_; }

  /// Runs the coroutine `make()` returns on io() until it is done (test::run_coroutine on this io_context).
  template <class Make>
  void run(Make make) {
    test::run_coroutine(io_, std::move(make));
  }

  /// POST /__webapi/seed/demo: the served fake back to a fresh one holding the demo data set (its journal
  /// empty, its clock where --clock put it); returns its credentials, in the order the fake gives them.
  Credentials seed_demo() {
    auto answer = control(webapi::Method::post, "/__webapi/seed/demo", 200);
    Credentials out;
    for (const auto& [name, value] : answer.at("credentials").as_object())
      out.emplace_back(std::string(name), std::string(value.as_string()));
    return out;
  }

  /// DELETE /__webapi/journal: forgets the requests received so far (a side's setup).
  void clear_journal() { control(webapi::Method::delete_, "/__webapi/journal", 204); }

  /// How many requests the served fake has received since its seeding or clear_journal().
  std::size_t journal_size() {
    return control(webapi::Method::get, "/__webapi/journal", 200).at("entries").as_array().size();
  }

 private:
  /// One control-plane request, its status checked; the JSON it answers (null for none).
  boost::json::value control(webapi::Method method, std::string path, int status) {
    webapi::Request request;
    request.method = method;
    request.base_url = base_url_;
    request.path = std::move(path);
    request.operation = "control";
    request.headers.set("X-Webapi-Control", token_);
    request.secrets = {"X-Webapi-Control"};
    auto answer = blocking_.send(request);
    BOOST_REQUIRE_MESSAGE(answer, request.path << ": " << (answer ? "" : answer.error().what()));
    BOOST_REQUIRE_MESSAGE(answer->status == status,
                          request.path << " answered " << answer->status << ": " << answer->body);
    if (answer->body.empty()) return nullptr;
    return boost::json::parse(answer->body);
  }

  std::string base_url_;
  std::string token_;
  boost::asio::io_context io_;
  webapi::BeastTransport async_;
  webapi::BeastTransport blocking_;
};

}  // namespace test::served
