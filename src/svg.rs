//! svg (to be written).
