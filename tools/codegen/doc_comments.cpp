// Writes the doc comment above each client method: the facts a caller needs without the description
// (identifiers, every parameter with its type, place, requirement, bounds and default, the credential and
// scopes, paging, long-running answers, and whether the call changes state). No prose is copied.
#include "module.hpp"

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "http.hpp"
#include "identifiers.hpp"
#include "json_access.hpp"
#include "names.hpp"

namespace webapi::codegen {
namespace {

std::string number(const js::value& v) {
  if (v.is_int64()) return std::to_string(v.as_int64());
  if (v.is_uint64()) return std::to_string(v.as_uint64());
  return js::serialize(v);
}

// The bounds and default of a schema, as "at least 1, at most 100, default 20".
std::string bounds(const js::object& s) {
  std::vector<std::string> out;
  auto add = [&](std::string_view key, std::string_view what) {
    if (auto v = find(s, key); v && v->is_number()) out.push_back(std::string(what) + " " + number(*v));
  };
  add("minimum", "at least");
  add("exclusiveMinimum", "above");
  add("maximum", "at most");
  add("exclusiveMaximum", "below");
  add("minLength", "length at least");
  add("maxLength", "length at most");
  add("minItems", "items at least");
  add("maxItems", "items at most");
  if (auto p = get_string(s, "pattern"); !p.empty()) out.push_back("pattern `" + p + "`");
  if (auto d = find(s, "default")) out.push_back("default " + js::serialize(*d));
  std::string r;
  for (std::size_t i = 0; i < out.size(); ++i) r += (i ? ", " : "") + out[i];
  return r;
}

bool is_paging_parameter(const std::string& wire) {
  static const std::set<std::string> names = {"pageToken", "page_token", "page", "offset", "cursor", "after",
                                              "startingAfter", "starting_after"};
  return names.count(wire) > 0;
}

}  // namespace

std::string Module::doc_comment(const Op& op) const {
  std::ostringstream o;
  o << "  /// " << uppercase(op.method) << " " << op.path;
  if (!op.fixed_query.empty()) {
    o << " (";
    for (std::size_t i = 0; i < op.fixed_query.size(); ++i)
      o << (i ? "&" : "") << op.fixed_query[i].first << "=" << op.fixed_query[i].second;
    o << ")";
  }
  o << "\n";
  if (!op.variant_of.empty()) o << "  /// Another result of `" << op.variant_of << "`, same request.\n";
  std::string req = requirement_id(*this, op);
  if (!op.operation_id.empty() || !req.empty()) {
    o << "  ///";
    if (!op.operation_id.empty()) o << " Operation id `" << op.operation_id << "`.";
    if (!req.empty()) o << " Requirements: `" << req << "`.";
    o << "\n";
  }

  // The description's (or overlay's) parameter objects, for bounds and defaults the model does not keep.
  const std::string& key = op.variant_of.empty() ? op.name : op.variant_of;
  auto raw = raw_ops_.find(key);
  auto schema_of = [&](const Param& p) -> std::string {
    if (raw == raw_ops_.end()) return {};
    std::string found;
    auto look = [&](const js::array& list) {
      for (const auto& pv : list) {
        const js::object& q = resolved(pv);
        if (get_string(q, "name") == p.wire && get_string(q, "in") == p.in)
          if (auto s = find(q, "schema")) found = bounds(resolved(*s));
      }
    };
    look(raw->second.second);
    look(get_array(raw->second.first, "parameters"));
    return found;
  };

  o << "  ///\n";
  auto line = [&](const std::string& name, const std::string& type, const std::string& where, bool required,
                  const std::string& facts) {
    o << "  /// - `" << name << "`: " << type << ", " << where << (required ? ", required" : ", optional");
    if (!facts.empty()) o << "; " << facts;
    o << "\n";
  };
  for (const auto& p : op.path_params)
    line(p.cpp, "`" + render(p.type) + "`", "path `" + p.wire + "`" + (p.pattern.empty() ? "" : " (`" + p.pattern + "`)"),
         true, schema_of(p));
  std::vector<std::string> paging;
  for (const auto& p : op.params) {
    line("params." + p.cpp, "`" + render(p.type) + "`", p.in + " `" + p.wire + "`", p.required, schema_of(p));
    if (is_paging_parameter(p.wire)) paging.push_back("`params." + p.cpp + "`");
  }
  if (op.body.present)
    line("params.body", "`" + render(op.body.type) + "`", op.body.kind + " body (`" + op.body.content_type + "`)",
         op.body.required, "");

  // Credential and scopes.
  if (op.auth == "none" || credentials_.empty()) {
    o << "  /// Credential: none.\n";
  } else {
    o << "  /// Credential (" << op.auth << "): ";
    for (std::size_t i = 0; i < op.auth_order.size(); ++i) {
      const char* joint = i == 0 ? "" : i < op.auth_together ? " and " : " or ";
      o << joint << "`Config::" << credentials_[op.auth_order[i]].field << "`";
    }
    if (op.auth_together > 1) o << ", each sent when set";
    std::set<std::string> scopes;
    const js::value* sec = raw == raw_ops_.end() ? nullptr : find(raw->second.first, "security");
    if (!sec) sec = find(root(), "security");
    if (sec && sec->is_array())
      for (const auto& r : sec->as_array())
        if (r.is_object())
          for (const auto& kv : r.as_object())
            if (kv.value().is_array())
              for (const auto& s : kv.value().as_array())
                if (s.is_string()) scopes.insert(std::string(s.as_string()));
    if (!scopes.empty()) {
      o << "; scopes";
      bool first = true;
      for (const auto& s : scopes) o << (first ? " " : ", ") << "`" << s << "`", first = false;
    }
    o << ".\n";
  }

  // What the call does beyond its answer.
  bool safe = op.method == "get" || op.method == "head" || op.method == "options";
  o << "  /// " << (safe ? "Reads only" : "Changes state") << " (" << uppercase(op.method) << ").";
  if (!paging.empty()) {
    o << " Pages by";
    for (std::size_t i = 0; i < paging.size(); ++i) o << (i ? ", " : " ") << paging[i];
    o << ".";
  }
  if (op.result == "Operation" || op.result == "GoogleLongrunningOperation")
    o << " Long-running: answers an `" << op.result << "`; poll it with `operations_get`.\n";
  else
    o << " Answers `" << op.result << "`.\n";
  return o.str();
}

}  // namespace webapi::codegen
