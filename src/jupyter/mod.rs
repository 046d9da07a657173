//! `sprague jupyter`: a Jupyter kernel, so that games can be explored in a
//! notebook. `install` writes the kernelspec; `--connection-file` runs the
//! kernel that Jupyter starts from it. The wire side (`wire`) serves the
//! protocol's sockets on a Tokio thread; the interpreter side (`kernel`)
//! runs cells on a thread with the big stack every run of sprague has.

mod display;
mod kernel;
mod wire;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::run::Settings;

/// The kernel's name: the folder Jupyter finds its kernelspec in.
const KERNEL_NAME: &str = "sprague";

/// The logo front ends show for the kernel: a heap of three counters.
const LOGO_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="12" fill="#1f5aa0"/>
<circle cx="20" cy="44" r="9" fill="#ffffff"/>
<circle cx="44" cy="44" r="9" fill="#ffffff"/>
<circle cx="32" cy="22" r="9" fill="#f2c14e"/>
</svg>
"##;

/// Where `sprague jupyter install` puts the kernelspec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The user's Jupyter data folder (`jupyter --data-dir`).
    User,
    /// The active Python environment's (`sys.prefix`/share/jupyter): a
    /// virtual environment's, for instance.
    SysPrefix,
    /// `PREFIX/share/jupyter`.
    Prefix(PathBuf),
}

/// Writes the kernelspec (`kernel.json` naming this executable, and the
/// logo) into the `kernels` folder of `place`; returns the folder written.
pub fn install(place: &Place) -> Result<PathBuf, String> {
    let data = match place {
        Place::User => user_data_dir()?,
        Place::SysPrefix => sys_prefix()?.join("share").join("jupyter"),
        Place::Prefix(prefix) => prefix.join("share").join("jupyter"),
    };
    let folder = data.join("kernels").join(KERNEL_NAME);
    let exe = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .map_err(|e| format!("cannot tell where sprague is installed: {e}"))?;
    let spec = serde_json::json!({
        "argv": [exe.display().to_string(), "jupyter", "--connection-file", "{connection_file}"],
        "display_name": "sprague",
        "language": "sprague",
        "interrupt_mode": "message",
        "metadata": { "file_extension": ".sg" },
    });
    let text = serde_json::to_string_pretty(&spec).unwrap_or_default();
    let written = (|| {
        std::fs::create_dir_all(&folder)?;
        std::fs::write(folder.join("kernel.json"), text + "\n")?;
        std::fs::write(folder.join("logo-svg.svg"), LOGO_SVG)
    })();
    written.map_err(|e| format!("cannot write the kernelspec in {}: {e}", folder.display()))?;
    Ok(folder)
}

/// The user's Jupyter data folder, as Jupyter finds it: `$JUPYTER_DATA_DIR`,
/// else `~/Library/Jupyter` on macOS, else `$XDG_DATA_HOME/jupyter` or
/// `~/.local/share/jupyter`.
fn user_data_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("JUPYTER_DATA_DIR") {
        return Ok(PathBuf::from(dir));
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .ok_or("HOME is not set, so the user's Jupyter folder is not known; use --prefix")?;
    if cfg!(target_os = "macos") {
        return Ok(home.join("Library").join("Jupyter"));
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .unwrap_or_else(|| home.join(".local").join("share"));
    Ok(data.join("jupyter"))
}

/// The active Python environment: `$VIRTUAL_ENV` or `$CONDA_PREFIX`, else
/// what the `python3` on the PATH says its `sys.prefix` is.
fn sys_prefix() -> Result<PathBuf, String> {
    for variable in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        if let Some(dir) = std::env::var_os(variable).filter(|d| !d.is_empty()) {
            return Ok(PathBuf::from(dir));
        }
    }
    let output = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.prefix)"])
        .output()
        .map_err(|e| format!("cannot run python3 to find sys.prefix: {e}; use --prefix"))?;
    let prefix = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if !output.status.success() || prefix.is_empty() {
        return Err("python3 did not say its sys.prefix; use --prefix".to_string());
    }
    Ok(PathBuf::from(prefix))
}

/// Runs the kernel for the connection file Jupyter wrote, until a
/// shutdown request; `interrupt` is the flag SIGINT sets. Called on the
/// big-stack thread, which becomes the interpreter's.
pub fn run(
    connection_file: &Path,
    settings: &Settings,
    interrupt: Arc<AtomicBool>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(connection_file).map_err(|e| {
        format!(
            "cannot read the connection file {}: {e}",
            connection_file.display()
        )
    })?;
    let info: jupyter_protocol::ConnectionInfo = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{} is not a Jupyter connection file: {e}",
            connection_file.display()
        )
    })?;
    // The only scheme Jupyter uses, and the only one the wire side checks.
    if !info.key.is_empty() && info.signature_scheme != "hmac-sha256" {
        return Err(format!(
            "the connection file asks for signatures by {}; the kernel signs with hmac-sha256",
            info.signature_scheme
        ));
    }
    let (requests, incoming) = std::sync::mpsc::channel();
    let (iopub, outgoing) = tokio::sync::mpsc::unbounded_channel();
    let wire = wire::Wire {
        info,
        requests,
        iopub: iopub.clone(),
        outgoing,
        interrupt: interrupt.clone(),
    };
    let server = std::thread::Builder::new()
        .name("sprague-wire".to_string())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| format!("cannot start the kernel's runtime: {e}"))?;
            runtime.block_on(wire::serve(wire))
        })
        .map_err(|e| format!("cannot start the kernel's thread: {e}"))?;
    let mut kernel = kernel::Kernel::new(settings, interrupt, iopub);
    kernel.serve(incoming);
    server
        .join()
        .unwrap_or_else(|_| Err("the kernel's wire thread failed".to_string()))
}
