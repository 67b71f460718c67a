#!/usr/bin/env bash
# Measures the heap that the DeviceActivity monitor extension's store work allocates: open the
# store as an extension, one read, one small write (`threshold-store-stress probe`), next to a
# baseline run of the same binary that does nothing. Needs valgrind (apt-get install valgrind).
#
#   Scripts/measure-store-heap.sh                      # the store alone
#   Scripts/measure-store-heap.sh BINARY ARGS... @DIR  # any other command, e.g. a full
#                                                      # reconcile, on the same seeded store
#                                                      # (@DIR is replaced by its folder)
#
# Prints, per run: the peak heap (valgrind massif: live bytes plus allocator overhead at the
# highest point) and memcheck's total heap usage (every allocation added up).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product threshold-store-stress >/dev/null
helper=.build/release/threshold-store-stress
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
"$helper" seed "$data" >/dev/null

measure() {
    local name=$1; shift
    local command=()
    for argument in "$@"; do command+=("${argument//@DIR/$data}"); done
    local total
    total=$(valgrind --tool=memcheck "${command[@]}" 2>&1 >/dev/null | sed -n 's/.*total heap usage: //p')
    valgrind --tool=massif --massif-out-file="$data/massif.out" "${command[@]}" >/dev/null 2>&1
    local peak
    peak=$(awk -F= '/^mem_heap_B=/{heap=$2} /^mem_heap_extra_B=/{if (heap + $2 > peak) peak = heap + $2} END{print peak}' "$data/massif.out")
    printf '%-10s peak heap %9s bytes   total: %s\n' "$name" "$peak" "$total"
}

measure baseline "$helper" baseline
if [ $# -gt 0 ]; then
    measure command "$@"
else
    measure probe "$helper" probe @DIR
fi
