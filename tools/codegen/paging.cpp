// Paged operations: which operations page and how, and the `<op>_all` method that walks every page.
//
// A page token is found from the description (a pageToken query parameter and a nextPageToken in the
// result, next to one list); the overlay's "paging" names the others (offset + limit, where the result
// is untyped JSON, by the path to its items).
#include "module.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "die.hpp"
#include "names.hpp"

namespace webapi::codegen {

// Next links (audio): an operation whose answer is a plain list, or with linked_partitioning=true a page
// {collection, next_href}. The description marks some (a linked_partitioning parameter and a result that is
// either); the overlay's "paging" names the others ({"style": "link", "page": "<page schema>"}). The plain
// method then always answers the list (it never sends linked_partitioning), `<op>_page` always the page,
// and `<op>_all` walks the pages. A result that is a page already stays as it is.
void Module::make_link_pages() {
  const js::object* entries = nullptr;
  if (const js::value* all = find(overlay_, "paging")) entries = &all->as_object();
  std::vector<Op> pages;
  for (auto& op : ops_) {
    const js::value* entry = entries ? find(*entries, op.name) : nullptr;
    bool listed = entry && get_string(entry->as_object(), "style") == "link";
    bool declared = std::any_of(op.params.begin(), op.params.end(),
                                [](const Param& p) { return p.in == "query" && p.wire == "linked_partitioning"; });
    bool either = op.result.rfind("std::variant<", 0) == 0;
    if (!listed && !(declared && either)) continue;
    std::string page = listed ? get_string(entry->as_object(), "page") : "";
    std::string list = op.result;
    if (either) {
      std::size_t comma = op.result.find(", ");
      if (page.empty()) page = op.result.substr(13, comma - 13);
      list = op.result.substr(comma + 2, op.result.size() - comma - 3);
    } else if (page.empty()) {
      page = op.result;  // the answer is a page already
    }
    auto d = by_name_.find(page);
    if (d == by_name_.end() || d->second->kind != Decl::Struct) die(name_ + ": link paging of " + op.name + " names no page struct " + page);
    auto has = [&](const char* wire) {
      return std::any_of(d->second->members.begin(), d->second->members.end(), [&](const Member& m) { return m.wire == wire; });
    };
    if (!has("collection") || !has("next_href")) die(name_ + ": page " + page + " of " + op.name + " lacks collection or next_href");
    std::erase_if(op.params, [](const Param& p) { return p.in == "query" && p.wire == "linked_partitioning"; });
    op.result = list;
    op.link_page = page;
    op.link_first = op.name;
    if (page == list) continue;
    op.list_member = "collection";
    Op v = op;
    v.variant_of = op.name;
    v.name = op.name + "_page";
    v.result = page;
    v.link_page.clear();
    v.fixed_query.emplace_back("linked_partitioning", "true");
    op.link_first = v.name;
    pages.push_back(std::move(v));
  }
  for (auto& v : pages) extra_methods_.push_back(std::move(v));
}

Module::Paging Module::paging_of(const Op& op) const {
  Paging p;
  if (!op.variant_of.empty()) return p;
  auto param = [&](const std::string& wire) -> const Param* {
    for (const auto& x : op.params)
      if (x.wire == wire && x.in == "query") return &x;
    return nullptr;
  };
  if (const js::value* all = find(overlay_, "paging")) {
    if (const js::value* entry = find(all->as_object(), op.name); entry && op.link_page.empty()) {
      const auto& e = entry->as_object();
      p.style = get_string(e, "style");
      const Param* offset = param(get_string(e, "offset"));
      const Param* limit = param(get_string(e, "limit"));
      if (p.style != "offset" || !offset) die(name_ + ": paging for " + op.name + " needs style offset and its parameter");
      p.cursor_member = offset->cpp;
      p.limit_member = limit ? limit->cpp : "";
      for (const auto& k : get_array(e, "items")) p.json_items.emplace_back(k.as_string());
      p.item_type = "boost::json::value";
      if (op.result == "boost::json::value") return p;
      // A typed result: the same path through its members, down to a vector whose elements are the items.
      std::string type = op.result;
      for (std::size_t i = 0; i < p.json_items.size(); ++i) {
        auto d = by_name_.find(type);
        if (d == by_name_.end() || d->second->kind != Decl::Struct) die(name_ + ": paging path of " + op.name + " leaves the result's structs");
        const auto& members = d->second->members;
        auto m = std::find_if(members.begin(), members.end(), [&](const Member& x) { return x.wire == p.json_items[i]; });
        if (m == members.end()) die(name_ + ": paging path of " + op.name + " names no member " + p.json_items[i] + " of " + type);
        TP t = m->type->kind == Type::Optional ? m->type->args[0] : m->type;
        p.typed_path.emplace_back(m->cpp, m->type->kind == Type::Optional);
        bool last = i + 1 == p.json_items.size();
        if (last && t->kind != Type::Vector) die(name_ + ": paging path of " + op.name + " does not end at a list");
        if (!last && t->kind != Type::Named) die(name_ + ": paging path of " + op.name + " goes through a non-struct");
        if (last) p.item_type = render(t->args[0]);
        else type = t->text;
      }
      return p;
    }
  }
  // A next link (audio): the first page from op.link_first, the rest from their next_href.
  if (!op.link_page.empty()) {
    auto d = by_name_.find(op.link_page);
    if (d != by_name_.end() && d->second->kind == Decl::Struct) {
      const Member* items = nullptr;
      const Member* next = nullptr;
      for (const auto& m : d->second->members) {
        TP t = m.type->kind == Type::Optional ? m.type->args[0] : m.type;
        if (m.wire == "collection" && t->kind == Type::Vector) items = &m;
        if (m.wire == "next_href") next = &m;
      }
      if (items && next) {
        TP t = items->type->kind == Type::Optional ? items->type->args[0] : items->type;
        p.style = "link";
        p.page_type = op.link_page;
        p.first_method = op.link_first;
        p.items_member = items->cpp;
        p.items_optional = items->type->kind == Type::Optional;
        p.next_member = next->cpp;
        p.item_type = render(t->args[0]);
        return p;
      }
    }
  }
  const Param* token = param("pageToken");
  auto it = by_name_.find(op.result);
  if (!token || it == by_name_.end() || it->second->kind != Decl::Struct) return p;
  const Member* next = nullptr;
  std::vector<const Member*> lists;
  for (const auto& m : it->second->members) {
    if (m.wire == "nextPageToken") next = &m;
    TP t = m.type->kind == Type::Optional ? m.type->args[0] : m.type;
    if (t->kind == Type::Vector && m.wire != "unreachable") lists.push_back(&m);
  }
  if (!next || lists.size() != 1) return p;
  TP t = lists[0]->type->kind == Type::Optional ? lists[0]->type->args[0] : lists[0]->type;
  p.style = "token";
  p.cursor_member = token->cpp;
  p.items_member = lists[0]->cpp;
  p.items_optional = lists[0]->type->kind == Type::Optional;
  p.next_member = next->cpp;
  p.item_type = render(t->args[0]);
  return p;
}

// `<op>_all` and its asynchronous form `async_<op>_all`, public. Both fetch each page with the steps
// emit_pager_steps() writes, one through the operation's method and the other through its asynchronous twin.
void Module::emit_pager(std::ostringstream& o, const Op& op) const {
  Paging p = paging_of(op);
  if (p.style.empty()) return;
  auto [decl, args] = method_parameters(op);
  std::string captures = "this";
  for (const auto& pp : op.path_params) {
    std::string t = render(pp.type);
    captures += ", " + pp.cpp + (t == "std::string" ? " = std::string(" + pp.cpp + ")" : "");
  }
  captures += ", params";
  const std::string path_args = args.substr(0, args.rfind("params"));
  const std::string& item = p.item_type;
  o << "  /// Every item of " << op.name << ", fetched page by page as the loop needs them ("
    << (p.style == "token" ? "page token" : p.style == "link" ? "next link" : "offset + limit") << "); see webapi/core/pager.hpp.\n";
  o << "  webapi::Pager<" << item << "> " << op.name << "_all(" << decl << ") {\n";
  o << "    return webapi::Pager<" << item << ">([" << captures << "](const std::optional<std::string>& cursor) {\n";
  if (p.style == "link") {
    // The first page by the operation, asked for as a linked page; the rest by the link, to this host only.
    o << "      return " << op.name << "_page_of(cursor ? run<" << p.page_type << ">(" << op.name
      << "_next_link(*cursor), responses::next_link) : " << p.first_method << "(" << path_args << "params));\n";
  } else {
    o << "      auto page = " << op.name << "_page_params(params, cursor);\n";
    o << "      return " << op.name << "_page_of(" << op.name << "(" << path_args << "page)"
      << (p.style == "offset" ? ", page" : "") << ");\n";
  }
  o << "    });\n  }\n\n";

  // The asynchronous form: a member template, so that it is compiled only where it is used, which is where
  // <webapi/core/async_transport.hpp> defines AsyncPager (a client header only declares it).
  std::string answer = p.style == "link" ? p.page_type : op.result;
  o << "  /// The asynchronous form of " << op.name << "_all(), fetching each page through async_" << op.name
    << "\n  /// when asked; see webapi/core/async_pager.hpp, which <webapi/core/async_transport.hpp> includes.\n";
  o << "  template <std::same_as<" << item << "> Item = " << item << ">\n";
  o << "  webapi::AsyncPager<Item> async_" << op.name << "_all(" << decl << ") {\n";
  o << "    return webapi::AsyncPager<Item>(\n";
  o << "        [" << captures << "](const std::optional<std::string>& cursor, auto handler) {\n";
  if (p.style == "link") {
    o << "          auto then = webapi::detail::continue_with(std::move(handler), [](auto handler, webapi::Result<" << answer
      << "> r) {\n";
    o << "            std::move(handler)(" << op.name << "_page_of(std::move(r)));\n";
    o << "          });\n";
    o << "          if (cursor) this->async_run<" << p.page_type << ">(" << op.name
      << "_next_link(*cursor), responses::next_link, std::move(then));\n";
    o << "          else this->async_" << p.first_method << "(" << path_args << "params, std::move(then));\n";
  } else {
    o << "          auto page = " << op.name << "_page_params(params, cursor);\n";
    o << "          this->async_" << op.name << "(" << path_args << "page, webapi::detail::continue_with(\n";
    o << "              std::move(handler), [" << (p.style == "offset" ? "page" : "") << "](auto handler, webapi::Result<"
      << answer << "> r) {\n";
    o << "                std::move(handler)(" << op.name << "_page_of(std::move(r)" << (p.style == "offset" ? ", page" : "")
      << "));\n";
    o << "              }));\n";
  }
  o << "        },\n";
  o << "        " << cpp_string(op.name) << ");\n  }\n\n";
}

// The steps of one page of `<op>_all` and `async_<op>_all`, private: what to ask for the page at a cursor,
// and the items and next cursor out of the answer, written once for both.
void Module::emit_pager_steps(std::ostringstream& o, const Op& op) const {
  Paging p = paging_of(op);
  if (p.style.empty()) return;
  const std::string params = params_struct_name(op);
  const std::string page = "webapi::Page<" + p.item_type + ">";
  std::string answer = p.style == "link" ? p.page_type : op.result;
  if (p.style == "link") {
    o << "  // " << op.name << "_all()'s pages after the first: the request for the next link `cursor`, to this client's\n"
         "  // own scheme, host and port only, with its credentials.\n";
    o << "  webapi::Result<webapi::Request> " << op.name << "_next_link(const std::string& cursor) const {\n";
    o << "    auto link = webapi::follow_link(cursor, config_.base_url, " << cpp_string(op.name) << ");\n";
    o << "    if (!link) return std::move(link).error();\n";
    o << "    webapi::RequestBuilder req(std::move(*link));\n";
    if (op.auth == "required") o << "    " << authorize_name(op.auth_order, op.auth_together) << "(req);\n";
    else if (op.auth == "optional") o << "    " << authorize_name(op.auth_order, op.auth_together) << "(req, false);\n";
    o << "    return std::move(req).build();\n  }\n\n";
  } else {
    o << "  // " << op.name << "_all()'s page at `cursor`: the caller's parameters with the cursor put in.\n";
    o << "  static " << params << " " << op.name << "_page_params(" << params
      << " page, const std::optional<std::string>& cursor) {\n";
    if (p.style == "token") o << "    if (cursor) page." << p.cursor_member << " = *cursor;\n";
    else o << "    webapi::set_offset(page." << p.cursor_member << ", webapi::start_offset(cursor, page." << p.cursor_member << "));\n";
    o << "    return page;\n  }\n\n";
  }
  o << "  // The items of a page of " << op.name << "_all() and the cursor of the next, out of the answer"
    << (p.style == "offset" ? " to `page`" : "") << ".\n";
  o << "  static webapi::Result<" << page << "> " << op.name << "_page_of(webapi::Result<" << answer << "> r"
    << (p.style == "offset" ? ", const " + params + "& page" : "") << ") {\n";
  o << "    if (!r) return std::move(r).error();\n";
  if (p.style != "offset") {
    std::string items = "r->" + p.items_member;
    o << "    return " << page << "{" << (p.items_optional ? items + " ? std::move(*" + items + ") : std::vector<" + p.item_type + ">{}" : "std::move(" + items + ")")
      << ", webapi::next_token(r->" << p.next_member << ")};\n";
  } else {
    o << "    const std::int64_t offset = webapi::start_offset(std::nullopt, page." << p.cursor_member << ");\n";
    if (p.typed_path.empty()) {
      o << "    auto items = webapi::json_items(*r, {";
      for (std::size_t i = 0; i < p.json_items.size(); ++i) o << (i ? ", " : "") << cpp_string(p.json_items[i]);
      o << "});\n";
    } else {
      // Down the typed path; an absent optional member on the way means an empty page.
      o << "    std::vector<" << p.item_type << "> items;\n";
      o << "    [&] {\n      auto& v0 = *r;\n";
      for (std::size_t i = 0; i < p.typed_path.size(); ++i) {
        const auto& [member, optional] = p.typed_path[i];
        std::string v = "v" + std::to_string(i);
        if (optional) o << "      if (!" << v << "." << member << ") return;\n";
        std::string value = optional ? "*" + v + "." + member : v + "." + member;
        if (i + 1 == p.typed_path.size()) o << "      items = std::move(" << value << ");\n";
        else o << "      auto& v" << i + 1 << " = " << value << ";\n";
      }
      o << "    }();\n";
    }
    o << "    const std::size_t count = items.size();\n";
    o << "    return " << page << "{std::move(items), webapi::next_offset(offset, count"
      << (p.limit_member.empty() ? "" : ", webapi::limit_of(page." + p.limit_member + ")") << ")};\n";
  }
  o << "  }\n\n";
}

}  // namespace webapi::codegen
