// Reads the component and inline schemas of a description into declarations (structs, enums, aliases) and types.
#include "module.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include "die.hpp"
#include "http.hpp"
#include "json_access.hpp"
#include "names.hpp"

namespace webapi::codegen {
namespace {

TP named(const std::string& name) { return make(Type::Named, name); }
// Every enum a member or parameter holds is open: services add values to their enums without notice.
TP open_enum(const std::string& name) {
  TP t = named(name);
  t->open = true;
  return t;
}

bool nullable(const js::object& s) {
  if (get_bool(s, "nullable")) return true;
  for (const auto& e : get_array(s, "enum"))
    if (e.is_null()) return true;
  return false;
}

bool is_string_enum(const js::object& s) {
  const auto& e = get_array(s, "enum");
  if (e.empty()) return false;
  std::string t = get_string(s, "type");
  if (!t.empty() && t != "string") return false;
  bool any = false;
  for (const auto& v : e) {
    if (v.is_string()) any = true;
    else if (!v.is_null()) return false;
  }
  return any;
}

// An object whose keys are all generated identifiers (UUIDs and the like) is a map keyed by them.
bool id_keyed(const js::object& s) {
  const auto& props = get_object(s, "properties");
  if (props.empty()) return false;
  for (const auto& kv : props) {
    std::string_view k = kv.key();
    std::size_t hex = 0;
    for (char c : k) {
      if (std::isxdigit(static_cast<unsigned char>(c))) ++hex;
      else if (c != '-') return false;
    }
    if (k.size() < 20 || hex < 16) return false;
  }
  return true;
}

std::string js_pointer_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

}  // namespace

std::string Module::unique_name(const std::string& base) {
  std::string n = base;
  for (int i = 2; used_names_.count(n); ++i) n = base + std::to_string(i);
  used_names_.insert(n);
  return n;
}

void Module::reserve_component_names() {
  for (const auto& kv : get_object(components(), "schemas")) {
    std::string key(kv.key());
    component_names_[key] = unique_name(type_name(key));
  }
}

// Component schemas used as multipart bodies: their binary strings are files, not text.
void Module::find_multipart_components() {
  for (const auto& pk : get_object(root(), "paths")) {
    for (const auto& mk : pk.value().as_object()) {
      if (!is_http_method(mk.key())) continue;
      const auto& op = mk.value().as_object();
      const js::value* rb = find(op, "requestBody");
      if (!rb) continue;
      for (const auto& ck : get_object(resolved(*rb), "content")) {
        if (lowercase(std::string(ck.key())).rfind("multipart/", 0) != 0) continue;
        const auto& schema = get_object(ck.value().as_object(), "schema");
        if (auto r = find(schema, "$ref")) {
          std::string ref(r->as_string());
          if (ref.rfind("#/components/schemas/", 0) == 0) multipart_components_.insert(ref.substr(21));
        }
      }
    }
  }
}

Decl* Module::add_decl(Decl::Kind kind, const std::string& name) {
  decls_.push_back(std::make_unique<Decl>());
  Decl* d = decls_.back().get();
  d->kind = kind;
  d->name = name;
  by_name_[name] = d;
  return d;
}

// Collects the properties of an object schema, following $ref and allOf. False if it is no object.
bool Module::flatten(const js::object& s, std::vector<std::pair<std::string, const js::value*>>& props,
                     std::set<std::string>& required, int depth) const {
  if (depth > 32) return false;
  if (auto r = find(s, "$ref")) {
    const js::value* t = deref(r->as_string());
    return t && t->is_object() && flatten(t->as_object(), props, required, depth + 1);
  }
  if (find(s, "oneOf") || find(s, "anyOf")) return false;
  std::string type = get_string(s, "type");
  if (!type.empty() && type != "object") return false;
  for (const auto& part : get_array(s, "allOf"))
    if (!part.is_object() || !flatten(part.as_object(), props, required, depth + 1)) return false;
  for (const auto& kv : get_object(s, "properties")) {
    std::string key(kv.key());
    auto it = std::find_if(props.begin(), props.end(), [&](const auto& p) { return p.first == key; });
    if (it != props.end()) it->second = &kv.value();
    else props.emplace_back(key, &kv.value());
  }
  for (const auto& r : get_array(s, "required"))
    if (r.is_string()) required.insert(std::string(r.as_string()));
  return true;
}

bool Module::has_properties(const js::object& s) const {
  if (id_keyed(s)) return false;
  std::vector<std::pair<std::string, const js::value*>> props;
  std::set<std::string> req;
  return flatten(s, props, req) && !props.empty();
}

TP Module::component(const std::string& key) {
  if (auto it = cache_.find(key); it != cache_.end()) return clone(it->second);
  const js::value* sv = deref("#/components/schemas/" + js_pointer_escape(key));
  if (!sv || !sv->is_object()) die(name_ + ": no schema " + key);
  const auto& s = sv->as_object();
  const std::string& tn = component_names_.at(key);
  bool saved = multipart_;
  multipart_ = multipart_components_.count(key) > 0;
  TP result;
  bool pure_ref = find(s, "$ref") || (get_array(s, "allOf").size() == 1 && !find(s, "properties"));
  if (pure_ref) {
    // Another name for another schema: an alias, not a copy.
    cache_[key] = named(tn);
    Decl* d = add_decl(Decl::Alias, tn);
    const js::value& target = find(s, "$ref") ? sv->as_object() : get_array(s, "allOf")[0];
    TP t = find(s, "$ref") ? resolve(js::value{{"$ref", find(s, "$ref")->as_string()}}, tn) : resolve(target, tn);
    if (t->kind == Type::Optional) t = t->args[0];
    d->alias = t;
    result = named(tn);
  } else if (has_properties(s)) {
    cache_[key] = named(tn);
    define_struct(tn, s);
    result = named(tn);
  } else if (is_string_enum(s)) {
    cache_[key] = open_enum(tn);
    define_enum(tn, s);
    result = open_enum(tn);
  } else if (find(s, "oneOf") || find(s, "anyOf")) {
    cache_[key] = named(tn);
    Decl* d = add_decl(Decl::Alias, tn);
    d->alias = variant(s, tn);
    result = named(tn);
  } else {
    if (in_progress_.count(key)) { multipart_ = saved; return json_value(); }
    in_progress_.insert(key);
    result = resolve(*sv, tn);
    in_progress_.erase(key);
    cache_[key] = result;
  }
  multipart_ = saved;
  return clone(result);
}

void Module::define_enum(const std::string& tn, const js::object& s) {
  Decl* d = add_decl(Decl::Enum, tn);
  std::set<std::string> seen;
  for (const auto& v : get_array(s, "enum")) {
    if (!v.is_string()) continue;
    std::string wire(v.as_string());
    if (std::any_of(d->values.begin(), d->values.end(), [&](const auto& p) { return p.second == wire; }))
      continue;
    std::string e = wire.empty() ? std::string("empty") : identifier(wire);
    std::string base = e;
    for (int i = 2; seen.count(e); ++i) e = base + "_" + std::to_string(i);
    seen.insert(e);
    d->values.emplace_back(e, wire);
  }
}

void Module::define_struct(const std::string& tn, const js::object& s) {
  Decl* d = add_decl(Decl::Struct, tn);  // registered first, so members may refer back to it
  std::vector<std::pair<std::string, const js::value*>> props;
  std::set<std::string> required;
  flatten(s, props, required);
  std::vector<Member> members;
  for (const auto& [wire, ps] : props) {
    TP t = resolve(*ps, tn + pascal(wire));
    const js::object& po = ps->is_object() ? ps->as_object() : empty_object();
    if (!required.count(wire) || nullable(po) || nullable(resolved(*ps))) t = optional_of(t);
    members.push_back({identifier(wire), wire, t, *ps});
  }
  d->members = std::move(members);
}

TP Module::variant(const js::object& s, const std::string& hint) {
  const auto& alts = find(s, "oneOf") ? get_array(s, "oneOf") : get_array(s, "anyOf");
  std::vector<TP> types;
  std::set<std::string> seen;
  int n = 0;
  for (const auto& a : alts) {
    ++n;
    TP t = resolve(a, hint + "Option" + std::to_string(n));
    if (t->kind == Type::Optional) t = t->args[0];
    if (seen.insert(render(t)).second) types.push_back(t);
  }
  if (types.empty()) return json_value();
  if (types.size() == 1) return types[0];
  for (const auto& t : types)
    if (t->kind == Type::Json) return json_value();
  return make(Type::Variant, {}, types);
}

TP Module::resolve(const js::value& sv, const std::string& hint) {
  if (!sv.is_object()) return json_value();
  const auto& s = sv.as_object();
  if (auto r = find(s, "$ref")) {
    std::string ref(r->as_string());
    if (ref.rfind("#/components/schemas/", 0) == 0) {
      std::string key = ref.substr(21);
      for (std::size_t i; (i = key.find("~1")) != std::string::npos;) key.replace(i, 2, "/");
      for (std::size_t i; (i = key.find("~0")) != std::string::npos;) key.replace(i, 2, "~");
      return component(key);
    }
    const js::value* t = deref(ref);
    if (!t) die(name_ + ": dangling $ref " + ref);
    return resolve(*t, hint);
  }
  if (auto a = find(s, "allOf"); a && a->is_array()) {
    if (a->as_array().size() == 1 && !find(s, "properties")) return resolve(a->as_array()[0], hint);
    if (has_properties(s)) {
      std::string tn = unique_name(hint);
      define_struct(tn, s);
      return named(tn);
    }
    return json_value();
  }
  if (find(s, "oneOf") || find(s, "anyOf")) return variant(s, hint);
  if (is_string_enum(s)) {
    std::string tn = unique_name(hint);
    define_enum(tn, s);
    return open_enum(tn);
  }
  std::string type = get_string(s, "type");
  std::string format = get_string(s, "format");
  if (type == "string") {
    if (format == "binary" && multipart_) return prim("webapi::FilePart");
    // Google's JSON mapping: bytes travel as base64 and 64-bit integers as decimal strings. The model holds
    // the raw bytes and the integer; the member's webapi_formats entry tells the codec how they travel.
    if (format == "byte") return prim("std::string", "base64");
    if (format == "int64") return prim("std::int64_t", "decimal_string");
    if (format == "uint64") return prim("std::uint64_t", "decimal_string");
    return prim("std::string");
  }
  if (type == "integer") return prim(format == "int32" ? "std::int32_t" : "std::int64_t");
  if (type == "number") return prim("double");
  if (type == "boolean") return prim("bool");
  if (type == "array") {
    const js::value* items = find(s, "items");
    TP t = items ? resolve(*items, hint + "Item") : json_value();
    if (t->kind == Type::Optional) t = t->args[0];
    return make(Type::Vector, {}, {t});
  }
  if (has_properties(s)) {
    std::string tn = unique_name(hint);
    define_struct(tn, s);
    return named(tn);
  }
  if (id_keyed(s)) {
    TP t = resolve(get_object(s, "properties").begin()->value(), hint + "Value");
    if (t->kind == Type::Optional) t = t->args[0];
    return make(Type::Map, {}, {t});
  }
  if (auto ap = find(s, "additionalProperties"); ap && ap->is_object() && !ap->as_object().empty()) {
    TP t = resolve(*ap, hint + "Value");
    if (t->kind == Type::Optional) t = t->args[0];
    return make(Type::Map, {}, {t});
  }
  return json_value();
}

}  // namespace webapi::codegen
