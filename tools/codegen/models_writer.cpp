// Writes include/webapi/<module>/models.hpp: the module's enums, structs and aliases, described for JSON.
#include "module.hpp"

#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "names.hpp"

namespace webapi::codegen {

bool Module::any_type_uses(std::string_view what) const {
  for (const auto& d : decls_) {
    if (d->kind == Decl::Alias && uses(d->alias, what)) return true;
    for (const auto& m : d->members)
      if (uses(m.type, what)) return true;
  }
  return false;
}

std::string Module::models_hpp() const {
  // The wire format of a member's scalar values, seen through Optional, vectors, maps and aliases.
  auto format_of = [&](const TP& t) {
    auto walk = [&](const TP& x, auto& self) -> std::string {
      switch (x->kind) {
        case Type::Prim: return x->wire_format;
        case Type::Optional:
        case Type::Vector:
        case Type::Map: return self(x->args[0], self);
        case Type::Named: {
          const Decl* d = by_name_.at(x->text);
          return d->kind == Decl::Alias ? self(d->alias, self) : std::string();
        }
        default: return {};
      }
    };
    return walk(t, walk);
  };
  bool any_format = false;
  for (const auto& d : decls_)
    for (const auto& m : d->members) any_format = any_format || !format_of(m.type).empty();

  std::ostringstream o;
  o << header_line() << "#pragma once\n\n";
  o << "#include <array>\n#include <cstdint>\n#include <map>\n#include <string>\n"
       "#include <variant>\n#include <vector>\n\n";
  o << "#include <boost/json/value.hpp>\n\n";
  o << "#include <webapi/core/box.hpp>\n";
  o << "#include <webapi/core/members.hpp>\n";
  if (any_type_uses("webapi::FilePart")) o << "#include <webapi/core/file_part.hpp>\n";
  if (any_type_uses("webapi::OpenEnum")) o << "#include <webapi/core/open_enum.hpp>\n";
  o << "#include <webapi/core/optional.hpp>\n";
  o << "#include <webapi/core/wire_enum.hpp>\n";
  if (any_format) o << "#include <webapi/core/wire_format.hpp>\n";
  o << "#include <webapi/core/wire_name.hpp>\n\n";
  o << "// Each struct has a member table (webapi_members, see webapi/core/members.hpp), which the JSON codec reads.\n"
       "// It is a function template, so only the models a program encodes or decodes have theirs compiled.\n\n";
  o << "namespace " << ns() << " {\n\n";
  bool any_struct = false;
  for (const auto& d : decls_)
    if (d->kind == Decl::Struct) {
      o << "struct " << d->name << ";\n";
      any_struct = true;
    }
  if (any_struct) o << "\n";
  for (const auto& d : decls_) {
    if (d->kind != Decl::Enum) continue;
    o << "enum class " << d->name << " {";
    for (std::size_t i = 0; i < d->values.size(); ++i) o << (i ? ", " : " ") << d->values[i].first;
    o << " };\n";
    o << "constexpr auto wire_values(" << d->name << ") noexcept {\n";
    o << "  return std::array<webapi::EnumValue<" << d->name << ">, " << d->values.size() << ">{{";
    for (std::size_t i = 0; i < d->values.size(); ++i) {
      o << (i ? ",\n      " : "\n      ") << "{" << d->name << "::" << d->values[i].first << ", "
        << cpp_string(d->values[i].second) << "}";
    }
    o << "}};\n}\n\n";
  }
  std::set<std::string> defined;
  for (const Decl* d : order_) {
    if (d->kind == Decl::Alias) {
      o << "using " << d->name << " = " << render(d->alias) << ";\n\n";
      continue;
    }
    o << "struct " << d->name << " {\n";
    std::vector<std::pair<std::string, std::string>> renames, formats;
    auto holds_undefined = [&](const TP& t, const std::set<std::string>& done) {
      auto walk = [&](const TP& x, auto& self) -> bool {
        if (x->kind == Type::Named && !x->boxed && by_name_.at(x->text)->kind == Decl::Struct && !done.count(x->text))
          return true;
        for (const auto& a : x->args)
          if (self(a, self)) return true;
        return false;
      };
      return t->kind != Type::Named && walk(t, walk);
    };
    for (const auto& m : d->members) {
      // `{}` on a container of a struct not defined yet (a cycle such as MultiPart and BodyPart) makes clang
      // instantiate the container's destructor while that struct is incomplete; such a member starts empty
      // without it. Every other member keeps `{}`, so designated initializers may leave it out silently.
      o << "  " << render(m.type) << " " << m.cpp << (holds_undefined(m.type, defined) ? ";\n" : "{};\n");
      std::string implied = m.cpp;
      if (!implied.empty() && implied.back() == '_') implied.pop_back();
      if (implied != m.wire) renames.emplace_back(m.cpp, m.wire);
      if (std::string f = format_of(m.type); !f.empty()) formats.emplace_back(m.cpp, f);
    }
    if (!renames.empty()) {
      o << "\n  static constexpr webapi::Rename webapi_renames[] = {";
      for (std::size_t i = 0; i < renames.size(); ++i)
        o << (i ? ", " : "") << "{" << cpp_string(renames[i].first) << ", " << cpp_string(renames[i].second) << "}";
      o << "};\n";
    }
    if (!formats.empty()) {
      // base64: the member holds raw bytes; decimal_string: the integer travels as a JSON string.
      o << (renames.empty() ? "\n" : "") << "  static constexpr webapi::Format webapi_formats[] = {";
      for (std::size_t i = 0; i < formats.size(); ++i)
        o << (i ? ", " : "") << "{" << cpp_string(formats[i].first) << ", webapi::WireFormat::" << formats[i].second << "}";
      o << "};\n";
    }
    if (!d->members.empty()) o << "\n";
    o << "  friend bool operator==(const " << d->name << "&, const " << d->name << "&) = default;\n";
    o << "};\n";
    defined.insert(d->name);
    // The member table (webapi/core/members.hpp), a function template: it is compiled only for a model a
    // program encodes or decodes.
    o << "template <class T = " << d->name << ">\nauto webapi_members(" << d->name << "**) {\n";
    o << "  return webapi::member_list(0";
    for (const auto& m : d->members) o << "\n      WEBAPI_MEMBER(T, " << m.cpp << ")";
    o << ");\n}\n\n";
  }
  o << "}  // namespace " << ns() << "\n\n";
  o << "#include <webapi/" << name_ << "/codec.hpp>  // declares the codec when it is compiled separately\n";
  return o.str();
}

}  // namespace webapi::codegen
