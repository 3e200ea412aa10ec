//! The faces every picture's text is set in: DejaVu Sans (regular, bold and condensed)
//! comes embedded, no system font is ever looked up, so the same picture is the same
//! pixels on every machine. Shared by the pictures drawn at run time and the board's
//! pixels drawn when the binary is built (`build.rs`, [`super::backdrop`]).

use resvg::usvg;
use std::sync::Arc;

/// The family every picture's text is set in.
pub const FAMILY: &str = "DejaVu Sans";

/// A font database holding only the embedded faces.
pub fn fonts() -> usvg::fontdb::Database {
    let mut db = usvg::fontdb::Database::new();
    for face in [
        dejavu::sans::regular(),
        dejavu::sans::bold(),
        dejavu::sans_condensed::regular(),
        dejavu::sans_condensed::bold(),
    ] {
        // The faces are read where the binary holds them, not copied (2.7 MB).
        db.load_font_source(usvg::fontdb::Source::Binary(Arc::new(face)));
    }
    db.set_sans_serif_family(FAMILY);
    db.set_serif_family(FAMILY);
    db.set_monospace_family(FAMILY);
    db
}

/// The options a picture is read with: the embedded faces, set up once a process.
pub fn options() -> usvg::Options<'static> {
    static FONTS: std::sync::OnceLock<Arc<usvg::fontdb::Database>> = std::sync::OnceLock::new();
    usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: Arc::clone(FONTS.get_or_init(|| Arc::new(fonts()))),
        ..usvg::Options::default()
    }
}
