#pragma once
// Partial responses: the `fields` parameter every Google API takes, e.g. fields=email,name.
//
// The fake understands a comma-separated list of top-level member names, and "*" for all of them. A name
// the response model does not have is refused with 400, as the service refuses an invalid field selection;
// a name it has but this answer lacks (email without the email scope) is simply absent.
// Nested selections ("a/b", "a(b,c)") are not modelled and are refused alike.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>
#include <boost/mp11/algorithm.hpp>

#include <webapi/core/json.hpp>
#include <webapi/core/members.hpp>
#include <webapi/core/wire_name.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::userinfo {

/// The JSON keys of a response model's members.
template <class Model>
std::vector<std::string_view> member_keys() {
  std::vector<std::string_view> keys;
  using Members = webapi::members_t<Model>;
  boost::mp11::mp_for_each<Members>([&](auto m) { keys.push_back(webapi::wire_name<Model>(m.name)); });
  return keys;
}

/// The `fields` selection of one call, read against the members of its response model.
template <class Model>
class FieldSelection {
 public:
  static FieldSelection read(const Params& params) {
    FieldSelection s;
    const std::vector<std::string> names = params.list("fields");
    if (names.empty()) return s;  // absent or blank: the whole response
    s.all_ = false;
    const std::vector<std::string_view> known = member_keys<Model>();
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

  /// The 200 answer: `body` encoded from its model, keeping only the members selected, in the order the
  /// selection names them.
  Response answer(const Model& body) const {
    if (all_) return model_response(body);
    const boost::json::object whole = boost::json::parse(webapi::fakes::encode_answer(body)).as_object();
    boost::json::object out;
    for (const std::string& name : names_)
      if (const auto* v = whole.if_contains(name)) out[name] = *v;
    return json_response(out);
  }

 private:
  bool all_ = true;
  std::vector<std::string> names_;
};

}  // namespace webapi::fakes::userinfo
