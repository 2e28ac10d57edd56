#pragma once
// Typed resource names of the migration-assessment API, built and parsed with their checks, so that a
// malformed name is refused before any request is sent.
//
//   webapi::migration::SourceName source{"my-project", "us-central1", "crm-export"};
//   client.sources_get(source.str());      // "projects/my-project/locations/us-central1/sources/crm-export"
//
//   auto parsed = webapi::migration::SourceName::parse(op.name.value());
//   if (!parsed) std::cerr << parsed.error() << '\n';   // names the segment at fault
//
// Each name is "collection/id" pairs under projects/{project}/locations/{location}. An id is refused when it
// is empty, "." or "..", or holds a '/'; a parsed name is refused when a collection word is not the expected
// one or the number of segments is wrong.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>

#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi::migration {

namespace detail {

template <std::size_t N>
std::string pattern_of(const std::array<std::string_view, N>& collections) {
  std::string p;
  for (std::size_t i = 0; i < N; ++i) {
    if (i) p += '/';
    p.append(collections[i]).append("/*");
  }
  return p;
}

inline webapi::Error name_error(std::string_view kind, std::string message) {
  return webapi::make_error(webapi::ErrorKind::invalid_argument, std::string(kind) + " name: " + std::move(message));
}

template <std::size_t N>
webapi::Result<void> check_ids(std::string_view kind, const std::array<std::string_view, N>& collections,
                               const std::array<std::string_view, N>& ids) {
  for (std::size_t i = 0; i < N; ++i) {
    std::string where = "the id after '" + std::string(collections[i]) + "/'";
    if (ids[i].empty()) return name_error(kind, where + " is empty");
    if (ids[i] == "." || ids[i] == "..") return name_error(kind, where + " is a dot segment '" + std::string(ids[i]) + "'");
    if (ids[i].find('/') != std::string_view::npos)
      return name_error(kind, where + " holds a '/': '" + std::string(ids[i]) + "'");
  }
  return {};
}

template <std::size_t N>
std::string join(const std::array<std::string_view, N>& collections, const std::array<std::string_view, N>& ids) {
  std::string s;
  for (std::size_t i = 0; i < N; ++i) {
    if (i) s += '/';
    s.append(collections[i]).append("/").append(ids[i]);
  }
  return s;
}

template <std::size_t N>
webapi::Result<std::array<std::string, N>> split(std::string_view kind,
                                                 const std::array<std::string_view, N>& collections,
                                                 std::string_view text) {
  std::array<std::string_view, 2 * N> parts{};
  std::size_t count = 0;
  for (std::size_t start = 0;;) {
    std::size_t slash = text.find('/', start);
    std::string_view part = text.substr(start, slash == text.npos ? text.npos : slash - start);
    if (count == 2 * N) {
      count = 2 * N + 1;
      break;
    }
    parts[count++] = part;
    if (slash == text.npos) break;
    start = slash + 1;
  }
  std::string expected = "expected '" + pattern_of(collections) + "', got '" + std::string(text) + "'";
  if (count != 2 * N) return name_error(kind, "wrong number of segments: " + expected);
  std::array<std::string_view, N> ids{};
  for (std::size_t i = 0; i < N; ++i) {
    if (parts[2 * i] != collections[i])
      return name_error(kind, "segment " + std::to_string(2 * i + 1) + " is '" + std::string(parts[2 * i]) +
                                  "', not '" + std::string(collections[i]) + "': " + expected);
    ids[i] = parts[2 * i + 1];
  }
  if (auto ok = check_ids(kind, collections, ids); !ok) return ok.error();
  std::array<std::string, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = std::string(ids[i]);
  return out;
}

// The members every name type shares, given its `kind`, `collections` and `ids()`.
template <class Name>
struct NameOps {
  /// The name as the API spells it. Call validate() first if the ids come from outside.
  std::string str() const { return join(Name::collections, self().ids()); }

  /// Whether every id is usable: not empty, not "." or "..", no '/'.
  webapi::Result<void> validate() const { return check_ids(Name::kind, Name::collections, self().ids()); }

  /// str() after validate(): the name, or the error naming the id at fault.
  webapi::Result<std::string> checked_str() const {
    if (auto ok = validate(); !ok) return ok.error();
    return str();
  }

  /// The name `text` spells, or an error saying what does not fit the pattern.
  static webapi::Result<Name> parse(std::string_view text) {
    auto ids = split(Name::kind, Name::collections, text);
    if (!ids) return std::move(ids).error();
    return std::apply([](auto&... id) { return Name{std::move(id)...}; }, *ids);
  }

  friend bool operator==(const NameOps&, const NameOps&) = default;

 private:
  const Name& self() const { return static_cast<const Name&>(*this); }
};

}  // namespace detail

/// projects/{project}
struct ProjectName : detail::NameOps<ProjectName> {
  std::string project;
  ProjectName() = default;
  explicit ProjectName(std::string p) : project(std::move(p)) {}
  static constexpr std::string_view kind = "project";
  static constexpr std::array<std::string_view, 1> collections{"projects"};
  std::array<std::string_view, 1> ids() const { return {project}; }
  friend bool operator==(const ProjectName&, const ProjectName&) = default;
};

/// projects/{project}/locations/{location}: the parent of every other resource.
struct LocationName : detail::NameOps<LocationName> {
  std::string project, location;
  LocationName() = default;
  LocationName(std::string p, std::string l) : project(std::move(p)), location(std::move(l)) {}
  static constexpr std::string_view kind = "location";
  static constexpr std::array<std::string_view, 2> collections{"projects", "locations"};
  std::array<std::string_view, 2> ids() const { return {project, location}; }
  ProjectName parent() const { return ProjectName(project); }
  friend bool operator==(const LocationName&, const LocationName&) = default;
};

namespace detail {
// A resource directly under a location: projects/{p}/locations/{l}/{collection}/{id}.
template <class Name, const std::string_view& Collection>
struct LocationChild : NameOps<Name> {
  std::string project, location, id;
  LocationChild() = default;
  LocationChild(std::string p, std::string l, std::string i)
      : project(std::move(p)), location(std::move(l)), id(std::move(i)) {}
  LocationChild(const LocationName& parent, std::string i)
      : project(parent.project), location(parent.location), id(std::move(i)) {}
  static constexpr std::array<std::string_view, 3> collections{"projects", "locations", Collection};
  std::array<std::string_view, 3> ids() const { return {project, location, id}; }
  LocationName parent() const { return LocationName(project, location); }
  friend bool operator==(const LocationChild&, const LocationChild&) = default;
};

// A resource under a location child: projects/{p}/locations/{l}/{parent collection}/{pid}/{collection}/{id}.
template <class Name, class Parent, const std::string_view& Collection>
struct GrandChild : NameOps<Name> {
  std::string project, location, parent_id, id;
  GrandChild() = default;
  GrandChild(std::string p, std::string l, std::string pid, std::string i)
      : project(std::move(p)), location(std::move(l)), parent_id(std::move(pid)), id(std::move(i)) {}
  GrandChild(const Parent& parent, std::string i)
      : project(parent.project), location(parent.location), parent_id(parent.id), id(std::move(i)) {}
  static constexpr std::array<std::string_view, 4> collections{"projects", "locations", Parent::collections[2],
                                                               Collection};
  std::array<std::string_view, 4> ids() const { return {project, location, parent_id, id}; }
  Parent parent() const { return Parent(project, location, parent_id); }
  friend bool operator==(const GrandChild&, const GrandChild&) = default;
};

inline constexpr std::string_view operations_word = "operations";
inline constexpr std::string_view assets_word = "assets";
inline constexpr std::string_view groups_word = "groups";
inline constexpr std::string_view import_jobs_word = "importJobs";
inline constexpr std::string_view import_data_files_word = "importDataFiles";
inline constexpr std::string_view preference_sets_word = "preferenceSets";
inline constexpr std::string_view report_configs_word = "reportConfigs";
inline constexpr std::string_view reports_word = "reports";
inline constexpr std::string_view sources_word = "sources";
inline constexpr std::string_view error_frames_word = "errorFrames";
}  // namespace detail

/// projects/{p}/locations/{l}/operations/{id}: a long-running operation.
struct OperationName : detail::LocationChild<OperationName, detail::operations_word> {
  using LocationChild::LocationChild;
  static constexpr std::string_view kind = "operation";
};
/// projects/{p}/locations/{l}/assets/{id}
struct AssetName : detail::LocationChild<AssetName, detail::assets_word> {
  using LocationChild::LocationChild;
  static constexpr std::string_view kind = "asset";
};
/// projects/{p}/locations/{l}/groups/{id}
struct GroupName : detail::LocationChild<GroupName, detail::groups_word> {
  using LocationChild::LocationChild;
  static constexpr std::string_view kind = "group";
};
/// projects/{p}/locations/{l}/importJobs/{id}
struct ImportJobName : detail::LocationChild<ImportJobName, detail::import_jobs_word> {
  using LocationChild::LocationChild;
  static constexpr std::string_view kind = "import job";
};
/// projects/{p}/locations/{l}/preferenceSets/{id}
struct PreferenceSetName : detail::LocationChild<PreferenceSetName, detail::preference_sets_word> {
  using LocationChild::LocationChild;
  static constexpr std::string_view kind = "preference set";
};
/// projects/{p}/locations/{l}/reportConfigs/{id}
struct ReportConfigName : detail::LocationChild<ReportConfigName, detail::report_configs_word> {
  using LocationChild::LocationChild;
  static constexpr std::string_view kind = "report config";
};
/// projects/{p}/locations/{l}/sources/{id}
struct SourceName : detail::LocationChild<SourceName, detail::sources_word> {
  using LocationChild::LocationChild;
  static constexpr std::string_view kind = "source";
};
/// projects/{p}/locations/{l}/importJobs/{job}/importDataFiles/{id}
struct ImportDataFileName : detail::GrandChild<ImportDataFileName, ImportJobName, detail::import_data_files_word> {
  using GrandChild::GrandChild;
  static constexpr std::string_view kind = "import data file";
};
/// projects/{p}/locations/{l}/reportConfigs/{config}/reports/{id}
struct ReportName : detail::GrandChild<ReportName, ReportConfigName, detail::reports_word> {
  using GrandChild::GrandChild;
  static constexpr std::string_view kind = "report";
};
/// projects/{p}/locations/{l}/sources/{source}/errorFrames/{id}
struct ErrorFrameName : detail::GrandChild<ErrorFrameName, SourceName, detail::error_frames_word> {
  using GrandChild::GrandChild;
  static constexpr std::string_view kind = "error frame";
};

}  // namespace webapi::migration
