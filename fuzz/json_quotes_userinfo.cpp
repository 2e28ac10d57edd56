// Fuzz target: typed JSON decode into the quotes and userinfo models, with a round trip.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/quotes/models.hpp>
#include <webapi/userinfo/models.hpp>

#include "support/json_round_trip.hpp"

namespace fuzz_json_quotes_userinfo {

namespace m = webapi::quotes;

int one(const std::uint8_t* data, std::size_t size) {
  // The first byte chooses the model, so one corpus explores all of them.
  if (size == 0) return 0;
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0: webapi_fuzz::json_round_trip<m::QuoteResponse>(text); break;
    case 1: webapi_fuzz::json_round_trip<webapi::userinfo::Userinfo>(text); break;
    case 2: webapi_fuzz::json_round_trip<webapi::userinfo::Tokeninfo>(text); break;
  }
  return 0;
}

std::vector<std::string> seeds() {
  std::vector<std::string> seeds;
  {
    std::vector<std::string> s{"{}", "[]"};
    webapi_fuzz::add_model_seeds<m::QuoteResponse>(s);
    for (auto& text : s) seeds.push_back(std::string(1, static_cast<char>(0)) + text);
  }
  {
    std::vector<std::string> s;
    webapi_fuzz::add_model_seeds<webapi::userinfo::Userinfo>(s);
    for (auto& text : s) seeds.push_back(std::string(1, static_cast<char>(1)) + text);
  }
  {
    std::vector<std::string> s;
    webapi_fuzz::add_model_seeds<webapi::userinfo::Tokeninfo>(s);
    for (auto& text : s) seeds.push_back(std::string(1, static_cast<char>(2)) + text);
  }
  return seeds;
}

}  // namespace fuzz_json_quotes_userinfo

WEBAPI_FUZZ_TARGET(fuzz_json_quotes_userinfo)
