#pragma once
// What the userinfo fake remembers, as plain values a test can copy and inspect: the users, and the access
// and ID tokens issued to them.

#include <cstdint>
#include <string>
#include <string_view>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/store.hpp>

namespace webapi::fakes::userinfo {

/// The OAuth client tokens are issued to when the test names none.
inline constexpr std::string_view default_client_id = "fake-client.apps.googleusercontent.com";

/// An account. Empty profile fields are left out of the answers, as the service leaves out what it lacks.
struct User {
  std::string id{};  ///< empty: Fake::add_user gives a fresh 21-digit id, the shape of a Google account id
  std::string email{};
  bool verified_email = true;
  std::string name{};
  std::string given_name{};
  std::string family_name{};
  std::string picture{};  ///< a URL
  std::string locale{};   ///< e.g. "en" or "en-GB"
  std::string hd{};       ///< the hosted domain of a Workspace account; empty for a consumer account
  std::string link{};     ///< a profile page URL
  std::string gender{};
};

/// An OAuth 2.0 access token, presented as a bearer credential.
struct AccessToken {
  std::string value{};
  std::string user_id{};
  std::string client_id{};  ///< answered by tokeninfo as issued_to and audience
  std::string scope{};      ///< space-separated, as granted: "openid email", or the URL forms
  ManualClock::time_point expires_at{};
  bool revoked = false;
};

/// An OpenID Connect ID token, for tokeninfo?id_token=.
struct IdToken {
  std::string value{};
  std::string user_id{};
  std::string audience{};  ///< the client it was minted for
  ManualClock::time_point expires_at{};
  bool email = true;  ///< whether it carries the user's email (it does when sign-in asked for the email scope)
  bool revoked = false;
};

struct State {
  Table<User> users;
  Table<AccessToken> access_tokens;  ///< keyed by token value
  Table<IdToken> id_tokens;          ///< keyed by token value
  std::uint64_t users_added = 0;     ///< numbers the generated user ids
  std::uint64_t tokens_issued = 0;   ///< numbers the generated token values; reset() restarts it
};

}  // namespace webapi::fakes::userinfo
