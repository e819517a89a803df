//! Long results at the interactive prompt: a list of 10^8 values would scroll for minutes and
//! bury everything before it, so a list, tuple or set whose text passes a screenful prints its
//! start, its end and its length instead, `[0,1,2,...,4,1,2] (100000001 values)`. Scripts,
//! `-e` and pipes print values whole (they are read by programs).

use super::value::Value;

/// How much of each end an abbreviated result shows, in characters: a line or two, so that
/// the start, the end and the length are all seen at once (a screenful of each end would
/// hide the `...` among the digits).
const END_CHARS: usize = 120;

/// The abbreviated text of `v` when its text would be longer than `budget` characters; `None`
/// when it fits (or is not a collection), to be printed whole. Only the elements shown are
/// formatted, so this is quick at any length.
pub fn abbreviated(v: &Value, budget: usize) -> Option<String> {
    let (open, close, count) = match v {
        Value::List(items) => ("[", "]", items.len()),
        Value::NimList(list) => ("[", "]", list.len()),
        Value::Tuple(items) => ("(", ")", items.len()),
        Value::Set(items) => ("{", "}", items.len()),
        _ => return None,
    };
    let element = |i: usize| -> String {
        match v {
            Value::NimList(list) => list.get(i).to_string(),
            other => other
                .stored_elements()
                .map_or_else(String::new, |items| items[i].to_string()),
        }
    };
    // Elements from each end, up to half the budget each.
    let half = budget / 2;
    let mut front = Vec::new();
    let mut front_len = 0;
    while front.len() < count && front_len <= half {
        let text = element(front.len());
        front_len += text.len() + 1;
        front.push(text);
    }
    if front.len() == count {
        return None;
    }
    let mut back = Vec::new();
    let mut back_len = 0;
    while front.len() + back.len() < count && back_len <= half {
        let text = element(count - 1 - back.len());
        back_len += text.len() + 1;
        back.push(text);
    }
    if front.len() + back.len() == count {
        return None;
    }
    keep_first_chars(&mut front);
    keep_first_chars(&mut back);
    back.reverse();
    Some(format!(
        "{open}{},...,{}{close} ({count} values)",
        front.join(","),
        back.join(",")
    ))
}

/// Keeps the leading texts of `parts` up to about `END_CHARS` characters (at least one).
fn keep_first_chars(parts: &mut Vec<String>) {
    let mut len = 0;
    let n = parts
        .iter()
        .take_while(|t| {
            let fits = len <= END_CHARS;
            len += t.len() + 1;
            fits
        })
        .count();
    parts.truncate(n.max(1));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(range: std::ops::Range<i64>) -> Value {
        Value::list(range.map(Value::int).collect())
    }

    #[test]
    fn short_values_print_whole() {
        assert_eq!(abbreviated(&ints(0..10), 100), None);
        assert_eq!(abbreviated(&Value::int(5), 1), None);
    }

    #[test]
    fn long_ones_print_both_ends_and_the_length() {
        let text = abbreviated(&ints(0..1000), 20).unwrap();
        // Each end takes elements until its text, commas included, passes half the budget
        // (10): "0,1,2,3,4,5," is 12 and "997,998,999," is 12.
        assert_eq!(text, "[0,1,2,3,4,5,...,997,998,999] (1000 values)");
    }

    #[test]
    fn a_result_past_a_large_screen_shows_a_line_or_two_of_each_end() {
        let text = abbreviated(&ints(0..100_000), 4000).unwrap();
        assert!(text.starts_with("[0,1,2,"), "{text}");
        assert!(text.ends_with(",99998,99999] (100000 values)"), "{text}");
        assert!(
            text.len() < 2 * END_CHARS + 60,
            "{} characters: {text}",
            text.len()
        );
    }
}
