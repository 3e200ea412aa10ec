//! orders (to be written).
