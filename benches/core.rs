//! Benchmarks of the canonical-form engine (`cg::core`).
//!
//! Run with `cargo bench --bench core` (about 15 s); one group with
//! `cargo bench --bench core -- plus_minus_sum`.
//!
//! Games live in a thread-local arena with operation caches (sums, comparisons, negatives,
//! birthdays, stops). A benchmark that repeated the same computation on warm caches would
//! measure one hash lookup, so every "cold" benchmark calls `clear_caches()` in its input
//! generator, outside the timed region, and runs one computation per sample
//! (`sample_size = 1`: divan generates all of a sample's inputs before timing it, so a larger
//! sample would time one cold computation and then cache hits). The arena itself is never
//! cleared, so a repeated computation finds its canonical forms already interned; that is as
//! cold as it gets without a fresh thread, and the interning lookups are still timed.
//!
//! Every benchmark runs on divan's main thread (the default of one thread), which is the thread
//! whose arena holds the games generated here.
//!
//! `max_time` caps each case, so the expensive cases get fewer than `sample_count` samples.
//!
//! Order matters. `clear_caches` empties the cache tables but keeps their capacity, and a
//! cold computation on a table grown to millions of slots is 2-4 times slower than on a small
//! one (cache misses on a sparse table): after the sum of eight birthday-4 games (16 million
//! cached comparisons, 1.2 GB peak) the cold ±1 + ... + ±16 took 37 ms instead of 10 ms. Divan
//! runs the benchmarks in the order of their names, so the names keep the largest computations
//! last: `leq_*` (small), `plus_minus_sum_cold` (2.4 million comparisons at k = 24), `print_*`,
//! `sum_birthday_*` (the sum of eight birthday-4 games last of all). Numbers from a filtered run
//! (`cargo bench --bench core -- NAME`) can therefore be somewhat lower than in the full run.

use std::cell::Cell;

use cg::core::{clear_caches, Game, Integer};
use divan::counter::ItemsCount;
use divan::Bencher;

fn main() {
    divan::main();
}

// ------------------------------------------------------------------------------------------
// Inputs
// ------------------------------------------------------------------------------------------

/// ±1 + ±2 + ... + ±k, added left to right: the canonical form of each partial sum is computed
/// by the addition.
fn switch_sum(k: i64) -> Game {
    let mut sum = Game::ZERO;
    for i in 1..=k {
        sum = sum + Game::switch(&[Game::integer(i)]);
    }
    sum
}

/// xorshift64 (Marsaglia): deterministic and dependency-free; quality is irrelevant here.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Uniform enough in 0..n for small n.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// 1 to 3 games drawn from `pool`, repeats allowed (canonicalisation removes them).
    fn options(&mut self, pool: &[Game]) -> Vec<Game> {
        let count = 1 + self.below(3);
        (0..count).map(|_| pool[self.below(pool.len())]).collect()
    }
}

const SEED: u64 = 0x2545_f491_4f6c_dd1d;

/// How many distinct random games of birthday 3 (resp. 4) to generate.
const RANDOM_GAMES: usize = 16;
/// How many distinct birthday-3 games the birthday-4 games take their options from.
const DAY3_SAMPLE: usize = 32;

/// The deterministic random games of the benchmarks.
struct RandomGames {
    birthday3: Vec<Game>,
    birthday4: Vec<Game>,
}

impl RandomGames {
    fn generate() -> RandomGames {
        let day1 = [
            Game::ZERO,
            Game::star(),
            Game::integer(1),
            Game::integer(-1),
        ];
        let mut day2 = Vec::new();
        for left in 0..16u32 {
            for right in 0..16u32 {
                let pick = |mask: u32| -> Vec<Game> {
                    (0..4)
                        .filter(|b| mask & (1 << b) != 0)
                        .map(|b| day1[b])
                        .collect()
                };
                day2.push(Game::from_options(&pick(left), &pick(right)));
            }
        }
        day2.sort_unstable();
        day2.dedup();
        assert_eq!(day2.len(), 22, "22 games are born by day 2");

        let mut rng = XorShift(SEED);
        let day3 = random_games(&mut rng, &day2, 3, DAY3_SAMPLE);
        let birthday4 = random_games(&mut rng, &day3, 4, RANDOM_GAMES);
        RandomGames {
            birthday3: day3[..RANDOM_GAMES].to_vec(),
            birthday4,
        }
    }
}

/// `count` distinct canonical games of the given birthday, each {L | R} with 1 to 3 options a
/// side drawn from `pool`.
fn random_games(rng: &mut XorShift, pool: &[Game], birthday: i64, count: usize) -> Vec<Game> {
    let birthday = Integer::from(birthday);
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        let left = rng.options(pool);
        let right = rng.options(pool);
        let g = Game::from_options(&left, &right);
        if g.birthday() == birthday && !games.contains(&g) {
            games.push(g);
        }
    }
    games
}

thread_local! {
    // Handles are valid only on the thread whose arena holds them: generated once per thread.
    static RANDOM: RandomGames = RandomGames::generate();
}

/// The random games of the given birthday (3 or 4).
fn random(birthday: u32) -> Vec<Game> {
    RANDOM.with(|r| match birthday {
        3 => r.birthday3.clone(),
        4 => r.birthday4.clone(),
        _ => unreachable!("random games have birthday 3 or 4"),
    })
}

fn sum_of(games: &[Game]) -> Game {
    games.iter().fold(Game::ZERO, |s, &g| s + g)
}

/// Each sample's input: the benchmark's data, after the caches are cleared.
fn cold<T>(input: T) -> T {
    clear_caches();
    input
}

// ------------------------------------------------------------------------------------------
// 1. Canonical form of ±1 + ±2 + ... + ±k (cold)
// ------------------------------------------------------------------------------------------

// Cold, one sample at k = 24 takes about 0.4 s (k = 32: 2.4 s, k = 40: 17 s; see
// `benches/switch_sums.rs`), so every k of the list stays.
#[divan::bench(
    args = [2, 4, 6, 8, 10, 12, 16, 20, 24],
    sample_count = 20,
    sample_size = 1,
    max_time = 2,
)]
fn plus_minus_sum_cold(bencher: Bencher, k: i64) {
    bencher
        .with_inputs(|| cold(()))
        .bench_local_values(|()| switch_sum(divan::black_box(k)));
}

// ------------------------------------------------------------------------------------------
// 2. Sums of random games of birthday 3 and 4 (cold)
// ------------------------------------------------------------------------------------------

/// G1 + ... + Gn for the first n random games of birthday 3.
#[divan::bench(args = [2, 4, 8], sample_count = 20, sample_size = 1, max_time = 2)]
fn sum_birthday_3_cold(bencher: Bencher, n: usize) {
    let games = random(3);
    bencher
        .with_inputs(|| cold(&games[..n]))
        .bench_local_values(sum_of);
}

/// G1 + ... + Gn for the first n random games of birthday 4. n = 8 is the expensive case of
/// the suite: one sample of about 4 s (the partial sums grow fast: n = 6 takes 0.08 s, n = 7
/// 1.3 s; 48,000 games and 16 million cached comparisons at n = 8), so `max_time` leaves it one
/// sample. Never print these sums: the printed sum of seven is already 460 MB (see section 4).
#[divan::bench(args = [2, 4, 8], sample_count = 20, sample_size = 1, max_time = 2)]
fn sum_birthday_4_cold(bencher: Bencher, n: usize) {
    let games = random(4);
    bencher
        .with_inputs(|| cold(&games[..n]))
        .bench_local_values(sum_of);
}

// ------------------------------------------------------------------------------------------
// 3. Comparison (cold)
// ------------------------------------------------------------------------------------------

/// One G <= H per sample, on cold caches, cycling through the ordered pairs of distinct random
/// games of the birthday (16 * 15 = 240 pairs; each sample takes the next).
#[divan::bench(args = [3, 4], sample_count = 240, sample_size = 1, max_time = 2)]
fn leq_pair_cold(bencher: Bencher, birthday: u32) {
    let games = random(birthday);
    let pairs: Vec<(Game, Game)> = games
        .iter()
        .flat_map(|&g| games.iter().map(move |&h| (g, h)))
        .filter(|(g, h)| g != h)
        .collect();
    let next = Cell::new(0);
    bencher
        .with_inputs(|| {
            let i = next.get();
            next.set((i + 1) % pairs.len());
            cold(pairs[i])
        })
        .bench_local_values(|(g, h)| g.leq(h));
}

/// All 240 ordered pairs in one sample, starting cold: later comparisons reuse what the earlier
/// ones cached, as a session comparing many games would.
#[divan::bench(args = [3, 4], sample_count = 20, sample_size = 1, max_time = 2)]
fn leq_all_pairs_cold(bencher: Bencher, birthday: u32) {
    let games = random(birthday);
    let pairs = games.len() * (games.len() - 1);
    bencher
        .counter(ItemsCount::new(pairs))
        .with_inputs(|| cold(&games))
        .bench_local_values(|games| {
            let mut count = 0;
            for &g in games {
                for &h in games {
                    if g != h && g.leq(h) {
                        count += 1;
                    }
                }
            }
            count
        });
}

/// G1 + ... + G4 <= G5 + ... + G8: a comparison of two larger games. Both sums are computed in
/// the input generator and the caches cleared after, so only the comparison is timed.
#[divan::bench(args = [3, 4], sample_count = 20, sample_size = 1, max_time = 2)]
fn leq_sums_of_4_cold(bencher: Bencher, birthday: u32) {
    let games = random(birthday);
    bencher
        .with_inputs(|| {
            let (a, b) = (sum_of(&games[..4]), sum_of(&games[4..8]));
            cold((a, b))
        })
        .bench_local_values(|(a, b)| a.leq(b));
}

/// ±1 + ... + ±k <= ±1 + ... + ±(k-1) + ±(k+1), cold (both sums computed, then the caches
/// cleared).
#[divan::bench(args = [8, 12, 16], sample_count = 20, sample_size = 1, max_time = 2)]
fn leq_plus_minus_sums_cold(bencher: Bencher, k: i64) {
    bencher
        .with_inputs(|| {
            let a = switch_sum(k);
            let b = switch_sum(k - 1) + Game::switch(&[Game::integer(k + 1)]);
            cold((a, b))
        })
        .bench_local_values(|(a, b)| a.leq(b));
}

// ------------------------------------------------------------------------------------------
// 4. Printing (`to_string`)
// ------------------------------------------------------------------------------------------
//
// Printing is measured warm: the games exist and the caches printing consults (stops, negatives,
// the recognised uptimal forms, which `clear_caches` keeps anyway) are filled by the first
// sample. The notation is not memoised per follower, so a follower shared by many options is
// printed once per path to it; the printed length of ±1 + ... + ±k grows about 16-fold for
// every 4 more switches (0.1 MB at k = 16, 2 MB at k = 20, 32 MB at k = 24, where printing
// takes about 3 s against 0.4 s for the canonical form): k = 24 is left out here.

/// The 16 random games of birthday 4, each printed once per sample.
#[divan::bench(sample_count = 50, max_time = 2)]
fn print_birthday_4(bencher: Bencher) {
    let games = random(4);
    bencher
        .counter(ItemsCount::new(games.len()))
        .bench_local(|| {
            divan::black_box(&games)
                .iter()
                .map(|g| g.to_string().len())
                .sum::<usize>()
        });
}

/// ±1 + ... + ±k printed.
#[divan::bench(args = [4, 8, 12, 16, 20], sample_count = 20, max_time = 2)]
fn print_plus_minus_sum(bencher: Bencher, k: i64) {
    let g = switch_sum(k);
    bencher.bench_local(|| divan::black_box(g).to_string());
}

// ------------------------------------------------------------------------------------------
// 5. Parsing: NOT YET AVAILABLE
// ------------------------------------------------------------------------------------------
//
// TODO(parser): the parser (`cg::syntax`) is being written elsewhere. Once it can parse game
// literals, add here:
//   - parse_game_literal: the printed forms from section 4 (`print_birthday_4`'s games, the
//     switch sums for k = 8, 12, 16) parsed back, text -> AST, timed per byte
//     (`divan::counter::BytesCount`);
//   - parse_and_canonicalise: text -> AST -> evaluated canonical `Game`, cold (caches cleared),
//     checked once outside the timed region to round-trip (`parse(g.to_string()) == g`).
