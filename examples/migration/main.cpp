// The locations of a project, page by page. There is no fake for this API: it needs the service.
//
//   MIGRATION_ACCESS_TOKEN=$(gcloud auth print-access-token) example-migration <project id>
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/migration.hpp>
#include <webapi/transport.hpp>

int main(int argc, char** argv) {
  const char* token = std::getenv("MIGRATION_ACCESS_TOKEN");
  if (!token || !*token || argc != 2) {
    std::cerr << "usage: MIGRATION_ACCESS_TOKEN=... example-migration <project id>\n";
    return 2;
  }
  webapi::BeastTransport http;
  webapi::migration::Client migration{http, {.access_token = token}};
  std::string project = std::string("projects/") + argv[1];
  webapi::migration::LocationsListParams params;
  do {
    auto page = migration.locations_list(project, params);
    if (!page) {
      std::cerr << page.error() << "\n";
      return 1;
    }
    for (const auto& l : page->locations.value_or(std::vector<webapi::migration::Location>{}))
      std::cout << l.location_id.value_or("?") << " " << l.display_name.value_or("") << "\n";
    params.page_token = page->next_page_token;
  } while (params.page_token && !params.page_token->empty());
  return 0;
}
