// A user's spending, recategorized: authenticate with each of the finance API's three mechanisms, add a
// manual account, create a category and a rule, run the rules, and print the recategorized transactions
// and the net worth.
//
//   example-finance     against the in-memory fake (with its demo data), first in-process, then served
//                       on loopback and reached over HTTP with BeastTransport
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::finance_compiled and webapi::fakes_finance_compiled, so that this file compiles neither
// the client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>

#include <webapi/core/base64.hpp>
#include <webapi/fakes/finance/compiled.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/finance.hpp>
#include <webapi/finance/auth.hpp>
#include <webapi/transport.hpp>

namespace fin = webapi::finance;

/// What the demo seed hands out (webapi-fake-server --api finance --seed demo prints the same names; its
/// secrets differ at each start).
struct Credentials {
  std::string cobrand_login, cobrand_password, client_id, secret, admin_login_name, login_name, saml_issuer;
};

std::string money(const webapi::Optional<fin::Money>& m) {
  if (!m) return "-";
  char text[64];
  std::snprintf(text, sizeof text, "%.2f %s", m->amount, std::string(m->currency.wire()).c_str());
  return text;
}

template <class R>
bool ok(const R& r, const char* what) {
  if (!r) std::cerr << what << ": " << r.error() << "\n";
  return static_cast<bool>(r);
}

int run(webapi::AnyTransport transport, const std::string& base_url, const Credentials& c) {
  // 1. Client credentials: a token per login name, renewed before its 30 minutes run out.
  fin::ClientCredentialTokens tokens{transport, base_url, {c.client_id, c.secret}};
  fin::AnyClient admin{transport, {.base_url = base_url, .access_token = tokens.for_login(c.admin_login_name)}};
  fin::AnyClient by_token{transport, {.base_url = base_url, .access_token = tokens.for_login(c.login_name)}};

  // 2. API key and signed token: register a fresh RSA key, then sign a JWT per call naming the user.
  auto key = fin::RsaPrivateKey::generate();
  if (!ok(key, "generating an RSA key")) return 1;
  auto api_key = fin::register_public_key(admin, *key);
  if (!ok(api_key, "registering the public key")) return 1;
  fin::AnyClient by_jwt{transport, {.base_url = base_url, .access_token = fin::signed_jwt(std::move(*key), *api_key, c.login_name)}};

  // 3. Cobrand session, and the user's session from a SAML response naming them.
  fin::SessionLogin sessions{transport, base_url, {.login = c.cobrand_login, .password = c.cobrand_password}};
  const std::string saml = webapi::base64::encode("<Response><NameID>" + c.login_name + "</NameID></Response>");
  fin::AnyClient by_session{transport, {.base_url = base_url, .session = sessions.user(c.saml_issuer, saml)}};

  for (auto [name, client] : {std::pair{"client credentials", &by_token}, std::pair{"signed JWT", &by_jwt},
                              std::pair{"cobrand + user session", &by_session}}) {
    auto me = client->get_user();
    if (!ok(me, name)) return 1;
    std::cout << "authenticated with " << name << " as " << me->user->login_name.value_or("?") << "\n";
  }

  auto& user = by_jwt;
  auto added = user.create_manual_account({.body = {.account = {.account_name = "Rainy day fund", .account_type = "SAVINGS",
                                                                .balance = fin::Money{1000, fin::MoneyCurrency::USD}}}});
  if (!ok(added, "adding a manual account")) return 1;
  std::cout << "added manual account " << *added->account->front().id << "\n";

  if (!ok(user.create_transaction_category({.body = {.category_name = "Coffee", .parent_category_id = 3}}),
          "creating a category"))
    return 1;
  std::int64_t coffee = 0;
  auto categories = user.get_transaction_categories();
  if (!ok(categories, "listing categories")) return 1;
  for (const auto& cat : *categories->transaction_category)
    if (cat.category == "Coffee") coffee = *cat.id;
  std::cout << "created category Coffee (" << coffee << ")\n";

  fin::CategorizationRule rule{.category_id = coffee, .priority = 1,
                               .rule_clause = {{"description", "stringContains", std::string("coffee")}}};
  if (!ok(fin::create_categorization_rule(user, rule), "creating a rule")) return 1;
  if (!ok(user.create_or_run_transaction_categorization_rules({.action = "run"}), "running the rules")) return 1;
  std::cout << "ran the rules\n";

  auto recategorized = user.get_transactions({.category_id = std::to_string(coffee)});
  if (!ok(recategorized, "listing transactions")) return 1;
  for (const auto& t : *recategorized->transaction)
    std::cout << "  " << t.date.value_or("") << "  " << t.description->original.value_or("") << "  "
              << money(t.amount) << "  -> Coffee\n";

  auto worth = user.get_networth();
  if (!ok(worth, "net worth")) return 1;
  const auto& today = worth->networth->front();
  std::cout << "net worth " << money(today.networth) << " (assets " << money(today.asset) << ", liabilities "
            << money(today.liability) << ")\n";
  return 0;
}

Credentials from_seed(webapi::fakes::finance::CompiledFake& fake) {
  auto seeded = fake.seed_demo();
  auto value = [&](std::string_view name) {
    for (const auto& [n, v] : seeded)
      if (n == name) return v;
    return std::string();
  };
  return {value("COBRAND_LOGIN"), value("COBRAND_PASSWORD"), value("CLIENT_ID"), value("CLIENT_SECRET"),
          value("ADMIN_LOGIN_NAME"), value("LOGIN_NAME"), value("SAML_ISSUER")};
}

int main() {
  {
    std::cout << "== in-process fake ==\n";
    webapi::fakes::finance::CompiledFake fake;
    fake.clock().follow_real_time();  // tokens and JWTs are stamped with the real time
    const Credentials c = from_seed(fake);
    if (int rc = run(fake, "https://finance.example", c); rc != 0) return rc;
  }
  std::cout << "== served on loopback ==\n";
  webapi::fakes::finance::CompiledFake fake;
  fake.clock().follow_real_time();
  const Credentials c = from_seed(fake);
  auto server = webapi::fakes::serve(fake, 0);
  webapi::BeastTransport http;
  return run(http, "http://127.0.0.1:" + std::to_string(server.port()), c);
}
