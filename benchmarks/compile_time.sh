#!/usr/bin/env bash
# Compile time and peak compiler memory per module, with the compiler and flags a user's unoptimized build
# has (g++ -std=c++20 -O0). For each module, one translation unit each:
#   include      #include <webapi/<module>.hpp> and nothing else
#   all ops      a file that uses every operation of the module's AnyClient (it takes each method's address,
#                which compiles the method as a call does), header-only
#   all ops, sep the same with WEBAPI_SEPARATE_COMPILATION: the JSON codec and AnyClient's methods only
#                declared
#   codec        <webapi/<module>/src.hpp>, the one file that compiles them in that mode
# Then, what a user's own files cost, each calling ten of the module's operations (its first ten, as a call
# with designated initializers compiles):
#   test, fake headers   a test file over the header-only fake, <webapi/fakes/<module>.hpp>, and Client<Fake>
#   test, compiled fake  a test file over CompiledFake (<webapi/fakes/<module>/compiled.hpp>) and AnyClient,
#                        linking webapi::fakes_<module>_compiled (so WEBAPI_<MODULE>_SEPARATE_COMPILATION)
#   application          a file calling them through an AnyClient it is given, linking webapi::<module>_compiled
# Last, the transport: a file that makes a BeastTransport, sends a request and co_awaits async_send, header-only
# and linking webapi::transport_compiled (WEBAPI_TRANSPORT_SEPARATE_COMPILATION), and
# <webapi/transport/src.hpp>, the file that library compiles.
# Prints Markdown tables. Seconds are the compiler's CPU time (user + system), which other work on the
# machine changes little; memory is the compiler's peak resident size.
#
#   benchmarks/compile_time.sh [module...]      (default: every module)
set -euo pipefail
cd "$(dirname "$0")/.."

cxx="${CXX:-g++}"
flags=(-std=c++20 -O0 -Iinclude -Ifakes -c -o /dev/null)
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(audio userinfo quotes project_management api_platform webhooks finance migration)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# measure <file> [extra flags...]: "<CPU seconds> <MiB>"
measure() {
  local file="$1"; shift
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$cxx" "${flags[@]}" "$@" "$file"
  awk '{ printf "%.1f %d", $1 + $2, $3 / 1024 }' "$work/time"
}

echo "| module | operations | include | all ops | all ops, separate | codec (once) | per op | per op, separate |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for m in "${modules[@]}"; do
  ops=$(grep -c '^  webapi::Result<webapi::Request> build_' "include/webapi/$m/client.hpp")
  printf '#include <webapi/%s.hpp>\n' "$m" >"$work/include.cpp"
  {
    printf '#include <webapi/%s.hpp>\nusing C = webapi::%s::AnyClient;\nvoid use(void (*sink)(const void*)) {\n' "$m" "$m"
    grep -oP '^  webapi::Result<webapi::Request> build_\K[a-z0-9_]+' "include/webapi/$m/client.hpp" |
      sed 's/.*/  { auto p = \&C::&; sink(\&p); }/'
    echo '}'
  } >"$work/all.cpp"
  printf '#include <webapi/%s/src.hpp>\n' "$m" >"$work/codec.cpp"
  read -r inc_s inc_m <<<"$(measure "$work/include.cpp")"
  read -r all_s all_m <<<"$(measure "$work/all.cpp")"
  read -r sep_s sep_m <<<"$(measure "$work/all.cpp" -DWEBAPI_SEPARATE_COMPILATION)"
  read -r codec_s codec_m <<<"$(measure "$work/codec.cpp")"
  per_op() { awk -v a="$1" -v i="$inc_s" -v n="$ops" 'BEGIN { printf "%.3f", (a - i) / n }'; }
  echo "| $m | $ops | ${inc_s} s, ${inc_m} MiB | ${all_s} s, ${all_m} MiB | ${sep_s} s, ${sep_m} MiB |" \
       "${codec_s} s, ${codec_m} MiB | $(per_op "$all_s") s | $(per_op "$sep_s") s |"
done

# ten_calls <module> <client expression>: the first ten operations called on the client.
ten_calls() {
  grep -m 10 -oP '^  webapi::Result<webapi::Request> build_\K[a-z0-9_]+' "include/webapi/$1/client.hpp" |
    sed "s/.*/  call($2, \&std::remove_cvref_t<decltype($2)>::&);/"
}
# call(client, &Client::op): calls op with an argument of each parameter's type (some<T>() is only declared:
# the files are compiled, never linked, and a parameter struct with required members has no default value).
call_helper='template <class T> T& some();
template <class C, class R, class... A> void call(C& c, R (C::*op)(A...)) { (void)(c.*op)(some<std::remove_cvref_t<A>>()...); }'

echo
echo "| module | test, fake headers | test, compiled fake | application |"
echo "|---|---:|---:|---:|"
for m in "${modules[@]}"; do
  M=$(tr '[:lower:]' '[:upper:]' <<<"$m")
  {
    printf '#include <type_traits>\n#include <webapi/fakes/%s.hpp>\n#include <webapi/%s.hpp>\n%s\n' "$m" "$m" "$call_helper"
    printf 'int main() {\n  webapi::fakes::%s::Fake fake;\n  webapi::%s::Client client{fake};\n' "$m" "$m"
    ten_calls "$m" client
    echo '}'
  } >"$work/test_headers.cpp"
  {
    printf '#include <type_traits>\n#include <webapi/fakes/%s/compiled.hpp>\n#include <webapi/%s.hpp>\n%s\n' "$m" "$m" "$call_helper"
    printf 'int main() {\n  webapi::fakes::%s::CompiledFake fake;\n  webapi::%s::AnyClient client{fake};\n' "$m" "$m"
    ten_calls "$m" client
    echo '}'
  } >"$work/test_compiled.cpp"
  {
    printf '#include <type_traits>\n#include <webapi/%s.hpp>\n%s\n' "$m" "$call_helper"
    printf 'void use(webapi::%s::AnyClient& client) {\n' "$m"
    ten_calls "$m" client
    echo '}'
  } >"$work/application.cpp"
  read -r th_s th_m <<<"$(measure "$work/test_headers.cpp")"
  read -r tc_s tc_m <<<"$(measure "$work/test_compiled.cpp" "-DWEBAPI_${M}_SEPARATE_COMPILATION")"
  read -r app_s app_m <<<"$(measure "$work/application.cpp" "-DWEBAPI_${M}_SEPARATE_COMPILATION")"
  echo "| $m | ${th_s} s, ${th_m} MiB | ${tc_s} s, ${tc_m} MiB | ${app_s} s, ${app_m} MiB |"
done

{
  echo '#include <boost/asio/use_awaitable.hpp>'
  echo '#include <webapi/transport.hpp>'
  echo 'boost::asio::awaitable<bool> twice(webapi::BeastTransport& http, webapi::Request r) {'
  echo '  auto blocking = http.send(r);'
  echo '  auto awaited = co_await http.async_send(std::move(r), boost::asio::use_awaitable);'
  echo '  co_return blocking.has_value() == awaited.has_value();'
  echo '}'
} >"$work/transport.cpp"
printf '#include <webapi/transport/src.hpp>\n' >"$work/transport_src.cpp"
read -r th_s th_m <<<"$(measure "$work/transport.cpp")"
read -r ts_s ts_m <<<"$(measure "$work/transport.cpp" -DWEBAPI_TRANSPORT_SEPARATE_COMPILATION)"
read -r tl_s tl_m <<<"$(measure "$work/transport_src.cpp" -DWEBAPI_TRANSPORT_SEPARATE_COMPILATION)"
echo
echo "| a file over BeastTransport | header-only | with webapi::transport_compiled | transport/src.hpp (once) |"
echo "|---|---:|---:|---:|"
echo "| send() and async_send | ${th_s} s, ${th_m} MiB | ${ts_s} s, ${ts_m} MiB | ${tl_s} s, ${tl_m} MiB |"
