// Registers the audio-sharing fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/audio.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration audio{entry<webapi::fakes::audio::Fake>("audio")};
}  // namespace webapi::fake_server
