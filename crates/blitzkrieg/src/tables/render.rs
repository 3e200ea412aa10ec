//! A table printed as players know it: fixed-width text with the title, the columns,
//! every row (the TGAT with an attacker and a defender line per row, as printed), the
//! notes that go with the table, and which cells were reconstructed.

use super::grid::Grid;
use super::TableId;
use std::fmt::Write;

/// The whole table as fixed-width text.
pub fn render<T: Clone + 'static>(grid: &Grid<T>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", grid.title);
    let _ = writeln!(out, "({}; {} version)", grid.source, grid.mode);
    let _ = writeln!(out);
    if grid.id == TableId::Tgat {
        render_tgat(grid, &mut out);
    } else {
        render_plain(grid, &mut out);
    }
    if !grid.notes.is_empty() {
        let _ = writeln!(out);
        for n in grid.notes.iter() {
            wrap(&mut out, n, 88);
        }
    }
    if !grid.reconstructed.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Reconstructed from the garbled scan (see docs/tables.md):"
        );
        for r in grid.reconstructed.iter() {
            let _ = writeln!(out, "  row {}, columns {}", r.row, r.columns.join(", "));
        }
    }
    if !grid.unmatched.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Kept as printed although no face-to-face cell of the column matches:"
        );
        for u in grid.unmatched.iter() {
            let _ = writeln!(out, "  row {}, column {}: {}", u.row, u.column, u.value);
        }
    }
    out
}

fn row_heading<T: Clone + 'static>(grid: &Grid<T>) -> &'static str {
    match grid.mode {
        super::TableMode::Pbm => "digit",
        super::TableMode::Die => "die",
    }
}

fn render_plain<T: Clone + 'static>(grid: &Grid<T>, out: &mut String) {
    let widths: Vec<usize> = (0..grid.columns.len())
        .map(|i| {
            grid.rows()
                .filter_map(|(_, printed, _)| printed.get(i))
                .map(|s| s.chars().count())
                .chain(grid.columns.get(i).map(|c| c.chars().count()))
                .max()
                .unwrap_or(1)
        })
        .collect();
    let _ = write!(out, "{:<6}", row_heading(grid));
    for (c, w) in grid.columns.iter().zip(&widths) {
        let _ = write!(out, "  {c:>w$}");
    }
    let _ = writeln!(out);
    for (value, printed, _) in grid.rows() {
        let _ = write!(out, "{value:>5} ");
        for (cell, w) in printed.iter().zip(&widths) {
            let _ = write!(out, "  {cell:>w$}");
        }
        let _ = writeln!(out);
    }
}

fn render_tgat<T: Clone + 'static>(grid: &Grid<T>, out: &mut String) {
    let half = |cell: &str, second: bool| -> String {
        let mut it = cell.split('/');
        let a = it.next().unwrap_or("").trim().to_string();
        let d = it.next().unwrap_or("").trim().to_string();
        if second {
            d
        } else {
            a
        }
    };
    let w = 5;
    let _ = write!(out, "{:<16}", row_heading(grid));
    for c in grid.columns.iter() {
        let _ = write!(out, "{c:>w$}");
    }
    let _ = writeln!(out);
    for (value, printed, _) in grid.rows() {
        for (i, side) in ["ATTACKER", "DEFENDER"].into_iter().enumerate() {
            let label = if i == 0 {
                format!("{value:>5}")
            } else {
                String::new()
            };
            let _ = write!(out, "{label:<5} {side:<10}");
            for cell in printed {
                let _ = write!(out, "{:>w$}", half(cell, i == 1));
            }
            let _ = writeln!(out);
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Each half: factors eliminated, hexes of retreat/advance (- none). The larger hex"
    );
    let _ = writeln!(
        out,
        "number (equal numbers: the side losing more) is the loser's retreat, bold in print."
    );
}

/// Appends `text` wrapped at `width` columns, continuation lines indented.
fn wrap(out: &mut String, text: &str, width: usize) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            let _ = writeln!(out, "{line}");
            line = "  ".to_string();
        }
        if !line.is_empty() && !line.ends_with("  ") {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.trim().is_empty() {
        let _ = writeln!(out, "{line}");
    }
}
