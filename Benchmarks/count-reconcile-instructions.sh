#!/usr/bin/env bash
# Instructions of one DeviceActivity monitor callback (valgrind callgrind): repeatable on a
# shared, loaded machine where wall time is not. The same callback as measure-reconcile-heap.sh
# (`reconcile-once`: open the store as the extension, reconcile once at a boundary, close), next
# to a baseline run of the same binary that does nothing. Needs valgrind.
#
#   Benchmarks/count-reconcile-instructions.sh [RULES...]     # default: 1 10 100 1000
#   KEEP=DIR Benchmarks/count-reconcile-instructions.sh 1000   # keep callgrind.out.* in DIR
#                                                              # (callgrind_annotate --inclusive=yes)
set -euo pipefail
cd "$(dirname "$0")"

. ./reconcile-once.sh
keep=${KEEP:-}

count() {
    local out=$1; shift
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}

printf '%-9s %15s %15s\n' "rules" "instructions" "above baseline"
base=$(count "$work/callgrind.out.baseline" "$probe" baseline)
printf '%-9s %15s %15s\n' "baseline" "$base" "—"
for rules in "${@:-1 10 100 1000}"; do
    for size in $rules; do
        dir="$work/$size"
        mkdir -p "$dir"
        "$probe" prepare "$dir" "$size" >/dev/null
        "$probe" reset "$dir"
        n=$(count "$work/callgrind.out.$size" "$probe" callback "$dir")
        printf '%-9s %15s %15s\n' "$size" "$n" "$((n - base))"
    done
done
if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$work"/callgrind.out.* "$keep"/; fi
