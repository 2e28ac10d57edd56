#pragma once
// Scenarios of the quotes rules written against the client alone (see contract.hpp): the like and bookmark
// toggles of a quote, and a qshow's membership. Each makes its own quote and qshow and deletes them after.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/quotes.hpp>

namespace test::quotes_contract {

namespace qm = webapi::quotes;

/// What a scenario drives: a client presenting one key.
struct Target {
  Target(webapi::AnyTransport t, std::string base_url, std::string key)
      : transport(t), client(transport, qm::Config{.base_url = std::move(base_url), .api_key = std::move(key)}) {}
  webapi::AnyTransport transport;
  qm::Client<webapi::AnyTransport> client;

  /// A quote of the key's owner, made for the scenario.
  std::string own_quote(const std::string& text) {
    auto created = client.put_quote({.quote = text, .tags = "contract"});
    BOOST_REQUIRE_MESSAGE(created, (created ? "" : created.error().what()));
    BOOST_REQUIRE(!created->contents.quotes.empty());
    return created->contents.quotes.at(0).id;
  }
};

/// Liking twice and bookmarking twice each come back to where they began, and count on the way.
inline void toggles_restore_the_first_state(Target& t) {
  const std::string quote = t.own_quote("Contract toggles.");
  auto liked = t.client.get_quote_like_toggle({.quote_id = quote});
  BOOST_REQUIRE_MESSAGE(liked, (liked ? "" : liked.error().what()));
  BOOST_TEST(*liked->contents.liked);
  BOOST_TEST(*liked->contents.likes == 1);
  auto unliked = t.client.get_quote_like_toggle({.quote_id = quote});
  BOOST_REQUIRE(unliked);
  BOOST_TEST(!*unliked->contents.liked);
  BOOST_TEST(*unliked->contents.likes == 0);
  auto marked = t.client.get_quote_bookmark_toggle({.quote_id = quote});
  BOOST_REQUIRE(marked);
  BOOST_TEST(*marked->contents.bookmarked);
  auto unmarked = t.client.get_quote_bookmark_toggle({.quote_id = quote});
  BOOST_REQUIRE(unmarked);
  BOOST_TEST(!*unmarked->contents.bookmarked);
  BOOST_TEST(t.client.delete_quote({.id = quote}).has_value());
}

/// A quote added to a qshow twice is a member once; removed, it is no member; a removal of a non-member says
/// it removed nothing.
inline void qshow_membership(Target& t) {
  const std::string quote = t.own_quote("Contract membership.");
  auto show = t.client.put_qshow({.title = "Contract"});
  BOOST_REQUIRE_MESSAGE(show, (show ? "" : show.error().what()));
  const std::string id = *show->contents.id;
  auto added = t.client.post_qshow_quotes_add({.id = id, .quoteid = quote});
  BOOST_REQUIRE(added);
  BOOST_TEST(*added->contents.added);
  auto again = t.client.post_qshow_quotes_add({.id = id, .quoteid = quote});
  BOOST_REQUIRE(again);
  BOOST_TEST(!*again->contents.added);
  auto members = t.client.get_qshow_quotes({.id = id});
  BOOST_REQUIRE(members);
  BOOST_TEST(members->contents.quotes.size() == 1u);
  auto removed = t.client.post_qshow_quotes_remove({.id = id, .quoteid = quote});
  BOOST_REQUIRE(removed);
  BOOST_TEST(*removed->contents.removed);
  auto nothing = t.client.post_qshow_quotes_remove({.id = id, .quoteid = quote});
  BOOST_REQUIRE(nothing);
  BOOST_TEST(!*nothing->contents.removed);
  BOOST_TEST(t.client.get_qshow_quotes({.id = id})->contents.quotes.empty());
  BOOST_TEST(t.client.delete_qshow({.id = id}).has_value());
  BOOST_TEST(t.client.delete_quote({.id = quote}).has_value());
}

}  // namespace test::quotes_contract
