#pragma once
// The members of Compiled<Fake> (compiled.hpp), each the fake's own. Included by a module's
// <webapi/fakes/<module>/src.hpp> after the fake's header, which then instantiates Compiled<Fake> once.

#include <boost/json/value.hpp>

#include <webapi/core/async_transport.hpp>

#include <webapi/fakes/core/body_limits.hpp>
#include <webapi/fakes/core/compiled.hpp>
#include <webapi/fakes/core/drift.hpp>

namespace webapi::fakes {

namespace detail {
/// The fake namespace's seed_demo(Fake&), found by argument-dependent lookup (a member named seed_demo
/// would hide it).
template <class Fake>
std::vector<std::pair<std::string, std::string>> seed_demo_of(Fake& fake) {
  return seed_demo(fake);
}
}  // namespace detail

template <class Fake>
Compiled<Fake>::Compiled() : fake_(std::make_unique<Fake>()) {}

template <class Fake>
Compiled<Fake>::Compiled(std::unique_ptr<Fake> fake) : fake_(std::move(fake)) {}

template <class Fake>
Compiled<Fake>::~Compiled() = default;

template <class Fake>
Result<Response> Compiled<Fake>::send(const Request& request) {
  return fake_->send(request);
}

template <class Fake>
AnyTransport Compiled<Fake>::any_transport() noexcept {
  return AnyTransport(*fake_);
}

template <class Fake>
std::vector<std::pair<std::string, std::string>> Compiled<Fake>::seed_demo() {
  return detail::seed_demo_of(*fake_);
}

template <class Fake>
void Compiled<Fake>::reset() {
  fake_->reset();
}

template <class Fake>
boost::json::value Compiled<Fake>::snapshot_json() const {
  return fake_->snapshot_json();
}

template <class Fake>
Journal Compiled<Fake>::journal() const {
  return fake_->journal();
}

template <class Fake>
std::vector<JournalEntry> Compiled<Fake>::requests() const {
  return fake_->requests();
}

template <class Fake>
void Compiled<Fake>::clear_journal() {
  fake_->clear_journal();
}

template <class Fake>
void Compiled<Fake>::set_journal_capacity(std::size_t n) {
  fake_->set_journal_capacity(n);
}

template <class Fake>
std::vector<RouteInfo> Compiled<Fake>::routes() const {
  return fake_->routes();
}

template <class Fake>
ManualClock& Compiled<Fake>::clock() noexcept {
  return fake_->clock();
}

template <class Fake>
void Compiled<Fake>::fail_next(std::size_t n, int status, std::string operation, std::string message) {
  fake_->fail_next(n, status, std::move(operation), std::move(message));
}

template <class Fake>
void Compiled<Fake>::drop_next(std::size_t n, std::string operation) {
  fake_->drop_next(n, std::move(operation));
}

template <class Fake>
void Compiled<Fake>::add_fault(Fault f) {
  fake_->add_fault(std::move(f));
}

template <class Fake>
std::vector<Fault> Compiled<Fake>::faults() const {
  return fake_->faults();
}

template <class Fake>
void Compiled<Fake>::set_latency(std::chrono::milliseconds d) {
  fake_->set_latency(d);
}

template <class Fake>
void Compiled<Fake>::clear_faults() {
  fake_->clear_faults();
}

template <class Fake>
void Compiled<Fake>::set_body_limits(BodyLimits limits) {
  fake_->set_body_limits(limits);
}

template <class Fake>
EnumFacts Compiled<Fake>::answer_enums() const {
  return answer_enum_facts<typename Fake::service_type>();
}

}  // namespace webapi::fakes
