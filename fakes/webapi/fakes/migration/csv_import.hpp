#pragma once
// Reading an import file: the fake reads the manual CSV format (IMPORT_JOB_FORMAT_MANUAL_CSV), one machine
// per row under a header row. Columns are found by name, in any order and any letter case:
//
//   MachineName  the VM's name (required)    -> virtualMachineDetails.vmName
//   MachineId    the VM's UUID               -> virtualMachineDetails.vmUuid
//   CoreCount    a whole number              -> virtualMachineDetails.coreCount
//   MemoryMB     a whole number              -> virtualMachineDetails.memoryMb
//   OsName                                   -> virtualMachineDetails.osName
//   any other    kept as an attribute of the asset, under the column's name
//
// Fields are separated by commas; a field in double quotes may hold commas and "" for a quote. A file
// that cannot be read (no header, no MachineName column, another format, never uploaded) gets a file
// error; a row that cannot (wrong number of fields, no name, a number that is not one) a row error.

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <webapi/core/ascii.hpp>
#include <webapi/fakes/migration/state.hpp>

namespace webapi::fakes::migration {

/// One file read: the frames its good rows make, and the problems found.
struct ReadFile {
  std::vector<mig::AssetFrame> frames;
  mig::FileValidationReport report;
  bool has_errors() const {
    return !report.file_errors.value_or(std::vector<mig::ImportError>{}).empty() ||
           !report.row_errors.value_or(std::vector<mig::ImportRowError>{}).empty();
  }
};

namespace detail {

/// Appends `v` to an optional list, engaging it first.
template <class T>
void append(webapi::Optional<std::vector<T>>& list, T v) {
  (list ? *list : list.emplace()).push_back(std::move(v));
}

inline mig::ImportError import_error(std::string details) {
  return {std::move(details), mig::ImportErrorSeverity::ERROR};
}

inline std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"')
        out.back() += line[++i];
      else if (ch == '"')
        quoted = false;
      else
        out.back() += ch;
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      out.emplace_back();
    } else {
      out.back() += ch;
    }
  }
  return out;
}

inline std::optional<std::int32_t> whole_number(std::string_view s) {
  std::int32_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || n < 0) return std::nullopt;
  return n;
}

}  // namespace detail

/// Reads `content` (absent: never uploaded) of file `file_name` in `format`. `content` is the file's bytes: an
/// inline payload's `data` arrives base64-encoded and the codec has decoded it.
inline ReadFile read_import_file(const std::string& file_name, std::string_view format,
                                 const std::optional<std::string>& content) {
  ReadFile out;
  out.report.file_name = file_name;
  auto file_error = [&](std::string why) {
    detail::append(out.report.file_errors, detail::import_error(std::move(why)));
    return out;
  };
  if (format != "IMPORT_JOB_FORMAT_MANUAL_CSV")
    return file_error("format " + std::string(format) +
                      " is not read by this service; use IMPORT_JOB_FORMAT_MANUAL_CSV");
  if (!content) return file_error("nothing was uploaded to this file");
  std::vector<std::string_view> lines;
  for (std::string_view rest = *content; !rest.empty();) {
    std::string_view line = rest.substr(0, rest.find('\n'));
    rest.remove_prefix(std::min(rest.size(), line.size() + 1));
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) lines.push_back(line);
  }
  if (lines.empty()) return file_error("the file is empty: it needs a header row");
  const std::vector<std::string> header = detail::csv_fields(lines[0]);
  std::optional<std::size_t> name_column;
  for (std::size_t i = 0; i < header.size(); ++i)
    if (ascii::to_lower(header[i]) == "machinename") name_column = i;
  if (!name_column) return file_error("the header row has no MachineName column");

  for (std::size_t r = 1; r < lines.size(); ++r) {
    const std::vector<std::string> fields = detail::csv_fields(lines[r]);
    mig::ImportRowError row;
    row.row_number = static_cast<std::int32_t>(r + 1);
    auto row_error = [&](std::string why) { detail::append(row.errors, detail::import_error(std::move(why))); };
    mig::AssetFrame frame;
    mig::VirtualMachineDetails vm;
    if (fields.size() != header.size()) {
      row_error("the row has " + std::to_string(fields.size()) + " fields, the header " +
                std::to_string(header.size()));
    } else {
      for (std::size_t i = 0; i < header.size(); ++i) {
        const std::string column = ascii::to_lower(header[i]);
        const std::string& value = fields[i];
        if (column == "machinename") {
          if (value.empty())
            row_error("MachineName is empty");
          else
            vm.vm_name = value;
        } else if (column == "machineid") {
          if (!value.empty()) vm.vm_uuid = value;
        } else if (column == "corecount" || column == "memorymb") {
          auto n = detail::whole_number(value);
          if (!n)
            row_error(header[i] + " must be a whole number, got '" + value + "'");
          else
            (column == "corecount" ? vm.core_count : vm.memory_mb) = *n;
        } else if (column == "osname") {
          if (!value.empty()) vm.os_name = value;
        } else if (!value.empty()) {
          (frame.attributes ? *frame.attributes : frame.attributes.emplace())[header[i]] = value;
        }
      }
    }
    row.vm_name = vm.vm_name;
    row.vm_uuid = vm.vm_uuid;
    if (row.errors) {
      detail::append(out.report.row_errors, std::move(row));
      continue;
    }
    frame.virtual_machine_details = std::move(vm);
    out.frames.push_back(std::move(frame));
  }
  return out;
}

}  // namespace webapi::fakes::migration
