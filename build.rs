use std::path::{Path, PathBuf};

fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("the grammar in grammar/ must compile");
    source_hash();
}

/// `CG_SOURCE_HASH`: a hash of the engine's source (every file under `src/` and the grammar),
/// part of the engine version that keys the value store, so that a build with other rules
/// of computation never reads values another build wrote.
fn source_hash() {
    let mut files = Vec::new();
    collect(Path::new("src"), &mut files);
    collect(Path::new("grammar"), &mut files);
    files.sort();
    // FNV-1a, 64 bits: any change to any file changes it (almost surely).
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let name = file.to_string_lossy();
        let text = std::fs::read(file).unwrap_or_default();
        for &b in name.as_bytes().iter().chain([0u8].iter()).chain(&text) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=CG_SOURCE_HASH={h:016x}");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=grammar");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}
