#pragma once
// Partial responses: the `fields` parameter every Google API takes, e.g. fields=email,name.
//
// The fake understands a comma-separated list of top-level member names, and "*" for all of them. A name
// the response type does not have is refused with 400, as the service refuses an invalid field selection;
// a name it has but this answer lacks (email without the email scope) is simply absent.
// Nested selections ("a/b", "a(b,c)") are not modelled and are refused alike.

#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>

#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::userinfo {

class FieldSelection {
 public:
  /// Reads `fields` from `params` against the members the response type `known` has.
  static FieldSelection read(const Params& params, std::span<const std::string_view> known) {
    FieldSelection s;
    const std::vector<std::string> names = params.list("fields");
    if (names.empty()) return s;  // absent or blank: the whole response
    s.all_ = false;
    for (const std::string& name : names) {
      if (name == "*") {
        s.all_ = true;
        continue;
      }
      if (std::find(known.begin(), known.end(), name) == known.end())
        bad_request("invalid field selection '" + name + "': the response has no member of that name");
      s.names_.push_back(name);
    }
    return s;
  }

  /// `body` with only the members selected.
  boost::json::object apply(boost::json::object body) const {
    if (all_) return body;
    boost::json::object out;
    for (const std::string& name : names_)
      if (const auto* v = body.if_contains(name)) out[name] = *v;
    return out;
  }

 private:
  bool all_ = true;
  std::vector<std::string> names_;
};

}  // namespace webapi::fakes::userinfo
