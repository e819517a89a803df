//! Append-only storage that any thread reads without a lock.
//!
//! The arena of canonical forms is read far more often than it grows: every comparison reads
//! options, and a ruleset evaluation on several threads reads from all of them at once. Its
//! items live here, in chunks of fixed size that are never moved or freed, so a reference to
//! an item stays valid for the life of the process. One writer at a time (the holder of the
//! arena's interning lock, whose guard is the proof asked by [`Chunked::push`]) appends an item
//! and then publishes the new length with release ordering; a reader checks the index against
//! the length with acquire ordering, so it sees every item it is allowed to read whole.

use std::mem::MaybeUninit;
use std::ops::Index;
use std::ptr;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;
/// 2^32 items in all; the table of chunk pointers (512 KB) is untouched memory until used.
const MAX_CHUNKS: usize = 1 << 16;

pub(crate) struct Chunked<T> {
    chunks: [AtomicPtr<T>; MAX_CHUNKS],
    len: AtomicUsize,
    /// What the items are, for the message of the memory limit.
    what: &'static str,
}

// SAFETY: items are written once, before they are published, and only read afterwards; `T`
// itself must be shareable between threads.
unsafe impl<T: Send + Sync> Sync for Chunked<T> {}
unsafe impl<T: Send + Sync> Send for Chunked<T> {}

impl<T> Chunked<T> {
    pub const fn new(what: &'static str) -> Chunked<T> {
        Chunked {
            chunks: [const { AtomicPtr::new(ptr::null_mut()) }; MAX_CHUNKS],
            len: AtomicUsize::new(0),
            what,
        }
    }

    /// Items published so far.
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Acquire)
    }

    /// The item at `i`, which must have been published.
    pub fn get(&self, i: usize) -> &T {
        assert!(
            i < self.len(),
            "{} {i} read before it was stored",
            self.what
        );
        // The chunk's pointer was stored before the length that covers `i` was released.
        let chunk = self.chunks[i >> CHUNK_BITS].load(Ordering::Relaxed);
        // SAFETY: `i` is below the published length, so its chunk exists and the item was
        // written before the length was released; items are never written again or freed.
        unsafe { &*chunk.add(i & (CHUNK - 1)) }
    }

    /// Appends `value` and publishes it; returns its index. `_writer` is the guard of the lock
    /// that makes this thread the only writer.
    pub fn push<W>(&self, _writer: &mut W, value: T) -> usize {
        let i = self.len.load(Ordering::Relaxed);
        let c = i >> CHUNK_BITS;
        assert!(c < MAX_CHUNKS, "more than 2^32 {}", self.what);
        let mut chunk = self.chunks[c].load(Ordering::Relaxed);
        if chunk.is_null() {
            chunk = allocate::<T>(self.what, i);
            self.chunks[c].store(chunk, Ordering::Relaxed);
        }
        // SAFETY: slot `i` of its chunk is in bounds and unpublished, so no one reads it; the
        // caller is the only writer.
        unsafe { chunk.add(i & (CHUNK - 1)).write(value) };
        self.len.store(i + 1, Ordering::Release);
        i
    }
}

/// A new chunk, leaked: chunks live as long as the process.
fn allocate<T>(what: &str, len: usize) -> *mut T {
    crate::core::memory::reserve(
        &format!("the table of canonical games ({len} {what})"),
        CHUNK * std::mem::size_of::<T>(),
    );
    let mut chunk: Vec<MaybeUninit<T>> = Vec::with_capacity(CHUNK);
    // SAFETY: `MaybeUninit` needs no initialisation.
    unsafe { chunk.set_len(CHUNK) };
    Box::into_raw(chunk.into_boxed_slice()).cast::<T>()
}

impl<T> Index<usize> for Chunked<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        self.get(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Items pushed across several chunks by threads taking turns under a lock are read back,
    /// by every thread, as written.
    #[test]
    fn threads_read_what_any_thread_pushed() {
        static ITEMS: Chunked<(u64, u64)> = Chunked::new("test items");
        static WRITER: Mutex<()> = Mutex::new(());
        let per_thread = 3 * CHUNK as u64 / 2;
        std::thread::scope(|scope| {
            for t in 0..3u64 {
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    for k in 0..per_thread {
                        let mut guard = WRITER.lock().unwrap();
                        mine.push(ITEMS.push(&mut guard, (t, k)));
                        drop(guard);
                        // Read back an earlier item of this thread, and the newest of anyone.
                        let j = mine[(k / 2) as usize];
                        assert_eq!(ITEMS[j], (t, k / 2));
                        let last = ITEMS.len() - 1;
                        assert!(ITEMS[last].1 < per_thread);
                    }
                });
            }
        });
        assert_eq!(ITEMS.len() as u64, 3 * per_thread);
        let mut seen = [0u64; 3];
        for i in 0..ITEMS.len() {
            let (t, k) = ITEMS[i];
            // Each thread's items appear in the order it pushed them.
            assert_eq!(k, seen[t as usize]);
            seen[t as usize] += 1;
        }
    }

    #[test]
    #[should_panic(expected = "read before it was stored")]
    fn an_unpublished_item_is_refused() {
        static ITEMS: Chunked<u32> = Chunked::new("test items");
        let _ = ITEMS[0];
    }
}
