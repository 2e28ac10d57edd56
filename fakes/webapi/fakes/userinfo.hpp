#pragma once
// The in-memory identity userinfo service: webapi::fakes::userinfo::Fake and its demo data set, seed_demo().

#include <webapi/fakes/userinfo/demo.hpp>
#include <webapi/fakes/userinfo/fake.hpp>
#include <webapi/fakes/userinfo/state_json.hpp>
