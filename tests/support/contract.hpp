#pragma once
// Contract mode: a scenario test written against a client runs against the in-process fake always, and
// against the live service too when its base URL and credentials are in the environment:
//
//   WEBAPI_LIVE_<API>_BASE_URL      e.g. WEBAPI_LIVE_WEBHOOKS_BASE_URL=https://api.hubapi.com
//   WEBAPI_LIVE_<API>_<CREDENTIAL>  e.g. WEBAPI_LIVE_WEBHOOKS_HAPIKEY=..., WEBAPI_LIVE_WEBHOOKS_APP_ID=...
//   WEBAPI_LIVE_CASSETTES           the folder the live runs' cassettes go to (default: the temporary folder)
//
// Without the base URL the live suite is skipped (live_configured, a Boost.Test precondition). With it, every
// exchange goes through BeastTransport and a CassetteRecorder, one cassette per test case named
// <api>-<test case>.jsonl, which `webapi-fake-server --verify` turns into a drift report (docs/fidelity.md).

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/cassette_recorder.hpp>
#include <webapi/transport/beast_transport.hpp>

namespace test::contract {

/// The upper-case form of `api` used in the variables' names.
inline std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return s;
}

/// WEBAPI_LIVE_<API>_<NAME>, if set and not empty.
inline std::optional<std::string> live(const std::string& api, const std::string& name) {
  const std::string var = "WEBAPI_LIVE_" + upper(api) + "_" + upper(name);
  const char* v = std::getenv(var.c_str());
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}

/// WEBAPI_LIVE_<API>_<NAME>, failing the test when it is missing (the base URL was given, so it is expected).
inline std::string required(const std::string& api, const std::string& name) {
  auto v = live(api, name);
  BOOST_REQUIRE_MESSAGE(v, "WEBAPI_LIVE_" << upper(api) << "_BASE_URL is set but WEBAPI_LIVE_" << upper(api) << "_"
                                          << upper(name) << " is not");
  return *v;
}

/// The precondition of a live suite: WEBAPI_LIVE_<API>_BASE_URL is set.
struct live_configured {
  std::string api;
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    boost::test_tools::assertion_result r(live(api, "base_url").has_value());
    r.message() << "WEBAPI_LIVE_" << upper(api) << "_BASE_URL is not set";
    return r;
  }
};

/// Where the running test case's cassette goes.
inline std::string cassette_path(const std::string& api) {
  const char* dir = std::getenv("WEBAPI_LIVE_CASSETTES");
  const std::filesystem::path folder = dir && *dir ? std::filesystem::path(dir) : std::filesystem::temp_directory_path();
  std::filesystem::create_directories(folder);
  const std::string name = boost::unit_test::framework::current_test_case().p_name;
  return (folder / (api + "-" + name + ".jsonl")).string();
}

/// The live service over HTTP, every exchange recorded into the test case's cassette.
struct LiveTransport {
  explicit LiveTransport(const std::string& api) : recorder(http, cassette_path(api), api) {}
  webapi::BeastTransport http;
  webapi::CassetteRecorder<webapi::BeastTransport> recorder;
  webapi::AnyTransport any() { return webapi::AnyTransport(recorder); }
};

}  // namespace test::contract
