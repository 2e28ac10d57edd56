#pragma once
// Tasks of Classic projects and their files: a task is created with a name (and any files), takes input
// files one by one, lists them by category, and is deleted with its files.

#include <cstdint>
#include <string>
#include <vector>

#include <webapi/core/open_enum.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/project_management/call.hpp>
#include <webapi/fakes/project_management/project_handlers.hpp>

namespace webapi::fakes::project_management {

inline Task& task_in_path(Call& c) { return existing(c.state.tasks, path_id(c, "taskId"), "task"); }

/// The task's files, each under the list its category names.
inline pm::TaskFilesDTO task_files_model(const Task& t) {
  pm::InputFilesDTO in;
  for (auto* list : {&in.work_files, &in.tm, &in.terminology, &in.reference_files, &in.log_files}) list->emplace();
  for (const pm::TaskFileDTO& f : t.files) {
    const pm::FileDTO file{f.content, f.name, f.token, f.url};
    using C = pm::TaskFileDTOCategory;
    const auto category = f.category ? f.category->known().value_or(C::WORKFILE) : C::WORKFILE;
    switch (category) {
      case C::WORKFILE: in.work_files->push_back(file); break;
      case C::TM: in.tm->push_back(file); break;
      case C::DICTIONARY: in.terminology->push_back(file); break;
      case C::REF: in.reference_files->push_back(file); break;
      case C::LOG_FILE: in.log_files->push_back(file); break;
    }
  }
  pm::TaskFilesDTO out;
  out.input_files = std::move(in);
  return out;
}

/// `file` after checking it has a name; `where` names it in a refusal.
inline pm::TaskFileDTO named_file(pm::TaskFileDTO file, const std::string& where) {
  if (!file.name || file.name->empty()) invalid(where, "'" + where + "' is required");
  return file;
}

namespace handlers {

/// POST /projects/{projectId}/tasks: a task of a Classic project.
inline Response create_task(Call& c, const pm::TaskCreateDTO& body) {
  Project& p = record_of_kind(c.state, c.state.projects, path_text(c, "projectId"), false);
  if (!body.name || body.name->empty()) invalid("name", "'name' is required");
  Task t;
  const auto files = body.files.value_or(std::vector<pm::TaskFileDTO>{});
  for (std::size_t i = 0; i < files.size(); ++i)
    t.files.push_back(named_file(files[i], "files[" + std::to_string(i) + "].name"));
  const std::int64_t id = c.state.next_task_id++;
  t.task.id = id;
  t.task.id_number = "T" + std::to_string(id);
  t.task.name = body.name;
  t.task.project_id = numeric_id(p.id);
  const Task& stored = c.state.tasks[id] = std::move(t);
  return model_response(stored.task);
}

/// POST /tasks/{taskId}/files/input: one more work file.
inline Response add_task_file(Call& c, const pm::FileDTO& body) {
  Task& t = task_in_path(c);
  t.files.push_back(named_file({pm::TaskFileDTOCategory::WORKFILE, body.content, body.name, body.token, body.url}, "name"));
  return no_content();
}

/// GET /tasks/{taskId}/files
inline Response task_files(Call& c) { return model_response(task_files_model(task_in_path(c))); }

/// DELETE /tasks/{taskId}: the task and its files.
inline Response delete_task(Call& c) {
  erase_existing(c.state.tasks, path_id(c, "taskId"), "task");
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
