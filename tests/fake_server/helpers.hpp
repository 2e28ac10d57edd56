#pragma once
// Shared by the served-fake tests: a bounded client, raw socket exchanges, and a quotes fake with its demo
// data set served on loopback.

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <boost/json/parse.hpp>

#include <webapi/fakes/quotes.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/fakes/webhooks.hpp>
#include <webapi/transport.hpp>

namespace served_test {

using namespace std::chrono_literals;
using webapi::Method;
using webapi::Request;
using webapi::Response;
using webapi::Result;

inline webapi::BeastTransportOptions local_options() {
  webapi::BeastTransportOptions o;
  o.timeouts = {.connect = 2s, .tls_handshake = 2s, .request = 5s};
  o.proxy = webapi::ProxyConfig{};
  return o;
}

inline Request make_request(const webapi::fakes::Server& s, std::string path, Method m = Method::get,
                            std::string body = {}) {
  Request r;
  r.method = m;
  r.base_url = s.base_url();
  r.path = std::move(path);
  r.body = std::move(body);
  if (!r.body.empty()) r.content_type = "application/json";
  return r;
}

/// Writes `bytes` on a fresh connection and reads until the peer closes, `until` has arrived, or 5 s pass.
inline std::string raw_exchange(std::uint16_t port, const std::string& bytes, const std::string& until = {}) {
  namespace asio = boost::asio;
  asio::io_context ioc;
  asio::ip::tcp::socket s(ioc);
  s.connect({asio::ip::make_address("127.0.0.1"), port});
  timeval tv{5, 0};
  ::setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  boost::system::error_code ec;
  asio::write(s, asio::buffer(bytes), ec);
  std::string got;
  if (!until.empty())
    asio::read_until(s, asio::dynamic_buffer(got), until, ec);
  else
    asio::read(s, asio::dynamic_buffer(got), ec);
  return got;
}

/// The quotes fake with its demo data set, served; `key` is the demo API key.
struct ServedQuotes {
  explicit ServedQuotes(webapi::fakes::ServeOptions o = {}) {
    for (const auto& [name, value] : seed_demo(fake))
      if (name == "API_KEY") key = value;
    server.emplace(webapi::fakes::serve(fake, 0, std::move(o)));
  }
  Request qod() const {
    Request r = make_request(*server, "/qod");
    r.headers.set("X-Service-Api-Secret", key);
    return r;
  }
  /// Whether a correct request is still answered correctly.
  bool answers_correctly() {
    webapi::BeastTransport http(local_options());
    auto r = http.send(qod());
    return r && r->status == 200 && r->body.find("\"quotes\"") != std::string::npos;
  }

  webapi::fakes::quotes::Fake fake;
  std::string key;
  std::optional<webapi::fakes::Server> server;
};

inline boost::json::value json_of(const Result<Response>& r) {
  if (!r) return nullptr;
  boost::system::error_code ec;
  auto v = boost::json::parse(r->body, ec);
  return ec ? boost::json::value(nullptr) : v;
}

}  // namespace served_test
