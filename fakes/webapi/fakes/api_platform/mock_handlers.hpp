#pragma once
// Mocks of a collection (optionally resolving variables from an environment): created, read, changed,
// deleted, and published or unpublished. Publishing a published mock, or unpublishing one that is not,
// is 400 and changes nothing. The list shows the caller's own; by uid, any the caller can open
// (access.hpp).

#include <string>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/references.hpp>
#include <webapi/fakes/api_platform/workspace_membership.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

inline Mock& mock_in_path(Call& c) { return opened_by_uid_or_id(c, c.state.mocks, c.path("mock_uid"), "mock"); }

template <class Model>
Model mock_model(const Mock& m) {
  return {.collection = m.collection, .environment = m.environment, .id = m.id, .mock_url = m.mock_url,
          .owner = m.owner, .uid = m.uid};
}

inline Response list_mocks(Call& c) {
  ap::AllMocksResponse out{.mocks = std::vector<ap::AllMocksResponseMocksItem>{}};
  for (const Mock* m : c.state.mocks.where([&](const Mock& m) { return m.owner == c.caller().id; }))
    out.mocks->push_back(mock_model<ap::AllMocksResponseMocksItem>(*m));
  return model_response(out);
}

inline Response create_mock(Call& c, const ap::CreateMockRequest& body) {
  Workspace* w = workspace_in_query(c);
  if (!body.mock) invalid("mock", "'mock' is required");
  Mock m;
  m.collection = collection_uid(c, body.mock->collection, "mock.collection");
  m.environment = environment_uid(c, body.mock->environment, "mock.environment");
  m.name = with_uid(c.state.collections, m.collection)->name;
  m.id = new_id(c.state, "mock");
  m.owner = c.caller().id;
  m.uid = uid_of(m.owner, m.id);
  m.mock_url = "https://" + m.id + ".mock.pstmn.io";
  join_workspace(w, &Workspace::mocks, m.uid);
  return model_response(ap::CreateMockResponse{mock_model<ap::CreateMockResponseMock>(c.state.mocks.put(std::move(m)))});
}

inline Response get_mock(Call& c) {
  return model_response(ap::SingleMockResponse{mock_model<ap::SingleMockResponseMock>(mock_in_path(c))});
}

inline Response update_mock(Call& c, const ap::UpdateMockRequest& body) {
  Mock& m = mock_in_path(c);
  if (body.mock) {
    if (body.mock->name) m.name = *body.mock->name;
    if (body.mock->environment) m.environment = environment_uid(c, body.mock->environment, "mock.environment");
    if (body.mock->private_) m.published = !*body.mock->private_;
  }
  return model_response(ap::UpdateMockResponse{{{.collection = m.collection, .environment = m.environment,
                                                 .id = m.id, .mock_url = m.mock_url, .name = m.name,
                                                 .owner = m.owner, .uid = m.uid}}});
}

inline Response delete_mock(Call& c) {
  const Mock& m = mock_in_path(c);
  ap::DeleteMockResponse out{{{.id = m.id, .uid = m.uid}}};
  leave_workspaces(c.state, &Workspace::mocks, m.uid);
  c.state.mocks.erase(std::string(m.id));
  return model_response(out);
}

inline Response publish_mock(Call& c) {
  Mock& m = mock_in_path(c);
  if (m.published) invalid("mock_uid", "mock '" + m.uid + "' is already published");
  m.published = true;
  return model_response(ap::PublishMockResponse{{{.id = m.id}}});
}

inline Response unpublish_mock(Call& c) {
  Mock& m = mock_in_path(c);
  if (!m.published) invalid("mock_uid", "mock '" + m.uid + "' is not published");
  m.published = false;
  return model_response(ap::UnpublishMockResponse{{{.id = m.id}}});
}

}  // namespace webapi::fakes::api_platform::handlers
