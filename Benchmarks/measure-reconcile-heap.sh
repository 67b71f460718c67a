#!/usr/bin/env bash
# The heap of one DeviceActivity monitor callback with the store open: the extension opens the
# GRDB store (`.appExtension`), reconciles once at a boundary and closes it, in a process of
# its own (`reconcile-once`), next to a baseline run of the same binary that does nothing.
# Needs valgrind (apt-get install valgrind).
#
#   Benchmarks/measure-reconcile-heap.sh [RULES...]     # default: 1 10 100 1000
#
# Prints, per size: the peak heap (valgrind massif: live bytes plus allocator overhead at the
# highest point) and memcheck's total heap usage (every allocation added up), callback and
# baseline.
set -euo pipefail
cd "$(dirname "$0")"

. ./reconcile-once.sh

peak() {
    valgrind --tool=massif --massif-out-file="$work/massif.out" "$@" >/dev/null 2>&1
    awk -F= '/^mem_heap_B=/{heap=$2} /^mem_heap_extra_B=/{if (heap + $2 > peak) peak = heap + $2} END{print peak}' "$work/massif.out"
}
total() {
    valgrind --tool=memcheck "$@" 2>&1 >/dev/null | sed -n 's/.*total heap usage: //p'
}

printf '%-9s %14s   %s\n' "rules" "peak heap (B)" "memcheck total"
printf '%-9s %14s   %s\n' "baseline" "$(peak "$probe" baseline)" "$(total "$probe" baseline)"
for rules in "${@:-1 10 100 1000}"; do
    for size in $rules; do
        dir="$work/$size"
        mkdir -p "$dir"
        "$probe" prepare "$dir" "$size" >/dev/null
        "$probe" reset "$dir"
        heap=$(peak "$probe" callback "$dir")
        "$probe" reset "$dir"
        printf '%-9s %14s   %s\n' "$size" "$heap" "$(total "$probe" callback "$dir")"
    done
done
