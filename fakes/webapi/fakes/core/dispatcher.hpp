#pragma once
// The steps every fake takes with a request, in one place:
//
//   route (400 malformed path, 404 no route, 405 wrong method) -> journal -> injected faults ->
//   the body limits (413 for a form body with too many fields or a multipart body with too many parts,
//   counted without splitting, so before the context splits anything) -> context (the fake
//   authenticates here; a Failure is its answer) -> the operation's request rules
//   (parameters where the operation puts them, the body it takes) -> 501 for an unmodeled operation ->
//   the handler (a Failure it throws becomes its error response; any other exception, a 500 naming the
//   operation, so send() never throws) -> a JSON answer labelled with the media type the operation's
//   description lists for its status, an empty success given the status it lists for one -> the exchange record, when WEBAPI_FAKE_EXCHANGES asks for one.
//
// A fake owns one Dispatcher inside its state and calls dispatch() while holding its own mutex, having
// already waited out any injected latency.

#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/fakes/core/answer_media.hpp>
#include <webapi/fakes/core/body_limits.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/exchange_log.hpp>
#include <webapi/fakes/core/faults.hpp>
#include <webapi/fakes/core/journal.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>

namespace webapi::fakes {

/// Routes, records and answers the requests of one fake, in the steps the file's introduction lists. A
/// `Context` is what the fake makes for each routed request (its authenticated caller, say) and hands to the
/// handler. Not synchronised: the fake calls it under its own mutex.
template <class Context>
class Dispatcher {
 public:
  /// What a route calls: the request's context and the request, to the response.
  using Handler = std::function<Response(Context&, const Request&)>;
  /// The router of Handler routes.
  using RouterType = Router<Handler>;
  /// One route of the router.
  using Route = typename RouterType::Route;
  /// Builds an error answer from a status, a message and further facts; error_response unless set.
  using ErrorFormat = std::function<Response(int status, std::string_view message, boost::json::object extra)>;

  /// The routes; add them before the first request.
  RouterType& router() noexcept { return router_; }
  /// The routes, to read.
  const RouterType& router() const noexcept { return router_; }
  /// The requests received, each with the status answered.
  Journal& journal() noexcept { return journal_; }
  /// The requests received, to read.
  const Journal& journal() const noexcept { return journal_; }
  /// The faults to inject before the fake's own rules run.
  FaultPlan& faults() noexcept { return faults_; }
  /// Every error answer, the dispatcher's own (no route, wrong method, 501, injected faults) and every
  /// Failure a handler throws, is built by `f`: for an API whose description defines its own error shape.
  void set_error_format(ErrorFormat f) { format_ = std::move(f); }
  /// The faults, to read.
  const FaultPlan& faults() const noexcept { return faults_; }
  /// The most fields and parts a request body may hold (core/body_limits.hpp); reset() keeps them.
  void set_body_limits(BodyLimits limits) noexcept { limits_ = limits; }
  /// The body limits in force.
  const BodyLimits& body_limits() const noexcept { return limits_; }

  /// Handles one request. `make_context(const Route&, Captures&&) -> Context` may throw Failure
  /// (401 for a missing credential, 400 for an unreadable body), which becomes the answer. A fake that
  /// routes a rewritten copy of what arrived passes the original as `received`, for the exchange record.
  template <class MakeContext>
  Result<Response> dispatch(const Request& request, ManualClock::time_point now, MakeContext&& make_context,
                            const Request* received = nullptr) {
    auto match = router_.match(request.method, request.path);
    // Nothing else records while this call runs (the caller holds its lock), so the entry stays put.
    const std::string_view operation = match.route ? std::string_view(match.route->operation) : std::string_view();
    JournalEntry& entry = journal_.record(request, operation, now);
    auto finish = [&](Response r) {
      if (match.route) {
        conform_media_type(r, match.route->rules);
        conform_empty_success(r, match.route->rules);
        // An operation the fake does not model answers 501 of its own, not as the service would, and a route
        // added by hand has no description to check against: neither is recorded.
        if (match.route->handler && match.route->rules.declared)
          ExchangeLog::instance().write(match.route->rules.api, operation, received ? *received : request, r);
      }
      entry.status = r.status;
      return Result<Response>(std::move(r));
    };

    if (auto injected = faults_.take(entry.operation, format_)) {
      entry.injected = true;
      if (*injected) entry.status = (*injected)->status;
      return *std::move(injected);
    }

    using Outcome = typename RouterType::Outcome;
    switch (match.outcome) {
      case Outcome::bad_path:
        return finish(error(400, "the request path holds a malformed percent-escape"));
      case Outcome::no_route:
        return finish(error(404, "no route for " + std::string(to_string(request.method)) + " " + request.path));
      case Outcome::method_not_allowed: {
        std::string allow;
        for (Method m : match.allowed) {
          if (!allow.empty()) allow += ", ";
          allow += to_string(m);
        }
        Response r = error(405, std::string(to_string(request.method)) + " is not allowed on " + request.path +
                                    "; allowed: " + allow);
        r.headers.set("Allow", allow);
        return finish(std::move(r));
      }
      case Outcome::matched: break;
    }

    const Route& route = *match.route;
    try {
      check_body_limits(request, limits_);
      Context context = make_context(route, std::move(match.captures));
      check_request(request, route.rules);
      if (!route.handler)
        return finish(error(501, "operation '" + route.operation + "' is not modeled by this fake",
                            {{"operation", route.operation}}));
      return finish(route.handler(context, request));
    } catch (const Failure& f) {
      return finish(error(f.status(), f.message(), f.extra()));
    } catch (const std::exception& e) {
      return finish(internal_error(route.operation, e.what()));
    } catch (...) {
      return finish(internal_error(route.operation, "an exception that is not a std::exception"));
    }
  }

  /// Forgets the requests received and the faults planned; the routes stay.
  void reset() {
    journal_.clear();
    faults_.clear();
  }

 private:
  /// The error format is code too: should it throw, the answer falls back to the plain error shape.
  Response error(int status, std::string_view message, boost::json::object extra = {}) const {
    try {
      return format_(status, message, extra);
    } catch (...) {
      return error_response(status, message, std::move(extra));
    }
  }
  Response internal_error(const std::string& operation, std::string_view what) const {
    return error(500, "the fake failed in operation '" + operation + "': " + std::string(what),
                 {{"operation", operation}});
  }

  RouterType router_;
  Journal journal_;
  FaultPlan faults_;
  BodyLimits limits_;
  ErrorFormat format_ = [](int status, std::string_view message, boost::json::object extra) {
    return error_response(status, message, std::move(extra));
  };
};

}  // namespace webapi::fakes
