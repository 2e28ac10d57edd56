#pragma once
// One call to the userinfo fake, and the standard parameters every operation takes.
//
// Of Google's standard query parameters, alt, prettyPrint and fields shape the answer and are checked:
// alt must be json, prettyPrint a boolean, fields a selection of the response's own members (400
// otherwise). The answer is compact JSON whatever prettyPrint says; it parses the same. key, quotaUser and
// userIp are accepted and not otherwise modelled; oauth_token is a credential (see bearer.hpp).

#include <string>
#include <string_view>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/userinfo/partial_response.hpp>
#include <webapi/fakes/userinfo/state.hpp>

namespace webapi::fakes::userinfo {

struct Call {
  State& state;
  const Request& request;
  Params params;
  ManualClock::time_point now;
};

/// Checks alt and prettyPrint, and returns the `fields` selection read against the members of the
/// response model.
template <class Model>
FieldSelection<Model> output_parameters(const Call& c) {
  if (auto alt = c.params.non_empty("alt"); alt && *alt != "json")
    bad_request("alt=" + *alt + " is not offered by this API; the only representation is alt=json");
  (void)c.params.boolean("prettyPrint");  // only its validity matters here
  return FieldSelection<Model>::read(c.params);
}

}  // namespace webapi::fakes::userinfo
