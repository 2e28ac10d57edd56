// Registers the userinfo fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_userinfo_compiled.
#include <webapi/fakes/userinfo/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration userinfo{entry<webapi::fakes::userinfo::CompiledFake>("userinfo")};
}  // namespace webapi::fake_server
