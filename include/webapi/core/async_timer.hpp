#pragma once
// Where an asynchronous operation's timer lives: on the handler's executor where a timer can live there
// (an io_context's, a strand, a coroutine's any_io_executor), else on Asio's system executor (for an
// executor that only completes handlers, such as the any_completion_executor an erased handler carries).
// Either way the wait completes on the handler's executor, as every Asio operation does.

#include <type_traits>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/system_executor.hpp>

namespace webapi::detail {

/// The executor a timer of an operation whose handler has `executor` runs on; see the file's introduction.
template <class Executor>
boost::asio::any_io_executor timer_executor(const Executor& executor) {
  if constexpr (std::is_constructible_v<boost::asio::steady_timer, const Executor&>)
    return boost::asio::any_io_executor(executor);
  else
    return boost::asio::any_io_executor(boost::asio::system_executor());
}

}  // namespace webapi::detail
