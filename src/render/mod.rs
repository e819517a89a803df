//! Pictures and layouts of values for people: SVG drawings (thermographs, scatter plots of
//! sequences), the text sketch of a thermograph shown in the session, and aligned text tables.
//! Depends only on `core`; the builtins that write files live in `eval`.

pub mod scatter;
pub mod sketch;
pub mod svg;
pub mod table;
pub mod thermograph_svg;
pub mod ticks;
