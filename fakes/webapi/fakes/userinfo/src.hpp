#pragma once
// Compiles the userinfo fake and CompiledFake's members (compiled.hpp): the one source of the library
// webapi::fakes_userinfo_compiled. Include it in one translation unit of a program that does not link that
// library but uses CompiledFake.

#include <webapi/fakes/core/compiled_impl.hpp>
#include <webapi/fakes/userinfo.hpp>
#include <webapi/fakes/userinfo/compiled.hpp>

template class webapi::fakes::Compiled<webapi::fakes::userinfo::Fake>;

namespace webapi::fakes::userinfo {

std::string CompiledFake::add_user(User u) { return full().add_user(std::move(u)); }
std::string CompiledFake::issue_access_token(AccessTokenGrant g) { return full().issue_access_token(std::move(g)); }
std::string CompiledFake::issue_id_token(IdTokenGrant g) { return full().issue_id_token(std::move(g)); }
bool CompiledFake::revoke_token(std::string_view value) { return full().revoke_token(value); }

std::optional<User> CompiledFake::user(std::string_view id) const { return full().user(id); }
std::optional<AccessToken> CompiledFake::access_token(std::string_view value) const {
  return full().access_token(value);
}
std::optional<IdToken> CompiledFake::id_token(std::string_view value) const { return full().id_token(value); }

}  // namespace webapi::fakes::userinfo
