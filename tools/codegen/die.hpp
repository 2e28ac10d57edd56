// die: how the generator reports a fault in its inputs (main prints the message and exits non-zero).
#pragma once

#include <stdexcept>
#include <string>

namespace webapi::codegen {

[[noreturn]] inline void die(const std::string& message) { throw std::runtime_error(message); }

}  // namespace webapi::codegen
