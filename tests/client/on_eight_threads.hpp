#pragma once
// Eight threads released together on one call, for the concurrency tests of clients and credentials.

#include <atomic>
#include <thread>
#include <vector>

namespace webapi_test {

/// Runs `f` on eight threads released together; returns how many calls succeeded.
template <class F>
int on_eight_threads(F f) {
  std::atomic<bool> go{false};
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      while (!go.load()) std::this_thread::yield();
      if (f()) ++ok;
    });
  go = true;
  for (auto& t : threads) t.join();
  return ok.load();
}

}  // namespace webapi_test
