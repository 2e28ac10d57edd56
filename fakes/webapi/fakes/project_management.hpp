#pragma once
// The in-memory project-management service: webapi::fakes::project_management::Fake, its demo data set,
// seed_demo(), and state_to_json() for GET /__webapi/snapshot.

#include <webapi/fakes/project_management/demo.hpp>
#include <webapi/fakes/project_management/fake.hpp>
#include <webapi/fakes/project_management/state_json.hpp>
