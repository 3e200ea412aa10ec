//! rules (to be written).
