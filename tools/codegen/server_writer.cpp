// Writes include/webapi/<module>/service.hpp: what code serving the module's operations needs beyond the
// operation tables: each operation's request body (media type, kind), every answer the description lists
// (status and media type), the model a JSON body decodes into and,
// for a module whose path parameters carry resource names, the pattern each such name must fit.
#include "module.hpp"

#include <sstream>
#include <string>
#include <vector>

#include "names.hpp"

namespace webapi::codegen {

std::string Module::service_hpp() const {
  std::ostringstream o;
  // Only a module with resource-name path parameters gets the table, so the others' headers stay as they were.
  std::vector<std::string> names;
  for (const auto& op : ops_)
    for (const auto& p : op.path_params)
      if (!p.pattern.empty())
        names.push_back("{" + cpp_string(op.name) + ", " + cpp_string(p.wire) + ", " + cpp_string(p.pattern) + "}");
  o << header_line() << "#pragma once\n\n#include <array>\n#include <cstddef>\n"
    << "#include <string_view>\n\n#include <boost/json/value.hpp>\n\n"
    << "#include <webapi/core/binary.hpp>\n#include <webapi/core/operation_answer.hpp>\n#include <webapi/core/request.hpp>\n#include <webapi/core/operation_body.hpp>\n#include <webapi/" << name_ << "/models.hpp>\n#include <webapi/"
    << name_ << "/operations.hpp>\n\n"
    << "namespace " << ns() << " {\n\n";
  std::vector<std::string> rows;
  for (const auto& op : ops_)
    if (op.body.present)
      rows.push_back("{" + cpp_string(op.name) + ", " + cpp_string(op.body.content_type) + ", " +
                     cpp_string(op.body.kind) + ", " + (op.body.required ? "true" : "false") + "}");
  o << "/// The request body of every operation that takes one: its media type, its kind and whether it is "
       "required.\n";
  o << "inline constexpr std::array<webapi::OperationBody, " << rows.size() << "> operation_bodies{{\n";
  for (const auto& r : rows) o << "    " << r << ",\n";
  o << "}};\n\n";
  std::vector<std::string> answers;
  for (const auto& op : ops_)
    for (const auto& [status, media] : op.answers)
      answers.push_back("{" + cpp_string(op.name) + ", " + cpp_string(status) + ", " + cpp_string(media) + "}");
  o << "/// Every answer each operation's description lists: its status (\"200\", \"4XX\" or \"default\") and media\n"
       "/// type (empty for an answer without content).\n";
  o << "inline constexpr std::array<webapi::OperationAnswer, " << answers.size() << "> operation_answers{{\n";
  for (const auto& r : answers) o << "    " << r << ",\n";
  o << "}};\n\n";
  if (!names.empty()) {
    o << "/// A path parameter that carries a resource name, and the pattern the name fits ('*': one segment),\n"
         "/// so a server can tell apart operations that share a path template.\n"
         "struct ResourceNamePattern {\n  std::string_view operation;\n  std::string_view parameter;\n"
         "  std::string_view pattern;\n};\n\n";
    o << "inline constexpr std::array<ResourceNamePattern, " << names.size() << "> resource_names{{\n";
    for (const auto& r : names) o << "    " << r << ",\n";
    o << "}};\n\n";
  }
  o << "/// The module as a service sees it: its tables, the model each operation's JSON request body decodes\n"
       "/// into (request_model<I>::type, I the operation's index in `operations`; void for none) and what its\n"
       "/// success answer decodes into (answer_model<I>::type, as the client's method returns it; void for none).\n";
  o << "struct service {\n"
    << "  static constexpr std::string_view name = " << cpp_string(name_) << ";\n"
    << "  static constexpr const auto& operations = " << ns() << "::operations;\n"
    << "  static constexpr const auto& parameters = " << ns() << "::operation_parameters;\n"
    << "  static constexpr const auto& bodies = " << ns() << "::operation_bodies;\n"
    << "  static constexpr const auto& answers = " << ns() << "::operation_answers;\n";
  if (!names.empty()) o << "  static constexpr const auto& resource_names = " << ns() << "::resource_names;\n";
  o << "  template <std::size_t I>\n  struct request_model {\n    using type = void;\n  };\n"
    << "  template <std::size_t I>\n  struct answer_model {\n    using type = void;\n  };\n};\n";
  for (std::size_t i = 0; i < ops_.size(); ++i) {
    const auto& op = ops_[i];
    if (!op.body.present || op.body.kind != "json") continue;
    o << "template <>\nstruct service::request_model<" << i << "> {  // " << op.name << "\n  using type = "
      << render(op.body.type) << ";\n};\n";
  }
  for (std::size_t i = 0; i < ops_.size(); ++i) {
    const auto& op = ops_[i];
    if (op.result == "void") continue;
    o << "template <>\nstruct service::answer_model<" << i << "> {  // " << op.name << "\n  using type = " << op.result
      << ";\n};\n";
  }
  o << "\n}  // namespace " << ns() << "\n";
  return o.str();
}

}  // namespace webapi::codegen
