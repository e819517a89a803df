//! Tuples of two small integers, made once per thread and shared.
//!
//! Board rulesets make coordinates `(r, c)` by the million: `cells` lists them, and a rule
//! probes its neighbours with `(c[0] + 1, c[1])`. Each was an allocation and a free, the largest
//! single cost of the board rulesets written in cg (glibc's allocator was a fifth of Clobber's
//! instructions). A tuple is immutable, so every `(r, c)` with both coordinates in a board's
//! range can be the same shared tuple: making one is a reference count, dropping one another.
//! Nothing can tell a shared tuple from a fresh one (tuples compare by their elements, and an
//! update of a shared collection copies it first).

use std::cell::RefCell;
use std::rc::Rc;

use super::value::Value;

/// The smallest coordinate shared: a rule probes one step off the board (`c[0] - 1`).
const LOW: i64 = -2;
/// How many coordinates are shared from `LOW` on: every cell of the boards that games are
/// valued on, and one step beyond.
const SIDE: usize = 66;

thread_local! {
    /// Filled on first use, so that a thread that makes no pairs pays nothing.
    static PAIRS: RefCell<Vec<Option<Rc<[Value]>>>> = const { RefCell::new(Vec::new()) };
}

/// The place of a coordinate in the table, if it is in the shared range.
fn slot(x: i64) -> Option<usize> {
    let i = x.checked_sub(LOW)?;
    (0..SIDE as i64).contains(&i).then_some(i as usize)
}

/// The tuple `(a, b)` shared by this thread, when both are in the shared range.
#[inline]
pub fn small_pair(a: i64, b: i64) -> Option<Value> {
    let k = slot(a)? * SIDE + slot(b)?;
    // `try_with`: while the thread is being torn down the table may be gone; the caller then
    // allocates a tuple of its own.
    PAIRS
        .try_with(|table| shared(&mut table.borrow_mut(), k))
        .ok()
}

/// The shared tuple at place `k` of the table, made when first asked for.
#[inline]
fn shared(table: &mut Vec<Option<Rc<[Value]>>>, k: usize) -> Value {
    if table.is_empty() {
        table.resize(SIDE * SIDE, None);
    }
    let (a, b) = ((k / SIDE) as i64 + LOW, (k % SIDE) as i64 + LOW);
    let pair = table[k].get_or_insert_with(|| Rc::new([Value::int(a), Value::int(b)]));
    Value::Tuple(Rc::clone(pair))
}

/// The tuples `(r, c)` of `cells`, each shared when in range, looking the table up once for
/// all of them (`cells(g, ".")` lists a board's cells for every position a rule is asked for).
pub fn pairs(cells: &[(usize, usize)]) -> Vec<Value> {
    let make = |table: Option<&mut Vec<Option<Rc<[Value]>>>>| {
        let mut table = table;
        cells
            .iter()
            .map(|&(r, c)| {
                // A grid has at most 65535 rows and columns, so the casts are exact.
                let (x, y) = (r as i64, c as i64);
                match (&mut table, slot(x).zip(slot(y))) {
                    (Some(table), Some((i, j))) => shared(table, i * SIDE + j),
                    _ => Value::Tuple(Rc::new([Value::int(x), Value::int(y)])),
                }
            })
            .collect()
    };
    PAIRS
        .try_with(|table| make(Some(&mut table.borrow_mut())))
        .unwrap_or_else(|_| make(None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_in_range_are_shared_and_others_are_not() {
        let (Some(Value::Tuple(a)), Some(Value::Tuple(b))) = (small_pair(3, -1), small_pair(3, -1))
        else {
            panic!("(3, -1) is in the shared range");
        };
        assert!(Rc::ptr_eq(&a, &b));
        assert_eq!(&*a, &[Value::int(3), Value::int(-1)]);
        assert!(small_pair(LOW - 1, 0).is_none());
        assert!(small_pair(0, LOW + SIDE as i64).is_none());
        assert!(small_pair(i64::MIN, 0).is_none());
    }
}
