// Registers the API-development platform fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/api_platform.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration api_platform{entry<webapi::fakes::api_platform::Fake>("api_platform")};
}  // namespace webapi::fake_server
