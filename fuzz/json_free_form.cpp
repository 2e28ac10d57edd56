// Fuzz target: free-form JSON (boost::json::value members) through webapi::json, with a round trip, and
// the same verdict as Boost.JSON's parser on whether the text is JSON at all.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include "support/json_round_trip.hpp"

namespace fuzz_json_free_form {

int one(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  webapi_fuzz::json_round_trip<boost::json::value>(text);
  boost::system::error_code ec;
  boost::json::parse(boost::json::string_view(text.data(), text.size()), ec);
  // webapi::json may refuse more (depth and size limits, numbers out of range) but never accepts what
  // is not JSON.
  // Boost.JSON also refuses valid JSON whose exponent it cannot hold ("1e-99999999999", which is 0); that
  // limit is its own, not the grammar's.
  if (ec && ec != boost::json::error::exponent_overflow)
    webapi_fuzz::check(!webapi::json::decode<boost::json::value>(text), "text Boost.JSON refuses is refused");
  return 0;
}

std::vector<std::string> seeds() {
  return {"{}", "[]", "null", "true", "-0", "1e308", "-1.5e-7", "18446744073709551615", "-9223372036854775808",
          R"({"a":[1,2.5,"x\u00e9\n",{"b":null}],"c":false})", R"("\ud83d\ude00")"};
}

}  // namespace fuzz_json_free_form

WEBAPI_FUZZ_TARGET(fuzz_json_free_form)
