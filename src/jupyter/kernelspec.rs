//! `cg jupyter install`: the kernelspec that makes Jupyter list "cg", a `kernel.json` naming
//! this very binary as the kernel, in a `kernels/cg` folder where Jupyter looks (the user's
//! data folder, or under a prefix as `jupyter kernelspec install --prefix` does).

use std::path::{Path, PathBuf};

/// The folder name, which is also the name clients ask for (`kernel_name="cg"`).
pub const KERNEL_NAME: &str = "cg";

pub const INSTALL_USAGE: &str = "\
usage: cg jupyter install [--user | --prefix DIR]
  --user         for this user (the default): in Jupyter's data folder ($JUPYTER_DATA_DIR, else
                 ~/.local/share/jupyter, ~/Library/Jupyter on macOS, %APPDATA%\\jupyter on Windows)
  --prefix DIR   in DIR/share/jupyter/kernels/cg, as for a Python environment at DIR
                 (Jupyter finds it there when DIR is its sys.prefix or DIR/share/jupyter is on
                 JUPYTER_PATH)";

/// Installs the kernelspec as the arguments say; returns the exit status.
pub fn install(args: &[String]) -> u8 {
    let data_dir = match args {
        [] => user_data_dir(),
        [flag] if flag == "--user" => user_data_dir(),
        [flag, dir] if flag == "--prefix" => Some(Path::new(dir).join("share").join("jupyter")),
        _ => {
            eprintln!("{INSTALL_USAGE}");
            return 2;
        }
    };
    let Some(data_dir) = data_dir else {
        eprintln!("cg: cannot tell where Jupyter keeps your kernels (no HOME); give --prefix DIR");
        return 1;
    };
    let program = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("cg: cannot tell where this cg program is: {e}");
            return 1;
        }
    };
    let dir = data_dir.join("kernels").join(KERNEL_NAME);
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("kernel.json"), kernel_json(&program)));
    match written {
        Ok(()) => {
            println!("installed the cg kernel in {}", dir.display());
            0
        }
        Err(e) => {
            eprintln!("cg: cannot write the kernelspec in {}: {e}", dir.display());
            1
        }
    }
}

/// The kernelspec: how to start the kernel, its name in menus, its language, and that it is
/// interrupted by a message on the control channel (which works on every platform).
fn kernel_json(program: &Path) -> String {
    let spec = serde_json::json!({
        "argv": [program.to_string_lossy(), "jupyter", "kernel", "-f", "{connection_file}"],
        "display_name": "cg",
        "language": "cg",
        "interrupt_mode": "message",
        "metadata": { "debugger": false },
    });
    serde_json::to_string_pretty(&spec).expect("a JSON value prints") + "\n"
}

/// Jupyter's data folder for this user, as `jupyter --data-dir` reports it.
fn user_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("JUPYTER_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    if cfg!(windows) {
        return std::env::var_os("APPDATA").map(|a| PathBuf::from(a).join("jupyter"));
    }
    let home = std::env::var_os("HOME").map(PathBuf::from)?;
    if cfg!(target_os = "macos") {
        return Some(home.join("Library").join("Jupyter"));
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .unwrap_or_else(|| home.join(".local").join("share"));
    Some(data.join("jupyter"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernelspec_starts_this_program_as_a_kernel() {
        let spec: serde_json::Value =
            serde_json::from_str(&kernel_json(Path::new("/opt/bin/cg"))).unwrap();
        assert_eq!(spec["argv"][0], "/opt/bin/cg");
        assert_eq!(spec["argv"][4], "{connection_file}");
        assert_eq!(spec["interrupt_mode"], "message");
    }
}
