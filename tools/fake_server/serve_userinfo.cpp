// Registers the userinfo fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/userinfo.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration userinfo{entry<webapi::fakes::userinfo::Fake>("userinfo")};
}  // namespace webapi::fake_server
