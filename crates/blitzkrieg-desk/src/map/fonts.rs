//! The faces every picture's text is set in: DejaVu Sans (regular, bold and condensed)
//! comes embedded, no system font is ever looked up, so the same picture is the same
//! pixels on every machine. Shared by the pictures drawn at run time and the board's
//! pixels drawn when the binary is built (`build.rs`, [`super::backdrop`]).
//!
//! Each text run is shaped on a face that holds only what a picture writes (printable
//! ASCII, `·`, `¼`, `½`, `¾`, `×`, `ü`): a subset of the DejaVu face, made with fontTools
//! (`fonts/README.md`), with the same outlines, advances, kerning and ligatures for
//! those characters. The shaper sets up its tables for every run it shapes, and on the
//! whole face (6,253 glyphs, twenty scripts) that cost far more than the shaping.
//!
//! The whole faces stay in the database behind the subsets: a run with a character
//! the subset lacks (a name from a board or counter file of a player's own) is shaped
//! again on the whole face it was cut from, and drawn as before. Only a run that also
//! holds a character no DejaVu face has can differ: usvg then mixes the two shapings,
//! the subset's glyphs where the subset had them and the whole face's for the rest (a
//! kerning pair across the seam is lost), and keeps the subset's alone, with boxes for
//! what it lacks, where the two have different numbers of glyphs (a ligature or a
//! combining mark beyond the subset).

use resvg::usvg;
use resvg::usvg::fontdb::{Database, FaceInfo, Source, ID};
use std::sync::Arc;

/// The family every picture's text is set in.
pub const FAMILY: &str = "DejaVu Sans";

/// An embedded face, and the subset of it the pictures' text is shaped on.
type Face = (fn() -> &'static [u8], &'static [u8]);

/// Each embedded face, with the subset of it the pictures' text is shaped on.
const FACES: [Face; 4] = [
    (
        dejavu::sans::regular,
        include_bytes!("../../fonts/DejaVuSans-map.ttf"),
    ),
    (
        dejavu::sans::bold,
        include_bytes!("../../fonts/DejaVuSans-Bold-map.ttf"),
    ),
    (
        dejavu::sans_condensed::regular,
        include_bytes!("../../fonts/DejaVuSansCondensed-map.ttf"),
    ),
    (
        dejavu::sans_condensed::bold,
        include_bytes!("../../fonts/DejaVuSansCondensed-Bold-map.ttf"),
    ),
];

/// Which whole face each subset face was cut from: (subset, whole), in [`FACES`]' order.
pub type CutFrom = [(ID, ID); 4];

/// The embedded faces as a font database, and which whole face each subset face was
/// cut from.
pub struct Faces {
    pub db: Database,
    pub cut_from: CutFrom,
}

/// A font database holding only the embedded faces: the subsets first, each answering
/// for the face it was cut from (the same family, weight, stretch and style, so a query
/// picks the subset wherever it picked the whole face), then the whole faces.
pub fn faces() -> Faces {
    let mut db = Database::new();
    let mut whole = Vec::with_capacity(FACES.len());
    let mut subsets = Vec::with_capacity(FACES.len());
    for (face, subset) in FACES {
        // The faces are read where the binary holds them, not copied (2.7 MB).
        let mut read = Database::new();
        read.load_font_source(Source::Binary(Arc::new(face())));
        let info = read.faces().next().cloned();
        if let Some(info) = info {
            subsets.push(FaceInfo {
                source: Source::Binary(Arc::new(subset)),
                index: 0,
                ..info.clone()
            });
            whole.push(info);
        }
    }
    let subsets: Vec<ID> = subsets.into_iter().map(|i| db.push_face_info(i)).collect();
    let whole: Vec<ID> = whole.into_iter().map(|i| db.push_face_info(i)).collect();
    let mut cut_from: CutFrom = [(ID::dummy(), ID::dummy()); 4];
    for (pair, ids) in cut_from.iter_mut().zip(subsets.into_iter().zip(whole)) {
        *pair = ids;
    }
    db.set_sans_serif_family(FAMILY);
    db.set_serif_family(FAMILY);
    db.set_monospace_family(FAMILY);
    Faces { db, cut_from }
}

/// A font database holding only the embedded faces ([`faces`]).
pub fn fonts() -> Database {
    faces().db
}

/// The face a run is shaped on again when `used[0]` lacks `c`: after a subset, the
/// whole face it was cut from; after that, usvg's own choice among the whole faces (the
/// first of the same style that has `c`), as when the database held only them.
fn fallback(
    cut_from: &[(ID, ID)],
    default: &usvg::FallbackSelectionFn<'_>,
    c: char,
    used: &[ID],
    db: &mut Arc<Database>,
) -> Option<ID> {
    let first = *used.first()?;
    if let Some(&(_, whole)) = cut_from.iter().find(|(subset, _)| *subset == first) {
        if !used.contains(&whole) {
            return Some(whole);
        }
    }
    let mut skip = used.to_vec();
    skip.extend(cut_from.iter().map(|(subset, _)| *subset));
    default(c, &skip, db)
}

/// The embedded faces ([`faces`]), set up once a process.
fn shared() -> &'static (Arc<Database>, CutFrom) {
    static FONTS: std::sync::OnceLock<(Arc<Database>, CutFrom)> = std::sync::OnceLock::new();
    FONTS.get_or_init(|| {
        let faces = faces();
        (Arc::new(faces.db), faces.cut_from)
    })
}

/// The options a picture is read with: the embedded faces, set up once a process, and
/// the whole face a subset was cut from as its fallback ([`fallback`]).
pub fn options() -> usvg::Options<'static> {
    let (db, cut_from) = shared();
    let cut_from = *cut_from;
    let default = usvg::FontResolver::default_fallback_selector();
    usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: Arc::clone(db),
        font_resolver: usvg::FontResolver {
            select_font: usvg::FontResolver::default_font_selector(),
            select_fallback: Box::new(move |c, used, db| {
                fallback(&cut_from, &default, c, used, db)
            }),
        },
        ..usvg::Options::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters the subset faces hold (`fonts/make.sh`).
    fn characters() -> Vec<char> {
        (' '..='~').chain(['·', '¼', '½', '¾', '×', 'ü']).collect()
    }

    /// The options the pictures were read with before the subsets: the whole faces
    /// only, usvg's own choice of a face and of a fallback.
    fn whole_options() -> usvg::Options<'static> {
        let mut db = Database::new();
        for (face, _) in FACES {
            db.load_font_source(Source::Binary(Arc::new(face())));
        }
        db.set_sans_serif_family(FAMILY);
        db.set_serif_family(FAMILY);
        db.set_monospace_family(FAMILY);
        usvg::Options {
            font_family: FAMILY.to_string(),
            fontdb: Arc::new(db),
            ..usvg::Options::default()
        }
    }

    /// The four looks the pictures set text in.
    const LOOKS: [&str; 4] = [
        "",
        r#" font-weight="bold""#,
        r#" font-stretch="condensed""#,
        r#" font-weight="bold" font-stretch="condensed""#,
    ];

    /// A document with each of `lines` in each of [`LOOKS`].
    fn document(lines: &[String]) -> String {
        let mut s = String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000" font-family="DejaVu Sans">"#,
        );
        let mut y = 0;
        for look in LOOKS {
            for line in lines {
                y += 12;
                let text = line
                    .replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;");
                s.push_str(&format!(
                    r#"<text x="3" y="{y}" font-size="11"{look}>{text}</text>"#
                ));
            }
        }
        s.push_str("</svg>");
        s
    }

    /// Each text of `svg` read with `opt` as it is drawn: its outlines, where they go.
    fn drawn(svg: &str, opt: &usvg::Options) -> Vec<String> {
        fn walk(group: &usvg::Group, out: &mut Vec<String>) {
            for node in group.children() {
                match node {
                    usvg::Node::Group(g) => walk(g, out),
                    usvg::Node::Text(t) => {
                        for node in t.flattened().children() {
                            if let usvg::Node::Path(p) = node {
                                out.push(format!("{:?} {:?}", p.data(), p.abs_transform()));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        let tree = usvg::Tree::from_str(svg, opt).unwrap();
        let mut out = Vec::new();
        walk(tree.root(), &mut out);
        out
    }

    /// The faces the glyphs of `svg`'s texts are taken from, in order.
    fn faces_used(svg: &str, opt: &usvg::Options) -> Vec<ID> {
        fn walk(group: &usvg::Group, out: &mut Vec<ID>) {
            for node in group.children() {
                match node {
                    usvg::Node::Group(g) => walk(g, out),
                    usvg::Node::Text(t) => out.extend(
                        t.layouted()
                            .iter()
                            .flat_map(|s| s.positioned_glyphs.iter().map(|g| g.font)),
                    ),
                    _ => {}
                }
            }
        }
        let tree = usvg::Tree::from_str(svg, opt).unwrap();
        let mut out = Vec::new();
        walk(tree.root(), &mut out);
        out
    }

    #[test]
    fn every_pair_of_the_subsets_characters_is_drawn_as_on_the_whole_faces() {
        // Each character before and after every other: every kerning pair, in every
        // look, at the same place with the same outline.
        let chars = characters();
        let lines: Vec<String> = chars
            .iter()
            .map(|a| {
                let mut line = a.to_string();
                for b in &chars {
                    line.push(*b);
                    line.push(*a);
                }
                line
            })
            .collect();
        let svg = document(&lines);
        let subset = drawn(&svg, &options());
        assert_eq!(subset.len(), 4 * chars.len());
        assert!(subset == drawn(&svg, &whole_options()));
    }

    #[test]
    fn the_subsets_hold_every_character_and_each_look_is_set_in_its_own() {
        let (db, cut_from) = shared();
        // A space at either end would not be drawn (`xml:space`): one in the middle.
        let mut line: String = characters().into_iter().filter(|c| *c != ' ').collect();
        line.insert(1, ' ');
        let text = line
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        for (look, (subset, _)) in LOOKS.iter().zip(*cut_from) {
            let svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="900" height="20" font-family="DejaVu Sans"><text x="3" y="12" font-size="11"{look}>{text}</text></svg>"#
            );
            let mut opt = options();
            // A character the subset lacked would ask for a fallback.
            opt.font_resolver.select_fallback = Box::new(|c, _, _| panic!("no {c} in the subset"));
            let used = faces_used(&svg, &opt);
            assert_eq!(used.len(), line.chars().count());
            assert!(used.iter().all(|id| *id == subset), "{look}");
        }
        assert_eq!(db.len(), 8);
    }

    #[test]
    fn text_beyond_the_subsets_is_drawn_as_on_the_whole_faces() {
        let lines = [
            // Beyond the subset, in every DejaVu face.
            "Łódź – „Nord Walküre“ … ½ → Ω ñ".to_string(),
            "Tó Vé AÅ".to_string(),
            // U+1D5A0 is in DejaVu Sans and Sans Condensed, not in their bold faces:
            // bold text with it is set in the regular face, whole.
            "CC15 \u{1D5A0} B-1IN".to_string(),
            // In no DejaVu face at all: drawn as the missing glyph, as before.
            "game 中 7".to_string(),
        ];
        let svg = document(&lines);
        assert!(drawn(&svg, &options()) == drawn(&svg, &whole_options()));
    }

    #[test]
    fn a_run_beyond_a_subset_is_shaped_again_on_the_face_it_was_cut_from() {
        let Faces { db, cut_from } = faces();
        let mut db = Arc::new(db);
        let default = usvg::FontResolver::default_fallback_selector();
        for (subset, whole) in cut_from {
            assert_eq!(
                fallback(&cut_from, &default, 'Ł', &[subset], &mut db),
                Some(whole)
            );
            // Even for a character it lacks: the run is shaped again on it whole.
            assert_eq!(
                fallback(&cut_from, &default, '中', &[subset], &mut db),
                Some(whole)
            );
            // Then as usvg chose among the whole faces: none has the character.
            assert_eq!(
                fallback(&cut_from, &default, '中', &[subset, whole], &mut db),
                None
            );
        }
        // Bold's U+1D5A0 comes from the regular face, as when only the whole faces
        // were there, never from a subset.
        let (bold, whole_bold) = cut_from[1];
        assert_eq!(
            fallback(
                &cut_from,
                &default,
                '\u{1D5A0}',
                &[bold, whole_bold],
                &mut db
            ),
            Some(cut_from[0].1)
        );
    }
}
