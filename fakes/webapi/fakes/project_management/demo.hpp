#pragma once
// seed_demo(fake): a small data set to try the project-management API on, e.g. behind
// `webapi-fake-server --api project_management --seed demo`.
//
// What it adds, besides the standard dictionaries every fresh fake has:
//   keys       ACCESS_TOKEN for an English-speaking manager, ACCESS_TOKEN_DE for a German-speaking one
//   projects   CLASSIC_PROJECT_ID "Website (Classic)", OPENED;
//              SMART_PROJECT_ID "User manual", OPEN, external id "crm-1001"
//   quote      SMART_QUOTE_ID "Catalogue", REQUESTED, external id "crm-2001"
//   job        JOB_ID of the Smart project, OPEN, external id "job-1"
//   client     CLIENT_ID "Acme Translations Ltd"
// and returns those names as NAME=VALUE pairs, in that order.

#include <string>
#include <utility>
#include <vector>

#include <webapi/fakes/project_management/fake.hpp>

namespace webapi::fakes::project_management {

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  const std::string key = fake.add_api_key({.name = "Demo manager", .locale = "en"});
  const std::string key_de = fake.add_api_key({.name = "Demo-Managerin", .locale = "de"});
  const std::string classic = fake.add_project({.name = "Website (Classic)", .status = "OPENED"});
  const std::string smart =
      fake.add_project({.smart = true, .name = "User manual", .status = "OPEN", .external_id = "crm-1001"});
  const std::string quote =
      fake.add_quote({.smart = true, .name = "Catalogue", .status = "REQUESTED", .external_id = "crm-2001"});
  const std::string job = fake.add_job({.project_id = smart, .name = "Translation EN-DE", .external_id = "job-1"});
  const auto client = fake.add_client({.name = "Acme Translations Ltd"});
  return {{"ACCESS_TOKEN", key},       {"ACCESS_TOKEN_DE", key_de}, {"CLASSIC_PROJECT_ID", classic},
          {"SMART_PROJECT_ID", smart}, {"SMART_QUOTE_ID", quote},  {"JOB_ID", job},
          {"CLIENT_ID", std::to_string(client)}};
}

}  // namespace webapi::fakes::project_management
