//! mail (to be written).
