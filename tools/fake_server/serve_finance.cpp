// Registers the financial-data-aggregation fake with webapi-fake-server (see registry.hpp).
#include <webapi/fakes/finance.hpp>

#include "registry.hpp"

namespace webapi::fake_server {
static const Registration finance{entry<webapi::fakes::finance::Fake>("finance")};
}  // namespace webapi::fake_server
