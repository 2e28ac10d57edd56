// webapi-fake-server --api <module> [--port N] [--seed demo] [--clock real|frozen] [--idle-timeout-ms N]
// webapi-fake-server-<module> [the same options]: built with that module's fake only, which --api may omit.
// webapi-fake-server --verify CASSETTE [--api <module>] [--seed demo] [--credential NAME=VALUE]...: serves
// nothing; replays a recorded cassette on a fresh fake and prints one line per difference (docs/fake-server.md).
//
// Serves one in-memory fake over HTTP/1.1 on 127.0.0.1 until SIGINT or SIGTERM. Prints the credentials of
// the demo data set as NAME=VALUE lines (with --seed demo), then `port=<N>` once it accepts connections.
// The credentials differ at each start, drawn from a secret, unless --demo-secret names the secret.
// The control plane (/__webapi/) and the limits are described in docs/fake-server.md.

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/cassette.hpp>
#include <webapi/fakes/core/store.hpp>

#include "registry.hpp"

namespace {

void usage(std::ostream& os, const std::vector<webapi::fake_server::Entry>& known) {
  os << "usage: webapi-fake-server --api <module> [--port N] [--seed demo] [--clock real|frozen]\n"
        "                          [--idle-timeout-ms N] [--max-body-bytes N] [--max-form-fields N]\n"
        "                          [--max-multipart-parts N] [--control-token T] [--demo-secret S]\n"
        "       webapi-fake-server --verify CASSETTE [--api <module>] [--seed demo] [--credential NAME=VALUE]...\n"
        "  --api    the fake to serve (may be left out where only one is built in); one of:";
  for (const auto& e : known) os << ' ' << e.name;
  os << "\n  --port   the port on 127.0.0.1 (default 0: any free port)\n"
        "  --seed   demo: load the fake's demo data set and print its credentials as NAME=VALUE lines\n"
        "  --clock  real (default): the fake's clock follows real time; frozen: it stands at\n"
        "           2024-01-01T00:00:00Z until moved (PUT /__webapi/clock)\n"
        "  --idle-timeout-ms  how long a connection may take to send a whole request header, counted\n"
        "           from its accept or its previous answer (default 30000); body and write alike\n"
        "  --max-body-bytes   larger request bodies are answered 413 (default 67108864)\n"
        "  --max-form-fields  a form body with more fields is answered 413 unsplit (default 1000)\n"
        "  --max-multipart-parts  a multipart body with more parts is answered 413 unsplit (default 100)\n"
        "  --control-token    what control-plane requests carry in X-Webapi-Control (default: drawn\n"
        "           at random at each start)\n"
        "  --demo-secret      what the keys and tokens the fake issues are derived from: the same\n"
        "           secret, the same credentials (default: drawn at random at each start)\n"
        "  --verify   serve nothing: replay the cassette's requests on a fresh fake (seeded by --seed) and\n"
        "           print one line per difference from the recorded answers; exit 1 if there is any,\n"
        "           0 if none. --api defaults to the API the cassette names\n"
        "  --credential NAME=VALUE  the fake's credential for the recorded (REDACTED) credential named\n"
        "           NAME (a header, query parameter, form field or JSON member); may be repeated; with\n"
        "           --seed demo the demo's credentials are tried after these\n"
        "The control plane answers under /__webapi/ to loopback clients that send the control token\n"
        "(see docs/fake-server.md). Prints CONTROL_TOKEN=<token>, then port=<N> once listening; runs until\n"
        "SIGINT or SIGTERM.\n";
}

std::optional<unsigned long long> parse_number(std::string_view s) {
  unsigned long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<std::uint16_t> parse_port(std::string_view s) {
  unsigned v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || v > 65535) return std::nullopt;
  return static_cast<std::uint16_t>(v);
}

}  // namespace

int main(int argc, char** argv) {
  auto known = webapi::fake_server::registry();
  std::sort(known.begin(), known.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  std::string api;
  webapi::fake_server::StartOptions options;
  std::optional<std::string> demo_secret;
  std::optional<std::string> verify_path;
  webapi::fake_server::VerifyOptions verify_options;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    auto value = [&](std::string_view flag) -> std::optional<std::string_view> {
      if (arg == flag && i + 1 < argc) return std::string_view(argv[++i]);
      if (arg.starts_with(flag) && arg.size() > flag.size() && arg[flag.size()] == '=')
        return arg.substr(flag.size() + 1);
      return std::nullopt;
    };
    if (arg == "--help" || arg == "-h") {
      usage(std::cout, known);
      return 0;
    } else if (auto v = value("--api")) {
      api = *v;
    } else if (auto v = value("--port")) {
      auto port = parse_port(*v);
      if (!port) {
        std::cerr << "webapi-fake-server: --port must be a number from 0 to 65535\n";
        return 2;
      }
      options.port = *port;
    } else if (auto v = value("--seed")) {
      options.seed = *v;
    } else if (auto v = value("--clock")) {
      if (*v != "real" && *v != "frozen") {
        std::cerr << "webapi-fake-server: --clock must be real or frozen, not '" << *v << "'\n";
        return 2;
      }
      options.frozen_clock = *v == "frozen";
    } else if (auto v = value("--idle-timeout-ms")) {
      auto n = parse_number(*v);
      if (!n || *n == 0 || *n > 86'400'000) {
        std::cerr << "webapi-fake-server: --idle-timeout-ms must be a number from 1 to 86400000\n";
        return 2;
      }
      const std::chrono::milliseconds t(*n);
      options.serve.idle_timeout = options.serve.body_timeout = options.serve.write_timeout = t;
    } else if (auto v = value("--control-token")) {
      if (v->size() < 16 || v->find_first_of("\r\n") != std::string_view::npos) {
        std::cerr << "webapi-fake-server: --control-token must be at least 16 characters on one line\n";
        return 2;
      }
      options.serve.control_token = *v;
    } else if (auto v = value("--max-body-bytes")) {
      auto n = parse_number(*v);
      if (!n || *n == 0) {
        std::cerr << "webapi-fake-server: --max-body-bytes must be a positive number\n";
        return 2;
      }
      options.serve.max_body_bytes = static_cast<std::size_t>(*n);
    } else if (auto v = value("--max-form-fields")) {
      auto n = parse_number(*v);
      if (!n || *n == 0) {
        std::cerr << "webapi-fake-server: --max-form-fields must be a positive number\n";
        return 2;
      }
      options.serve.max_form_fields = static_cast<std::size_t>(*n);
    } else if (auto v = value("--max-multipart-parts")) {
      auto n = parse_number(*v);
      if (!n || *n == 0) {
        std::cerr << "webapi-fake-server: --max-multipart-parts must be a positive number\n";
        return 2;
      }
      options.serve.max_multipart_parts = static_cast<std::size_t>(*n);
    } else if (auto v = value("--verify")) {
      verify_path = std::string(*v);
    } else if (auto v = value("--credential")) {
      const auto eq = v->find('=');
      if (eq == std::string_view::npos || eq == 0) {
        std::cerr << "webapi-fake-server: --credential must be NAME=VALUE\n";
        return 2;
      }
      verify_options.credentials.emplace_back(std::string(v->substr(0, eq)), std::string(v->substr(eq + 1)));
    } else if (auto v = value("--demo-secret")) {
      if (v->empty()) {
        std::cerr << "webapi-fake-server: --demo-secret must not be empty\n";
        return 2;
      }
      demo_secret = std::string(*v);
    } else {
      std::cerr << "webapi-fake-server: unknown argument '" << arg << "'\n";
      usage(std::cerr, known);
      return 2;
    }
  }

  std::optional<webapi::Cassette> cassette;
  if (verify_path) {
    auto loaded = webapi::cassette::load(*verify_path);
    if (!loaded) {
      std::cerr << "webapi-fake-server: " << loaded.error().message << '\n';
      return 2;
    }
    cassette = std::move(*loaded);
    if (api.empty()) api = cassette->header.api;
    if (api != cassette->header.api) {
      std::cerr << "webapi-fake-server: the cassette records " << cassette->header.api << ", not " << api << '\n';
      return 2;
    }
  }

  // webapi-fake-server-<module> holds one fake: it serves that one unless told another.
  if (api.empty() && known.size() == 1) api = known.front().name;
  const webapi::fake_server::Entry* chosen = nullptr;
  for (const auto& e : known)
    if (e.name == api) chosen = &e;
  if (!chosen) {
    if (api.empty())
      std::cerr << "webapi-fake-server: --api is required\n";
    else
      std::cerr << "webapi-fake-server: unknown API '" << api << "'\n";
    std::cerr << "known APIs:";
    for (const auto& e : known) std::cerr << ' ' << e.name;
    std::cerr << '\n';
    return 2;
  }
  if (!options.seed.empty() && (options.seed != "demo" || !chosen->has_demo)) {
    std::cerr << "webapi-fake-server: no data set '" << options.seed << "' for " << api
              << (chosen->has_demo ? "; use --seed demo\n" : "; this fake has no demo data set\n");
    return 2;
  }

  if (cassette) {
    if (!demo_secret) webapi::fakes::set_credential_secret(webapi::fakes::random_credential_secret());
    else webapi::fakes::set_credential_secret(webapi::fakes::credential_secret_from(*demo_secret));
    try {
      const std::size_t drifts = chosen->verify(options, verify_options, *cassette, std::cout);
      std::cout << std::flush;
      std::cerr << "webapi-fake-server: " << cassette->exchanges.size() << " exchanges replayed, " << drifts
                << (drifts == 1 ? " difference\n" : " differences\n");
      return drifts == 0 ? 0 : 1;
    } catch (const std::exception& e) {
      std::cerr << "webapi-fake-server: " << e.what() << '\n';
      return 2;
    }
  }

  // Block the signals before any thread starts, so every thread inherits the mask and only sigwait sees them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  // Before the fake exists: every key and token it issues, the demo's and later ones, derives from it.
  webapi::fakes::set_credential_secret(demo_secret ? webapi::fakes::credential_secret_from(*demo_secret)
                                                   : webapi::fakes::random_credential_secret());

  std::unique_ptr<webapi::fake_server::Running> running;
  try {
    running = chosen->start(options, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "webapi-fake-server: " << e.what() << '\n';
    return 1;
  }
  std::cout << "CONTROL_TOKEN=" << running->control_token() << '\n';
  std::cout << "port=" << running->port() << std::endl;

  int signal = 0;
  sigwait(&stop_signals, &signal);
  running.reset();
  return 0;
}
