#pragma once
// Routes every operation of a module that a fake has not declared a handler for as unmodeled (501 naming
// the operation), in one step: the project-management module has close to three hundred operations, and
// the fake declares by name only those it models (a renamed one still breaks its build).

#include <cstddef>
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

/// Adds an unmodeled route for each operation of `Service` that `router` does not route yet. The operations
/// go in blocks of 128: clang refuses a fold expression over more than 256 of them.
template <class Service, std::size_t Begin = 0, class RouterType>
void route_the_rest_as_unmodeled(RouterType& router) {
  constexpr std::size_t total = Service::operations.size();
  constexpr std::size_t count = total - Begin < 128 ? total - Begin : 128;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (detail::route_if_missing<Service, Begin + I>(router), ...);
  }(std::make_index_sequence<count>{});
  if constexpr (Begin + count < total) route_the_rest_as_unmodeled<Service, Begin + count>(router);
}

}  // namespace webapi::fakes::project_management
