#!/usr/bin/env bash
# How long one DeviceActivity monitor callback holds the store's cross-process write lock, and how
# many of its system calls it makes while holding it (issue 38): `reconcile-once lock` runs the
# callback RUNS times over a fresh copy of the store, each system call taking 0 ms (the Linux
# stand-in) and then a modelled MS ms (an XPC round trip), and prints the median.
#
#   Benchmarks/measure-lock-hold.sh [RULES...]     # default: 1 100 1000; MS=2 RUNS=21 by default
set -euo pipefail
cd "$(dirname "$0")"

. ./reconcile-once.sh
for rules in "${@:-1 100 1000}"; do
    for size in $rules; do
        mkdir -p "$work/$size"
        "$probe" prepare "$work/$size" "$size" >/dev/null
        "$probe" lock "$work/$size" 0 "${RUNS:-21}"
        "$probe" lock "$work/$size" "${MS:-2}" "${RUNS:-21}"
    done
done
