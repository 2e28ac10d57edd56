#pragma once
// webapi::fakes::project_management::CompiledFake: the project-management fake (fake.hpp) compiled once into
// the library webapi::fakes_project_management_compiled, for test files that should build in seconds. It
// answers, seeds and inspects as Fake does; the members below are Fake's, documented there. Its records
// (state.hpp) hold the module's models, so this header includes <webapi/project_management/models.hpp>.
//
//   webapi::fakes::project_management::CompiledFake fake;
//   auto demo = fake.seed_demo();      // ACCESS_TOKEN, ..., SMART_PROJECT_ID, SMART_QUOTE_ID, JOB_ID, CLIENT_ID
//   webapi::project_management::AnyClient client{fake, {.access_token = fake.add_api_key({.locale = "de"})}};

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include <webapi/fakes/core/compiled.hpp>
#include <webapi/fakes/project_management/seeding.hpp>
#include <webapi/fakes/project_management/state.hpp>
#include <webapi/project_management/models.hpp>

namespace webapi::fakes::project_management {

class Fake;

/// The project-management fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  CompiledFake() = default;

  std::vector<std::string> modeled_operations() const;

  // ---- seeding ----------------------------------------------------------------------------------------
  std::string add_api_key(ApiKeyGrant g);
  std::string add_project(Project p);
  std::string add_quote(Project q);
  std::string add_job(Job j);
  void add_dictionary_value(std::string_view type, DictionaryValue v);
  std::int64_t add_client(webapi::project_management::CustomerDTO c);
  std::int64_t add_provider(webapi::project_management::ProviderDTO p);
  std::int64_t add_vendor_price_profile(std::int64_t provider_id);
  std::int64_t add_project_group(std::string name);
  void set_hooks_supported(bool supported);

  // ---- notifications ----------------------------------------------------------------------------------
  void set_deliverer(Deliverer d);
  std::vector<Notification> notify(std::string_view event, boost::json::value payload = {});

  // ---- inspection -------------------------------------------------------------------------------------
  std::optional<Project> project(std::string_view id) const;
  std::optional<Project> quote(std::string_view id) const;
  std::optional<Job> job(std::string_view id) const;
};

}  // namespace webapi::fakes::project_management

extern template class webapi::fakes::Compiled<webapi::fakes::project_management::Fake>;
