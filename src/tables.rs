//! tables (to be written).
