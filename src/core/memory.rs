//! The memory limit (`cg --max-memory SIZE`): a table about to grow past it stops the
//! computation with a message naming the table and its size, the way a refusal does (see
//! [`refuse`]), so that the session goes on instead of the operating system killing it.
//!
//! The tables that grow without bound check before each growth: the nim-sequences of heap
//! games, the arena of canonical games and the position tables of rulesets. A check reads the
//! process's resident size, a system call, so it is made only when a table doubles or is first
//! sized, never per entry.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::interrupt::refuse;

static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Sets the limit, in bytes of resident memory.
pub fn set_memory_limit(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The limit in bytes (`usize::MAX` when none is set).
pub fn memory_limit() -> usize {
    LIMIT.load(Ordering::Relaxed)
}

/// The default limit: most of the machine's memory (nine tenths of it), leaving the rest to
/// the system and to whatever else runs; `None` where the size cannot be read.
pub fn default_memory_limit() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: usize = info
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 10 * 9 * 1024)
}

/// The resident memory of this process in bytes (0 where it cannot be read).
pub fn resident_bytes() -> usize {
    let Ok(statm) = std::fs::read_to_string("/proc/self/statm") else {
        return 0;
    };
    let pages: usize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    // SAFETY: sysconf only reads a configuration value.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    pages * usize::try_from(page).unwrap_or(4096)
}

/// Stops the computation (a refusal) if `table` growing to `bytes` more would take the
/// process past the limit.
pub fn reserve(table: &str, bytes: usize) {
    let limit = memory_limit();
    if limit == usize::MAX {
        return;
    }
    let resident = resident_bytes();
    if resident.saturating_add(bytes) > limit {
        refuse(format!(
            "{table} would need {} more, past the memory limit of {} ({} in use); \
             `--max-memory SIZE` sets the limit",
            size_text(bytes),
            size_text(limit),
            size_text(resident)
        ));
    }
}

/// A size as people write it: `512 KB`, `37.5 MB`, `2.0 GB`.
pub fn size_text(bytes: usize) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    let mut value = bytes as f64 / 1024.0;
    if value < 1.0 {
        return format!("{bytes} bytes");
    }
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let text = if value >= 100.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    };
    format!("{} {}", text.trim_end_matches(".0"), UNITS[unit])
}

/// Reads a size: a number of bytes, or with a unit `K`, `M`, `G`, `T` (powers of 1024;
/// `KB`, `MiB` and lower case are the same).
pub fn parse_size(text: &str) -> Option<usize> {
    let text = text.trim();
    let digits = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let number: f64 = number.parse().ok()?;
    let unit = unit.trim().to_ascii_lowercase();
    let shift = match unit.trim_end_matches("ib").trim_end_matches('b') {
        "" => 0,
        "k" => 10,
        "m" => 20,
        "g" => 30,
        "t" => 40,
        _ => return None,
    };
    let bytes = number * (1u64 << shift) as f64;
    (bytes.is_finite() && bytes >= 1.0 && bytes < usize::MAX as f64).then_some(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_and_print_as_people_write_them() {
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("2GB"), Some(2 << 30));
        assert_eq!(parse_size("1.5 GiB"), Some(3 << 29));
        assert_eq!(parse_size("4096"), Some(4096));
        assert_eq!(parse_size("lots"), None);
        assert_eq!(parse_size("12Q"), None);
        assert_eq!(size_text(512), "512 bytes");
        assert_eq!(size_text(3 << 29), "1.5 GB");
        assert_eq!(size_text(200 << 20), "200 MB");
        assert_eq!(size_text(60 << 20), "60 MB");
    }

    #[test]
    fn the_resident_size_is_read() {
        // Linux only; elsewhere the limit is not enforced.
        if cfg!(target_os = "linux") {
            assert!(resident_bytes() > 1 << 20);
        }
    }
}
