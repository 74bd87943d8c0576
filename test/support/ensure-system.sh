#!/usr/bin/env bash
# Installs what the tests need from the system, only when something is missing:
# Debian's Chromium and its headless shell (Playwright drives them), GNOME Keyring + D-Bus + secret-tool (the real keychain
# suites), libsecret-1-dev (to build keytar), zbar-tools (an independent QR decoder), openssl
# (self-signed certificates for the TLS tests).
# As root it installs them with apt-get; otherwise it prints the exact command and stops.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=(gnome-keyring)
command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus-daemon)
command -v dbus-launch >/dev/null 2>&1 || missing+=(dbus-x11)
command -v secret-tool >/dev/null 2>&1 || missing+=(libsecret-tools)
pkg-config --exists libsecret-1 2>/dev/null || missing+=(libsecret-1-dev pkg-config)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)

if [ ${#missing[@]} -gt 0 ]; then
  line="apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "The tests need system packages that are missing. Run, as root:" >&2
    echo "  apt-get update && $line" >&2
    exit 1
  fi
  echo "Installing system packages for the tests: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# keytar is optional: npm skips it quietly when it cannot be built (before libsecret-1-dev was
# there). The keychain suites must run against the real thing, so build it now if it is missing.
if ! node -e "require('keytar')" >/dev/null 2>&1; then
  echo "keytar is not built; running npm install again now that libsecret-1-dev is present"
  npm install --no-audit --no-fund --loglevel=error
  node -e "require('keytar')" || { echo "keytar still cannot be loaded" >&2; exit 1; }
fi
