#pragma once
// Compiles the project-management fake and CompiledFake's members (compiled.hpp): the one source of the
// library webapi::fakes_project_management_compiled. Include it in one translation unit of a program that
// does not link that library but uses CompiledFake.

#include <webapi/fakes/core/compiled_impl.hpp>
#include <webapi/fakes/project_management.hpp>
#include <webapi/fakes/project_management/compiled.hpp>

template class webapi::fakes::Compiled<webapi::fakes::project_management::Fake>;

namespace webapi::fakes::project_management {

std::vector<std::string> CompiledFake::modeled_operations() const { return full().modeled_operations(); }

std::string CompiledFake::add_api_key(ApiKeyGrant g) { return full().add_api_key(std::move(g)); }
std::string CompiledFake::add_project(Project p) { return full().add_project(std::move(p)); }
std::string CompiledFake::add_quote(Project q) { return full().add_quote(std::move(q)); }
std::string CompiledFake::add_job(Job j) { return full().add_job(std::move(j)); }
void CompiledFake::add_dictionary_value(std::string_view type, DictionaryValue v) {
  full().add_dictionary_value(type, std::move(v));
}
std::int64_t CompiledFake::add_client(webapi::project_management::CustomerDTO c) {
  return full().add_client(std::move(c));
}
std::int64_t CompiledFake::add_provider(webapi::project_management::ProviderDTO p) {
  return full().add_provider(std::move(p));
}
std::int64_t CompiledFake::add_vendor_price_profile(std::int64_t provider_id) {
  return full().add_vendor_price_profile(provider_id);
}
std::int64_t CompiledFake::add_project_group(std::string name) { return full().add_project_group(std::move(name)); }
void CompiledFake::set_hooks_supported(bool supported) { full().set_hooks_supported(supported); }

void CompiledFake::set_deliverer(Deliverer d) { full().set_deliverer(std::move(d)); }
std::vector<Notification> CompiledFake::notify(std::string_view event, boost::json::value payload) {
  return full().notify(event, std::move(payload));
}

std::optional<Project> CompiledFake::project(std::string_view id) const { return full().project(id); }
std::optional<Project> CompiledFake::quote(std::string_view id) const { return full().quote(id); }
std::optional<Job> CompiledFake::job(std::string_view id) const { return full().job(id); }

}  // namespace webapi::fakes::project_management
