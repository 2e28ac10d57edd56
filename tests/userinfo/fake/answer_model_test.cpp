// Every success answer has its model's shape: the raw body decodes into the model the client reads, with
// every member of its type, and holds nothing beyond the model (encoding the decoded model gives the same
// JSON back), whatever the scopes and the `fields` selection leave out.

#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/json.hpp>

#include "fixture.hpp"

namespace {

namespace um = webapi::userinfo;

struct ModelFixture : test::UserinfoFixture {
  /// Sends `request` and checks the 200 answer against `Model`, strictly; returns the decoded model.
  template <class Model>
  Model strict(webapi::Result<webapi::Request> request) {
    BOOST_REQUIRE_MESSAGE(request, (request ? "" : request.error().what()));
    const std::string op = request->operation;
    auto answer = fake.send(*request);
    BOOST_REQUIRE(answer.has_value());
    BOOST_REQUIRE_MESSAGE(answer->status == 200, op << " answered " << answer->status << ": " << answer->body);
    auto decoded = webapi::json::decode<Model>(answer->body, {.missing_required = webapi::json::MissingRequired::error});
    BOOST_REQUIRE_MESSAGE(decoded, op << ": " << (decoded ? "" : decoded.error().message) << " in " << answer->body);
    BOOST_TEST(boost::json::parse(webapi::json::encode(*decoded)) == boost::json::parse(answer->body),
               op << " answers members its model lacks: " << answer->body);
    return *decoded;
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(answer_models, ModelFixture)

BOOST_AUTO_TEST_CASE(userinfo_answers_fit_the_userinfo_model) {
  auto whole = strict<um::Userinfo>(client(ada_token).build_oauth2_userinfo_get());
  BOOST_TEST(*whole.id == ada);
  BOOST_TEST(*whole.verified_email);
  BOOST_TEST(*whole.gender == "female");
  strict<um::Userinfo>(client(ada_token).build_oauth2_userinfo_v2_me_get());
  auto id_only = strict<um::Userinfo>(client(token_for(grace, "openid")).build_oauth2_userinfo_get());
  BOOST_TEST(!id_only.email);
  auto some = strict<um::Userinfo>(client(ada_token).with({.fields = "name,verified_email"}).build_oauth2_userinfo_get());
  BOOST_TEST(*some.name == "Ada Lovelace");
  BOOST_TEST(!some.id);
}

BOOST_AUTO_TEST_CASE(tokeninfo_answers_fit_the_tokeninfo_model) {
  auto access = strict<um::Tokeninfo>(anonymous.build_oauth2_tokeninfo({.access_token = ada_token}));
  BOOST_TEST(*access.expires_in == 3600);
  BOOST_TEST(*access.verified_email);
  const std::string id_token = fake.issue_id_token({.user_id = grace});
  auto id = strict<um::Tokeninfo>(anonymous.build_oauth2_tokeninfo({.id_token = id_token}));
  BOOST_TEST(!id.scope);
  BOOST_TEST(!*id.verified_email);
  strict<um::Tokeninfo>(anonymous.with({.fields = "expires_in"}).build_oauth2_tokeninfo({.access_token = ada_token}));
}

BOOST_AUTO_TEST_SUITE_END()
