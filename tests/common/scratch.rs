//! A fresh directory for one test's files, removed with everything in it when the test ends,
//! passed or failed: a full test run leaves nothing behind in the temporary directory.

use std::path::{Path, PathBuf};

pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The directory `cg-{kind}-{name}-{process}`, emptied if a killed run left it behind.
pub fn scratch(kind: &str, name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("cg-{kind}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}
