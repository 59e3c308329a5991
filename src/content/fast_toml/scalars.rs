//! Scalars and keys: the common plain forms read directly, the rest through toml's own
//! decoder, each giving the value toml's deserializer would.
use std::borrow::Cow;

use toml_parser::decoder::{Encoding, ScalarKind};
use toml_parser::{ParseError, Raw};

use super::tree::Value;

/// The bytes a basic (`"`) or literal (`'`) string may hold unescaped: tab, printable
/// ASCII but the quote (and, in a basic string, the backslash), and UTF-8 beyond ASCII.
fn plain_string(inner: &str, quote: u8) -> bool {
    inner.bytes().all(|b| {
        b == b'\t' || (b >= 0x20 && b != 0x7f && b != quote && !(quote == b'"' && b == b'\\'))
    })
}

/// The common scalars read without toml's general decoder: strings without escapes,
/// booleans, plain decimal integers and floats. `None` sends the rest to the decoder.
pub(super) fn plain_scalar<'i>(raw: Raw<'i>, encoding: Option<Encoding>) -> Option<Value<'i>> {
    let s = raw.as_str();
    let b = s.as_bytes();
    match encoding {
        Some(Encoding::BasicString) | Some(Encoding::LiteralString) => {
            let quote = *b.first()?;
            let inner = s.get(1..s.len().checked_sub(1)?)?;
            (b.len() >= 2 && b[b.len() - 1] == quote && plain_string(inner, quote))
                .then_some(Value::Str(Cow::Borrowed(inner)))
        }
        Some(_) => None,
        None => match s {
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            _ => {
                let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
                let (int, frac) = match digits.split_once('.') {
                    Some((i, f)) => (i, Some(f)),
                    None => (digits, None),
                };
                let decimal = |d: &str| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit());
                // TOML allows no leading zeros.
                if !decimal(int) || (int.len() > 1 && int.starts_with('0')) {
                    return None;
                }
                match frac {
                    None => s.parse().ok().map(Value::Int),
                    // An overflow to infinity is toml's error: the decoder path says so.
                    Some(f) if decimal(f) => s
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .map(Value::Float),
                    Some(_) => None,
                }
            }
        },
    }
}

/// Any scalar through toml's own decoder, read as toml's deserializer reads it.
pub(super) fn decoded_scalar(raw: Raw<'_>) -> Option<Value<'_>> {
    let mut decoded = Cow::Borrowed("");
    let mut bad = false;
    let kind = raw.decode_scalar(&mut decoded, &mut |_: ParseError| bad = true);
    if bad {
        return None;
    }
    Some(match kind {
        ScalarKind::String => Value::Str(decoded),
        ScalarKind::Boolean(b) => Value::Bool(b),
        ScalarKind::Integer(radix) => {
            Value::Int(i64::from_str_radix(&decoded, radix.value()).ok()?)
        }
        ScalarKind::Float => {
            let f: f64 = decoded.parse().ok()?;
            if f.is_infinite() && !decoded.contains("inf") {
                return None;
            }
            Value::Float(f)
        }
        ScalarKind::DateTime => return None,
    })
}

/// The loader's fast path for bare keys (letters, digits, `_`, `-`) and plain quoted ones.
pub(super) fn plain_key<'i>(raw: Raw<'i>, encoding: Option<Encoding>) -> Option<Cow<'i, str>> {
    let s = raw.as_str();
    match encoding {
        None => (!s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
        .then_some(Cow::Borrowed(s)),
        Some(Encoding::BasicString) | Some(Encoding::LiteralString) => {
            match plain_scalar(raw, encoding)? {
                Value::Str(name) => Some(name),
                _ => None,
            }
        }
        Some(_) => None,
    }
}
