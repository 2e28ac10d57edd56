#pragma once
// The in-memory financial-data-aggregation service: webapi::fakes::finance::Fake, its demo data set,
// seed_demo(), and state_to_json() for GET /__webapi/snapshot. Needs OpenSSL's libcrypto (JWT checks).

#include <webapi/fakes/finance/demo.hpp>
#include <webapi/fakes/finance/fake.hpp>
#include <webapi/fakes/finance/state_json.hpp>
