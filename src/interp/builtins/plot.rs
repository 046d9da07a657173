//! `plot(F, r, "file.svg")`: a sequence of values drawn as an SVG picture,
//! the only way a script can write a file. In a notebook the picture is
//! shown too, and `plot(F, r)` only shows it.

use std::io::{Read, Write};
use std::rc::Rc;

use plotters::prelude::*;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::interp::Interp;
use crate::ops;
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Callable, Value};

/// Points drawn at most: beyond this an SVG grows to many megabytes.
const MAX_POINTS: usize = 100_000;
/// Up to this many points, neighbours are joined by a line; a longer
/// sequence reads better as a scatter of dots.
const JOINED_POINTS: usize = 500;
const SIZE: (u32, u32) = (900, 450);

/// Computes `g(F(n))` for each `n` in `r` (as `seq` does), shows the
/// picture in a notebook, and writes it to the file named by the third
/// argument if there is one (replacing a file that `plot` did not draw
/// only when the fourth argument is true); returns nothing.
pub fn plot(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let path = match args.get(2) {
        Some(path) => Some(svg_path(path, spans[2])?),
        None if it.displays() => None,
        None => {
            return Err(
                Diagnostic::new(span, "plot needs a file name outside a notebook")
                    .label("this plot has nowhere to go")
                    .help("name the picture: plot(F, 0..100, \"f.svg\")"),
            );
        }
    };
    let limit = it.limits().max_list_len;
    let arguments: Rc<Vec<Value>> =
        Rc::new(ops::Items::of(args[1].clone(), spans[1], limit)?.collect());
    if arguments.is_empty() {
        return Err(Diagnostic::new(spans[1], "nothing to plot").label("this is empty"));
    }
    if arguments.len() > MAX_POINTS {
        return Err(Diagnostic::new(
            spans[1],
            format!(
                "plot draws at most {MAX_POINTS} points, not {}",
                arguments.len()
            ),
        )
        .label("too many values"));
    }
    let xs = arguments
        .iter()
        .map(|n| ops::int(n, spans[1]))
        .collect::<Result<Vec<i64>>>()?;
    let items = ops::Items::List(Rc::clone(&arguments), 0);
    let values = super::sequence(it, &args[0], items, spans[0], span)?;
    let ys = values
        .iter()
        .map(|v| {
            ops::int(v, spans[0]).map_err(|e| {
                e.help("plot draws integers: Grundy values or a def's integer results")
            })
        })
        .collect::<Result<Vec<i64>>>()?;
    let points: Vec<(i64, i64)> = xs.into_iter().zip(ys).collect();
    // `sequence` has checked that the first argument is callable.
    let (title, y_label) = match &args[0] {
        Value::Func(callable @ Callable::Family(_)) => {
            let name = printer::callable_name(*callable, it);
            (format!("g({name}(n))"), "g")
        }
        Value::Func(callable) => {
            let name = printer::callable_name(*callable, it);
            (format!("{name}(n)"), "value")
        }
        _ => (String::new(), "value"),
    };
    let svg = render(&title, y_label, &points).map_err(|e| {
        Diagnostic::new(span, format!("the plot could not be drawn: {e}")).label("in this plot")
    })?;
    it.show_picture(&svg);
    let Some(path) = path else {
        return Ok(Value::Unit);
    };
    let overwrite = match args.get(3) {
        Some(flag) => ops::truth(flag, spans[3])?,
        None => false,
    };
    let written = write_svg(std::path::Path::new(&path), &svg, overwrite).map_err(|refusal| {
        let diagnostic = Diagnostic::new(
            spans[2],
            format!("cannot write `{path}`: {}", refusal.reason),
        )
        .label("this file");
        match refusal.kind {
            Refusal::Foreign => diagnostic.help(format!(
                "to replace it, pass true as a fourth argument: plot(…, \"{path}\", true)"
            )),
            Refusal::Link => diagnostic.help("name the picture itself, not a link to it"),
            Refusal::Io => diagnostic.help("the path is relative to the directory sprague runs in"),
        }
    })?;
    // Where the picture went, on standard error so that results stay clean.
    let _ = writeln!(
        std::io::stderr(),
        "plot: wrote {}",
        crate::visible::visible(&written.display().to_string())
    );
    Ok(Value::Unit)
}

/// The first line of every picture `plot` writes: how it knows a file it
/// may replace.
const MARK: &str = "<!-- drawn by sprague plot -->";

/// Why a picture was not written.
struct WriteError {
    kind: Refusal,
    reason: String,
}

enum Refusal {
    /// The name is a symbolic link, which is never followed.
    Link,
    /// An existing file that `plot` did not write, without `overwrite`.
    Foreign,
    /// The file system refused.
    Io,
}

/// Writes `svg` at `path` through a new temporary file in the same
/// directory, renamed over the target: a symbolic link at `path` is
/// refused (and would be replaced, never followed, if it appeared after the
/// check), and an existing file is replaced only if `plot` wrote it or
/// `overwrite` is set. Returns the absolute path written.
fn write_svg(
    path: &std::path::Path,
    svg: &str,
    overwrite: bool,
) -> std::result::Result<std::path::PathBuf, WriteError> {
    let io = |e: std::io::Error| WriteError {
        kind: Refusal::Io,
        reason: e.to_string(),
    };
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(WriteError {
                kind: Refusal::Link,
                reason: "it is a symbolic link, which plot does not follow".to_string(),
            });
        }
        Ok(meta) if !meta.is_file() => {
            return Err(WriteError {
                kind: Refusal::Io,
                reason: "it is not a regular file".to_string(),
            });
        }
        Ok(_) if !overwrite && !drawn_by_plot(path) => {
            return Err(WriteError {
                kind: Refusal::Foreign,
                reason: "the file exists and was not drawn by plot".to_string(),
            });
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(e)),
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let temporary = directory.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        // `create_new` fails on any existing name, a link included.
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(MARK.as_bytes())?;
        file.write_all(b"\n")?;
        file.write_all(svg.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(io(e));
    }
    Ok(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
}

/// Whether the file at `path` starts with the mark of a picture `plot` drew.
fn drawn_by_plot(path: &std::path::Path) -> bool {
    let mut start = vec![0; MARK.len()];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut start))
        .is_ok_and(|()| start == MARK.as_bytes())
}

/// The file name, which must end in `.svg`, so that a script can never
/// overwrite anything but a picture.
fn svg_path(value: &Value, span: Span) -> Result<String> {
    let Value::Str(path) = value else {
        return Err(ops::type_error("a file name", value, span)
            .help("name the picture: plot(F, 0..100, \"f.svg\")"));
    };
    if !path.to_ascii_lowercase().ends_with(".svg") || path.len() <= ".svg".len() {
        return Err(
            Diagnostic::new(span, format!("plot writes SVG files only, not `{path}`"))
                .label("this name does not end in .svg")
                .help("name the picture: plot(F, 0..100, \"f.svg\")"),
        );
    }
    Ok(path.to_string())
}

/// The SVG text of the picture: dots at `(n, value)`, the axes labelled
/// `n` and `y_label`.
fn render(
    title: &str,
    y_label: &str,
    points: &[(i64, i64)],
) -> std::result::Result<String, Box<dyn std::error::Error>> {
    let x_min = points.iter().map(|p| p.0).min().unwrap_or(0);
    let x_max = points.iter().map(|p| p.0).max().unwrap_or(0);
    let y_min = points.iter().map(|p| p.1).min().unwrap_or(0).min(0);
    let y_max = points.iter().map(|p| p.1).max().unwrap_or(0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 22))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(45)
            .build_cartesian_2d(
                x_min..x_max.saturating_add(1),
                y_min..y_max.saturating_add(1),
            )?;
        chart
            .configure_mesh()
            .x_desc("n")
            .y_desc(y_label)
            .axis_desc_style(("sans-serif", 16))
            .light_line_style(WHITE.mix(0.0))
            .draw()?;
        let colour = RGBColor(31, 90, 160);
        if points.len() <= JOINED_POINTS {
            chart.draw_series(LineSeries::new(points.iter().copied(), colour.mix(0.35)))?;
        }
        let radius = if points.len() <= JOINED_POINTS { 3 } else { 1 };
        chart.draw_series(
            points
                .iter()
                .map(|&point| Circle::new(point, radius, colour.filled())),
        )?;
        root.present()?;
    }
    Ok(svg)
}
