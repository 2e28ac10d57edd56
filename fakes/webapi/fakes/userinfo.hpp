#pragma once
// The in-memory identity userinfo service: webapi::fakes::userinfo::Fake, its demo data set,
// seed_demo(), and state_to_json() for GET /__webapi/snapshot.

#include <webapi/fakes/userinfo/demo.hpp>
#include <webapi/fakes/userinfo/fake.hpp>
#include <webapi/fakes/userinfo/state_json.hpp>
