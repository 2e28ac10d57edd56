// Testing against the migration fake (docs/migration.md): the demo's token and assets, machines imported
// in an import job's inline payload and through a data file's upload URI, and operations on the fake's clock.
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/core/url.hpp>
#include <webapi/fakes/migration/compiled.hpp>
#include <webapi/migration.hpp>

namespace fm = webapi::fakes::migration;
namespace mig = webapi::migration;
using namespace std::chrono_literals;

namespace {

constexpr const char* machines =
    "MachineName,MachineId,CoreCount,MemoryMB,OsName\n"
    "app-1,7e2a-01,8,16384,Debian 12\n"
    "app-2,7e2a-02,8,16384,Debian 12\n";

struct DemoFixture {
  fm::CompiledFake fake;  // its clock stands at 2024-01-01T00:00:00Z until the test or a poll_policy() moves it
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();  // ACCESS_TOKEN, PROJECT, LOCATION
  mig::AnyClient client{fake, {.access_token = demo.at(0).second}};
  const mig::LocationName here{demo.at(1).second, demo.at(2).second};
  const std::string source = here.str() + "/sources/vmware-export";

  std::size_t asset_count() {
    auto assets = client.assets_list(here.str());
    return assets ? assets->assets.value_or(std::vector<mig::Asset>{}).size() : 0;
  }
  // Validates and runs the job, each call waiting for its operation by moving the fake's clock.
  bool validate_and_run(const std::string& job) {
    return client.import_jobs_validate_and_wait(job, {}, fake.poll_policy()) &&
           client.import_jobs_run_and_wait(job, {}, fake.poll_policy());
  }
};

// The PUT uploadFileInfo asks for: its signedUri, with its headers.
webapi::Request upload(const mig::UploadFileInfo& info, std::string body) {
  auto uri = webapi::url::parse_absolute(info.signed_uri.value_or(""));
  BOOST_TEST_REQUIRE(uri.has_value());
  webapi::Request r{.method = webapi::Method::put,
                    .base_url = std::string(uri->scheme) + "://" + std::string(uri->authority),
                    .path = std::string(uri->path),
                    .body = std::move(body),
                    .operation = "upload_data_file"};
  for (const auto& [name, value] : info.headers.value_or(std::map<std::string, std::string>{}))
    name == "Content-Type" ? void(r.content_type = value) : r.headers.set(name, value);
  return r;
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(migration_page, DemoFixture)

BOOST_AUTO_TEST_CASE(an_operation_is_done_when_the_fake_clock_has_moved_2_seconds) {
  BOOST_TEST(asset_count() == 3u);  // web-1, web-2, db-1
  mig::ImportJob job;
  job.asset_source = source;
  auto started = client.import_jobs_create(here.str(), {.import_job_id = "later", .body = job});
  BOOST_TEST_REQUIRE(started.has_value());
  BOOST_TEST(!started->done.value_or(false));
  fake.clock().advance(2s);
  BOOST_TEST(client.operations_get(started->name.value_or(""))->done.value_or(false));
}

BOOST_AUTO_TEST_CASE(machines_imported_from_an_inline_payload) {
  mig::ImportJob job;
  job.asset_source = source;
  job.inline_payload =
      mig::InlinePayloadInfo{.format = mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV,
                             .payload = std::vector<mig::PayloadFile>{{.data = machines, .name = "machines.csv"}}};
  auto made =
      client.import_jobs_create_and_wait(here.str(), {.import_job_id = "inline", .body = job}, fake.poll_policy());
  BOOST_TEST_REQUIRE(made.has_value());
  BOOST_TEST_REQUIRE(validate_and_run(*made->name));
  BOOST_TEST(asset_count() == 5u);
}

BOOST_AUTO_TEST_CASE(machines_imported_from_a_data_file_put_to_its_upload_uri) {
  mig::ImportJob job;
  job.asset_source = source;
  auto made =
      client.import_jobs_create_and_wait(here.str(), {.import_job_id = "upload", .body = job}, fake.poll_policy());
  BOOST_TEST_REQUIRE(made.has_value());
  mig::ImportDataFile file;
  file.format = mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV;
  auto data = client.import_jobs_import_data_files_create_and_wait(
      *made->name, {.import_data_file_id = "machines", .body = file}, fake.poll_policy());
  BOOST_TEST_REQUIRE((data && data->upload_file_info));

  webapi::Request put = upload(*data->upload_file_info, machines);
  // The service's signed URI carries its own authorization; the fake's is unsigned and wants the token.
  put.headers.set("Authorization", "Bearer " + demo.at(0).second);
  auto uploaded = fake.send(put);
  BOOST_TEST_REQUIRE(uploaded.has_value());
  BOOST_TEST(uploaded->status == 200);
  BOOST_TEST_REQUIRE(validate_and_run(*made->name));
  BOOST_TEST(asset_count() == 5u);
}

BOOST_AUTO_TEST_SUITE_END()
