#pragma once
// The fakes webapi-fake-server can serve, by module name.
//
// Each fake is served from a translation unit of its own, `serve_<module>.cpp` beside this file, which
// registers the module's compiled fake (webapi::fakes_<module>_compiled) with one line:
//
//   static const webapi::fake_server::Registration quotes{entry<webapi::fakes::quotes::CompiledFake>("quotes")};
//
// so no translation unit includes more than one module, and none compiles a fake: the library that tests
// link holds it. entry<Fake>() takes a header-only fake as well. A fake may offer a demo data set (a compiled
// fake's seed_demo(), or `seed_demo(Fake&)` in its namespace: webapi::fakes::HasDemoSeed); --seed demo adds
// it and prints the credentials it returns. With --verify, the fake is not served: verify()
// (fakes/core/drift.hpp) replays a cassette on it and the differences are printed.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/cassette.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/fakes/core/drift.hpp>

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

/// What --verify needs besides the cassette: the fake's credentials named on the command line.
struct VerifyOptions {
  std::vector<std::pair<std::string, std::string>> credentials;  ///< --credential NAME=VALUE, in order
};

struct Entry {
  std::string_view name;
  bool has_demo = false;
  /// Makes the fake, seeds it (printing NAME=VALUE credential lines to `out`), and serves it.
  std::function<std::unique_ptr<Running>(const StartOptions&, std::ostream& out)> start;
  /// Makes a fresh fake, seeds it as `start` would (printing nothing), replays `cassette` on it with the
  /// credentials named and then the demo's, and writes one line per difference to `out`; returns how many.
  std::function<std::size_t(const StartOptions&, const VerifyOptions&, const Cassette&, std::ostream& out)> verify;
};

template <class Fake>
std::size_t verify_fake(const StartOptions& o, const VerifyOptions& v, const Cassette& cassette, std::ostream& out) {
  auto fake = std::make_unique<Fake>();  // fakes are large; not on the stack
  fake->clock().set_real_time_by_default(!o.frozen_clock);
  fake->reset();
  webapi::fakes::DriftOptions options{.credentials = v.credentials};
  if constexpr (webapi::fakes::HasDemoSeed<Fake>) {
    if (o.seed == "demo")
      for (auto& credential : webapi::fakes::demo_credentials(*fake))
        options.credentials.push_back(std::move(credential));
  }
  const auto drifts = webapi::fakes::verify(*fake, cassette, options);
  for (const auto& d : drifts) out << d.line() << '\n';
  return drifts.size();
}

template <class Fake>
class Served final : public Running {
 public:
  explicit Served(const StartOptions& o, std::ostream& out) {
    // A served fake is used as the service would be, so its clock runs unless told otherwise; reset()
    // (and POST /__webapi/reset) comes back to that.
    fake_.clock().set_real_time_by_default(!o.frozen_clock);
    fake_.reset();
    if constexpr (webapi::fakes::HasDemoSeed<Fake>) {
      if (o.seed == "demo")
        for (const auto& [name, value] : webapi::fakes::demo_credentials(fake_)) out << name << '=' << value << '\n';
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
  return Entry{name, webapi::fakes::HasDemoSeed<Fake>,
               [](const StartOptions& o, std::ostream& out) -> std::unique_ptr<Running> {
                 return std::make_unique<Served<Fake>>(o, out);
               },
               &verify_fake<Fake>};
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
