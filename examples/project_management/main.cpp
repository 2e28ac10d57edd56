// A Smart project, its status change, and a dictionary in two locales.
//
//   example-project-management                        against the in-memory fake, with demo data
//   example-project-management --served               the same fake, served over HTTP on 127.0.0.1
//   PROJECT_MANAGEMENT_ACCESS_TOKEN=... [PROJECT_MANAGEMENT_BASE_URL=https://<host>/home-api]
//       example-project-management <project id>       one Smart project of the service
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::project_management_compiled and webapi::fakes_project_management_compiled, so that this
// file compiles neither the client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <string_view>

#include <webapi/fakes/project_management/compiled.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/project_management.hpp>
#include <webapi/transport.hpp>

namespace pm = webapi::project_management;

int print_project(webapi::AnyTransport transport, pm::Config config, const std::string& project_id) {
  pm::AnyClient client{transport, std::move(config)};
  auto project = client.get_v2_projects_project_id(project_id);
  if (!project) {
    std::cerr << project.error() << "\n";
    return 1;
  }
  std::cout << "project " << project->id.value_or("?") << " " << project->name.value_or("(no name)") << ": "
            << project->status.value_or("?") << "\n";
  return 0;
}

/// Against the demo data at `base_url`: reads the Smart project, cancels it (the table allows it from
/// OPEN), and names a language for an English and a German user.
int tour(webapi::AnyTransport transport, const std::map<std::string, std::string>& demo,
         const std::string& base_url) {
  const std::string& project = demo.at("SMART_PROJECT_ID");
  const pm::Config english_user{.base_url = base_url, .access_token = demo.at("ACCESS_TOKEN")};
  if (int rc = print_project(transport, english_user, project)) return rc;
  pm::AnyClient en{transport, english_user};
  pm::AnyClient de{transport, {.base_url = base_url, .access_token = demo.at("ACCESS_TOKEN_DE")}};
  if (!pm::can_change_status(pm::StatusSubject::project, "OPEN", "CANCELLED")) return 1;
  if (auto moved = en.put_v2_projects_project_id_status(project, {.body = {.status = "CANCELLED"}}); !moved) {
    std::cerr << moved.error() << "\n";
    return 1;
  }
  if (int rc = print_project(transport, english_user, project)) return rc;
  auto english = en.get_dictionaries_type_id("language", 2);
  auto german = de.get_dictionaries_type_id("language", 2);
  if (!english || !german) return 1;
  std::cout << "language 2: " << english->name << " / " << german->name << "\n";
  return 0;
}

int main(int argc, char** argv) {
  const char* token = std::getenv("PROJECT_MANAGEMENT_ACCESS_TOKEN");
  if (token && *token) {
    if (argc != 2) {
      std::cerr << "usage: PROJECT_MANAGEMENT_ACCESS_TOKEN=... example-project-management <project id>\n";
      return 2;
    }
    webapi::BeastTransport http;
    pm::Config config{.access_token = token};
    if (const char* url = std::getenv("PROJECT_MANAGEMENT_BASE_URL"); url && *url) config.base_url = url;
    return print_project(http, std::move(config), argv[1]);
  }
  webapi::fakes::project_management::CompiledFake fake;
  std::map<std::string, std::string> demo;
  for (auto& [name, value] : fake.seed_demo()) demo[name] = value;
  if (argc == 2 && std::string_view(argv[1]) == "--served") {
    // The served fake is reached as the service is: over HTTP, at the loopback server's base URL.
    auto server = webapi::fakes::serve(fake, 0);
    webapi::BeastTransport http;
    return tour(http, demo, server.base_url());
  }
  return tour(fake, demo, pm::Config{}.base_url);
}
