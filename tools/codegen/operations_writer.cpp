// Writes include/webapi/<module>/operations.hpp: the tables of operations and of their parameters.
#include "module.hpp"

#include <sstream>
#include <string>
#include <vector>

#include "http.hpp"
#include "identifiers.hpp"
#include "names.hpp"

namespace webapi::codegen {
namespace {

// `.operation_id` and `.requirement_id` of a row, as positional fields after the path.
std::string identifier_fields(const Module& m, const Op& op) {
  return ", " + cpp_string(op.operation_id) + ", " + cpp_string(requirement_id(m, op));
}

}  // namespace

std::string Module::operations_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n#include <array>\n\n#include <webapi/core/method.hpp>\n"
    << "#include <webapi/core/operation.hpp>\n#include <webapi/core/operation_parameter.hpp>\n\n"
    << "namespace " << ns() << " {\n\n";
  o << "/// Every operation of the client: its method's name, HTTP method, path template, the description's\n"
       "/// operation id, the requirements' identifier where it differs, and whether it is idempotent.\n";
  o << "inline constexpr std::array<webapi::Operation, " << ops_.size() << "> operations{{\n";
  for (const auto& op : ops_)
    o << "    {" << cpp_string(op.name) << ", " << method_enum(op.method) << ", " << cpp_string(op.path)
      << identifier_fields(*this, op) << ", " << (op.idempotent ? "true" : "false") << "},\n";
  o << "}};\n\n";
  std::vector<std::string> rows;
  for (const auto& op : ops_) {
    auto row = [&](const std::string& n, const std::string& in, bool required) {
      rows.push_back("{" + cpp_string(op.name) + ", " + cpp_string(n) + ", " + cpp_string(in) + ", " +
                     (required ? "true" : "false") + "}");
    };
    for (const auto& p : op.path_params) row(p.wire, "path", true);
    for (const auto& p : op.params) row(p.wire, p.in, p.required);
    if (op.body.present) row("body", "body", op.body.required);
  }
  o << "/// Every parameter of every operation: where it travels and whether it is required.\n";
  o << "inline constexpr std::array<webapi::OperationParameter, " << rows.size() << "> operation_parameters{{\n";
  for (const auto& r : rows) o << "    " << r << ",\n";
  o << "}};\n\n}  // namespace " << ns() << "\n";
  return o.str();
}

}  // namespace webapi::codegen
