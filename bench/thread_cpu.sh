#!/bin/bash
# The CPU time of each thread of one `cg -e EXPR` run on THREADS threads, its wall time and
# peak resident memory, polled from /proc twice a second (Linux). On a loaded machine the
# asking thread's CPU time says what the wall time would be on free cores (docs/parallel.md).
#
#   bench/thread_cpu.sh THREADS 'canonical_form(Domineering(grid("......|......|......|......|......")))'
T=$1; shift
start=$(date +%s.%N)
CG_THREADS=$T "$(dirname "$0")/../target/release/cg" -e "$1" > ${TMPDIR:-/tmp}/cg-thread-cpu.$T.$$ &
pid=$!
declare -A last
hwm=0
while kill -0 $pid 2>/dev/null; do
  for f in /proc/$pid/task/*/stat; do
    tid=${f#/proc/$pid/task/}; tid=${tid%/stat}
    s=$(cat $f 2>/dev/null) || continue
    name=$(echo "$s" | sed 's/.*(\(.*\)).*/\1/')
    rest=$(echo "$s" | sed 's/.*) //')
    ut=$(echo $rest | awk '{print $12+$13}')
    last[$tid]="$name:$ut"
  done
  h=$(awk '/VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null); [ -n "$h" ] && hwm=$h
  sleep 0.5
done
end=$(date +%s.%N)
echo "threads=$T wall=$(echo "$end - $start" | bc) s; peak RSS ${hwm} kB; load $(cut -d' ' -f1-3 /proc/loadavg); CPU per thread (10 ms ticks):"
for k in "${!last[@]}"; do echo "  ${last[$k]}"; done
md5sum ${TMPDIR:-/tmp}/cg-thread-cpu.$T.$$; head -c 300 ${TMPDIR:-/tmp}/cg-thread-cpu.$T.$$; echo
