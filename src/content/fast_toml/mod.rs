//! Content files read fast: `toml_parser`'s events build a small tree that serde reads
//! directly, instead of `toml::from_str`'s table of maps (most of a content load's time).
//!
//! It accepts only what `toml::from_str` accepts and gives the same values and spans. It
//! answers `None` for every error and for what it does not handle (datetimes, integers
//! beyond `i64`, very wide tables, deep nesting, keys that are not strings): the caller
//! then parses with `toml` itself, which reports problems exactly as it always has. The
//! table rules (implicit, dotted and inline tables; arrays of tables) follow toml's own.
//!
//! The parts: `tree` (the tree and toml's table rules), `builder` (the receiver of
//! `toml_parser`'s events that builds it), `scalars` (strings, numbers and keys read
//! without toml's decoder where plain), and `de` (serde's deserializer over the tree).
mod builder;
mod de;
mod scalars;
#[cfg(test)]
mod tests;
mod tree;

use serde::Deserialize;
use toml_parser::{ParseError, Source};

use builder::Builder;
use de::ValueDe;
use tree::{Arena, Node, Table, Value};

/// `text` as `T`, or `None` when `toml::from_str` must decide. `max_nesting` is the
/// loader's limit, measured as its `too_deep` measures it (open `[`/`{` plus the dots of a
/// dotted key or a float): a file deeper than that is left to the slow path.
pub fn from_str<'de, T: Deserialize<'de>>(text: &'de str, max_nesting: usize) -> Option<T> {
    let tokens = Source::new(text).lex().into_vec();
    let mut builder = Builder {
        text,
        max_nesting,
        ok: true,
        root: Table::default(),
        current: Table::default(),
        header: None,
        open_header: None,
        parts: Vec::new(),
        reading: 0,
        top_key: None,
        stack: Vec::new(),
        open_items: Vec::new(),
        open_entries: Vec::new(),
        arena: Arena::default(),
    };
    let mut errors = 0usize;
    toml_parser::parser::parse_document(&tokens, &mut builder, &mut |_: ParseError| errors += 1);
    if errors > 0 {
        return None;
    }
    let (root, arena) = builder.finish()?;
    let root = Node {
        span: 0..0,
        value: Value::Table(root),
    };
    T::deserialize(ValueDe {
        node: &root,
        arena: &arena,
    })
    .ok()
}
