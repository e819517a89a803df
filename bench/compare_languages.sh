#!/usr/bin/env bash
# Times the interpreter against CPython and Lua 5.4 on the same programs
# (bench/programs/NAME.{cg,py,lua}): the median of RUNS runs (5 by default) of each, wall clock,
# startup included. A language that is not installed is installed with apt-get when possible
# (INSTALL=0 to skip that), else its column shows `-`; so does a program it has no version of.
# Lua has no version of the programs whose integers outgrow 64 bits: its integers wrap around
# silently, so its answer would be wrong.
#
#   bench/compare_languages.sh          all programs
#   RUNS=1 bench/compare_languages.sh   one run each
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
RUNS=${RUNS:-5}

lua=$(command -v lua5.4 || command -v lua || true)
if [[ -z "$lua" && "${INSTALL:-1}" == 1 ]] && command -v apt-get > /dev/null; then
    (apt-get install -y lua5.4 > /dev/null 2>&1 || sudo -n apt-get install -y lua5.4 > /dev/null 2>&1) || true
    lua=$(command -v lua5.4 || true)
fi
python=$(command -v python3 || true)

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run() { for _ in $(seq "$RUNS"); do /usr/bin/env time -f %e "$@" 2>&1 >/dev/null | tail -1; done | median; }
# The time of `$1 FILE` when both the interpreter and the file exist, else `-`.
time_of() { if [[ -n "$1" && -f "$2" ]]; then echo "$(run "$1" "$2") s"; else echo "-"; fi; }

printf '| %-20s | %9s | %9s | %9s |\n' program cg python3 lua5.4
printf '| %-20s | %9s | %9s | %9s |\n' --- ---: ---: ---:
for cg_file in bench/programs/*.cg; do
    name=$(basename "$cg_file" .cg)
    printf '| %-20s | %9s | %9s | %9s |\n' "$name" "$(time_of target/release/cg "$cg_file")" \
        "$(time_of "$python" "bench/programs/$name.py")" "$(time_of "$lua" "bench/programs/$name.lua")"
done
echo
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%d)"
