//! The standard library: the `.cg` files of `stdlib/`, compiled into the binary (so that an
//! installed `cg` needs no files beside it) and run when an interpreter starts.

/// (file name, text) of every standard library file, in loading order.
pub static FILES: &[(&str, &str)] = &[
    ("prelude.cg", include_str!("../../stdlib/prelude.cg")),
    ("heaps.cg", include_str!("../../stdlib/heaps.cg")),
    ("boards.cg", include_str!("../../stdlib/boards.cg")),
    ("graphs.cg", include_str!("../../stdlib/graphs.cg")),
    ("hackenbush.cg", include_str!("../../stdlib/hackenbush.cg")),
    ("colouring.cg", include_str!("../../stdlib/colouring.cg")),
    ("ottaway.cg", include_str!("../../stdlib/ottaway.cg")),
    ("cakes.cg", include_str!("../../stdlib/cakes.cg")),
    ("counters.cg", include_str!("../../stdlib/counters.cg")),
    (
        "classic_boards.cg",
        include_str!("../../stdlib/classic_boards.cg"),
    ),
    (
        "classic_graphs.cg",
        include_str!("../../stdlib/classic_graphs.cg"),
    ),
    ("strips.cg", include_str!("../../stdlib/strips.cg")),
];
