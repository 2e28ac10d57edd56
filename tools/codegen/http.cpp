// Classifies HTTP methods and media types for the generator.
#include "http.hpp"

#include <algorithm>
#include <vector>

#include "names.hpp"

namespace webapi::codegen {
namespace {

const std::vector<std::string> kMethods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"};

}  // namespace

bool is_http_method(std::string_view key) { return std::find(kMethods.begin(), kMethods.end(), key) != kMethods.end(); }

std::string method_enum(const std::string& m) {
  std::string l = lowercase(m);
  return "webapi::Method::" + (l == "delete" ? std::string("delete_") : l);
}

bool is_json_media(std::string_view ct) {
  std::string l = lowercase(std::string(ct.substr(0, ct.find(';'))));
  return l == "application/json" || l == "*/*json" || (l.size() > 5 && l.substr(l.size() - 5) == "+json") ||
         l == "text/json";
}
bool is_text_media(std::string_view ct) {
  std::string l = lowercase(std::string(ct));
  return l.find("xml") != std::string::npos || l.rfind("text/", 0) == 0;
}

}  // namespace webapi::codegen
