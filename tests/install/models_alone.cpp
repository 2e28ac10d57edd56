// A program that copies webapi's include/ folder and uses one module's models and the JSON codec, with no
// CMake, no package and no other webapi part: built by the package_headers_alone test with nothing but the
// compiler, -I include and the system's Boost (any release from 1.81: the models use only public interfaces).
#include <boost/json/src.hpp>  // Boost.JSON's own sources, for a build that links no Boost library

#include <iostream>

#include <webapi/core/json.hpp>
#include <webapi/quotes/models.hpp>
#include <webapi/version.hpp>

int main() {
  auto quote = webapi::json::decode<webapi::quotes::Quote>(R"({"id": "q1", "quote": "Well begun.", "author": "A"})");
  if (!quote || quote->id != "q1" || webapi::json::encode(*quote).find(R"("quote":"Well begun.")") == std::string::npos) {
    std::cerr << "models_alone: the quotes model did not round-trip\n";
    return 1;
  }
  std::cout << "models_alone: webapi " << WEBAPI_VERSION_STRING << " ok\n";
  return 0;
}
