#pragma once
// Kept for code written before redaction moved to core.
#include <webapi/core/redact.hpp>
