# Sourced by the native peers' adapters (scripts/kiwi-native-adapter, scripts/rust-cassowary-adapter,
# scripts/gtk-adapter): a program built on first use into a cache, under a lock. The caller sets
#   label   the adapter's name, for messages
#   build   the directory the program is built in (under ${XDG_CACHE_HOME:-$HOME/.cache}/strut)
#   program the program's path (inside $build)
#   sources the files of this repository the program is built from (a change rebuilds it)
# and defines `peer_compile`, which makes $program from them (it runs under the lock, in $build,
# with every message on standard error). Then `peer_built || peer_make` and exec "$program".
# Several adapters may start at once (one per fuzz worker): one builds, the others wait for it.

peer_cache="${XDG_CACHE_HOME:-$HOME/.cache}/strut"

# The stamp: a hash of the sources and of the build recipe, so an edit of either rebuilds.
peer_stamp() { cat "${sources[@]}" "$0" "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16; }

peer_built() { [ -x "$program" ] && [ "$(cat "$build/stamp" 2>/dev/null)" = "$(peer_stamp)" ]; }

peer_make() {
    mkdir -p "$build"
    exec 9>"$build.lock"
    flock 9
    if ! peer_built; then
        echo "$label: building $program" >&2
        rm -f "$program" "$build/stamp"
        ( cd "$build" && peer_compile ) >&2 || { echo "$label: the build failed (see above)" >&2; exit 2; }
        [ -x "$program" ] || { echo "$label: the build made no $program" >&2; exit 2; }
        peer_stamp >"$build/stamp"
    fi
    exec 9>&-
}

# peer_apt PACKAGE...: installs the Debian packages that are missing (root only; else says which).
peer_apt() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "$label: needs the Debian packages ${missing[*]}; install them (apt-get install ${missing[*]})" >&2
        exit 2
    fi
    echo "$label: installing ${missing[*]}" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >&2 ||
        { echo "$label: apt-get install ${missing[*]} failed" >&2; exit 2; }
}

# peer_sdist PACKAGE VERSION: downloads the source distribution of PACKAGE==VERSION from the Python
# package index into $peer_cache/src (once) and unpacks it there; prints the unpacked directory.
peer_sdist() {
    local package=$1 version=$2 src="$peer_cache/src" archive
    mkdir -p "$src"
    if [ ! -d "$src/$package-$version" ]; then
        archive=$(ls "$src/$package-$version".tar.gz 2>/dev/null || true)
        if [ -z "$archive" ]; then
            python3 -m pip download --quiet --disable-pip-version-check --no-binary :all: --no-deps \
                -d "$src" "$package==$version" >&2 ||
                { echo "$label: could not download the $package $version source distribution" >&2; exit 2; }
            archive="$src/$package-$version.tar.gz"
        fi
        tar -xzf "$archive" -C "$src" >&2 || { echo "$label: could not unpack $archive" >&2; exit 2; }
    fi
    echo "$src/$package-$version"
}
