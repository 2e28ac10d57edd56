#pragma once
// Assets: listed (filter, orderBy, paging), read, updated and deleted in batches, reported as frames by a
// source, and aggregated.
//
// A batch is all or nothing: every entry is checked (the asset under the path's location, and existing
// unless allowMissing) before any is applied, and the first at fault is named ("requests[1].asset.name").
// Batch updates take labels and attributes under each entry's update mask. Deleting an asset also takes it
// out of its groups (membership lives on the asset). reportAssetFrames needs its `source` parameter to
// name a source of the location; each frame becomes or updates an asset (assets.hpp).
//
// aggregateValues reads the assets its filter keeps, and for each aggregation over `field` (a wire path
// such as "virtualMachineDetails.coreCount"): count, the number of assets having the field; sum, the sum
// of its numeric values; frequency, how many assets have each value. Histograms are not modelled (501).

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/migration/assets.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/filter.hpp>
#include <webapi/fakes/migration/paging.hpp>
#include <webapi/fakes/migration/update_mask.hpp>

namespace webapi::fakes::migration {

inline const std::vector<Patchable<mig::Asset>>& asset_patchable() {
  static const std::vector<Patchable<mig::Asset>> members{
      {"labels", [](mig::Asset& r, const mig::Asset& p) { r.labels = p.labels; }},
      {"attributes", [](mig::Asset& r, const mig::Asset& p) { r.attributes = p.attributes; }},
  };
  return members;
}

/// The asset `name` given in request member `field`: under the call's location, and existing (404).
inline mig::Asset* asset_named(Call& c, const std::string& name, const std::string& field, bool allow_missing = false) {
  if (!name.starts_with(c.location_name() + "/assets/"))
    invalid(field, "'" + field + "' must name an asset of " + c.location_name() + ", got '" + name + "'");
  mig::Asset* a = c.state.assets.find(name);
  if (!a && !allow_missing) throw Failure(404, "asset '" + name + "' was not found", {{"field", field}});
  return a;
}

namespace handlers {

/// GET /v1alpha1/{parent=projects/*/locations/*}/assets
inline Response list_assets(Call& c) {
  return list_answer(c, children(c.state.assets, c.location_name(), "assets"), &mig::ListAssetsResponse::assets);
}

/// GET /v1alpha1/{name=projects/*/locations/*/assets/*}
inline Response get_asset(Call& c) { return model_response(existing(c.state.assets, c.child_name("assets"), "asset")); }

/// POST /v1alpha1/{parent=projects/*/locations/*}/assets:batchUpdate
inline Response batch_update_assets(Call& c, const mig::BatchUpdateAssetsRequest& body) {
  const auto& requests = body.requests.value_or(std::vector<mig::UpdateAssetRequest>{});
  if (requests.empty()) invalid("requests", "'requests' must list at least one update");
  std::vector<mig::Asset> updated;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const std::string at = "requests[" + std::to_string(i) + "]";
    if (!requests[i].asset || !requests[i].asset->name)
      invalid(at + ".asset.name", "'" + at + ".asset.name' is required");
    mig::Asset copy = *asset_named(c, *requests[i].asset->name, at + ".asset.name");
    apply_patch(copy, *requests[i].asset, requests[i].update_mask.value_or(""), asset_patchable(), at + ".updateMask");
    copy.update_time = timestamp_string(c.now);
    updated.push_back(std::move(copy));
  }
  for (const auto& a : updated) *c.state.assets.find(*a.name) = a;
  mig::BatchUpdateAssetsResponse r;
  r.assets = std::move(updated);
  return model_response(r);
}

/// POST /v1alpha1/{parent=projects/*/locations/*}/assets:batchDelete
inline Response batch_delete_assets(Call& c, const mig::BatchDeleteAssetsRequest& body) {
  const auto& names = body.names.value_or(std::vector<std::string>{});
  if (names.empty()) invalid("names", "'names' must list at least one asset");
  for (std::size_t i = 0; i < names.size(); ++i)
    asset_named(c, names[i], "names[" + std::to_string(i) + "]", body.allow_missing.value_or(false));
  for (const auto& n : names) c.state.assets.erase(n);
  return json_response(boost::json::object{});
}

/// POST /v1alpha1/{parent=projects/*/locations/*}/assets:reportAssetFrames?source=
inline Response report_asset_frames(Call& c, const mig::Frames& body) {
  auto source = c.params.non_empty("source");
  if (!source) invalid("source", "parameter 'source' is required: the source reporting the frames");
  if (!source->starts_with(c.location_name() + "/sources/"))
    invalid("source", "parameter 'source' must name a source of " + c.location_name() + ", got '" + *source + "'");
  existing(c.state.sources, *source, "source");
  const auto& frames = body.frames_data.value_or(std::vector<mig::AssetFrame>{});
  for (std::size_t i = 0; i < frames.size(); ++i)
    if (!frame_machine(frames[i]))
      invalid("framesData[" + std::to_string(i) + "].virtualMachineDetails",
              "frame " + std::to_string(i) +
                  " names no machine: it needs virtualMachineDetails.vmUuid or .vmName, or machineDetails.uuid or "
                  ".machineName");
  for (const auto& f : frames) ingest_frame(c.state, c.location_name(), f, *source, c.now);
  return json_response(boost::json::object{});
}

/// POST /v1alpha1/{parent=projects/*/locations/*}/assets:aggregateValues
inline Response aggregate_asset_values(Call& c, const mig::AggregateAssetsValuesRequest& body) {
  Filter filter(body.filter.value_or(""));
  std::vector<boost::json::value> kept;
  for (const mig::Asset* a : children(c.state.assets, c.location_name(), "assets"))
    if (auto j = json_of(*a); filter.keeps(j)) kept.push_back(std::move(j));
  mig::AggregateAssetsValuesResponse r;
  r.results.emplace();
  const auto& aggregations = body.aggregations.value_or(std::vector<mig::Aggregation>{});
  for (std::size_t i = 0; i < aggregations.size(); ++i) {
    const auto& agg = aggregations[i];
    const std::string at = "aggregations[" + std::to_string(i) + "]";
    if (!agg.field || agg.field->empty()) invalid(at + ".field", "'" + at + ".field' is required");
    if (agg.histogram) unimplemented("'" + at + ".histogram': histogram aggregations are not modelled by this fake");
    mig::AggregationResult result;
    result.field = agg.field;
    std::int64_t count = 0;
    double sum = 0;
    std::map<std::string, std::int64_t> frequency;
    for (const auto& asset : kept) {
      const boost::json::value* v = member_at(asset, *agg.field);
      if (!v || v->is_null()) continue;
      ++count;
      if (auto n = detail::number_of(*v)) sum += *n;
      ++frequency[detail::text_of(*v)];
    }
    if (agg.count) result.count = mig::AggregationResultCount{count};
    if (agg.sum) result.sum = mig::AggregationResultSum{sum};
    if (agg.frequency) {
      result.frequency.emplace().values.emplace();
      for (const auto& [value, n] : frequency) (*result.frequency->values)[value] = n;
    }
    if (!agg.count && !agg.sum && !agg.frequency)
      invalid(at, "'" + at + "' must ask for one of count, sum or frequency");
    r.results->push_back(std::move(result));
  }
  return model_response(r);
}

}  // namespace handlers
}  // namespace webapi::fakes::migration
