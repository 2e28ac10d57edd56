// Registers the migration-assessment fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/migration.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration migration{entry<webapi::fakes::migration::Fake>("migration")};
}  // namespace webapi::fake_server
