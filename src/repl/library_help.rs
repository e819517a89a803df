//! `:help NAME` for what the standard library defines in cg: the comment written above the
//! definition in `stdlib/` (a ruleset's rules and source), and the definition's first line. A
//! shorthand without a comment of its own (`amazons` under `Amazons`) shows the comment of the
//! ruleset it follows, which is how the library files are laid out.

use crate::eval::stdlib::FILES;

/// The help for `name` if a standard library file defines it.
pub fn library_help(name: &str) -> Option<String> {
    FILES.iter().find_map(|(file, text)| {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| defines(l, name))?;
        let comment = comment_above(&lines, at)
            .or_else(|| {
                (0..at)
                    .rev()
                    .filter(|&i| is_ruleset(lines[i]))
                    .find_map(|i| comment_above(&lines, i))
            })
            .unwrap_or_default();
        let mut help = format!("{}  (stdlib/{file}:{})\n", lines[at].trim_end(), at + 1);
        for line in comment {
            help.push_str("  ");
            help.push_str(line.trim_start_matches('#').trim_start());
            help.push('\n');
        }
        Some(help.trim_end().to_string())
    })
}

/// Whether `line` starts the top-level definition of `name`.
fn defines(line: &str, name: &str) -> bool {
    let rest = [
        "impartial ruleset ",
        "ruleset ",
        "memo def ",
        "def ",
        "let ",
    ]
    .iter()
    .find_map(|keyword| line.strip_prefix(keyword));
    rest.is_some_and(|rest| {
        rest.strip_prefix(name)
            .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    })
}

fn is_ruleset(line: &str) -> bool {
    line.starts_with("ruleset ") || line.starts_with("impartial ruleset ")
}

/// The comment lines right above line `at`, past any `let` lines between them (constants a
/// ruleset uses are defined under its comment) and the blank lines around those.
fn comment_above<'a>(lines: &[&'a str], at: usize) -> Option<Vec<&'a str>> {
    let mut end = at;
    loop {
        let mut above = end;
        while above > 0 && lines[above - 1].trim().is_empty() {
            above -= 1;
        }
        if above > 0 && lines[above - 1].starts_with("let ") {
            end = above - 1;
        } else {
            break;
        }
    }
    let mut start = end;
    while start > 0 && lines[start - 1].starts_with('#') {
        start -= 1;
    }
    (start < end).then(|| lines[start..end].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ruleset_shows_its_rules_and_a_shorthand_those_of_its_ruleset() {
        let ruleset = library_help("Amazons").expect("Amazons is in the library");
        assert!(ruleset.starts_with("ruleset Amazons {"), "{ruleset}");
        assert!(ruleset.contains("shoots an arrow"), "{ruleset}");
        let shorthand = library_help("amazons").expect("amazons is in the library");
        assert!(shorthand.starts_with("def amazons(board)"), "{shorthand}");
        assert!(shorthand.contains("shoots an arrow"), "{shorthand}");
        // Helper functions lie between Fox and Geese's ruleset and its shorthand.
        let shorthand = library_help("fox_and_geese").expect("fox_and_geese is in the library");
        assert!(shorthand.contains("Ceylonese"), "{shorthand}");
    }

    #[test]
    fn a_name_is_matched_whole() {
        assert!(library_help("Amazon").is_none());
        assert!(library_help("no_such_thing").is_none());
        let nim = library_help("Nim").expect("Nim is in the library");
        assert!(!nim.contains("NimProduct"), "{nim}");
    }
}
