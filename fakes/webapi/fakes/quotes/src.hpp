#pragma once
// Compiles the quotes fake and CompiledFake's members (compiled.hpp): the one source of the library
// webapi::fakes_quotes_compiled. Include it in one translation unit of a program that does not link that
// library but uses CompiledFake.

#include <webapi/fakes/core/compiled_impl.hpp>
#include <webapi/fakes/quotes.hpp>
#include <webapi/fakes/quotes/compiled.hpp>

template class webapi::fakes::Compiled<webapi::fakes::quotes::Fake>;

namespace webapi::fakes::quotes {

std::string CompiledFake::add_user(std::string name) { return full().add_user(std::move(name)); }
std::string CompiledFake::add_api_key(std::string_view owner) { return full().add_api_key(owner); }
std::string CompiledFake::add_api_key(std::string_view owner, std::string key) {
  return full().add_api_key(owner, std::move(key));
}
bool CompiledFake::revoke_api_key(std::string_view key) { return full().revoke_api_key(key); }
std::string CompiledFake::add_quote(Quote q) { return full().add_quote(std::move(q)); }
std::string CompiledFake::add_qshow(Qshow s) { return full().add_qshow(std::move(s)); }
std::string CompiledFake::add_background(Asset a) { return full().add_background(std::move(a)); }
std::string CompiledFake::add_font(Asset a) { return full().add_font(std::move(a)); }
std::string CompiledFake::add_quote_image(std::string quote_id, std::string owner) {
  return full().add_quote_image(std::move(quote_id), std::move(owner));
}
void CompiledFake::add_qod_category(QodCategory k) { full().add_qod_category(std::move(k)); }
void CompiledFake::add_qod_language(std::string language) { full().add_qod_language(std::move(language)); }

std::optional<Quote> CompiledFake::quote(std::string_view id) const { return full().quote(id); }
std::optional<Qshow> CompiledFake::qshow(std::string_view id) const { return full().qshow(id); }
bool CompiledFake::liked(std::string_view owner, std::string_view quote_id) const {
  return full().liked(owner, quote_id);
}
bool CompiledFake::disliked(std::string_view owner, std::string_view quote_id) const {
  return full().disliked(owner, quote_id);
}
bool CompiledFake::bookmarked(std::string_view owner, std::string_view quote_id) const {
  return full().bookmarked(owner, quote_id);
}
std::optional<std::string> CompiledFake::owner_of_key(std::string_view key) const { return full().owner_of_key(key); }

}  // namespace webapi::fakes::quotes
