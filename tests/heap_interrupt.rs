//! Long heap computations stop on an interrupt (its own test binary: the interrupt flag is
//! process-wide, so no other test may run beside it).

use cg::core::heap::{nim_sequence, HeapRules, PartizanHeapRules, TakeBreakCode};
use cg::core::{catch_interrupt, quiet_interrupt_panics, request_interrupt};

#[test]
fn interrupts_stop_nim_sequences_and_canonical_forms() {
    quiet_interrupt_panics();
    // Officers (0.6) is not periodic: without the interrupt this would run for minutes.
    let officers = HeapRules::TakeBreak(TakeBreakCode::parse("0.6").unwrap());
    let mut reported = Vec::new();
    let result = catch_interrupt(|| {
        nim_sequence(&officers, 100_000_000, &mut |k| {
            reported.push(k);
            if k >= 8192 {
                request_interrupt();
            }
        })
    });
    assert!(result.is_err());
    assert_eq!(reported, [4096, 8192]);

    let splittles =
        PartizanHeapRules::splittles("{1,3}".parse().unwrap(), "{2,4}".parse().unwrap());
    let result = catch_interrupt(|| {
        splittles.canonical_forms(10_000, &mut |m| {
            if m == 5 {
                request_interrupt();
            }
        })
    });
    assert!(result.is_err());
    // The engine is still usable afterwards.
    let g = nim_sequence(&officers, 20, &mut |_| {});
    assert_eq!(g[..6], [0, 0, 1, 2, 0, 1]);
}
