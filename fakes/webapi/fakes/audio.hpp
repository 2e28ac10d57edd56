#pragma once
// The in-memory audio-sharing service: webapi::fakes::audio::Fake, its demo data set, seed_demo(), and
// state_to_json() for GET /__webapi/snapshot.

#include <webapi/fakes/audio/demo.hpp>
#include <webapi/fakes/audio/fake.hpp>
#include <webapi/fakes/audio/state_json.hpp>
