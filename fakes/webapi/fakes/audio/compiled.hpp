#pragma once
// webapi::fakes::audio::CompiledFake: the audio fake (fake.hpp) compiled once into the library
// webapi::fakes_audio_compiled, for test files that should build in seconds. It answers, seeds and
// inspects as Fake does; the members below are Fake's, documented there.
//
//   webapi::fakes::audio::CompiledFake fake;
//   auto demo = fake.seed_demo();       // CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, ACCESS_TOKEN, USER_ID
//   webapi::audio::AnyClient client{fake, {.access_token = fake.issue_token(fake.add_user({.username = "eve"}))}};

#include <optional>
#include <string>
#include <string_view>

#include <webapi/fakes/audio/seeding.hpp>
#include <webapi/fakes/audio/state.hpp>
#include <webapi/fakes/core/compiled.hpp>

namespace webapi::fakes::audio {

class Fake;

/// The audio fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  CompiledFake() = default;

  // ---- seeding ----------------------------------------------------------------------------------------
  std::string add_app(AppSeed a);
  std::string client_secret(std::string_view client_id) const;
  Id add_user(UserSeed u);
  Id add_track(Id owner, Track t);
  Id add_playlist(Id owner, Playlist p);
  Id add_comment(Id author, Id track, std::string body);
  Id add_connection(Id owner, Connection cn);
  Id add_web_profile(Id owner, WebProfile w);
  void follow(Id follower, Id followed);
  void like_track(Id user, Id track);
  std::string issue_token(Id user, std::string client_id = {});
  void sign_in(Id user);
  void sign_out();

  // ---- inspection -------------------------------------------------------------------------------------
  std::optional<Track> track(Id id) const;
  std::optional<Playlist> playlist(Id id) const;
};

}  // namespace webapi::fakes::audio

extern template class webapi::fakes::Compiled<webapi::fakes::audio::Fake>;
