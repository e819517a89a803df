//! A list of nim-values stored compactly, as `grundy(octal 0.6, 0..=100000000)` gives it: to
//! the user a list of integers like any other (it prints, compares and hashes as one), inside a
//! byte or two per value, shared with the heap game's table when it is a stretch of it. A list
//! of 10^8 values as ordinary values would take 2.4 GB.

use std::fmt;
use std::rc::Rc;

use crate::core::check_interrupt;
use crate::core::heap::NimValues;

use super::value::Value;

/// Values between two checks for Ctrl-C in loops over a whole list.
const CHECK_EVERY: usize = 1 << 16;

/// The values `start..start + len` of a nim-sequence.
#[derive(Debug)]
pub struct NimList {
    values: Rc<NimValues>,
    start: usize,
    len: usize,
}

impl NimList {
    /// The values `range` of `values`.
    pub fn stretch(values: Rc<NimValues>, range: std::ops::Range<usize>) -> NimList {
        assert!(range.start <= range.end && range.end <= values.len());
        NimList {
            values,
            start: range.start,
            len: range.end - range.start,
        }
    }

    /// The values of `values` at the positions `at`, in their order.
    pub fn gathered(values: &NimValues, at: &[usize]) -> NimList {
        let mut picked = NimValues::new();
        for (i, &a) in at.iter().enumerate() {
            if i % CHECK_EVERY == 0 {
                check_interrupt();
            }
            picked.push(values.get(a));
        }
        NimList {
            len: picked.len(),
            values: Rc::new(picked),
            start: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th value (`i < len`).
    pub fn get(&self, i: usize) -> u32 {
        debug_assert!(i < self.len);
        self.values.get(self.start + i)
    }

    /// The elements `a..b` (`a <= b <= len`), sharing the storage.
    pub fn sublist(&self, a: usize, b: usize) -> NimList {
        NimList::stretch(self.values.clone(), self.start + a..self.start + b)
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u32> + '_ {
        self.values
            .slice()
            .range(self.start..self.start + self.len)
            .iter()
    }

    /// The elements as ordinary values (interruptible: there may be 10^8 of them).
    pub fn items(&self) -> Vec<Value> {
        let mut items = Vec::with_capacity(self.len);
        for (i, v) in self.iter().enumerate() {
            if i % CHECK_EVERY == 0 {
                check_interrupt();
            }
            items.push(Value::int(i64::from(v)));
        }
        items
    }

    /// Whether the elements equal `items`.
    pub fn equals_items(&self, items: &[Value]) -> bool {
        self.len == items.len()
            && self
                .iter()
                .zip(items)
                .all(|(v, x)| x.as_i64() == Some(i64::from(v)))
    }
}

impl PartialEq for NimList {
    fn eq(&self, other: &NimList) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl fmt::Display for NimList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                if i % CHECK_EVERY == 0 {
                    check_interrupt();
                }
                f.write_str(",")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_like_the_list_of_its_values() {
        let values = Rc::new(NimValues::from(vec![0, 1, 2, 3, 1, 4, 300]));
        let list = NimList::stretch(values.clone(), 1..6);
        assert_eq!(list.to_string(), "[1,2,3,1,4]");
        assert_eq!(list.sublist(2, 4).to_string(), "[3,1]");
        let items: Vec<Value> = [1, 2, 3, 1, 4].into_iter().map(Value::int).collect();
        assert!(list.equals_items(&items));
        assert_eq!(list.items(), items);
        let picked = NimList::gathered(&values, &[6, 0, 6]);
        assert_eq!(picked.to_string(), "[300,0,300]");
        assert!(picked != list);
    }
}
