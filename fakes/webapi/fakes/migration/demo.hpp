#pragma once
// seed_demo(fake): a small data set to try the migration-assessment API on, e.g. behind
// `webapi-fake-server --seed demo`.
//
// What it adds, in project demo-project, location us-central1, through the API itself:
//   source        sources/vmware-export ("VMware export")
//   assets        three machines reported by that source: web-1 (4 cores, 8192 MB), web-2 (4 cores,
//                 8192 MB), db-1 (16 cores, 65536 MB)
//   group         groups/web-tier ("Web tier") holding web-1 and web-2
//   preference    preferenceSets/default
// and returns the credentials and names as NAME=VALUE pairs, in that order: ACCESS_TOKEN, PROJECT, LOCATION.

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#include <webapi/fakes/migration/fake.hpp>
#include <webapi/migration/client.hpp>
#include <webapi/migration/names.hpp>

namespace webapi::fakes::migration {

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  const std::string token = fake.add_token();
  mig::Client<Fake> client{fake, {.access_token = token}};
  const mig::LocationName here{"demo-project", "us-central1"};
  auto check = [](const auto& r, const char* what) {
    if (!r) throw std::runtime_error(std::string("migration demo seed: ") + what + ": " + r.error().message);
  };
  mig::Source source;
  source.display_name = "VMware export";
  check(client.sources_create(here.str(), {.source_id = "vmware-export", .body = source}), "source");
  const mig::SourceName source_name(here, "vmware-export");

  auto frame = [](std::string name, std::int32_t cores, std::int32_t memory_mb) {
    mig::AssetFrame f;
    f.virtual_machine_details.emplace();
    f.virtual_machine_details->vm_name = std::move(name);
    f.virtual_machine_details->core_count = cores;
    f.virtual_machine_details->memory_mb = memory_mb;
    return f;
  };
  mig::Frames frames;
  frames.frames_data = {frame("web-1", 4, 8192), frame("web-2", 4, 8192), frame("db-1", 16, 65536)};
  check(client.assets_report_asset_frames(here.str(), {.source = source_name.str(), .body = frames}), "assets");

  mig::Group group;
  group.display_name = "Web tier";
  check(client.groups_create(here.str(), {.group_id = "web-tier", .body = group}), "group");
  auto assets = client.assets_list(here.str(), {.filter = "virtualMachineDetails.vmName:web-*"});
  check(assets, "asset listing");
  mig::AssetList members;
  members.asset_ids.emplace();
  for (const auto& a : assets->assets.value_or(std::vector<mig::Asset>{}))
    if (a.virtual_machine_details && a.virtual_machine_details->vm_name &&
        a.virtual_machine_details->vm_name->starts_with("web-"))
      members.asset_ids->push_back(a.name.value_or(""));
  check(client.groups_add_assets(
            mig::GroupName(here, "web-tier").str(),
            {.body = mig::AddAssetsToGroupRequest{.allow_existing = {}, .assets = members, .request_id = {}}}),
        "group members");

  mig::PreferenceSet preferences;
  preferences.display_name = "Default";
  check(client.preference_sets_create(here.str(), {.preference_set_id = "default", .body = preferences}),
        "preference set");
  return {{"ACCESS_TOKEN", token}, {"PROJECT", here.project}, {"LOCATION", here.location}};
}

}  // namespace webapi::fakes::migration
