#pragma once
// Compiled<Fake>: a fake whose implementation is compiled once, into its module's library
// (webapi::fakes_<module>_compiled), so that a test file including it pays for the declarations below and
// not for the fake's handlers, state and codec. It owns one `Fake` (the header-only fake of
// <webapi/fakes/<module>/fake.hpp>) and offers what a test calls on any fake:
//
//   webapi::fakes::quotes::CompiledFake fake;          // <webapi/fakes/quotes/compiled.hpp>
//   auto demo = fake.seed_demo();                      // the demo's names and credentials
//   webapi::quotes::AnyClient client{fake, {.api_key = demo.at(0).second}};  // compiles no method here
//   fake.clock().advance(std::chrono::hours(25));
//   fake.fail_next(1, 503, "get_qod");
//   BOOST_TEST(fake.journal().count("get_qod") == 1);
//
// Each module's CompiledFake derives from it and adds that fake's own seeding. It is also what
// webapi-fake-server serves: serve() (<webapi/fake_server/serve.hpp>) and verify() (drift.hpp) take it as
// they take the fake. Everything else a fake offers (inspect() over its State, snapshot()) is on full(), for
// a translation unit that also includes the fake's own header. Every member is safe to call from any
// thread, as the fake's are.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/json/fwd.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/enum_facts.hpp>
#include <webapi/fakes/core/faults.hpp>
#include <webapi/fakes/core/journal.hpp>
#include <webapi/fakes/core/route_info.hpp>

namespace webapi::fakes {

struct BodyLimits;  // <webapi/fakes/core/body_limits.hpp>

/// A fake compiled into its module's library; see the file's introduction. `Fake` need not be complete
/// where this is used: the library that defines the members (<webapi/fakes/core/compiled_impl.hpp>)
/// includes it.
template <class Fake>
class Compiled {
 public:
  /// A fresh fake, as `Fake{}` is.
  Compiled();
  ~Compiled();
  /// A fake is neither copied nor moved: clients hold it by reference.
  Compiled(const Compiled&) = delete;
  /// Not assigned either.
  Compiled& operator=(const Compiled&) = delete;

  // ---- the Transport ----------------------------------------------------------------------------------

  /// Answers `request` as the service would (Fake::send).
  Result<Response> send(const Request& request);

  /// The asynchronous send() (Fake::async_send): the same answer, completed on the handler's associated
  /// executor; cancellation through the handler's slot stops an injected latency. It goes through
  /// any_transport(), so it needs <webapi/core/async_transport.hpp>, as AnyTransport's does.
  template <class Token>
  auto async_send(Request request, Token&& token) {
    return any_transport().async_send(std::move(request), std::forward<Token>(token));
  }

  /// This fake behind an AnyTransport, made in the library (so an AnyClient made from a compiled fake costs
  /// its users nothing to compile); AnyTransport's constructor calls it.
  AnyTransport any_transport() noexcept;

  // ---- seeding and state --------------------------------------------------------------------------------

  /// The demo data set of `webapi-fake-server --seed demo`: adds it, and returns its names, ids and
  /// credentials as the server prints them (NAME, value), in the same order.
  std::vector<std::pair<std::string, std::string>> seed_demo();
  /// Back to a fresh fake: its first data, an empty journal, no faults, the clock at its start.
  void reset();
  /// Everything the fake holds, as JSON (what GET /__webapi/snapshot answers).
  boost::json::value snapshot_json() const;

  // ---- the requests received ----------------------------------------------------------------------------

  /// The requests received, oldest first, with the operation each reached and the status answered.
  Journal journal() const;
  /// A copy of the journal's entries, oldest first.
  std::vector<JournalEntry> requests() const;
  /// Forgets the requests received; the journal's bounds stay.
  void clear_journal();
  /// Keeps at most the newest `n` requests (10,000 unless set).
  void set_journal_capacity(std::size_t n);
  /// Every operation the fake routes, with whether it models it.
  std::vector<RouteInfo> routes() const;

  // ---- time and faults ----------------------------------------------------------------------------------

  /// The fake's clock; move it with advance() or set().
  ManualClock& clock() noexcept;
  /// The next `n` calls (of `operation`, if named) answer `status` with the service's error body.
  void fail_next(std::size_t n, int status, std::string operation = {}, std::string message = {});
  /// The next `n` calls (of `operation`, if named) fail as a dropped connection (a transport Error).
  void drop_next(std::size_t n, std::string operation = {});
  /// Adds a fault rule of any kind (Fault in <webapi/fakes/core/faults.hpp>).
  void add_fault(Fault f);
  /// The fault rules not yet used up.
  std::vector<Fault> faults() const;
  /// Every call takes at least `d`.
  void set_latency(std::chrono::milliseconds d);
  /// Removes every fault rule and the latency.
  void clear_faults();

  // ---- serving ------------------------------------------------------------------------------------------

  /// The most fields and parts it splits from a request body (serve() passes ServeOptions' limits on).
  void set_body_limits(BodyLimits limits);
  /// The known values of the enums its service answers, for verify() (drift.hpp) to report others.
  EnumFacts answer_enums() const;

  // ---- the fake itself ------------------------------------------------------------------------------------

  /// The header-only fake this one runs, for what is not declared here (inspect() over its State, say);
  /// calling its members needs its header.
  Fake& full() noexcept { return *fake_; }
  /// The same, to read.
  const Fake& full() const noexcept { return *fake_; }

 protected:
  /// Runs `fake`, made with the fake's own options by a module's CompiledFake.
  explicit Compiled(std::unique_ptr<Fake> fake);

 private:
  std::unique_ptr<Fake> fake_;
};

}  // namespace webapi::fakes
