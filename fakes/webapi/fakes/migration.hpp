#pragma once
// The in-memory migration-assessment service: webapi::fakes::migration::Fake, its demo data set,
// seed_demo(), and state_to_json() for GET /__webapi/snapshot.

#include <webapi/fakes/migration/demo.hpp>
#include <webapi/fakes/migration/fake.hpp>
#include <webapi/fakes/migration/state_json.hpp>
