// The model the writers emit from: C++ types, declarations, operations and the client's configuration.
#pragma once

#include <cctype>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/value.hpp>

namespace webapi::codegen {

struct Type;
using TP = std::shared_ptr<Type>;
struct Type {
  enum Kind { Prim, Named, Vector, Map, Optional, Variant, Json } kind = Json;
  std::string text;  // Prim: the C++ type; Named: the declaration's name
  std::vector<TP> args;
  bool boxed = false;  // Named only: held through webapi::Box to break a cycle
  bool open = false;   // Named enum only: held as webapi::OpenEnum, so values a service adds survive
  // Prim only: the webapi::WireFormat enumerator spelling it on the wire when its C++ type does not say
  // how ("base64" for `format: byte`, "decimal_string" for string-typed int64 and uint64), or empty.
  std::string wire_format;
};

inline TP make(Type::Kind k, std::string text = {}, std::vector<TP> args = {}) {
  auto t = std::make_shared<Type>();
  t->kind = k;
  t->text = std::move(text);
  t->args = std::move(args);
  return t;
}
inline TP prim(std::string t) { return make(Type::Prim, std::move(t)); }
inline TP prim(std::string t, std::string wire_format) {
  TP p = prim(std::move(t));
  p->wire_format = std::move(wire_format);
  return p;
}
inline TP json_value() { return make(Type::Json); }
inline TP optional_of(TP t) { return t->kind == Type::Optional ? t : make(Type::Optional, {}, {std::move(t)}); }
inline TP clone(const TP& t) {
  auto c = std::make_shared<Type>(*t);
  for (auto& a : c->args) a = clone(a);
  return c;
}

inline std::string render(const TP& t) {
  switch (t->kind) {
    case Type::Prim: return t->text;
    case Type::Named: {
      std::string n = t->open ? "webapi::OpenEnum<" + t->text + ">" : t->text;
      return t->boxed ? "webapi::Box<" + n + ">" : n;
    }
    case Type::Vector: return "std::vector<" + render(t->args[0]) + ">";
    case Type::Map: return "std::map<std::string, " + render(t->args[0]) + ">";
    case Type::Optional: return "webapi::Optional<" + render(t->args[0]) + ">";
    case Type::Variant: {
      std::string s = "std::variant<";
      for (std::size_t i = 0; i < t->args.size(); ++i) s += (i ? ", " : "") + render(t->args[i]);
      return s + ">";
    }
    case Type::Json: return "boost::json::value";
  }
  return "boost::json::value";
}

inline bool uses(const TP& t, std::string_view what) { return render(t).find(what) != std::string::npos; }

/// Calls f on each identifier of a C++ type text that is not qualified (not preceded by "::"), and rebuilds
/// the text with what f returns for it.
inline std::string map_identifiers(const std::string& text, const std::function<std::string(const std::string&)>& f) {
  auto ident_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (!ident_char(text[i]) || std::isdigit(static_cast<unsigned char>(text[i]))) {
      out += text[i++];
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && ident_char(text[j])) ++j;
    std::string id = text.substr(i, j - i);
    bool qualified = i >= 2 && text.compare(i - 2, 2, "::") == 0;
    out += qualified ? id : f(id);
    i = j;
  }
  return out;
}

struct Member {
  std::string cpp, wire;
  TP type;
  boost::json::value schema{};  // the property's schema as the description gives it (its constraints)
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
  boost::json::value schema{};  // the parameter's schema as the description gives it (its constraints)
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
  // How many leading credentials of auth_order the operation takes together (one security requirement
  // naming several schemes): each of them that is configured is sent.
  std::size_t auth_together = 1;
  // Next-link paging (paging.cpp, make_link_pages): the page struct, and the method whose answer is the
  // first page (this operation, or its `<name>_page` variant asking for linked_partitioning).
  std::string link_page, link_first;
  // An extra method over another operation's request (same path and method, different result).
  std::string variant_of;
  std::vector<std::pair<std::string, std::string>> fixed_query;
  // Statuses the description documents as this operation's successes (empty: any 2xx), and whether sending
  // it twice has the effect of sending it once (from the method, overridden by the overlay's "idempotent").
  std::vector<int> success;
  bool idempotent = true;
  // Every answer the description lists: (status key as written, "200", "4XX" or "default"; media type, empty
  // for an answer without content), in the description's order.
  std::vector<std::pair<std::string, std::string>> answers;
  // The description allows the answer as the page object (whose member of this name holds the items) or the
  // bare list; the result, whichever form it is, reads both (ResponseSpec::list_member).
  std::string list_member;
  // The description lists a success without content, though the overlay gives the answer a shape: an empty
  // body is a success (ResponseSpec::may_be_empty).
  bool may_be_empty = false;
};

struct Credential {
  std::string kind, field, param, header, header_field, when, scheme;
};

struct ConfigField {
  std::string name, type, def;
};

}  // namespace webapi::codegen
