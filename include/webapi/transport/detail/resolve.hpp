#pragma once
// Name resolution bounded by a deadline. getaddrinfo cannot be cancelled, so a name is looked up on a
// short-lived thread the caller stops waiting for when the deadline passes; IP literals skip all that.

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
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
};

inline Resolved resolve(const std::string& host, std::uint16_t port, std::chrono::steady_clock::time_point deadline) {
  using boost::asio::ip::tcp;
  Resolved out;
  boost::system::error_code ec;
  auto addr = boost::asio::ip::make_address(host, ec);
  if (!ec) {
    out.endpoints.emplace_back(addr, port);
    return out;
  }

  struct State {
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    Resolved result;
  };
  auto state = std::make_shared<State>();
  try {
    std::thread([state, host, port] {
      Resolved r;
      boost::asio::io_context ioc;
      tcp::resolver resolver(ioc);
      auto results = resolver.resolve(host, std::to_string(port), tcp::resolver::numeric_service, r.ec);
      if (!r.ec)
        for (const auto& e : results) r.endpoints.push_back(e.endpoint());
      std::lock_guard lock(state->mutex);
      state->result = std::move(r);
      state->done = true;
      state->cv.notify_all();
    }).detach();
  } catch (const std::system_error& e) {
    out.ec = e.code();
    return out;
  }
  std::unique_lock lock(state->mutex);
  if (!state->cv.wait_until(lock, deadline, [&] { return state->done; })) {
    out.timed_out = true;
    return out;
  }
  return std::move(state->result);
}

}  // namespace webapi::detail
