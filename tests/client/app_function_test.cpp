// The example application function, unit-tested against the quotes fake and run over HTTP with
// BeastTransport: the same compiled function, handed a different transport at run time.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/quotes.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/transport/beast_transport.hpp>

#include "quote_lines.hpp"

namespace {

struct Catalogue {
  webapi::fakes::quotes::Fake fake;
  std::string key = fake.add_api_key("alice");
  Catalogue() {
    fake.add_quote({.text = "The unexamined life is not worth living.", .author = "Socrates", .category = "life"});
    fake.add_quote({.text = "Life is short.", .author = "Anon", .category = "life"});
    fake.add_quote({.text = "Well done is better than well said.", .author = "Benjamin Franklin",
                    .category = "inspire"});
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(app_function, Catalogue)

BOOST_AUTO_TEST_CASE(runs_against_the_fake) {
  webapi::quotes::AnyClient quotes{fake, {.api_key = key}};
  auto lines = app::quote_lines(quotes, "life", 20);
  BOOST_REQUIRE_MESSAGE(lines, (lines ? "" : lines.error().what()));
  BOOST_TEST((*lines == std::vector<std::string>{"The unexamined life is not worth living. (Socrates)"}));
}

BOOST_AUTO_TEST_CASE(passes_the_service_error_on) {
  webapi::quotes::AnyClient quotes{fake, {.api_key = "not-a-key"}};
  auto lines = app::quote_lines(quotes, "life", 20);
  BOOST_REQUIRE(!lines);
  BOOST_TEST(lines.error().status == 401);
}

BOOST_AUTO_TEST_CASE(runs_over_http_with_beast_transport) {
  auto server = webapi::fakes::serve(fake, 0);
  webapi::BeastTransport http;
  webapi::quotes::AnyClient quotes{http, {.base_url = server.base_url(), .api_key = key}};
  auto lines = app::quote_lines(quotes, "inspire", 5);
  BOOST_REQUIRE_MESSAGE(lines, (lines ? "" : lines.error().what()));
  BOOST_TEST((*lines == std::vector<std::string>{"Well done is better than well said. (Benjamin Franklin)"}));
  BOOST_TEST(fake.journal().size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
