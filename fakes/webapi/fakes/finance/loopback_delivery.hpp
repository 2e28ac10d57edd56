#pragma once
// Sending a recorded notification to a subscriber on this machine, for a served fake
// (Fake::deliver_to_loopback, which webapi-fake-server turns on).
//
// Only plain-http callback URLs on 127.0.0.1 or localhost are delivered: a fake never reaches beyond the
// machine it runs on. Each notification is POSTed as JSON on a thread of its own, after the call that
// recorded it has been answered, so a subscriber served by the same process cannot hold up the fake. A
// subscriber that is down or slow (2 seconds) misses the notification; the record stays in
// State::notifications either way.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include <boost/asio/ip/tcp.hpp>

namespace webapi::fakes::finance {

/// Where a loopback callback URL points.
struct LoopbackTarget {
  std::string host;
  std::string port;
  std::string target;  ///< path and query, "/" when the URL has none
};

/// The loopback address `url` names; nullopt for any other URL.
inline std::optional<LoopbackTarget> loopback_target(std::string_view url) {
  constexpr std::string_view scheme = "http://";
  if (!url.starts_with(scheme)) return std::nullopt;
  url.remove_prefix(scheme.size());
  const std::size_t slash = url.find_first_of("/?");
  std::string_view authority = url.substr(0, slash);
  LoopbackTarget t;
  t.target = slash == std::string_view::npos ? "/" : std::string(url.substr(slash));
  if (!t.target.starts_with('/')) t.target.insert(0, "/");
  const std::size_t colon = authority.rfind(':');
  t.host = std::string(authority.substr(0, colon));
  t.port = colon == std::string_view::npos ? "80" : std::string(authority.substr(colon + 1));
  if (t.host != "127.0.0.1" && t.host != "localhost") return std::nullopt;
  return t;
}

/// POSTs `body` to `t`; true when the subscriber answered 2xx.
inline bool post_json(const LoopbackTarget& t, const std::string& body) {
  boost::asio::ip::tcp::iostream stream;
  stream.expires_after(std::chrono::seconds(2));
  stream.connect(t.host, t.port);
  if (!stream) return false;
  stream << "POST " << t.target << " HTTP/1.1\r\nHost: " << t.host << ':' << t.port
         << "\r\nContent-Type: application/json\r\nContent-Length: " << body.size()
         << "\r\nConnection: close\r\n\r\n"
         << body << std::flush;
  std::string status;
  std::getline(stream, status);
  return status.size() > 9 && status.starts_with("HTTP/1.") && status[9] == '2';
}

/// Delivers `body` to `url` in the background when `url` is a loopback URL; false when it is not.
inline bool deliver_in_background(std::string_view url, std::string body) {
  auto target = loopback_target(url);
  if (!target) return false;
  std::thread([t = std::move(*target), b = std::move(body)] { post_json(t, b); }).detach();
  return true;
}

}  // namespace webapi::fakes::finance
