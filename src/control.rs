//! control (to be written).
