// webapi::json against the straightforward Boost.JSON path, on the same model types and the same bytes:
//   decode: webapi::json::decode<T>            vs  boost::json::parse + value_to<T>
//   encode: webapi::json::encode(T)            vs  boost::json::value_from + serialize
// and, when built with simdjson, decode against simdjson's on-demand API filling the same structs
// (bench_simdjson.cpp): driven by a generic extraction on the three large payloads, and by code written
// by hand on the audio track page.
// After the usual Google Benchmark output, a Markdown table of throughput, ratios and allocations.
//
//   bench_json [--benchmark_filter=...] [--benchmark_repetitions=N] [--markdown=FILE]
//
// Times are CPU time; with repetitions the table takes each figure's median (Google Benchmark's own when
// --benchmark_report_aggregates_only=true leaves only the aggregates).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value_from.hpp>
#include <boost/json/value_to.hpp>

#include <webapi/core/json.hpp>

#include "alloc_counter.hpp"
#include "counters.hpp"
#include "payloads.hpp"
#if WEBAPI_BENCH_SIMDJSON
#include "simdjson_anchor.hpp"
#endif

namespace {

using namespace webapi_bench;

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// One benchmark's CPU ns per run, one per repetition, or only the median Google Benchmark reports.
struct Samples {
  std::vector<double> runs;
  double reported_median = 0;
  double allocs = 0;  // per run
  bool empty() const { return runs.empty() && reported_median == 0; }
  double ns() const { return runs.empty() ? reported_median : median(runs); }
};

// One payload's numbers, filled in as its benchmarks report.
struct Row {
  std::string name;
  std::size_t bytes = 0;
  std::size_t records = 0;
  Samples ns[2][2];  // [decode, encode][typed, dom]
  std::vector<std::pair<std::string, Samples>> anchors;  // decode by simdjson on-demand: anchor name, times
};
std::vector<Row> rows;

template <class T>
void register_payload(const Payload<T>& p_in) {
  // The benchmarks hold these by pointer: they live until the program ends.
  auto* p = new Payload<T>(p_in);
  auto* model = new T(boost::json::value_to<T>(boost::json::parse(p->text)));
  Row& added = rows.emplace_back();
  added.name = p->name;
  added.bytes = p->text.size();
  added.records = p->records;

  auto finish = [p](benchmark::State& s, std::size_t allocs) {
    report_counters(s, p->text.size(), p->records, allocs);
  };
  auto name = [&](const char* what) { return std::string(what) + "/" + p->name; };

  benchmark::RegisterBenchmark(name("decode/typed").c_str(), [p, finish](benchmark::State& s) {
    std::size_t allocs = 0;
    for (auto _ : s) {
      std::size_t before = allocations();
      auto r = webapi::json::decode<T>(p->text);
      allocs += allocations() - before;
      if (!r) s.SkipWithError(r.error().message.c_str());
      benchmark::DoNotOptimize(r);
    }
    finish(s, allocs);
  })->MinTime(min_time);
  benchmark::RegisterBenchmark(name("decode/dom").c_str(), [p, finish](benchmark::State& s) {
    std::size_t allocs = 0;
    for (auto _ : s) {
      std::size_t before = allocations();
      T t = boost::json::value_to<T>(boost::json::parse(p->text));
      allocs += allocations() - before;
      benchmark::DoNotOptimize(t);
    }
    finish(s, allocs);
  })->MinTime(min_time);
  benchmark::RegisterBenchmark(name("encode/typed").c_str(), [model, finish](benchmark::State& s) {
    std::size_t allocs = 0;
    for (auto _ : s) {
      std::size_t before = allocations();
      std::string out = webapi::json::encode(*model);
      allocs += allocations() - before;
      benchmark::DoNotOptimize(out);
    }
    finish(s, allocs);
  })->MinTime(min_time);
  benchmark::RegisterBenchmark(name("encode/dom").c_str(), [model, finish](benchmark::State& s) {
    std::size_t allocs = 0;
    for (auto _ : s) {
      std::size_t before = allocations();
      std::string out = boost::json::serialize(boost::json::value_from(*model));
      allocs += allocations() - before;
      benchmark::DoNotOptimize(out);
    }
    finish(s, allocs);
  })->MinTime(min_time);
#if WEBAPI_BENCH_SIMDJSON
  if constexpr (requires { register_simdjson(*p); }) register_simdjson(*p);
#endif
}

// Console output as usual, and each run's time and allocations noted in its row.
// Per-call benchmarks (bench_call.cpp): name, CPU ns per call (one per repetition), allocations per call.
struct CallRow {
  std::string name;
  Samples s;
};
std::vector<CallRow> call_rows;

// A repetition's time, or the reported median when only aggregates are reported.
void note(Samples& s, const benchmark::BenchmarkReporter::Run& r) {
  if (r.run_type == benchmark::BenchmarkReporter::Run::RT_Iteration) s.runs.push_back(r.GetAdjustedCPUTime());
  else s.reported_median = r.GetAdjustedCPUTime();
  auto allocs = r.counters.find("allocs");
  s.allocs = allocs == r.counters.end() ? 0.0 : allocs->second.value;
}

class Collector : public benchmark::ConsoleReporter {
 public:
  Collector() : ConsoleReporter(OO_Tabular) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.error_occurred) continue;
      std::string n = r.benchmark_name();
      if (r.run_type == Run::RT_Aggregate) {
        if (r.aggregate_name != "median") continue;
        n.resize(n.size() - std::string("_median").size());
      }
      if (auto slash = n.find("/min_time"); slash != std::string::npos) n.erase(slash, n.find('/', slash + 1) - slash);
      if (n.rfind("call/", 0) == 0 || n.rfind("request/", 0) == 0) {
        auto it = std::find_if(call_rows.begin(), call_rows.end(), [&](const CallRow& c) { return c.name == n; });
        if (it == call_rows.end()) it = call_rows.insert(call_rows.end(), CallRow{n, {}});
        note(it->s, r);
        continue;
      }
      // Names are "<decode|encode>/<typed|dom|simdjson-...>/<payload>".
      int op = n.rfind("decode/", 0) == 0 ? 0 : 1;
      std::size_t path_end = n.find('/', 7);
      std::string path = n.substr(7, path_end - 7);
      std::string payload = n.substr(path_end + 1);
      auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& w) { return w.name == payload; });
      if (it == rows.end()) continue;
      Row& target = *it;
      if (path.rfind("simdjson", 0) == 0) {
        auto a = std::find_if(target.anchors.begin(), target.anchors.end(), [&](const auto& x) { return x.first == path; });
        if (a == target.anchors.end()) a = target.anchors.insert(target.anchors.end(), {path, Samples{}});
        note(a->second, r);
        continue;
      }
      note(target.ns[op][path == "typed" ? 0 : 1], r);  // CPU time: steadier than wall time when shared
    }
  }
};

std::string machine() {
  std::ifstream cpu("/proc/cpuinfo");
  std::string line, model = "unknown CPU";
  while (std::getline(cpu, line))
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  std::ostringstream o;
  o << model << ", " << std::thread::hardware_concurrency() << " logical CPUs";
  return o.str();
}

std::string markdown() {
  auto mbps = [](std::size_t bytes, double ns) { return ns > 0 ? static_cast<double>(bytes) / ns * 1e3 : 0.0; };
  std::ostringstream o;
  char buf[512];
  o << "Machine: " << machine() << "\n\n";
  o << "| payload | size | records | decode typed MB/s | decode DOM MB/s | decode ratio | typed records/s "
       "| encode typed MB/s | encode DOM MB/s | encode ratio | allocs/decode typed | allocs/decode DOM |\n";
  o << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Row& r : rows) {
    // The median over repetitions: on a shared machine one unlucky repetition should not decide.
    double dt = r.ns[0][0].ns(), dd = r.ns[0][1].ns(), et = r.ns[1][0].ns(), ed = r.ns[1][1].ns();
    std::snprintf(buf, sizeof buf,
                  "| %s | %.1f KB | %zu | %.0f | %.0f | **%.2fx** | %.0f | %.0f | %.0f | **%.2fx** | %.0f | %.0f |\n",
                  r.name.c_str(), static_cast<double>(r.bytes) / 1024.0, r.records, mbps(r.bytes, dt), mbps(r.bytes, dd),
                  dt > 0 ? dd / dt : 0.0, dt > 0 ? static_cast<double>(r.records) / dt * 1e9 : 0.0, mbps(r.bytes, et),
                  mbps(r.bytes, ed), et > 0 ? ed / et : 0.0, r.ns[0][0].allocs, r.ns[0][1].allocs);
    o << buf;
  }
  bool anchored = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return !r.anchors.empty(); });
  if (anchored) {
    o << "\n| payload | simdjson on-demand anchor | decode typed MB/s | decode anchor MB/s | typed / anchor "
         "| allocs/decode typed | allocs/decode anchor |\n|---|---|---:|---:|---:|---:|---:|\n";
    for (Row r : rows) {
      // Reported in whatever order the interleaving ran them; listed by name: generic, then hand-written.
      std::sort(r.anchors.begin(), r.anchors.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
      for (const auto& [anchor, a] : r.anchors) {
        if (a.empty()) continue;
        double dt = r.ns[0][0].ns(), ds = a.ns();
        std::snprintf(buf, sizeof buf, "| %s | %s | %.0f | %.0f | **%.2fx** | %.0f | %.0f |\n", r.name.c_str(),
                      anchor.c_str(), mbps(r.bytes, dt), mbps(r.bytes, ds), dt > 0 ? ds / dt : 0.0, r.ns[0][0].allocs,
                      a.allocs);
        o << buf;
      }
    }
  }
  if (!call_rows.empty()) {
    o << "\n| per call | ns | allocations |\n|---|---:|---:|\n";
    for (const CallRow& c : call_rows) {
      std::snprintf(buf, sizeof buf, "| %s | %.0f | %.0f |\n", c.name.c_str(), c.s.ns(), c.s.allocs);
      o << buf;
    }
  }
  return o.str();
}

}  // namespace

int main(int argc, char** argv) {
  std::string markdown_file;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--markdown=", 0) == 0) markdown_file = a.substr(11);
    else args.push_back(argv[i]);
  }
  int n = static_cast<int>(args.size());

  register_payload(track_page());
  register_payload(transaction_list());
  register_payload(asset_list());
  register_payload(project());
  register_payload(quote_search());

  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
  Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::Shutdown();

  std::string table = markdown();
  std::cout << "\n" << table;
  if (!markdown_file.empty()) std::ofstream(markdown_file) << table;
  return 0;
}
