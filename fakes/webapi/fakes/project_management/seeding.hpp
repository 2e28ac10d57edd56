#pragma once
// What the project-management fake's seeding members take and return, apart from the records of its state
// (state.hpp): a header of their own, so that CompiledFake (compiled.hpp) declares those members without
// the fake's handlers.

#include <functional>
#include <string>

#include <boost/json/value.hpp>

namespace webapi::fakes::project_management {

/// What Fake::add_api_key issues: a key for an identity.
struct ApiKeyGrant {
  std::string name{};         ///< who the identity is, for snapshots
  std::string locale = "en";  ///< dictionary names come in this locale ("en", "de", "pl" in a fresh fake)
  std::string value{};        ///< empty: a fresh key
};

/// One event Fake::notify sends to a subscription's URL.
struct Notification {
  std::string subscription_id;
  std::string event;
  std::string url;
  boost::json::value payload;
};

/// Delivers a notification to its URL and answers the HTTP status the target gave.
using Deliverer = std::function<int(const Notification&)>;

}  // namespace webapi::fakes::project_management
