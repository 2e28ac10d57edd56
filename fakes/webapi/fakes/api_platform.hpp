#pragma once
// The in-memory API-development platform: webapi::fakes::api_platform::Fake, its demo data set,
// seed_demo(), and state_to_json() for GET /__webapi/snapshot.

#include <webapi/fakes/api_platform/demo.hpp>
#include <webapi/fakes/api_platform/fake.hpp>
#include <webapi/fakes/api_platform/state_json.hpp>
