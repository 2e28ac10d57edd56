#pragma once
// The toolkit the fakes are built from: routing, parameters, responses, tables, a movable clock, fault
// injection, the request journal, multipart reading and generated PNGs, tied together by the Dispatcher.

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/dispatcher.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/core/faults.hpp>
#include <webapi/fakes/core/journal.hpp>
#include <webapi/fakes/core/multipart.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/png.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/core/store.hpp>
