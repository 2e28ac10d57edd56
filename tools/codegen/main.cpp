// webapi-codegen: writes the generated headers of every module from specs/.
//
//   webapi-codegen strip <description.openapi.json> <out.json>
//       Copies an OpenAPI description keeping only facts: names, paths, types, bounds, enums, servers,
//       security. Descriptions, summaries, examples, external docs and x- extensions are dropped.
//   webapi-codegen generate <specs dir> <output root>
//       For every overlay specs/overlays/<module>.json, reads specs/<module>.json and the overlay and writes
//       <root>/include/webapi/<module>/{models,operations,client}.hpp, <root>/include/webapi/<module>.hpp,
//       <root>/docs/coverage.md and <root>/docs/project_management_names.md.
//
// Output depends only on the inputs (no dates, no hash-map order), so regenerating is a no-op.

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>

namespace fs = std::filesystem;
namespace js = boost::json;

namespace {

[[noreturn]] void die(const std::string& message) { throw std::runtime_error(message); }

// ------------------------------------------------------------------------------------------------ files

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) die("cannot read " + p.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

js::value read_json(const fs::path& p) {
  boost::system::error_code ec;
  js::value v = js::parse(read_file(p), ec);
  if (ec) die(p.string() + ": " + ec.message());
  return v;
}

void write_file(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  if (!out) die("cannot write " + p.string());
  out << text;
}

void pretty(std::string& out, const js::value& v, int indent) {
  auto pad = [&](int n) { out.append(static_cast<std::size_t>(n), ' '); };
  if (v.is_object()) {
    const auto& o = v.as_object();
    if (o.empty()) { out += "{}"; return; }
    out += "{\n";
    std::size_t i = 0;
    for (const auto& kv : o) {
      pad(indent + 2);
      out += js::serialize(js::value(kv.key()));
      out += ": ";
      pretty(out, kv.value(), indent + 2);
      out += ++i < o.size() ? ",\n" : "\n";
    }
    pad(indent);
    out += "}";
  } else if (v.is_array()) {
    const auto& a = v.as_array();
    if (a.empty()) { out += "[]"; return; }
    bool flat = std::all_of(a.begin(), a.end(), [](const js::value& e) { return !e.is_structured(); });
    if (flat) {
      std::string line = js::serialize(v);
      if (line.size() + static_cast<std::size_t>(indent) < 100) { out += line; return; }
    }
    out += "[\n";
    for (std::size_t i = 0; i < a.size(); ++i) {
      pad(indent + 2);
      pretty(out, a[i], indent + 2);
      out += i + 1 < a.size() ? ",\n" : "\n";
    }
    pad(indent);
    out += "]";
  } else {
    out += js::serialize(v);
  }
}

// ------------------------------------------------------------------------------------------------ strip

// Keys whose value maps names to OpenAPI objects (a property called "description" is a name, not prose).
const std::set<std::string_view> kNameMaps = {"properties", "patternProperties", "schemas", "responses",
                                              "paths", "content", "headers", "securitySchemes", "encoding",
                                              "links", "callbacks", "variables", "requestBodies",
                                              "definitions", "parameters"};
// Keys whose value is data to keep verbatim.
const std::set<std::string_view> kData = {"enum", "default", "required", "const", "discriminator", "security"};
const std::set<std::string_view> kProse = {"description", "summary", "title", "example", "examples", "externalDocs",
                                           "termsOfService", "contact", "license"};

js::value strip(const js::value& v, bool name_map);

js::value strip_keyword_object(const js::object& o) {
  js::object out;
  for (const auto& kv : o) {
    std::string_view k = kv.key();
    if (kProse.count(k) || k.substr(0, 2) == "x-") continue;
    if (k == "info" && kv.value().is_object()) {
      js::object info;
      for (const char* keep : {"title", "version"})
        if (auto it = kv.value().as_object().find(keep); it != kv.value().as_object().end())
          info[keep] = it->value();
      out[k] = std::move(info);
    } else if (k == "scopes" && kv.value().is_object()) {
      js::object scopes;  // scope names are facts, their explanations are not
      for (const auto& s : kv.value().as_object()) scopes[s.key()] = "";
      out[k] = std::move(scopes);
    } else if (kData.count(k)) {
      out[k] = kv.value();
    } else if (kNameMaps.count(k) && kv.value().is_object()) {
      out[k] = strip(kv.value(), true);
    } else {
      out[k] = strip(kv.value(), false);
    }
  }
  return out;
}

js::value strip(const js::value& v, bool name_map) {
  if (v.is_object()) {
    if (!name_map) return strip_keyword_object(v.as_object());
    js::object out;
    for (const auto& kv : v.as_object())
      out[kv.key()] = kv.value().is_object() ? strip_keyword_object(kv.value().as_object()) : kv.value();
    return out;
  }
  if (v.is_array()) {
    js::array out;
    for (const auto& e : v.as_array()) out.push_back(strip(e, false));
    return out;
  }
  return v;
}

// ------------------------------------------------------------------------------------------------ names

const std::set<std::string> kReserved = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
    "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
    "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
    "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
    "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
    "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    // names that are macros somewhere, or that would hide the namespaces the headers use
    "linux", "unix", "errno", "assert", "NULL", "EOF", "TRUE", "FALSE", "DOMAIN", "OVERFLOW", "UNDERFLOW",
    "major", "minor", "stdin", "stdout", "stderr", "std", "boost", "webapi", "BOOST_DESCRIBE_STRUCT"};

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Words of an identifier-ish string, split at non-alphanumerics and at camel-case humps.
std::vector<std::string> camel_words(std::string_view s) {
  std::vector<std::string> words;
  std::string cur;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (!alnum(c)) {
      if (!cur.empty()) words.push_back(std::move(cur)), cur.clear();
      continue;
    }
    if (!cur.empty() && upper(c)) {
      char prev = s[i - 1];
      bool hump = lower(prev) || digit(prev) || (upper(prev) && i + 1 < s.size() && lower(s[i + 1]));
      if (hump) words.push_back(std::move(cur)), cur.clear();
    }
    cur += c;
  }
  if (!cur.empty()) words.push_back(std::move(cur));
  return words;
}

std::string snake(std::string_view s) {
  std::string out;
  for (const auto& w : camel_words(s)) {
    if (!out.empty()) out += '_';
    for (char c : w) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// PascalCase joining the pieces between non-alphanumerics; each piece keeps its inner case.
std::string pascal(std::string_view s) {
  std::string out;
  bool start = true;
  for (char c : s) {
    if (!alnum(c)) { start = true; continue; }
    out += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    start = false;
  }
  if (out.empty()) out = "Value";
  if (digit(out[0])) out = "T" + out;
  return out;
}

bool is_identifier(std::string_view s) {
  if (s.empty() || digit(s[0])) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return alnum(c) || c == '_'; });
}

// A C++ name for a wire name: invalid characters become '_', a keyword gets a trailing '_'.
std::string identifier(std::string_view wire) {
  std::string r;
  for (char c : wire) {
    if (alnum(c) || c == '_') r += c;
    else if (!r.empty() && r.back() != '_') r += '_';
  }
  while (!r.empty() && r.back() == '_' && !(wire.size() && wire.back() == '_')) r.pop_back();
  if (r.empty()) r = "value";
  if (digit(r[0])) r = "n" + r;
  if (r.size() >= 2 && r[0] == '_' && (upper(r[1]) || r[1] == '_')) r = "u" + r;
  if (kReserved.count(r)) r += '_';
  return r;
}

std::string type_name(std::string_view schema_name) {
  bool has_upper = std::any_of(schema_name.begin(), schema_name.end(), upper);
  std::string n = is_identifier(schema_name) && has_upper ? std::string(schema_name) : pascal(schema_name);
  n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
  if (n[0] == '_') n = "T" + n;
  if (kReserved.count(n)) n += '_';
  return n;
}

std::string cpp_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string lowercase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// ------------------------------------------------------------------------------------------------ model

struct Type;
using TP = std::shared_ptr<Type>;
struct Type {
  enum Kind { Prim, Named, Vector, Map, Optional, Variant, Json } kind = Json;
  std::string text;  // Prim: the C++ type; Named: the declaration's name
  std::vector<TP> args;
  bool boxed = false;  // Named only: held through webapi::Box to break a cycle
};

TP make(Type::Kind k, std::string text = {}, std::vector<TP> args = {}) {
  auto t = std::make_shared<Type>();
  t->kind = k;
  t->text = std::move(text);
  t->args = std::move(args);
  return t;
}
TP prim(std::string t) { return make(Type::Prim, std::move(t)); }
TP json_value() { return make(Type::Json); }
TP optional_of(TP t) { return t->kind == Type::Optional ? t : make(Type::Optional, {}, {std::move(t)}); }
TP clone(const TP& t) {
  auto c = std::make_shared<Type>(*t);
  for (auto& a : c->args) a = clone(a);
  return c;
}

std::string render(const TP& t) {
  switch (t->kind) {
    case Type::Prim: return t->text;
    case Type::Named: return t->boxed ? "webapi::Box<" + t->text + ">" : t->text;
    case Type::Vector: return "std::vector<" + render(t->args[0]) + ">";
    case Type::Map: return "std::map<std::string, " + render(t->args[0]) + ">";
    case Type::Optional: return "std::optional<" + render(t->args[0]) + ">";
    case Type::Variant: {
      std::string s = "std::variant<";
      for (std::size_t i = 0; i < t->args.size(); ++i) s += (i ? ", " : "") + render(t->args[i]);
      return s + ">";
    }
    case Type::Json: return "boost::json::value";
  }
  return "boost::json::value";
}

bool uses(const TP& t, std::string_view what) { return render(t).find(what) != std::string::npos; }

struct Member {
  std::string cpp, wire;
  TP type;
};

struct Decl {
  enum Kind { Struct, Enum, Alias } kind = Struct;
  std::string name;
  std::vector<Member> members;                             // Struct
  std::vector<std::pair<std::string, std::string>> values;  // Enum: enumerator, wire value
  TP alias;                                                // Alias
};

struct Param {
  std::string wire, cpp, in, style;
  bool explode = true, required = false;
  TP type;
  std::string pattern;          // resource-name path parameters
  const Decl* deep = nullptr;   // deepObject query parameters: the struct spread into name[key]=value
};

struct Body {
  bool present = false, required = false;
  std::string kind;  // json, form, multipart, raw
  std::string content_type;
  TP type;
};

struct Op {
  std::string name, method, path, operation_id;
  bool from_overlay = false;
  std::vector<Param> path_params, params;
  Body body;
  std::string result;  // the C++ result type
  std::string auth;    // "required", "optional", "none"
  std::vector<std::size_t> auth_order;
  // An extra method over another operation's request (same path and method, different result).
  std::string variant_of;
  std::vector<std::pair<std::string, std::string>> fixed_query;
};

struct Credential {
  std::string kind, field, param, header, header_field, when, scheme;
};

struct ConfigField {
  std::string name, type, def;
};

const js::value* find(const js::object& o, std::string_view k) {
  auto it = o.find(k);
  return it == o.end() ? nullptr : &it->value();
}
std::string get_string(const js::object& o, std::string_view k, std::string def = {}) {
  auto v = find(o, k);
  return v && v->is_string() ? std::string(v->as_string()) : def;
}
bool get_bool(const js::object& o, std::string_view k, bool def = false) {
  auto v = find(o, k);
  return v && v->is_bool() ? v->as_bool() : def;
}
const js::object& empty_object() {
  static const js::object e;
  return e;
}
const js::object& get_object(const js::object& o, std::string_view k) {
  auto v = find(o, k);
  return v && v->is_object() ? v->as_object() : empty_object();
}
const js::array& get_array(const js::object& o, std::string_view k) {
  static const js::array e;
  auto v = find(o, k);
  return v && v->is_array() ? v->as_array() : e;
}

const std::vector<std::string> kMethods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"};

std::string method_enum(const std::string& m) {
  std::string l = lowercase(m);
  return "webapi::Method::" + (l == "delete" ? std::string("delete_") : l);
}

bool is_json_media(std::string_view ct) {
  std::string l = lowercase(std::string(ct.substr(0, ct.find(';'))));
  return l == "application/json" || l == "*/*json" || (l.size() > 5 && l.substr(l.size() - 5) == "+json") ||
         l == "text/json";
}
bool is_text_media(std::string_view ct) {
  std::string l = lowercase(std::string(ct));
  return l.find("xml") != std::string::npos || l.rfind("text/", 0) == 0;
}

// ------------------------------------------------------------------------------------------------ module

class Module {
 public:
  Module(std::string name, js::value spec, js::object overlay)
      : name_(std::move(name)), spec_(std::move(spec)), overlay_(std::move(overlay)) {}

  void build() {
    merge_overlay_schemas();
    read_config();
    reserve_component_names();
    find_multipart_components();
    for (const auto& kv : get_object(components(), "schemas")) component(std::string(kv.key()));
    collect_operations();
    order_declarations();
  }

  std::string models_hpp() const;
  std::string operations_hpp() const;
  std::string client_hpp() const;
  std::string umbrella_hpp() const;

  const std::string& name() const { return name_; }
  const std::vector<Op>& ops() const { return ops_; }
  const js::object& overlay() const { return overlay_; }
  std::size_t description_ops() const { return description_ops_; }

 private:
  // ---- spec access
  const js::object& root() const { return spec_.as_object(); }
  const js::object& components() const { return get_object(root(), "components"); }

  const js::value* deref(std::string_view ref) const {
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
  const js::object& resolved(const js::value& v) const {
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

  void merge_overlay_schemas() {
    auto& comps = spec_.as_object()["components"];
    if (!comps.is_object()) comps = js::object();
    auto& schemas = comps.as_object()["schemas"];
    if (!schemas.is_object()) schemas = js::object();
    for (const auto& kv : get_object(overlay_, "schemas")) schemas.as_object()[kv.key()] = kv.value();
  }

  void read_config() {
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

  // ---- declarations
  std::string unique_name(const std::string& base) {
    std::string n = base;
    for (int i = 2; used_names_.count(n); ++i) n = base + std::to_string(i);
    used_names_.insert(n);
    return n;
  }

  void reserve_component_names() {
    for (const auto& kv : get_object(components(), "schemas")) {
      std::string key(kv.key());
      component_names_[key] = unique_name(type_name(key));
    }
  }

  // Component schemas used as multipart bodies: their binary strings are files, not text.
  void find_multipart_components() {
    for (const auto& pk : get_object(root(), "paths")) {
      for (const auto& mk : pk.value().as_object()) {
        if (std::find(kMethods.begin(), kMethods.end(), std::string(mk.key())) == kMethods.end()) continue;
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

  Decl* add_decl(Decl::Kind kind, const std::string& name) {
    decls_.push_back(std::make_unique<Decl>());
    Decl* d = decls_.back().get();
    d->kind = kind;
    d->name = name;
    by_name_[name] = d;
    return d;
  }

  TP named(const std::string& name) { return make(Type::Named, name); }

  static bool nullable(const js::object& s) {
    if (get_bool(s, "nullable")) return true;
    for (const auto& e : get_array(s, "enum"))
      if (e.is_null()) return true;
    return false;
  }

  bool is_string_enum(const js::object& s) const {
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

  // Collects the properties of an object schema, following $ref and allOf. False if it is no object.
  bool flatten(const js::object& s, std::vector<std::pair<std::string, const js::value*>>& props,
               std::set<std::string>& required, int depth = 0) const {
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

  // An object whose keys are all generated identifiers (UUIDs and the like) is a map keyed by them.
  static bool id_keyed(const js::object& s) {
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

  bool has_properties(const js::object& s) const {
    if (id_keyed(s)) return false;
    std::vector<std::pair<std::string, const js::value*>> props;
    std::set<std::string> req;
    return flatten(s, props, req) && !props.empty();
  }

  TP component(const std::string& key) {
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
      cache_[key] = named(tn);
      define_enum(tn, s);
      result = named(tn);
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

  static std::string js_pointer_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
      if (c == '~') out += "~0";
      else if (c == '/') out += "~1";
      else out += c;
    }
    return out;
  }

  void define_enum(const std::string& tn, const js::object& s) {
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

  void define_struct(const std::string& tn, const js::object& s) {
    Decl* d = add_decl(Decl::Struct, tn);  // registered first, so members may refer back to it
    std::vector<std::pair<std::string, const js::value*>> props;
    std::set<std::string> required;
    flatten(s, props, required);
    std::vector<Member> members;
    for (const auto& [wire, ps] : props) {
      TP t = resolve(*ps, tn + pascal(wire));
      const js::object& po = ps->is_object() ? ps->as_object() : empty_object();
      if (!required.count(wire) || nullable(po) || nullable(resolved(*ps))) t = optional_of(t);
      members.push_back({identifier(wire), wire, t});
    }
    d->members = std::move(members);
  }

  TP variant(const js::object& s, const std::string& hint) {
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

  TP resolve(const js::value& sv, const std::string& hint) {
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
      return named(tn);
    }
    std::string type = get_string(s, "type");
    std::string format = get_string(s, "format");
    if (type == "string") {
      if (format == "binary" && multipart_) return prim("webapi::FilePart");
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

  // ---- operations
  struct RawOp {
    std::string name, method, path, operation_id;
    js::object op;
    js::array path_level;
    bool from_overlay = false;
  };

  std::string op_name(const std::string& method, const std::string& path, const std::string& opid) const {
    const auto& names = get_object(overlay_, "names");
    if (!opid.empty())
      if (auto n = find(names, opid)) return std::string(n->as_string());
    std::string key = method;
    for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    key += " " + path;
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

  void collect_operations() {
    std::vector<RawOp> raw;
    for (const auto& pk : get_object(root(), "paths")) {
      const auto& item = pk.value().as_object();
      for (const auto& mk : item) {
        std::string m(mk.key());
        if (std::find(kMethods.begin(), kMethods.end(), m) == kMethods.end()) continue;
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
    for (auto& r : raw) {
      const auto& patch = get_object(get_object(overlay_, "patches"), r.name);
      for (const auto& kv : patch) r.op[kv.key()] = kv.value();
    }
    std::set<std::string> names;
    for (const auto& r : raw) {
      if (!names.insert(r.name).second) die(name_ + ": two operations named " + r.name);
      ops_.push_back(make_op(r));
    }
    // "fixed_query": {"op": {"param": "value"}} pins a query parameter of an operation, e.g. the form an
    // answer comes in, so the method's result type always matches what the server sends.
    for (const auto& [op_name, pins] : get_object(overlay_, "fixed_query")) {
      auto it = std::find_if(ops_.begin(), ops_.end(), [&](const Op& x) { return x.name == op_name; });
      if (it == ops_.end()) die(name_ + ": fixed_query for unknown " + std::string(op_name));
      pin_query(*it, pins.as_object());
    }
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

  static void pin_query(Op& op, const js::object& pins) {
    for (const auto& kv : pins) {
      op.fixed_query.emplace_back(std::string(kv.key()), std::string(kv.value().as_string()));
      std::erase_if(op.params, [&](const Param& p) { return p.in == "query" && p.wire == kv.key(); });
    }
  }

  Op make_op(const RawOp& r) {
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
      if (!ref.empty() && parameter_cache_.count(ref)) prm.type = clone(parameter_cache_[ref]);
      else {
        // A shared parameter is named after its component, an operation's own after the operation.
        std::string phint = hint + pascal(prm.wire);
        if (ref.rfind("#/components/parameters/", 0) == 0) phint = type_name(ref.substr(24));
        prm.type = schema ? resolve(*schema, phint) : prim("std::string");
      }
      if (!ref.empty()) parameter_cache_[ref] = prm.type;
      if (prm.type->kind == Type::Optional) prm.type = prm.type->args[0];
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

    // Credentials.
    op.auth = "required";
    for (const auto& n : get_array(overlay_, "no_auth"))
      if (n.as_string() == op.name) op.auth = "none";
    for (const auto& n : get_array(overlay_, "optional_auth"))
      if (n.as_string() == op.name) op.auth = "optional";
    if (auto sec = find(r.op, "security"); sec && sec->is_array() && sec->as_array().empty()) op.auth = "none";
    if (credentials_.empty()) op.auth = "none";
    // Preferred order: the schemes the operation lists, then the rest.
    std::vector<std::size_t> order;
    if (auto sec = find(r.op, "security"); sec && sec->is_array()) {
      for (const auto& req : sec->as_array())
        for (const auto& kv : req.as_object())
          for (std::size_t i = 0; i < credentials_.size(); ++i)
            if (credentials_[i].scheme == kv.key() && std::find(order.begin(), order.end(), i) == order.end())
              order.push_back(i);
    }
    for (std::size_t i = 0; i < credentials_.size(); ++i)
      if (std::find(order.begin(), order.end(), i) == order.end()) order.push_back(i);
    op.auth_order = order;
    return op;
  }

  std::string member_identifier(const std::string& wire, std::set<std::string>& taken) const {
    std::string n = identifier(wire);
    if (by_name_.count(n) || used_names_.count(n)) n += "_";
    std::string base = n;
    for (int i = 2; taken.count(n); ++i) n = base + "_" + std::to_string(i);
    taken.insert(n);
    return n;
  }

  bool param_value(const TP& t) const {
    switch (t->kind) {
      case Type::Prim: return t->text != "webapi::FilePart";
      case Type::Named: return by_name_.at(t->text)->kind == Decl::Enum;
      case Type::Vector: return t->args[0]->kind != Type::Vector && param_value(t->args[0]);
      default: return false;
    }
  }

  bool form_encodable(const TP& t) const {
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

  std::string result_type(const js::object& op, const std::string& hint) {
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
        if (response_ref.rfind("#/components/responses/", 0) == 0) rhint = type_name(response_ref.substr(23)) + "Response";
      }
    std::string result = response_type(*chosen, rhint);
    if (!response_ref.empty()) response_cache_[response_ref] = result;
    return result;
  }

  std::string response_type(const js::value& chosen_value, const std::string& rhint) {
    const js::value* chosen = &chosen_value;
    const auto& content = get_object(resolved(*chosen), "content");
    if (content.empty()) return "void";
    for (const auto& kv : content)
      if (is_json_media(kv.key())) {
        const js::value* schema = find(kv.value().as_object(), "schema");
        if (!schema) return "boost::json::value";
        TP t = resolve(*schema, rhint);
        if (t->kind == Type::Optional) t = t->args[0];
        return render(t);
      }
    bool text = true;
    for (const auto& kv : content) text = text && is_text_media(kv.key());
    return text ? "std::string" : "webapi::Binary";
  }

  // ---- ordering: a declaration comes after what it holds by value; cycles go through webapi::Box.
  void order_declarations() {
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
    // Member names must not hide a type name of the module.
    for (auto& d : decls_) {
      if (d->kind != Decl::Struct) continue;
      std::set<std::string> taken;
      for (auto& m : d->members) {
        std::string n = identifier(m.wire);
        if (by_name_.count(n)) n += "_";
        std::string base = n;
        for (int i = 2; taken.count(n); ++i) n = base + "_" + std::to_string(i);
        taken.insert(n);
        m.cpp = n;
      }
    }
  }

  // ---- emission helpers
  std::string header_line() const {
    return "// Generated by tools/codegen from specs/" + name_ + ".json; do not edit.\n";
  }
  std::string ns() const { return "webapi::" + name_; }
  bool any_type_uses(std::string_view what) const {
    for (const auto& d : decls_) {
      if (d->kind == Decl::Alias && uses(d->alias, what)) return true;
      for (const auto& m : d->members)
        if (uses(m.type, what)) return true;
    }
    return false;
  }

  void emit_method(std::ostringstream& o, const Op& op) const;
  std::string params_struct_name(const Op& op) const { return pascal(op.variant_of.empty() ? op.name : op.variant_of) + "Params"; }
  bool has_params_struct(const Op& op) const { return !op.params.empty() || op.body.present; }
  bool params_all_optional(const Op& op) const {
    if (op.body.present && op.body.required) return false;
    for (const auto& p : op.params)
      if (p.required) return false;
    return true;
  }
  std::string authorize_name(const std::vector<std::size_t>& order) const {
    if (order.empty() || order[0] == default_order()[0]) return "authorize";
    return "authorize_" + credentials_[order[0]].field + "_first";
  }
  std::vector<std::size_t> default_order() const {
    std::vector<std::size_t> o;
    for (std::size_t i = 0; i < credentials_.size(); ++i) o.push_back(i);
    return o;
  }
  std::string credential_expr(const Credential& c) const {
    if (c.kind == "bearer") return "webapi::auth::BearerToken{config_." + c.field + "}";
    if (c.kind == "query") return "webapi::auth::ApiKeyQuery{" + cpp_string(c.param) + ", config_." + c.field + "}";
    if (c.kind == "header") {
      std::string h = c.header_field.empty() ? cpp_string(c.header) : "config_." + c.header_field;
      return "webapi::auth::ApiKeyHeader{" + h + ", config_." + c.field + "}";
    }
    if (c.kind == "basic") return "webapi::auth::BasicAuth{config_." + c.field + ", config_." + c.param + "}";
    die(name_ + ": unknown credential kind " + c.kind);
  }
  std::string credential_what() const {
    std::vector<std::string> fields;
    for (const auto& c : credentials_)
      if (std::find(fields.begin(), fields.end(), c.field) == fields.end()) fields.push_back(c.field);
    std::string w;
    for (std::size_t i = 0; i < fields.size(); ++i) w += (i ? " or " : "") + fields[i];
    return w;
  }

  std::string name_;
  js::value spec_;
  js::object overlay_;
  std::string base_url_;
  std::vector<ConfigField> config_;
  std::vector<Credential> credentials_;
  std::vector<std::unique_ptr<Decl>> decls_;
  std::map<std::string, Decl*> by_name_;
  std::set<std::string> used_names_;
  std::map<std::string, std::string> component_names_;
  std::set<std::string> multipart_components_;
  std::map<std::string, TP> cache_;
  std::map<std::string, std::string> response_cache_;
  std::map<std::string, TP> parameter_cache_;
  std::set<std::string> in_progress_;
  bool multipart_ = false;
  std::vector<Op> ops_;
  std::vector<Op> extra_methods_;
  std::vector<Decl*> order_;
  std::size_t description_ops_ = 0;

  friend std::string coverage_md(const std::vector<std::unique_ptr<Module>>&);
  friend std::string names_md(const Module&);
};

// ------------------------------------------------------------------------------------------------ models

std::string Module::models_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n";
  o << "#include <array>\n#include <cstdint>\n#include <map>\n#include <optional>\n#include <string>\n"
       "#include <variant>\n#include <vector>\n\n";
  o << "#include <boost/describe/class.hpp>\n#include <boost/json/value.hpp>\n\n";
  o << "#include <webapi/core/box.hpp>\n";
  if (any_type_uses("webapi::FilePart")) o << "#include <webapi/core/file_part.hpp>\n";
  o << "#include <webapi/core/wire_enum.hpp>\n#include <webapi/core/wire_name.hpp>\n\n";
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
  for (const Decl* d : order_) {
    if (d->kind == Decl::Alias) {
      o << "using " << d->name << " = " << render(d->alias) << ";\n\n";
      continue;
    }
    o << "struct " << d->name << " {\n";
    std::vector<std::pair<std::string, std::string>> renames;
    for (const auto& m : d->members) {
      o << "  " << render(m.type) << " " << m.cpp << "{};\n";
      std::string implied = m.cpp;
      if (!implied.empty() && implied.back() == '_') implied.pop_back();
      if (implied != m.wire) renames.emplace_back(m.cpp, m.wire);
    }
    if (!renames.empty()) {
      o << "\n  static constexpr webapi::Rename webapi_renames[] = {";
      for (std::size_t i = 0; i < renames.size(); ++i)
        o << (i ? ", " : "") << "{" << cpp_string(renames[i].first) << ", " << cpp_string(renames[i].second) << "}";
      o << "};\n";
    }
    if (!d->members.empty()) o << "\n";
    o << "  friend bool operator==(const " << d->name << "&, const " << d->name << "&) = default;\n";
    o << "};\n";
    if (d->members.size() <= 50) {
      o << "BOOST_DESCRIBE_STRUCT(" << d->name << ", (), (";
      for (std::size_t i = 0; i < d->members.size(); ++i) o << (i ? ", " : "") << d->members[i].cpp;
      o << "))\n\n";
    } else {
      // Longer than BOOST_DESCRIBE_STRUCT's argument limit: the same descriptors, written out.
      o << "BOOST_DESCRIBE_MAYBE_UNUSED BOOST_DESCRIBE_BASES(" << d->name << ")\n";
      o << "BOOST_DESCRIBE_MAYBE_UNUSED inline auto boost_public_member_descriptor_fn(" << d->name << "**) {\n";
      o << "  return boost::describe::detail::member_descriptor_fn_impl<boost::describe::mod_public>(0";
      for (const auto& m : d->members) o << "\n      BOOST_DESCRIBE_MEMBER_IMPL(" << d->name << ", " << m.cpp << ")";
      o << ");\n}\n";
      o << "BOOST_DESCRIBE_MAYBE_UNUSED BOOST_DESCRIBE_PROTECTED_MEMBERS(" << d->name << ")\n";
      o << "BOOST_DESCRIBE_MAYBE_UNUSED BOOST_DESCRIBE_PRIVATE_MEMBERS(" << d->name << ")\n\n";
    }
  }
  o << "}  // namespace " << ns() << "\n";
  return o.str();
}

// ------------------------------------------------------------------------------------------------ table

std::string Module::operations_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n#include <array>\n\n#include <webapi/core/method.hpp>\n"
    << "#include <webapi/core/operation.hpp>\n#include <webapi/core/operation_parameter.hpp>\n\nnamespace " << ns() << " {\n\n";
  o << "/// Every operation of the client: its method's name, HTTP method and path template.\n";
  o << "inline constexpr std::array<webapi::Operation, " << ops_.size() << "> operations{{\n";
  for (const auto& op : ops_)
    o << "    {" << cpp_string(op.name) << ", " << method_enum(op.method) << ", " << cpp_string(op.path) << "},\n";
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

// ------------------------------------------------------------------------------------------------ client

void Module::emit_method(std::ostringstream& o, const Op& op) const {
  std::string upper_method = op.method;
  for (char& c : upper_method) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  o << "  /// " << upper_method << " " << op.path;
  if (!op.fixed_query.empty()) {
    o << " (";
    for (std::size_t i = 0; i < op.fixed_query.size(); ++i)
      o << (i ? "&" : "") << op.fixed_query[i].first << "=" << op.fixed_query[i].second;
    o << ")";
  }
  o << "\n";
  o << "  webapi::Result<" << op.result << "> " << op.name << "(";
  bool first = true;
  for (const auto& p : op.path_params) {
    std::string t = render(p.type);
    if (t == "std::string") t = "std::string_view";
    o << (first ? "" : ", ") << t << " " << p.cpp;
    first = false;
  }
  if (has_params_struct(op)) {
    o << (first ? "" : ", ") << "const " << params_struct_name(op) << "& params";
    if (params_all_optional(op)) o << " = {}";
  }
  o << ") {\n";
  std::string opname = op.variant_of.empty() ? op.name : op.variant_of;
  o << "    auto req = start(" << method_enum(op.method) << ", " << cpp_string(opname) << ");\n";
  // Path.
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) o << "    req.path(" << cpp_string(literal) << ");\n";
    literal.clear();
  };
  for (std::size_t i = 0; i < op.path.size(); ++i) {
    if (op.path[i] != '{') { literal += op.path[i]; continue; }
    std::size_t end = op.path.find('}', i);
    std::string var = op.path.substr(i + 1, end - i - 1);
    flush();
    const Param& p = *std::find_if(op.path_params.begin(), op.path_params.end(), [&](const Param& x) { return x.wire == var; });
    if (!p.pattern.empty())
      o << "    req.resource_name(" << cpp_string(p.wire) << ", " << p.cpp << ", " << cpp_string(p.pattern) << ");\n";
    else
      o << "    req.segment(" << cpp_string(p.wire) << ", " << p.cpp << ");\n";
    i = end;
  }
  flush();
  // Query, headers, cookies.
  std::vector<std::string> cookies;
  for (const auto& p : op.params) {
    std::string v = "params." + p.cpp;
    if (p.in == "query") {
      if (p.required && render(p.type) == "std::string")
        o << "    if (" << v << ".empty()) req.fail(\"required query parameter '" << p.wire << "' is empty\");\n";
      if (p.deep) {
        std::string access = p.required ? v + "." : v + "->";
        if (!p.required) o << "    if (" << v << ") {\n  ";
        for (const auto& m : p.deep->members)
          o << "    req.query(" << cpp_string(p.wire + "[" + m.wire + "]") << ", " << access << m.cpp << ");\n"
            << (p.required ? "" : "  ");
        if (!p.required) o << "  }\n";
      } else if (p.type->kind == Type::Vector && !p.explode) {
        char sep = p.style == "spaceDelimited" ? ' ' : p.style == "pipeDelimited" ? '|' : ',';
        o << "    req.query_joined(" << cpp_string(p.wire) << ", " << v << ", '" << sep << "');\n";
      } else {
        o << "    req.query(" << cpp_string(p.wire) << ", " << v << ");\n";
      }
    } else if (p.in == "header") {
      o << "    req.header(" << cpp_string(p.wire) << ", " << v << ");\n";
    } else if (p.in == "cookie") {
      cookies.push_back(p.wire);
    }
  }
  for (const auto& [k, val] : op.fixed_query) o << "    req.query(" << cpp_string(k) << ", " << cpp_string(val) << ");\n";
  if (!cookies.empty()) {
    // Cookie parameters travel together in one Cookie header, "name=value; name=value".
    o << "    std::string cookies;\n";
    for (const auto& p : op.params) {
      if (p.in != "cookie") continue;
      std::string v = "params." + p.cpp;
      std::string add = "{ if (!cookies.empty()) cookies += \"; \"; cookies += " + cpp_string(p.wire + "=") +
                        " + webapi::to_param_string(" + (p.required ? v : "*" + v) + "); }";
      o << "    " << (p.required ? "" : "if (" + v + ") ") << add << "\n";
    }
    o << "    if (!cookies.empty()) req.header(\"Cookie\", cookies);\n";
  }
  // Body.
  if (op.body.present) {
    std::string b = op.body.required ? "params.body" : "*params.body";
    std::string pre = op.body.required ? "    " : "    if (params.body) ";
    if (op.body.kind == "json")
      o << pre << "req.body(webapi::json::encode(" << b << "), " << cpp_string(op.body.content_type) << ");\n";
    else if (op.body.kind == "form")
      o << pre << "webapi::form_fields(req, " << b << ");\n";
    else if (op.body.kind == "multipart")
      o << pre << "req.multipart(webapi::multipart_form(" << b << "));\n";
    else
      o << pre << "req.body(" << b << ", " << cpp_string(op.body.content_type) << ");\n";
  }
  if (op.auth == "required") o << "    " << authorize_name(op.auth_order) << "(req);\n";
  else if (op.auth == "optional") o << "    " << authorize_name(op.auth_order) << "(req, false);\n";
  o << "    return webapi::call<" << op.result << ">(*transport_, std::move(req).build());\n";
  o << "  }\n\n";
}

std::string Module::client_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n";
  o << "#include <cstdint>\n#include <map>\n#include <optional>\n#include <string>\n#include <string_view>\n"
       "#include <utility>\n#include <variant>\n#include <vector>\n\n";
  o << "#include <boost/json/value.hpp>\n\n";
  o << "#include <webapi/core/auth.hpp>\n#include <webapi/core/binary.hpp>\n#include <webapi/core/call.hpp>\n"
       "#include <webapi/core/form_body.hpp>\n#include <webapi/core/json.hpp>\n#include <webapi/core/method.hpp>\n"
       "#include <webapi/core/request_builder.hpp>\n#include <webapi/core/result.hpp>\n"
       "#include <webapi/core/send_options.hpp>\n#include <webapi/core/transport.hpp>\n";
  o << "#include <webapi/" << name_ << "/models.hpp>\n#include <webapi/" << name_ << "/operations.hpp>\n\n";
  o << "namespace " << ns() << " {\n\n";
  // Config.
  o << "struct Config {\n";
  o << "  std::string base_url" << (base_url_.empty() ? "{}" : " = " + cpp_string(base_url_)) << ";";
  if (base_url_.empty()) o << "  ///< required: the service publishes no server";
  o << "\n";
  for (const auto& f : config_) {
    if (f.type == "bool") o << "  bool " << f.name << " = " << (f.def.empty() ? "false" : f.def) << ";\n";
    else o << "  std::string " << f.name << (f.def.empty() ? "{}" : " = " + cpp_string(f.def)) << ";\n";
  }
  o << "};\n\n";
  // Parameter structs.
  for (const auto& op : ops_) {
    if (!has_params_struct(op)) continue;
    o << "struct " << params_struct_name(op) << " {\n";
    for (const auto& p : op.params) {
      TP t = p.required ? p.type : optional_of(p.type);
      o << "  " << render(t) << " " << p.cpp << "{};\n";
    }
    if (op.body.present) {
      TP t = op.body.required ? op.body.type : optional_of(op.body.type);
      o << "  " << render(t) << " body{};\n";
    }
    o << "};\n\n";
  }
  // Client.
  o << "template <webapi::Transport T>\nclass Client {\n public:\n";
  o << "  explicit Client(T& transport, Config config = {}) : transport_(&transport), config_(std::move(config)) {}\n\n";
  o << "  const Config& config() const noexcept { return config_; }\n\n";
  std::vector<const Op*> all;
  for (const auto& op : ops_) all.push_back(&op);
  for (const auto& op : extra_methods_) all.push_back(&op);
  for (const Op* op : all) emit_method(o, *op);
  o << "  /// Any request by method and path, for operations without a method of their own. `path` is sent as\n"
       "  /// given (already percent-encoded, starting with '/'); base URL and credentials apply as for every call.\n";
  o << "  template <class R = boost::json::value>\n";
  o << "  webapi::Result<R> send(webapi::Method method, std::string_view path, const webapi::SendOptions& options = {}) {\n";
  o << "    auto req = start(method, options.operation_name());\n";
  o << "    options.apply(req.path(path));\n";
  if (!credentials_.empty()) o << "    authorize(req);\n";
  o << "    return webapi::call<R>(*transport_, std::move(req).build());\n  }\n\n";
  o << " private:\n";
  o << "  webapi::RequestBuilder start(webapi::Method method, std::string_view operation) const {\n";
  o << "    webapi::RequestBuilder req(method, operation, config_.base_url);\n";
  o << "    if (config_.base_url.empty()) req.fail(\"base_url is required\");\n";
  o << "    return req;\n  }\n\n";
  // One authorize function per credential order in use.
  std::set<std::string> emitted;
  std::vector<std::vector<std::size_t>> orders = {default_order()};
  for (const auto& op : ops_) orders.push_back(op.auth_order);
  if (!credentials_.empty()) {
    for (const auto& order : orders) {
      std::string fn = authorize_name(order);
      if (!emitted.insert(fn).second) continue;
      o << "  // Applies the first credential configured";
      if (credentials_.size() > 1) o << ", in this order";
      o << "; with none, fails when `required`.\n";
      o << "  void " << fn << "(webapi::RequestBuilder& req, bool required = true) const {\n";
      std::string what = cpp_string(credential_what());
      for (std::size_t i = 0; i < order.size(); ++i) {
        const Credential& c = credentials_[order[i]];
        std::string cond = "!config_." + c.field + ".empty()";
        if (!c.when.empty()) cond = "config_." + c.when + " && " + cond;
        o << "    " << (i ? "else if (" : "if (") << cond << ") req.credential(" << credential_expr(c) << ", " << what << ");\n";
      }
      o << "    else if (required) req.missing_credential(" << what << ");\n";
      o << "  }\n\n";
    }
  }
  o << "  T* transport_;\n  Config config_;\n};\n\n";
  o << "}  // namespace " << ns() << "\n";
  return o.str();
}

std::string Module::umbrella_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n";
  o << "#include <webapi/" << name_ << "/models.hpp>\n#include <webapi/" << name_ << "/operations.hpp>\n#include <webapi/"
    << name_ << "/client.hpp>\n";
  for (const auto& h : get_array(overlay_, "extra_headers"))
    o << "#include <webapi/" << name_ << "/" << std::string(h.as_string()) << ">\n";
  return o.str();
}

// ------------------------------------------------------------------------------------------------ docs

std::string coverage_md(const std::vector<std::unique_ptr<Module>>& modules) {
  std::ostringstream o;
  o << "# Operation coverage\n\n";
  o << "<!-- Generated by tools/codegen from specs/ and specs/overlays/; do not edit. -->\n\n";
  o << "Every operation of every published description is a client method, and so is every operation the\n"
       "requirements add with a known path (listed in `specs/overlays/<module>.json`). The operation table\n"
       "`webapi::<module>::operations` lists them all.\n\n";
  o << "| module | in the description | added from the requirements | table entries | extra methods | named without a known path |\n";
  o << "|---|---:|---:|---:|---:|---:|\n";
  std::size_t total = 0;
  for (const auto& m : modules) {
    std::size_t extra = m->ops().size() - m->description_ops();
    std::size_t unreached = get_array(m->overlay(), "unreached").size();
    o << "| `" << m->name() << "` | " << m->description_ops() << " | " << extra << " | " << m->ops().size() << " | "
      << m->extra_methods_.size() << " | " << unreached << " |\n";
    total += m->ops().size();
  }
  o << "| **all** | | | **" << total << "** | | |\n\n";
  for (const auto& m : modules) {
    std::vector<const Op*> added;
    for (const auto& op : m->ops())
      if (op.from_overlay || find(get_object(m->overlay(), "notes"), op.name)) added.push_back(&op);
    if (added.empty() && m->extra_methods_.empty()) continue;
    o << "## `" << m->name() << "`: methods the requirements add or rename\n\n";
    o << "| method | HTTP | note |\n|---|---|---|\n";
    for (const Op* op : added) {
      std::string up = op->method;
      for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      std::string note = get_string(get_object(m->overlay(), "notes"), op->name, "from the requirements");
      o << "| `" << op->name << "` | " << up << " `" << op->path << "` | " << note << " |\n";
    }
    for (const auto& op : m->extra_methods_) {
      std::string up = op.method;
      for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      std::string note = get_string(get_object(m->overlay(), "notes"), op.name, "another result of `" + op.variant_of + "`");
      o << "| `" << op.name << "` | " << up << " `" << op.path << "` | " << note << " |\n";
    }
    o << "\n";
  }
  o << "## Operations named by the requirements without a known path\n\n";
  o << "These identifiers appear in the requirements, but neither the requirements nor the published\n"
       "description give their method and path, so no typed method can be generated for them. Each module's\n"
       "client reaches any of them through its generic call, with the base URL and credentials applied as for\n"
       "every other method:\n\n";
  o << "```cpp\n"
       "auto r = client.send(webapi::Method::post, \"/path/from/the/service/documentation\",\n"
       "                     {.query = {{\"name\", \"value\"}}, .body = R\"({\"key\": 1})\", .content_type = \"application/json\"});\n"
       "// r is a webapi::Result<boost::json::value>; send<T>(...) decodes into a model type instead.\n"
       "```\n\n";
  for (const auto& m : modules) {
    const auto& un = get_array(m->overlay(), "unreached");
    if (un.empty()) continue;
    o << "### `" << m->name() << "`\n\n";
    if (auto note = get_string(m->overlay(), "unreached_note"); !note.empty()) o << note << "\n\n";
    o << "| identifier | required | reason |\n|---|---|---|\n";
    for (const auto& e : un) {
      const auto& u = e.as_object();
      o << "| `" << get_string(u, "id") << "` | " << get_string(u, "required", "-") << " | " << get_string(u, "reason") << " |\n";
    }
    o << "\n";
  }
  return o.str();
}

std::string names_md(const Module& m) {
  std::ostringstream o;
  o << "# project_management: requirement identifiers and client methods\n\n";
  o << "<!-- Generated by tools/codegen from specs/overlays/project_management.json; do not edit. -->\n\n";
  o << "The published description numbers its operation identifiers (`getById_7`) and the requirements number\n"
       "some of them differently (their `getById_8` is the description's `getById_7`). The client therefore names\n"
       "each method from its HTTP method and path (`get_projects_project_id`), and this table maps every\n"
       "requirement identifier that has a known path to its method.\n\n";
  o << "| requirement identifier | method | HTTP | description's identifier | known by |\n|---|---|---|---|---|\n";
  for (const auto& e : get_array(m.overlay(), "seed_names")) {
    const auto& s = e.as_object();
    std::string method = lowercase(get_string(s, "method")), path = get_string(s, "path");
    auto it = std::find_if(m.ops().begin(), m.ops().end(), [&](const Op& op) { return op.method == method && op.path == path; });
    if (it == m.ops().end()) die("project_management: seed name " + get_string(s, "id") + " has no operation " + method + " " + path);
    std::string up = get_string(s, "method");
    o << "| `" << get_string(s, "id") << "` | `" << it->name << "` | " << up << " `" << path << "` | "
      << (it->operation_id.empty() ? std::string("(not in the description)") : "`" + it->operation_id + "`") << " | "
      << get_string(s, "match") << " |\n";
  }
  return o.str();
}

int generate(const fs::path& specs, const fs::path& out) {
  std::vector<std::unique_ptr<Module>> modules;
  std::vector<fs::path> overlays;
  for (const auto& e : fs::directory_iterator(specs / "overlays"))
    if (e.path().extension() == ".json") overlays.push_back(e.path());
  std::sort(overlays.begin(), overlays.end());
  const std::vector<std::string> order = {"audio", "userinfo", "quotes", "project_management",
                                          "api_platform", "webhooks", "finance", "migration"};
  std::sort(overlays.begin(), overlays.end(), [&](const fs::path& a, const fs::path& b) {
    auto ia = std::find(order.begin(), order.end(), a.stem().string()) - order.begin();
    auto ib = std::find(order.begin(), order.end(), b.stem().string()) - order.begin();
    return ia != ib ? ia < ib : a < b;
  });
  for (const auto& ov : overlays) {
    std::string name = ov.stem().string();
    js::value overlay = read_json(ov);
    auto m = std::make_unique<Module>(name, read_json(specs / (name + ".json")), overlay.as_object());
    try {
      m->build();
    } catch (const std::exception& e) {
      die(name + ": " + e.what());
    }
    fs::path dir = out / "include" / "webapi" / name;
    write_file(dir / "models.hpp", m->models_hpp());
    write_file(dir / "operations.hpp", m->operations_hpp());
    write_file(dir / "client.hpp", m->client_hpp());
    write_file(out / "include" / "webapi" / (name + ".hpp"), m->umbrella_hpp());
    if (name == "project_management") write_file(out / "docs" / "project_management_names.md", names_md(*m));
    modules.push_back(std::move(m));
  }
  write_file(out / "docs" / "coverage.md", coverage_md(modules));
  for (const auto& m : modules) std::cout << m->name() << ": " << m->ops().size() << " operations\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 3 && args[0] == "strip") {
      js::value stripped = strip(read_json(args[1]), false);
      std::string out;
      pretty(out, stripped, 0);
      out += "\n";
      write_file(args[2], out);
      return 0;
    }
    if (args.size() == 3 && args[0] == "generate") return generate(args[1], args[2]);
    std::cerr << "usage: webapi-codegen strip <in.openapi.json> <out.json>\n"
                 "       webapi-codegen generate <specs dir> <output root>\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "webapi-codegen: " << e.what() << "\n";
    return 1;
  }
}
