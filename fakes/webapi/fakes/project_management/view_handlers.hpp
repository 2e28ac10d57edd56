#pragma once
// Browser views of a class and their columns: created, listed per class, read, columns replaced or
// removed one by one, and deleted. Column names are unique within a view.

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/project_management/call.hpp>

namespace webapi::fakes::project_management {

inline View& view_in_path(Call& c) { return existing(c.state.views, path_id(c, "viewId"), "view"); }

/// `columns`, after checking each has a name and no name comes twice; 400 naming the column otherwise.
inline std::vector<pm::ColumnDTO> checked_columns(std::vector<pm::ColumnDTO> columns, const std::string& where) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::string at = where + "[" + std::to_string(i) + "].name";
    if (!columns[i].name || columns[i].name->empty()) invalid(at, "'" + at + "' is required");
    if (!names.insert(*columns[i].name).second) invalid(at, "column '" + *columns[i].name + "' is listed twice");
  }
  return columns;
}

namespace handlers {

/// POST /browser/views/for/{className}
inline Response create_view(Call& c, const pm::ViewDTO& body) {
  View v{c.state.next_view_id, path_text(c, "className"), body};
  v.view.columns = checked_columns(body.columns.value_or(std::vector<pm::ColumnDTO>{}), "columns");
  ++c.state.next_view_id;
  const View& stored = c.state.views[v.id] = std::move(v);
  return model_response(pm::ViewWithIdDTO{stored.view.columns, stored.view.order, stored.view.permissions,
                                          stored.view.settings, stored.id});
}

/// GET /browser/views/for/{className}: the views of that class.
inline Response list_views(Call& c) {
  const std::string class_name = path_text(c, "className");
  pm::ViewsBriefDTO out;
  out.list.emplace();
  for (const auto& [id, v] : c.state.views)
    if (v.class_name == class_name) {
      pm::ViewBriefDTO brief;
      brief.id = id;
      brief.mine = true;
      out.list->push_back(std::move(brief));
    }
  return model_response(out);
}

/// GET /browser/views/{viewId}
inline Response get_view(Call& c) { return model_response(view_in_path(c).view); }

/// DELETE /browser/views/{viewId}
inline Response delete_view(Call& c) {
  erase_existing(c.state.views, path_id(c, "viewId"), "view");
  return no_content();
}

/// GET /browser/views/{viewId}/columns
inline Response get_columns(Call& c) {
  return model_response(view_in_path(c).view.columns.value_or(std::vector<pm::ColumnDTO>{}));
}

/// PUT /browser/views/{viewId}/columns: the view's columns become `body`, in its order.
inline Response replace_columns(Call& c, const std::vector<pm::ColumnDTO>& body) {
  View& v = view_in_path(c);
  v.view.columns = checked_columns(body, "body");
  return model_response(*v.view.columns);
}

/// DELETE /browser/views/{viewId}/columns/{columnName}: answers the columns left.
inline Response delete_column(Call& c) {
  View& v = view_in_path(c);
  const std::string name = path_text(c, "columnName");
  if (!v.view.columns) v.view.columns.emplace();
  auto& columns = *v.view.columns;
  auto it = std::find_if(columns.begin(), columns.end(), [&](const pm::ColumnDTO& col) { return col.name == name; });
  if (it == columns.end()) not_found("view " + std::to_string(v.id) + " has no column '" + name + "'");
  columns.erase(it);
  return model_response(columns);
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
