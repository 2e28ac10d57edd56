#pragma once
// webapi::fakes::finance::CompiledFake: the finance fake (fake.hpp) compiled once into the library
// webapi::fakes_finance_compiled, for test files that should build in seconds. It answers, seeds and
// inspects as Fake does; the members below are Fake's, documented there.
//
//   webapi::fakes::finance::CompiledFake fake;
//   auto demo = fake.seed_demo();                 // COBRAND_LOGIN, ..., LOGIN_NAME, SAML_ISSUER
//   webapi::finance::Client client{fake, {.base_url = "https://finance.example",
//                                         .access_token = fake.issue_token("demo-user")}};

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/fakes/core/compiled.hpp>
#include <webapi/fakes/finance/state.hpp>

namespace webapi::fakes::finance {

class Fake;

/// The finance fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  CompiledFake() = default;

  // ---- seeding ----------------------------------------------------------------------------------------
  Cobrand cobrand() const;
  std::string add_user(User u);
  std::string issue_token(const std::string& login_name);
  std::string add_api_key(std::string public_key_pem);
  std::string add_api_key(std::string key, std::string public_key_pem);
  std::int64_t add_provider_account(const std::string& login_name, ProviderAccount p);
  std::int64_t add_account(const std::string& login_name, Account a);
  std::int64_t add_transaction(const std::string& login_name, Transaction t);
  std::int64_t add_holding(const std::string& login_name, Holding h);
  std::int64_t add_statement(const std::string& login_name, Statement s);
  std::string add_document(const std::string& login_name, Document d);
  void add_property(Property p);
  void add_subscription(const std::string& event_name, const std::string& callback_url);

  // ---- delivery ---------------------------------------------------------------------------------------
  void deliver_to_loopback(bool on);

  // ---- inspection -------------------------------------------------------------------------------------
  std::vector<Notification> notifications() const;
  std::optional<Transaction> transaction(std::int64_t id) const;
  std::optional<Account> account(std::int64_t id) const;
  std::optional<ProviderAccount> provider_account(std::int64_t id) const;
  std::optional<User> user(std::string_view login_name) const;
};

}  // namespace webapi::fakes::finance

extern template class webapi::fakes::Compiled<webapi::fakes::finance::Fake>;
