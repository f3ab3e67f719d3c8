# Sourced by the bench scripts. nginx_conf PORT DIR writes DIR/nginx.conf: nginx in the foreground with 1 worker,
# GET anything -> 200 "ok" (text/plain) on 127.0.0.1:PORT, access log off, keep-alive without limits; its pid file,
# error log and temp paths all under DIR. Run it as: nginx -p DIR -c DIR/nginx.conf -e DIR/error.log
nginx_conf() {
  local port="$1" dir="$2"
  mkdir -p "$dir"
  cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000000;
  keepalive_timeout 300s;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  server {
    listen 127.0.0.1:$port;
    location / {
      default_type text/plain;
      return 200 "ok";
    }
  }
}
CONF
}
