//! The ruleset: which game (base or Nippon), its board and its tokens,
//! loaded once.  The data files are embedded with `include_str!`; a caller
//! (the CLI) may read corrected copies from a path and pass their text to
//! [`Ruleset::from_texts`].

use serde::{Deserialize, Serialize};

use crate::board::{Board, BoardKind};
use crate::tokens::{Catalogue, TokenKind, TokenSet};

/// The embedded base board (`rules/mori/base-board.toml`).
pub const BASE_BOARD: &str = include_str!("../../../rules/mori/base-board.toml");
/// The embedded Nippon board (`rules/mori/nippon-board.toml`).
pub const NIPPON_BOARD: &str = include_str!("../../../rules/mori/nippon-board.toml");
/// The embedded unit tokens (`rules/mori/tokens.toml`).
pub const TOKENS: &str = include_str!("../../../rules/mori/tokens.toml");
/// The embedded special weapons (`rules/mori/special-weapons.toml`).
pub const SPECIAL_WEAPONS: &str = include_str!("../../../rules/mori/special-weapons.toml");

/// A data file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    #[error("data file is not valid TOML: {0}")]
    Toml(String),
    #[error("data file is inconsistent: {0}")]
    Invalid(String),
}

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Variant {
    /// BLITZKRIEG!: Axis against Allies on the five-theatre board.
    Base,
    /// Nippon: Japan against Germany over connected American campaigns.
    Nippon,
}

/// The two players.  Base game: Axis (first) and Allied (second);
/// Nippon: Japan (first) and Germany (second, with the grey Axis tokens).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    Axis,
    Allied,
    Japan,
    Germany,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Axis => "axis",
            Side::Allied => "allied",
            Side::Japan => "japan",
            Side::Germany => "germany",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        match s.to_ascii_lowercase().as_str() {
            "axis" => Some(Side::Axis),
            "allied" | "allies" => Some(Side::Allied),
            "japan" | "japanese" => Some(Side::Japan),
            "germany" | "german" => Some(Side::Germany),
            _ => None,
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            Side::Axis => "Axis",
            Side::Allied => "Allied",
            Side::Japan => "Japanese",
            Side::Germany => "German",
        };
        f.write_str(s)
    }
}

/// Nippon: whose Godzilla is, an option of the game (002 §8.1, §8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Godzilla {
    /// The text, and the default: "to invade German-held America, Japan has
    /// enlisted the help of ... Godzilla" (§8.1), and at set-up only "the two
    /// new tokens" of the expansion join the research pile (§8.4).  Godzilla is
    /// one of Japan's tokens: in his bag from the set-up, drawn as his other
    /// tokens are, never in the research pile.
    Japanese,
    /// Godzilla lies in the shared research pile and belongs to whoever draws
    /// him: how every game written before the option existed was played (a
    /// state that names no option is read so), and the base game's value (he
    /// is not used on the base board at all).
    Drawn,
}

impl Godzilla {
    /// The option of a state that names none: [`Godzilla::Drawn`].
    pub fn unwritten() -> Godzilla {
        Godzilla::Drawn
    }

    /// Whether a state leaves the option unwritten (so games written before
    /// it keep their bytes).
    pub fn is_unwritten(&self) -> bool {
        *self == Godzilla::unwritten()
    }
}

/// Everything fixed for a game: the board, the tokens, the options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    pub variant: Variant,
    pub board: Board,
    pub catalogue: Catalogue,
    /// Base game only: Partisans and Inspired Leadership join the research
    /// pile ("may also be used", 002 §5 step 6).  Always true on Nippon.
    pub nippon_weapons: bool,
    /// Nippon only: whose Godzilla is ([`Godzilla::Japanese`] unless chosen
    /// otherwise); always [`Godzilla::Drawn`] on the base board, where he is
    /// not used.
    pub godzilla: Godzilla,
}

impl Ruleset {
    /// The base game from the embedded data, Partisans and Inspired
    /// Leadership in the research pile.
    pub fn base() -> Result<Ruleset, DataError> {
        Ruleset::from_texts(Variant::Base, BASE_BOARD, TOKENS, SPECIAL_WEAPONS, true)
    }

    /// The base game without the two Nippon special weapons.
    pub fn base_classic() -> Result<Ruleset, DataError> {
        Ruleset::from_texts(Variant::Base, BASE_BOARD, TOKENS, SPECIAL_WEAPONS, false)
    }

    /// The Nippon expansion from the embedded data, Godzilla Japan's.
    pub fn nippon() -> Result<Ruleset, DataError> {
        Ruleset::from_texts(Variant::Nippon, NIPPON_BOARD, TOKENS, SPECIAL_WEAPONS, true)
    }

    /// The Nippon expansion with Godzilla in the research pile, whoever draws
    /// him owning him ([`Godzilla::Drawn`]).
    pub fn nippon_godzilla_drawn() -> Result<Ruleset, DataError> {
        Ok(Ruleset::nippon()?.with_godzilla(Godzilla::Drawn))
    }

    /// The embedded ruleset of a variant with its options as a state records
    /// them.
    pub fn of(
        variant: Variant,
        nippon_weapons: bool,
        godzilla: Godzilla,
    ) -> Result<Ruleset, DataError> {
        let rs = match (variant, nippon_weapons) {
            (Variant::Base, true) => Ruleset::base()?,
            (Variant::Base, false) => Ruleset::base_classic()?,
            (Variant::Nippon, _) => Ruleset::nippon()?,
        };
        Ok(rs.with_godzilla(godzilla))
    }

    /// The same ruleset with Godzilla's option set; the base game keeps
    /// [`Godzilla::Drawn`] (he is not used there).
    pub fn with_godzilla(mut self, godzilla: Godzilla) -> Ruleset {
        if self.variant == Variant::Nippon {
            self.godzilla = godzilla;
        }
        self
    }

    /// A ruleset whose data files may be replaced: `read` gets each file
    /// name (`base-board.toml`, `nippon-board.toml`, `tokens.toml`,
    /// `special-weapons.toml`) and returns a replacement text, or `None` for
    /// the embedded one.  The engine does no I/O; a caller replacing the
    /// files by a path passes
    /// `|name| std::fs::read_to_string(dir.join(name)).ok()`.
    pub fn load(
        variant: Variant,
        nippon_weapons: bool,
        read: impl Fn(&str) -> Option<String>,
    ) -> Result<Ruleset, DataError> {
        let (board_name, board_text) = match variant {
            Variant::Base => ("base-board.toml", BASE_BOARD),
            Variant::Nippon => ("nippon-board.toml", NIPPON_BOARD),
        };
        let board = read(board_name).unwrap_or_else(|| board_text.to_string());
        let tokens = read("tokens.toml").unwrap_or_else(|| TOKENS.to_string());
        let specials = read("special-weapons.toml").unwrap_or_else(|| SPECIAL_WEAPONS.to_string());
        Ruleset::from_texts(variant, &board, &tokens, &specials, nippon_weapons)
    }

    /// A ruleset from the text of the data files (e.g. corrected copies).
    pub fn from_texts(
        variant: Variant,
        board: &str,
        tokens: &str,
        specials: &str,
        nippon_weapons: bool,
    ) -> Result<Ruleset, DataError> {
        let board = match variant {
            Variant::Base => Board::parse_base(board)?,
            Variant::Nippon => Board::parse_nippon(board)?,
        };
        let catalogue = Catalogue::parse(tokens, specials)?;
        let nippon_weapons = nippon_weapons || variant == Variant::Nippon;
        let godzilla = match variant {
            Variant::Base => Godzilla::Drawn,
            Variant::Nippon => Godzilla::Japanese,
        };
        Ok(Ruleset {
            variant,
            board,
            catalogue,
            nippon_weapons,
            godzilla,
        })
    }

    /// First and second player (002 §5 step 7, §8.4).
    pub fn sides(&self) -> [Side; 2] {
        match self.variant {
            Variant::Base => [Side::Axis, Side::Allied],
            Variant::Nippon => [Side::Japan, Side::Germany],
        }
    }

    pub fn first(&self) -> Side {
        self.sides()[0]
    }

    pub fn second(&self) -> Side {
        self.sides()[1]
    }

    pub fn plays(&self, side: Side) -> bool {
        self.sides().contains(&side)
    }

    pub fn opponent(&self, side: Side) -> Side {
        let [a, b] = self.sides();
        if side == a {
            b
        } else {
            a
        }
    }

    /// The sign of a side's end of every battle track: +1 for the first
    /// player, -1 for the second.
    pub fn sign(&self, side: Side) -> i32 {
        if side == self.first() {
            1
        } else {
            -1
        }
    }

    /// Whose tokens a side plays: the Germans take the grey Axis set.
    pub fn token_set(&self, side: Side) -> TokenSet {
        match side {
            Side::Axis | Side::Germany => TokenSet::Axis,
            Side::Allied => TokenSet::Allied,
            Side::Japan => TokenSet::Japan,
        }
    }

    /// The research pile at the start, canonical order (002 §5 step 6; §8.4:
    /// Godzilla only under [`Godzilla::Drawn`]).
    pub fn research_pile(&self) -> Vec<String> {
        self.catalogue
            .tokens
            .values()
            .filter(|t| t.set == TokenSet::Special)
            .filter(|t| match t.kind {
                TokenKind::Godzilla => {
                    self.board.kind == BoardKind::Nippon && self.godzilla == Godzilla::Drawn
                }
                _ => !t.nippon || self.nippon_weapons,
            })
            .map(|t| t.id.clone())
            .collect()
    }

    /// 002 §5 step 2, §8.4: the tokens a side puts in his bag at the set-up,
    /// canonical order: his set, and for Japan under [`Godzilla::Japanese`]
    /// Godzilla.
    pub fn starting_tokens(&self, side: Side) -> Vec<String> {
        let japanese = self.board.kind == BoardKind::Nippon
            && self.godzilla == Godzilla::Japanese
            && side == Side::Japan;
        let set = self.token_set(side);
        self.catalogue
            .tokens
            .values()
            .filter(|t| t.set == set || (japanese && t.kind == TokenKind::Godzilla))
            .map(|t| t.id.clone())
            .collect()
    }

    /// The rule for winning the war in this variant.
    pub fn victory_rule(&self) -> crate::Rule {
        match self.variant {
            Variant::Base => crate::Rule::WarVictory,
            Variant::Nippon => crate::Rule::NipponVictory,
        }
    }
}
