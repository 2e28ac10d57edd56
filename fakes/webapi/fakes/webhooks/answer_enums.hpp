#pragma once
// answer_enums(fake): the enum members of the webhooks API's answers and their known values, for verify()
// (core/drift.hpp) to tell a value the service added to an enum from one the fake merely answered
// otherwise. Read from the generated models' wire_values tables, from the answers' models down.

#include <webapi/fakes/core/drift.hpp>
#include <webapi/fakes/webhooks/fake.hpp>
#include <webapi/webhooks/models.hpp>

namespace webapi::fakes::webhooks {

inline EnumFacts answer_enums(const Fake&) {
  namespace m = webapi::webhooks;
  return enum_facts<m::SubscriptionResponse, m::SubscriptionListResponse, m::BatchResponseSubscriptionResponse,
                    m::BatchResponseSubscriptionResponseWithErrors, m::SettingsResponse, m::StandardError,
                    m::Error>();
}

}  // namespace webapi::fakes::webhooks
