//! The PNG drawing of a build without the `pictures` feature (a player's build,
//! `cargo install --locked --path crates/cli --no-default-features`): no picture is
//! drawn, and each one asked for says how to get a build that draws it. The SVG
//! drawings (`blitz board --svg`, the replay page) need nothing more and stay.

/// The message every picture asked for in a build without pictures gives.
pub const NOT_BUILT: &str = "this blitz was built without pictures (--no-default-features), so it cannot draw the map as PNG; install the full build (`cargo install --locked --path crates/cli`) for turn mails and PNG maps, or ask for SVG (`blitz board --svg`)";

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum RasterError {
    #[error("{NOT_BUILT}")]
    #[diagnostic(code("blitz::map::not_built"))]
    NotBuilt,
}

/// Refuses: no PNG is drawn in this build.
pub fn png(_svg: &str, _scale: f32) -> Result<Vec<u8>, RasterError> {
    Err(RasterError::NotBuilt)
}

/// Refuses: no PNG is drawn in this build.
pub fn png_over(_over: crate::map::picture::Over) -> Result<Vec<u8>, RasterError> {
    Err(RasterError::NotBuilt)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    /// `cargo test -p blitzkrieg --no-default-features --lib no_pictures`: a picture
    /// asked for in a player's build says how to get one.
    #[test]
    fn a_picture_asked_for_says_how_to_get_one() {
        let e = super::png("<svg/>", 1.0).unwrap_err();
        assert!(e
            .to_string()
            .contains("install the full build (`cargo install --locked --path crates/cli`)"));
    }
}
