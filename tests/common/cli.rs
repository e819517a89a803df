//! Runs a one-line program through the `cg` binary (`cg -e`), as a user at the shell would:
//! whether it succeeded, and what it printed on standard output (trimmed) and on standard error.

use std::process::Command;

const CG: &str = env!("CARGO_BIN_EXE_cg");

pub fn run(program: &str) -> (bool, String, String) {
    let out = Command::new(CG).arg("-e").arg(program).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}
