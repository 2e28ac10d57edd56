#pragma once
// The in-memory quotes service: webapi::fakes::quotes::Fake, its demo data set, seed_demo(), and
// state_to_json() for GET /__webapi/snapshot.

#include <webapi/fakes/quotes/demo.hpp>
#include <webapi/fakes/quotes/fake.hpp>
#include <webapi/fakes/quotes/state_json.hpp>
