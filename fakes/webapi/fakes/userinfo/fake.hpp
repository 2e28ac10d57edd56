#pragma once
// webapi::fakes::userinfo::Fake: the identity userinfo service in memory, as a webapi::Transport.
//
//   webapi::fakes::userinfo::Fake fake;
//   std::string ada = fake.add_user({.email = "ada@example.com", .name = "Ada Lovelace"});
//   std::string token = fake.issue_access_token({.user_id = ada, .scope = "openid email"});
//   webapi::userinfo::Client userinfo{fake, {.access_token = token}};
//   userinfo.oauth2_userinfo_get();  // {id, email, verified_email}: no profile scope, no name
//
// Users hold the account; access tokens and ID tokens are issued to them with a scope, a client and a
// lifetime on the fake's clock, and stop working when they expire or are revoked. The userinfo endpoints
// need a bearer access token (401 without a working one) and reveal what its scopes allow; tokeninfo
// describes a token (400 invalid_token for one that does not work), asked with POST or, as the service
// also answers, GET. The fake is declared against the userinfo module (each handler registered by the
// operation's name, each parameter read only where the operation puts it). All three operations of the
// API are modelled. State lives in plain structs (state.hpp) behind one mutex, so one fake serves many threads.
// The journal, the route list, the clock, fault injection, snapshot() and inspect() come from FakeBase
// (core/fake_base.hpp).

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/userinfo/service.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/fakes/userinfo/call.hpp>
#include <webapi/fakes/userinfo/seeding.hpp>
#include <webapi/fakes/userinfo/state.hpp>
#include <webapi/fakes/userinfo/tokeninfo_handlers.hpp>
#include <webapi/fakes/userinfo/userinfo_handlers.hpp>

namespace webapi::fakes::userinfo {

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::userinfo::service;

  Fake() {
    register_routes();
    reset_locked();
  }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// Adds (or replaces) an account; an empty `u.id` gets a fresh one. Returns the id.
  std::string add_user(User u) {
    std::lock_guard lock(mutex_);
    if (u.id.empty()) u.id = account_id(++state_.users_added);
    std::string id = u.id;
    state_.users.put(std::move(u));
    return id;
  }

  /// Issues an access token to a known user, expiring `g.lifetime` after the fake clock's now; returns
  /// its value. Throws std::invalid_argument for an unknown user: that is a mistake in the test.
  std::string issue_access_token(AccessTokenGrant g) {
    std::lock_guard lock(mutex_);
    require_user(g.user_id);
    AccessToken t;
    t.value = g.value.empty() ? deterministic_token("ya29.", ++state_.tokens_issued, "userinfo-access")
                              : std::move(g.value);
    t.user_id = std::move(g.user_id);
    t.client_id = std::move(g.client_id);
    t.scope = std::move(g.scope);
    t.expires_at = clock_.now() + g.lifetime;
    std::string value = t.value;
    state_.access_tokens.put(value, std::move(t));
    return value;
  }

  /// Issues an ID token to a known user, as issue_access_token does.
  std::string issue_id_token(IdTokenGrant g) {
    std::lock_guard lock(mutex_);
    require_user(g.user_id);
    IdToken t;
    t.value = g.value.empty() ? deterministic_token("idt.", ++state_.tokens_issued, "userinfo-id")
                              : std::move(g.value);
    t.user_id = std::move(g.user_id);
    t.audience = std::move(g.audience);
    t.expires_at = clock_.now() + g.lifetime;
    t.email = g.email;
    std::string value = t.value;
    state_.id_tokens.put(value, std::move(t));
    return value;
  }

  /// The access or ID token stops working; it stays listed, marked revoked. False for an unknown value.
  bool revoke_token(std::string_view value) {
    std::lock_guard lock(mutex_);
    if (AccessToken* t = state_.access_tokens.find(value)) {
      t->revoked = true;
    } else if (IdToken* id = state_.id_tokens.find(value)) {
      id->revoked = true;
    } else {
      return false;
    }
    return true;
  }

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  std::optional<User> user(std::string_view id) const { return copy_of(&State::users, id); }
  std::optional<AccessToken> access_token(std::string_view value) const {
    return copy_of(&State::access_tokens, value);
  }
  std::optional<IdToken> id_token(std::string_view value) const { return copy_of(&State::id_tokens, value); }

 private:
  Call make_call(const Route&, const Request& request, Captures&&) {
    return Call{state_, request, Params::from(request), clock_.now()};
  }

  /// A 21-digit account id numbered `n`, the same on every run.
  static std::string account_id(std::uint64_t n) {
    std::string digits = std::to_string(n);
    return "1" + std::string(20 - std::min<std::size_t>(20, digits.size()), '0') + digits;
  }

  void require_user(const std::string& id) const {
    if (!state_.users.contains(id))
      throw std::invalid_argument("userinfo fake: no user '" + id + "'; add it with add_user first");
  }

  template <class T>
  std::optional<T> copy_of(Table<T> State::*table, std::string_view key) const {
    std::lock_guard lock(mutex_);
    if (const T* t = (state_.*table).find(key)) return *t;
    return std::nullopt;
  }

  /// Back to a fresh fake: no users or tokens; an empty journal; no faults; the clock at its start.
  void reset_locked() {
    reset_common();
  }

  void register_routes() {
    namespace h = handlers;
    // The service reads tokeninfo's parameters from a form body too, and answers GET as it answers POST.
    const RequestRules form_too{.query_in_form_body = true};
    declare<webapi::userinfo::service>()
        .on<"oauth2_tokeninfo">(h::tokeninfo, form_too)
        .also<"oauth2_tokeninfo">(Method::get, h::tokeninfo, form_too)
        .on<"oauth2_userinfo_get">(h::userinfo)
        .on<"oauth2_userinfo_v2_me_get">(h::userinfo);
  }

};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::userinfo
