// Registers the financial-data-aggregation fake with webapi-fake-server (see registry.hpp): its CompiledFake,
// from the library webapi::fakes_finance_compiled.
// Served, it also POSTs each notification it records to its subscriber's callback URL when that is a
// loopback one.
#include <webapi/fakes/finance/compiled.hpp>

#include "registry.hpp"

namespace webapi::fake_server {

namespace {
struct DeliveringFinanceFake : webapi::fakes::finance::CompiledFake {
  DeliveringFinanceFake() { deliver_to_loopback(true); }
};
}  // namespace

static const Registration finance{entry<DeliveringFinanceFake>("finance")};
}  // namespace webapi::fake_server
