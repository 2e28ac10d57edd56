// Registers the project-management fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/project_management.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration project_management{entry<webapi::fakes::project_management::Fake>("project_management")};
}  // namespace webapi::fake_server
