//! Misère canonical forms of the heaps of a take-and-break game (`octal 0.07` played misère):
//! a heap's options are the sums of the heaps each move leaves (WW ch. 13).

use super::store::{Misere, Store};
use crate::core::heap::HeapRules;

impl Store {
    /// Extends `forms` (the forms of heaps 0, 1, ...) to heaps 0..=n.
    pub fn extend_heap_forms(&mut self, rules: &HeapRules, forms: &mut Vec<Misere>, n: usize) {
        while forms.len() <= n {
            let size = forms.len();
            let mut options = Vec::new();
            rules.for_each_move(size, &mut |heaps| {
                let sum = heaps
                    .iter()
                    .fold(Misere::ZERO, |acc, &h| self.sum(acc, forms[h]));
                options.push(sum);
            });
            let form = self.canonical(options);
            forms.push(form);
        }
    }
}

/// The misère forms of heaps 0..=n of a heap game, extending `forms` (a cache the caller keeps).
///
/// ```
/// use cg::core::heap::HeapRules;
/// use cg::core::misere::{heap_forms, Misere};
/// let nim = HeapRules::TakeBreak(cg::core::heap::TakeBreakCode::parse_octal("0.333").unwrap());
/// let mut forms = Vec::new();
/// heap_forms(&nim, &mut forms, 3);
/// assert_eq!(forms[3], Misere::heap(3)); // 0.333 is Nim up to three tokens
/// ```
pub fn heap_forms(rules: &HeapRules, forms: &mut Vec<Misere>, n: usize) {
    super::store::with_store(|s| s.extend_heap_forms(rules, forms, n))
}
