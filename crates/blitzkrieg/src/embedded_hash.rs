//! The SHA-256 of the embedded rule data, computed when the crate is built (the data
//! cannot change after that): `BOARD`, `COUNTERS`, `OAC`, `FIGURES`, `READINGS` of the
//! files' text, `TABLES` as the game folder's `tables_hash` makes it.

include!(concat!(env!("OUT_DIR"), "/data_hashes.rs"));
