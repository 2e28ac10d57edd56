#pragma once
// Every refusal in the shape the module's error reader takes (webapi/project_management/errors.hpp): the
// service's members at the top level of the body,
//
//   {"errorCode":"NOT_FOUND","errorMessage":"job 7 not found"}
//   {"errorCode":"BAD_REQUEST","errorMessage":"'deadline' is before 'startDate'","detailedMessage":"in: deadline"}
//
// so a typed client's error().service carries the message, and the category its status gives. The code is
// the name of the HTTP status (the service is a Java web application and names its codes that way); the
// further facts a rule gives (the member at fault, the operation) are the detailedMessage.

#include <string>
#include <string_view>

#include <boost/json.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::project_management {

/// The fake's error answer (its Dispatcher's error format): `extra`, when a rule gives any, becomes the
/// detailedMessage as "name: value" pairs.
inline Response pm_error_response(int status, std::string_view message, const boost::json::object& extra) {
  boost::json::object body{{"errorCode", status_code_name(status)}, {"errorMessage", message}};
  std::string details;
  for (const auto& kv : extra) {
    if (!details.empty()) details += "; ";
    details += std::string(kv.key()) + ": ";
    details += kv.value().is_string() ? std::string(kv.value().get_string()) : boost::json::serialize(kv.value());
  }
  if (!details.empty()) body["detailedMessage"] = details;
  return json_response(status, body);
}

}  // namespace webapi::fakes::project_management
