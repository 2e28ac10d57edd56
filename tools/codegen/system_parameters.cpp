// Google's system parameters (overlay "system_parameters": alt, fields, key, prettyPrint, quotaUser, ...): taken
// out of every operation's parameter struct into one SystemParameters per module, set in Config or per call
// with Client::with(), so designated initializers of an operation's parameters start with its own.
// Query parameters that carry credentials are marked secret wherever they appear.
#include "module.hpp"

#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "names.hpp"

namespace webapi::codegen {

bool Module::carries_credential(const Op& op, const Param& p) const {
  static const std::set<std::string> always = {"key", "access_token", "oauth_token", "hapikey", "apikey",
                                               "api_key", "client_secret"};
  if (always.count(p.wire)) return true;
  // A parameter of the name an API key of this module travels under is that key, whoever fills it in
  // (audio's get_connect takes the client_id that is the module's query credential).
  for (const auto& c : credentials_)
    if (c.kind == "query" && c.param == p.wire) return true;
  if (p.wire != "client_id") return false;
  // A client id is public on its own; next to its secret it is one half of a credential.
  for (const auto& other : op.params)
    if (other.wire == "client_secret") return true;
  return false;
}

// A path parameter is a credential when it is named like one ({apiKey}, {token}) or the segment before it
// says it is (/auth/apiKey/{key}); a plain {key} elsewhere (a custom field's key) is not.
bool Module::path_carries_credential(const Op& op, const Param& p) {
  auto credential_word = [](std::string_view text) {
    std::string n;
    for (char c : text)
      if (std::isalnum(static_cast<unsigned char>(c))) n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::string_view w : {"apikey", "token", "secret", "password", "credential"})
      if (n.find(w) != std::string::npos) return true;
    return false;
  };
  if (credential_word(p.wire)) return true;
  const std::size_t at = op.path.find("{" + p.wire + "}");
  if (at == std::string::npos) return false;
  std::string_view head = std::string_view(op.path).substr(0, at);
  if (head.ends_with('/')) head.remove_suffix(1);
  const std::size_t slash = head.rfind('/');
  return credential_word(slash == std::string_view::npos ? head : head.substr(slash + 1));
}

void Module::take_system_parameters() {
  const js::value* list = find(overlay_, "system_parameters");
  if (!list) return;
  std::set<std::string> names;
  for (const auto& n : get_array(overlay_, "system_parameters")) names.insert(std::string(n.as_string()));
  auto take = [&](std::vector<Op>& ops) {
    for (auto& op : ops) {
      std::vector<Param> kept;
      for (auto& p : op.params) {
        if (p.in != "query" || !names.count(p.wire)) {
          kept.push_back(p);
          continue;
        }
        bool known = false;
        for (const auto& s : system_params_) known = known || s.wire == p.wire;
        if (!known) {
          system_params_.push_back(p);
          system_params_.back().required = false;
        }
      }
      op.params = std::move(kept);
    }
  };
  take(ops_);
  take(extra_methods_);
}

void Module::emit_system_parameters_struct(std::ostringstream& o) const {
  if (system_params_.empty()) return;
  o << "/// The service's system parameters, sent with every call: in Config for all calls, or per call with\n"
       "/// Client::with(). `key`, `access_token` and `oauth_token` are credentials and redacted as such.\n";
  o << "struct SystemParameters {\n";
  for (const auto& p : system_params_) o << "  " << render(optional_of(p.type)) << " " << p.cpp << "{};\n";
  o << "};\n\n";
}

void Module::emit_system_parameters_config(std::ostringstream& o) const {
  if (!system_params_.empty()) o << "  SystemParameters system_parameters{};\n";
}

void Module::emit_system_parameters_methods(std::ostringstream& o) const {
  if (system_params_.empty()) return;
  o << "  /// A copy of this client whose calls send `system` instead of Config::system_parameters, e.g.\n"
       "  /// client.with({.fields = \"email\"}).<operation>(...).\n";
  o << "  Client with(SystemParameters system) const {\n    Client c = *this;\n"
       "    c.config_.system_parameters = std::move(system);\n    return c;\n  }\n\n";
}

void Module::emit_system_parameters_apply(std::ostringstream& o) const {
  if (system_params_.empty()) return;
  o << "  void system_parameters(webapi::RequestBuilder& req) const {\n";
  o << "    const SystemParameters& s = config_.system_parameters;\n";
  Op none;
  for (const auto& p : system_params_) {
    o << "    req.query(" << cpp_string(p.wire) << ", s." << p.cpp << ");\n";
    if (carries_credential(none, p)) o << "    if (s." << p.cpp << ") req.secret(" << cpp_string(p.wire) << ");\n";
  }
  o << "  }\n\n";
}

}  // namespace webapi::codegen
