// Pagers: a lazy loop over every item, for page tokens, offsets and next links.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/audio/client.hpp>
#include <webapi/core/pager.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/fakes/quotes.hpp>
#include <webapi/migration/client.hpp>
#include <webapi/quotes/client.hpp>

namespace {

webapi::Response paged_json(std::string body, int status = 200) {
  webapi::Response r;
  r.status = status;
  r.headers.set("Content-Type", "application/json");
  r.body = std::move(body);
  return r;
}

std::string groups_page(std::vector<std::string> names, std::string next = "") {
  std::string body = R"({"groups":[)";
  for (std::size_t i = 0; i < names.size(); ++i) body += (i ? "," : "") + (R"({"name":")" + names[i] + R"("})");
  body += "]";
  if (!next.empty()) body += R"(,"nextPageToken":")" + next + R"(")";
  return body + "}";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pager)

BOOST_AUTO_TEST_CASE(a_quotes_list_is_walked_page_by_page_against_the_fake) {
  webapi::fakes::quotes::Fake fake;
  std::string key = fake.add_api_key("alice");
  webapi::quotes::AnyClient quotes{fake, {.api_key = key}};
  for (int i = 0; i < 25; ++i)
    BOOST_REQUIRE(quotes.put_quote({.quote = "Note number " + std::to_string(i) + "."}));
  const std::size_t before = fake.journal().size();

  auto all = quotes.get_quote_list_all({.limit = 10});
  std::vector<std::string> seen;
  for (const auto& q : all) {
    seen.emplace_back(q.quote);
    if (seen.size() == 5) BOOST_TEST(fake.journal().size() == before + 1);  // one page so far
  }
  BOOST_TEST(!all.error());
  BOOST_REQUIRE(seen.size() == 25u);
  BOOST_TEST(seen.front() == "Note number 0.");
  BOOST_TEST(seen.back() == "Note number 24.");
  BOOST_TEST(all.pages() == 3u);  // 10, 10 and a short page of 5, which is the last
  auto starts = fake.journal();
  BOOST_TEST(*starts.entries().back().request.query_value("start") == "20");
}

BOOST_AUTO_TEST_CASE(page_tokens_are_followed_only_when_the_loop_gets_there) {
  webapi::CannedTransport canned{paged_json(groups_page({"g1", "g2"}, "token-2"))};
  webapi::migration::AnyClient migration{canned, {.access_token = "ya29.t"}};
  std::vector<std::string> names;
  auto all = migration.groups_list_all("projects/p1/locations/l1", {.page_size = 2});
  for (const auto& g : all) {
    names.push_back(g.name.value_or(""));
    // The next page is asked for only after the last item of this one.
    BOOST_TEST(!canned.last()->query_value("pageToken").has_value() == (names.size() <= 2));
    if (names.size() == 2) canned.respond(paged_json(groups_page({"g3"})));
  }
  BOOST_TEST((names == std::vector<std::string>{"g1", "g2", "g3"}));
  BOOST_TEST(*canned.last()->query_value("pageToken") == "token-2");
  BOOST_TEST(*canned.last()->query_value("pageSize") == "2");
  BOOST_TEST(all.pages() == 2u);
  BOOST_TEST(!all.error());
}

BOOST_AUTO_TEST_CASE(the_loop_stops_at_the_first_error_which_is_kept) {
  webapi::CannedTransport canned{paged_json(groups_page({"g1"}, "token-2"))};
  webapi::migration::AnyClient migration{canned, {.access_token = "ya29.t"}};
  auto all = migration.groups_list_all("projects/p1/locations/l1");
  int count = 0;
  for (const auto& g : all) {
    (void)g;
    ++count;
    canned.respond(paged_json(R"({"error":{"code":503,"message":"try later"}})", 503));
  }
  BOOST_TEST(count == 1);
  BOOST_REQUIRE(all.error());
  BOOST_TEST(all.error()->status == 503);
  BOOST_TEST(all.error()->operation == "groups_list");
  BOOST_TEST(!migration.groups_list_all("projects/p1/locations/l1").collect());
}

BOOST_AUTO_TEST_CASE(a_cursor_that_does_not_move_ends_the_loop) {
  webapi::CannedTransport canned{paged_json(groups_page({"g1"}, "same"))};
  webapi::migration::AnyClient migration{canned, {.access_token = "ya29.t"}};
  auto all = migration.groups_list_all("projects/p1/locations/l1").collect();
  BOOST_REQUIRE(all);
  BOOST_TEST(all->size() == 2u);  // the first page, and the page at "same" which points at itself
}

BOOST_AUTO_TEST_CASE(next_links_are_followed_only_to_the_clients_own_host) {
  auto ok = webapi::follow_link("https://api.example.test/tracks?cursor=abc&limit=2", "https://api.example.test",
                                "list_tracks");
  BOOST_REQUIRE(ok);
  BOOST_TEST(ok->base_url == "https://api.example.test");
  BOOST_TEST(ok->path == "/tracks");
  BOOST_TEST(*ok->query_value("cursor") == "abc");
  BOOST_TEST(webapi::follow_link("https://API.example.test:443/t", "https://api.example.test", "x").has_value());

  for (const char* elsewhere : {"https://evil.example/tracks?cursor=abc", "http://api.example.test/tracks",
                                "https://api.example.test:8443/tracks", "/tracks?cursor=abc"}) {
    auto r = webapi::follow_link(elsewhere, "https://api.example.test", "list_tracks");
    BOOST_REQUIRE_MESSAGE(!r, elsewhere);
    BOOST_TEST(int(r.error().kind) == int(webapi::ErrorKind::invalid_argument));
    BOOST_TEST(r.error().operation == "list_tracks");
  }
}

BOOST_AUTO_TEST_CASE(a_next_link_is_split_as_a_server_reads_it) {
  auto ok = webapi::follow_link("HTTPS://api.example.test:443/a%2Fb/c?q=x+y&plus=%2B&flag&=v&&empty=",
                                "https://API.example.test/prefix", "list");
  BOOST_REQUIRE(ok);
  BOOST_TEST(ok->base_url == "HTTPS://api.example.test:443");
  BOOST_TEST(ok->path == "/a%2Fb/c");
  BOOST_REQUIRE(ok->query.size() == 5u);
  BOOST_TEST(*ok->query_value("q") == "x y");
  BOOST_TEST(*ok->query_value("plus") == "+");
  BOOST_TEST(*ok->query_value("flag") == "");
  BOOST_TEST(*ok->query_value("") == "v");
  BOOST_TEST(*ok->query_value("empty") == "");
  auto bare = webapi::follow_link("https://api.example.test", "https://api.example.test", "list");
  BOOST_REQUIRE(bare);
  BOOST_TEST(bare->path == "/");
  auto v6 = webapi::follow_link("http://[::1]:8080/t?c=2", "http://[::1]:8080", "list");
  BOOST_REQUIRE(v6);
  BOOST_TEST(v6->base_url == "http://[::1]:8080");
}

BOOST_AUTO_TEST_CASE(a_next_link_that_hides_another_host_or_is_malformed_is_refused) {
  auto refused = [](const char* link) {
    auto r = webapi::follow_link(link, "https://api.example.test", "list");
    BOOST_TEST_CONTEXT(link) { BOOST_TEST(!r.has_value()); }
    return r ? std::string() : r.error().message;
  };
  BOOST_TEST(refused("https://api.example.test@evil.example/t").find("another host (evil.example)") !=
             std::string::npos);
  BOOST_TEST(refused("https://api.example.test:443@evil.example/t").find("another host") != std::string::npos);
  BOOST_TEST(refused("https://user:pw@api.example.test/t").find("user information") != std::string::npos);
  for (const char* bad : {"https://api.example.test/t#frag", "https://api.example.test/t?c=%zz",
                          "https://api.example.test/a b", "https://api.example.test:44x/t", "https:///t",
                          "mailto:someone@api.example.test", "https://[::1/t", "api.example.test/t",
                          "https://api.example.test/t?c=%4"})
    BOOST_TEST(refused(bad).find("is not an absolute URL") != std::string::npos);
  auto r = webapi::follow_link("https://api.example.test/t", "not a url", "list");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().message.find("base_url is not an absolute URL") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_next_link_pager_over_canned_transport) {
  webapi::CannedTransport canned{paged_json(R"({"collection":[1,2],"next_href":"https://api.example.test/t?cursor=2"})")};
  // What a next-link operation's pager does: the first page by the operation, the rest by the link.
  webapi::Pager<int> all([&](const std::optional<std::string>& link) -> webapi::Result<webapi::Page<int>> {
    webapi::Request req;
    if (link) {
      auto followed = webapi::follow_link(*link, "https://api.example.test", "list");
      if (!followed) return followed.error();
      req = *followed;
    } else {
      req.base_url = "https://api.example.test";
      req.path = "/t";
    }
    auto r = canned.send(req);
    auto body = boost::json::parse(r->body).as_object();
    webapi::Page<int> page;
    for (const auto& v : body.at("collection").as_array()) page.items.push_back(int(v.as_int64()));
    if (auto* next = body.if_contains("next_href")) page.next = std::string(next->as_string());
    canned.respond(paged_json(R"({"collection":[3],"next_href":"https://elsewhere.example/t?cursor=3"})"));
    return page;
  });
  std::vector<int> seen;
  for (int v : all) seen.push_back(v);
  BOOST_TEST((seen == std::vector<int>{1, 2, 3}));
  BOOST_REQUIRE(all.error());
  BOOST_TEST(all.error()->message.find("another host (elsewhere.example)") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(audio_next_links)

BOOST_AUTO_TEST_CASE(linked_pages_are_followed_with_credentials_and_only_at_home) {
  webapi::CannedTransport canned{paged_json(
      R"({"collection":[{"id":1},{"id":2}],"next_href":"https://api.soundcloud.com/me/tracks?cursor=c2&client_id=old"})")};
  webapi::audio::AnyClient audio{canned, {.client_id = "cid-123456"}};
  auto all = audio.get_me_tracks_all({.limit = 2});
  std::vector<std::int64_t> ids;
  for (const auto& t : all) {
    ids.push_back(t.id.value_or(0));
    if (ids.size() == 1) {
      // The first page was asked for as a linked page, whatever the caller's parameters said.
      BOOST_TEST(canned.last()->query_value("linked_partitioning").value_or("") == "true");
      canned.respond(paged_json(R"({"collection":[{"id":3}],"next_href":"https://evil.example/me/tracks?cursor=c3"})"));
    }
  }
  BOOST_TEST((ids == std::vector<std::int64_t>{1, 2, 3}));
  auto second = *canned.last();
  BOOST_TEST(second.path == "/me/tracks");
  BOOST_TEST(second.query_value("cursor").value_or("") == "c2");
  BOOST_TEST(second.query_value("client_id").value_or("") == "cid-123456");  // the client's own credential
  BOOST_TEST(webapi::auth::is_secret(second, "client_id"));
  BOOST_REQUIRE(all.error());  // the third link leads elsewhere and is not followed
  BOOST_TEST(all.error()->message.find("another host") != std::string::npos);
  BOOST_TEST(all.pages() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
