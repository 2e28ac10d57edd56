// Registers the project-management fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_project_management_compiled.
#include <webapi/fakes/project_management/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration project_management{
    entry<webapi::fakes::project_management::CompiledFake>("project_management")};
}  // namespace webapi::fake_server
