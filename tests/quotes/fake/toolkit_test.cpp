// The shared fake toolkit: router, parameters, multipart reader, store, clock, faults, journal, PNG.

#include <chrono>
#include <functional>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/multipart.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/dispatcher.hpp>
#include <webapi/fakes/core/faults.hpp>
#include <webapi/fakes/core/journal.hpp>
#include <webapi/fakes/core/multipart.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/png.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/core/store.hpp>

using namespace webapi;
using namespace webapi::fakes;
using namespace std::chrono_literals;

BOOST_AUTO_TEST_SUITE(toolkit)

using TestRouter = Router<int>;

BOOST_AUTO_TEST_CASE(router_captures_decoded_and_a_slash_stays_in_its_segment) {
  TestRouter r;
  r.add(Method::get, "/tracks/{track_id}", "get_track", 1).add(Method::get, "/tracks/{track_id}/comments", "c", 2);
  auto m = r.match(Method::get, "/tracks/" + url::encode_segment("../admin"));
  BOOST_TEST(int(m.outcome) == int(TestRouter::Outcome::matched));
  BOOST_TEST(m.route->operation == "get_track");
  BOOST_TEST(*m.captures.get("track_id") == "../admin");

  auto spaced = r.match(Method::get, "/tracks/" + url::encode_segment("a b/c%") + "/comments");
  BOOST_REQUIRE(spaced.route);
  BOOST_TEST(spaced.route->operation == "c");
  BOOST_TEST(*spaced.captures.get("track_id") == "a b/c%");

  // An unencoded slash is a new segment, so it cannot reach the one-segment route.
  BOOST_TEST(int(r.match(Method::get, "/tracks/a/b").outcome) == int(TestRouter::Outcome::no_route));
  BOOST_TEST(int(r.match(Method::get, "/tracks/").outcome) == int(TestRouter::Outcome::no_route));
  BOOST_TEST(int(r.match(Method::get, "/tracks/%zz").outcome) == int(TestRouter::Outcome::bad_path));
}

BOOST_AUTO_TEST_CASE(router_prefers_literals_reports_405_and_captures_rests) {
  TestRouter r;
  r.add(Method::get, "/me/{id}", "by_id", 1)
      .add(Method::get, "/me/likes", "likes", 2)
      .add(Method::delete_, "/me/likes", "unlike_all", 3)
      .add(Method::get, "/v1/{+name}", "resource", 4)
      .add(Method::put, "/me/settings", "settings", 5);
  BOOST_TEST(r.match(Method::get, "/me/likes").route->operation == "likes");
  BOOST_TEST(r.match(Method::get, "/me/x").route->operation == "by_id");
  // A literal route of another method does not hide a capture that takes this one.
  BOOST_TEST(r.match(Method::get, "/me/settings").route->operation == "by_id");
  BOOST_TEST(r.match(Method::put, "/me/settings").route->operation == "settings");

  auto wrong = r.match(Method::put, "/me/likes");
  BOOST_TEST(int(wrong.outcome) == int(TestRouter::Outcome::method_not_allowed));
  BOOST_TEST(wrong.allowed.size() == 2u);

  auto rest = r.match(Method::get, "/v1/projects/p%2F1/locations/l1");
  BOOST_REQUIRE(rest.route);
  BOOST_TEST(*rest.captures.get("name") == "projects/p/1/locations/l1");
  BOOST_TEST(!r.match(Method::get, "/v1").route);
}

BOOST_AUTO_TEST_CASE(params_read_query_then_form_then_json) {
  Request q;
  q.query = {{"a", "1"}, {"tags", "x, y"}, {"tags", "z"}};
  q.body = "b=two+words&c=%26";
  q.content_type = "application/x-www-form-urlencoded";
  auto p = Params::from(q);
  BOOST_TEST(*p.get("a") == "1");
  BOOST_TEST(*p.get("b") == "two words");
  BOOST_TEST(*p.get("c") == "&");
  BOOST_TEST((p.list("tags") == std::vector<std::string>{"x", "y", "z"}));
  BOOST_TEST(p.integer_or("a", 0) == 1);

  Request j;
  j.body = R"({"title":"T","n":5,"flag":true,"tags":["a","b"],"none":null})";
  j.content_type = "application/json; charset=utf-8";
  auto pj = Params::from(j);
  BOOST_TEST(*pj.get("title") == "T");
  BOOST_TEST(*pj.integer("n") == 5);
  BOOST_TEST(*pj.boolean("flag") == true);
  BOOST_TEST(pj.all("tags").size() == 2u);
  BOOST_TEST(!pj.has("none"));

  Request bad;
  bad.query = {{"n", "five"}, {"b", "maybe"}};
  auto pb = Params::from(bad);
  BOOST_CHECK_THROW(pb.integer("n"), Failure);
  BOOST_CHECK_THROW(pb.boolean("b"), Failure);
  BOOST_CHECK_THROW(pb.required("missing"), Failure);
  try {
    pb.required("title");
  } catch (const Failure& f) {
    BOOST_TEST(f.status() == 400);
    BOOST_TEST(f.message().find("title") != std::string::npos);
  }
  Request broken;
  broken.body = "{";
  broken.content_type = "application/json";
  BOOST_CHECK_THROW(Params::from(broken), Failure);
}

BOOST_AUTO_TEST_CASE(multipart_reads_what_multipart_form_writes) {
  std::string binary("\x89PNG\r\n\x1a\n\r\n--not-a-boundary\r\n\0tail", 32);
  MultipartForm form;
  form.file("image", "my \"photo\".png", binary, "image/png").field("tags", "a,b");
  auto parts = multipart::parse(form.content_type(), form.body());
  BOOST_REQUIRE(parts);
  BOOST_REQUIRE(parts->size() == 2u);
  const auto* image = multipart::find(*parts, "image");
  BOOST_REQUIRE(image);
  BOOST_TEST(image->data == binary);
  BOOST_TEST(*image->filename == "my \"photo\".png");
  BOOST_TEST(image->content_type == "image/png");
  const auto* tags = multipart::find(*parts, "tags");
  BOOST_REQUIRE(tags);
  BOOST_TEST(tags->data == "a,b");
  BOOST_TEST(!tags->filename);

  // Quoted boundary, a preamble, and a part without a name are handled or refused.
  std::string body = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nv\r\n--XyZ--\r\n";
  auto quoted = multipart::parse("multipart/form-data; boundary=\"XyZ\"", body);
  BOOST_REQUIRE(quoted);
  BOOST_TEST(quoted->at(0).data == "v");
  BOOST_TEST(!multipart::parse("multipart/form-data; boundary=XyZ",
                               "--XyZ\r\nContent-Type: text/plain\r\n\r\nv\r\n--XyZ--\r\n"));
  BOOST_TEST(!multipart::parse("application/json", body));
  BOOST_TEST(!multipart::parse("multipart/form-data; boundary=XyZ", "--XyZ\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nunterminated"));
}

BOOST_AUTO_TEST_CASE(table_keeps_insertion_order_and_ids_are_deterministic) {
  Table<int> t;
  IdSequence ids("x-");
  t.put(ids.next(), 10);
  t.put(ids.next(), 20);
  t.put("a-first-by-name", 30);
  std::vector<int> order;
  for (const int* v : t.ordered()) order.push_back(*v);
  BOOST_TEST((order == std::vector<int>{10, 20, 30}));
  BOOST_TEST(t.erase("x-1"));
  BOOST_TEST(!t.erase("x-1"));
  BOOST_TEST(t.size() == 2u);
  struct Rec {
    std::string id;
    int n;
  };
  Table<Rec> recs;
  Rec r{"r-1", 5};
  recs.put(std::move(r));  // keyed by its own id, whatever order the arguments are evaluated in
  BOOST_REQUIRE(recs.find("r-1"));
  BOOST_TEST(recs.find("r-1")->n == 5);
  BOOST_TEST(deterministic_token("k_", 1, "s") == deterministic_token("k_", 1, "s"));
  BOOST_TEST(deterministic_token("k_", 1, "s") != deterministic_token("k_", 2, "s"));
  BOOST_TEST(deterministic_token("k_", 1, "s").size() == 34u);
}

BOOST_AUTO_TEST_CASE(clock_moves_only_when_told) {
  ManualClock clock;
  BOOST_TEST(date_string(clock.now()) == "2024-01-01");
  auto before = clock.now();
  BOOST_TEST((clock.now() == before));
  clock.advance(std::chrono::hours(24 * 31 + 1) + 30s);
  BOOST_TEST(timestamp_string(clock.now()) == "2024-02-01T01:00:30Z");
  clock.reset();
  BOOST_TEST((clock.now() == before));
}

BOOST_AUTO_TEST_CASE(faults_are_consumed_in_order_and_by_operation) {
  FaultPlan plan;
  plan.fail_next(1, 429, "get_qod");
  plan.fail_next(2, 503);
  plan.drop_next(1);
  auto a = plan.take("get_quote");  // the get_qod rule does not apply; the 503 one does
  BOOST_REQUIRE(a && *a);
  BOOST_TEST((*a)->status == 503);
  auto b = plan.take("get_qod");
  BOOST_TEST((*b)->status == 429);
  BOOST_TEST((*plan.take("x"))->status == 503);
  auto dropped = plan.take("x");
  BOOST_REQUIRE(dropped);
  BOOST_TEST(!*dropped);
  BOOST_TEST(int(dropped->error().kind) == int(ErrorKind::transport));
  BOOST_TEST(!plan.take("x"));
  plan.set_latency(5ms);
  BOOST_TEST(plan.latency().count() == 5);
  plan.clear();
  BOOST_TEST(plan.latency().count() == 0);
}

BOOST_AUTO_TEST_CASE(dispatcher_answers_404_405_501_and_journals_everything) {
  struct Ctx {
    int n;
  };
  Dispatcher<Ctx> d;
  d.router()
      .add(Method::get, "/known", "get_known", [](Ctx& c) { return json_response({{"n", c.n}}); })
      .add(Method::get, "/later", "get_later")
      .add(Method::get, "/refuse", "get_refuse", [](Ctx&) -> Response { forbidden("not yours"); });
  auto run = [&](Method m, std::string path) {
    Request r;
    r.method = m;
    r.path = std::move(path);
    return d.dispatch(r, ManualClock::default_start(), [](const auto&, Captures&&) { return Ctx{7}; });
  };
  BOOST_TEST(run(Method::get, "/known")->body == R"({"n":7})");
  auto later = run(Method::get, "/later");
  BOOST_TEST(later->status == 501);
  BOOST_TEST(later->body.find("get_later") != std::string::npos);
  BOOST_TEST(run(Method::get, "/nowhere")->status == 404);
  auto wrong = run(Method::post, "/known");
  BOOST_TEST(wrong->status == 405);
  BOOST_TEST(*wrong->headers.get("Allow") == "GET");
  BOOST_TEST(run(Method::get, "/refuse")->status == 403);
  d.faults().fail_next(1, 503, "get_known");
  BOOST_TEST(run(Method::get, "/known")->status == 503);

  const Journal& j = d.journal();
  BOOST_TEST(j.size() == 6u);
  BOOST_TEST(j.count("get_known") == 2u);  // the POST matched no route, so it has no operation
  BOOST_TEST(j.count(Method::get, "/nowhere") == 1u);
  BOOST_TEST(j.last()->injected);
  BOOST_TEST(j.last()->status == 503);
  BOOST_TEST(j.at(1).status == 501);
}

BOOST_AUTO_TEST_CASE(an_error_format_shapes_every_error_the_dispatcher_answers) {
  struct Ctx {};
  Dispatcher<Ctx> d;
  d.router()
      .add(Method::get, "/later", "get_later")
      .add(Method::get, "/refuse", "get_refuse",
           [](Ctx&) -> Response { throw Failure(400, "bad member", {{"in", "name"}}); });
  d.set_error_format([](int status, std::string_view message, boost::json::object extra) {
    return json_response(status, {{"status", status}, {"says", message}, {"facts", std::move(extra)}});
  });
  auto run = [&](Method m, std::string path) {
    Request r;
    r.method = m;
    r.path = std::move(path);
    return *d.dispatch(r, ManualClock::default_start(), [](const auto&, Captures&&) { return Ctx{}; });
  };
  auto body = [](const Response& r) { return boost::json::parse(r.body).as_object(); };

  auto refused = run(Method::get, "/refuse");
  BOOST_TEST(refused.status == 400);
  BOOST_TEST(body(refused).at("says").as_string() == "bad member");
  BOOST_TEST(body(refused).at("facts").at("in").as_string() == "name");
  auto later = body(run(Method::get, "/later"));
  BOOST_TEST(later.at("status").as_int64() == 501);
  BOOST_TEST(later.at("facts").at("operation").as_string() == "get_later");
  BOOST_TEST(body(run(Method::get, "/nowhere")).at("status").as_int64() == 404);
  auto wrong = run(Method::post, "/later");
  BOOST_TEST(body(wrong).at("status").as_int64() == 405);
  BOOST_TEST(*wrong.headers.get("Allow") == "GET");
  d.faults().fail_next(1, 503);
  BOOST_TEST(body(run(Method::get, "/later")).at("says").as_string() == "injected fault: status 503");
}

BOOST_AUTO_TEST_CASE(journal_keeps_the_newest_entries_up_to_its_capacity) {
  Journal j;
  BOOST_TEST(j.capacity() == Journal::default_capacity);
  j.set_capacity(2);
  for (const char* op : {"a", "b", "c"}) j.record(Request{}, op, ManualClock::default_start()).status = 200;
  BOOST_TEST(j.size() == 2u);
  BOOST_TEST(j.dropped() == 1u);
  BOOST_TEST(j.entries().front().operation == "b");
  BOOST_TEST(j.at(1).status == 200);
  j.set_capacity(0);
  BOOST_TEST(j.empty());
  j.record(Request{}, "d", ManualClock::default_start()).status = 201;  // still safe to write to
  BOOST_TEST(j.empty());
  BOOST_TEST(j.dropped() == 4u);
  j.clear();
  BOOST_TEST(j.dropped() == 0u);
}

BOOST_AUTO_TEST_CASE(png_is_well_formed_and_deterministic) {
  std::string a = png::make("seed", 20, 10);
  BOOST_TEST(a.substr(0, 8) == std::string(png::signature));
  std::uint32_t w = 0, h = 0;
  BOOST_TEST(png::dimensions(a, w, h));
  BOOST_TEST(w == 20u);
  BOOST_TEST(h == 10u);
  BOOST_TEST(a == png::make("seed", 20, 10));
  BOOST_TEST(a != png::make("seed2", 20, 10));
  // IHDR's CRC covers its type and data.
  std::uint32_t crc = (std::uint32_t(std::uint8_t(a[29])) << 24) | (std::uint32_t(std::uint8_t(a[30])) << 16) |
                      (std::uint32_t(std::uint8_t(a[31])) << 8) | std::uint32_t(std::uint8_t(a[32]));
  BOOST_TEST(crc == png::detail::crc32(std::string_view(a).substr(12, 17)));
  BOOST_TEST(a.substr(a.size() - 8, 4) == "IEND");
}

BOOST_AUTO_TEST_SUITE_END()
