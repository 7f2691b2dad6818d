#!/usr/bin/env bash
# Installs the Debian packages Skidpad needs (sourced by scripts/play, test, fuzz, package).
# SKIDPAD_PACKAGES builds and runs the game; the tests add SKIDPAD_TEST_PACKAGES.
# As root it runs apt-get itself; otherwise it prints the exact command and stops.
SKIDPAD_PACKAGES=(cmake g++ make pkg-config libsdl2-dev libimgui-dev libglm-dev
  nlohmann-json3-dev libstb-dev libgl-dev libegl-dev libgl1-mesa-dri libegl-mesa0
  libfontconfig-dev fonts-dejavu-core ccache)
SKIDPAD_TEST_PACKAGES=(catch2 xvfb)

skidpad_install_deps() {
  local missing=() p
  for p in "${SKIDPAD_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "skidpad: missing Debian packages. Install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "skidpad: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || { echo "skidpad: apt-get update failed" >&2; exit 1; }
  apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
    { echo "skidpad: apt-get install failed" >&2; exit 1; }
}
