#pragma once
// The userinfo fake's state as JSON, for GET /__webapi/snapshot.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <webapi/fakes/core/state_json.hpp>
#include <webapi/fakes/userinfo/state.hpp>

namespace webapi::fakes::userinfo {

inline boost::json::value state_to_json(const State& s) {
  namespace j = state_json;
  return boost::json::object{
      {"users", j::table(s.users,
                         [](const User& u) {
                           return boost::json::object{{"id", u.id},       {"email", u.email},
                                                      {"verified_email", u.verified_email}, {"name", u.name},
                                                      {"locale", u.locale}, {"hd", u.hd}};
                         })},
      {"access_tokens", j::table(s.access_tokens,
                                 [](const AccessToken& t) {
                                   return boost::json::object{{"value", t.value},       {"user_id", t.user_id},
                                                              {"client_id", t.client_id}, {"scope", t.scope},
                                                              {"expires_at", j::time(t.expires_at)},
                                                              {"revoked", t.revoked}};
                                 })},
      {"id_tokens", j::table(s.id_tokens,
                             [](const IdToken& t) {
                               return boost::json::object{{"value", t.value},       {"user_id", t.user_id},
                                                          {"audience", t.audience}, {"email", t.email},
                                                          {"expires_at", j::time(t.expires_at)},
                                                          {"revoked", t.revoked}};
                             })},
  };
}

}  // namespace webapi::fakes::userinfo
