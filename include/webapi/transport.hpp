#pragma once
// The real HTTP(S) transport, the decorators that wrap any transport, and webapi::send_all for batches.

#include <webapi/core/send_all.hpp>
#include <webapi/transport/beast_transport.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/transport/logging.hpp>
#include <webapi/transport/options.hpp>
#include <webapi/transport/proxy.hpp>
#include <webapi/transport/retrying.hpp>
