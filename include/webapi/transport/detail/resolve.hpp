#pragma once
// Name resolution bounded by a deadline. getaddrinfo cannot be cancelled, so a name is looked up on a
// thread the caller stops waiting for when the deadline passes; IP literals skip all that.
//
// Such threads outlive the call (and the transport) while the lookup hangs, so they are bounded: callers
// asking for a name already being looked up wait for that lookup instead of starting another, and at most
// max_lookup_threads run in the process at once. Past that a lookup fails at once rather than pile up.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/system/error_code.hpp>

namespace webapi::detail {

struct Resolved {
  std::vector<boost::asio::ip::tcp::endpoint> endpoints;
  boost::system::error_code ec;
  bool timed_out = false;
  bool saturated = false;  ///< not looked up: max_lookup_threads lookups were running already
};

/// Looks a host name up; runs on a lookup thread, so it may block.
using LookupFunction = std::function<Resolved(const std::string& host, std::uint16_t port)>;

inline constexpr std::size_t max_lookup_threads = 32;

/// Lookup threads running now, in the whole process.
inline std::atomic<std::size_t>& lookup_threads() {
  static std::atomic<std::size_t> n{0};
  return n;
}

/// getaddrinfo, through asio.
inline Resolved system_lookup(const std::string& host, std::uint16_t port) {
  using boost::asio::ip::tcp;
  Resolved r;
  boost::asio::io_context ioc;
  tcp::resolver resolver(ioc);
  auto results = resolver.resolve(host, std::to_string(port), tcp::resolver::numeric_service, r.ec);
  if (!r.ec)
    for (const auto& e : results) r.endpoints.push_back(e.endpoint());
  return r;
}

/// The lookups in flight, by name, so that callers of one name share one thread.
class Lookups {
 public:
  struct State {
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    Resolved result;
  };

  /// Starts looking `key` up with `lookup`, or joins the lookup already under way; null when saturated.
  std::shared_ptr<State> start(const std::string& key, std::function<Resolved()> lookup) {
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(key); it != running_.end())
      if (auto state = it->second.lock()) return state;
    auto& threads = lookup_threads();
    if (threads.fetch_add(1) >= max_lookup_threads) {
      threads.fetch_sub(1);
      return nullptr;
    }
    auto state = std::make_shared<State>();
    try {
      // The thread holds the set: it may outlive every caller, and the process's static too.
      std::thread([set = instance(), key, state, lookup = std::move(lookup)] {
        Resolved r = lookup();
        set->finish(key, state);
        {
          std::lock_guard lock(state->mutex);
          state->result = std::move(r);
          state->done = true;
        }
        state->cv.notify_all();
        lookup_threads().fetch_sub(1);
      }).detach();
    } catch (const std::system_error& e) {
      threads.fetch_sub(1);
      std::lock_guard slock(state->mutex);
      state->result.ec = e.code();
      state->done = true;
      return state;
    }
    running_[key] = state;
    return state;
  }

  /// The process's set; it lives as long as any thread that uses it.
  static std::shared_ptr<Lookups> instance() {
    static const std::shared_ptr<Lookups> set(new Lookups);
    return set;
  }

 private:
  Lookups() = default;

  void finish(const std::string& key, const std::shared_ptr<State>& state) {
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(key); it != running_.end() && it->second.lock() == state) running_.erase(it);
  }

  std::mutex mutex_;
  std::map<std::string, std::weak_ptr<State>> running_;
};

/// The addresses of `host`, looked up with `lookup` (getaddrinfo when empty) on a bounded lookup thread,
/// waiting until `deadline` at most. `lookup_id` tells lookups by different functions apart (0: getaddrinfo).
inline Resolved resolve(const std::string& host, std::uint16_t port, std::chrono::steady_clock::time_point deadline,
                        const LookupFunction& lookup = {}, std::uint64_t lookup_id = 0) {
  Resolved out;
  boost::system::error_code ec;
  auto addr = boost::asio::ip::make_address(host, ec);
  if (!ec) {
    out.endpoints.emplace_back(addr, port);
    return out;
  }
  const std::string key = std::to_string(lookup_id) + " " + host + ":" + std::to_string(port);
  auto state = Lookups::instance()->start(key, [lookup, host, port] {
    return lookup ? lookup(host, port) : system_lookup(host, port);
  });
  if (!state) {
    out.saturated = true;
    return out;
  }
  std::unique_lock lock(state->mutex);
  if (!state->cv.wait_until(lock, deadline, [&] { return state->done; })) {
    out.timed_out = true;
    return out;
  }
  return state->result;
}

}  // namespace webapi::detail
