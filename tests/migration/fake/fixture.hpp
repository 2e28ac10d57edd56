#pragma once
// A migration fake with one token, the typed client over it, names under projects/p1/locations/us-central1,
// helpers that make resources through the client, and hand-built requests for what the client cannot send.

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>
#include <string>
#include <utility>
#include <vector>
#include <webapi/core/request.hpp>
#include <webapi/fakes/migration.hpp>
#include <webapi/migration.hpp>

namespace test {

namespace fm = webapi::fakes::migration;
namespace mig = webapi::migration;
using MigrationClient = mig::Client<fm::Fake>;

/// Fails the test with the error's message when the result of `expr` (evaluated once) holds one.
#define REQUIRE_OK(expr)                                                                         \
  do {                                                                                           \
    const auto& required_ = (expr);                                                              \
    BOOST_REQUIRE_MESSAGE(required_.has_value(),                                                 \
                          #expr << " failed: " << (required_ ? "" : required_.error().message)); \
  } while (0)

struct MigrationFixture {
  explicit MigrationFixture(fm::Options options = {}) : fake(options) {}

  fm::Fake fake;
  std::string token = fake.add_token();
  MigrationClient client{fake, {.access_token = token}};
  mig::LocationName here{"p1", "us-central1"};

  std::string parent() const { return here.str(); }

  /// A source made through the client; returns its name.
  std::string make_source(const std::string& id = "crm", const std::string& display = "CRM export") {
    mig::Source s;
    s.display_name = display;
    auto r = client.sources_create(parent(), {.source_id = id, .body = s});
    REQUIRE_OK(r);
    return mig::SourceName(here, id).str();
  }

  /// Assets reported by a fresh source, one per (name, cores, memory MB); returns their names in order.
  std::vector<std::string> make_assets(const std::vector<std::tuple<std::string, int, int>>& machines,
                                       const std::string& source_id = "scan") {
    std::string source = make_source(source_id);
    mig::Frames frames;
    frames.frames_data.emplace();
    for (const auto& [name, cores, memory] : machines) {
      mig::AssetFrame f;
      f.virtual_machine_details.emplace();
      f.virtual_machine_details->vm_name = name;
      f.virtual_machine_details->core_count = cores;
      f.virtual_machine_details->memory_mb = memory;
      frames.frames_data->push_back(std::move(f));
    }
    auto r = client.assets_report_asset_frames(parent(), {.source = source, .body = frames});
    REQUIRE_OK(r);
    std::vector<std::string> names;
    for (const auto& [name, cores, memory] : machines) names.push_back(asset_named(name).name.value_or(""));
    return names;
  }

  /// The asset whose VM is `vm_name`, read through the client.
  mig::Asset asset_named(const std::string& vm_name) {
    auto all = client.assets_list(parent(), {.filter = "virtualMachineDetails.vmName = \"" + vm_name + "\""});
    REQUIRE_OK(all);
    BOOST_REQUIRE_EQUAL(all->assets.value_or(std::vector<mig::Asset>{}).size(), 1u);
    return all->assets->front();
  }

  /// A group made through the client; returns its name.
  std::string make_group(const std::string& id = "web") {
    mig::Group g;
    g.display_name = id;
    auto r = client.groups_create(parent(), {.group_id = id, .body = g});
    REQUIRE_OK(r);
    return mig::GroupName(here, id).str();
  }

  /// Sends a hand-built request; `token`, when not empty, goes in the Authorization header.
  webapi::Response raw(webapi::Method method, std::string path, std::string token_value = "use-fixture",
                       std::string body = {}, std::vector<webapi::QueryParam> query = {}) {
    webapi::Request r;
    r.method = method;
    r.base_url = "http://fake";
    r.path = std::move(path);
    r.query = std::move(query);
    if (token_value == "use-fixture") token_value = token;
    if (!token_value.empty()) r.headers.set("Authorization", "Bearer " + token_value);
    r.body = std::move(body);
    if (!r.body.empty()) r.content_type = "application/json";
    auto result = fake.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
    return *result;
  }
};

inline boost::json::object json_object(std::string_view body) {
  boost::system::error_code ec;
  auto v = boost::json::parse(body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && v.is_object(), "body is not a JSON object: " << body);
  return v.as_object();
}

/// The "error" object of a Google error answer.
inline boost::json::object google_error_of(const webapi::Response& r) {
  auto o = json_object(r.body);
  BOOST_REQUIRE_MESSAGE(o.contains("error") && o["error"].is_object(), "not a Google error: " << r.body);
  return o["error"].as_object();
}

}  // namespace test
