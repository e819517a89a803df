//! `cg merge`: the stores of the N parts of a split run (`cg --shard I/N --store FILE`) made
//! into the store of one whole run, after checking that they are the N parts of one run.
//!
//! The parts' printed output is not pieced together: a script's summary (the hottest
//! position, a count) depends on every part, and no rule of interleaving lines could give it.
//! The caller runs the script again on the merged store instead, where the values the parts
//! computed are read rather than computed; that run prints what one process would have
//! printed, because it is one process.

use std::path::{Path, PathBuf};

use super::database::{Database, PartRow};
use super::definition_hash::ENGINE_VERSION;

/// The run the parts came from: what `cg merge` runs again on the merged store.
#[derive(Debug)]
pub struct Run {
    pub name: String,
    pub text: String,
    pub args: Vec<String>,
    pub expression: bool,
}

/// Checks that `inputs` hold the parts 1..=N of one finished run, then adds their values to
/// the store `out` (made if missing). The inputs are not changed.
pub fn merge(inputs: &[PathBuf], out: &Path) -> Result<Run, String> {
    let parts = read_parts(inputs, out)?;
    let first = check_parts(&parts)?;
    let mut merged = Database::open(out)
        .map_err(|e| format!("cannot use {} as the merged store: {e}", out.display()))?;
    for input in inputs {
        merged
            .absorb(input)
            .map_err(|e| format!("cannot merge {}: {e}", input.display()))?;
    }
    Ok(Run {
        name: first.name.clone(),
        text: first.text.clone(),
        args: first.args.clone(),
        expression: first.expression,
    })
}

/// Every part each input holds, with the input it is in.
fn read_parts<'a>(inputs: &'a [PathBuf], out: &Path) -> Result<Vec<(&'a Path, PartRow)>, String> {
    if inputs.is_empty() {
        return Err("cg merge needs the stores of the parts to merge".to_string());
    }
    let mut parts = Vec::new();
    for input in inputs {
        // Opening a missing file would make an empty store.
        if let Err(e) = std::fs::metadata(input) {
            return Err(format!("cannot read {}: {e}", input.display()));
        }
        if same_file(input, out) {
            return Err(format!(
                "{} is both a part and the merged store: give another file to -o",
                input.display()
            ));
        }
        let db = Database::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
        let rows = db
            .parts()
            .map_err(|e| format!("{}: {e}", input.display()))?;
        if rows.is_empty() {
            return Err(format!(
                "{} holds no part of a split run (parts are run as \
                 `cg --shard I/N --store FILE script.cg`)",
                input.display()
            ));
        }
        parts.extend(rows.into_iter().map(|row| (input.as_path(), row)));
    }
    Ok(parts)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Checks that `parts` are the parts 1..=N of one run, each once and finished; gives the
/// first.
fn check_parts<'a>(parts: &'a [(&Path, PartRow)]) -> Result<&'a PartRow, String> {
    let (first_file, first) = &parts[0];
    let describe = |file: &Path, row: &PartRow| {
        format!("part {} of {} ({})", row.index, row.count, file.display())
    };
    for (file, row) in parts {
        let this = describe(file, row);
        let other = describe(first_file, first);
        if row.count != first.count {
            return Err(format!(
                "{this} and {other} belong to runs split in different numbers of parts"
            ));
        }
        if row.expression != first.expression || row.text != first.text {
            return Err(format!(
                "{this} ran another script than {other} (`{}` and `{}` differ)",
                row.name, first.name
            ));
        }
        if row.args != first.args {
            return Err(format!(
                "{this} ran the script with other arguments than {other} ({:?} and {:?})",
                row.args, first.args
            ));
        }
        if row.engine != ENGINE_VERSION {
            return Err(format!(
                "{this} was run by another build of cg; run it again with this one"
            ));
        }
        if !row.finished {
            return Err(format!(
                "{this} did not finish (it stopped with an error or was killed): run it again"
            ));
        }
        if row.splits != first.splits {
            return Err(format!(
                "{this} split enumerations of other lengths than {other} ([{}] and [{}]): \
                 the script must build the same lists in every part",
                row.splits, first.splits
            ));
        }
    }
    let count = first.count;
    let mut seen: Vec<Option<&Path>> = vec![None; count as usize];
    for (file, row) in parts {
        if row.index == 0 || row.index > count {
            return Err(format!(
                "{}: the store is damaged (a part numbered {})",
                file.display(),
                row.index
            ));
        }
        let place = &mut seen[row.index as usize - 1];
        if let Some(earlier) = place {
            return Err(format!(
                "part {} of {count} is both in {} and in {}",
                row.index,
                earlier.display(),
                file.display()
            ));
        }
        *place = Some(file);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[*i as usize - 1].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        let (s, are) = if missing.len() == 1 {
            ("", "is")
        } else {
            ("s", "are")
        };
        return Err(format!(
            "part{s} {} of {count} {are} missing: give the stores of all {count} parts",
            missing.join(", ")
        ));
    }
    Ok(first)
}
