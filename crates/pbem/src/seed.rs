//! The published seed a player-turn is resolved with, from one of the sources the
//! orders name before the value exists: a drand beacon round (verified offline), the
//! stock sales of a trading date (1975 PBM), or a text both players agreed on. A
//! [`Seed`] gives the turn's rolls through [`TurnRolls`], the engine's one source of
//! digits and dice whatever the source. The orders name it in a `[seed]` table
//! ([`SeedSpec`], [`spec`]).

pub mod batch;
pub mod drand;
pub mod fetch;
pub mod json;
pub mod spec;
pub mod stock;
pub mod used;

pub use batch::CheckedBeacons;
pub use drand::{Beacon, DrandChain};
pub use spec::{Accepted, NamedSeed, SeedSpec, SpecMismatch, SpecProblem};
pub use stock::{hundreds_digit, StockProblem, StockSales};

use crate::dice::TableMode;
use crate::dice::{Roll, Roller};
use sha2::{Digest, Sha256};
use std::fmt;

/// A seed that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    #[error("the beacon file is not the JSON a drand relay serves: {problem}")]
    BeaconJson { problem: String },
    #[error("the beacon's \"{field}\" field: {problem}")]
    BeaconField {
        field: &'static str,
        problem: String,
    },
    #[error("the {what} is not hex: {problem}")]
    BadHex { what: &'static str, problem: String },
    #[error("the beacon is round {found}, but the orders named round {named}: fetch round {named} from a drand relay")]
    WrongRound { named: u64, found: u64 },
    #[error("the beacon's signature does not verify for round {round} of drand chain {chain}: it was altered, belongs to another round, or comes from another chain; fetch round {round} again from a relay")]
    BadSignature { round: u64, chain: String },
    #[error("the beacon's randomness for round {round} is {given}, but SHA-256 of its signature is {computed}: the file was altered")]
    RandomnessMismatch {
        round: u64,
        given: String,
        computed: String,
    },
    #[error("the drand chain's public key: {problem}")]
    ChainKey { problem: String },
    #[error("the drand chain file: {problem}")]
    ChainFile { problem: String },
    #[error("\"{time}\" is not a UTC time like 2026-11-23T18:00:00Z: {problem}")]
    BadTime { time: String, problem: String },
    #[error("the stock sales file has problems:\n{}", .problems.iter().map(|p| format!("  {p}")).collect::<Vec<_>>().join("\n"))]
    StockFile { problems: Vec<StockProblem> },
    #[error("battle {battle} names stock {symbol}, which is not in the sales figures{}", .date.as_ref().map(|d| format!(" of {d}")).unwrap_or_default())]
    MissingStock {
        battle: String,
        symbol: String,
        date: Option<String>,
    },
    #[error("battle {battle} names no stock: in a stock-sales game every battle names the stock whose sales decide it (stock = \"IBM\")")]
    NoStockNamed { battle: String },
    #[error(
        "roll {roll_id} needs {asked}, but stock sales give one play-by-mail digit per battle"
    )]
    StockGivesOneDigit {
        roll_id: String,
        asked: &'static str,
    },
    #[error("the agreed text is empty")]
    EmptyText,
    #[error("the agreed text given has SHA-256 {given}, but the orders name {named}: it is not the text agreed on (check every character, space and line end), so no dice were rolled")]
    TextMismatch { named: String, given: String },
}

/// Where a seed comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SeedKind {
    Drand,
    Stock,
    Text,
    /// Raw bytes given in hex (for `blitz roll` and tests).
    Hex,
}

impl SeedKind {
    /// As the order file's `[seed] source` writes it.
    pub fn key(self) -> &'static str {
        match self {
            SeedKind::Drand => "drand",
            SeedKind::Stock => "stock",
            SeedKind::Text => "text",
            SeedKind::Hex => "hex",
        }
    }
}

/// A published seed, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seed {
    /// A verified drand round; the dice use its randomness (32 bytes).
    Drand {
        chain: String,
        round: u64,
        randomness: [u8; 32],
    },
    /// Sales volumes of a trading date; each battle's digit is its stock's.
    Stock {
        date: Option<String>,
        sales: StockSales,
    },
    /// An agreed text; the dice use its UTF-8 bytes.
    Text { text: String },
    /// Seed bytes given directly.
    Hex { bytes: Vec<u8> },
}

impl Seed {
    /// A drand round from a relay's JSON, verified against `chain`. `named_round` is the
    /// round the orders named (or computed from their time); the beacon must be it.
    pub fn from_beacon_json(
        json: &str,
        chain: &DrandChain,
        named_round: Option<u64>,
    ) -> Result<Seed, SeedError> {
        Seed::from_beacon_json_among(json, chain, named_round, &CheckedBeacons::none())
    }

    /// [`Seed::from_beacon_json`], the signature not checked again when `checked`
    /// holds the beacon ([`DrandChain::check_together`]).
    pub fn from_beacon_json_among(
        json: &str,
        chain: &DrandChain,
        named_round: Option<u64>,
        checked: &CheckedBeacons,
    ) -> Result<Seed, SeedError> {
        let beacon = Beacon::from_json(json)?;
        if let Some(named) = named_round {
            if beacon.round != named {
                return Err(SeedError::WrongRound {
                    named,
                    found: beacon.round,
                });
            }
        }
        let randomness = chain.verify_among(&beacon, checked)?;
        Ok(Seed::Drand {
            chain: chain.name.clone(),
            round: beacon.round,
            randomness,
        })
    }

    /// The sales figures of a trading date, as a `symbol,volume` CSV.
    pub fn from_stock_csv(csv: &str, date: Option<&str>) -> Result<Seed, SeedError> {
        let sales = StockSales::parse(csv).map_err(|problems| SeedError::StockFile { problems })?;
        Ok(Seed::Stock {
            date: date.map(str::to_string),
            sales,
        })
    }

    /// An agreed text. The seed bytes are its UTF-8 bytes with every trailing carriage
    /// return and line feed removed (so a file saved with or without a final newline
    /// gives the same dice); nothing else is changed.
    pub fn from_text(text: &str) -> Result<Seed, SeedError> {
        let t = text.trim_end_matches(['\r', '\n']);
        if t.is_empty() {
            return Err(SeedError::EmptyText);
        }
        Ok(Seed::Text {
            text: t.to_string(),
        })
    }

    /// An agreed text that must have the SHA-256 `named` (hex, any case): a mistyped
    /// text is refused instead of rolling other dice.
    pub fn from_text_hashed(text: &str, named: &str) -> Result<Seed, SeedError> {
        let seed = Seed::from_text(text)?;
        let given = seed.hash_hex();
        if given.eq_ignore_ascii_case(named.trim()) {
            Ok(seed)
        } else {
            Err(SeedError::TextMismatch {
                named: named.trim().to_ascii_lowercase(),
                given,
            })
        }
    }

    /// Seed bytes in hex.
    pub fn from_hex(hex_text: &str) -> Result<Seed, SeedError> {
        let bytes = hex::decode(hex_text.trim()).map_err(|e| SeedError::BadHex {
            what: "seed",
            problem: e.to_string(),
        })?;
        Ok(Seed::Hex { bytes })
    }

    pub fn kind(&self) -> SeedKind {
        match self {
            Seed::Drand { .. } => SeedKind::Drand,
            Seed::Stock { .. } => SeedKind::Stock,
            Seed::Text { .. } => SeedKind::Text,
            Seed::Hex { .. } => SeedKind::Hex,
        }
    }

    /// The bytes the dice recipe uses as `seed` (none for stock sales).
    pub fn dice_bytes(&self) -> Option<&[u8]> {
        match self {
            Seed::Drand { randomness, .. } => Some(randomness),
            Seed::Text { text } => Some(text.as_bytes()),
            Seed::Hex { bytes } => Some(bytes),
            Seed::Stock { .. } => None,
        }
    }

    /// The seed value's bytes: the dice bytes, or for stock sales the canonical file
    /// (`SYMBOL,volume\n` in symbol order).
    pub fn value_bytes(&self) -> Vec<u8> {
        match self {
            Seed::Stock { sales, .. } => sales.canonical().into_bytes(),
            other => other.dice_bytes().unwrap_or_default().to_vec(),
        }
    }

    /// SHA-256 (hex) of the seed value's bytes.
    pub fn hash_hex(&self) -> String {
        hex::encode(Sha256::digest(self.value_bytes()))
    }

    /// How the seed was published: "drand quicknet round 657413".
    pub fn source_display(&self) -> String {
        match self {
            Seed::Drand { chain, round, .. } => format!("drand {chain} round {round}"),
            Seed::Stock { date: Some(d), .. } => format!("stock sales of {d}"),
            Seed::Stock { date: None, .. } => "stock sales".to_string(),
            Seed::Text { .. } => "agreed text".to_string(),
            Seed::Hex { .. } => "seed bytes".to_string(),
        }
    }

    /// The value, as the report shows it: the randomness or bytes in hex, the text, or
    /// the number of stocks in the sales figures.
    pub fn value_display(&self) -> String {
        match self {
            Seed::Drand { randomness, .. } => hex::encode(randomness),
            Seed::Stock { sales, .. } => format!("{} stocks", sales.len()),
            Seed::Text { text } => text.clone(),
            Seed::Hex { bytes } => hex::encode(bytes),
        }
    }

    /// The rolls of one game and player-turn ("3-Blue").
    pub fn rolls(&self, game_id: &str, turn_label: &str) -> TurnRolls<'_> {
        TurnRolls {
            seed: self,
            roller: self
                .dice_bytes()
                .map(|b| Roller::new(b, game_id, turn_label)),
        }
    }
}

/// How a roll was obtained, for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawnFrom {
    /// The dice recipe v1 (`docs/dice.md`).
    Recipe,
    /// The hundreds digit of a stock's sales volume.
    Stock { symbol: String, volume: u64 },
}

/// One roll and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub roll_id: String,
    pub roll: Roll,
    pub from: DrawnFrom,
}

/// "A1: digit 7 (dice recipe v1)" / "A1: digit 5 (hundreds digit of IBM's volume 1234567)".
impl fmt::Display for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.from {
            DrawnFrom::Recipe => write!(f, "{}: {} (dice recipe v1)", self.roll_id, self.roll),
            DrawnFrom::Stock { symbol, volume } => write!(
                f,
                "{}: {} (hundreds digit of {symbol}'s volume {volume})",
                self.roll_id, self.roll
            ),
        }
    }
}

/// The rolls of one player-turn from a seed.
#[derive(Clone, Debug)]
pub struct TurnRolls<'a> {
    seed: &'a Seed,
    /// The recipe, for every source but stock sales.
    roller: Option<Roller>,
}

impl TurnRolls<'_> {
    /// The roll a table in `mode` needs for a roll id: a play-by-mail digit or a die.
    /// `stock` is the battle's stock symbol, used (and required) only with stock sales.
    pub fn roll(
        &self,
        mode: TableMode,
        roll_id: &str,
        stock: Option<&str>,
    ) -> Result<Drawn, SeedError> {
        match mode {
            TableMode::Pbm => self.digit(roll_id, stock),
            TableMode::Die => self.die(roll_id),
        }
    }

    /// A play-by-mail digit for a roll id.
    pub fn digit(&self, roll_id: &str, stock: Option<&str>) -> Result<Drawn, SeedError> {
        match (&self.roller, self.seed) {
            (Some(r), _) => Ok(Drawn {
                roll_id: roll_id.to_string(),
                roll: Roll::Digit(r.digit(roll_id)),
                from: DrawnFrom::Recipe,
            }),
            (None, Seed::Stock { date, sales }) => {
                let symbol = stock
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .ok_or_else(|| SeedError::NoStockNamed {
                        battle: roll_id.to_string(),
                    })?;
                let volume = sales
                    .volume(symbol)
                    .ok_or_else(|| SeedError::MissingStock {
                        battle: roll_id.to_string(),
                        symbol: symbol.to_string(),
                        date: date.clone(),
                    })?;
                Ok(Drawn {
                    roll_id: roll_id.to_string(),
                    roll: Roll::Digit(hundreds_digit(volume)),
                    from: DrawnFrom::Stock {
                        symbol: symbol.to_ascii_uppercase(),
                        volume,
                    },
                })
            }
            (None, _) => Err(SeedError::NoStockNamed {
                battle: roll_id.to_string(),
            }),
        }
    }

    /// A die for a roll id (face-to-face tables, the Weather Chart).
    pub fn die(&self, roll_id: &str) -> Result<Drawn, SeedError> {
        let r = self
            .roller
            .as_ref()
            .ok_or_else(|| SeedError::StockGivesOneDigit {
                roll_id: roll_id.to_string(),
                asked: "a die",
            })?;
        Ok(Drawn {
            roll_id: roll_id.to_string(),
            roll: Roll::Die(r.die(roll_id)),
            from: DrawnFrom::Recipe,
        })
    }

    /// `n` digits or dice from one roll id's stream (recipe sources only).
    pub fn several(
        &self,
        mode: TableMode,
        roll_id: &str,
        n: usize,
    ) -> Result<Vec<Roll>, SeedError> {
        let r = self
            .roller
            .as_ref()
            .ok_or_else(|| SeedError::StockGivesOneDigit {
                roll_id: roll_id.to_string(),
                asked: "several rolls",
            })?;
        Ok(match mode {
            TableMode::Pbm => r.digits(roll_id, n).into_iter().map(Roll::Digit).collect(),
            TableMode::Die => r
                .dice(roll_id, n)
                .into_iter()
                .map(Roll::Die)
                .collect::<Vec<_>>(),
        })
    }
}
