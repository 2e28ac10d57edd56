#pragma once
// webapi::fakes::quotes::CompiledFake: the quotes fake (fake.hpp) compiled once into the library
// webapi::fakes_quotes_compiled, for test files that should build in seconds. It answers, seeds and
// inspects as Fake does; the members below are Fake's, documented there.
//
//   webapi::fakes::quotes::CompiledFake fake;
//   auto demo = fake.seed_demo();                 // API_KEY, OTHER_API_KEY
//   webapi::quotes::AnyClient client{fake, {.api_key = fake.add_api_key("carol")}};

#include <optional>
#include <string>
#include <string_view>

#include <webapi/fakes/core/compiled.hpp>
#include <webapi/fakes/quotes/state.hpp>

namespace webapi::fakes::quotes {

class Fake;

/// The quotes fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  CompiledFake() = default;

  // ---- seeding ----------------------------------------------------------------------------------------
  std::string add_user(std::string name);
  std::string add_api_key(std::string_view owner);
  std::string add_api_key(std::string_view owner, std::string key);
  bool revoke_api_key(std::string_view key);
  std::string add_quote(Quote q);
  std::string add_qshow(Qshow s);
  std::string add_background(Asset a);
  std::string add_font(Asset a);
  std::string add_quote_image(std::string quote_id, std::string owner = {});
  void add_qod_category(QodCategory k);
  void add_qod_language(std::string language);

  // ---- inspection -------------------------------------------------------------------------------------
  std::optional<Quote> quote(std::string_view id) const;
  std::optional<Qshow> qshow(std::string_view id) const;
  bool liked(std::string_view owner, std::string_view quote_id) const;
  bool disliked(std::string_view owner, std::string_view quote_id) const;
  bool bookmarked(std::string_view owner, std::string_view quote_id) const;
  std::optional<std::string> owner_of_key(std::string_view key) const;
};

}  // namespace webapi::fakes::quotes

extern template class webapi::fakes::Compiled<webapi::fakes::quotes::Fake>;
