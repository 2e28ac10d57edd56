#pragma once
// Connecting to one of a host's addresses, as RFC 8305 (Happy Eyeballs) says: the addresses are tried in
// turn, alternating families, each given `stagger` before the next one starts alongside it; the first to
// connect wins and the others are closed. A dead address costs `stagger`, not the whole connect timeout;
// one that fails at once lets the next start at once.
//
//   auto [ec, socket] = co_await async_connect_racing(io, endpoints, 250ms, race, as_tuple(use_awaitable));
//
// It runs on the executor of the coroutine that awaits it (a strand); ConnectRace::cancel(), called there,
// closes every attempt and completes with operation_aborted.

#include <chrono>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include <boost/asio/any_completion_handler.hpp>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

namespace webapi::detail {

namespace asio = boost::asio;

/// `endpoints` reordered to alternate address families, starting with the first's (RFC 8305, 4).
inline std::vector<asio::ip::tcp::endpoint> interleave_families(const std::vector<asio::ip::tcp::endpoint>& endpoints) {
  if (endpoints.empty()) return {};
  std::vector<asio::ip::tcp::endpoint> first_family, other;
  const bool v6 = endpoints.front().address().is_v6();
  for (const auto& ep : endpoints) (ep.address().is_v6() == v6 ? first_family : other).push_back(ep);
  std::vector<asio::ip::tcp::endpoint> out;
  out.reserve(endpoints.size());
  for (std::size_t i = 0; i < std::max(first_family.size(), other.size()); ++i) {
    if (i < first_family.size()) out.push_back(first_family[i]);
    if (i < other.size()) out.push_back(other[i]);
  }
  return out;
}

class ConnectRace : public std::enable_shared_from_this<ConnectRace> {
 public:
  using tcp = asio::ip::tcp;
  using Signature = void(boost::system::error_code, tcp::socket);

  /// `io`: where the sockets live; `strand`: where every step runs (the awaiting coroutine's executor).
  ConnectRace(asio::any_io_executor io, asio::any_io_executor strand, std::vector<tcp::endpoint> endpoints,
              std::chrono::milliseconds stagger)
      : io_(std::move(io)), strand_(std::move(strand)), order_(interleave_families(endpoints)), stagger_(stagger),
        timer_(strand_) {}

  void start(asio::any_completion_handler<Signature> handler) {
    handler_.swap(handler);  // not move assignment: Boost 1.81's wraps the handler in itself
    start_next();
  }

  /// Closes every attempt; the race completes with operation_aborted. Called on the strand.
  void cancel() {
    if (!finished_) finish(asio::error::operation_aborted, nullptr);
  }

 private:
  void start_next() {
    while (next_ < order_.size()) {
      const tcp::endpoint ep = order_[next_++];
      auto socket = std::make_shared<tcp::socket>(io_);
      boost::system::error_code ec;
      socket->open(ep.protocol(), ec);
      if (ec) {
        last_ = ec;
        continue;
      }
      attempts_.push_back(socket);
      ++running_;
      socket->async_connect(ep, asio::bind_executor(strand_, [self = shared_from_this(), socket](auto ec) {
                              self->on_connect(socket, ec);
                            }));
      if (next_ < order_.size()) {
        timer_.expires_after(stagger_);
        timer_.async_wait(asio::bind_executor(strand_, [self = shared_from_this(), turn = next_](auto ec) {
          if (!ec && !self->finished_ && self->next_ == turn) self->start_next();
        }));
      }
      return;
    }
    if (running_ == 0) finish(last_, nullptr);
  }

  void on_connect(const std::shared_ptr<tcp::socket>& socket, boost::system::error_code ec) {
    --running_;
    if (finished_) return;
    if (!ec) return finish({}, socket);
    last_ = ec;
    std::erase(attempts_, socket);
    // An address that failed at once lets the next one start now rather than after the stagger.
    if (running_ == 0) {
      timer_.cancel();
      start_next();
    }
  }

  void finish(boost::system::error_code ec, const std::shared_ptr<tcp::socket>& winner) {
    finished_ = true;
    timer_.cancel();
    for (auto& s : attempts_)
      if (s != winner) {
        boost::system::error_code ignored;
        s->close(ignored);
      }
    attempts_.clear();
    tcp::socket out = winner ? std::move(*winner) : tcp::socket(io_);
    if (winner) {
      boost::system::error_code ignored;
      out.set_option(tcp::no_delay(true), ignored);
    }
    // Posted, never called from inside start(): the awaiting coroutine is resumed from the strand's queue.
    asio::post(strand_, [h = std::move(handler_), ec, s = std::move(out)]() mutable { std::move(h)(ec, std::move(s)); });
  }

  asio::any_io_executor io_;
  asio::any_io_executor strand_;
  std::vector<tcp::endpoint> order_;
  std::chrono::milliseconds stagger_;
  asio::steady_timer timer_;
  std::vector<std::shared_ptr<tcp::socket>> attempts_;
  std::size_t next_ = 0;
  int running_ = 0;
  bool finished_ = false;
  boost::system::error_code last_ = asio::error::host_not_found;
  asio::any_completion_handler<Signature> handler_;
};

/// Starts `race` and completes with the winning socket, or the last error when every address failed.
template <class Token>
auto async_connect_racing(const std::shared_ptr<ConnectRace>& race, Token&& token) {
  return asio::async_initiate<Token, ConnectRace::Signature>(
      [race](auto handler) { race->start(std::move(handler)); }, token);
}

}  // namespace webapi::detail
