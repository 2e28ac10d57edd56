#pragma once
// The fakes webapi-fake-server can serve, by module name.
//
// Each fake is served from a translation unit of its own, `serve_<module>.cpp` beside this file, which
// registers it with one line:
//
//   static const webapi::fake_server::Registration quotes{entry<webapi::fakes::quotes::Fake>("quotes")};
//
// so no translation unit includes more than one module. A fake may offer
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

#include <webapi/fake_server/serve.hpp>

namespace webapi::fake_server {

/// A fake being served; destroying it stops the server first, then drops the fake.
class Running {
 public:
  virtual ~Running() = default;
  virtual std::uint16_t port() const = 0;
  /// What a control-plane request must carry in X-Webapi-Control.
  virtual const std::string& control_token() const = 0;
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
  const std::string& control_token() const override { return server_->control_token(); }

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

/// Every fake linked into the server, by name.
inline std::vector<Entry>& registry() {
  static std::vector<Entry> entries;
  return entries;
}

/// Adds a fake to registry() during static initialization (see the top of this file).
struct Registration {
  explicit Registration(Entry e) { registry().push_back(std::move(e)); }
};

}  // namespace webapi::fake_server
