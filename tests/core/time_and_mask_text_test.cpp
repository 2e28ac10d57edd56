// Text forms of durations ("3.5s"), RFC 3339 date-times and field masks, read into std::chrono types and
// lists of paths and written back, with the errors malformed text gives.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <string>
#include <vector>

#include <webapi/core/date_time.hpp>
#include <webapi/core/duration.hpp>
#include <webapi/core/field_mask.hpp>

using namespace webapi;
using namespace std::chrono;
using namespace std::chrono_literals;

namespace {

template <class T>
std::string error_of(const Result<T>& r) {
  BOOST_REQUIRE_MESSAGE(!r, "expected an error");
  BOOST_TEST((r.error().kind == ErrorKind::decode));
  return r.error().message;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(duration_text)

BOOST_AUTO_TEST_CASE(reads_seconds_with_fractions_and_signs) {
  BOOST_TEST(parse_duration("3.5s")->count() == 3'500'000'000);
  BOOST_TEST(parse_duration("0s")->count() == 0);
  BOOST_TEST(parse_duration("-0.000000001s")->count() == -1);
  BOOST_TEST(parse_duration("1.000340012s")->count() == 1'000'340'012);
  BOOST_TEST(parse_duration("86400s")->count() == 86'400'000'000'000);
  // The largest whole seconds that fit, and the last nanosecond of them.
  BOOST_TEST(parse_duration("9223372036.854775807s")->count() == nanoseconds::max().count());
  BOOST_TEST(parse_duration("-9223372036.854775807s")->count() == -nanoseconds::max().count());
}

BOOST_AUTO_TEST_CASE(writes_whole_seconds_then_three_six_or_nine_digits) {
  BOOST_TEST(format_duration(3500ms) == "3.500s");
  BOOST_TEST(format_duration(0ns) == "0s");
  BOOST_TEST(format_duration(-1us) == "-0.000001s");
  BOOST_TEST(format_duration(1'000'340'012ns) == "1.000340012s");
  BOOST_TEST(format_duration(-90s) == "-90s");
  BOOST_TEST(format_duration(nanoseconds::min()) == "-9223372036.854775808s");
  for (nanoseconds d : std::vector<nanoseconds>{0ns, 1ns, -1ns, 3500ms, -3500ms, 12h, nanoseconds::max()})
    BOOST_TEST(parse_duration(format_duration(d))->count() == d.count());
}

BOOST_AUTO_TEST_CASE(malformed_text_says_what_is_wrong) {
  BOOST_TEST(error_of(parse_duration("3.5")) == "duration \"3.5\": expected seconds ending in 's', such as \"3.5s\"");
  BOOST_TEST(error_of(parse_duration("")).find("ending in 's'") != std::string::npos);
  BOOST_TEST(error_of(parse_duration("1.1234567891s")) ==
             "duration \"1.1234567891s\": the fraction must be one to nine digits");
  BOOST_TEST(error_of(parse_duration("1.s")).find("one to nine digits") != std::string::npos);
  BOOST_TEST(error_of(parse_duration(".5s")).find("no whole seconds") != std::string::npos);
  BOOST_TEST(error_of(parse_duration("-s")).find("no whole seconds") != std::string::npos);
  BOOST_TEST(error_of(parse_duration("1m")).find("ending in 's'") != std::string::npos);
  BOOST_TEST(error_of(parse_duration("+1s")).find("must be digits") != std::string::npos);
  BOOST_TEST(error_of(parse_duration("9223372036.854775808s")).find("beyond the range") != std::string::npos);
  BOOST_TEST(error_of(parse_duration("315576000000s")).find("beyond the range") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(date_time_text)

BOOST_AUTO_TEST_CASE(reads_utc_offsets_and_fractions) {
  const DateTime noon = sys_days{2026y / March / 1} + 12h;
  BOOST_TEST((*parse_date_time("2026-03-01T12:00:00Z") == noon));
  BOOST_TEST((*parse_date_time("2026-03-01t12:00:00z") == noon));
  BOOST_TEST((*parse_date_time("2026-03-01T13:30:00+01:30") == noon));
  BOOST_TEST((*parse_date_time("2026-03-01T04:00:00-08:00") == noon));
  BOOST_TEST((*parse_date_time("2026-03-01T12:00:00.25Z") == noon + 250ms));
  BOOST_TEST((*parse_date_time("2026-03-01T12:00:00.000000001Z") == noon + 1ns));
  // An offset may carry the time into another day, month or year.
  BOOST_TEST((*parse_date_time("2025-12-31T23:30:00-01:00") == DateTime(sys_days{2026y / January / 1} + 30min)));
  BOOST_TEST((*parse_date_time("2024-02-29T00:00:00Z") == DateTime(sys_days{2024y / February / 29})));
  BOOST_TEST((*parse_date_time("1969-12-31T23:59:59.5Z") == DateTime(-500ms)));
}

BOOST_AUTO_TEST_CASE(writes_utc_with_three_six_or_nine_digits) {
  const DateTime noon = sys_days{2026y / March / 1} + 12h;
  BOOST_TEST(format_date_time(noon) == "2026-03-01T12:00:00Z");
  BOOST_TEST(format_date_time(noon + 250ms) == "2026-03-01T12:00:00.250Z");
  BOOST_TEST(format_date_time(noon + 1us) == "2026-03-01T12:00:00.000001Z");
  BOOST_TEST(format_date_time(noon + 1ns) == "2026-03-01T12:00:00.000000001Z");
  BOOST_TEST(format_date_time(DateTime(-500ms)) == "1969-12-31T23:59:59.500Z");
  BOOST_TEST(format_date_time(*parse_date_time("2026-03-01T09:30:00.25+01:00")) == "2026-03-01T08:30:00.250Z");
}

BOOST_AUTO_TEST_CASE(malformed_text_says_what_is_wrong) {
  BOOST_TEST(error_of(parse_date_time("2026-02-30T00:00:00Z")) == "date-time \"2026-02-30T00:00:00Z\": no such date");
  BOOST_TEST(error_of(parse_date_time("2025-02-29T00:00:00Z")).find("no such date") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-3-01T00:00:00Z")).find("expected a date YYYY-MM-DD") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01 00:00:00Z")).find("expected 'T'") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01T24:00:00Z")).find("no such time of day") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01T12:00Z")).find("expected a time HH:MM:SS") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2016-12-31T23:59:60Z")).find("leap seconds") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01T12:00:00")).find("expected 'Z' or an offset") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01T12:00:00+0100")).find("expected an offset +HH:MM") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01T12:00:00.Z")).find("one to nine digits") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01T12:00:00.1234567890Z")).find("one to nine digits") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("2026-03-01T12:00:00Zjunk")).find("unexpected text") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("9999-12-31T23:59:59Z")).find("beyond the range") != std::string::npos);
  BOOST_TEST(error_of(parse_date_time("0001-01-01T00:00:00Z")).find("beyond the range") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(field_mask_text)

BOOST_AUTO_TEST_CASE(splits_and_joins_paths) {
  BOOST_TEST((*split_field_mask("displayName,virtualMachineDetails.coreCount") ==
              std::vector<std::string>{"displayName", "virtualMachineDetails.coreCount"}));
  BOOST_TEST(split_field_mask("")->empty());
  BOOST_TEST(join_field_mask({"displayName", "labels"}) == "displayName,labels");
  BOOST_TEST(join_field_mask({}) == "");
  BOOST_TEST(join_field_mask(*split_field_mask("a.b,c")) == "a.b,c");
}

BOOST_AUTO_TEST_CASE(empty_paths_are_errors_naming_them) {
  BOOST_TEST(error_of(split_field_mask("a,,b")) == "field mask \"a,,b\": path 2 is empty");
  BOOST_TEST(error_of(split_field_mask("a,")) == "field mask \"a,\": path 2 is empty");
  BOOST_TEST(error_of(split_field_mask("a.,b")) == "field mask \"a.,b\": path \"a.\" has an empty member name");
  BOOST_TEST(error_of(split_field_mask("x..y")).find("empty member name") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
