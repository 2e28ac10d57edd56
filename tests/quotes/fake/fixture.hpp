#pragma once
// A quotes fake with two subscribers and a small public catalogue.

#include <string>

#include <webapi/fakes/quotes.hpp>

#include "raw.hpp"

namespace test {

struct QuotesFixture {
  webapi::fakes::quotes::Fake fake;
  std::string alice = fake.add_api_key("alice");
  std::string bob = fake.add_api_key("bob");
  std::string franklin = fake.add_quote({.text = "Well done is better than well said.",
                                         .author = "Benjamin Franklin", .category = "inspire",
                                         .tags = {"inspire", "work"}});
  std::string socrates = fake.add_quote({.text = "The unexamined life is not worth living.", .author = "Socrates",
                                         .category = "life", .tags = {"life"}});
  std::string wilde = fake.add_quote({.text = "I can resist everything except temptation.", .author = "Oscar Wilde",
                                      .category = "funny", .tags = {"funny", "life"}});

  webapi::Response get(std::string path, const std::string& key, std::vector<webapi::QueryParam> query = {}) {
    return send(fake, {webapi::Method::get, std::move(path), key, std::move(query)});
  }
  webapi::Response call(webapi::Method m, std::string path, const std::string& key,
                        std::vector<webapi::QueryParam> query = {}) {
    return send(fake, {m, std::move(path), key, std::move(query)});
  }
  /// Creates a private quote for `key`'s owner; returns its id.
  std::string create_quote(const std::string& key, std::string text, std::vector<webapi::QueryParam> extra = {}) {
    extra.push_back({"quote", std::move(text)});
    auto r = call(webapi::Method::put, "/quote", key, std::move(extra));
    BOOST_REQUIRE_EQUAL(r.status, 200);
    return str(contents(json(r)).at("id"));
  }
};

}  // namespace test
