// Out of file descriptors: the accept loop pauses instead of spinning, and serves again once some are free.
// The server runs in a child process with a lowered RLIMIT_NOFILE, so that only it runs out.
#include <boost/test/unit_test.hpp>

#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "helpers.hpp"

using namespace served_test;

namespace {

int open_descriptors() {
  int n = 0;
  if (DIR* d = opendir("/proc/self/fd")) {
    while (readdir(d)) ++n;
    closedir(d);
  }
  return n;
}

/// utime + stime of `pid`, in clock ticks.
long cpu_ticks(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(f, line);
  std::istringstream rest(line.substr(line.rfind(')') + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stol(field);
    if (i == 15) stime = std::stol(field);
  }
  return utime + stime;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(out_of_descriptors)

BOOST_AUTO_TEST_CASE(accept_backs_off_on_emfile_and_recovers) {
  int to_parent[2], to_child[2];
  BOOST_REQUIRE(pipe(to_parent) == 0);
  BOOST_REQUIRE(pipe(to_child) == 0);
  const pid_t child = fork();
  BOOST_REQUIRE(child >= 0);
  if (child == 0) {
    close(to_parent[0]);
    close(to_child[1]);
    rlimit lim{};
    getrlimit(RLIMIT_NOFILE, &lim);
    lim.rlim_cur = static_cast<rlim_t>(open_descriptors() + 24);  // the server's own, and a dozen connections
    setrlimit(RLIMIT_NOFILE, &lim);
    {
      webapi::fakes::quotes::Fake fake;
      seed_demo(fake);
      auto server = webapi::fakes::serve(fake, 0, {.io_threads = 1, .handler_threads = 1});
      const std::uint16_t port = server.port();
      (void)!write(to_parent[1], &port, sizeof port);
      // Counts the failed accepts between the parent's two signals.
      char go = 0;
      (void)!read(to_child[0], &go, 1);
      const std::size_t first = server.accept_failures();
      (void)!read(to_child[0], &go, 1);
      const std::size_t failures = server.accept_failures() - first;
      (void)!write(to_parent[1], &failures, sizeof failures);
      std::this_thread::sleep_for(std::chrono::seconds(30));  // the parent kills it long before
    }
    _exit(0);
  }
  close(to_parent[1]);
  close(to_child[0]);
  std::uint16_t port = 0;
  BOOST_REQUIRE(read(to_parent[0], &port, sizeof port) == static_cast<ssize_t>(sizeof port));

  namespace asio = boost::asio;
  asio::io_context ioc;
  std::vector<std::unique_ptr<asio::ip::tcp::socket>> held;
  for (int i = 0; i < 40; ++i) {
    auto s = std::make_unique<asio::ip::tcp::socket>(ioc);
    boost::system::error_code ec;
    s->connect({asio::ip::make_address("127.0.0.1"), port}, ec);  // completes in the backlog even unaccepted
    if (!ec) held.push_back(std::move(s));
  }
  std::this_thread::sleep_for(300ms);
  const long before = cpu_ticks(child);
  BOOST_REQUIRE(write(to_child[1], "m", 1) == 1);
  std::this_thread::sleep_for(1s);
  BOOST_REQUIRE(write(to_child[1], "m", 1) == 1);
  std::size_t failures = 0;
  BOOST_REQUIRE(read(to_parent[0], &failures, sizeof failures) == static_cast<ssize_t>(sizeof failures));
  const long used = cpu_ticks(child) - before;
  close(to_parent[0]);
  close(to_child[1]);
  // It did run out, and then retried about every accept_backoff (100 ms) instead of thousands of times.
  BOOST_TEST(failures >= 1u);
  BOOST_TEST(failures <= 20u, failures << " failed accepts in a second");
  const long per_second = sysconf(_SC_CLK_TCK);
  BOOST_TEST(used < per_second / 2, "the server used " << used << " of " << per_second << " ticks in a second");

  held.clear();  // the server sees them close, frees their descriptors, and accepts again
  bool served = false;
  for (int attempt = 0; attempt < 30 && !served; ++attempt) {
    std::string reply = raw_exchange(port, "GET /qod HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    served = reply.starts_with("HTTP/1.1 401");  // the fake's own answer: no key was sent
    if (!served) std::this_thread::sleep_for(100ms);
  }
  BOOST_TEST(served);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
}

BOOST_AUTO_TEST_SUITE_END()
