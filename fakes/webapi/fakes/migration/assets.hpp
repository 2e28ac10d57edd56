#pragma once
// How assets come to be: from frames a source reports (assets_report_asset_frames) and from the rows of an
// import job's files (import.hpp). Either way an asset is one machine, identified within its location by
// its VM UUID when the frame has one, otherwise by its VM name: a frame for a machine already known updates
// that asset (its details replaced, attributes and labels merged, the source added) instead of adding one.

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/migration/state.hpp>

namespace webapi::fakes::migration {

/// Adds the entries of `from` to `to`, replacing those of the same key.
inline void merge_into(webapi::Optional<std::map<std::string, std::string>>& to,
                       const webapi::Optional<std::map<std::string, std::string>>& from) {
  if (!from) return;
  auto& map = to ? *to : to.emplace();
  for (const auto& [k, v] : *from) map[k] = v;
}

/// Whether `a` is the machine `vm` describes.
inline bool same_machine(const mig::Asset& a, const mig::VirtualMachineDetails& vm) {
  if (!a.virtual_machine_details) return false;
  const auto& known = *a.virtual_machine_details;
  if (vm.vm_uuid && known.vm_uuid) return *vm.vm_uuid == *known.vm_uuid;
  return vm.vm_name && known.vm_name && *vm.vm_name == *known.vm_name;
}

/// The machine a frame names: its virtualMachineDetails (the description's shape) or, from the service's
/// current clients, its machineDetails (specs/overlays/migration.json); nullopt when it names none.
inline std::optional<mig::VirtualMachineDetails> frame_machine(const mig::AssetFrame& frame) {
  if (const auto& vm = frame.virtual_machine_details; vm && (vm->vm_name || vm->vm_uuid)) return *vm;
  const auto& md = frame.machine_details;
  if (!md || (!md->machine_name && !md->uuid)) return std::nullopt;
  mig::VirtualMachineDetails vm;
  vm.vm_name = md->machine_name;
  vm.vm_uuid = md->uuid;
  vm.core_count = md->core_count;
  vm.memory_mb = md->memory_mb;
  vm.power_state = md->power_state;
  vm.create_time = md->create_time;
  return vm;
}

/// Records `frame` from `source` under `location` (projects/{p}/locations/{l}); returns the asset's name.
inline std::string ingest_frame(State& s, const std::string& location, const mig::AssetFrame& frame,
                                const std::string& source, ManualClock::time_point now) {
  const mig::VirtualMachineDetails vm = frame_machine(frame).value_or(mig::VirtualMachineDetails{});
  mig::Asset* asset = nullptr;
  const std::string prefix = location + "/assets/";
  for (const mig::Asset* a : s.assets.ordered())
    if (a->name && a->name->starts_with(prefix) && same_machine(*a, vm)) asset = s.assets.find(*a->name);
  if (!asset) {
    mig::Asset fresh;
    fresh.name = prefix + "asset-" + std::to_string(++s.assets_created);
    fresh.create_time = timestamp_string(now);
    std::string name = *fresh.name;
    asset = &s.assets.put(std::move(name), std::move(fresh));
  }
  asset->virtual_machine_details = vm;
  if (frame.machine_details) asset->machine_details = frame.machine_details;
  merge_into(asset->attributes, frame.attributes);
  merge_into(asset->labels, frame.labels);
  if (!source.empty()) {
    auto& sources = asset->sources ? *asset->sources : asset->sources.emplace();
    if (std::find(sources.begin(), sources.end(), source) == sources.end()) sources.push_back(source);
  }
  asset->update_time = timestamp_string(now);
  return *asset->name;
}

}  // namespace webapi::fakes::migration
