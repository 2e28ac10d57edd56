// Enums of one module with the same enumerators and wire values become one type: the first declared keeps
// its name, every type and parameter refers to it, and the other names stay as aliases of it (finance
// declares the same {SYSTEM, USER} enum thirteen times, once per place it is used).
#include "module.hpp"

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace webapi::codegen {

void Module::merge_equal_enums() {
  std::map<std::vector<std::pair<std::string, std::string>>, std::string> first;
  std::map<std::string, std::string> canonical;  // duplicate name -> the name kept
  for (const auto& d : decls_) {
    if (d->kind != Decl::Enum) continue;
    auto [it, inserted] = first.emplace(d->values, d->name);
    if (!inserted) canonical[d->name] = it->second;
  }
  if (canonical.empty()) return;

  std::function<void(const TP&)> rename = [&](const TP& t) {
    if (!t) return;
    if (t->kind == Type::Named)
      if (auto c = canonical.find(t->text); c != canonical.end()) t->text = c->second;
    for (const auto& a : t->args) rename(a);
  };
  for (const auto& d : decls_) {
    for (auto& m : d->members) rename(m.type);
    rename(d->alias);
  }
  for (auto* ops : {&ops_, &extra_methods_})
    for (auto& op : *ops) {
      for (auto& p : op.path_params) rename(p.type);
      for (auto& p : op.params) rename(p.type);
      rename(op.body.type);
    }
  for (const auto& d : decls_) {
    auto c = canonical.find(d->name);
    if (c == canonical.end()) continue;
    d->kind = Decl::Alias;
    d->values.clear();
    d->alias = make(Type::Named, c->second);
  }
}

}  // namespace webapi::codegen
