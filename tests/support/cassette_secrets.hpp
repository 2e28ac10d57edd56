#pragma once
// For the tests that prove no credential survives in a cassette (one per module, beside its fake's tests):
// a recorder over the in-process fake writing to a file of its own, and the search of that file for every
// secret value in every encoding a cassette could carry it in.

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>
#include <unistd.h>

#include <webapi/core/base64.hpp>
#include <webapi/core/cassette_recorder.hpp>
#include <webapi/core/url.hpp>

namespace test::cassette_secrets {

/// A CassetteRecorder over `Inner` writing to a temporary file, removed with it.
template <class Inner>
struct Recorded {
  std::string path;
  std::unique_ptr<webapi::CassetteRecorder<Inner>> recorder;

  Recorded(Inner& inner, const std::string& api) {
    static std::atomic<int> n{0};
    path = (std::filesystem::temp_directory_path() /
            ("webapi-secrets-" + api + "-" + std::to_string(::getpid()) + "-" + std::to_string(n++) + ".jsonl"))
               .string();
    recorder = std::make_unique<webapi::CassetteRecorder<Inner>>(inner, path, api);
  }
  ~Recorded() { std::remove(path.c_str()); }
  webapi::CassetteRecorder<Inner>& transport() { return *recorder; }
};

/// The forms `secret` could take in a cassette: as it is, percent-encoded (upper- and lower-case hex, '+' for
/// a space, as a path segment), JSON-escaped once (a member of the line) and twice (inside a body that is
/// itself a JSON string of the line), and in base64.
inline std::vector<std::string> encodings(const std::string& secret) {
  std::vector<std::string> out{secret};
  const std::string q = webapi::url::encode_query_component(secret);
  out.push_back(q);
  std::string lower = q;
  for (std::size_t i = 0; i + 2 < lower.size(); ++i)
    if (lower[i] == '%')
      for (std::size_t k = i + 1; k <= i + 2; ++k)
        if (lower[k] >= 'A' && lower[k] <= 'F') lower[k] = static_cast<char>(lower[k] - 'A' + 'a');
  out.push_back(lower);
  std::string plus = q;
  for (std::size_t at = plus.find("%20"); at != std::string::npos; at = plus.find("%20")) plus.replace(at, 3, "+");
  out.push_back(plus);
  out.push_back(webapi::url::encode_segment(secret));
  auto escaped = [](const std::string& s) {
    const std::string j = boost::json::serialize(boost::json::value(s));
    return j.substr(1, j.size() - 2);
  };
  out.push_back(escaped(secret));
  out.push_back(escaped(escaped(secret)));
  out.push_back(webapi::base64::encode(secret));
  return out;
}

/// Fails the test for each of `secrets` found in the cassette at `path`, in any of its encodings, in the
/// file's text or in any body once decoded; and checks that the cassette holds `exchanges` exchanges, so a
/// test that recorded nothing proves nothing.
inline void require_none_survive(const std::string& path, const std::vector<std::string>& secrets,
                                 std::size_t exchanges) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  const std::string text = s.str();
  auto cassette = webapi::cassette::parse(text);
  BOOST_REQUIRE_MESSAGE(cassette.has_value(), "not a cassette: " << text.substr(0, 200));
  BOOST_TEST(cassette->exchanges.size() == exchanges);
  std::string decoded;
  for (const auto& e : cassette->exchanges) decoded += e.request.body + "\n" + e.response.body + "\n";
  BOOST_TEST(text.find("REDACTED") != std::string::npos);
  for (const auto& secret : secrets) {
    BOOST_REQUIRE_MESSAGE(secret.size() >= 6, "too short to search for: '" << secret << "'");
    for (const auto& form : encodings(secret)) {
      BOOST_TEST(text.find(form) == std::string::npos,
                 "a credential survives as '" << form << "' in " << text.substr(0, text.find(form) + 200));
      BOOST_TEST(decoded.find(form) == std::string::npos, "a credential survives in a body as '" << form << "'");
    }
  }
}

}  // namespace test::cassette_secrets
