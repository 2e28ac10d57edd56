#pragma once
// webapi::fakes::userinfo::CompiledFake: the userinfo fake (fake.hpp) compiled once into the library
// webapi::fakes_userinfo_compiled, for test files that should build in seconds. It answers, seeds and
// inspects as Fake does; the members below are Fake's, documented there.
//
//   webapi::fakes::userinfo::CompiledFake fake;
//   auto demo = fake.seed_demo();                 // ACCESS_TOKEN, EMAIL_ONLY_TOKEN, ID_TOKEN, REVOKED_TOKEN
//   webapi::userinfo::AnyClient client{fake, {.access_token = demo.at(0).second}};

#include <optional>
#include <string>
#include <string_view>

#include <webapi/fakes/core/compiled.hpp>
#include <webapi/fakes/userinfo/seeding.hpp>
#include <webapi/fakes/userinfo/state.hpp>

namespace webapi::fakes::userinfo {

class Fake;

/// The userinfo fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  CompiledFake() = default;

  // ---- seeding ----------------------------------------------------------------------------------------
  std::string add_user(User u);
  std::string issue_access_token(AccessTokenGrant g);
  std::string issue_id_token(IdTokenGrant g);
  bool revoke_token(std::string_view value);

  // ---- inspection -------------------------------------------------------------------------------------
  std::optional<User> user(std::string_view id) const;
  std::optional<AccessToken> access_token(std::string_view value) const;
  std::optional<IdToken> id_token(std::string_view value) const;
};

}  // namespace webapi::fakes::userinfo

extern template class webapi::fakes::Compiled<webapi::fakes::userinfo::Fake>;
