#pragma once
// seed_demo(fake): a small data set to try the quotes API on, e.g. behind `webapi-fake-server --seed demo`.
//
// What it adds:
//   users       alice (API_KEY) and bob (OTHER_API_KEY)
//   quotes      15 public quotes in the QOD categories inspire, life, love, funny, art, sports, management
//               and students, by Franklin, Lincoln, Shakespeare, Wilde, Emerson and others (ids q-1..q-15);
//               one private quote of alice's ("Ship small, ship often.")
//   qshows      alice's "Morning reading" holding the first two quotes
//   images      one public quote image of the first quote; the built-in background and font
//   background  alice's "sunrise" background, tagged sunrise and warm
// and returns the credentials as NAME=VALUE pairs, in that order: API_KEY, OTHER_API_KEY.

#include <string>
#include <utility>
#include <vector>

#include <webapi/fakes/quotes/fake.hpp>

namespace webapi::fakes::quotes {

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  const std::string alice_key = fake.add_api_key("alice");
  const std::string bob_key = fake.add_api_key("bob");

  struct Line {
    const char* text;
    const char* author;
    const char* category;
    std::vector<std::string> tags;
  };
  const std::vector<Line> lines = {
      {"Well done is better than well said.", "Benjamin Franklin", "inspire", {"inspire", "work"}},
      {"Whatever you are, be a good one.", "Abraham Lincoln", "inspire", {"inspire", "character"}},
      {"The unexamined life is not worth living.", "Socrates", "life", {"life", "philosophy"}},
      {"Life is really simple, but we insist on making it complicated.", "Confucius", "life", {"life", "simplicity"}},
      {"Love all, trust a few, do wrong to none.", "William Shakespeare", "love", {"love", "trust"}},
      {"The course of true love never did run smooth.", "William Shakespeare", "love", {"love"}},
      {"Always forgive your enemies; nothing annoys them so much.", "Oscar Wilde", "funny", {"funny", "enemies"}},
      {"I can resist everything except temptation.", "Oscar Wilde", "funny", {"funny"}},
      {"Every artist was first an amateur.", "Ralph Waldo Emerson", "art", {"art", "learning"}},
      {"Art is long, life is short.", "Hippocrates", "art", {"art", "life"}},
      {"It is not the mountain we conquer but ourselves.", "Edmund Hillary", "sports", {"sports", "inspire"}},
      {"Lost time is never found again.", "Benjamin Franklin", "management", {"management", "time"}},
      {"Knowing is not enough; we must apply. Willing is not enough; we must do.", "Johann Wolfgang von Goethe",
       "students", {"students", "learning"}},
      {"An investment in knowledge pays the best interest.", "Benjamin Franklin", "students",
       {"students", "learning"}},
      {"I have not failed. I've just found ten thousand ways that won't work.", "Thomas A. Edison", "inspire",
       {"inspire", "failure"}},
  };
  std::vector<std::string> ids;
  for (const auto& l : lines) ids.push_back(fake.add_quote({.text = l.text, .author = l.author,
                                                            .category = l.category, .tags = l.tags}));

  fake.add_quote({.text = "Ship small, ship often.", .author = "alice", .tags = {"work"}, .owner = "alice"});
  fake.add_qshow({.title = "Morning reading", .description = "Two to start the day",
                  .owner = "alice", .quote_ids = {ids[0], ids[1]}});
  fake.add_quote_image(ids[0]);
  fake.add_background({.owner = "alice", .tags = {"sunrise", "warm"}, .filename = "sunrise.png"});

  return {{"API_KEY", alice_key}, {"OTHER_API_KEY", bob_key}};
}

}  // namespace webapi::fakes::quotes
