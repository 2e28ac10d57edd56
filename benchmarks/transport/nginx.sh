# Sourced by the transport benchmarks: nginx on loopback, from its own prefix and config in a temporary
# directory, serving the small JSON body bench_transport uses, and a userinfo answer for a generated client's
# call, over plain HTTP and over TLS.
#
#   source benchmarks/transport/nginx.sh
#   nginx_start   # sets plain_port, tls_port, work (the CA that signed its certificate: $work/ca.pem),
#                 # nginx, master and workers; nginx is stopped and $work removed on exit
#
# Installs nginx-light (a Debian package) when missing. The certificate is made here by a throwaway CA.

stop_nginx() {
  if [ -s "$work/nginx.pid" ]; then
    kill -TERM "$(cat "$work/nginx.pid")" 2>/dev/null || true
    for _ in $(seq 1 50); do [ -e "$work/nginx.pid" ] || break; sleep 0.1; done
  fi
  rm -rf "$work"
}

nginx_start() {
  if ! [ -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null; then
    echo "installing nginx-light" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
  fi
  nginx="$(command -v nginx || echo /usr/sbin/nginx)"

  work="$(mktemp -d)"
  trap stop_nginx EXIT
  # nginx's workers may run as another user (nobody): they read the served file.
  chmod 755 "$work"

  # ---- the certificate: a CA, and a leaf for 127.0.0.1 signed by it (P-256, one day)
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj "/CN=scaling bench CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -keyout "$work/ca.key" -out "$work/ca.pem" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$work/leaf.key" -out "$work/leaf.csr" 2>/dev/null
  printf '%s\n' "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" \
    "subjectAltName=IP:127.0.0.1,DNS:localhost" >"$work/leaf.ext"
  openssl x509 -req -in "$work/leaf.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial -days 1 \
    -extfile "$work/leaf.ext" -out "$work/leaf.pem" 2>/dev/null

  # ---- what is served: the small JSON body bench_transport uses
  mkdir -p "$work/www" "$work/tmp"
  printf '%s' '{"id":"q-1","quote":"Well done is better than well said.","author":"Benjamin Franklin","tags":["inspire","work"],"length":35}' \
    >"$work/www/quote.json"
  # and what a generated client's call reads (userinfo's oauth2_userinfo_get, GET /oauth2/v2/userinfo)
  mkdir -p "$work/www/oauth2/v2"
  printf '%s' '{"id":"1","email":"ada@analytical.example","verified_email":true,"name":"Ada Lovelace"}' \
    >"$work/www/oauth2/v2/userinfo"
  chmod -R a+rX "$work/www"

  # Two free ports on loopback (asked of the kernel, then given to nginx).
  read -r plain_port tls_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')

  # One worker per CPU, as wrk -t2 has two threads. Keep-alive without a request limit: every client keeps
  # its 16 connections for the whole run (nginx's default closes one after 1,000 requests).
  cat >"$work/nginx.conf" <<EOF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/tmp/body;
  proxy_temp_path $work/tmp/proxy;
  fastcgi_temp_path $work/tmp/fastcgi;
  uwsgi_temp_path $work/tmp/uwsgi;
  scgi_temp_path $work/tmp/scgi;
  keepalive_requests 1000000000;
  keepalive_timeout 300s;
  types { application/json json; }
  server {
    listen 127.0.0.1:$plain_port;
    listen 127.0.0.1:$tls_port ssl;
    ssl_certificate $work/leaf.pem;
    ssl_certificate_key $work/leaf.key;
    root $work/www;
    location /oauth2/ { default_type application/json; }
  }
}
EOF
  "$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/error.log"
  for port in "$plain_port" "$tls_port"; do
    for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
  done
  [ -s "$work/nginx.pid" ] || { echo "nginx did not start:" >&2; cat "$work/error.log" >&2; exit 1; }
  master="$(cat "$work/nginx.pid")"
  workers="$(ps -o pid= --ppid "$master" | tr -s ' \n' ',' | sed 's/^,//; s/,$//')"
}
