#pragma once
// seed_demo(fake): a small data set to try the userinfo API on, e.g. behind `webapi-fake-server --seed demo`.
//
// What it adds:
//   users   Ada Lovelace, a Workspace account (id 100000000000000000001, ada@analytical.example, verified,
//           hd analytical.example, locale en-GB, with name, picture and profile link);
//           Grace Hopper, a consumer account (id 100000000000000000002, grace@example.com, not verified,
//           locale en-US)
//   tokens  ACCESS_TOKEN      Ada's, scope "openid email profile": the whole account
//           EMAIL_ONLY_TOKEN  Grace's, scope "openid" plus the userinfo.email URL form: id and email only
//           ID_TOKEN          Ada's ID token, carrying her email
//           REVOKED_TOKEN     Ada's, revoked: every use is refused
//   All are issued to the client fake-client.apps.googleusercontent.com and last an hour of the fake's
//   clock, which webapi-fake-server never moves.
// and returns the credentials as NAME=VALUE pairs, in that order: ACCESS_TOKEN, EMAIL_ONLY_TOKEN, ID_TOKEN,
// REVOKED_TOKEN.

#include <string>
#include <utility>
#include <vector>

#include <webapi/fakes/userinfo/fake.hpp>
#include <webapi/fakes/userinfo/scopes.hpp>

namespace webapi::fakes::userinfo {

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  const std::string ada = fake.add_user({.email = "ada@analytical.example",
                                         .name = "Ada Lovelace",
                                         .given_name = "Ada",
                                         .family_name = "Lovelace",
                                         .picture = "https://images.analytical.example/ada.png",
                                         .locale = "en-GB",
                                         .hd = "analytical.example",
                                         .link = "https://analytical.example/people/ada"});
  const std::string grace = fake.add_user({.email = "grace@example.com",
                                           .verified_email = false,
                                           .name = "Grace Hopper",
                                           .given_name = "Grace",
                                           .family_name = "Hopper",
                                           .locale = "en-US"});

  const std::string full = fake.issue_access_token({.user_id = ada});
  const std::string email_only =
      fake.issue_access_token({.user_id = grace, .scope = "openid " + std::string(email_scope_url)});
  const std::string id_token = fake.issue_id_token({.user_id = ada});
  const std::string revoked = fake.issue_access_token({.user_id = ada});
  fake.revoke_token(revoked);

  return {{"ACCESS_TOKEN", full}, {"EMAIL_ONLY_TOKEN", email_only}, {"ID_TOKEN", id_token},
          {"REVOKED_TOKEN", revoked}};
}

}  // namespace webapi::fakes::userinfo
