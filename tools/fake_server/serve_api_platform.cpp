// Registers the API-development platform fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_api_platform_compiled.
#include <webapi/fakes/api_platform/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration api_platform{entry<webapi::fakes::api_platform::CompiledFake>("api_platform")};
}  // namespace webapi::fake_server
