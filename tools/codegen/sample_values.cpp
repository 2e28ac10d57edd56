// Sample arguments for an operation, as C++ expressions: every required parameter and a required body set to
// a value its type and the description's constraints accept, so that the client sends the request rather
// than refusing it (a required query string or a path segment left empty, a resource name not of its form).
// The overlay's "samples" names fixed choices by wire name: a parameter's value, or for a resource name the
// id after a collection ("projects": "demo-project"), where the fake's demo data set has a documented one.
#include "module.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "json_access.hpp"
#include "names.hpp"

namespace webapi::codegen {
namespace {

// How deep a sample model goes into required members before leaving one at its default.
constexpr int max_depth = 4;

bool contains(const std::string& haystack, std::string_view needle) {
  return lowercase(haystack).find(needle) != std::string::npos;
}

std::string number_text(double v) {
  std::ostringstream o;
  o << v;
  std::string s = o.str();
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

// `v` moved into the schema's [minimum, maximum] (exclusive bounds taken one step in).
double within_bounds(const js::object& s, double v, double step) {
  auto bound = [&](const char* key) -> const js::value* {
    const js::value* b = find(s, key);
    return b && b->is_number() ? b : nullptr;
  };
  if (auto lo = bound("minimum")) v = std::max(v, lo->to_number<double>());
  if (auto lo = bound("exclusiveMinimum")) v = std::max(v, lo->to_number<double>() + step);
  if (auto hi = bound("maximum")) v = std::min(v, hi->to_number<double>());
  if (auto hi = bound("exclusiveMaximum")) v = std::min(v, hi->to_number<double>() - step);
  return v;
}

}  // namespace

// A string the schema accepts: the overlay's sample for `wire`, a value of its enum or format, one of a
// few candidates its pattern matches, padded or cut to its length bounds.
std::string Module::sample_string(const js::value& schema, const std::string& wire) const {
  if (const js::value* fixed = find(get_object(overlay_, "samples"), wire); fixed && fixed->is_string())
    return std::string(fixed->as_string());
  const js::object& s = resolved(schema);
  for (const auto& e : get_array(s, "enum"))
    if (e.is_string()) return std::string(e.as_string());
  const std::string format = get_string(s, "format");
  std::string v = "sample";
  if (format == "date-time") v = "2024-01-01T00:00:00Z";
  else if (format == "date") v = "2024-01-01";
  else if (format == "email" || contains(wire, "email")) v = "ada@example.com";
  else if (format == "uri" || format == "url" || contains(wire, "url") || contains(wire, "uri")) v = "https://example.com/sample";
  else if (format == "uuid") v = "00000000-0000-4000-8000-000000000001";
  if (const std::string pattern = get_string(s, "pattern"); !pattern.empty()) {
    const std::vector<std::string> candidates = {v, "sample-1", "1", "a", "A", "ABC", "USD", "en",
                                                 "2024-01-01", "2024-01-01T00:00:00Z", "https://example.com/sample"};
    try {
      const std::regex re(pattern, std::regex::ECMAScript);
      auto it = std::find_if(candidates.begin(), candidates.end(),
                             [&](const std::string& c) { return std::regex_search(c, re); });
      if (it != candidates.end()) v = *it;
    } catch (const std::regex_error&) {
      // A pattern std::regex does not read: the sample stays, and the fake judges it.
    }
  }
  if (const js::value* min = find(s, "minLength"); min && min->is_int64() && v.size() < std::size_t(min->as_int64()))
    v.resize(std::size_t(min->as_int64()), 'x');
  if (const js::value* max = find(s, "maxLength"); max && max->is_int64() && v.size() > std::size_t(max->as_int64()))
    v.resize(std::size_t(max->as_int64()));
  return v;
}

// A resource name of the form `pattern` ("projects/*/locations/*"): each '*' the overlay's sample for the
// collection before it, or "sample".
std::string Module::sample_resource_name(const std::string& pattern) const {
  const js::object& samples = get_object(overlay_, "samples");
  std::string out, previous;
  std::size_t pos = 0;
  while (pos <= pattern.size()) {
    std::size_t end = pattern.find('/', pos);
    std::string segment = pattern.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (segment == "*" || (segment.size() > 2 && segment.front() == '{')) {
      const js::value* fixed = find(samples, previous);
      segment = fixed && fixed->is_string() ? std::string(fixed->as_string()) : "sample";
    }
    out += (out.empty() && pos == 0 ? "" : "/") + segment;
    previous = segment;
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return out;
}

// An expression of type `t` (or converting to it) that the description's `schema` accepts; models with their
// required members set, `depth` levels down at most. `typed` asks for an expression naming its type, where
// the context does not give one (an alternative of a variant).
std::string Module::sample_value(const TP& t, const js::value& schema, const std::string& wire, int depth,
                                 bool typed) const {
  const js::object& s = resolved(schema);
  switch (t->kind) {
    case Type::Prim: {
      const std::string& p = t->text;
      const js::value* fixed = find(get_object(overlay_, "samples"), wire);
      if (p == "std::string") {
        std::string literal = cpp_string(sample_string(schema, wire));
        return typed ? "std::string(" + literal + ")" : literal;
      }
      if (p == "bool") return "true";
      if (p == "double") return number_text(fixed && fixed->is_number() ? fixed->to_number<double>() : within_bounds(s, 1, 0.5));
      if (p == "webapi::FilePart")
        return "webapi::FilePart{.data = \"sample\", .filename = \"sample.txt\", .content_type = \"text/plain\"}";
      std::int64_t v = fixed && fixed->is_int64() ? fixed->as_int64() : std::int64_t(within_bounds(s, 1, 1));
      if (p == "std::uint64_t" && v < 0) v = 0;
      return p + "{" + std::to_string(v) + "}";
    }
    case Type::Named: {
      auto it = by_name_.find(t->text);
      if (it == by_name_.end()) return qualified(t) + "{}";
      const Decl& d = *it->second;
      if (d.kind == Decl::Alias) return sample_value(d.alias, schema, wire, depth, typed);
      if (d.kind == Decl::Enum) {
        if (d.values.empty()) return qualified(t) + "{}";
        std::string e = ns() + "::" + d.name + "::" + d.values.front().first;
        return typed && t->open ? "webapi::OpenEnum<" + ns() + "::" + d.name + ">(" + e + ")" : e;
      }
      std::string out = ns() + "::" + d.name + "{";
      if (depth < max_depth && !t->boxed) {
        bool first = true;
        for (const auto& m : d.members) {
          if (m.type->kind == Type::Optional || (m.type->kind == Type::Named && m.type->boxed)) continue;
          out += std::string(first ? "" : ", ") + "." + m.cpp + " = " + sample_value(m.type, m.schema, m.wire, depth + 1, false);
          first = false;
        }
      }
      return out + "}";
    }
    case Type::Vector: {
      const js::value& items = s.contains("items") ? s.at("items") : js::value();
      if (depth >= max_depth) return qualified(t) + "{}";
      return qualified(t) + "{" + sample_value(t->args[0], items, wire, depth + 1, true) + "}";
    }
    case Type::Map: return qualified(t) + "{}";
    case Type::Optional: return sample_value(t->args[0], schema, wire, depth, typed);
    case Type::Variant: {
      const auto& alternatives = find(s, "oneOf") ? get_array(s, "oneOf") : get_array(s, "anyOf");
      const js::value& first = alternatives.empty() ? js::value() : alternatives.front();
      return qualified(t) + "(" + sample_value(t->args[0], first, wire, depth, true) + ")";
    }
    case Type::Json: return "boost::json::value(boost::json::object())";
  }
  return qualified(t) + "{}";
}

// The arguments of a call of `op`: each path parameter, then the parameter struct holding every required
// parameter and a required body; empty for an operation that needs none.
std::string Module::sample_arguments(const Op& op) const {
  std::vector<std::string> args;
  for (const auto& p : op.path_params) {
    if (!p.pattern.empty()) args.push_back(cpp_string(sample_resource_name(p.pattern)));
    else args.push_back(sample_value(p.type, p.schema, p.wire, 0, false));
  }
  std::string fields;
  for (const auto& p : op.params) {
    if (!p.required) continue;
    fields += std::string(fields.empty() ? "" : ", ") + "." + p.cpp + " = " + sample_value(p.type, p.schema, p.wire, 0, false);
  }
  if (op.body.present && op.body.required)
    fields += std::string(fields.empty() ? "" : ", ") + ".body = " + sample_value(op.body.type, js::value(), "body", 0, false);
  if (!fields.empty()) args.push_back("{" + fields + "}");
  std::string out;
  for (const auto& a : args) out += (out.empty() ? "" : ", ") + a;
  return out;
}

}  // namespace webapi::codegen
