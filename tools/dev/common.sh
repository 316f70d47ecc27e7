# Shell helpers shared by ./play and ./check (sourced, not run).

log() { printf '==> %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else log "need root for: $*"; return 1
  fi
}

apt_updated=""
apt_install() {
  command -v apt-get >/dev/null || { log "apt-get not found; install $* by hand"; return 1; }
  if [ -z "$apt_updated" ]; then
    log "apt-get update"
    as_root apt-get update -qq
    apt_updated=1
  fi
  log "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" </dev/null >/dev/null
}

# Node.js + npm are needed to install @pyscript/core and pyodide (npm ci).
ensure_npm() {
  command -v npm >/dev/null || apt_install nodejs npm
}
