#pragma once
// Import jobs and their data files: validate, then run.
//
// A job is created with an importJobId and the assetSource (a source of the same location) its assets
// will name; it may carry files inline (inlinePayload), and takes data files created under it
// (importDataFiles, format IMPORT_JOB_FORMAT_MANUAL_CSV, see csv_import.hpp). A data file's
// uploadFileInfo gives a URI on the fake, `PUT <base>/upload/v1alpha1/<data file name>`, whose body
// becomes the file's content (Fake::upload_data_file does the same from a test).
//
//   PENDING --validate--> READY or FAILED_VALIDATION --run (READY only)--> COMPLETED
//
// validate reads every file and records what it found in validationReport. run is refused with 400
// FAILED_PRECONDITION unless the job is READY: before validation, after a failed one, or a second time;
// a new data file takes a job back to PENDING. A successful run makes an asset of every row (assets.hpp),
// naming the job's source, and records executionReport. Create, validate and run answer long-running
// operations; the work is done at once.

#include <string>
#include <utility>
#include <vector>
#include <webapi/core/wire_enum.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/migration/assets.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/csv_import.hpp>
#include <webapi/fakes/migration/long_running.hpp>
#include <webapi/fakes/migration/paging.hpp>

namespace webapi::fakes::migration {

using JobState = mig::ImportJobState;

inline bool job_in(const mig::ImportJob& j, JobState s) { return j.state && *j.state == s; }

inline std::string job_state_name(const mig::ImportJob& j) {
  return j.state ? std::string(j.state->wire()) : std::string("IMPORT_JOB_STATE_UNSPECIFIED");
}

/// Every file of `job`: its data files, then its inline payload.
inline std::vector<ReadFile> read_job_files(const State& s, const mig::ImportJob& job) {
  std::vector<ReadFile> out;
  for (const DataFile* f : children(s.data_files, *job.name, "importDataFiles"))
    out.push_back(read_import_file(*f->model.name, f->model.format ? f->model.format->wire() : "", f->content));
  if (job.inline_payload) {
    std::string format = job.inline_payload->format ? std::string(job.inline_payload->format->wire()) : "";
    for (const auto& p : job.inline_payload->payload.value_or(std::vector<mig::PayloadFile>{}))
      // `data` is `format: byte`: base64 on the wire, already decoded to the file's bytes by the codec.
      out.push_back(read_import_file(p.name.value_or("inline"), format, p.data));
  }
  return out;
}

/// The job the path names.
inline mig::ImportJob& job_in_path(Call& c) {
  return existing(c.state.import_jobs, c.child_name("importJobs"), "import job");
}

namespace handlers {

/// POST /v1alpha1/{parent=projects/*/locations/*}/importJobs?importJobId=
inline Response create_import_job(Call& c, const mig::ImportJob& body) {
  std::string name = fresh_name(c, c.state.import_jobs, c.location_name(), "importJobs", "importJobId");
  if (!body.asset_source || body.asset_source->empty())
    invalid("assetSource", "'assetSource' is required: the source the imported assets will name");
  if (!body.asset_source->starts_with(c.location_name() + "/sources/"))
    invalid("assetSource",
            "'assetSource' must name a source of " + c.location_name() + ", got '" + *body.asset_source + "'");
  existing(c.state.sources, *body.asset_source, "source");
  mig::ImportJob j;
  j.asset_source = body.asset_source;
  j.display_name = body.display_name;
  j.labels = body.labels;
  j.inline_payload = body.inline_payload;
  j.state = JobState::IMPORT_JOB_STATE_PENDING;
  return store_created(c, c.state.import_jobs, name, std::move(j), "ImportJob");
}

/// GET /v1alpha1/{name=projects/*/locations/*/importJobs/*}
inline Response get_import_job(Call& c) { return model_response(job_in_path(c)); }

/// GET /v1alpha1/{parent=projects/*/locations/*}/importJobs
inline Response list_import_jobs(Call& c) {
  return list_answer(c, children(c.state.import_jobs, c.location_name(), "importJobs"),
                     &mig::ListImportJobsResponse::import_jobs);
}

/// POST /v1alpha1/{name=projects/*/locations/*/importJobs/*}:validate
inline Response validate_import_job(Call& c) {
  mig::ImportJob& j = job_in_path(c);
  if (job_in(j, JobState::IMPORT_JOB_STATE_COMPLETED))
    failed_precondition("import job '" + *j.name + "' has already run; it cannot be validated again");
  mig::ValidationReport report;
  report.file_validations.emplace();
  bool errors = false;
  const auto files = read_job_files(c.state, j);
  if (files.empty()) {
    detail::append(report.job_errors,
                   detail::import_error("the job has no files: add a data file or an inline payload"));
    errors = true;
  }
  for (const ReadFile& f : files) {
    errors = errors || f.has_errors();
    report.file_validations->push_back(f.report);
  }
  j.validation_report = std::move(report);
  j.state = errors ? JobState::IMPORT_JOB_STATE_FAILED_VALIDATION : JobState::IMPORT_JOB_STATE_READY;
  j.update_time = timestamp_string(c.now);
  return empty_operation(c, "validate", *j.name);
}

/// POST /v1alpha1/{name=projects/*/locations/*/importJobs/*}:run
inline Response run_import_job(Call& c) {
  mig::ImportJob& j = job_in_path(c);
  if (job_in(j, JobState::IMPORT_JOB_STATE_PENDING))
    failed_precondition("import job '" + *j.name + "' has not been validated: validate it before running it");
  if (job_in(j, JobState::IMPORT_JOB_STATE_FAILED_VALIDATION))
    failed_precondition("import job '" + *j.name + "' failed validation (see its validationReport); it cannot run");
  if (!job_in(j, JobState::IMPORT_JOB_STATE_READY))
    failed_precondition("import job '" + *j.name + "' is " + job_state_name(j) + "; only a READY job can run");
  std::int32_t frames = 0, rows = 0;
  for (const ReadFile& f : read_job_files(c.state, j)) {
    rows += static_cast<std::int32_t>(f.frames.size());
    for (const auto& frame : f.frames) {
      ingest_frame(c.state, c.location_name(), frame, *j.asset_source, c.now);
      ++frames;
    }
  }
  mig::ExecutionReport report;
  report.frames_reported = frames;
  report.total_rows_count = rows;
  j.execution_report = std::move(report);
  j.state = JobState::IMPORT_JOB_STATE_COMPLETED;
  j.complete_time = j.update_time = timestamp_string(c.now);
  return empty_operation(c, "run", *j.name);
}

/// POST /v1alpha1/{parent=projects/*/locations/*/importJobs/*}/importDataFiles?importDataFileId=
inline Response create_data_file(Call& c, const mig::ImportDataFile& body) {
  mig::ImportJob& j = job_in_path(c);
  std::string name = fresh_name(c, c.state.data_files, *j.name, "importDataFiles", "importDataFileId");
  if (!body.format || !body.format->is_known() ||
      *body.format == mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_UNSPECIFIED)
    invalid("format", "'format' is required: one of the IMPORT_JOB_FORMAT_* values");
  if (job_in(j, JobState::IMPORT_JOB_STATE_COMPLETED))
    failed_precondition("import job '" + *j.name + "' has already run; it takes no more files");
  DataFile f;
  f.model.name = name;
  f.model.display_name = body.display_name;
  f.model.format = body.format;
  f.model.state = mig::ImportDataFileState::ACTIVE;
  f.model.create_time = timestamp_string(c.now);
  mig::UploadFileInfo upload;
  upload.signed_uri = c.request.base_url + "/upload/v1alpha1/" + name;
  upload.headers = std::map<std::string, std::string>{{"Content-Type", "text/csv"}};
  upload.uri_expiration_time = timestamp_string(c.now + std::chrono::hours(1));
  f.model.upload_file_info = std::move(upload);
  j.state = JobState::IMPORT_JOB_STATE_PENDING;  // what was validated no longer covers every file
  j.update_time = timestamp_string(c.now);
  const DataFile& stored = c.state.data_files.put(name, std::move(f));
  return operation_for(c, "create", name, stored.model, "ImportDataFile");
}

/// GET /v1alpha1/{name=projects/*/locations/*/importJobs/*/importDataFiles/*}
inline Response get_data_file(Call& c) {
  return model_response(existing(c.state.data_files,
                                 c.child_name("importJobs") + "/importDataFiles/" + c.id("importDataFiles"),
                                 "import data file")
                            .model);
}

/// GET /v1alpha1/{parent=projects/*/locations/*/importJobs/*}/importDataFiles
inline Response list_data_files(Call& c) {
  job_in_path(c);
  auto page = page_of(c, children(c.state.data_files, c.child_name("importJobs"), "importDataFiles"),
                      [](const DataFile& f) { return json_of(f.model); });
  mig::ListImportDataFilesResponse r;
  r.import_data_files.emplace();
  for (const DataFile* f : page.items) r.import_data_files->push_back(f->model);
  r.next_page_token = page.next_page_token;
  return model_response(r);
}

/// PUT /upload/v1alpha1/{+name}: the upload URI a data file's uploadFileInfo gives.
inline Response upload_data_file(Call& c) {
  const std::string name(c.captures.get("name").value_or(""));
  DataFile& f = existing(c.state.data_files, name, "import data file");
  f.content = c.request.body;
  const std::string job = name.substr(0, name.find("/importDataFiles/"));
  if (mig::ImportJob* j = c.state.import_jobs.find(job); j && !job_in(*j, JobState::IMPORT_JOB_STATE_COMPLETED))
    j->state = JobState::IMPORT_JOB_STATE_PENDING;
  return json_response(boost::json::object{});
}

}  // namespace handlers
}  // namespace webapi::fakes::migration
