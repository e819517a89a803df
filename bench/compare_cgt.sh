#!/usr/bin/env bash
# Issue 18's comparison: Amazons and Ski Jumps in cg (rules written in cg) against cgt, the Rust
# library with both games built in (crates.io, repository t4ccer/cgt-tools). A small program
# that calls cgt's `canonical_form` with its parallel transposition table (feature `rayon`, so
# both engines use every core) is written to a temporary directory and built there; nothing of
# cgt's enters this repository. Each board runs as a fresh process of each engine under
# /usr/bin/time, RUNS times (3 by default), the two engines' runs alternating; the table gives
# the median wall and CPU times and the peak memory, and checks that both engines print equal
# values (cg compares them).
#
# Then issue 20's search: every position of a Domineering board with its temperature and
# outcome, cg's examples/shard_domineering.cg against the same loop over cgt (below).
#
#   bench/compare_cgt.sh           the boards below (about 4 minutes: cgt takes 70 s and more
#                                  on the 4x4 boards with two arrows)
#   QUICK=1 bench/compare_cgt.sh   only the boards that take cgt under 10 s
#   CGT_VERSION=0.11 ...           the cgt version to compare with (0.11 by default)
#   SEARCH_BOARD="3 4" ...         the search on a 3x4 board rather than 4x5
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
RUNS=${RUNS:-3}
CG=target/release/cg
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

mkdir -p "$WORK/harness/src"
cat > "$WORK/harness/Cargo.toml" <<EOF
[package]
name = "cgt-harness"
version = "0.1.0"
edition = "2021"

[dependencies]
cgt = { version = "${CGT_VERSION:-0.11}", features = ["rayon"] }
rayon = "1"
EOF
cat > "$WORK/harness/src/main.rs" <<'EOF'
// cgt-harness GAME BOARD: prints the canonical form cgt gives.
// cgt-harness domineering-all ROWS COLUMNS: every position of the board (each set of cells
// left empty), on every core with one shared table: the hottest temperature and the number of
// positions in each outcome class, as `T L R N P`.
use cgt::grid::small_bit_grid::SmallBitGrid;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::{Domineering, Tile};
use cgt::short::partizan::games::{amazons::Amazons, ski_jumps::SkiJumps};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use rayon::prelude::*;
use std::str::FromStr;

fn every_domineering_position(rows: u8, columns: u8) {
    let table = ParallelTranspositionTable::new();
    let zero = CanonicalForm::new_integer(0);
    let cells = u32::from(rows) * u32::from(columns);
    let studied: Vec<_> = (0..1u64 << cells)
        .into_par_iter()
        .map(|mask| {
            let grid = SmallBitGrid::<Tile>::from_number(columns, rows, mask).expect("a grid");
            let g = Domineering::new(grid).canonical_form(&table);
            let class = match (CanonicalForm::leq(&zero, &g), CanonicalForm::leq(&g, &zero)) {
                (true, true) => 3,
                (true, false) => 0,
                (false, true) => 1,
                (false, false) => 2,
            };
            (g.temperature(), class)
        })
        .collect();
    let hottest = studied.iter().map(|(t, _)| *t).max().expect("a position");
    let mut counts = [0usize; 4];
    for (_, class) in &studied {
        counts[*class] += 1;
    }
    println!("{hottest} {} {} {} {}", counts[0], counts[1], counts[2], counts[3]);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "domineering-all" {
        every_domineering_position(args[2].parse().unwrap(), args[3].parse().unwrap());
        return;
    }
    let value = match args[1].as_str() {
        "amazons" => {
            let board: Amazons = Amazons::from_str(&args[2]).expect("an Amazons board");
            board.canonical_form(&ParallelTranspositionTable::new())
        }
        "ski_jumps" => {
            let board: SkiJumps = SkiJumps::from_str(&args[2]).expect("a Ski Jumps board");
            board.canonical_form(&ParallelTranspositionTable::new())
        }
        other => panic!("unknown game {other}"),
    };
    println!("{value}");
}
EOF
cargo build --release --quiet --manifest-path "$WORK/harness/Cargo.toml" \
  --target-dir "$WORK/target"
CGT="$WORK/target/release/cgt-harness"

# game @@ board
boards=(
  "ski_jumps@@L.R.L.R|R.L.R.L|L.R.L.R|R.L.R.L"
  "amazons@@xo.x|o#.o|.#x.|x.#o|o.xo"
  "amazons@@x..#|....|.#.o"
  "amazons@@x...|.#..|..#.|...o"
)
if [[ -z "${QUICK:-}" ]]; then
  boards+=(
    "amazons@@x..#|....|....|.#.o"
    "amazons@@x..#|....|....|#..o"
  )
fi

# Median of the numbers on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# One timed run of "$@": appends "wall cpu kb" to the file $1 (the value goes to $WORK/value).
run_once() {
  local out=$1 wall user sys kb
  shift
  /usr/bin/time -o "$WORK/time" -f '%e %U %S %M' "$@" > "$WORK/value" 2>/dev/null
  read -r wall user sys kb < "$WORK/time"
  echo "$wall $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $kb" >> "$out"
}

# "wall cpu peak_MB" of the runs in file $1: median wall and CPU, the largest peak.
summary() {
  echo "$(cut -d' ' -f1 "$1" | median) $(cut -d' ' -f2 "$1" | median)" \
    "$(cut -d' ' -f3 "$1" | sort -g | tail -1 | awk '{ printf "%d", $1 / 1024 }')"
}

printf '| board | cg wall | cg CPU | cg memory | cgt wall | cgt CPU | cgt memory | cgt / cg (wall) | same value |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
for entry in "${boards[@]}"; do
  game=${entry%%@@*}
  board=${entry#*@@}
  # The two engines' runs alternate, so that a change in the machine's load between them
  # falls on both alike.
  rm -f "$WORK/cg_runs" "$WORK/cgt_runs"
  for _ in $(seq "$RUNS"); do
    run_once "$WORK/cg_runs" "$CG" -e "$game(\"$board\")"
    run_once "$WORK/cgt_runs" "$CGT" "$game" "$board"
  done
  read -r cg_wall cg_cpu cg_mb <<< "$(summary "$WORK/cg_runs")"
  read -r cgt_wall cgt_cpu cgt_mb <<< "$(summary "$WORK/cgt_runs")"
  same=$("$CG" -e "$game(\"$board\") == $(cat "$WORK/value")")
  ratio=$(awk -v a="$cgt_wall" -v b="$cg_wall" 'BEGIN { printf "%.1f", a / b }')
  printf '| `%s("%s")` | %s s | %s s | %s MB | %s s | %s s | %s MB | %sx | %s |\n' \
    "$game" "${board//|/\\|}" "$cg_wall" "$cg_cpu" "$cg_mb" "$cgt_wall" "$cgt_cpu" "$cgt_mb" \
    "$ratio" "$same"
done

# Issue 20's search: every position of a Domineering board (each set of cells left empty) with
# its temperature and outcome, the hottest found: `examples/shard_domineering.cg` against the
# same loop over cgt (its parallel table, every core). Both print the hottest temperature and
# the positions in each outcome class, which must agree. SEARCH_BOARD="3 4" for a quick one.
read -r rows cols <<< "${SEARCH_BOARD:-4 5}"
rm -f "$WORK/cg_runs" "$WORK/cgt_runs"
for _ in $(seq "$RUNS"); do
  run_once "$WORK/cg_runs" "$CG" examples/shard_domineering.cg "$rows" "$cols"
  cp "$WORK/value" "$WORK/cg_value"
  run_once "$WORK/cgt_runs" "$CGT" domineering-all "$rows" "$cols"
done
# cg prints `hottest BOARD T` and `{L => a,R => b,N => c,P => d}`; as `T a b c d`.
cg_summary="$(awk 'NR == 1 { print $NF }' "$WORK/cg_value")"
for class in L R N P; do
  cg_summary+=" $(grep -o "$class => [0-9]*" "$WORK/cg_value" | awk '{ print $3 }')"
done
same=$([[ "$cg_summary" == "$(cat "$WORK/value")" ]] && echo true || echo "false: $cg_summary against $(cat "$WORK/value")")
read -r cg_wall cg_cpu cg_mb <<< "$(summary "$WORK/cg_runs")"
read -r cgt_wall cgt_cpu cgt_mb <<< "$(summary "$WORK/cgt_runs")"
ratio=$(awk -v a="$cgt_wall" -v b="$cg_wall" 'BEGIN { printf "%.1f", a / b }')
printf '\n| search | cg wall | cg CPU | cg memory | cgt wall | cgt CPU | cgt memory | cgt / cg (wall) | same hottest and classes |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
printf '| every position of a %sx%s Domineering board | %s s | %s s | %s MB | %s s | %s s | %s MB | %sx | %s |\n' \
  "$rows" "$cols" "$cg_wall" "$cg_cpu" "$cg_mb" "$cgt_wall" "$cgt_cpu" "$cgt_mb" "$ratio" "$same"
