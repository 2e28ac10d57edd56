// Reads one description and its overlay into the model: spec access, configuration, declaration order.
#include "module.hpp"

#include <functional>
#include <map>
#include <string>
#include <utility>

#include <boost/json.hpp>

#include "die.hpp"
#include "json_access.hpp"
#include "names.hpp"

namespace webapi::codegen {

void Module::build() {
  merge_overlay_schemas();
  read_config();
  reserve_component_names();
  find_multipart_components();
  for (const auto& kv : get_object(components(), "schemas")) component(std::string(kv.key()));
  collect_operations();
  take_system_parameters();
  merge_equal_enums();
  order_declarations();
}

const js::value* Module::deref(std::string_view ref) const {
  if (ref.substr(0, 2) != "#/") die(name_ + ": unsupported $ref " + std::string(ref));
  const js::value* cur = &spec_;
  std::size_t pos = 2;
  while (pos <= ref.size()) {
    std::size_t end = ref.find('/', pos);
    std::string part(ref.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
    for (std::size_t i; (i = part.find("~1")) != std::string::npos;) part.replace(i, 2, "/");
    for (std::size_t i; (i = part.find("~0")) != std::string::npos;) part.replace(i, 2, "~");
    if (!cur->is_object()) return nullptr;
    auto it = cur->as_object().find(part);
    if (it == cur->as_object().end()) return nullptr;
    cur = &it->value();
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  return cur;
}

const js::object& Module::resolved(const js::value& v) const {
  const js::value* cur = &v;
  for (int guard = 0; cur->is_object() && guard < 32; ++guard) {
    auto r = find(cur->as_object(), "$ref");
    if (!r) break;
    const js::value* next = deref(r->as_string());
    if (!next) die(name_ + ": dangling $ref " + std::string(r->as_string()));
    cur = next;
  }
  return cur->is_object() ? cur->as_object() : empty_object();
}

void Module::merge_overlay_schemas() {
  auto& comps = spec_.as_object()["components"];
  if (!comps.is_object()) comps = js::object();
  auto& schemas = comps.as_object()["schemas"];
  if (!schemas.is_object()) schemas = js::object();
  for (const auto& kv : get_object(overlay_, "schemas")) schemas.as_object()[kv.key()] = kv.value();
  // "member_types": {"Schema": {"member": {"schema": {...}, "source": "why"}}} replaces one member's
  // schema, for a member whose published examples and schema disagree about its type.
  for (const auto& [schema, members] : get_object(overlay_, "member_types")) {
    js::value* target = schemas.as_object().if_contains(schema);
    if (!target || !target->is_object()) die(name_ + ": member_types names no schema " + std::string(schema));
    js::value* props = target->as_object().if_contains("properties");
    if (!props || !props->is_object()) die(name_ + ": member_types: " + std::string(schema) + " has no properties");
    for (const auto& [member, patch] : members.as_object()) {
      const js::object& p = patch.as_object();
      if (!props->as_object().contains(member))
        die(name_ + ": member_types: " + std::string(schema) + " has no member " + std::string(member));
      if (get_string(p, "source").empty() || !find(p, "schema"))
        die(name_ + ": member_types: " + std::string(schema) + "." + std::string(member) + " needs a schema and a source");
      props->as_object()[member] = *find(p, "schema");
    }
  }
}

void Module::read_config() {
  std::string server;
  if (auto s = find(overlay_, "server"); s && s->is_string()) {
    server = s->as_string();
  } else {
    const auto& servers = get_array(root(), "servers");
    if (!servers.empty()) server = get_string(servers[0].as_object(), "url");
  }
  while (!server.empty() && server.back() == '/') server.pop_back();
  if (server.rfind("http", 0) != 0) server.clear();  // a relative server is no base URL
  base_url_ = server;
  for (const auto& f : get_array(overlay_, "config")) {
    const auto& o = f.as_object();
    config_.push_back({get_string(o, "name"), get_string(o, "type", "string"), get_string(o, "default")});
  }
  for (const auto& c : get_array(overlay_, "credentials")) {
    const auto& o = c.as_object();
    credentials_.push_back({get_string(o, "kind"), get_string(o, "field"), get_string(o, "param"),
                            get_string(o, "header"), get_string(o, "header_field"), get_string(o, "when"),
                            get_string(o, "scheme")});
  }
}

// Orders the declarations so each comes after what it holds by value (cycles go through webapi::Box), then names
// struct members so that none hides a type name of the module.
void Module::order_declarations() {
  std::map<std::string, int> state;
  std::function<void(Decl*)> visit;
  std::function<void(TP&, bool, const std::function<void(TP&, bool)>&)> walk =
      [&](TP& t, bool hard, const std::function<void(TP&, bool)>& f) {
        switch (t->kind) {
          case Type::Named: f(t, hard); break;
          case Type::Vector:
          case Type::Map: walk(t->args[0], false, f); break;
          case Type::Optional:
          case Type::Variant:
            for (auto& a : t->args) walk(a, hard, f);
            break;
          default: break;
        }
      };
  visit = [&](Decl* d) {
    state[d->name] = 1;
    auto on_dep = [&](TP& t, bool hard) {
      Decl* target = by_name_.at(t->text);
      if (target->kind == Decl::Enum) return;
      int s = state[target->name];
      if (s == 1) {
        if (hard) t->boxed = true;
      } else if (s == 0) {
        visit(target);
      }
    };
    if (d->kind == Decl::Struct)
      for (auto& m : d->members) walk(m.type, true, on_dep);
    else if (d->kind == Decl::Alias)
      walk(d->alias, true, on_dep);
    state[d->name] = 2;
    if (d->kind != Decl::Enum) order_.push_back(d);
  };
  for (auto& d : decls_)
    if (d->kind != Decl::Enum && state[d->name] == 0) visit(d.get());
  // Members are the wire names in snake_case (the wire name stays in webapi_renames); they must not hide a
  // type name of the module.
  for (auto& d : decls_) {
    if (d->kind != Decl::Struct) continue;
    std::set<std::string> taken;
    for (auto& m : d->members) {
      std::string n = identifier(snake(m.wire));
      if (by_name_.count(n)) n += "_";
      std::string base = n;
      for (int i = 2; taken.count(n); ++i) n = base + "_" + std::to_string(i);
      taken.insert(n);
      m.cpp = n;
    }
  }
}

}  // namespace webapi::codegen
