#pragma once
// The in-memory webhook-subscription service: webapi::fakes::webhooks::Fake, its demo data set,
// seed_demo() and state_to_json() for GET /__webapi/snapshot.

#include <webapi/fakes/webhooks/demo.hpp>
#include <webapi/fakes/webhooks/fake.hpp>
#include <webapi/fakes/webhooks/state_json.hpp>
