#pragma once
// Users: the authenticated user (/me), any user by id, their web profiles, and the authenticated user's
// connected social accounts (another user's connection is 404, as if it did not exist).

#include <vector>

#include <webapi/audio/models.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/paging.hpp>
#include <webapi/fakes/audio/records.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::audio::handlers {

inline Response get_me(Call& c) { return model_response(user_model<models::CompleteUser>(c, user_at(c, me(c)))); }

inline Response get_user(Call& c) {
  return model_response(user_model<models::CompleteUser>(c, user_at(c, path_id(c, "user_id"))));
}

inline Response user_web_profiles(Call& c) {
  const Id user = user_at(c, path_id(c, "user_id")).id;
  std::vector<models::WebProfilesItem> out;
  for (const auto& [id, w] : c.state.web_profiles)
    if (w.user_id == user) out.push_back(web_profile_model(w));
  return page_response(c, out);
}

inline Response my_connections(Call& c) {
  const Id user = me(c);
  std::vector<models::Connection> out;
  for (const auto& [id, cn] : c.state.connections)
    if (cn.user_id == user) out.push_back(connection_model(c, cn));
  return page_response(c, out);
}

inline Response my_connection(Call& c) {
  const Id user = me(c);
  const Id id = path_id(c, "connection_id");
  auto it = c.state.connections.find(id);
  if (it == c.state.connections.end() || it->second.user_id != user)
    not_found("connection " + std::to_string(id) + " not found");
  return model_response(connection_model(c, it->second));
}

}  // namespace webapi::fakes::audio::handlers
