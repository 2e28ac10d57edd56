#pragma once
// What the userinfo fake's seeding members take and return, apart from the records of its state
// (state.hpp): a header of their own, so that CompiledFake (compiled.hpp) declares those members without
// the fake's handlers.

#include <chrono>
#include <string>

#include <webapi/fakes/userinfo/state.hpp>

namespace webapi::fakes::userinfo {

/// What Fake::issue_access_token issues.
struct AccessTokenGrant {
  std::string user_id{};                                ///< a user added with add_user
  std::string scope = "openid email profile";           ///< space-separated; short or URL forms
  std::string client_id = std::string(default_client_id);
  std::chrono::seconds lifetime{3600};                  ///< from the fake clock's now; 0 or less: already expired
  std::string value{};                                  ///< empty: a fresh "ya29." token
};

/// What Fake::issue_id_token issues.
struct IdTokenGrant {
  std::string user_id{};                                ///< a user added with add_user
  std::string audience = std::string(default_client_id);
  std::chrono::seconds lifetime{3600};
  bool email = true;                                    ///< whether tokeninfo shows the user's email
  std::string value{};                                  ///< empty: a fresh one
};

}  // namespace webapi::fakes::userinfo
