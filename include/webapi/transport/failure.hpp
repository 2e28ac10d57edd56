#pragma once
// Kept for code written before the transport failures' helpers moved to core.
#include <webapi/core/transport_error.hpp>
