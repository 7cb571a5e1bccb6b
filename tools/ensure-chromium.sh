#!/usr/bin/env bash
# Make sure the Chromium that the browser tests drive is installed (Debian package `chromium`).
# Called by `make test` before pytest. Never downloads a browser any other way
# (no `playwright install`): Playwright drives this Chromium through executable_path.
#   - chromium on PATH: print its version, done;
#   - else, root with apt-get: install the Debian package;
#   - else: fail, printing the exact command to run.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  # The Debian launcher script prints a harmless shell warning on stderr; keep the version line.
  echo "ensure-chromium: $(chromium --version 2>/dev/null || echo "chromium at $(command -v chromium)")"
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: chromium not found; installing the Debian package (about 30 s)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  if command -v chromium >/dev/null 2>&1; then
    echo "ensure-chromium: $(chromium --version 2>/dev/null)"
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but 'chromium' is still not on PATH" >&2
  exit 1
fi

cat >&2 <<'MSG'
ensure-chromium: the browser tests need Chromium (Debian package "chromium"), which is not on PATH,
and this script can only install it as root with apt-get. Install it, then rerun make test:

    sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

(Quick tests without the browser suite: make test-fast)
MSG
exit 1
