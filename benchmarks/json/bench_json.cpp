// webapi::json against the straightforward Boost.JSON path, on the same model types and the same bytes:
//   decode: webapi::json::decode<T>            vs  boost::json::parse + value_to<T>
//   encode: webapi::json::encode(T)            vs  boost::json::value_from + serialize
// and, when built with simdjson, decode against simdjson's on-demand API filling the same structs
// (bench_simdjson.cpp) on the three large payloads.
// After the usual Google Benchmark output, a Markdown table of throughput, ratios and allocations.
//
//   bench_json [--benchmark_filter=...] [--benchmark_repetitions=N] [--markdown=FILE]
//
// Times are CPU time; with repetitions the table takes each figure's median.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
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

// One payload's numbers, filled in as its benchmarks report.
struct Row {
  std::string name;
  std::size_t bytes = 0;
  std::size_t records = 0;
  std::vector<double> ns[2][2];  // CPU ns per run, [decode, encode][typed, dom]; one per repetition
  double allocs[2][2] = {};      // same indices
  std::vector<double> simdjson_ns;  // decode by simdjson on-demand, when measured
  double simdjson_allocs = 0;
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
  std::vector<double> ns;
  double allocs = 0;
};
std::vector<CallRow> call_rows;

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

class Collector : public benchmark::ConsoleReporter {
 public:
  Collector() : ConsoleReporter(OO_Tabular) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
      if (r.benchmark_name().rfind("call/", 0) == 0 || r.benchmark_name().rfind("request/", 0) == 0) {
        auto allocs = r.counters.find("allocs");
        auto it = std::find_if(call_rows.begin(), call_rows.end(),
                               [&](const CallRow& c) { return c.name == r.benchmark_name(); });
        if (it == call_rows.end()) it = call_rows.insert(call_rows.end(), CallRow{r.benchmark_name(), {}, 0});
        it->ns.push_back(r.GetAdjustedCPUTime());
        it->allocs = allocs == r.counters.end() ? 0.0 : allocs->second.value;
        continue;
      }
      // Names are "<decode|encode>/<typed|dom|simdjson>/<payload>".
      std::string n = r.benchmark_name();
      int op = n.rfind("decode/", 0) == 0 ? 0 : 1;
      int path = n.find("/typed/") != std::string::npos ? 0 : 1;
      std::string payload = n.substr(n.find('/', 7) + 1);
      if (auto slash = payload.find("/min_time"); slash != std::string::npos) payload.resize(slash);
      auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& w) { return w.name == payload; });
      if (it == rows.end()) continue;
      Row& target = *it;
      if (n.rfind("decode/simdjson/", 0) == 0) {
        target.simdjson_ns.push_back(r.GetAdjustedCPUTime());
        target.simdjson_allocs = r.counters.at("allocs").value;
        continue;
      }
      target.ns[op][path].push_back(r.GetAdjustedCPUTime());  // CPU time: steadier than wall time when shared
      target.allocs[op][path] = r.counters.at("allocs").value;
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
    double dt = median(r.ns[0][0]), dd = median(r.ns[0][1]), et = median(r.ns[1][0]), ed = median(r.ns[1][1]);
    std::snprintf(buf, sizeof buf,
                  "| %s | %.1f KB | %zu | %.0f | %.0f | **%.2fx** | %.0f | %.0f | %.0f | **%.2fx** | %.0f | %.0f |\n",
                  r.name.c_str(), static_cast<double>(r.bytes) / 1024.0, r.records, mbps(r.bytes, dt), mbps(r.bytes, dd),
                  dt > 0 ? dd / dt : 0.0, dt > 0 ? static_cast<double>(r.records) / dt * 1e9 : 0.0, mbps(r.bytes, et),
                  mbps(r.bytes, ed), et > 0 ? ed / et : 0.0, r.allocs[0][0], r.allocs[0][1]);
    o << buf;
  }
  bool anchored = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return !r.simdjson_ns.empty(); });
  if (anchored) {
    o << "\n| payload | decode typed MB/s | decode simdjson on-demand MB/s | typed / simdjson | allocs/decode typed "
         "| allocs/decode simdjson |\n|---|---:|---:|---:|---:|---:|\n";
    for (const Row& r : rows) {
      if (r.simdjson_ns.empty()) continue;
      double dt = median(r.ns[0][0]), ds = median(r.simdjson_ns);
      std::snprintf(buf, sizeof buf, "| %s | %.0f | %.0f | **%.2fx** | %.0f | %.0f |\n", r.name.c_str(),
                    mbps(r.bytes, dt), mbps(r.bytes, ds), dt > 0 ? ds / dt : 0.0, r.allocs[0][0], r.simdjson_allocs);
      o << buf;
    }
  }
  if (!call_rows.empty()) {
    o << "\n| per call | ns | allocations |\n|---|---:|---:|\n";
    for (const CallRow& c : call_rows) {
      std::snprintf(buf, sizeof buf, "| %s | %.0f | %.0f |\n", c.name.c_str(), median(c.ns), c.allocs);
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
