// Reads the paths of a description, and the operations the overlay adds or patches, into operations.
#include "module.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include "die.hpp"
#include "http.hpp"
#include "json_access.hpp"
#include "names.hpp"

namespace webapi::codegen {

// An operation as found in the description or the overlay, before its parameters and types are read.
struct Module::RawOp {
  std::string name, method, path, operation_id;
  js::object op;
  js::array path_level;
  bool from_overlay = false;
};

namespace {

void pin_query(Op& op, const js::object& pins) {
  for (const auto& kv : pins) {
    op.fixed_query.emplace_back(std::string(kv.key()), std::string(kv.value().as_string()));
    std::erase_if(op.params, [&](const Param& p) { return p.in == "query" && p.wire == kv.key(); });
  }
}

}  // namespace

std::string Module::op_name(const std::string& method, const std::string& path, const std::string& opid) const {
  const auto& names = get_object(overlay_, "names");
  if (!opid.empty())
    if (auto n = find(names, opid)) return std::string(n->as_string());
  std::string key = uppercase(method) + " " + path;
  if (auto n = find(names, key)) return std::string(n->as_string());
  std::string naming = get_string(overlay_, "naming", "operation_id");
  if (naming == "method_path" || opid.empty()) return lowercase(method) + "_" + snake(path);
  std::string id = opid;
  for (const auto& p : get_array(overlay_, "strip_prefixes")) {
    std::string pre(p.as_string());
    if (id.rfind(pre, 0) == 0) { id = id.substr(pre.size()); break; }
  }
  return snake(id);
}

void Module::collect_operations() {
  std::vector<RawOp> raw;
  for (const auto& pk : get_object(root(), "paths")) {
    const auto& item = pk.value().as_object();
    for (const auto& mk : item) {
      std::string m(mk.key());
      if (!is_http_method(m)) continue;
      const auto& op = mk.value().as_object();
      RawOp r;
      r.method = m;
      r.path = std::string(pk.key());
      r.operation_id = get_string(op, "operationId");
      r.name = op_name(m, r.path, r.operation_id);
      r.op = op;
      r.path_level = get_array(item, "parameters");
      raw.push_back(std::move(r));
    }
  }
  description_ops_ = raw.size();
  for (const auto& e : get_array(overlay_, "operations")) {
    const auto& o = e.as_object();
    RawOp r;
    r.from_overlay = true;
    r.name = get_string(o, "name");
    std::string like = get_string(o, "like");
    if (!like.empty()) {
      auto it = std::find_if(raw.begin(), raw.end(), [&](const RawOp& x) { return x.name == like; });
      if (it == raw.end()) die(name_ + ": overlay operation " + r.name + " is like unknown " + like);
      r.method = it->method;
      r.path = it->path;
      r.op = it->op;
      r.path_level = it->path_level;
    }
    if (auto m = get_string(o, "method"); !m.empty()) r.method = lowercase(m);
    if (auto p = get_string(o, "path"); !p.empty()) r.path = p;
    for (const auto& kv : o)
      if (kv.key() != "name" && kv.key() != "like" && kv.key() != "method" && kv.key() != "path")
        r.op[kv.key()] = kv.value();
    raw.push_back(std::move(r));
  }
  std::set<std::string> empty_success;  // operations whose description lists a success without content
  for (auto& r : raw) {
    for (const auto& kv : get_object(r.op, "responses"))
      if (!kv.key().empty() && kv.key()[0] == '2' && get_object(resolved(kv.value()), "content").empty())
        empty_success.insert(r.name);
    const auto& patch = get_object(get_object(overlay_, "patches"), r.name);
    for (const auto& kv : patch) r.op[kv.key()] = kv.value();
  }
  std::set<std::string> names;
  for (const auto& r : raw) {
    if (!names.insert(r.name).second) die(name_ + ": two operations named " + r.name);
    raw_ops_[r.name] = {r.op, r.path_level};
    ops_.push_back(make_op(r));
    ops_.back().may_be_empty = empty_success.count(r.name) && ops_.back().result != "void";
  }
  // "fixed_query": {"op": {"param": "value"}} pins a query parameter of an operation, e.g. the form an
  // answer comes in, so the method's result type always matches what the server sends.
  for (const auto& [op_name, pins] : get_object(overlay_, "fixed_query")) {
    auto it = std::find_if(ops_.begin(), ops_.end(), [&](const Op& x) { return x.name == op_name; });
    if (it == ops_.end()) die(name_ + ": fixed_query for unknown " + std::string(op_name));
    pin_query(*it, pins.as_object());
  }
  make_link_pages();
  for (const char* key : {"idempotent", "success_statuses"})
    for (const auto& kv : get_object(overlay_, key))
      if (std::none_of(ops_.begin(), ops_.end(), [&](const Op& x) { return x.name == kv.key(); }))
        die(name_ + ": overlay " + key + " names unknown operation " + std::string(kv.key()));
  for (const auto& e : get_array(overlay_, "extra_methods")) {
    const auto& o = e.as_object();
    std::string of = get_string(o, "of");
    auto it = std::find_if(ops_.begin(), ops_.end(), [&](const Op& x) { return x.name == of; });
    if (it == ops_.end()) die(name_ + ": extra method over unknown " + of);
    Op v = *it;
    v.variant_of = of;
    v.name = get_string(o, "name");
    v.fixed_query.clear();
    pin_query(v, get_object(o, "fixed_query"));
    std::string result = get_string(o, "result");
    if (result == "binary") v.result = "webapi::Binary";
    else if (result == "text") v.result = "std::string";
    else if (!result.empty()) v.result = result;
    extra_methods_.push_back(std::move(v));
  }
}

Op Module::make_op(const RawOp& r) {
  Op op;
  op.name = r.name;
  op.method = r.method;
  op.path = r.path;
  op.operation_id = r.operation_id;
  op.from_overlay = r.from_overlay;
  std::string hint = pascal(op.name);

  // Parameters: path-level first, then the operation's (which override by name and location).
  std::vector<js::object> params;
  std::vector<std::string> param_refs;
  auto add = [&](const js::value& pv) {
    const js::object& p = resolved(pv);
    std::string ref = pv.is_object() ? get_string(pv.as_object(), "$ref") : std::string();
    std::string n = get_string(p, "name"), in = get_string(p, "in");
    auto it = std::find_if(params.begin(), params.end(), [&](const js::object& q) {
      return get_string(q, "name") == n && get_string(q, "in") == in;
    });
    if (it != params.end()) {
      *it = p;
      param_refs[static_cast<std::size_t>(it - params.begin())] = ref;
    } else {
      params.push_back(p);
      param_refs.push_back(ref);
    }
  };
  for (const auto& p : r.path_level) add(p);
  for (const auto& p : get_array(r.op, "parameters")) add(p);

  const auto& patterns = get_object(get_object(overlay_, "resource_names"), op.name);
  std::set<std::string> resource_params;
  for (const auto& p : get_array(overlay_, "resource_params")) resource_params.insert(std::string(p.as_string()));

  std::set<std::string> member_names;
  for (std::size_t pi = 0; pi < params.size(); ++pi) {
    const js::object& p = params[pi];
    const std::string& ref = param_refs[pi];
    Param prm;
    prm.wire = get_string(p, "name");
    prm.in = get_string(p, "in");
    prm.required = get_bool(p, "required") || prm.in == "path";
    prm.style = get_string(p, "style", prm.in == "query" || prm.in == "cookie" ? "form" : "simple");
    prm.explode = get_bool(p, "explode", prm.style == "form");
    const js::value* schema = find(p, "schema");
    if (schema) prm.schema = *schema;
    if (!ref.empty() && parameter_cache_.count(ref)) prm.type = clone(parameter_cache_[ref]);
    else {
      // A shared parameter is named after its component, an operation's own after the operation.
      std::string phint = hint + pascal(prm.wire);
      if (ref.rfind("#/components/parameters/", 0) == 0) phint = type_name(ref.substr(24));
      prm.type = schema ? resolve(*schema, phint) : prim("std::string");
    }
    if (!ref.empty()) parameter_cache_[ref] = prm.type;
    if (prm.type->kind == Type::Optional) prm.type = prm.type->args[0];
    // A string-typed int64 parameter is sent as its decimal digits, what the integer's own text is. Bytes
    // would have to be base64-encoded on the way out, which no writer does yet: refuse rather than send raw.
    for (TP t = prm.type; t; t = t->kind == Type::Vector ? t->args[0] : nullptr)
      if (t->kind == Type::Prim && t->wire_format == "base64")
        die(name_ + ": parameter " + prm.wire + " is format: byte, which parameters do not support");
    if (prm.type->kind == Type::Named && prm.style == "deepObject") {
      const Decl* d = by_name_.at(prm.type->text);
      if (d->kind == Decl::Struct) prm.deep = d;
    }
    if (!prm.deep && !param_value(prm.type)) prm.type = prim("std::string");  // sent as JSON text
    if (prm.in == "cookie" && prm.type->kind == Type::Vector) prm.type = prim("std::string");
    if (prm.in == "path") {
      prm.cpp = identifier(snake(prm.wire));
      if (prm.cpp == "params" || prm.cpp == "req") prm.cpp += "_";
      if (auto pat = find(patterns, prm.wire)) prm.pattern = std::string(pat->as_string());
      else if (resource_params.count(prm.wire))
        die(name_ + ": " + op.name + " needs a resource name pattern for '" + prm.wire + "'");
      op.path_params.push_back(prm);
    } else {
      prm.cpp = member_identifier(prm.wire, member_names);
      op.params.push_back(prm);
    }
  }
  // Path parameters follow the template's order; a template variable nobody declared is a string.
  std::vector<Param> ordered;
  for (std::size_t pos = 0; (pos = op.path.find('{', pos)) != std::string::npos;) {
    std::size_t end = op.path.find('}', pos);
    std::string var = op.path.substr(pos + 1, end - pos - 1);
    auto it = std::find_if(op.path_params.begin(), op.path_params.end(), [&](const Param& p) { return p.wire == var; });
    if (it != op.path_params.end()) {
      ordered.push_back(*it);
    } else {
      Param prm;
      prm.wire = var;
      prm.in = "path";
      prm.required = true;
      prm.type = prim("std::string");
      prm.cpp = identifier(snake(var));
      if (auto pat = find(patterns, var)) prm.pattern = std::string(pat->as_string());
      ordered.push_back(prm);
    }
    pos = end;
  }
  op.path_params = ordered;

  // Request body.
  if (const js::value* rbv = find(r.op, "requestBody")) {
    const js::object& rb = resolved(*rbv);
    const auto& content = get_object(rb, "content");
    std::string chosen, kind;
    auto pick = [&](auto pred, const char* k) {
      if (!chosen.empty()) return;
      for (const auto& kv : content)
        if (pred(std::string(kv.key()))) { chosen = kv.key(); kind = k; return; }
    };
    pick([](const std::string& c) { return is_json_media(c); }, "json");
    pick([](const std::string& c) { return lowercase(c).rfind("application/x-www-form-urlencoded", 0) == 0; }, "form");
    pick([](const std::string& c) { return lowercase(c).rfind("multipart/form-data", 0) == 0; }, "multipart");
    pick([](const std::string& c) { return lowercase(c).rfind("multipart/", 0) == 0; }, "multipart");
    pick([](const std::string&) { return true; }, "raw");
    if (!chosen.empty()) {
      op.body.present = true;
      op.body.required = get_bool(rb, "required");
      op.body.kind = kind;
      op.body.content_type = kind == "multipart" ? "multipart/form-data" : chosen;
      const auto& media = get_object(content, chosen);
      const js::value* schema = find(media, "schema");
      bool saved = multipart_;
      multipart_ = kind == "multipart";
      if (kind == "raw") op.body.type = prim("std::string");
      else op.body.type = schema ? resolve(*schema, hint + "Request") : json_value();
      multipart_ = saved;
      if (op.body.type->kind == Type::Optional) op.body.type = op.body.type->args[0];
      if ((kind == "form" || kind == "multipart") && !form_encodable(op.body.type)) {
        kind = op.body.kind = "raw";
        op.body.type = prim("std::string");
      }
    }
  }
  for (const auto& b : get_array(overlay_, "body_required"))
    if (b.as_string() == op.name) op.body.required = true;

  op.result = result_type(r.op, hint);
  op.success = success_statuses(r.op, op.name);
  op.idempotent = idempotent(op);
  for (const auto& kv : get_object(r.op, "responses")) {
    const auto& content = get_object(resolved(kv.value()), "content");
    if (content.empty()) op.answers.emplace_back(kv.key(), "");
    for (const auto& media : content) op.answers.emplace_back(kv.key(), media.key());
  }

  // Credentials.
  op.auth = "required";
  for (const auto& n : get_array(overlay_, "no_auth"))
    if (n.as_string() == op.name) op.auth = "none";
  for (const auto& n : get_array(overlay_, "optional_auth"))
    if (n.as_string() == op.name) op.auth = "optional";
  if (auto sec = find(r.op, "security"); sec && sec->is_array() && sec->as_array().empty()) op.auth = "none";
  if (credentials_.empty()) op.auth = "none";
  // Preferred order: the schemes the operation lists, then the rest. A requirement that names several of
  // the module's credentials wants them together: they come first, and all of them that are set are sent.
  std::vector<std::size_t> order;
  auto credentials_of = [&](const js::value& req) {
    std::vector<std::size_t> found;
    for (const auto& kv : req.as_object())
      for (std::size_t i = 0; i < credentials_.size(); ++i)
        if (credentials_[i].scheme == kv.key() && std::find(found.begin(), found.end(), i) == found.end())
          found.push_back(i);
    return found;
  };
  if (auto sec = find(r.op, "security"); sec && sec->is_array()) {
    for (const auto& req : sec->as_array())
      if (auto together = credentials_of(req); together.size() > 1 && order.empty()) {
        order = together;
        op.auth_together = together.size();
      }
    for (const auto& req : sec->as_array())
      for (std::size_t i : credentials_of(req))
        if (std::find(order.begin(), order.end(), i) == order.end()) order.push_back(i);
  }
  for (std::size_t i = 0; i < credentials_.size(); ++i)
    if (std::find(order.begin(), order.end(), i) == order.end()) order.push_back(i);
  op.auth_order = order;
  return op;
}

// The 2xx and 3xx statuses the operation lists ("2XX" or only "default": any 2xx); the overlay's
// "success_statuses": {"op": [200, 201]} replaces them where the service answers otherwise.
std::vector<int> Module::success_statuses(const js::object& op, const std::string& name) const {
  std::vector<int> out;
  if (auto o = find(get_object(overlay_, "success_statuses"), name)) {
    for (const auto& s : o->as_array()) out.push_back(static_cast<int>(s.as_int64()));
    return out;
  }
  for (const auto& kv : get_object(op, "responses")) {
    std::string code(kv.key());
    if (code == "2XX") return {};
    if (code.size() == 3 && (code[0] == '2' || code[0] == '3') && std::isdigit(static_cast<unsigned char>(code[1])) &&
        std::isdigit(static_cast<unsigned char>(code[2])))
      out.push_back(std::stoi(code));
  }
  std::sort(out.begin(), out.end());
  if (out.size() > 8) die(name_ + ": " + name + " documents more than 8 success statuses");
  return out;
}

// The method's rule (RFC 9110: all but POST and PATCH), unless the overlay says otherwise:
// "idempotent": {"op": {"value": false, "why": "..."}}. A GET that toggles state must never be sent twice.
bool Module::idempotent(const Op& op) const {
  if (auto o = find(get_object(overlay_, "idempotent"), op.name)) {
    const js::value* v = o->is_object() ? find(o->as_object(), "value") : nullptr;
    if (!v || !v->is_bool() || get_string(o->as_object(), "why").empty())
      die(name_ + ": overlay idempotent." + op.name + " needs a boolean \"value\" and a \"why\"");
    return v->as_bool();
  }
  return op.method != "post" && op.method != "patch";
}

std::string Module::member_identifier(const std::string& wire, std::set<std::string>& taken) const {
  std::string n = identifier(snake(wire));
  if (by_name_.count(n) || used_names_.count(n)) n += "_";
  std::string base = n;
  for (int i = 2; taken.count(n); ++i) n = base + "_" + std::to_string(i);
  taken.insert(n);
  return n;
}

bool Module::param_value(const TP& t) const {
  switch (t->kind) {
    case Type::Prim: return t->text != "webapi::FilePart";
    case Type::Named: return by_name_.at(t->text)->kind == Decl::Enum;
    case Type::Vector: return t->args[0]->kind != Type::Vector && param_value(t->args[0]);
    default: return false;
  }
}

bool Module::form_encodable(const TP& t) const {
  if (t->kind == Type::Map) return true;
  if (t->kind == Type::Variant)
    return std::all_of(t->args.begin(), t->args.end(), [&](const TP& a) { return form_encodable(a); });
  if (t->kind == Type::Named) {
    const Decl* d = by_name_.at(t->text);
    if (d->kind == Decl::Struct) return true;
    if (d->kind == Decl::Alias) return form_encodable(d->alias);
  }
  return false;
}

std::string Module::result_type(const js::object& op, const std::string& hint) {
  const auto& responses = get_object(op, "responses");
  const js::value* chosen = nullptr;
  for (const auto& kv : responses) {  // the first success that has a body, else the first success
    std::string code(kv.key());
    if (code.size() != 3 || code[0] != '2') continue;
    bool has_body = !get_object(resolved(kv.value()), "content").empty();
    if (!chosen) chosen = &kv.value();
    if (has_body) { chosen = &kv.value(); break; }
  }
  for (const char* fallback : {"2XX", "default"})
    if (!chosen)
      if (auto it = responses.find(fallback); it != responses.end()) chosen = &it->value();
  if (!chosen) {
    for (const auto& kv : responses)
      if (kv.key().size() == 3 && kv.key()[0] == '3') return "webapi::Response";
    return "void";
  }
  std::string rhint = hint + "Response";
  std::string response_ref;
  if (chosen->is_object())
    if (auto r = find(chosen->as_object(), "$ref")) {
      response_ref = r->as_string();
      if (auto it = response_cache_.find(response_ref); it != response_cache_.end()) return it->second;
      if (response_ref.rfind("#/components/responses/", 0) == 0)
        rhint = type_name(response_ref.substr(23)) + "Response";
    }
  std::string result = response_type(*chosen, rhint);
  if (!response_ref.empty()) response_cache_[response_ref] = result;
  return result;
}

std::string Module::response_type(const js::value& chosen_value, const std::string& rhint) {
  const js::value* chosen = &chosen_value;
  const auto& content = get_object(resolved(*chosen), "content");
  if (content.empty()) return "void";
  for (const auto& kv : content)
    if (is_json_media(kv.key())) {
      const js::value* schema = find(kv.value().as_object(), "schema");
      if (!schema) return "boost::json::value";
      // An answer the description declares as an object with no members (Google's Empty) carries nothing to
      // read: the call succeeds or fails, as for an answer without a body.
      const js::object& declared = resolved(*schema);
      if (get_string(declared, "type") == "object" && !find(declared, "additionalProperties"))
        if (const js::value* props = find(declared, "properties"); props && props->is_object() && props->as_object().empty())
          return "void";
      TP t = resolve(*schema, rhint);
      if (t->kind == Type::Optional) t = t->args[0];
      return render(t);
    }
  bool text = true;
  for (const auto& kv : content) text = text && is_text_media(kv.key());
  return text ? "std::string" : "webapi::Binary";
}

}  // namespace webapi::codegen
