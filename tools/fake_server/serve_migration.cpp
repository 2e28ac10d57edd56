// Registers the migration-assessment fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_migration_compiled.
#include <webapi/fakes/migration/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration migration{entry<webapi::fakes::migration::CompiledFake>("migration")};
}  // namespace webapi::fake_server
