#pragma once
// webapi::fakes::api_platform::CompiledFake: the API-platform fake (fake.hpp) compiled once into the library
// webapi::fakes_api_platform_compiled, for test files that should build in seconds. It answers, seeds and
// inspects as Fake does; the members below are Fake's, documented there.
//
//   webapi::fakes::api_platform::CompiledFake fake;
//   auto demo = fake.seed_demo();                 // API_KEY, USER_ID
//   webapi::api_platform::AnyClient client{fake, {.api_key = fake.add_user({.username = "jane"}).api_key}};

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/fakes/api_platform/seeding.hpp>
#include <webapi/fakes/api_platform/state.hpp>
#include <webapi/fakes/core/compiled.hpp>

namespace webapi::fakes::api_platform {

class Fake;

/// The API-platform fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  CompiledFake() = default;

  // ---- seeding ----------------------------------------------------------------------------------------
  AddedUser add_user(UserGrant g = {});
  bool revoke_api_key(std::string_view key);

  // ---- webhooks ---------------------------------------------------------------------------------------
  CollectionRun call_webhook(std::string_view webhook_url, std::string payload = "{}");
  std::vector<CollectionRun> collection_runs() const;

  // ---- inspection -------------------------------------------------------------------------------------
  std::optional<Environment> environment(std::string_view id) const;
  std::optional<Collection> collection(std::string_view id) const;
  std::optional<Mock> mock(std::string_view id) const;
  std::optional<Monitor> monitor(std::string_view id) const;
  std::optional<Workspace> workspace(std::string_view id) const;
  std::optional<Api> api(std::string_view id) const;
};

}  // namespace webapi::fakes::api_platform

extern template class webapi::fakes::Compiled<webapi::fakes::api_platform::Fake>;
