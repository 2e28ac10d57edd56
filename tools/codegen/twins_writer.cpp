// Writes tests/<module>/every_operation.inc: a call of every operation of the module through
// WEBAPI_SAME_ASYNC (tests/support/async_twins.hpp), with sample arguments (sample_values.cpp), for the
// module's test_async_<module>. Split into coroutines of a few dozen calls each, as one coroutine holding
// hundreds of suspension points costs the compiler more than several holding a part each.
#include "module.hpp"

#include <sstream>
#include <string>
#include <vector>

#include "names.hpp"

namespace webapi::codegen {
namespace {

constexpr std::size_t calls_per_part = 40;

}  // namespace

std::string Module::every_operation_inc() const {
  // The table's order, with the deletions last: what the other calls read or change is still there.
  std::vector<const Op*> order;
  for (const auto& op : ops_)
    if (op.method != "delete") order.push_back(&op);
  for (const auto& op : ops_)
    if (op.method == "delete") order.push_back(&op);

  const std::string client = "::" + ns() + "::AnyClient";
  const std::size_t parts = (order.size() + calls_per_part - 1) / calls_per_part;
  std::ostringstream o;
  o << header_line();
  o << "// Every operation of " << ns() << ", each called once through WEBAPI_SAME_ASYNC\n"
       "// (tests/support/async_twins.hpp): the blocking method on `blocking`, its twin co_awaited on `async`, the\n"
       "// Results compared and tallied in `calls`. The arguments are samples: every required parameter and a\n"
       "// required body set to what its type and the description's constraints accept (the overlay's \"samples\"\n"
       "// name the demo data set's ids). Table order, deletions last. For tests/" << name_ << "/async_test.cpp:\n"
       "//\n"
       "//   co_await every_operation::all(blocking, async, calls);\n\n";
  o << "namespace every_operation {\n\n";
  for (std::size_t part = 0; part < parts; ++part) {
    o << "boost::asio::awaitable<void> part_" << part + 1 << "(" << client << "& blocking, " << client
      << "& async, ::test::Tally& calls) {\n";
    for (std::size_t i = part * calls_per_part; i < order.size() && i < (part + 1) * calls_per_part; ++i) {
      const Op& op = *order[i];
      std::string args = sample_arguments(op);
      o << "  calls.add(" << cpp_string(op.name) << ", WEBAPI_SAME_ASYNC(" << op.name << (args.empty() ? "" : ", ")
        << args << "));\n";
    }
    o << "}\n\n";
  }
  o << "/// Every part in turn.\n";
  o << "boost::asio::awaitable<void> all(" << client << "& blocking, " << client << "& async, ::test::Tally& calls) {\n";
  for (std::size_t part = 0; part < parts; ++part)
    o << "  co_await part_" << part + 1 << "(blocking, async, calls);\n";
  o << "}\n\n}  // namespace every_operation\n";
  return o.str();
}

}  // namespace webapi::codegen
