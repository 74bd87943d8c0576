#!/usr/bin/env bash
# Runs a command inside its own D-Bus session with a fresh, unlocked GNOME Keyring, so tests use
# the real OS keychain and never the user's own. Usage: test/support/in-keyring.sh <command...>
set -euo pipefail
export XDG_DATA_HOME
XDG_DATA_HOME=$(mktemp -d)
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
dbus-run-session -- sh -c 'echo -n pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' sh "$@"
