#include <boost/test/unit_test.hpp>

#include <webapi/core/auth.hpp>

using namespace webapi;

BOOST_AUTO_TEST_SUITE(credentials)

BOOST_AUTO_TEST_CASE(each_strategy_puts_its_credential_in_place_and_names_it_secret) {
  Request r;
  auth::ApiKeyHeader{"X-Service-Api-Secret", "k1"}.apply(r);
  BOOST_TEST(*r.headers.get("x-service-api-secret") == "k1");
  BOOST_TEST(auth::is_secret(r, "X-SERVICE-API-SECRET"));

  auth::ApiKeyQuery{"hapikey", "k2"}.apply(r);
  BOOST_TEST(*r.query_value("hapikey") == "k2");
  BOOST_TEST(auth::is_secret(r, "hapikey"));

  auth::BearerToken{"tok"}.apply(r);
  BOOST_TEST(*r.headers.get("Authorization") == "Bearer tok");

  auth::BasicAuth{"Aladdin", "open sesame"}.apply(r);
  BOOST_TEST(*r.headers.get("Authorization") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
  BOOST_TEST(r.headers.size() == 2u);  // Basic replaced Bearer
  BOOST_TEST(!auth::is_secret(r, "Accept"));
}

BOOST_AUTO_TEST_CASE(presence) {
  BOOST_TEST(!(auth::ApiKeyHeader{"X-Api-Key", ""}.present()));
  BOOST_TEST((auth::ApiKeyQuery{"apikey", "x"}.present()));
  BOOST_TEST(!auth::BearerToken{}.present());
  BOOST_TEST(!auth::BasicAuth{}.present());
}

BOOST_AUTO_TEST_SUITE_END()
