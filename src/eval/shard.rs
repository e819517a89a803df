//! Work split across processes (`cg script.cg --shard I/N`): which part of the run this
//! process is, and the share of an enumeration that belongs to it (`shard(xs)`).
//!
//! Parts are numbered from 1 to N, as a Slurm job array declared `--array=1-N` numbers its
//! tasks, so `--shard $SLURM_ARRAY_TASK_ID/N` needs no arithmetic in the job script.
//!
//! Part I takes the elements at positions I-1, I-1+N, I-1+2N, ... (every N-th element), not a
//! block of consecutive ones: enumerations of positions usually grow along the list (boards
//! with more empty cells, larger heaps, subsets with more elements), so blocks would give the
//! last part the hardest positions, while every N-th element gives each part the same mix.
//! It needs no knowledge of the length either, which ranges of 10^9 integers do not give
//! cheaply.

use std::sync::Mutex;

/// This process's part: `index` of `count`, `index` from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: u64,
    pub count: u64,
}

/// The part this process runs; `None` for a whole run.
static PART: Mutex<Option<Part>> = Mutex::new(None);

/// The lengths of the enumerations `shard` was asked to split, in the order asked: every
/// part of one run must see the same ones (`cg merge` checks it).
static SPLIT_LENGTHS: Mutex<Vec<u64>> = Mutex::new(Vec::new());

/// What names the run for the results `shard_map` keeps: a hash of the script's text and
/// arguments, the same in every part and in the merge's run of the whole script.
static RUN: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// Names the run (see `RUN`).
pub fn set_run(key: &[u8]) {
    *RUN.lock().unwrap_or_else(|e| e.into_inner()) = key.to_vec();
}

/// The name of the run; empty when none was given (the interactive session).
pub fn run() -> Vec<u8> {
    RUN.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Reads `I/N` as given to `--shard`.
pub fn parse_part(text: &str) -> Result<Part, String> {
    let wanted =
        || format!("--shard wants I/N, part I of N parts numbered from 1 (as 2/5), not `{text}`");
    let Some((index, count)) = text.split_once('/') else {
        return Err(wanted());
    };
    if index.trim().is_empty() {
        return Err(format!(
            "{}; the part number is empty (is SLURM_ARRAY_TASK_ID set?)",
            wanted()
        ));
    }
    let (Ok(index), Ok(count)) = (index.trim().parse::<u64>(), count.trim().parse::<u64>()) else {
        return Err(wanted());
    };
    if count == 0 {
        return Err(format!(
            "--shard {text}: there must be at least one part (N >= 1)"
        ));
    }
    if index == 0 || index > count {
        return Err(format!(
            "--shard {text}: parts are numbered from 1 to {count} \
             (as `#SBATCH --array=1-{count}` numbers them)"
        ));
    }
    Ok(Part { index, count })
}

/// Makes this process part `part` of a split run.
pub fn set_part(part: Part) {
    *PART.lock().unwrap_or_else(|e| e.into_inner()) = Some(part);
}

/// This process's part, if it runs one.
pub fn part() -> Option<Part> {
    *PART.lock().unwrap_or_else(|e| e.into_inner())
}

/// The positions (from 0) of the elements of an enumeration of `length` that belong to
/// this process; `None` in a whole run, where all of them do.
pub fn split(length: u64) -> Option<std::iter::StepBy<std::ops::Range<u64>>> {
    SPLIT_LENGTHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(length);
    let Part { index, count } = part()?;
    Some((index - 1..length).step_by(count as usize))
}

/// How many enumerations were split so far: the number of the next.
pub fn splits_so_far() -> u64 {
    SPLIT_LENGTHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .len() as u64
}

/// The lengths of the enumerations split so far.
pub fn split_lengths() -> Vec<u64> {
    SPLIT_LENGTHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_numbers_run_from_one_to_the_count() {
        assert_eq!(parse_part("1/1"), Ok(Part { index: 1, count: 1 }));
        assert_eq!(parse_part("5/5"), Ok(Part { index: 5, count: 5 }));
        for bad in ["0/3", "4/3", "x/y", "3", "/3", "1/0", "-1/3", "1/3/4", ""] {
            assert!(parse_part(bad).is_err(), "{bad} was accepted");
        }
    }
}
