// Tasks with their files; providers (seeded, read, deleted) and project groups (seeded, read).

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;
namespace pm = webapi::project_management;

BOOST_FIXTURE_TEST_SUITE(tasks, PmFixture)

BOOST_AUTO_TEST_CASE(a_task_keeps_its_files_by_category) {
  const auto project = fake.add_project({.name = "Website"});
  auto task = client.post_projects_project_id_tasks(
      project, {.body = {.files = std::vector<pm::TaskFileDTO>{{.category = pm::TaskFileDTOCategory::REF, .name = "style.pdf"}},
                         .name = "Translate"}});
  BOOST_REQUIRE(task.has_value());
  BOOST_TEST(*task->project_id == std::stoll(project));
  const std::string id = std::to_string(*task->id);
  BOOST_REQUIRE(client.post_tasks_task_id_files_input(id, {.body = {.name = "source.docx"}}));
  auto files = client.get_tasks_task_id_files(id);
  BOOST_REQUIRE(files.has_value());
  BOOST_REQUIRE(files->input_files->work_files->size() == 1u);
  BOOST_TEST(*files->input_files->work_files->front().name == "source.docx");
  BOOST_TEST(*files->input_files->reference_files->front().name == "style.pdf");
  BOOST_TEST(files->input_files->tm->empty());
}

BOOST_AUTO_TEST_CASE(a_task_and_its_files_need_names_and_a_classic_project) {
  const auto project = fake.add_project({.name = "Website"});
  const auto smart = fake.add_project({.smart = true, .name = "Manual"});
  BOOST_TEST(test::refusal(client.post_projects_project_id_tasks(project, {}), 400) == "'name' is required");
  BOOST_TEST(client.post_projects_project_id_tasks(smart, {.body = {.name = "T"}}).error().status == 400);
  const auto id = std::to_string(*client.post_projects_project_id_tasks(project, {.body = {.name = "T"}})->id);
  BOOST_TEST(test::refusal(client.post_tasks_task_id_files_input(id, {}), 400) == "'name' is required");
  BOOST_TEST(client.get_tasks_task_id_files(id)->input_files->work_files->empty());
}

BOOST_AUTO_TEST_CASE(a_deleted_task_takes_its_files_along) {
  const auto project = fake.add_project({.name = "Website"});
  const auto id = std::to_string(*client.post_projects_project_id_tasks(project, {.body = {.name = "T"}})->id);
  BOOST_REQUIRE(client.post_tasks_task_id_files_input(id, {.body = {.name = "a.txt"}}));
  BOOST_REQUIRE(client.delete_tasks_task_id(id));
  BOOST_TEST(test::refusal(client.get_tasks_task_id_files(id), 404) == "task " + id + " not found");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(providers_and_groups, PmFixture)

BOOST_AUTO_TEST_CASE(a_provider_is_read_and_a_deleted_one_leaves_the_id_list) {
  const auto keep = fake.add_provider({.contact = pm::ContactDTO{.sms = "+48 600 000 000"}, .name = "Lingua"});
  const auto drop = fake.add_provider({.name = "Gone"});
  BOOST_TEST(*client.get_providers_provider_id(keep)->name == "Lingua");
  BOOST_TEST(std::string(client.get_providers_provider_id(keep)->status->wire()) == "ACTIVE");
  BOOST_TEST(*client.get_providers_provider_id_contact(keep)->sms == "+48 600 000 000");
  BOOST_REQUIRE(client.delete_providers_provider_id(drop));
  BOOST_TEST((*client.get_providers_ids() == std::vector<std::int32_t>{static_cast<std::int32_t>(keep)}));
  BOOST_TEST(client.get_providers_provider_id_address(drop).error().status == 404);
  BOOST_CHECK_THROW(fake.add_provider({}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(project_groups_are_listed_and_read) {
  const auto id = fake.add_project_group("Key accounts");
  auto all = client.get_project_groups();
  BOOST_REQUIRE(all.has_value());
  BOOST_TEST(all->as_array().size() == 1u);
  BOOST_TEST(client.get_project_groups_project_group_id(id)->at("name").as_string() == "Key accounts");
  BOOST_TEST(client.get_project_groups_project_group_id(id + 1).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()
