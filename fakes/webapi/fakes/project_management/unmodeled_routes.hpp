#pragma once
// Routes every operation of a module that a fake has not declared a handler for as unmodeled (501 naming
// the operation), in one step: the project-management module has close to three hundred operations, and
// the fake declares by name only those it models (a renamed one still breaks its build).

#include <cstddef>
#include <initializer_list>
#include <utility>

#include <webapi/core/operation.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::project_management {

namespace detail {
template <class Service, std::size_t I, class RouterType>
void route_if_missing(RouterType& router) {
  const Operation& op = Service::operations[I];
  for (const auto& r : router.routes())
    if (r.operation == op.name) return;
  router.add(op.method, op.path, op.name, typename RouterType::HandlerType{}, rules_of<Service, I>());
}
}  // namespace detail

/// Adds an unmodeled route for each operation of `Service` that `router` does not route yet, in table order.
/// A list of functions, not a fold expression: clang refuses to fold over more than 256 operations.
template <class Service, class RouterType>
void route_the_rest_as_unmodeled(RouterType& router) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    for (auto route : {&detail::route_if_missing<Service, I, RouterType>...}) route(router);
  }(std::make_index_sequence<Service::operations.size()>{});
}

}  // namespace webapi::fakes::project_management
