#pragma once
// webapi::fakes::migration::CompiledFake: the migration fake (fake.hpp) compiled once into the library
// webapi::fakes_migration_compiled, for test files that should build in seconds. It answers, seeds and
// inspects as Fake does; the members below are Fake's, documented there. Its Options live with its records
// (state.hpp), which hold the module's models, so this header includes <webapi/migration/models.hpp>.
//
//   webapi::fakes::migration::CompiledFake fake{{.operation_duration = std::chrono::milliseconds(0)}};
//   auto demo = fake.seed_demo();                 // ACCESS_TOKEN, PROJECT, LOCATION
//   webapi::migration::AnyClient client{fake, {.access_token = fake.add_token()}};

#include <string>
#include <string_view>

#include <webapi/core/poller.hpp>
#include <webapi/fakes/core/compiled.hpp>
#include <webapi/fakes/migration/state.hpp>

namespace webapi::fakes::migration {

class Fake;

/// The migration fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  /// A fresh fake behaving as `options` say, as `Fake{options}` is.
  explicit CompiledFake(Options options = {});

  const Options& options() const noexcept;

  // ---- seeding ----------------------------------------------------------------------------------------
  std::string add_token(std::string value = {});
  void revoke_token(std::string_view value);
  void upload_data_file(std::string_view name, std::string content);

  // ---- waiting ----------------------------------------------------------------------------------------
  webapi::PollPolicy poll_policy();
};

}  // namespace webapi::fakes::migration

extern template class webapi::fakes::Compiled<webapi::fakes::migration::Fake>;
