// An assessment from scratch: create a source, import machines through an import job (a data file
// uploaded, then validate, run and wait), group them, and print what the group adds up to.
//
//   example-migration                                          against the in-memory fake, in process and
//                                                              then served over HTTP on loopback
//   MIGRATION_ACCESS_TOKEN=$(gcloud auth print-access-token) example-migration <project id>
//                                                              against the service (us-central1)
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::migration_compiled and webapi::fakes_migration_compiled, so that this file compiles
// neither the client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <webapi/fakes/migration/compiled.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/migration.hpp>
#include <webapi/transport.hpp>

namespace mig = webapi::migration;
using namespace std::chrono_literals;

namespace {

constexpr const char* machines =
    "MachineName,MachineId,CoreCount,MemoryMB,OsName\n"
    "web-1,4d1c-01,4,8192,Debian 12\n"
    "web-2,4d1c-02,4,8192,Debian 12\n"
    "db-1,4d1c-03,16,65536,Rocky Linux 9\n";

template <class R>
bool ok(const webapi::Result<R>& r, const char* step) {
  if (!r) std::cerr << step << ": " << r.error() << "\n";
  return static_cast<bool>(r);
}

int assess(webapi::AnyTransport transport, mig::Config config, const std::string& project,
           const webapi::PollPolicy& wait) {
  mig::AnyClient client{transport, std::move(config)};
  const mig::LocationName here{project, "us-central1"};

  mig::Source source;
  source.display_name = "Data-centre export";
  auto made = client.sources_create_and_wait(here.str(), {.source_id = "dc-export", .body = source}, wait);
  if (!ok(made, "create the source")) return 1;

  mig::ImportJob job;
  job.asset_source = made->name;
  auto created = client.import_jobs_create_and_wait(here.str(), {.import_job_id = "dc-import", .body = job}, wait);
  if (!ok(created, "create the import job")) return 1;
  mig::ImportDataFile file;
  file.format = mig::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV;
  auto data = client.import_jobs_import_data_files_create_and_wait(
      *created->name, {.import_data_file_id = "machines", .body = file}, wait);
  if (!ok(data, "create the data file")) return 1;
  // The service hands out a signed URI to upload to; the fake's is on its own base URL.
  auto uploaded = client.send(webapi::Method::put, "/upload/v1alpha1/" + *data->name,
                              {.body = machines, .content_type = "text/csv"});
  if (!ok(uploaded, "upload the data file")) return 1;
  if (!ok(client.import_jobs_validate_and_wait(*created->name, {}, wait), "validate the import job")) return 1;
  if (!ok(client.import_jobs_run_and_wait(*created->name, {}, wait), "run the import job")) return 1;

  mig::Group group;
  group.display_name = "Web tier";
  auto web = client.groups_create_and_wait(here.str(), {.group_id = "web-tier", .body = group}, wait);
  if (!ok(web, "create the group")) return 1;
  mig::AssetList members;
  members.asset_ids.emplace();
  auto listed = client.assets_list_all(here.str(), {.filter = "virtualMachineDetails.vmName:web-*"});
  for (const auto& asset : listed) members.asset_ids->push_back(asset.name.value_or(""));
  if (listed.error()) {
    std::cerr << "list the assets: " << *listed.error() << "\n";
    return 1;
  }
  mig::AddAssetsToGroupRequest add;
  add.assets = members;
  if (!ok(client.groups_add_assets_and_wait(*web->name, {.body = add}, wait), "group the assets")) return 1;

  mig::AggregateAssetsValuesRequest question;
  question.filter = "assignedGroups:" + *web->name;
  mig::Aggregation cores, memory;
  cores.field = "virtualMachineDetails.coreCount";
  cores.count = boost::json::object{};
  cores.sum = boost::json::object{};
  memory.field = "virtualMachineDetails.memoryMb";
  memory.sum = boost::json::object{};
  question.aggregations = std::vector<mig::Aggregation>{cores, memory};
  auto answer = client.assets_aggregate_values(here.str(), {.body = question});
  if (!ok(answer, "aggregate")) return 1;
  const auto& results = answer->results.value();
  std::cout << web->display_name.value_or("group") << ": " << results.at(0).count->value.value_or(0) << " assets, "
            << results.at(0).sum->value.value_or(0) << " cores, " << results.at(1).sum->value.value_or(0)
            << " MB of memory\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (const char* token = std::getenv("MIGRATION_ACCESS_TOKEN"); token && *token) {
    if (argc != 2) {
      std::cerr << "usage: MIGRATION_ACCESS_TOKEN=... example-migration <project id>\n";
      return 2;
    }
    webapi::BeastTransport http;
    return assess(http, {.access_token = token}, argv[1], webapi::PollPolicy{});
  }

  // In process: waits move the fake's clock instead of sleeping.
  webapi::fakes::migration::CompiledFake fake;
  if (int rc = assess(fake, {.access_token = fake.add_token()}, "example-project", fake.poll_policy())) return rc;

  // Served over HTTP on loopback, its clock following real time, as webapi-fake-server serves it.
  webapi::fakes::migration::CompiledFake served({.operation_duration = 300ms});
  served.clock().follow_real_time();
  auto server = webapi::fakes::serve(served, 0);
  webapi::BeastTransport http;
  mig::Config config{.base_url = "http://127.0.0.1:" + std::to_string(server.port()), .access_token = served.add_token()};
  return assess(http, std::move(config), "example-project", {.initial_delay = 100ms, .max_total = 30s});
}
