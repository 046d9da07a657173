//! A bound on how deeply the parser recurses, checked before parsing: a
//! run of prefix operators (`- - - 1`, `not not x`, `* * 3`) or of `if`s
//! (`if a then b else if …`) nests the grammar's rules one level per
//! operator, with no bracket to count, so hostile input could exhaust the
//! parser's stack. Brackets have their own, smaller limit (see `errors`).

use super::errors::{closing, skip_literal, starts_expression};

/// What an over-deep expression starts with, for the diagnostic.
pub struct TooDeep {
    /// Byte offset of the operator or keyword past the limit.
    pub at: usize,
    /// Its length in bytes.
    pub len: usize,
}

/// The first operator or `if` at which more than `limit` levels are open:
/// each open bracket, each `if` not yet ended by a `,`, `;` or the end of
/// the statement in its bracket, and each prefix operator in the current
/// run count one.
pub fn too_deep(text: &str, limit: usize) -> Option<TooDeep> {
    // Per open bracket (the statement is the outermost): its `if`s.
    let mut frames: Vec<(char, usize)> = vec![('\n', 0)];
    let mut ifs = 0usize;
    let mut run = 0usize;
    let mut previous = '\n';
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let mut prefix = None;
        match c {
            '#' => {
                skip_literal(c, &mut chars);
                continue;
            }
            '"' => {
                skip_literal(c, &mut chars);
                run = 0;
            }
            c if c.is_alphanumeric() || c == '_' => {
                let mut end = i + c.len_utf8();
                while let Some((j, d)) = chars.next_if(|(_, d)| d.is_alphanumeric() || *d == '_') {
                    end = j + d.len_utf8();
                }
                match &text[i..end] {
                    "not" => prefix = Some(3),
                    "if" => {
                        if let Some(frame) = frames.last_mut() {
                            frame.1 += 1;
                        }
                        ifs += 1;
                        prefix = Some(2);
                        run = 0;
                    }
                    _ => run = 0,
                }
            }
            '-' | '*' if !ends_operand(previous) => prefix = Some(1),
            '(' | '[' | '{' => frames.push((c, 0)),
            '<' if starts_expression(previous) && chars.peek().map(|p| p.1) != Some('=') => {
                frames.push((c, 0))
            }
            ')' | ']' | '}' | '>'
                if frames.len() > 1 && frames.last().is_some_and(|f| closing(f.0) == c) =>
            {
                ifs -= frames.pop().map_or(0, |f| f.1);
                run = 0;
            }
            ',' | ';' => {
                ifs -= frames.last_mut().map_or(0, |f| std::mem::take(&mut f.1));
                run = 0;
            }
            '\n' if frames.len() == 1 => {
                ifs -= std::mem::take(&mut frames[0].1);
                run = 0;
            }
            _ => {}
        }
        if let Some(len) = prefix {
            if c != 'i' {
                run += 1;
            }
            if frames.len() - 1 + ifs + run > limit {
                return Some(TooDeep { at: i, len });
            }
        }
        if !c.is_whitespace() {
            previous = c;
        }
    }
    None
}

/// Whether `c` can end an operand, so that a `-` or `*` after it is binary.
fn ends_operand(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | ')' | ']' | '}' | '"')
}

#[cfg(test)]
mod tests {
    use super::too_deep;

    #[test]
    fn runs_of_prefix_operators_count() {
        assert!(too_deep(&format!("{}1", "-".repeat(11)), 10).is_some());
        assert!(too_deep(&format!("{}1", "-".repeat(10)), 10).is_none());
        assert!(too_deep(&format!("{}x", "not ".repeat(11)), 10).is_some());
    }

    #[test]
    fn operands_end_a_run_and_commas_end_ifs() {
        let list: Vec<String> = (0..50).map(|i| format!("-{i}")).collect();
        assert!(too_deep(&format!("[{}]", list.join(", ")), 10).is_none());
        assert!(too_deep(&"1 - 1 * 2 ".repeat(50), 10).is_none());
        let ifs: Vec<&str> = vec!["if a then 1 else 0"; 50];
        assert!(too_deep(&format!("[{}]", ifs.join(", ")), 10).is_none());
        assert!(too_deep(&"if a then 1 else 0\n".repeat(50), 10).is_none());
    }

    #[test]
    fn chains_of_if_count() {
        let chain = format!("{}0", "if a then 1 else ".repeat(11));
        let found = too_deep(&chain, 10).map(|d| d.at);
        assert_eq!(found, Some(chain.rfind("if").unwrap_or(0)));
    }
}
