#pragma once
// Routing Google-style paths: the module's operations, as the fake's router can tell them apart.
//
// Eleven operations of the module share `GET /v1alpha1/{name}`; what tells them apart is the resource name
// in {name} (a source, an asset, an operation, ...), whose pattern the module's `service::resource_names`
// gives. So each operation is routed on its path template with every resource-name parameter spelt out
// as its pattern, one capture per id named after its collection:
//
//   /v1alpha1/{name}        name = projects/*/locations/*/sources/*
//   -> /v1alpha1/projects/{projects}/locations/{locations}/sources/{sources}
//
// A custom method (`:cancel`, `:run`, `assets:aggregateValues`) ends the last segment of a Google path; the
// router matches whole segments, so the verb becomes a segment of its own, in the routes here and in each
// request's path (routed_path()): `.../operations/op-1:cancel` is routed as `.../operations/op-1/:cancel`,
// and the journal shows the path that way.
//
// routed_service is the module's `service` with those paths, for declare<routed_service>(): the names,
// methods, parameters, bodies and request models stay the module's own.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <webapi/core/operation.hpp>
#include <webapi/migration/service.hpp>

namespace webapi::fakes::migration {

namespace detail {

inline constexpr std::size_t operation_count = webapi::migration::service::operations.size();
inline constexpr std::size_t max_path = 192;

struct RoutedPaths {
  std::array<std::array<char, max_path>, operation_count> text{};
  std::array<std::size_t, operation_count> size{};
};

consteval std::string_view pattern_for(std::string_view operation, std::string_view parameter) {
  for (const auto& r : webapi::migration::service::resource_names)
    if (r.operation == operation && r.parameter == parameter) return r.pattern;
  return {};
}

consteval RoutedPaths expand_paths() {
  RoutedPaths out;
  for (std::size_t i = 0; i < operation_count; ++i) {
    const webapi::Operation& op = webapi::migration::service::operations[i];
    auto& text = out.text[i];
    std::size_t n = 0;
    auto put = [&](std::string_view s) {
      for (char c : s) {
        if (n + 1 >= max_path) throw "a routed path is longer than max_path";
        text[n++] = c;
      }
    };
    std::string_view path = op.path;
    std::size_t last_slash = path.rfind('/');
    for (std::size_t k = 0; k < path.size();) {
      if (path[k] == '{') {
        std::size_t close = path.find('}', k);
        std::string_view parameter = path.substr(k + 1, close - k - 1);
        std::string_view pattern = pattern_for(op.name, parameter);
        if (pattern.empty()) throw "a path parameter without a resource-name pattern";
        // "projects/*/locations/*" -> "projects/{projects}/locations/{locations}"
        std::string_view previous;
        for (std::size_t p = 0; p <= pattern.size();) {
          std::size_t slash = pattern.find('/', p);
          if (slash == std::string_view::npos) slash = pattern.size();
          std::string_view segment = pattern.substr(p, slash - p);
          if (p) put("/");
          if (segment == "*") {
            put("{");
            put(previous);
            put("}");
          } else {
            put(segment);
          }
          previous = segment;
          p = slash + 1;
        }
        k = close + 1;
      } else if (path[k] == ':' && k > last_slash + 1) {
        put("/:");  // the custom method's verb becomes a segment of its own
        ++k;
      } else {
        text[n++] = path[k++];
      }
    }
    out.size[i] = n;
  }
  return out;
}

inline constexpr RoutedPaths routed_paths = expand_paths();

consteval std::array<webapi::Operation, operation_count> routed_operations() {
  std::array<webapi::Operation, operation_count> ops{};
  for (std::size_t i = 0; i < operation_count; ++i) {
    ops[i] = webapi::migration::service::operations[i];
    ops[i].path = std::string_view(routed_paths.text[i].data(), routed_paths.size[i]);
  }
  return ops;
}

inline constexpr std::array<webapi::Operation, operation_count> routed_operation_table = routed_operations();

}  // namespace detail

/// The module's service, routed on spelt-out resource names (see above).
struct routed_service {
  static constexpr std::string_view name = webapi::migration::service::name;
  static constexpr const auto& operations = detail::routed_operation_table;
  static constexpr const auto& parameters = webapi::migration::service::parameters;
  static constexpr const auto& bodies = webapi::migration::service::bodies;
  static constexpr const auto& answers = webapi::migration::service::answers;
  template <std::size_t I>
  struct request_model : webapi::migration::service::request_model<I> {};
};

/// `path` with a custom method's verb in its last segment made a segment of its own, as the routes have it.
inline std::string routed_path(std::string_view path) {
  std::size_t last_slash = path.rfind('/');
  std::size_t colon = path.find(':', last_slash == std::string_view::npos ? 0 : last_slash + 1);
  if (colon == std::string_view::npos || colon == last_slash + 1) return std::string(path);
  return std::string(path.substr(0, colon)) + "/" + std::string(path.substr(colon));
}

}  // namespace webapi::fakes::migration
