#pragma once
// The in-memory webhook-subscription service: webapi::fakes::webhooks::Fake and its demo data set,
// seed_demo().

#include <webapi/fakes/webhooks/demo.hpp>
#include <webapi/fakes/webhooks/fake.hpp>
#include <webapi/fakes/webhooks/state_json.hpp>
