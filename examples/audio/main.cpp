// The account an access token belongs to. There is no fake for this API: it needs the service.
//
//   AUDIO_ACCESS_TOKEN=... example-audio
#include <cstdlib>
#include <iostream>

#include <webapi/audio.hpp>
#include <webapi/transport.hpp>

int main() {
  const char* token = std::getenv("AUDIO_ACCESS_TOKEN");
  if (!token || !*token) {
    std::cerr << "set AUDIO_ACCESS_TOKEN to an OAuth access token of the service\n";
    return 2;
  }
  webapi::BeastTransport http;
  webapi::audio::Client audio{http, {.access_token = token}};
  auto me = audio.get_me();
  if (!me) {
    std::cerr << me.error() << "\n";
    return 1;
  }
  std::cout << me->username.value_or("(no name)") << " " << me->permalink_url.value_or("") << "\n";
  return 0;
}
