#pragma once
// Compiles the webhooks fake and CompiledFake's members (compiled.hpp): the one source of the library
// webapi::fakes_webhooks_compiled. Include it in one translation unit of a program that does not link that
// library but uses CompiledFake.

#include <webapi/fakes/core/compiled_impl.hpp>
#include <webapi/fakes/webhooks.hpp>
#include <webapi/fakes/webhooks/compiled.hpp>

template class webapi::fakes::Compiled<webapi::fakes::webhooks::Fake>;

namespace webapi::fakes::webhooks {

std::int32_t CompiledFake::add_app(std::int32_t id) { return full().add_app(id); }
std::string CompiledFake::add_api_key(ApiKeyGrant g) { return full().add_api_key(std::move(g)); }
void CompiledFake::set_app_secret(std::int32_t app, std::string secret) {
  full().set_app_secret(app, std::move(secret));
}
std::string CompiledFake::app_secret(std::int32_t app) const { return full().app_secret(app); }
bool CompiledFake::revoke_api_key(std::string_view value) { return full().revoke_api_key(value); }
void CompiledFake::set_settings(std::int32_t app, Settings s) { full().set_settings(app, std::move(s)); }
std::int32_t CompiledFake::add_subscription(std::int32_t app, Subscription s) {
  return full().add_subscription(app, std::move(s));
}

std::size_t CompiledFake::trigger(std::int32_t app, std::string_view event_type, boost::json::value payload) {
  return full().trigger(app, event_type, std::move(payload));
}
std::vector<Delivery> CompiledFake::deliveries() const { return full().deliveries(); }
void CompiledFake::clear_deliveries() { full().clear_deliveries(); }

std::optional<Settings> CompiledFake::settings(std::int32_t app) const { return full().settings(app); }
std::optional<Subscription> CompiledFake::subscription(std::int32_t app, std::int32_t id) const {
  return full().subscription(app, id);
}

}  // namespace webapi::fakes::webhooks
