# Sourced by scripts/check-<peer> (check-kiwi-native, check-rust-cassowary, check-gtk, check-highs,
# check-beeware, check-kiwi-debian): each reproduction of a peer's known failure runs through Strut's own tools and
# the script checks that the failure shows, printing what it gave and how long it took. Not part of
# `swift test`; the set-up of a peer may need the network once. The caller sources this file, calls
# `peer_check_setup ADAPTER`, then `run NAME EXPECTED-REGEX strut-arguments...` per reproduction,
# and ends with `peer_check_summary PEER`: exit 0 when every known failure showed, 1 when one did not
# (the peer fixed, or the harness stopped seeing it), 2 when the set-up failed.
#   STRUT=path/to/strut     the strut binary (default: the release build of scripts/lib.sh)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$STRUT_ROOT"
failures=0
summary=()

peer_check_setup() {
    strut="${STRUT:-$(strut_binary)}"
    if [ ! -x "$strut" ]; then
        strut_step "strut_build --product strut"
        strut_build --product strut || exit 2
    fi
    strut_step "$1 --setup"
    "$1" --setup || exit 2
}

# run NAME EXPECTED-REGEX strut-arguments...: runs strut, times it, and checks the output.
run() {
    local name=$1 pattern=$2; shift 2
    local start end out status seconds verdict
    start=$(date +%s.%N)
    out=$("$strut" "$@" 2>&1); status=$?
    end=$(date +%s.%N)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    if grep -Eq -- "$pattern" <<<"$out"; then verdict="shown"; else verdict="NOT SHOWN"; failures=$((failures + 1)); fi
    strut_step "$name: $verdict (exit $status, ${seconds} s): strut $*"
    grep -E -- "$pattern|disagreement|dead" <<<"$out" | cut -c1-240 | head -n 6
    summary+=("$(printf '%-64s %-9s %7s s' "$name" "$verdict" "$seconds")")
}

# record NAME VERDICT: a check made outside strut (shown / NOT SHOWN).
record() {
    [ "$2" = shown ] || failures=$((failures + 1))
    summary+=("$(printf '%-64s %-9s %7s' "$1" "$2" "")")
}

peer_check_summary() {
    strut_step "summary"
    printf '%s\n' "${summary[@]}"
    [ "$failures" -eq 0 ] || { echo "$failures known $1 failure(s) did not show" >&2; exit 1; }
}
