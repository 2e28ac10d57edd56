// Registers the audio-sharing fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_audio_compiled.
#include <webapi/fakes/audio/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration audio{entry<webapi::fakes::audio::CompiledFake>("audio")};
}  // namespace webapi::fake_server
