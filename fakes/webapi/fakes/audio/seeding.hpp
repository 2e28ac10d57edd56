#pragma once
// What the audio-sharing fake's seeding members take and return, apart from the records of its state
// (state.hpp): a header of their own, so that CompiledFake (compiled.hpp) declares those members without
// the fake's handlers.

#include <set>
#include <string>

namespace webapi::fakes::audio {

/// What Fake::add_app registers.
struct AppSeed {
  std::string client_id{};  ///< empty: a generated one
  std::string client_secret{};  ///< empty: a generated one
  std::set<std::string> redirect_uris{};
};

/// What Fake::add_user adds; the permalink is made from the username unless given.
struct UserSeed {
  std::string username{};
  std::string permalink{};
  std::string full_name{};
  std::string city{};
  std::string country{};
  std::string description{};
};

}  // namespace webapi::fakes::audio
