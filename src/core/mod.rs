//! The canonical-form engine: exact numbers, nimbers, number-up-star values and interned
//! canonical short games. Nothing here knows about the cg language.
