// Compiles BeastTransport's member functions: include it in one translation unit of a program built with
// WEBAPI_SEPARATE_COMPILATION or WEBAPI_TRANSPORT_SEPARATE_COMPILATION, or link webapi::transport_compiled,
// which is that translation unit (docs/packaging.md).
#pragma once

#define WEBAPI_TRANSPORT_SOURCE
#include <webapi/transport/impl/beast_transport.ipp>
