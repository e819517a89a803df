#!/usr/bin/env bash
# The performance targets of the project (issue 8), measured: each workload runs as a fresh
# `cg -e` process under /usr/bin/time; the table gives the median wall time of RUNS runs (3 by
# default), the median CPU time (user + system, all threads), the peak resident memory of the
# slowest run, the target and whether it is met. CPU beside wall time tells a loaded machine
# (wall far above CPU) from a slow program.
#
#   bench/compare.sh            every workload but Domineering 6x6 (about 15 minutes; RUNS=1: 5)
#   bench/compare.sh --full     with Officers to 10^8 and Domineering 6x6 (up to 15 more minutes)
#                               (rulesets use every core: CG_THREADS=1 for one thread)
#   bench/compare.sh --heaps    issue 20's heap-sequence targets alone, Officers to 10^8 included
#                               (a time limit of 3.33 s for 10^7 values is 3 million a second)
#   bench/compare.sh --search   issue 20's search over the 2^20 positions of a 4x5 Domineering
#                               board (examples/shard_domineering.cg): whole on one thread and
#                               on every core, and as 2 parts and their merge (`cg --shard I/2`,
#                               `cg merge`), each on one thread
#   RUNS=1 bench/compare.sh     one run each
#
# Every workload is a ruleset or builtin as a user would type it: Domineering is the stdlib
# ruleset written in cg, not Rust.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
RUNS=${RUNS:-3}
FULL=${1:-}

# name @@ cg expression @@ time limit (s) @@ memory limit (MB, 0 for none)
workloads=(
  "Domineering 5x5@@canonical_form(Domineering(grid(\".....|.....|.....|.....|.....\")))@@2@@0"
  "Domineering 4x7@@canonical_form(Domineering(grid(\".......|.......|.......|.......\")))@@11@@0"
  "Domineering 5x6 (issue 20: < 4 s)@@canonical_form(Domineering(grid(\"......|......|......|......|......\")))@@4@@400"
  "Domineering 4x8@@canonical_form(Domineering(grid(\"........|........|........|........\")))@@120@@0"
  "octal 0.77 to 10^6@@len(grundy(octal 0.77, 0..=1000000))@@10@@0"
  "octal 0.07 to 10^6@@len(grundy(octal 0.07, 0..=1000000))@@10@@0"
  "octal 0.137 to 10^6@@len(grundy(octal 0.137, 0..=1000000))@@10@@0"
  "octal 0.6 (Officers) to 10^6@@len(grundy(octal 0.6, 0..=1000000))@@1@@0"
  "Odd vs Even to 40: mean, temp, stops@@let G = splittles odds vs evens; [[mean(G(n)), temperature(G(n)), stop_count(G(n))] for n in 0..=40][40]@@5@@0"
  "geodetic achievement 5x5 grid@@geodetic_achievement(path(5) * path(5))@@60@@0"
  "Cookie Cutter 3x12 (issue 20: < 30 s)@@cookie_cutter(3, 12, 2)@@30@@0"
  "geodetic achievement 3x3x3@@geodetic_achievement(path(3) * path(3) * path(3))@@60@@0"
)
# Issue 20: heap sequences in a byte or two per heap, 3 million values a second on 2 cores.
heaps=(
  "octal 0.77 to 10^8, compact@@len(grundy(octal 0.77, 0..=100000000))@@10@@1000"
  "Officers to 10^7 (3 M values/s)@@len(grundy(octal 0.6, 0..=10000000))@@3.33@@1000"
)
officers_1e8=(
  "Officers to 10^8 (in a minute)@@len(grundy(octal 0.6, 0..=100000000))@@60@@1000"
)
# Issue 20's search: a workload starting `sh:` is a shell command (its last command `exec`s cg,
# so that /usr/bin/time measures cg). Each part starts from a fresh store; the merge reads the
# stores of the last runs of the parts.
SEARCH_DIR=$(mktemp -d)
trap 'rm -rf "$SEARCH_DIR"' EXIT
search_script="examples/shard_domineering.cg 4 5"
part() {
  echo "sh:rm -f $SEARCH_DIR/p$1.cgstore*; exec target/release/cg --threads 1 --shard $1/2 --store $SEARCH_DIR/p$1.cgstore $search_script"
}
search=(
  "4x5 Domineering, all 2^20 positions@@sh:exec target/release/cg --threads 1 $search_script@@30@@0"
  "the same search on every core@@sh:exec target/release/cg $search_script@@30@@0"
  "the same search, part 1 of 2@@$(part 1)@@30@@0"
  "the same search, part 2 of 2@@$(part 2)@@30@@0"
  "cg merge of the 2 parts@@sh:rm -f $SEARCH_DIR/m.cgstore*; exec target/release/cg --threads 1 merge $SEARCH_DIR/p1.cgstore $SEARCH_DIR/p2.cgstore -o $SEARCH_DIR/m.cgstore@@10@@0"
)
if [[ "$FULL" == "--search" ]]; then
  workloads=("${search[@]}")
elif [[ "$FULL" == "--heaps" ]]; then
  workloads=(
    "octal 0.6 (Officers) to 10^6@@len(grundy(octal 0.6, 0..=1000000))@@1@@0"
    "${heaps[@]}"
    "${officers_1e8[@]}"
  )
else
  workloads+=("${heaps[@]}")
fi
if [[ "$FULL" == "--full" ]]; then
  workloads+=("${officers_1e8[@]}")
  workloads+=("Domineering 6x6 (issue 20)@@canonical_form(Domineering(grid(\"......|......|......|......|......|......\")))@@120@@1000")
fi

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '| %-38s | %9s | %9s | %9s | %-16s | %-4s |\n' workload time cpu memory target met
printf '| %-38s | %9s | %9s | %9s | %-16s | %-4s |\n' "---" "---:" "---:" "---:" "---" "---"
for entry in "${workloads[@]}"; do
  name=${entry%%@@*}; rest=${entry#*@@}
  expr=${rest%%@@*}; rest=${rest#*@@}
  limit=${rest%%@@*}; memlimit=${rest#*@@}
  times=() cpus=() peak=0
  for _ in $(seq "$RUNS"); do
    if [[ "$expr" == sh:* ]]; then
      out=$( { /usr/bin/time -f '%e %U %S %M' bash -c "${expr#sh:}" > /dev/null; } 2>&1 | tail -1 )
    else
      out=$( { /usr/bin/time -f '%e %U %S %M' target/release/cg -e "$expr" > /dev/null; } 2>&1 | tail -1 )
    fi
    read -r wall user sys kb <<< "$out"
    times+=("$wall")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')")
    (( kb > peak )) && peak=$kb
  done
  t=$(printf '%s\n' "${times[@]}" | median)
  cpu=$(printf '%s\n' "${cpus[@]}" | median)
  mb=$(( peak / 1024 ))
  target="< ${limit} s"
  ok=$(awk -v t="$t" -v l="$limit" 'BEGIN { print (t < l) ? "yes" : "no" }')
  if (( memlimit > 0 )); then
    target="$target, < ${memlimit} MB"
    (( mb >= memlimit )) && ok=no
  fi
  printf '| %-38s | %7s s | %7s s | %6s MB | %-16s | %-4s |\n' "$name" "$t" "$cpu" "$mb" "$target" "$ok"
done
echo
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); $(date -u +%Y-%m-%d)"
