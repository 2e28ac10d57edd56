#pragma once
// The fakes webapi-fake-server can serve, by module name.
//
// To add one: include its header and add a line to registry() below. A fake may offer
// `seed_demo(Fake&) -> std::vector<std::pair<std::string, std::string>>` in its namespace (found by
// argument-dependent lookup); --seed demo calls it and prints the credentials it returns.

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/fakes/serve.hpp>

#if __has_include(<webapi/fakes/quotes.hpp>)
#include <webapi/fakes/quotes.hpp>
#endif
#if __has_include(<webapi/fakes/userinfo.hpp>)
#include <webapi/fakes/userinfo.hpp>
#endif
#if __has_include(<webapi/fakes/webhooks.hpp>)
#include <webapi/fakes/webhooks.hpp>
#endif

namespace webapi::fake_server {

/// A fake being served; destroying it stops the server first, then drops the fake.
class Running {
 public:
  virtual ~Running() = default;
  virtual std::uint16_t port() const = 0;
};

struct StartOptions {
  std::uint16_t port = 0;
  std::string seed;          ///< "" for an empty fake, "demo" for the fake's demo data set
  bool frozen_clock = false;  ///< the in-process default (frozen at 2024-01-01) instead of real time
  webapi::fakes::ServeOptions serve{};
};

struct Entry {
  std::string_view name;
  bool has_demo = false;
  /// Makes the fake, seeds it (printing NAME=VALUE credential lines to `out`), and serves it.
  std::function<std::unique_ptr<Running>(const StartOptions&, std::ostream& out)> start;
};

template <class Fake>
concept HasDemo = requires(Fake& f) {
  { seed_demo(f) } -> std::convertible_to<std::vector<std::pair<std::string, std::string>>>;
};

template <class Fake>
class Served final : public Running {
 public:
  explicit Served(const StartOptions& o, std::ostream& out) {
    // A served fake is used as the service would be, so its clock runs unless told otherwise; reset()
    // (and POST /__webapi/reset) comes back to that.
    fake_.clock().set_real_time_by_default(!o.frozen_clock);
    fake_.reset();
    if constexpr (HasDemo<Fake>) {
      if (o.seed == "demo")
        for (const auto& [name, value] : seed_demo(fake_)) out << name << '=' << value << '\n';
    }
    server_.emplace(webapi::fakes::serve(fake_, o.port, o.serve));
  }
  ~Served() override { server_.reset(); }
  std::uint16_t port() const override { return server_->port(); }

 private:
  Fake fake_;
  std::optional<webapi::fakes::Server> server_;
};

template <class Fake>
Entry entry(std::string_view name) {
  return Entry{name, HasDemo<Fake>, [](const StartOptions& o, std::ostream& out) -> std::unique_ptr<Running> {
                 return std::make_unique<Served<Fake>>(o, out);
               }};
}

inline std::vector<Entry> registry() {
  std::vector<Entry> r;
#if __has_include(<webapi/fakes/quotes.hpp>)
  r.push_back(entry<webapi::fakes::quotes::Fake>("quotes"));
#endif
#if __has_include(<webapi/fakes/userinfo.hpp>)
  r.push_back(entry<webapi::fakes::userinfo::Fake>("userinfo"));
#endif
#if __has_include(<webapi/fakes/webhooks.hpp>)
  r.push_back(entry<webapi::fakes::webhooks::Fake>("webhooks"));
#endif
  return r;
}

}  // namespace webapi::fake_server
