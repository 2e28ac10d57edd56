// Registers the webhooks fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_webhooks_compiled.
#include <webapi/fakes/webhooks/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration webhooks{entry<webapi::fakes::webhooks::CompiledFake>("webhooks")};
}  // namespace webapi::fake_server
