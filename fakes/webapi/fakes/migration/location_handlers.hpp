#pragma once
// Locations: the fixed list of locations.hpp, the same for every project, listed (with filter and paging)
// and read by name.

#include <string>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/locations.hpp>
#include <webapi/fakes/migration/paging.hpp>

namespace webapi::fakes::migration {

inline mig::Location location_model(const std::string& project, const OfferedLocation& l) {
  mig::Location m;
  m.name = "projects/" + project + "/locations/" + std::string(l.id);
  m.location_id = std::string(l.id);
  m.display_name = std::string(l.display_name);
  return m;
}

namespace handlers {

/// GET /v1alpha1/{name=projects/*}/locations
inline Response list_locations(Call& c) {
  std::vector<mig::Location> all;
  for (const auto& l : offered) all.push_back(location_model(c.id("projects"), l));
  std::vector<const mig::Location*> rows;
  for (const auto& l : all) rows.push_back(&l);
  auto page = page_of(c, std::move(rows));
  mig::ListLocationsResponse r;
  r.locations = copies(page);
  r.next_page_token = page.next_page_token;
  return model_response(r);
}

/// GET /v1alpha1/{name=projects/*/locations/*}: an unknown location was refused before (call.hpp).
inline Response get_location(Call& c) {
  return model_response(location_model(c.id("projects"), *find_location(c.id("locations"))));
}

}  // namespace handlers
}  // namespace webapi::fakes::migration
