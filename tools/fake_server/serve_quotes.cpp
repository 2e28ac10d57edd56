// Registers the quotes fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_quotes_compiled.
#include <webapi/fakes/quotes/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration quotes{entry<webapi::fakes::quotes::CompiledFake>("quotes")};
}  // namespace webapi::fake_server
