#pragma once
// The in-memory quotes service: webapi::fakes::quotes::Fake and its demo data set, seed_demo().

#include <webapi/fakes/quotes/demo.hpp>
#include <webapi/fakes/quotes/fake.hpp>
#include <webapi/fakes/quotes/state_json.hpp>
