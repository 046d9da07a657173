//! Colours for the entry being typed: keywords, built-ins, numbers, nimbers,
//! strings, comments and the bracket matching the one at the cursor. Only
//! ANSI escapes are added, so the visible width never changes.

use super::lexer::{self, Kind};

/// The first prompt of an entry.
pub const PROMPT: &str = "sg> ";
/// What a continuation line's indentation is shown as.
pub const CONTINUATION_PROMPT: &str = "... ";
/// The indentation the REPL types at the start of a continuation line: as
/// wide as the prompt, so that it can be drawn as the prompt.
pub const CONTINUATION_INDENT: &str = "    ";

const RESET: &str = "\x1b[0m";
/// Bold green, for the prompt.
pub const PROMPT_STYLE: &str = "\x1b[1;32m";
/// Dim, for hints, comments and continuation prompts.
pub const DIM: &str = "\x1b[2m";
const MATCHED_BRACKET: &str = "\x1b[1;4;34m";

fn style(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Keyword => Some("\x1b[1;35m"),
        Kind::Builtin => Some("\x1b[36m"),
        Kind::Number => Some("\x1b[33m"),
        Kind::Nimber => Some("\x1b[1;33m"),
        Kind::String => Some("\x1b[32m"),
        Kind::Comment => Some(DIM),
        _ => None,
    }
}

/// Wraps `text` in `style` when colour is on.
pub fn styled(text: &str, style: &str, color: bool) -> String {
    if color {
        format!("{style}{text}{RESET}")
    } else {
        text.to_string()
    }
}

/// Paints an entry. With `color`, tokens get their colours, and when
/// `cursor` is on a bracket (or just after a closing one) that bracket and
/// its partner are underlined. Each continuation line's indentation is
/// drawn as `... `, with or without colour.
pub fn paint(text: &str, cursor: Option<usize>, color: bool) -> String {
    let tokens = lexer::tokens(text);
    let matched = cursor.and_then(|at| matching_pair(&tokens, at));
    let mut out = String::with_capacity(text.len() * 2);
    for (i, token) in tokens.iter().enumerate() {
        // A control character pasted or loaded must not reach the terminal.
        let word = crate::visible::visible(&text[token.start..token.end]);
        let word = word.as_ref();
        if token.kind == Kind::Space {
            out.push_str(&draw_continuations(word, color));
            continue;
        }
        let highlight = if matched.is_some_and(|(a, b)| i == a || i == b) {
            Some(MATCHED_BRACKET)
        } else {
            style(token.kind)
        };
        match highlight {
            Some(s) if color => out.push_str(&styled(word, s, true)),
            _ => out.push_str(word),
        }
    }
    out
}

/// Whitespace with each continuation line's indentation drawn as the
/// continuation prompt.
fn draw_continuations(space: &str, color: bool) -> String {
    let mut lines = space.split('\n');
    let mut out = lines.next().unwrap_or_default().to_string();
    for line in lines {
        out.push('\n');
        match line.strip_prefix(CONTINUATION_INDENT) {
            Some(rest) => {
                out.push_str(&styled(CONTINUATION_PROMPT, DIM, color));
                out.push_str(rest);
            }
            None => out.push_str(line),
        }
    }
    out
}

/// The bracket under the cursor, or else the closing bracket just before
/// it, with its partner (token indices).
fn matching_pair(tokens: &[lexer::Token], cursor: usize) -> Option<(usize, usize)> {
    let partners = lexer::partners(tokens);
    let is_bracket = |i: &usize| matches!(tokens[*i].kind, Kind::Open | Kind::Close);
    let under = (0..tokens.len()).find(|i| tokens[*i].start == cursor && is_bracket(i));
    let before =
        (0..tokens.len()).find(|i| tokens[*i].end == cursor && tokens[*i].kind == Kind::Close);
    let at = under.filter(|i| partners[*i].is_some()).or(before)?;
    partners[at].map(|partner| (at, partner))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the terminal shows: the painted text without escapes.
    fn visible(painted: &str) -> String {
        let mut out = String::new();
        let mut chars = painted.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                chars.by_ref().find(|c| *c == 'm');
            } else {
                out.push(c);
            }
        }
        out
    }

    /// The text painted in `style`, in order.
    fn painted_in(painted: &str, style: &str) -> Vec<String> {
        painted
            .split(style)
            .skip(1)
            .map(|rest| rest.split(RESET).next().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn colours_never_change_what_is_shown() {
        let entries = [
            "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t >",
            "g(*3 + *5) # xor",
            "print(\"a \\\" b\", [1, {2}], \"open",
            "if x < 3 and y >= 2 then *k else *(n+1)",
            "löwe ✓ <>",
        ];
        for entry in entries {
            for cursor in 0..=entry.len() {
                if entry.is_char_boundary(cursor) {
                    assert_eq!(visible(&paint(entry, Some(cursor), true)), entry);
                }
            }
            assert_eq!(paint(entry, None, false), entry);
        }
    }

    #[test]
    fn each_kind_of_token_gets_its_colour() {
        let painted = paint("let x = g(*3 + 12) # done\nassert \"s\"", None, true);
        let keyword = style(Kind::Keyword).unwrap_or_default();
        assert_eq!(painted_in(&painted, keyword), ["let", "assert"]);
        let builtin = style(Kind::Builtin).unwrap_or_default();
        assert_eq!(painted_in(&painted, builtin), ["g"]);
        let nimber = style(Kind::Nimber).unwrap_or_default();
        assert_eq!(painted_in(&painted, nimber), ["*3"]);
        let number = style(Kind::Number).unwrap_or_default();
        assert_eq!(painted_in(&painted, number), ["12"]);
        assert_eq!(painted_in(&painted, DIM), ["# done"]);
        let string = style(Kind::String).unwrap_or_default();
        assert_eq!(painted_in(&painted, string), ["\"s\""]);
    }

    #[test]
    fn a_star_after_a_value_multiplies() {
        let nimber = style(Kind::Nimber).unwrap_or_default();
        assert!(painted_in(&paint("2 * 3", None, true), nimber).is_empty());
        assert_eq!(painted_in(&paint("2 * *3", None, true), nimber), ["*3"]);
        assert_eq!(painted_in(&paint("x\n*", None, true), nimber), ["*"]);
    }

    #[test]
    fn the_bracket_at_the_cursor_and_its_partner_are_marked() {
        let text = "g(<*1, (2)>)";
        // Cursor on the `<` (byte 2): it pairs with the `>` at byte 10.
        let painted = paint(text, Some(2), true);
        assert_eq!(painted_in(&painted, MATCHED_BRACKET), ["<", ">"]);
        // Cursor just after the final `)`: it pairs with the `(` at byte 1.
        let painted = paint(text, Some(text.len()), true);
        assert_eq!(painted_in(&painted, MATCHED_BRACKET), ["(", ")"]);
        // Nothing is marked away from brackets, or without a cursor.
        assert!(painted_in(&paint(text, Some(4), true), MATCHED_BRACKET).is_empty());
        assert!(painted_in(&paint(text, None, true), MATCHED_BRACKET).is_empty());
    }

    #[test]
    fn comparisons_inside_option_lists_are_not_brackets() {
        let text = "< S(n) if n > 3 >";
        let painted = paint(text, Some(0), true);
        assert_eq!(painted_in(&painted, MATCHED_BRACKET), ["<", ">"]);
        let at = text.rfind('>').unwrap_or_default();
        let painted = paint(text, Some(at + 1), true);
        assert_eq!(painted_in(&painted, MATCHED_BRACKET), ["<", ">"]);
        assert!(visible(&painted).ends_with("3 >"));
    }

    #[test]
    fn continuation_indentation_is_drawn_as_the_prompt() {
        let text = format!("game S(n) = <\n{CONTINUATION_INDENT}S(n - 1)\n{CONTINUATION_INDENT}>");
        assert_eq!(
            paint(&text, None, false),
            "game S(n) = <\n... S(n - 1)\n... >"
        );
        assert_eq!(
            visible(&paint(&text, None, true)),
            paint(&text, None, false)
        );
        // A line not indented by the REPL is shown as it is.
        assert_eq!(paint("[1,\n2]", None, false), "[1,\n2]");
    }
}
