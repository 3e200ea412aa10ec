//! Stable error codes of the desk's failures (`docs/error-codes.md`): a command's
//! failure `G0xx`, keeping the code of its cause where it has one (a file `F0xx`, a
//! state file `S0xx`, a ruleset `R0xx`). The order and position problems' codes are the
//! rules crate's (`blitzkrieg::codes`). Every match is exhaustive, without a wildcard.

use crate::game::GameError;
use crate::signed::SignatureProblem;

impl GameError {
    /// The stable code of this failure (`docs/error-codes.md`); a file or state file
    /// failure keeps its own `F0xx`/`S0xx` code. (Not `code`: miette's `Diagnostic`
    /// has a method of that name.)
    pub fn error_code(&self) -> &'static str {
        match self {
            GameError::File(e) => e.error_code(),
            GameError::State(e) => e.error_code(),
            GameError::Board(_) => "G001",
            GameError::Counters(_) => "G002",
            GameError::Tables(_) => "G003",
            GameError::Seed(_) => "G004",
            GameError::Orders { .. } => "G005",
            GameError::Mail(_) => "G006",
            GameError::Diverged(_) => "G007",
            GameError::OtherData { .. } => "G008",
            GameError::OrdersTooLarge { .. } => "G009",
            GameError::Position(_) => "G010",
            GameError::PositionTooLarge { .. } => "G040",
            GameError::Incomplete(_) => "G011",
            GameError::MailDiffers(_) => "G030",
            GameError::CommitmentLate(_) => "G031",
            GameError::Signature(e) => e.error_code(),
            GameError::Ruleset(e) => e.error_code(),
            GameError::Swapped { .. } => "G060",
            GameError::Reach(e) => e.error_code(),
            GameError::Other(_) => "G099",
        }
    }
}

impl SignatureProblem {
    /// The stable code of this refusal (`docs/error-codes.md`).
    pub fn error_code(&self) -> &'static str {
        use SignatureProblem as S;
        match self {
            S::Unsigned { .. } => "G012",
            S::Refused { .. } => "G013",
            S::Key { .. } => "G014",
        }
    }
}

impl crate::reach::ReachError {
    /// The stable code of this refusal (`docs/error-codes.md`).
    pub fn error_code(&self) -> &'static str {
        use crate::reach::ReachError as R;
        match self {
            R::UnknownUnit(_) => "G080",
            R::NotMoving { .. } => "G081",
            R::NotOnMap(_) => "G082",
            R::NoMovement(_) => "G083",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blitzkrieg::state::StateError;

    #[test]
    fn failures_keep_the_code_of_their_cause() {
        let e = GameError::State(StateError::Tampered {
            file: "s.ron".into(),
        });
        assert_eq!(e.error_code(), "S002");
        let e = GameError::File(pbem::files::FileError::Exists("x".into()));
        assert_eq!(e.error_code(), "F001");
        assert_eq!(GameError::Seed("no".into()).error_code(), "G004");
    }

    /// `docs/error-codes.md` has a row for every code written above.
    #[test]
    fn the_docs_list_every_code() {
        let doc = include_str!("../../../docs/error-codes.md");
        let src = include_str!("codes.rs");
        let body = src.split("#[cfg(test)]").next().unwrap_or("");
        let codes: Vec<&str> = body
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|s| s.len() == 4 && s.starts_with('G'))
            .collect();
        assert!(codes.len() > 15, "{codes:?}");
        for code in codes {
            assert!(
                doc.lines().any(|l| l.starts_with(&format!("| `{code}` |"))),
                "docs/error-codes.md has no row for {code}"
            );
        }
    }
}
