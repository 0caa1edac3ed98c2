# Sourced by the Python peers' adapters (scripts/kiwi-adapter, scripts/beeware-adapter): the virtual
# environment a peer runs in, made on first use. The caller sets
#   label    the adapter's name, for messages
#   package  the package to install (pip name), version its version
#   module   the module to import, which must have __version__ == $version
#   venv     the environment's directory
# then calls `peer_ready || peer_setup >&2`. Set-up installs python3-venv with apt-get when the
# venv module is missing and we are root; every message goes to standard error (standard output
# carries the protocol only). Several adapters may start at once (one per fuzz worker): one sets
# up under a lock, the others wait for it.

peer_ready() {
    [ -x "$venv/bin/python" ] &&
        "$venv/bin/python" -c "import $module, sys; sys.exit($module.__version__ != '$version')" 2>/dev/null
}

# peer_setup: under the lock, installs unless another adapter did while this one waited. The lock is
# released before returning: the adapter then execs its interpreter, which would otherwise inherit
# descriptor 9 and hold the lock for its whole life (a pooled adapter lives for the whole run), so a
# second adapter started beside the first on a new machine waited on it until the harness killed
# it (`strut bench --suite scale`, Kiwi's chat of 240 views: no answer within 120 s at request 1).
peer_setup() {
    mkdir -p "$(dirname "$venv")"
    exec 9>"$venv.lock"
    flock 9
    if ! peer_ready; then peer_install; fi
    exec 9>&-
}

# peer_install: creates $venv afresh and installs $package $version into it (called under the lock).
peer_install() {
    echo "$label: creating $venv ($package $version)" >&2
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            apt-get update >&2 && apt-get install -y python3-venv >&2
        else
            echo "$label: python3 has no venv/ensurepip module; install python3-venv" >&2
            exit 2
        fi
    fi
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$package==$version" >&2
    peer_ready || { echo "$label: $package $version did not install into $venv" >&2; exit 2; }
}

# peer_arguments ARGS...: reads --version V / --version=V / --setup / --python from the adapter's
# arguments into $version, $setup_only and $python_only; anything else stops with exit 2.
peer_arguments() {
    setup_only=false python_only=false
    while [ $# -gt 0 ]; do
        case "$1" in
            --version) [ $# -ge 2 ] || { echo "$label: --version needs a $package version" >&2; exit 2; }
                       version="$2"; shift 2 ;;
            --version=*) version="${1#--version=}"; shift ;;
            --setup) setup_only=true; shift ;;
            --python) python_only=true; shift ;;
            *) echo "$label: unknown argument '$1' (expected --version V, --setup, --python)" >&2; exit 2 ;;
        esac
    done
    [[ "$version" =~ ^[0-9]+(\.[0-9]+)*$ ]] || { echo "$label: --version '$version' is not a version number" >&2; exit 2; }
}

# peer_run ADAPTER.py: prints the version and exits under --setup, the environment's Python (for
# an adapter of your own that imports $module) under --python, else execs the adapter.
peer_run() {
    if $python_only; then
        echo "$venv/bin/python"
        exit 0
    fi
    if $setup_only; then
        "$venv/bin/python" -c "import $module; print('$package', $module.__version__)"
        exit 0
    fi
    exec "$venv/bin/python" -u "$1"
}
