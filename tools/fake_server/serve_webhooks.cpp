// Registers the webhooks fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/webhooks.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration webhooks{entry<webapi::fakes::webhooks::Fake>("webhooks")};
}  // namespace webapi::fake_server
