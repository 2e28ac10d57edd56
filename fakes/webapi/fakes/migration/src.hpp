#pragma once
// Compiles the migration fake and CompiledFake's members (compiled.hpp): the one source of the library
// webapi::fakes_migration_compiled. Include it in one translation unit of a program that does not link that
// library but uses CompiledFake.

#include <memory>

#include <webapi/fakes/core/compiled_impl.hpp>
#include <webapi/fakes/migration.hpp>
#include <webapi/fakes/migration/compiled.hpp>

template class webapi::fakes::Compiled<webapi::fakes::migration::Fake>;

namespace webapi::fakes::migration {

CompiledFake::CompiledFake(Options options) : Compiled(std::make_unique<Fake>(options)) {}

const Options& CompiledFake::options() const noexcept { return full().options(); }

std::string CompiledFake::add_token(std::string value) { return full().add_token(std::move(value)); }
void CompiledFake::revoke_token(std::string_view value) { full().revoke_token(value); }
void CompiledFake::upload_data_file(std::string_view name, std::string content) {
  full().upload_data_file(name, std::move(content));
}

webapi::PollPolicy CompiledFake::poll_policy() { return full().poll_policy(); }

}  // namespace webapi::fakes::migration
