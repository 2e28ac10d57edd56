// One project by id. There is no fake for this API: it needs the service.
//
//   PROJECT_MANAGEMENT_BASE_URL=https://<host>/home-api PROJECT_MANAGEMENT_ACCESS_TOKEN=...
//       example-project-management <project id>
#include <cstdlib>
#include <iostream>

#include <webapi/project_management.hpp>
#include <webapi/transport.hpp>

int main(int argc, char** argv) {
  const char* token = std::getenv("PROJECT_MANAGEMENT_ACCESS_TOKEN");
  if (!token || !*token || argc != 2) {
    std::cerr << "usage: PROJECT_MANAGEMENT_ACCESS_TOKEN=... example-project-management <project id>\n";
    return 2;
  }
  webapi::BeastTransport http;
  webapi::project_management::Config config{.access_token = token};
  if (const char* url = std::getenv("PROJECT_MANAGEMENT_BASE_URL"); url && *url) config.base_url = url;
  webapi::project_management::Client pm{http, config};
  auto project = pm.get_projects_project_id(argv[1]);
  if (!project) {
    std::cerr << project.error() << "\n";
    return 1;
  }
  std::cout << project->id_number.value_or("?") << " " << project->name.value_or("(no name)") << "\n";
  return 0;
}
