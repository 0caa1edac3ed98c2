# Shared by scripts/run, scripts/test and .ci/run (sourced, not run). Bash only.

# The repository root, whatever the caller's working directory.
STRUT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Prints a step heading with how long its script had run when the step started (bash's
# SECONDS), so a log shows where the time goes.
strut_step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

# Installs the given Debian/Ubuntu packages that are not installed yet (apt-get, with sudo
# unless already root). Does nothing when all are present, so it is safe to run every time.
ensure_apt_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing packages ${missing[*]} and no apt-get to install them; install them by hand." >&2
    return 1
  fi
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  strut_step "installing ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
}

# Fails with instructions unless a Swift 6 (or later) toolchain is on PATH.
require_swift6() {
  if ! command -v swift >/dev/null 2>&1; then
    echo "error: swift is not on PATH. Install a Swift 6 toolchain (https://www.swift.org/install/linux/) and retry." >&2
    return 1
  fi
  local version
  version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9]*\)\..*/\1/p' | head -n 1)
  if [ -z "$version" ] || [ "$version" -lt 6 ]; then
    echo "error: Strut needs Swift 6 or later; found: $(swift --version 2>&1 | head -n 1)" >&2
    return 1
  fi
}

# Installs the package named after the colon for each `command:package` whose command is not on PATH.
ensure_commands() {
  local pair packages=()
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || packages+=("${pair#*:}")
  done
  [ ${#packages[@]} -eq 0 ] || ensure_apt_packages "${packages[@]}"
}

# What building needs besides the toolchain: SwiftPM fetches dependencies with git over HTTPS,
# and strut links jemalloc.
ensure_build_prerequisites() {
  require_swift6
  ensure_commands git:git
  [ -e /etc/ssl/certs/ca-certificates.crt ] || ensure_apt_packages ca-certificates
  # jemalloc is strut's process allocator (the CJemalloc target; SwiftPM finds it with pkg-config).
  ensure_apt_packages libjemalloc-dev pkg-config
  # libxml2: FoundationXML's parser, which strut import reads Interface Builder files with.
  ensure_apt_packages libxml2-dev
  # SQLite 3: the history store (strut history; the CSQLite target, found with pkg-config).
  ensure_apt_packages libsqlite3-dev
  # valgrind: the instruction meter's client requests (<valgrind/callgrind.h>, the CValgrind
  # target) and the tool `strut bench --meter instructions` runs under.
  # objcopy strips the DWARF 5 debug information valgrind 3.19 cannot read from the copy it runs.
  ensure_apt_packages valgrind
  ensure_commands objcopy:binutils
}

# Strut's one build: release, with -enable-testing so that the tests (which import modules
# @testable) and the tools share it. scripts/run, scripts/test and .ci/run all use it, so running
# one after another builds once. Instruction counts of the CI suite differ from a plain
# `swift build -c release` by -3.3% to +1.8% per group (geometric mean -0.6%), so the metered
# baseline is saved with this build (docs/regression-gates.md).
STRUT_TESTING_FLAGS=(-Xswiftc -enable-testing)
STRUT_BUILD_FLAGS=(-c release "${STRUT_TESTING_FLAGS[@]}")

# Builds in that configuration; arguments go to swift build (--build-tests: everything, tests
# included; --product strut: the executable alone).
strut_build() { swift build "${STRUT_BUILD_FLAGS[@]}" "$@"; }

# The strut executable of that build.
strut_binary() { echo "$(swift build "${STRUT_BUILD_FLAGS[@]}" --show-bin-path)/strut"; }
