#!/usr/bin/env bash
# Times the interpreter against CPython on the same programs (bench/programs/NAME.{cg,py}):
# the median of 5 runs of each, wall clock, startup included.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run() { for _ in 1 2 3 4 5; do /usr/bin/env time -f %e "$@" 2>&1 >/dev/null | tail -1; done | median; }
printf '%-20s %10s %10s\n' program cg python3
for cg_file in bench/programs/*.cg; do
    name=$(basename "$cg_file" .cg)
    printf '%-20s %9ss %9ss\n' "$name" "$(run target/release/cg "$cg_file")" "$(run python3 "bench/programs/$name.py")"
done
