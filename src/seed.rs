//! seed (to be written).
