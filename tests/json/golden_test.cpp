// Golden documents per module, written by hand from the published descriptions' wire names
// (specs/<api>.json), never from the codec's tables: decoding one gives the C++ value spelled out here
// member by member, and encoding that value gives the document back (as JSON: members in any order).
// The equivalence test cannot catch a wrong key or enum spelling, since its reference path reads the same
// tables; these documents can.

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <webapi/api_platform/models.hpp>
#include <webapi/audio/models.hpp>
#include <webapi/core/json.hpp>
#include <webapi/finance/models.hpp>
#include <webapi/migration/models.hpp>
#include <webapi/project_management/models.hpp>
#include <webapi/quotes/models.hpp>
#include <webapi/userinfo/models.hpp>
#include <webapi/webhooks/models.hpp>

namespace {

std::string golden_text(const std::string& name) {
  std::ifstream in(std::string(WEBAPI_JSON_GOLDEN) + "/" + name, std::ios::binary);
  BOOST_REQUIRE_MESSAGE(in, "cannot read golden file " << name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Equal as JSON values: object members in any order, numbers by value (12 and 12.0 alike).
bool same_json(const boost::json::value& a, const boost::json::value& b) {
  if (a.is_number() && b.is_number()) return a.to_number<double>() == b.to_number<double>();
  if (a.kind() != b.kind()) return false;
  if (a.is_array()) {
    const auto &x = a.get_array(), &y = b.get_array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same_json(x[i], y[i])) return false;
    return true;
  }
  if (a.is_object()) {
    const auto &x = a.get_object(), &y = b.get_object();
    if (x.size() != y.size()) return false;
    for (const auto& m : x) {
      const auto* other = y.if_contains(m.key());
      if (!other || !same_json(m.value(), *other)) return false;
    }
    return true;
  }
  return a == b;
}

// Decodes golden file `name` into T and compares with `expected`; encodes `expected` and compares with the file.
template <class T>
void check_golden(const std::string& name, const T& expected) {
  const std::string text = golden_text(name);
  auto decoded = webapi::json::decode<T>(text);
  BOOST_REQUIRE_MESSAGE(decoded, name << ": " << (decoded ? "" : decoded.error().message));
  BOOST_TEST((*decoded == expected), name << ": decoded as " << webapi::json::encode(*decoded));
  const std::string encoded = webapi::json::encode(expected);
  BOOST_TEST(same_json(boost::json::parse(encoded), boost::json::parse(text)), name << ": encoded as " << encoded);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(json_golden)

BOOST_AUTO_TEST_CASE(audio) {
  namespace a = webapi::audio;
  a::Track first{.access = a::TrackAccess::preview, .bpm = 118, .downloadable = std::string("true"), .id = 9001,
                 .streamable = true, .title = std::string("Tunnel lights"),
                 .user = a::MetaUser{.id = 3, .username = std::string("nightowl")}};
  check_golden("audio/playlist.json",
               a::Playlist{.downloadable = false, .id = 405, .kind = std::string("playlist"),
                           .playlist_type = std::string("compilation"), .title = std::string("Night drive"),
                           .track_count = 2,
                           .tracks = std::vector<a::Track>{first, a::Track{.access = a::TrackAccess::blocked, .id = 9002}},
                           .user = a::MetaUser{.id = 3, .permalink = std::string("nightowl"),
                                               .username = std::string("nightowl")}});
  check_golden("audio/track_metadata_request.json",
               a::TrackMetadataRequest{.track = a::TrackMetadataRequestTrack{
                                           .commentable = false,
                                           .embeddable_by = a::TrackDataRequestTrackEmbeddableBy::me,
                                           .license = a::TrackDataRequestTrackLicense::cc_by_nc_sa,
                                           .release_date = std::string("2026-11-01"),
                                           .sharing = a::CreateUpdatePlaylistRequestPlaylistSharing::private_,
                                           .tag_list = std::string("ambient night"),
                                           .title = std::string("Tunnel lights")}});
}

BOOST_AUTO_TEST_CASE(userinfo) {
  namespace u = webapi::userinfo;
  check_golden("userinfo/userinfo.json",
               u::Userinfo{.email = std::string("ada@example.com"), .family_name = std::string("Lovelace"),
                           .given_name = std::string("Ada"), .hd = std::string("example.com"),
                           .id = std::string("108204268033311374519"), .locale = std::string("en-GB"),
                           .name = std::string("Ada Lovelace"), .picture = std::string("https://images.example/ada.jpg"),
                           .verified_email = true});
  check_golden("userinfo/tokeninfo.json",
               u::Tokeninfo{.audience = std::string("client-1.apps.example.com"), .expires_in = 3599,
                            .issued_to = std::string("client-1.apps.example.com"), .scope = std::string("openid email"),
                            .user_id = std::string("108204268033311374519"), .verified_email = false});
}

BOOST_AUTO_TEST_CASE(quotes) {
  namespace q = webapi::quotes;
  check_golden("quotes/quote_response.json",
               q::QuoteResponse{
                   .contents = q::QuoteResponseContents{.quotes = std::vector<q::Quote>{
                       q::Quote{.author = std::string("Proverb"), .quote = "Measure twice, cut once.",
                                .tags = std::vector<std::string>{"craft", "care"}, .id = "q-17",
                                .image = std::string("https://quotes.example/q-17.png"), .length = 24},
                       q::Quote{.quote = "Less is more.", .id = "q-18"}}},
                   .success = std::variant<std::string, q::QuoteSuccess>(std::string("true"))});
  check_golden("quotes/qod.json", q::QOD{.author = std::string("John Cage"), .quote = "Begin anywhere.",
                                         .tags = std::vector<std::string>{}, .id = "q-3", .date = "2026-11-27"});
}

BOOST_AUTO_TEST_CASE(webhooks) {
  namespace w = webapi::webhooks;
  using Event = w::SubscriptionResponseEventType;
  check_golden("webhooks/batch_subscriptions.json",
               w::BatchResponseSubscriptionResponse{
                   .completed_at = "2026-11-27T01:00:02.500Z",
                   .links = std::map<std::string, std::string>{{"self", "https://hooks.example/batch/1"}},
                   .results = {w::SubscriptionResponse{.active = true, .created_at = "2026-11-27T01:00:01.000Z",
                                                       .event_type = Event::contact_propertyChange, .id = "sub-1",
                                                       .property_name = std::string("email"),
                                                       .updated_at = std::string("2026-11-27T01:00:02.000Z")},
                               w::SubscriptionResponse{.active = false, .created_at = "2026-11-27T01:00:01.500Z",
                                                       .event_type = Event::conversation_newMessage, .id = "sub-2"}},
                   .started_at = "2026-11-27T01:00:00.000Z",
                   .status = w::BatchResponseSubscriptionResponseStatus::COMPLETE});
  check_golden("webhooks/settings.json",
               w::SettingsResponse{.created_at = "2026-11-01T09:30:00.000Z", .target_url = "https://app.example/hooks",
                                   .throttling = {.max_concurrent_requests = 10,
                                                  .period = w::ThrottlingSettingsPeriod::ROLLING_MINUTE}});
}

BOOST_AUTO_TEST_CASE(finance) {
  namespace f = webapi::finance;
  using Balance = f::HistoricalBalance;
  check_golden("finance/account_historical_balances.json",
               f::AccountHistoricalBalancesResponse{.account = std::vector<f::AccountHistory>{
                   f::AccountHistory{
                       .historical_balances = std::vector<Balance>{
                           Balance{.as_of_date = std::string("2026-03-30"),
                                   .balance = f::Money{1520.75, f::MoneyCurrency::USD},
                                   .data_source_type = f::HistoricalBalanceDataSourceType::CF,
                                   .date = std::string("2026-03-31"), .is_asset = true},
                           Balance{.balance = f::Money{-44.5, f::MoneyCurrency::EUR}, .date = std::string("2026-02-28")}},
                       .id = 10012},
                   f::AccountHistory{.id = 10013}}});
  check_golden("finance/categorization_rules.json",
               f::TransactionCategorizationRuleResponse{.txn_rules = std::vector<f::TransactionCategorizationRule>{
                   f::TransactionCategorizationRule{
                       .category_level_id = 3, .mem_id = 900001,
                       .rule_clauses = std::vector<f::RuleClause>{
                           f::RuleClause{.field = f::FieldOperationField::description,
                                         .field_value = std::string("coffee"),
                                         .operation = f::FieldOperationOperation::stringContains,
                                         .rule_clause_id = 501, .user_defined_rule_id = 71},
                           f::RuleClause{.field = f::FieldOperationField::amount, .field_value = std::string("12.5"),
                                         .operation = f::FieldOperationOperation::numberLessThanEquals,
                                         .rule_clause_id = 502}},
                       .rule_priority = 2, .transaction_categorisation_id = 26, .user_defined_rule_id = 71}}});
}

BOOST_AUTO_TEST_CASE(migration) {
  namespace m = webapi::migration;
  using Error = m::ImportError;
  check_golden("migration/compute_engine_preferences.json",
               m::ComputeEnginePreferences{
                   .license_type = m::ComputeEnginePreferencesLicenseType::LICENSE_TYPE_BRING_YOUR_OWN_LICENSE,
                   .machine_preferences = m::MachinePreferences{.allowed_machine_series = std::vector<m::MachineSeries>{
                       {.code = std::string("n2")}, {.code = std::string("e2")}, {}}},
                   .persistent_disk_type = m::ComputeStorageDescriptorType::PERSISTENT_DISK_TYPE_SSD});
  check_golden("migration/validation_report.json",
               m::ValidationReport{
                   .file_validations = std::vector<m::FileValidationReport>{m::FileValidationReport{
                       .file_errors = std::vector<Error>{Error{.error_details = std::string("column 7 is empty"),
                                                               .severity = m::ImportErrorSeverity::WARNING}},
                       .file_name = std::string("vms.csv"),
                       .partial_report = true,
                       .row_errors = std::vector<m::ImportRowError>{m::ImportRowError{
                           .errors = std::vector<Error>{Error{.error_details = std::string("memory is not a number"),
                                                               .severity = m::ImportErrorSeverity::ERROR}},
                           .row_number = 12,
                           .vm_name = std::string("db-01"),
                           .vm_uuid = std::string("4213a1b2-0000-4000-8000-00000000000c")}}}},
                   .job_errors = std::vector<Error>{Error{.severity = m::ImportErrorSeverity::INFO}}});
}

BOOST_AUTO_TEST_CASE(project_management) {
  namespace pm = webapi::project_management;
  using Class = pm::CategoryDTOSupportedClassesItem;
  check_golden("project_management/category.json",
               pm::CategoryDTO{.active = true, .default_ = false, .id = 4, .name = std::string("Legal"),
                               .supported_classes = std::vector<webapi::OpenEnum<Class>>{
                                   Class::PROJECT, Class::CUSTOMER_INVOICE, Class::PROVIDER_PERSON}});
  check_golden("project_management/project_dates.json",
               pm::ProjectDatesDTO{.actual_start_date = pm::TimeDTO{},
                                   .deadline = pm::TimeDTO{.value = 1764806400000},
                                   .start_date = pm::TimeDTO{.value = 1764201600000}});
}

BOOST_AUTO_TEST_CASE(api_platform) {
  namespace ap = webapi::api_platform;
  using Monitor = ap::SingleMonitorResponseMonitor;
  using Stats = ap::SingleMonitorResponseMonitorLastRunStats;
  check_golden("api_platform/single_monitor.json",
               ap::SingleMonitorResponse{.monitor = Monitor{
                   .collection_uid = std::string("5852-8d05dd85"),
                   .distribution = std::vector<boost::json::value>{},
                   .environment_uid = std::string("5852-0a1c6e55"),
                   .id = std::string("1e6b6cc1-c760-48e0-968f-4bfaeeae9af1"),
                   .last_run = ap::SingleMonitorResponseMonitorLastRun{
                       .finished_at = std::string("2026-11-26T02:00:04.250Z"),
                       .started_at = std::string("2026-11-26T02:00:00.000Z"),
                       .stats = Stats{.assertions = ap::SingleMonitorResponseMonitorLastRunStatsAssertions{.failed = 1.0,
                                                                                                       .total = 12.0},
                                      .requests = ap::SingleMonitorResponseMonitorLastRunStatsRequests{.total = 6.0}},
                       .status = std::string("failed")},
                   .name = std::string("Nightly checks"),
                   .notifications = ap::SingleMonitorResponseMonitorNotifications{
                       .on_error = std::vector<ap::SingleMonitorResponseMonitorNotificationsOnErrorItem>{
                           {.email = std::string("ops@example.com")}},
                       .on_failure = std::vector<ap::SingleMonitorResponseMonitorNotificationsOnFailureItem>{}},
                   .options = ap::SingleMonitorResponseMonitorOptions{.follow_redirects = false,
                                                                      .request_timeout = 2500.5,
                                                                      .strict_ssl = true},
                   .owner = std::string("5852"),
                   .schedule = ap::SingleMonitorResponseMonitorSchedule{.cron = std::string("0 2 * * *"),
                                                                        .next_run = std::string("2026-11-27T02:00:00.000Z"),
                                                                        .timezone = std::string("UTC")},
                   .uid = std::string("5852-1e6b6cc1")}});
  check_golden("api_platform/api_version.json",
               ap::GetAnApiVersionResponse{.version = ap::GetAnApiVersionResponseVersion{
                   .api = std::string("api-7"), .created_at = std::string("2026-10-01T08:00:00.000Z"),
                   .created_by = std::string("12345"), .id = std::string("v-42"), .name = std::string("2.1.0"),
                   .schema = std::vector<std::string>{"schema-1", "schema-2"},
                   .updated_at = std::string("2026-10-02T08:00:00.000Z")}});
}

BOOST_AUTO_TEST_SUITE_END()
