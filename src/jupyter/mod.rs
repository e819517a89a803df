//! `cg` as a Jupyter kernel: `cg jupyter install` writes the kernelspec, and Jupyter starts
//! `cg jupyter kernel -f CONNECTION_FILE`. A cell is a cg program run in one session that
//! keeps its definitions, as at the terminal; values come back as text, mathematics, pictures
//! and tables (`display`). Two threads: the evaluating one with the session (`cell`), and the
//! one that speaks the protocol (`channels`), which stays free to pass on an interrupt.

mod cell;
mod channels;
mod display;
mod kernelspec;

use jupyter_protocol::ConnectionInfo;

const USAGE: &str = "\
usage: cg jupyter install [--user | --prefix DIR]   make Jupyter list the cg kernel
       cg jupyter kernel -f CONNECTION_FILE         run the kernel (Jupyter does this)";

/// `cg jupyter ...`; returns the exit status.
pub fn main(args: &[String]) -> u8 {
    match args {
        [command, rest @ ..] if command == "install" => kernelspec::install(rest),
        [command, flag, file] if command == "kernel" && flag == "-f" => kernel(file),
        [command, file] if command == "kernel" && !file.starts_with('-') => kernel(file),
        _ => {
            eprintln!("{USAGE}");
            2
        }
    }
}

/// `cg --install-kernel [--user | --prefix DIR]`.
pub fn install_kernel(args: &[String]) -> u8 {
    kernelspec::install(args)
}

/// Runs the kernel described by a connection file; returns when its channels cannot be
/// served (a shutdown request ends the process).
fn kernel(connection_file: &str) -> u8 {
    let info = match read_connection_file(connection_file) {
        Ok(info) => info,
        Err(message) => {
            eprintln!("cg: {message}");
            return 1;
        }
    };
    // A notebook has no terminal to draw progress on; the server's console is not one.
    std::env::set_var("CG_NO_PROGRESS", "1");
    // Jupyter may also interrupt with SIGINT (a client that ignores `interrupt_mode`).
    let _ = ctrlc::set_handler(crate::core::request_interrupt);
    let (jobs, job_queue) = std::sync::mpsc::channel();
    let (events, event_queue) = tokio::sync::mpsc::unbounded_channel();
    let talking = std::thread::Builder::new()
        .name("cg-jupyter".into())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| format!("cannot start the kernel's event loop: {e}"))?;
            runtime.block_on(channels::serve(info, jobs, event_queue))
        });
    if let Err(e) = &talking {
        eprintln!("cg: cannot start the kernel's thread: {e}");
        return 1;
    }
    cell::serve(job_queue, events);
    match talking.map(|t| t.join()) {
        Ok(Ok(Err(message))) => eprintln!("cg: {message}"),
        _ => eprintln!("cg: the kernel stopped"),
    }
    1
}

fn read_connection_file(path: &str) -> Result<ConnectionInfo, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let info: ConnectionInfo = serde_json::from_str(&text)
        .map_err(|e| format!("{path} is not a Jupyter connection file: {e}"))?;
    if !info.key.is_empty() && info.signature_scheme != "hmac-sha256" {
        return Err(format!(
            "{path} asks for signatures by {}, but the cg kernel signs with hmac-sha256",
            info.signature_scheme
        ));
    }
    Ok(info)
}
