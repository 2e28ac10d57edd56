#pragma once
// Jobs: read by id or by external id, given a vendor and dates, and moved between statuses by the
// module's transition table (accepting a job from OPEN needs its vendor and dates first).
//
// A job is given its vendor by one of the vendor's price profiles (Fake::add_vendor_price_profile): the
// job then has both, answered apart as vendorId (the provider) and vendorPriceProfileId (the profile).

#include <cstdint>
#include <optional>
#include <string>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/project_management/call.hpp>
#include <webapi/fakes/project_management/status_rules.hpp>

namespace webapi::fakes::project_management {

inline pm::JobDto job_model(const Job& j) {
  pm::JobDto m;
  m.id = j.id;
  m.id_number = j.id;
  m.name = j.name;
  m.status = j.status;
  m.vendor_id = j.vendor_id;
  m.vendor_price_profile_id = j.vendor_price_profile_id;
  return m;
}

inline Job& job_in_path(Call& c) { return existing(c.state.jobs, path_text(c, "jobId"), "job"); }

/// Gives the job in the path the vendor whose price profile is `profile`; 400 naming vendorPriceProfileId
/// when it is missing or no provider has it.
inline Response assign_price_profile(Call& c, const webapi::Optional<std::int64_t>& profile) {
  Job& j = job_in_path(c);
  if (!profile) invalid("vendorPriceProfileId", "'vendorPriceProfileId' is required");
  auto found = c.state.vendor_price_profiles.find(*profile);
  if (found == c.state.vendor_price_profiles.end() || !c.state.providers.contains(found->second))
    invalid("vendorPriceProfileId", "no vendor has the price profile " + std::to_string(*profile));
  j.vendor_id = found->second;
  j.vendor_price_profile_id = *profile;
  return no_content();
}

namespace handlers {

/// GET /jobs/{jobId}
inline Response get_job(Call& c) { return model_response(job_model(job_in_path(c))); }

/// GET /v2/jobs/for-external-id?externalId=...&externalProjectId=...: the job with that external id
/// (and, when given, that external project id).
inline Response get_job_by_external_id(Call& c) {
  const Params q = Params::from(c.request);
  auto external = q.non_empty("externalId");
  if (!external) invalid("externalId", "'externalId' is required");
  auto project = q.non_empty("externalProjectId");
  for (const auto& [id, j] : c.state.jobs)
    if (j.external_id == external && (!project || j.external_project_id == project)) return model_response(job_model(j));
  not_found("no job has the external id '" + *external + "'");
}

/// PUT /jobs/{jobId}/vendor
inline Response assign_vendor(Call& c, const pm::AssignVendorDTO& body) {
  return assign_price_profile(c, body.vendor_price_profile_id);
}

/// PUT /v2/jobs/{jobId}/vendor
inline Response assign_vendor_v2(Call& c, const pm::VendorPriceProfileDTO& body) {
  return assign_price_profile(c, body.vendor_price_profile_id);
}

/// PUT /jobs/{jobId}/dates: a job's dates are set once it has a start date and a deadline.
inline Response change_job_dates(Call& c, const pm::JobDatesDto& body) {
  Job& j = job_in_path(c);
  if (body.start_date && body.deadline && *body.deadline < *body.start_date)
    invalid("deadline", "'deadline' is before 'startDate'");
  j.dates_set = body.start_date.has_value() && body.deadline.has_value();
  return no_content();
}

/// PUT /jobs/{jobId}/status and PUT /v2/jobs/{jobId}/status
inline Response change_job_status(Call& c, const pm::JobStatusDTO& body) {
  Job& j = job_in_path(c);
  j.status = checked_status_move(pm::StatusSubject::job, "job " + j.id, j.status, body.status,
                                 j.vendor_id.has_value() && j.dates_set);
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
