//! Fox and Geese (Winning Ways, 2nd ed., vol. 3, ch. 20 "Fox and Geese; Hare and Hounds"; ch. 22
//! of the first edition): the stdlib ruleset `fox_and_geese` against the rules written again
//! here in Rust, whose game graph is valued by the engine and solved by retrograde analysis.
//!
//! Squares are (row, column) from 1, row + column even, row 1 the bottom edge; the geese (Left)
//! step diagonally down, the fox (Right) diagonally any way; a fox above every goose has
//! escaped, which is `off` (the reason is beside the ruleset in stdlib/boards.cg).

use std::collections::{BTreeSet, HashMap, VecDeque};

use cg::core::loopy::graph_winners;
use cg::core::{LoopyBuilder, LoopyValue, Side};
use cg::eval::Interpreter;

type Square = (i32, i32);

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Position {
    Escaped,
    Board(BTreeSet<Square>, Square),
}

fn escaped_or(geese: BTreeSet<Square>, fox: Square) -> Position {
    if geese.iter().all(|g| g.0 < fox.0) {
        Position::Escaped
    } else {
        Position::Board(geese, fox)
    }
}

fn free(geese: &BTreeSet<Square>, fox: Square, width: i32, s: Square) -> bool {
    s.0 >= 1 && s.1 >= 1 && s.1 <= width && !geese.contains(&s) && s != fox
}

fn moves(p: &Position, side: Side, width: i32, range: i32) -> Vec<Position> {
    let Position::Board(geese, fox) = p else {
        // The escaped fox runs on for ever; the geese's moves no longer matter.
        return match side {
            Side::Left => vec![],
            Side::Right => vec![Position::Escaped],
        };
    };
    let mut out = Vec::new();
    match side {
        Side::Left => {
            for &g in geese {
                for t in [(g.0 - 1, g.1 - 1), (g.0 - 1, g.1 + 1)] {
                    if free(geese, *fox, width, t) {
                        let mut next = geese.clone();
                        next.remove(&g);
                        next.insert(t);
                        out.push(escaped_or(next, *fox));
                    }
                }
            }
        }
        Side::Right => {
            for d in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                for k in 1..=range {
                    let t = (fox.0 + k * d.0, fox.1 + k * d.1);
                    if !free(geese, *fox, width, t) {
                        break;
                    }
                    out.push(escaped_or(geese.clone(), t));
                }
            }
        }
    }
    out
}

/// The graph of every position reachable from `start`, each position's vertex, and the values.
fn value_all(
    start: Position,
    width: i32,
    range: i32,
) -> (
    LoopyBuilder,
    HashMap<Position, u32>,
    Vec<Option<LoopyValue>>,
) {
    let mut b = LoopyBuilder::new();
    let mut index: HashMap<Position, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    index.insert(start.clone(), b.add_node());
    queue.push_back(start.clone());
    while let Some(p) = queue.pop_front() {
        let u = index[&p];
        for side in [Side::Left, Side::Right] {
            for q in moves(&p, side, width, range) {
                let v = *index.entry(q.clone()).or_insert_with(|| {
                    queue.push_back(q.clone());
                    b.add_node()
                });
                match side {
                    Side::Left => b.add_left_edge(u, v),
                    Side::Right => b.add_right_edge(u, v),
                }
            }
        }
    }
    let values = LoopyValue::all_from_graph(b.graph(), index[&start]).expect("a stopper");
    (b, index, values)
}

fn row_of_geese(row: i32, width: i32) -> BTreeSet<Square> {
    (1..=width)
        .filter(|c| (row + c) % 2 == 0)
        .map(|c| (row, c))
        .collect()
}

/// The stdlib ruleset, through the language, for the fox on each of `squares`: the first by
/// `fox_and_geese`, the others by one instance of the ruleset (which values each position once).
fn stdlib_values(geese: &BTreeSet<Square>, squares: &[Square], width: i32) -> Vec<String> {
    let mut interpreter = Interpreter::new();
    let list: Vec<String> = geese.iter().map(|g| format!("({},{})", g.0, g.1)).collect();
    let list = list.join(",");
    let mut evaluate = |text: String| -> String {
        cg::eval::evaluate(&mut interpreter, &text)
            .unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e:?}"))
            .to_string()
    };
    evaluate(format!("let game = FoxAndGeese({width}, 1)"));
    squares
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if i == 0 {
                evaluate(format!(
                    "fox_and_geese({width}, [{list}], ({},{}), 1)",
                    f.0, f.1
                ))
            } else {
                evaluate(format!(
                    "game(fox_or_escaped(set([{list}]), ({},{})))",
                    f.0, f.1
                ))
            }
        })
        .collect()
}

/// Four geese on row 4, width 8: the stdlib ruleset gives the values of the rules written here,
/// for the fox on every square below the geese, and every position's value has the outcome that
/// retrograde analysis of the graph gives.
#[test]
fn geese_on_row_four_match_an_independent_model() {
    let geese = row_of_geese(4, 8);
    let squares: Vec<Square> = (1..=3)
        .flat_map(|r| (1..=8).map(move |c| (r, c)))
        .filter(|(r, c)| (r + c) % 2 == 0)
        .collect();
    let start = Position::Board(geese.clone(), (1, 1));
    let (b, index, values) = value_all(start, 8, 1);
    let expected: Vec<String> = squares
        .iter()
        .map(|&f| {
            let v = index[&Position::Board(geese.clone(), f)];
            values[v as usize].as_ref().unwrap().to_string()
        })
        .collect();
    assert_eq!(stdlib_values(&geese, &squares, 8), expected);
    let winners = graph_winners(b.graph());
    for (p, &v) in &index {
        let value = values[v as usize].as_ref().unwrap();
        let (left, right) = winners[v as usize];
        assert_eq!(
            (value.winner(Side::Left), value.winner(Side::Right)),
            (left, right),
            "{p:?} = {value}"
        );
    }
}

/// Winning Ways, 2nd ed., vol. 3, ch. 20: the geese on their starting row (here row 8, the top
/// of an 8 x 8 board) against the fox on the far edge have the value 2 + over ("2 + 1/on",
/// Welton's value for the 8 x 8 board, which the second edition accepts; the first edition's
/// 1 + over was argued for a board indefinitely long). Our board goes on above row 8, where a
/// fox above every goose escapes; on the 8 x 8 board such a fox could still be cornered on the
/// top edge, so the two boards need not agree everywhere, but they agree here. Every square of
/// row 1 gives it.
#[test]
fn winning_ways_starting_position_is_two_over() {
    let geese = row_of_geese(8, 8);
    let start = Position::Board(geese.clone(), (1, 1));
    let (_, index, values) = value_all(start, 8, 1);
    for c in [1, 3, 5, 7] {
        let v = index[&Position::Board(geese.clone(), (1, c))];
        assert_eq!(values[v as usize].as_ref().unwrap().to_string(), "2over");
    }
}

/// A fox above every goose has escaped: `off`, whoever moves.
#[test]
fn an_escaped_fox_is_off() {
    let mut interpreter = Interpreter::new();
    for text in [
        "fox_and_geese(8, [(2,2),(2,4)], (3,3), 1)",
        "fox_and_geese(8, [], (1,1), 2)",
    ] {
        let value = cg::eval::evaluate(&mut interpreter, text).unwrap();
        assert_eq!(value.to_string(), "off", "{text}");
    }
}

/// The values CGSuite's own test suite gives for its `FoxAndGeese` ruleset (aaron-siegel/cgsuite,
/// `lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala`, "define FoxAndGeese
/// properly"), an independent implementation with the same rules: the geese step diagonally
/// down, the fox diagonally any way up to `foxRange` squares through empty ones, the board
/// unbounded upwards (CGSuite's `Decomposition` calls a fox level with or above the top goose
/// `off`, as our escape does). Its table for four geese on row 3 (rows 2 and 1 below them),
/// the fox in the corner below four geese on row 4, the Ceylonese fox (range 2) there, and five
/// geese on a board 10 wide.
#[test]
fn cgsuite_published_values() {
    let mut interpreter = Interpreter::new();
    let mut evaluate = |text: &str| -> String {
        cg::eval::evaluate(&mut interpreter, text)
            .unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e:?}"))
            .to_string()
    };
    evaluate("let row_three = FoxAndGeese(8, 1)");
    let table = [
        ((2, 2), "2over"),
        ((2, 4), "2"),
        ((2, 6), "3*"),
        ((2, 8), "4over"),
        ((1, 1), "{6|2over}"),
        ((1, 3), "{2over|2}"),
        ((1, 5), "{4|3||2}"),
        ((1, 7), "{4over|3*}"),
    ];
    for ((r, c), expected) in table {
        let text = format!("row_three(fox_or_escaped(set([(3,1),(3,3),(3,5),(3,7)]), ({r},{c})))");
        assert_eq!(evaluate(&text), expected, "fox on ({r},{c})");
    }
    let singles = [
        (
            "fox_and_geese(8, [(4,2),(4,4),(4,6),(4,8)], (1,1), 1)",
            "{4*|7/2}",
        ),
        (
            "fox_and_geese(8, [(4,2),(4,4),(4,6),(4,8)], (1,1), 2)",
            "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}",
        ),
        (
            "fox_and_geese(10, [(3,1),(3,3),(3,5),(3,7),(3,9)], (1,9), 1)",
            "{6over|5*}",
        ),
    ];
    for (text, expected) in singles {
        assert_eq!(evaluate(text), expected, "{text}");
    }
}
