// Writes include/webapi/<module>/codec.hpp and src.hpp: the module's JSON codec entry points, declared for
// separate compilation (codec.hpp, under WEBAPI_SEPARATE_COMPILATION) and instantiated once (src.hpp).
//
// The entry points are json::decode<T> and json::try_encode_to<T> (every other codec function calls one of
// them) for each type a client or a fake reads or writes whole: every JSON struct of the module, every
// operation's result and every JSON request body. Types made only of other modules' or the standard
// library's types (std::string, std::vector<std::string>, ...) are left out: two modules instantiating the
// same specialization would collide. src.hpp also instantiates Client<AnyTransport> (AnyClient), which
// client.hpp declares extern in that mode: a file calling any number of its methods compiles none of them.
#include "module.hpp"

#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace webapi::codegen {

std::vector<std::string> Module::codec_types() const {
  // An alias is spelled as what it stands for, so one type is never instantiated under two names.
  std::function<std::string(const std::string&)> expand = [&](const std::string& text) {
    return map_identifiers(text, [&](const std::string& id) {
      auto it = by_name_.find(id);
      return it != by_name_.end() && it->second->kind == Decl::Alias ? expand(render(it->second->alias)) : id;
    });
  };
  // A struct holding a file part or raw bytes, at any depth, is a multipart or raw body, not JSON.
  std::map<std::string, bool> codable_memo;
  std::function<bool(const std::string&)> codable = [&](const std::string& text) {
    if (text.find("FilePart") != std::string::npos || text.find("Binary") != std::string::npos) return false;
    bool ok = true;
    map_identifiers(text, [&](const std::string& id) {
      auto it = by_name_.find(id);
      if (it == by_name_.end() || it->second->kind != Decl::Struct) return id;
      auto [memo, fresh] = codable_memo.try_emplace(id, true);  // true while visiting: cycles are fine
      if (fresh)
        for (const auto& m : it->second->members) memo->second = memo->second && codable(expand(render(m.type)));
      ok = ok && codable_memo[id];
      return id;
    });
    return ok;
  };
  auto of_module = [&](const std::string& text) {
    bool any = false;
    map_identifiers(text, [&](const std::string& id) {
      any = any || by_name_.count(id);
      return id;
    });
    return any;
  };

  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](const std::string& type) {
    std::string t = expand(type);
    if (!of_module(t) || !codable(t) || !seen.insert(t).second) return;
    out.push_back(qualified(t));
  };
  for (const auto& d : decls_)
    if (d->kind == Decl::Struct) add(d->name);
  for (const auto* list : {&ops_, &extra_methods_})
    for (const Op& op : *list) {
      add(op.result);
      if (op.body.present && op.body.kind == "json") add(render(op.body.type));
    }
  return out;
}

// The codec's entry points for each of codec_types(), each line opened by `keyword`: "extern template"
// declares them (codec.hpp), "template" instantiates them (src.hpp).
std::string Module::codec_instances(std::string_view keyword) const {
  std::ostringstream o;
  for (const std::string& t : codec_types())
    o << keyword << " webapi::Result<" << t << "> webapi::json::decode<" << t
      << ">(std::string_view, webapi::json::DecodeOptions);\n"
      << keyword << " webapi::Result<void> webapi::json::try_encode_to<" << t << ">(std::string&, const " << t
      << "&, webapi::json::EncodeOptions);\n";
  return o.str();
}

std::string Module::codec_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n"
    << "// This module's JSON codec (webapi::json::decode and try_encode_to of its types). By default it is\n"
    << "// compiled where it is used. With WEBAPI_SEPARATE_COMPILATION or " << separate_macro() << "\n"
    << "// defined, translation units only declare it, and the one that includes <webapi/" << name_ << "/src.hpp>\n"
    << "// compiles it, once (docs/json.md); AnyClient's methods likewise (declared at the end of client.hpp).\n"
    << "// Linking the CMake target webapi::" << name_ << "_compiled does both.\n\n"
    << "#if " << separate_condition() << "\n\n"
    << "#include <string>\n#include <string_view>\n\n#include <webapi/core/json.hpp>\n#include <webapi/core/result.hpp>\n"
    << "#include <webapi/" << name_ << "/models.hpp>\n\n";
  o << codec_instances("extern template") << "\n#endif\n";
  return o.str();
}

std::string Module::src_hpp() const {
  std::ostringstream o;
  o << header_line() << "// Compiles this module's JSON codec and AnyClient's methods: include it in one translation unit\n"
    << "// of a program built with WEBAPI_SEPARATE_COMPILATION or " << separate_macro() << " (see\n"
    << "// <webapi/" << name_ << "/codec.hpp>).\n"
    << "#pragma once\n\n#include <string>\n#include <string_view>\n\n#include <webapi/core/any_transport.hpp>\n"
    << "#include <webapi/core/json.hpp>\n#include <webapi/core/result.hpp>\n#include <webapi/" << name_
    << "/client.hpp>\n#include <webapi/" << name_ << "/models.hpp>\n\n";
  o << codec_instances("template");
  o << "template class " << ns() << "::Client<webapi::AnyTransport>;\n";
  return o.str();
}

}  // namespace webapi::codegen
