//! What the interactive prompt shows under a heap game typed alone (`octal 0.337`): the start
//! of its sequence of values and the periodicity found so far, the two facts a researcher looks
//! up first. Scripts and pipes print the game's name alone, as it types back in.

use super::heap::{HeapGame, HeapKind};

/// Values shown of an impartial game's nim-sequence.
const NIM_VALUES_SHOWN: usize = 20;
/// Heaps an impartial sequence is computed to in search of a proven period: milliseconds for
/// the codes that leave at most two heaps (Officers, which has none, to 2000 in about 5 ms).
/// A code that leaves three heaps costs the cube of the heap (`hex 0.F6` to 2000: 2.5 s), so it
/// is searched less far.
const IMPARTIAL_SEARCH: usize = 2000;
const THREE_HEAPS_SEARCH: usize = 300;
/// Coin-turning games have no periodicity theorem; their sequences are searched this far.
const TURNING_SEARCH: usize = 1000;
/// Heaps a partizan pair is valued to: canonical forms grow with the heap.
const PARTIZAN_SEARCH: usize = 60;
/// The widest line of a partizan game's values, in characters.
const WIDTH: usize = 88;

/// The lines shown under `heap` at the prompt.
pub fn heap_sketch(heap: &HeapGame) -> Vec<String> {
    match &heap.rules {
        HeapKind::Impartial(rules) if rules.max_heaps() > 2 => {
            impartial(heap, 0, THREE_HEAPS_SEARCH)
        }
        HeapKind::Impartial(_) => impartial(heap, 0, IMPARTIAL_SEARCH),
        // Heap n of a coin-turning game is a head at position n, from 1.
        HeapKind::Turning(_) => impartial(heap, 1, TURNING_SEARCH),
        HeapKind::Partizan(_) => partizan(heap),
    }
}

fn impartial(heap: &HeapGame, first: usize, search: usize) -> Vec<String> {
    let last = first + NIM_VALUES_SHOWN - 1;
    let Some(values) = heap.nim_values(last) else {
        return Vec::new();
    };
    let shown: Vec<String> = values
        .slice()
        .range(first..last + 1)
        .iter()
        .map(|v| v.to_string())
        .collect();
    let mut lines = vec![format!(
        "  nim-values from heap {first}: {} ...",
        shown.join(" ")
    )];
    lines.push(match (&heap.rules, heap.periodicity(search)) {
        (HeapKind::Impartial(_), Some(p)) => format!(
            "  period {}, preperiod {}: proven (the periodicity theorem)",
            p.period, p.preperiod
        ),
        (_, Some(p)) => format!(
            "  period {}, preperiod {}{} to heap {search} (seen, not proven)",
            p.period,
            p.preperiod,
            saltus(&p.saltus.to_string())
        ),
        (_, None) => format!("  no period found to heap {search}: periodicity(G, n) looks further"),
    });
    lines
}

fn partizan(heap: &HeapGame) -> Vec<String> {
    let values = heap.values(PARTIZAN_SEARCH);
    let start = "  values from heap 0: ";
    let mut line = String::from(start);
    for value in &values {
        let text = value.to_string();
        let first = line.len() == start.len();
        // Room is kept for ", ..." after the last value.
        if !first && line.len() + 2 + text.len() + 5 > WIDTH {
            line.push_str(", ...");
            break;
        }
        if !first {
            line.push_str(", ");
        }
        line.push_str(&text);
    }
    let mut lines = vec![line];
    lines.push(match heap.periodicity(PARTIZAN_SEARCH) {
        Some(p) => format!(
            "  arithmetic-periodic to heap {PARTIZAN_SEARCH}: period {}, preperiod {}{} (seen, \
             not proven)",
            p.period,
            p.preperiod,
            saltus(&p.saltus.to_string())
        ),
        None => format!(
            "  not arithmetic-periodic to heap {PARTIZAN_SEARCH}: periodicity(G, n) looks further"
        ),
    });
    lines
}

/// ", saltus S" unless the saltus is 0.
fn saltus(saltus: &str) -> String {
    if saltus == "0" {
        String::new()
    } else {
        format!(", saltus {saltus}")
    }
}
