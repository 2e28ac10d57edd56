// Registers the quotes fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/quotes.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration quotes{entry<webapi::fakes::quotes::Fake>("quotes")};
}  // namespace webapi::fake_server
