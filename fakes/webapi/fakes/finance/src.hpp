#pragma once
// Compiles the finance fake and CompiledFake's members (compiled.hpp): the one source of the library
// webapi::fakes_finance_compiled. Include it in one translation unit of a program that does not link that
// library but uses CompiledFake.

#include <webapi/fakes/core/compiled_impl.hpp>
#include <webapi/fakes/finance.hpp>
#include <webapi/fakes/finance/compiled.hpp>

template class webapi::fakes::Compiled<webapi::fakes::finance::Fake>;

namespace webapi::fakes::finance {

Cobrand CompiledFake::cobrand() const { return full().cobrand(); }
std::string CompiledFake::add_user(User u) { return full().add_user(std::move(u)); }
std::string CompiledFake::issue_token(const std::string& login_name) { return full().issue_token(login_name); }
std::string CompiledFake::add_api_key(std::string pem) { return full().add_api_key(std::move(pem)); }
std::string CompiledFake::add_api_key(std::string key, std::string pem) {
  return full().add_api_key(std::move(key), std::move(pem));
}
std::int64_t CompiledFake::add_provider_account(const std::string& login_name, ProviderAccount p) {
  return full().add_provider_account(login_name, std::move(p));
}
std::int64_t CompiledFake::add_account(const std::string& login_name, Account a) {
  return full().add_account(login_name, std::move(a));
}
std::int64_t CompiledFake::add_transaction(const std::string& login_name, Transaction t) {
  return full().add_transaction(login_name, std::move(t));
}
std::int64_t CompiledFake::add_holding(const std::string& login_name, Holding h) {
  return full().add_holding(login_name, std::move(h));
}
std::int64_t CompiledFake::add_statement(const std::string& login_name, Statement s) {
  return full().add_statement(login_name, std::move(s));
}
std::string CompiledFake::add_document(const std::string& login_name, Document d) {
  return full().add_document(login_name, std::move(d));
}
void CompiledFake::add_property(Property p) { full().add_property(std::move(p)); }
void CompiledFake::add_subscription(const std::string& event_name, const std::string& callback_url) {
  full().add_subscription(event_name, callback_url);
}
void CompiledFake::deliver_to_loopback(bool on) { full().deliver_to_loopback(on); }

std::vector<Notification> CompiledFake::notifications() const { return full().notifications(); }
std::optional<Transaction> CompiledFake::transaction(std::int64_t id) const { return full().transaction(id); }
std::optional<Account> CompiledFake::account(std::int64_t id) const { return full().account(id); }
std::optional<ProviderAccount> CompiledFake::provider_account(std::int64_t id) const {
  return full().provider_account(id);
}
std::optional<User> CompiledFake::user(std::string_view login_name) const { return full().user(login_name); }

}  // namespace webapi::fakes::finance
