#pragma once
// The `filter` and `orderBy` of a listing, over a record's JSON (its wire names):
//
//   filter   term [AND|OR term]...   (AND binds tighter than OR; NOT before a term negates it)
//   term     path op value           path: wire names joined by '.', map keys included
//                                    ("labels.env", "virtualMachineDetails.coreCount")
//            op: = != < <= > >=      value: a word or a "quoted string"; compared as numbers when both
//                                    sides are numbers, otherwise as text
//            path:value              has: the member exists (value *), or it (or, for a list, one of its
//                                    items) equals value; a value ending in '*' matches as a prefix
//   orderBy  path [desc] [, path [desc]]...
//
// A record lacking the path fails every comparison. A filter or order that does not parse is 400 naming
// the parameter and what was expected where.

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include <webapi/fakes/migration/errors.hpp>

namespace webapi::fakes::migration {

/// The member at `path` ("a.b.c") of `v`, or null.
inline const boost::json::value* member_at(const boost::json::value& v, std::string_view path) {
  const boost::json::value* at = &v;
  while (!path.empty()) {
    std::string_view key = path.substr(0, path.find('.'));
    path.remove_prefix(std::min(path.size(), key.size() + 1));
    const auto* o = at->if_object();
    if (!o) return nullptr;
    at = o->if_contains(key);
    if (!at) return nullptr;
  }
  return at;
}

namespace detail {

inline std::optional<double> number_of(std::string_view s) {
  double d = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return d;
}

inline std::optional<double> number_of(const boost::json::value& v) {
  if (v.is_number()) return v.to_number<double>();
  if (v.is_string()) return number_of(std::string_view(v.get_string()));  // int64 travels as a string
  return std::nullopt;
}

inline std::string text_of(const boost::json::value& v) {
  if (v.is_string()) return std::string(v.get_string());
  return boost::json::serialize(v);
}

struct Term {
  std::string path, op, value;
  bool negated = false;
};

/// OR of ANDs of terms.
using Clauses = std::vector<std::vector<Term>>;

class FilterParser {
 public:
  explicit FilterParser(std::string_view text) : text_(text) {}

  Clauses parse() {
    Clauses out{{}};
    skip_space();
    if (at_end()) return {};
    for (;;) {
      out.back().push_back(term());
      skip_space();
      if (at_end()) return out;
      std::string word = bare_word();
      if (word == "AND") continue;
      if (word == "OR") {
        out.emplace_back();
        continue;
      }
      fail("expected AND or OR");
    }
  }

 private:
  Term term() {
    Term t;
    skip_space();
    std::size_t mark = pos_;
    if (bare_word() == "NOT")
      t.negated = true;
    else
      pos_ = mark;
    skip_space();
    t.path = path();
    skip_space();
    for (std::string_view op : {"!=", "<=", ">=", "=", "<", ">", ":"})
      if (text_.substr(pos_).starts_with(op)) {
        t.op = op;
        pos_ += op.size();
        break;
      }
    if (t.op.empty()) fail("expected an operator (= != < <= > >= :) after '" + t.path + "'");
    skip_space();
    t.value = value();
    return t;
  }
  std::string path() {
    std::size_t start = pos_;
    while (!at_end() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
                         text_[pos_] == '.' || text_[pos_] == '-'))
      ++pos_;
    if (start == pos_) fail("expected a field name");
    return std::string(text_.substr(start, pos_ - start));
  }
  std::string value() {
    if (!at_end() && text_[pos_] == '"') {
      std::string out;
      for (++pos_; !at_end() && text_[pos_] != '"'; ++pos_) {
        if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
        out += text_[pos_];
      }
      if (at_end()) fail("a quoted value is not closed");
      ++pos_;
      return out;
    }
    std::string out = bare_word();
    if (out.empty()) fail("expected a value");
    return out;
  }
  std::string bare_word() {
    std::size_t start = pos_;
    while (!at_end() && !std::isspace(static_cast<unsigned char>(text_[pos_])) && text_[pos_] != '"') ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  [[noreturn]] void fail(const std::string& what) const {
    invalid("filter", "parameter 'filter' does not parse at position " + std::to_string(pos_) + ": " + what);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

inline bool holds(const boost::json::value& record, const Term& t) {
  const boost::json::value* v = member_at(record, t.path);
  bool result = false;
  if (v && !v->is_null()) {
    if (t.op == ":") {
      auto has = [&](const boost::json::value& e) {
        std::string text = text_of(e);
        if (t.value.ends_with('*')) return text.starts_with(std::string_view(t.value).substr(0, t.value.size() - 1));
        return text == t.value;
      };
      if (const auto* a = v->if_array())
        result = std::any_of(a->begin(), a->end(), has);
      else
        result = has(*v);
    } else {
      auto lhs = number_of(*v);
      auto rhs = number_of(std::string_view(t.value));
      int cmp = (lhs && rhs) ? (*lhs < *rhs ? -1 : *lhs > *rhs ? 1 : 0) : text_of(*v).compare(t.value);
      if (t.op == "=")
        result = cmp == 0;
      else if (t.op == "!=")
        result = cmp != 0;
      else if (t.op == "<")
        result = cmp < 0;
      else if (t.op == "<=")
        result = cmp <= 0;
      else if (t.op == ">")
        result = cmp > 0;
      else
        result = cmp >= 0;
    }
  }
  return t.negated ? !result : result;
}

}  // namespace detail

/// A parsed filter; the empty filter keeps every record.
class Filter {
 public:
  explicit Filter(std::string_view text = {}) : clauses_(detail::FilterParser(text).parse()) {}

  bool keeps(const boost::json::value& record) const {
    if (clauses_.empty()) return true;
    return std::any_of(clauses_.begin(), clauses_.end(), [&](const auto& all) {
      return std::all_of(all.begin(), all.end(), [&](const auto& t) { return detail::holds(record, t); });
    });
  }

 private:
  detail::Clauses clauses_;
};

/// A parsed orderBy.
class Ordering {
 public:
  explicit Ordering(std::string_view text = {}) {
    while (!text.empty()) {
      std::string_view item = text.substr(0, text.find(','));
      text.remove_prefix(std::min(text.size(), item.size() + 1));
      while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
      while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
      Key k;
      if (item.ends_with(" desc")) {
        k.descending = true;
        item.remove_suffix(5);
      } else if (item.ends_with(" asc")) {
        item.remove_suffix(4);
      }
      while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
      if (item.empty() || item.find(' ') != std::string_view::npos)
        invalid("orderBy", "parameter 'orderBy' takes fields separated by ',', each optionally followed by 'desc'");
      k.path = item;
      keys_.push_back(std::move(k));
    }
  }
  bool empty() const { return keys_.empty(); }

  /// Whether `a` goes before `b`.
  bool before(const boost::json::value& a, const boost::json::value& b) const {
    for (const Key& k : keys_) {
      const auto* x = member_at(a, k.path);
      const auto* y = member_at(b, k.path);
      std::string sx = x ? detail::text_of(*x) : std::string(), sy = y ? detail::text_of(*y) : std::string();
      auto nx = x ? detail::number_of(*x) : std::nullopt, ny = y ? detail::number_of(*y) : std::nullopt;
      int cmp = (nx && ny) ? (*nx < *ny ? -1 : *nx > *ny ? 1 : 0) : sx.compare(sy);
      if (cmp != 0) return k.descending ? cmp > 0 : cmp < 0;
    }
    return false;
  }

 private:
  struct Key {
    std::string path;
    bool descending = false;
  };
  std::vector<Key> keys_;
};

}  // namespace webapi::fakes::migration
