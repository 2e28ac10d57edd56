// webapi-codegen: writes the generated headers of every module from specs/.
//
//   webapi-codegen strip <description.openapi.json> <out.json>
//       Copies an OpenAPI description keeping only facts: names, paths, types, bounds, enums, servers,
//       security. Descriptions, summaries, examples, external docs and x- extensions are dropped.
//   webapi-codegen generate <specs dir> <output root>
//       For every overlay specs/overlays/<module>.json, reads specs/<module>.json and the overlay and writes
//       <root>/include/webapi/<module>/{models,operations,client}.hpp, <root>/include/webapi/<module>.hpp,
//       <root>/docs/coverage.md, <root>/docs/project_management_names.md and, for its async test,
//       <root>/tests/<module>/every_operation.inc.
//
// Output depends only on the inputs (no dates, no hash-map order), so regenerating is a no-op.
//
// This file handles the arguments and runs the steps: files.cpp reads and writes, strip.cpp strips, module.cpp,
// schema_reader.cpp and operation_reader.cpp read a description into the model (types.hpp), and the *_writer.cpp
// files write the headers and documents from it.

#include <algorithm>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "die.hpp"
#include "docs_writer.hpp"
#include "files.hpp"
#include "module.hpp"
#include "strip.hpp"

namespace webapi::codegen {
namespace {

int generate(const fs::path& specs, const fs::path& out) {
  std::vector<std::unique_ptr<Module>> modules;
  std::vector<fs::path> overlays;
  for (const auto& e : fs::directory_iterator(specs / "overlays"))
    if (e.path().extension() == ".json") overlays.push_back(e.path());
  std::sort(overlays.begin(), overlays.end());
  const std::vector<std::string> order = {"audio", "userinfo", "quotes", "project_management",
                                          "api_platform", "webhooks", "finance", "migration"};
  std::sort(overlays.begin(), overlays.end(), [&](const fs::path& a, const fs::path& b) {
    auto ia = std::find(order.begin(), order.end(), a.stem().string()) - order.begin();
    auto ib = std::find(order.begin(), order.end(), b.stem().string()) - order.begin();
    return ia != ib ? ia < ib : a < b;
  });
  for (const auto& ov : overlays) {
    std::string name = ov.stem().string();
    js::value overlay = read_json(ov);
    auto m = std::make_unique<Module>(name, read_json(specs / (name + ".json")), overlay.as_object());
    try {
      m->build();
    } catch (const std::exception& e) {
      die(name + ": " + e.what());
    }
    fs::path dir = out / "include" / "webapi" / name;
    write_file(dir / "models.hpp", m->models_hpp());
    write_file(dir / "operations.hpp", m->operations_hpp());
    write_file(dir / "client.hpp", m->client_hpp());
    write_file(dir / "service.hpp", m->service_hpp());
    write_file(dir / "codec.hpp", m->codec_hpp());
    write_file(dir / "src.hpp", m->src_hpp());
    write_file(out / "include" / "webapi" / (name + ".hpp"), m->umbrella_hpp());
    write_file(out / "tests" / name / "every_operation.inc", m->every_operation_inc());
    if (name == "project_management") write_file(out / "docs" / "project_management_names.md", names_md(*m));
    modules.push_back(std::move(m));
  }
  write_file(out / "docs" / "coverage.md", coverage_md(modules));
  for (const auto& m : modules) std::cout << m->name() << ": " << m->ops().size() << " operations\n";
  return 0;
}

}  // namespace
}  // namespace webapi::codegen

int main(int argc, char** argv) {
  using namespace webapi::codegen;
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 3 && args[0] == "strip") {
      js::value stripped = strip(read_json(args[1]));
      std::string out;
      pretty(out, stripped, 0);
      out += "\n";
      write_file(args[2], out);
      return 0;
    }
    if (args.size() == 3 && args[0] == "generate") return generate(args[1], args[2]);
    std::cerr << "usage: webapi-codegen strip <in.openapi.json> <out.json>\n"
                 "       webapi-codegen generate <specs dir> <output root>\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "webapi-codegen: " << e.what() << "\n";
    return 1;
  }
}
