#pragma once
// Scenarios of the project-management status rules written against the client alone (see contract.hpp): a
// job moved through the statuses the service allows and back, through both of its status operations, and
// moves it does not allow refused with the service's message, changing nothing. The service offers no call
// that makes a job or a Smart quote, so the scenarios are given one of each: a job that is OPEN, and a Smart
// quote that is REQUESTED. The job ends OPEN again; the quote is only read and refused.

#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/project_management.hpp>

namespace test::project_management_contract {

namespace pm = webapi::project_management;

/// What a scenario drives: a client with an access token, an OPEN job and a REQUESTED Smart quote.
struct Target {
  Target(webapi::AnyTransport t, std::string base_url, std::string access_token, std::string job_id,
         std::string quote_id)
      : transport(t), job(std::move(job_id)), quote(std::move(quote_id)),
        client(transport, pm::Config{.base_url = std::move(base_url), .access_token = std::move(access_token)}) {}
  webapi::AnyTransport transport;
  std::string job;
  std::string quote;
  pm::Client<webapi::AnyTransport> client;

  std::string job_status() {
    auto read = client.get_jobs_job_id(job);
    BOOST_REQUIRE_MESSAGE(read, "reading job " << job << ": " << (read ? "" : read.error().what()));
    return read->status.value_or("");
  }
  std::string quote_status() {
    auto read = client.get_v2_quotes_quote_id(quote);
    BOOST_REQUIRE_MESSAGE(read, "reading quote " << quote << ": " << (read ? "" : read.error().what()));
    return read->status.value_or("");
  }
  /// Moves the job with PUT /jobs/{jobId}/status, or its v2 form.
  webapi::Result<void> move_job(const std::string& to, bool v2 = false) {
    return v2 ? client.put_v2_jobs_job_id_status(job, {.body = {.status = to}})
              : client.put_jobs_job_id_status(job, {.body = {.status = to}});
  }
};

/// The errorMessage of a refused call in the service's error shape, after checking its status.
inline std::string refusal(const webapi::Result<void>& r, int status) {
  BOOST_REQUIRE_MESSAGE(!r, "the move was allowed");
  BOOST_TEST(r.error().status == status);
  boost::system::error_code ec;
  const auto body = boost::json::parse(r.error().body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && body.is_object() && body.as_object().contains("errorMessage"),
                        "not the service's error: " << r.error().body);
  return std::string(body.at("errorMessage").as_string());
}

/// OPEN to CANCELLED and back to OPEN, once through each status operation; each move read back.
inline void a_job_is_cancelled_and_reopened(Target& t) {
  BOOST_REQUIRE_EQUAL(t.job_status(), "OPEN");
  for (bool v2 : {false, true}) {
    auto cancelled = t.move_job("CANCELLED", v2);
    BOOST_REQUIRE_MESSAGE(cancelled, "OPEN to CANCELLED: " << (cancelled ? "" : cancelled.error().body));
    BOOST_TEST(t.job_status() == "CANCELLED");
    auto reopened = t.move_job("OPEN", !v2);
    BOOST_REQUIRE_MESSAGE(reopened, "CANCELLED to OPEN: " << (reopened ? "" : reopened.error().body));
    BOOST_TEST(t.job_status() == "OPEN");
  }
}

/// Moves the table does not allow are 400 in the service's error shape, with a message, and leave the status
/// as it was: an OPEN job to READY, to a status a job cannot be asked for, a move without a status, a
/// REQUESTED quote straight to SENT. (The fake's exact messages are its rule tests' concern: the service's
/// wording is not part of the contract.)
inline void illegal_moves_are_refused(Target& t) {
  BOOST_REQUIRE_EQUAL(t.job_status(), "OPEN");
  BOOST_TEST(!refusal(t.move_job("READY"), 400).empty());
  BOOST_TEST(!refusal(t.move_job("OFFERS_SENT", true), 400).empty());
  BOOST_TEST(!refusal(t.client.put_jobs_job_id_status(t.job, {}), 400).empty());
  BOOST_TEST(t.job_status() == "OPEN");

  BOOST_REQUIRE_EQUAL(t.quote_status(), "REQUESTED");
  BOOST_TEST(!refusal(t.client.put_v2_quotes_quote_id_status(t.quote, {.body = {.status = "SENT"}}), 400).empty());
  BOOST_TEST(t.quote_status() == "REQUESTED");
}

}  // namespace test::project_management_contract
