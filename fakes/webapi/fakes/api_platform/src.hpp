#pragma once
// Compiles the API-platform fake and CompiledFake's members (compiled.hpp): the one source of the library
// webapi::fakes_api_platform_compiled. Include it in one translation unit of a program that does not link
// that library but uses CompiledFake.

#include <webapi/fakes/api_platform.hpp>
#include <webapi/fakes/api_platform/compiled.hpp>
#include <webapi/fakes/core/compiled_impl.hpp>

template class webapi::fakes::Compiled<webapi::fakes::api_platform::Fake>;

namespace webapi::fakes::api_platform {

AddedUser CompiledFake::add_user(UserGrant g) { return full().add_user(std::move(g)); }
bool CompiledFake::revoke_api_key(std::string_view key) { return full().revoke_api_key(key); }

CollectionRun CompiledFake::call_webhook(std::string_view webhook_url, std::string payload) {
  return full().call_webhook(webhook_url, std::move(payload));
}
std::vector<CollectionRun> CompiledFake::collection_runs() const { return full().collection_runs(); }

std::optional<Environment> CompiledFake::environment(std::string_view id) const { return full().environment(id); }
std::optional<Collection> CompiledFake::collection(std::string_view id) const { return full().collection(id); }
std::optional<Mock> CompiledFake::mock(std::string_view id) const { return full().mock(id); }
std::optional<Monitor> CompiledFake::monitor(std::string_view id) const { return full().monitor(id); }
std::optional<Workspace> CompiledFake::workspace(std::string_view id) const { return full().workspace(id); }
std::optional<Api> CompiledFake::api(std::string_view id) const { return full().api(id); }

}  // namespace webapi::fakes::api_platform
