// Fuzz target: random requests, shaped by the audio operation table, against the audio fake with its demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/audio/operations.hpp>
#include <webapi/fakes/audio.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_audio {

// The demo data names CLIENT_ID first and ACCESS_TOKEN fourth: a request carries the client id as an app-only
// call does, or the access token in one of the two schemes the fake accepts, or a fuzzed value as either.
int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session<webapi::fakes::audio::Fake>(
      data, size, webapi::audio::operations, webapi::audio::operation_parameters,
      [](webapi::Request& request, const webapi_fuzz::Credentials& all, const std::string& chosen) {
        if (chosen == all.front().second) request.query.push_back({"client_id", chosen});
        else request.headers.set("Authorization", (chosen.size() % 2 ? "OAuth " : "Bearer ") + chosen);
      });
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::audio::operations.size()); }

}  // namespace fuzz_fake_audio

WEBAPI_FUZZ_TARGET(fuzz_fake_audio)
