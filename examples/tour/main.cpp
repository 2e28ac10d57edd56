// webapi-tour: a walk through the quotes API, step by step.
//
//   webapi-tour                                         the in-memory fake, nothing leaves the process
//   webapi-tour --base-url http://127.0.0.1:PORT --api-key KEY [--other-api-key KEY2]
//                                                       a server: `webapi-fake-server --api quotes --seed demo`
//                                                       on loopback, or the real service
//
// The same tour() runs on either transport: a client does not know what it talks to. It exits 1 when a
// step does not go as it should (an expected error counts as going right), 2 on bad arguments.

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/recording.hpp>
#include <webapi/core/send_all.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>
#include <webapi/transport/beast_transport.hpp>

namespace {

namespace quotes = webapi::quotes;

/// Counts the steps that went wrong and prints each outcome.
class Steps {
 public:
  void section(std::string_view title) { std::cout << "\n[" << ++section_ << "] " << title << "\n"; }
  void say(std::string_view line) { std::cout << "    " << line << "\n"; }

  /// A call that should succeed; prints why when it does not.
  template <class R>
  bool ok(const webapi::Result<R>& r, std::string_view what) {
    if (r) return true;
    std::cout << "    UNEXPECTED: " << what << " failed: " << r.error().what() << "\n";
    ++failures_;
    return false;
  }
  /// A call that should fail with `status`; prints the error a caller would see.
  template <class R>
  void fails_with(const webapi::Result<R>& r, int status, std::string_view what) {
    if (!r) {
      std::cout << "    " << what << " -> " << r.error().what() << "\n";
      if (r.error().status == status) return;
      std::cout << "    UNEXPECTED: wanted status " << status << "\n";
    } else {
      std::cout << "    UNEXPECTED: " << what << " succeeded; wanted status " << status << "\n";
    }
    ++failures_;
  }
  void expect(bool condition, std::string_view what) {
    if (condition) return;
    std::cout << "    UNEXPECTED: " << what << "\n";
    ++failures_;
  }
  int failures() const noexcept { return failures_; }

 private:
  int section_ = 0;
  int failures_ = 0;
};

void print_quotes(Steps& s, const quotes::QuoteResponse& r) {
  if (!r.contents || !r.contents->quotes || r.contents->quotes->empty()) {
    s.say("(no quotes)");
    return;
  }
  for (const auto& q : *r.contents->quotes)
    s.say("  " + q.id + "  \"" + q.quote + "\" - " + q.author.value_or("unknown") + " (" +
          std::to_string(q.length.value_or(0)) + " characters)");
}

struct Who {
  std::string key;
  std::optional<std::string> other_key;  ///< a second subscriber, for the ownership rule
  std::string base_url;
};

/// The walk itself, over any transport.
template <webapi::Transport T>
int tour(T& transport, const Who& who) {
  Steps s;
  quotes::Client<T> me{transport, {.base_url = who.base_url, .api_key = who.key}};

  s.section("Search the public catalogue with filters (category life, at most 60 characters)");
  auto life = me.get_quote_search({.category = "life", .maxlength = 60, .limit = 5});
  if (s.ok(life, "get_quote_search")) print_quotes(s, *life);
  s.say("...and by author (Franklin), at least 30 characters:");
  auto franklin = me.get_quote_search({.author = "Franklin", .minlength = 30, .limit = 5});
  if (s.ok(franklin, "get_quote_search")) print_quotes(s, *franklin);

  s.section("Add quotes to my private collection");
  std::vector<std::string> mine;
  for (const char* text : {"Make it work, make it right, make it fast.", "Ship small, ship often."}) {
    auto r = me.put_quote({.quote = text, .author = "the tour", .tags = "tour,software"});
    if (!s.ok(r, "put_quote")) continue;
    mine.push_back(r->contents.id.value_or(""));
    s.say("added " + mine.back() + ": \"" + text + "\"");
  }
  auto private_search = me.get_quote_search({.query = "ship", .private_ = true, .limit = 5});
  s.say("searching my collection for \"ship\":");
  if (s.ok(private_search, "get_quote_search(private)")) print_quotes(s, *private_search);

  s.section("Read them back in one batch (in flight together over BeastTransport, one by one over a fake)");
  std::vector<webapi::Request> batch;
  for (const auto& id : mine)
    if (auto r = me.build_get_quote({.id = id}); s.ok(r, "build_get_quote")) batch.push_back(std::move(*r));
  auto answers = webapi::send_all(transport, batch);
  s.expect(answers.size() == batch.size(), "one answer per request, in the order of the requests");
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (!s.ok(answers[i], "send_all")) continue;
    auto quote = webapi::decode_response<quotes::QuoteResponse>(batch[i], std::move(*answers[i]),
                                                                quotes::responses::get_quote);
    if (s.ok(quote, "get_quote (batched)")) print_quotes(s, *quote);
  }

  // A quote from the catalogue to work with.
  std::string pick;
  if (auto random = me.get_quote_random(); s.ok(random, "get_quote_random") && random->contents &&
                                           random->contents->quotes && !random->contents->quotes->empty())
    pick = random->contents->quotes->front().id;
  s.expect(!pick.empty(), "the catalogue has a quote to work with");
  if (pick.empty()) return 1;

  s.section("Like a quote, then toggle it again");
  for (int i = 0; i < 2; ++i) {
    auto r = me.get_quote_like_toggle({.quote_id = pick});
    if (!s.ok(r, "get_quote_like_toggle")) break;
    bool liked = r->contents.liked.value_or(false);
    s.say("toggle " + std::to_string(i + 1) + ": quote " + pick + (liked ? " is liked" : " is not liked"));
    s.expect(liked == (i == 0), "the first toggle likes, the second undoes it");
  }

  s.section("Build a qshow (a named group of quotes)");
  std::string show;
  if (auto r = me.put_qshow({.title = "Tour favourites", .description = "picked during the tour"});
      s.ok(r, "put_qshow"))
    show = r->contents.qshow.id;
  if (!show.empty()) {
    s.say("created qshow " + show);
    std::vector<std::string> adds = {pick, pick};
    if (!mine.empty() && !mine.front().empty()) adds.push_back(mine.front());
    for (const auto& q : adds) {
      auto r = me.post_qshow_quotes_add({.id = show, .quoteid = q});
      if (s.ok(r, "post_qshow_quotes_add"))
        s.say("add " + q + (r->contents.added.value_or(false) ? ": added" : ": already there"));
    }
    if (auto members = me.get_qshow_quotes({.id = show}); s.ok(members, "get_qshow_quotes")) {
      std::size_t n = members->contents.quotes.size();
      s.say("the qshow holds " + std::to_string(n) + " quotes (adding one twice keeps one membership)");
      s.expect(n == adds.size() - 1, "one membership per quote");
    }
  }

  s.section("Make a quote image with the default background and font");
  if (auto made = me.put_quote_image({.quote_id = pick, .bg_color = "navy", .text_color = "white"});
      s.ok(made, "put_quote_image")) {
    const std::string image = made->contents.qimage.id;
    auto bytes = me.get_quote_image_binary({.id = image});
    if (s.ok(bytes, "get_quote_image_binary")) {
      bool png = bytes->data.size() > 8 && bytes->data.compare(1, 3, "PNG") == 0;
      s.say("image " + image + ": " + std::to_string(bytes->data.size()) + " bytes of " + bytes->content_type +
            (png ? " (a PNG)" : ""));
    }
    auto wrapped = me.get_quote_image({.id = image});
    if (s.ok(wrapped, "get_quote_image")) {
      auto decoded = quotes::decode_image(*wrapped);
      if (s.ok(decoded, "decode_image")) {
        s.say("the same image as base64 in JSON decodes to " + std::to_string(decoded->data.size()) + " bytes");
        s.expect(bytes && decoded->data == bytes->data, "both forms carry the same bytes");
      }
    }
    s.ok(me.delete_quote_image({.id = image}), "delete_quote_image");
  }

  s.section("Errors a caller sees");
  s.fails_with(me.get_quote({.id = "no-such-quote"}), 404, "get_quote(no-such-quote)");
  quotes::Client<T> stranger{transport, {.base_url = who.base_url, .api_key = "not-a-real-key"}};
  s.fails_with(stranger.get_quote_random(), 401, "get_quote_random with an unknown key");
  s.fails_with(me.put_qshow({.title = ""}), 0, "put_qshow without a title (refused before sending)");
  if (who.other_key && !mine.empty() && !mine.front().empty()) {
    quotes::Client<T> other{transport, {.base_url = who.base_url, .api_key = *who.other_key}};
    s.fails_with(other.delete_quote({.id = mine.front()}), 403, "another subscriber deleting my quote");
  }

  s.section("A hostile id stays inside its parameter");
  webapi::Recording<T> recorder{transport};
  quotes::Client<webapi::Recording<T>> watched{recorder, {.base_url = who.base_url, .api_key = who.key}};
  auto hostile = watched.get_quote({.id = "../admin"});
  if (auto sent = recorder.last()) s.say("sent: GET " + webapi::url::target(*sent));
  s.fails_with(hostile, 404, "get_quote(\"../admin\")");

  s.section("Tidy up");
  if (!show.empty()) s.ok(me.delete_qshow({.id = show}), "delete_qshow");
  for (const auto& id : mine)
    if (!id.empty() && s.ok(me.delete_quote({.id = id}), "delete_quote")) s.say("deleted " + id);

  std::cout << "\n" << (s.failures() == 0 ? "Tour finished: every step went as expected.\n"
                                          : "Tour finished with " + std::to_string(s.failures()) +
                                                " unexpected outcome(s).\n");
  return s.failures() == 0 ? 0 : 1;
}

int usage(const char* self) {
  std::cerr << "usage: " << self << " [--base-url URL --api-key KEY [--other-api-key KEY]]\n"
            << "  without flags the tour runs against the in-memory quotes fake\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<std::string> base_url, api_key, other_key;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    if (a == "--base-url") base_url = value();
    else if (a == "--api-key") api_key = value();
    else if (a == "--other-api-key") other_key = value();
    else return usage(argv[0]);
  }
  if (base_url.has_value() != api_key.has_value()) return usage(argv[0]);

  if (base_url) {
    std::cout << "webapi tour: the quotes API at " << *base_url << " over BeastTransport\n";
    webapi::BeastTransport http;
    return tour(http, {*api_key, other_key, *base_url});
  }

  std::cout << "webapi tour: the quotes API against the in-memory fake (webapi::fakes::quotes::Fake)\n";
  webapi::fakes::quotes::Fake fake;
  webapi::fakes::quotes::seed_demo(fake);
  std::cout << "\n[0] Set up the fake: the demo catalogue, and API keys for two subscribers\n";
  const std::string key = fake.add_api_key("reader");
  const std::string other = fake.add_api_key("neighbour");
  std::cout << "    API key for \"reader\":    " << key << "\n"
            << "    API key for \"neighbour\": " << other << "\n";
  int rc = tour(fake, {key, other, "https://quotes.rest"});
  std::cout << "(the fake received " << fake.journal().size() << " requests)\n";
  return rc;
}
