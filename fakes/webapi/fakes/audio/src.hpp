#pragma once
// Compiles the audio fake and CompiledFake's members (compiled.hpp): the one source of the library
// webapi::fakes_audio_compiled. Include it in one translation unit of a program that does not link that
// library but uses CompiledFake.

#include <webapi/fakes/audio.hpp>
#include <webapi/fakes/audio/compiled.hpp>
#include <webapi/fakes/core/compiled_impl.hpp>

template class webapi::fakes::Compiled<webapi::fakes::audio::Fake>;

namespace webapi::fakes::audio {

std::string CompiledFake::add_app(AppSeed a) { return full().add_app(std::move(a)); }
std::string CompiledFake::client_secret(std::string_view client_id) const { return full().client_secret(client_id); }
Id CompiledFake::add_user(UserSeed u) { return full().add_user(std::move(u)); }
Id CompiledFake::add_track(Id owner, Track t) { return full().add_track(owner, std::move(t)); }
Id CompiledFake::add_playlist(Id owner, Playlist p) { return full().add_playlist(owner, std::move(p)); }
Id CompiledFake::add_comment(Id author, Id track, std::string body) {
  return full().add_comment(author, track, std::move(body));
}
Id CompiledFake::add_connection(Id owner, Connection cn) { return full().add_connection(owner, std::move(cn)); }
Id CompiledFake::add_web_profile(Id owner, WebProfile w) { return full().add_web_profile(owner, std::move(w)); }
void CompiledFake::follow(Id follower, Id followed) { full().follow(follower, followed); }
void CompiledFake::like_track(Id user, Id track) { full().like_track(user, track); }
std::string CompiledFake::issue_token(Id user, std::string client_id) {
  return full().issue_token(user, std::move(client_id));
}
void CompiledFake::sign_in(Id user) { full().sign_in(user); }
void CompiledFake::sign_out() { full().sign_out(); }

std::optional<Track> CompiledFake::track(Id id) const { return full().track(id); }
std::optional<Playlist> CompiledFake::playlist(Id id) const { return full().playlist(id); }

}  // namespace webapi::fakes::audio
