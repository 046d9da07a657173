//! Where the REPL keeps its history: the user's data directory, never the
//! current one.

use std::ffi::OsString;
use std::path::PathBuf;

/// The environment variable that names the history file (empty: keep no
/// history).
pub const HISTORY_VARIABLE: &str = "SPRAGUE_HISTORY";

/// The history file: `$SPRAGUE_HISTORY`, else
/// `$XDG_DATA_HOME/sprague/history`, else
/// `~/.local/share/sprague/history` (`%APPDATA%\sprague\history` on
/// Windows); `None` when there is nowhere to keep it.
pub fn history_path() -> Option<PathBuf> {
    history_path_from(|name| std::env::var_os(name))
}

/// [`history_path`] with the environment given by `var`, for tests.
pub fn history_path_from(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let set = |name: &str| var(name).filter(|value| !value.is_empty());
    if let Some(path) = var(HISTORY_VARIABLE) {
        return (!path.is_empty()).then(|| PathBuf::from(path));
    }
    // The XDG specification says relative values are to be ignored.
    let data = set("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".local").join("share")))
        .or_else(|| set("APPDATA").map(PathBuf::from))?;
    Some(data.join("sprague").join("history"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(vars: &[(&str, &str)]) -> Option<PathBuf> {
        history_path_from(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| OsString::from(v))
        })
    }

    #[test]
    fn the_variable_wins_and_empty_turns_history_off() {
        let vars = [(HISTORY_VARIABLE, "/tmp/h"), ("HOME", "/home/a")];
        assert_eq!(path(&vars), Some(PathBuf::from("/tmp/h")));
        assert_eq!(path(&[(HISTORY_VARIABLE, ""), ("HOME", "/home/a")]), None);
    }

    #[test]
    fn the_data_directory_comes_from_xdg_then_home() {
        let xdg = [("XDG_DATA_HOME", "/data"), ("HOME", "/home/a")];
        assert_eq!(path(&xdg), Some(PathBuf::from("/data/sprague/history")));
        let relative = [("XDG_DATA_HOME", "data"), ("HOME", "/home/a")];
        let home = PathBuf::from("/home/a/.local/share/sprague/history");
        assert_eq!(path(&relative), Some(home.clone()));
        assert_eq!(path(&[("HOME", "/home/a")]), Some(home));
    }

    #[test]
    fn without_a_home_there_is_no_history_rather_than_one_here() {
        assert_eq!(path(&[]), None);
        assert_eq!(path(&[("HOME", "")]), None);
    }
}
