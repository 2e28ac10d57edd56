// Import jobs with data files: validate, then run; running too early or an invalid job fails; a good run
// makes the assets of its files.
#include <webapi/core/base64.hpp>

#include "fixture.hpp"

using namespace test;

namespace {
constexpr const char* good_csv =
    "MachineName,MachineId,CoreCount,MemoryMB,OsName,Owner\n"
    "web-1,uuid-1,4,8192,Debian,team-a\n"
    "db-1,uuid-2,16,65536,\"Windows Server, 2019\",team-b\n";

struct ImportFixture : MigrationFixture {
  std::string source = make_source("upload");

  /// An import job for the fixture's source, made through the client; returns its name.
  std::string make_job(const std::string& id = "job1") {
    mig::ImportJob job;
    job.asset_source = source;
    auto r = client.import_jobs_create_and_wait(parent(), {.import_job_id = id, .body = job}, fake.poll_policy());
    REQUIRE_OK(r);
    return *r->name;
  }
  /// A manual-CSV data file of `job` holding `csv`; returns its name.
  std::string add_file(const std::string& job, const std::string& id, const std::string& csv) {
    mig::ImportDataFile f;
    f.format = mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV;
    auto r = client.import_jobs_import_data_files_create_and_wait(job, {.import_data_file_id = id, .body = f},
                                                                  fake.poll_policy());
    REQUIRE_OK(r);
    fake.upload_data_file(*r->name, csv);
    return *r->name;
  }
  mig::ImportJob job(const std::string& name) {
    auto r = client.import_jobs_get(name);
    REQUIRE_OK(r);
    return *r;
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(import_jobs, ImportFixture)

BOOST_AUTO_TEST_CASE(validate_then_run_creates_the_assets_of_the_files) {
  std::string j = make_job();
  add_file(j, "vms", good_csv);
  BOOST_TEST((job(j).state.value() == mig::ImportJobState::IMPORT_JOB_STATE_PENDING));
  REQUIRE_OK(client.import_jobs_validate_and_wait(j, {}, fake.poll_policy()));
  BOOST_TEST((job(j).state.value() == mig::ImportJobState::IMPORT_JOB_STATE_READY));
  REQUIRE_OK(client.import_jobs_run_and_wait(j, {}, fake.poll_policy()));
  auto done = job(j);
  BOOST_TEST((done.state.value() == mig::ImportJobState::IMPORT_JOB_STATE_COMPLETED));
  BOOST_TEST(done.execution_report->frames_reported.value() == 2);

  auto db = asset_named("db-1");
  BOOST_TEST(db.virtual_machine_details->vm_uuid.value() == "uuid-2");
  BOOST_TEST(db.virtual_machine_details->core_count.value() == 16);
  BOOST_TEST(db.virtual_machine_details->os_name.value() == "Windows Server, 2019");
  BOOST_TEST(db.attributes->at("Owner") == "team-b");
  BOOST_TEST(db.sources->front() == source);
}

BOOST_AUTO_TEST_CASE(running_before_validating_fails) {
  std::string j = make_job();
  add_file(j, "vms", good_csv);
  auto r = client.import_jobs_run(j);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 400);
  BOOST_TEST(r.error().service->status == "FAILED_PRECONDITION");
  BOOST_TEST(client.assets_list(parent())->assets->empty());
}

BOOST_AUTO_TEST_CASE(an_invalid_job_fails_validation_and_cannot_run) {
  std::string j = make_job();
  add_file(j, "vms", "MachineName,CoreCount\nweb-1,four\n");
  add_file(j, "other", "Name\nx\n");
  REQUIRE_OK(client.import_jobs_validate_and_wait(j, {}, fake.poll_policy()));
  auto invalid = job(j);
  BOOST_TEST((invalid.state.value() == mig::ImportJobState::IMPORT_JOB_STATE_FAILED_VALIDATION));
  const auto& files = *invalid.validation_report->file_validations;
  BOOST_REQUIRE_EQUAL(files.size(), 2u);
  BOOST_TEST(files[0].row_errors->front().row_number.value() == 2);
  BOOST_TEST(files[1].file_errors->front().error_details->find("MachineName") != std::string::npos);
  auto r = client.import_jobs_run(j);
  BOOST_TEST(r.error().service->status == "FAILED_PRECONDITION");
  BOOST_TEST(client.assets_list(parent())->assets->empty());
}

BOOST_AUTO_TEST_CASE(a_job_without_files_fails_validation) {
  std::string j = make_job();
  REQUIRE_OK(client.import_jobs_validate_and_wait(j, {}, fake.poll_policy()));
  BOOST_TEST(job(j).validation_report->job_errors->size() == 1u);
  BOOST_TEST((job(j).state.value() == mig::ImportJobState::IMPORT_JOB_STATE_FAILED_VALIDATION));
}

BOOST_AUTO_TEST_CASE(a_job_runs_once_and_a_new_file_needs_validation_again) {
  std::string j = make_job();
  add_file(j, "vms", good_csv);
  REQUIRE_OK(client.import_jobs_validate(j));
  add_file(j, "more", good_csv);
  BOOST_TEST((job(j).state.value() == mig::ImportJobState::IMPORT_JOB_STATE_PENDING));
  REQUIRE_OK(client.import_jobs_validate(j));
  REQUIRE_OK(client.import_jobs_run(j));
  BOOST_TEST(client.assets_list(parent())->assets->size() == 2u);  // the same machines twice: two assets
  BOOST_TEST(client.import_jobs_run(j).error().service->status == "FAILED_PRECONDITION");
}

BOOST_AUTO_TEST_CASE(inline_payloads_are_imported_too) {
  mig::ImportJob job_model;
  job_model.asset_source = source;
  job_model.inline_payload = mig::InlinePayloadInfo{mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV,
                                                    std::vector<mig::PayloadFile>{{good_csv, "inline.csv"}}};
  REQUIRE_OK(client.import_jobs_create(parent(), {.import_job_id = "inline", .body = job_model}));
  std::string j = mig::ImportJobName(here, "inline").str();
  REQUIRE_OK(client.import_jobs_validate(j));
  REQUIRE_OK(client.import_jobs_run(j));
  BOOST_TEST(client.assets_list(parent())->assets->size() == 2u);
}

// What Google's client sends: `data` is `format: byte`, so the CSV travels as base64. The fake reads the
// file's bytes, which the codec has decoded; a raw CSV there is not base64 and is refused.
BOOST_AUTO_TEST_CASE(an_inline_payload_sent_as_base64_is_read_as_its_csv) {
  const std::string body = R"({"assetSource":")" + source +
                           R"(","inlinePayload":{"format":"IMPORT_JOB_FORMAT_MANUAL_CSV","payload":[)"
                           R"({"name":"inline.csv","data":")" + webapi::base64::encode(good_csv) + R"("}]}})";
  auto made = raw(webapi::Method::post, "/v1alpha1/projects/p1/locations/us-central1/importJobs", "use-fixture", body,
                  {{"importJobId", "b64"}});
  BOOST_TEST(made.status == 200, made.body);
  std::string j = mig::ImportJobName(here, "b64").str();
  REQUIRE_OK(client.import_jobs_validate(j));
  REQUIRE_OK(client.import_jobs_run(j));
  BOOST_TEST(client.assets_list(parent())->assets->size() == 2u);
  // Read back, the payload is base64 again on the wire and the CSV in the model.
  auto got = raw(webapi::Method::get, "/v1alpha1/" + j);
  BOOST_TEST(json_object(got.body).at("inlinePayload").at("payload").at(0).at("data") ==
                 boost::json::value(webapi::base64::encode(good_csv)),
             got.body);
  BOOST_TEST((job(j).inline_payload->payload->at(0).data.value() == good_csv));
}

BOOST_AUTO_TEST_CASE(an_inline_payload_that_is_not_base64_is_400_naming_the_member) {
  const std::string body = R"({"assetSource":")" + source +
                           R"(","inlinePayload":{"format":"IMPORT_JOB_FORMAT_MANUAL_CSV","payload":[)"
                           R"({"name":"inline.csv","data":"MachineName,CoreCount\nweb-1,4\n"}]}})";
  auto r = raw(webapi::Method::post, "/v1alpha1/projects/p1/locations/us-central1/importJobs", "use-fixture", body,
               {{"importJobId", "rawcsv"}});
  BOOST_TEST(r.status == 400);
  auto e = google_error_of(r);
  BOOST_TEST(e["status"].as_string() == "INVALID_ARGUMENT");
  BOOST_TEST(e["message"].as_string().find("inlinePayload.payload[0].data") != std::string::npos, r.body);
}

BOOST_AUTO_TEST_CASE(a_job_needs_an_existing_source) {
  mig::ImportJob job_model;
  BOOST_TEST(client.import_jobs_create(parent(), {.import_job_id = "j", .body = job_model}).error().status == 400);
  job_model.asset_source = mig::SourceName(here, "none").str();
  BOOST_TEST(client.import_jobs_create(parent(), {.import_job_id = "j", .body = job_model}).error().status == 404);
}

BOOST_AUTO_TEST_CASE(data_files_are_listed_and_take_uploads_at_their_uri) {
  std::string j = make_job();
  mig::ImportDataFile f;
  f.format = mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV;
  auto made = client.import_jobs_import_data_files_create_and_wait(j, {.import_data_file_id = "vms", .body = f},
                                                                   fake.poll_policy());
  REQUIRE_OK(made);
  const std::string uri = made->upload_file_info->signed_uri.value();
  BOOST_TEST(uri.ends_with("/upload/v1alpha1/" + *made->name));
  auto put = client.send(webapi::Method::put, "/upload/v1alpha1/" + *made->name,
                         {.body = good_csv, .content_type = "text/csv"});
  REQUIRE_OK(put);
  BOOST_TEST(client.import_jobs_import_data_files_list(j)->import_data_files->size() == 1u);
  BOOST_TEST((client.import_jobs_import_data_files_get(*made->name)->format.value() ==
              mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV));
  REQUIRE_OK(client.import_jobs_validate(j));
  REQUIRE_OK(client.import_jobs_run(j));
  BOOST_TEST(client.assets_list(parent())->assets->size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
