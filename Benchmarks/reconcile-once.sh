# Sourced by the measuring scripts (count-reconcile-instructions.sh, measure-reconcile-heap.sh,
# measure-lock-hold.sh), from Benchmarks/: builds `reconcile-once` in release and sets `probe` to
# it and `work` to a temporary folder removed on exit.
swift build -c release --product reconcile-once >/dev/null
probe=.build/release/reconcile-once
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
