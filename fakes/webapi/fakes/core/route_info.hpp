#pragma once
// RouteInfo: one route of a fake, as FakeBase::routes() lists it.

#include <string>

#include <webapi/core/method.hpp>

namespace webapi::fakes {

/// One route of a fake, for listing and coverage checks.
struct RouteInfo {
  /// the operation's name, as in `webapi::<module>::operations`
  std::string operation;
  /// the method it answers
  Method method;
  /// the path pattern, e.g. "/tracks/{track_id}"
  std::string path;
  bool modeled;  ///< false: the fake answers 501 naming the operation
};

}  // namespace webapi::fakes
