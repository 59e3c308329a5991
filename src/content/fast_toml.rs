//! Content files read fast: `toml_parser`'s events build a small tree that serde reads
//! directly, instead of `toml::from_str`'s table of maps (most of a content load's time).
//!
//! It accepts only what `toml::from_str` accepts and gives the same values and spans. It
//! answers `None` for every error and for what it does not handle (datetimes, integers
//! beyond `i64`, very wide tables, deep nesting, keys that are not strings): the caller
//! then parses with `toml` itself, which reports problems exactly as it always has. The
//! table rules (implicit, dotted and inline tables; arrays of tables) follow toml's own.

use std::borrow::Cow;
use std::ops::Range;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde_spanned::de::SpannedDeserializer;
use toml_parser::decoder::{Encoding, ScalarKind};
use toml_parser::parser::EventReceiver;
use toml_parser::{ErrorSink, ParseError, Raw, Source, Span};

/// Tables wider than this go to the slow path: keys are found by a linear scan.
const MAX_TABLE_KEYS: usize = 128;

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

#[derive(Clone)]
struct Key<'i> {
    name: Cow<'i, str>,
    span: Span,
}

struct Node<'i> {
    span: Range<usize>,
    value: Value<'i>,
}

enum Value<'i> {
    Str(Cow<'i, str>),
    Int(i64),
    Float(f64),
    Bool(bool),
    /// An array written `[...]`: its items in the arena.
    Items(Range<usize>),
    /// An array of tables, written `[[...]]`, which later headers extend.
    Tables(Vec<Node<'i>>),
    /// An inline table `{...}`: its entries in the arena. It can never be extended.
    Inline(Range<usize>),
    /// A table of a header or a dotted key.
    Table(Table<'i>),
}

/// Where finished arrays and inline tables keep their contents: two vectors for the whole
/// file instead of one per container.
#[derive(Default)]
struct Arena<'i> {
    items: Vec<Node<'i>>,
    entries: Vec<(Key<'i>, Node<'i>)>,
}

/// A header's or dotted key's table (inline tables are `Value::Inline`, which nothing
/// extends, so no flag marks them here).
#[derive(Default)]
struct Table<'i> {
    entries: Vec<(Key<'i>, Node<'i>)>,
    implicit: bool,
    dotted: bool,
}

fn position(entries: &[(Key<'_>, Node<'_>)], name: &str) -> Option<usize> {
    entries.iter().position(|(k, _)| k.name == name)
}

impl<'i> Table<'i> {
    /// Adds an entry that is not there yet; `None` when the table is too wide.
    fn push(&mut self, key: Key<'i>, node: Node<'i>) -> Option<&mut Node<'i>> {
        if self.entries.len() >= MAX_TABLE_KEYS {
            return None;
        }
        self.entries.push((key, node));
        self.entries.last_mut().map(|(_, n)| n)
    }

    /// The entry `key`, or a new implicit table there.
    fn child(&mut self, key: &Key<'i>, dotted: bool) -> Option<&mut Node<'i>> {
        match position(&self.entries, &key.name) {
            Some(i) => Some(&mut self.entries[i].1),
            None => self.push(key.clone(), implicit_table(key, dotted)),
        }
    }
}

fn implicit_table<'i>(key: &Key<'i>, dotted: bool) -> Node<'i> {
    Node {
        span: key.span.start()..key.span.end(),
        value: Value::Table(Table {
            implicit: true,
            dotted,
            entries: Vec::new(),
        }),
    }
}

/// The table a header or a dotted key names inside `table`, made where missing (toml's
/// `descend_path` for documents).
fn descend<'t, 'i>(
    mut table: &'t mut Table<'i>,
    path: &[Key<'i>],
    dotted: bool,
) -> Option<&'t mut Table<'i>> {
    for key in path {
        table = match &mut table.child(key, dotted)?.value {
            Value::Tables(items) => match &mut items.last_mut()?.value {
                Value::Table(t) => t,
                _ => return None,
            },
            Value::Table(t) => {
                if dotted && t.implicit {
                    t.dotted = true;
                }
                if dotted && !t.implicit {
                    return None;
                }
                t
            }
            _ => return None,
        };
    }
    Some(table)
}

/// The same below a dotted key inside an inline table, where only the implicit tables of
/// earlier dotted keys can be extended.
fn descend_inline<'t, 'i>(node: &'t mut Node<'i>, path: &[Key<'i>]) -> Option<&'t mut Table<'i>> {
    let Value::Table(table) = &mut node.value else {
        return None;
    };
    let mut table: &mut Table<'i> = table;
    if !table.implicit {
        return None;
    }
    for key in path {
        table = match &mut table.child(key, true)?.value {
            Value::Table(t) if t.implicit => t,
            _ => return None,
        };
    }
    Some(table)
}

struct Header<'i> {
    path: Vec<Key<'i>>,
    key: Key<'i>,
    span: Span,
    is_array: bool,
}

/// An open array or inline table. Their contents wait on the builder's `open_items` or
/// `open_entries` from `start` on, and move to the arena when it closes.
enum Frame {
    Array {
        open: Span,
        start: usize,
    },
    Inline {
        open: Span,
        start: usize,
        /// Where its key waiting for a value starts in `parts`.
        key: Option<usize>,
    },
}

struct Builder<'i> {
    text: &'i str,
    max_nesting: usize,
    /// False once anything is wrong or unhandled: later events are ignored.
    ok: bool,
    root: Table<'i>,
    /// The table of the current `[header]` section, detached from `root` as toml does.
    current: Table<'i>,
    header: Option<Header<'i>>,
    /// A header being read: its opening span and whether it is `[[...]]`.
    open_header: Option<(Span, bool)>,
    /// The parts of the keys waiting for their values (one per open level), then of the
    /// key being read, from `reading` on: one buffer, not a vector per key.
    parts: Vec<Key<'i>>,
    reading: usize,
    /// Where a top-level key waiting for its value starts in `parts`.
    top_key: Option<usize>,
    stack: Vec<Frame>,
    open_items: Vec<Node<'i>>,
    open_entries: Vec<(Key<'i>, Node<'i>)>,
    arena: Arena<'i>,
}

impl<'i> Builder<'i> {
    /// Records a place where the loader's nesting measure reaches `depth`.
    fn nest(&mut self, depth: usize) {
        if depth > self.max_nesting {
            self.ok = false;
        }
    }

    fn check(&mut self, step: Option<()>) {
        if step.is_none() {
            self.ok = false;
        }
    }

    fn raw(&self, span: Span, encoding: Option<Encoding>) -> Option<Raw<'i>> {
        let text = self.text.get(span.start()..span.end())?;
        Some(Raw::new_unchecked(text, encoding, span))
    }

    fn finish(mut self) -> Option<(Table<'i>, Arena<'i>)> {
        if !self.ok || !self.stack.is_empty() || self.open_header.is_some() {
            return None;
        }
        self.finish_table()?;
        sort_keys(&mut self.root.entries);
        Some((self.root, self.arena))
    }

    /// Puts the current section's table in its place (toml's `finish_table`).
    fn finish_table(&mut self) -> Option<()> {
        let table = std::mem::take(&mut self.current);
        let Some(header) = self.header.take() else {
            self.root = table;
            return Some(());
        };
        let span = header.span.start()..header.span.end();
        let node = Node {
            span: span.clone(),
            value: Value::Table(table),
        };
        let parent = descend(&mut self.root, &header.path, false)?;
        let at = position(&parent.entries, &header.key.name);
        if header.is_array {
            let array = match at {
                Some(i) => &mut parent.entries[i].1,
                None => parent.push(
                    header.key,
                    Node {
                        span,
                        value: Value::Tables(Vec::new()),
                    },
                )?,
            };
            match &mut array.value {
                Value::Tables(items) => items.push(node),
                _ => return None,
            }
        } else {
            if at.is_some() {
                return None;
            }
            parent.push(header.key, node)?;
        }
        Some(())
    }

    /// Starts a section (toml's `start_table`): a `[table]` may continue one that only
    /// existed implicitly, as the parent of an earlier header.
    fn start_table(&mut self, header: Header<'i>) -> Option<()> {
        if !header.is_array {
            let parent = descend(&mut self.root, &header.path, false)?;
            if let Some(i) = position(&parent.entries, &header.key.name) {
                match parent.entries.swap_remove(i).1.value {
                    Value::Table(t) if t.implicit && !t.dotted => self.current = t,
                    _ => return None,
                }
            }
        }
        self.current.implicit = false;
        self.current.dotted = false;
        // Room for a typical entry's keys at once, rather than growing 4, 8, 16.
        self.current.entries.reserve(16);
        self.header = Some(header);
        Some(())
    }

    /// A finished value goes to the open array, the open inline table or the section.
    fn deliver(&mut self, node: Node<'i>) -> Option<()> {
        let pending = match self.stack.last_mut() {
            Some(Frame::Array { .. }) => {
                self.open_items.push(node);
                return Some(());
            }
            Some(Frame::Inline { key, .. }) => key.take()?,
            None => self.top_key.take()?,
        };
        if self.parts.len() <= pending {
            return None;
        }
        let key = self.parts.pop()?;
        let step = self.place(pending, key, node);
        self.parts.truncate(pending);
        self.reading = pending;
        step
    }

    /// Puts a value under its key, whose leading dotted parts are `parts[pending..]`.
    fn place(&mut self, pending: usize, key: Key<'i>, node: Node<'i>) -> Option<()> {
        let path = &self.parts[pending..];
        let start = match self.stack.last() {
            Some(Frame::Array { .. }) => return None,
            Some(Frame::Inline { start, .. }) => *start,
            None => {
                let dotted = !path.is_empty();
                let parent = descend(&mut self.current, path, dotted)?;
                if (dotted && !parent.implicit) || position(&parent.entries, &key.name).is_some() {
                    return None;
                }
                parent.push(key, node)?;
                return Some(());
            }
        };
        // Inside an inline table (toml's inline `finish_value`).
        let open = &self.open_entries[start..];
        let Some((first, rest)) = path.split_first() else {
            if position(open, &key.name).is_some() || open.len() >= MAX_TABLE_KEYS {
                return None;
            }
            self.open_entries.push((key, node));
            return Some(());
        };
        let at = match position(open, &first.name) {
            Some(i) => start + i,
            None => {
                if open.len() >= MAX_TABLE_KEYS {
                    return None;
                }
                let table = implicit_table(first, true);
                self.open_entries.push((first.clone(), table));
                self.open_entries.len() - 1
            }
        };
        let target = descend_inline(&mut self.open_entries[at].1, rest)?;
        if !target.dotted || position(&target.entries, &key.name).is_some() {
            return None;
        }
        target.push(key, node)?;
        Some(())
    }

    fn scalar_value(&mut self, span: Span, encoding: Option<Encoding>) -> Option<Value<'i>> {
        let raw = self.raw(span, encoding)?;
        let value = match plain_scalar(raw, encoding) {
            Some(value) => value,
            None => decoded_scalar(raw)?,
        };
        if matches!(value, Value::Float(_)) && raw.as_str().contains('.') {
            // The loader's nesting measure counts a float's dot.
            self.nest(self.stack.len() + 1);
        }
        Some(value)
    }

    fn open_table(&mut self, span: Span, is_array: bool) {
        if !self.ok {
            return;
        }
        if !self.stack.is_empty() || self.top_key.is_some() || self.open_header.is_some() {
            self.ok = false;
            return;
        }
        let step = self.finish_table();
        self.check(step);
        self.parts.clear();
        self.reading = 0;
        self.open_header = Some((span, is_array));
        self.nest(if is_array { 2 } else { 1 });
    }

    fn close_table(&mut self, span: Span) {
        if !self.ok {
            return;
        }
        let Some((open, is_array)) = self.open_header.take() else {
            self.ok = false;
            return;
        };
        let Some(key) = self.parts.pop() else {
            self.ok = false;
            return;
        };
        let path = self.parts.split_off(self.reading);
        let step = self.start_table(Header {
            path,
            key,
            span: open.append(span),
            is_array,
        });
        self.check(step);
    }
}

/// Orders a table's keys as toml's sorted maps hand them to serde, and so those of the
/// header and dotted-key tables below it (inline tables are sorted when they close).
fn sort_keys(entries: &mut [(Key<'_>, Node<'_>)]) {
    entries.sort_unstable_by(|a, b| a.0.name.cmp(&b.0.name));
    for (_, node) in entries {
        match &mut node.value {
            Value::Table(t) => sort_keys(&mut t.entries),
            Value::Tables(items) => {
                for item in items {
                    if let Value::Table(t) = &mut item.value {
                        sort_keys(&mut t.entries);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Moves a closed container's contents, `open[start..]`, to the end of the arena.
fn settle<T>(open: &mut Vec<T>, arena: &mut Vec<T>, start: usize) -> Range<usize> {
    let from = arena.len();
    arena.extend(open.drain(start..));
    from..arena.len()
}

/// The bytes a basic (`"`) or literal (`'`) string may hold unescaped: tab, printable
/// ASCII but the quote (and, in a basic string, the backslash), and UTF-8 beyond ASCII.
fn plain_string(inner: &str, quote: u8) -> bool {
    inner.bytes().all(|b| {
        b == b'\t' || (b >= 0x20 && b != 0x7f && b != quote && !(quote == b'"' && b == b'\\'))
    })
}

/// The common scalars read without toml's general decoder: strings without escapes,
/// booleans, plain decimal integers and floats. `None` sends the rest to the decoder.
fn plain_scalar<'i>(raw: Raw<'i>, encoding: Option<Encoding>) -> Option<Value<'i>> {
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
fn decoded_scalar(raw: Raw<'_>) -> Option<Value<'_>> {
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
fn plain_key<'i>(raw: Raw<'i>, encoding: Option<Encoding>) -> Option<Cow<'i, str>> {
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

impl EventReceiver for Builder<'_> {
    fn std_table_open(&mut self, span: Span, _: &mut dyn ErrorSink) {
        self.open_table(span, false);
    }

    fn array_table_open(&mut self, span: Span, _: &mut dyn ErrorSink) {
        self.open_table(span, true);
    }

    fn std_table_close(&mut self, span: Span, _: &mut dyn ErrorSink) {
        self.close_table(span);
    }

    fn array_table_close(&mut self, span: Span, _: &mut dyn ErrorSink) {
        self.close_table(span);
    }

    fn inline_table_open(&mut self, span: Span, _: &mut dyn ErrorSink) -> bool {
        self.stack.push(Frame::Inline {
            open: span,
            start: self.open_entries.len(),
            key: None,
        });
        self.nest(self.stack.len());
        self.ok
    }

    fn inline_table_close(&mut self, span: Span, _: &mut dyn ErrorSink) {
        if !self.ok {
            return;
        }
        let step = match self.stack.pop() {
            Some(Frame::Inline {
                open,
                start,
                key: None,
            }) => {
                let entries = settle(&mut self.open_entries, &mut self.arena.entries, start);
                // Final now: an inline table is never extended.
                sort_keys(&mut self.arena.entries[entries.clone()]);
                self.deliver(Node {
                    span: open.start()..span.end(),
                    value: Value::Inline(entries),
                })
            }
            _ => None,
        };
        self.check(step);
    }

    fn array_open(&mut self, span: Span, _: &mut dyn ErrorSink) -> bool {
        self.stack.push(Frame::Array {
            open: span,
            start: self.open_items.len(),
        });
        self.nest(self.stack.len());
        self.ok
    }

    fn array_close(&mut self, span: Span, _: &mut dyn ErrorSink) {
        if !self.ok {
            return;
        }
        let step = match self.stack.pop() {
            Some(Frame::Array { open, start }) => {
                let items = settle(&mut self.open_items, &mut self.arena.items, start);
                self.deliver(Node {
                    span: open.start()..span.end(),
                    value: Value::Items(items),
                })
            }
            _ => None,
        };
        self.check(step);
    }

    fn simple_key(&mut self, span: Span, encoding: Option<Encoding>, _: &mut dyn ErrorSink) {
        if !self.ok {
            return;
        }
        let Some(raw) = self.raw(span, encoding) else {
            self.ok = false;
            return;
        };
        let name = match plain_key(raw, encoding) {
            Some(name) => name,
            None => {
                let mut name = Cow::Borrowed("");
                let mut bad = false;
                raw.decode_key(&mut name, &mut |_: ParseError| bad = true);
                if bad {
                    self.ok = false;
                    return;
                }
                name
            }
        };
        self.parts.push(Key { name, span });
        // The loader counts a dotted key's dots on top of the brackets open around it.
        let base = match self.open_header {
            Some((_, true)) => 2,
            Some((_, false)) => 1,
            None => self.stack.len(),
        };
        self.nest(base + self.parts.len() - self.reading - 1);
    }

    fn key_val_sep(&mut self, _: Span, _: &mut dyn ErrorSink) {
        if !self.ok {
            return;
        }
        let start = self.reading;
        let read = self.parts.len() > start;
        self.reading = self.parts.len();
        let slot = match self.stack.last_mut() {
            Some(Frame::Inline { key, .. }) => key,
            Some(Frame::Array { .. }) => {
                self.ok = false;
                return;
            }
            None => &mut self.top_key,
        };
        if !read || slot.replace(start).is_some() {
            self.ok = false;
        }
    }

    fn scalar(&mut self, span: Span, encoding: Option<Encoding>, _: &mut dyn ErrorSink) {
        if !self.ok {
            return;
        }
        let step = self.scalar_value(span, encoding).and_then(|value| {
            self.deliver(Node {
                span: span.start()..span.end(),
                value,
            })
        });
        self.check(step);
    }

    // toml's `ValidateWhitespace`, without the extra receiver in between.
    fn comment(&mut self, span: Span, _: &mut dyn ErrorSink) {
        if let Some(raw) = self.raw(span, None) {
            let ok = &mut self.ok;
            raw.decode_comment(&mut |_: ParseError| *ok = false);
        }
    }

    fn newline(&mut self, span: Span, _: &mut dyn ErrorSink) {
        if let Some(raw) = self.raw(span, None)
            && raw.as_str() != "\n"
        {
            let ok = &mut self.ok;
            raw.decode_newline(&mut |_: ParseError| *ok = false);
        }
    }

    fn error(&mut self, _: Span, _: &mut dyn ErrorSink) {
        self.ok = false;
    }
}

/// Nothing to say: every failure sends the file to the slow path, which explains it.
#[derive(Debug)]
struct Unhandled;

impl std::fmt::Display for Unhandled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("left to the toml crate")
    }
}

impl std::error::Error for Unhandled {}

impl de::Error for Unhandled {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Unhandled
    }
}

/// One value for serde, visited as toml's `ValueDeserializer` visits it.
#[derive(Clone, Copy)]
struct ValueDe<'a, 'de> {
    node: &'a Node<'de>,
    arena: &'a Arena<'de>,
}

impl<'a, 'de> ValueDe<'a, 'de> {
    fn at(self, node: &'a Node<'de>) -> Self {
        ValueDe { node, ..self }
    }

    fn entries(self, range: &Range<usize>) -> &'a [(Key<'de>, Node<'de>)] {
        &self.arena.entries[range.clone()]
    }

    fn map(self, entries: &'a [(Key<'de>, Node<'de>)]) -> MapDe<'a, 'de> {
        MapDe {
            entries: entries.iter(),
            value: None,
            de: self,
        }
    }
}

impl<'de> IntoDeserializer<'de, Unhandled> for ValueDe<'_, 'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

fn visit_str<'de, V: Visitor<'de>>(s: &Cow<'de, str>, visitor: V) -> Result<V::Value, Unhandled> {
    match s {
        Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
        Cow::Owned(s) => visitor.visit_str(s),
    }
}

impl<'de> de::Deserializer<'de> for ValueDe<'_, 'de> {
    type Error = Unhandled;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unhandled> {
        match &self.node.value {
            Value::Str(s) => visit_str(s, visitor),
            Value::Int(i) => visitor.visit_i64(*i),
            Value::Float(f) => visitor.visit_f64(*f),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Items(r) => visitor.visit_seq(SeqDe {
                items: self.arena.items[r.clone()].iter(),
                de: self,
            }),
            Value::Tables(items) => visitor.visit_seq(SeqDe {
                items: items.iter(),
                de: self,
            }),
            Value::Inline(r) => visitor.visit_map(self.map(self.entries(r))),
            Value::Table(t) => visitor.visit_map(self.map(&t.entries)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unhandled> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.node.span.clone();
            return visitor.visit_map(SpannedDeserializer::new(self, span));
        }
        self.deserialize_any(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        let entries = match &self.node.value {
            Value::Str(s) => return visitor.visit_enum(UnitVariant(s)),
            Value::Inline(r) => self.entries(r),
            Value::Table(t) => &t.entries,
            _ => return Err(Unhandled),
        };
        match entries {
            [(key, node)] => visitor.visit_enum(VariantDe {
                key,
                value: self.at(node),
            }),
            _ => Err(Unhandled),
        }
    }

    serde::forward_to_deserialize_any! {
        bool u8 u16 u32 u64 u128 i8 i16 i32 i64 i128 f32 f64 char str string seq
        bytes byte_buf map unit ignored_any unit_struct tuple_struct tuple identifier
    }
}

/// A key or a variant's name: a string, and nothing else, as far as the fast path goes.
struct KeyDe<'a, 'de>(&'a Cow<'de, str>);

impl<'de> de::Deserializer<'de> for KeyDe<'_, 'de> {
    type Error = Unhandled;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unhandled> {
        visit_str(self.0, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Unhandled> {
        Err(Unhandled)
    }

    serde::forward_to_deserialize_any! {
        bool u8 u16 u32 u64 u128 i8 i16 i32 i64 i128 f32 f64 char str string seq
        bytes byte_buf map unit ignored_any unit_struct tuple_struct tuple identifier
        option newtype_struct struct
    }
}

/// A unit variant named by a string, `"hero"`.
struct UnitVariant<'a, 'de>(&'a Cow<'de, str>);

impl<'a, 'de> de::EnumAccess<'de> for UnitVariant<'a, 'de> {
    type Error = Unhandled;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Unhandled> {
        Ok((seed.deserialize(KeyDe(self.0))?, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Unhandled;

    fn unit_variant(self) -> Result<(), Unhandled> {
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _: S) -> Result<S::Value, Unhandled> {
        Err(Unhandled)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Unhandled> {
        Err(Unhandled)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Unhandled> {
        Err(Unhandled)
    }
}

/// A variant written as a one-entry table, `{ ahead = 3 }`, as toml's enum tables read.
struct VariantDe<'a, 'de> {
    key: &'a Key<'de>,
    value: ValueDe<'a, 'de>,
}

impl<'a, 'de> de::EnumAccess<'de> for VariantDe<'a, 'de> {
    type Error = Unhandled;
    type Variant = ValueDe<'a, 'de>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, ValueDe<'a, 'de>), Unhandled> {
        Ok((seed.deserialize(KeyDe(&self.key.name))?, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for ValueDe<'_, 'de> {
    type Error = Unhandled;

    fn unit_variant(self) -> Result<(), Unhandled> {
        let empty = match &self.node.value {
            Value::Items(r) | Value::Inline(r) => r.is_empty(),
            Value::Tables(items) => items.is_empty(),
            Value::Table(t) => t.entries.is_empty(),
            _ => false,
        };
        empty.then_some(()).ok_or(Unhandled)
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Unhandled> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Unhandled> {
        match &self.node.value {
            Value::Items(r) if r.len() == len => de::Deserializer::deserialize_any(self, visitor),
            _ => Err(Unhandled),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        // toml refuses keys the variant lacks even where the type would ignore them.
        let entries = match &self.node.value {
            Value::Inline(r) => self.entries(r),
            Value::Table(t) => &t.entries,
            _ => &[],
        };
        if entries
            .iter()
            .any(|(k, _)| !fields.contains(&k.name.as_ref()))
        {
            return Err(Unhandled);
        }
        de::Deserializer::deserialize_any(self, visitor)
    }
}

struct SeqDe<'a, 'de> {
    items: std::slice::Iter<'a, Node<'de>>,
    de: ValueDe<'a, 'de>,
}

impl<'de> SeqAccess<'de> for SeqDe<'_, 'de> {
    type Error = Unhandled;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Unhandled> {
        self.items
            .next()
            .map(|n| seed.deserialize(self.de.at(n)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct MapDe<'a, 'de> {
    entries: std::slice::Iter<'a, (Key<'de>, Node<'de>)>,
    value: Option<&'a Node<'de>>,
    de: ValueDe<'a, 'de>,
}

impl<'de> MapAccess<'de> for MapDe<'_, 'de> {
    type Error = Unhandled;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Unhandled> {
        let Some((key, node)) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some(node);
        seed.deserialize(KeyDe(&key.name)).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Unhandled> {
        seed.deserialize(self.de.at(self.value.take().ok_or(Unhandled)?))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    use proptest::prelude::*;
    use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
    use serde_spanned::Spanned;

    use super::from_str;
    use crate::content::load::too_deep;
    use crate::content::schema::ContentFile;
    use crate::content::{MAX_NESTING, core_pack};

    /// Any TOML document with every value's span and its keys in the order serde saw them:
    /// what a reader must agree on.
    #[derive(Debug)]
    #[allow(
        dead_code,
        reason = "compared through Debug, which the lint does not count"
    )]
    enum Tree {
        Str(String),
        Int(i64),
        Float(f64),
        Bool(bool),
        Seq(Vec<Spanned<Tree>>),
        /// In the order the reader hands the keys over.
        Map(Vec<(String, Spanned<Tree>)>),
    }

    impl<'de> serde::Deserialize<'de> for Tree {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Tree;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("any TOML value")
                }
                fn visit_str<E>(self, v: &str) -> Result<Tree, E> {
                    Ok(Tree::Str(v.into()))
                }
                fn visit_i64<E>(self, v: i64) -> Result<Tree, E> {
                    Ok(Tree::Int(v))
                }
                fn visit_f64<E>(self, v: f64) -> Result<Tree, E> {
                    Ok(Tree::Float(v))
                }
                fn visit_bool<E>(self, v: bool) -> Result<Tree, E> {
                    Ok(Tree::Bool(v))
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                    let mut items = Vec::new();
                    while let Some(x) = a.next_element()? {
                        items.push(x);
                    }
                    Ok(Tree::Seq(items))
                }
                fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                    let mut map = Vec::new();
                    while let Some(entry) = a.next_entry()? {
                        map.push(entry);
                    }
                    Ok(Tree::Map(map))
                }
            }
            d.deserialize_any(V)
        }
    }

    /// The promise: the fast path answers nothing, or exactly what the loader's slow path
    /// (the nesting check, then `toml::from_str`) would have accepted. Returns whether the
    /// fast path answered.
    fn agrees<T: Debug + for<'de> serde::Deserialize<'de>>(text: &str) -> bool {
        let Some(fast) = from_str::<T>(text, MAX_NESTING) else {
            return false;
        };
        assert_eq!(
            too_deep(text, MAX_NESTING),
            None,
            "fast path took a too-deep file:\n{text}"
        );
        match toml::from_str::<T>(text) {
            Ok(slow) => assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "for:\n{text}"),
            Err(e) => panic!("fast path took a file toml refuses ({e}):\n{text}"),
        }
        true
    }

    fn toml_files(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                toml_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let bytes = std::fs::read(&path).unwrap();
                if let Ok(text) = String::from_utf8(bytes) {
                    out.push((path.display().to_string(), text));
                }
            }
        }
    }

    #[test]
    fn every_shipped_and_fixture_file_reads_as_toml_reads_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        toml_files(&root.join("mods"), &mut files);
        toml_files(&root.join("tests/fixtures/mods"), &mut files);
        let mut fixtures = 0;
        for (name, text) in &files {
            agrees::<Tree>(text);
            if agrees::<ContentFile>(text) {
                fixtures += 1;
            } else if name.starts_with(&root.join("mods").display().to_string())
                && !name.ends_with("mod.toml")
            {
                panic!("{name} missed the fast path");
            }
        }
        assert!(fixtures > 20, "only {fixtures} files took the fast path");
        // The core pack must take the fast path, or loading is as slow as before.
        for (name, bytes) in core_pack().files {
            let text = String::from_utf8(bytes).unwrap();
            assert!(
                agrees::<ContentFile>(&text),
                "core {name} missed the fast path"
            );
            assert!(agrees::<Tree>(&text), "core {name} missed the fast path");
        }
    }

    #[test]
    fn table_rules_are_toml_s() {
        let taken = [
            "a = 1\nb.c = 2\nb.d = 'x'\n[e]\nf = 1.5\n[e.g]\nh = [1, [2, 3], {i = true}]\n",
            "[[a]]\nx = 1\n[[a]]\nx = 2\n[a.b]\ny = 3\n[[a.c]]\nz = 4\n",
            "[a.b]\nx = 1\n[a]\ny = 2\n",
            "x = { a.b = 1, a.c = 2, d = { e = \"\\u00e9\\n\" } }\n",
            "s = \"\"\"\nline\"\"\"\"\nt = '''lit\\'''\nn = [0x1F, 0o17, 0b101, -3, +4, 1_000]\n",
            "f = [inf, -inf, 1e3, -2.5E-3, 6.0]\n\"quoted key\" = 1\n'lit.key' = 2\n",
            "a = [\n  1, # one\n  2,\n]\n",
            "1.5 = 'dotted number key'\n",
            // Keys reach serde sorted, as from toml's maps, however they were written.
            "b = 1\na = 2\nc = { z = 1, y.b = 2, y.a = 3 }\n",
            "[a.x]\n[b]\n[a]\nz = 1\n[[c]]\nb = 1\na = 2\n",
        ];
        for text in taken {
            assert!(agrees::<Tree>(text), "not taken:\n{text}");
        }
        // Each of these is an error for toml, or something left to it.
        let left = [
            "a = 1\na = 2\n",
            "[a]\n[a]\n",
            "a.b = 1\n[a]\n",
            "[a]\nb = 1\n[a.b]\n",
            "a = [1]\n[[a]]\n",
            "a = {b = 1}\na.c = 2\n",
            "x = {a = {b = 1}, a.c = 2}\n",
            "[[a]]\n[a]\n",
            "d = 1979-05-27\n",
            "big = 9223372036854775808\n",
            "a = \"unterminated\n",
            "a = 1 2\n",
            "[a.b]\n[a.b.c]\nx=1\n[a]\nb.d = 1\n",
        ];
        for text in left {
            assert!(!agrees::<Tree>(text), "taken:\n{text}");
        }
        // A float beyond f64 is toml's error, not infinity.
        let huge = format!("[balance]\nevasion = 1{}.0\n", "0".repeat(310));
        assert!(!agrees::<Tree>(&huge));
        assert!(!agrees::<ContentFile>(&huge));
    }

    #[test]
    fn nesting_at_the_limit_is_taken_and_beyond_it_left_to_the_check() {
        let nested = |n: usize| format!("x = {}1{}\n", "[".repeat(n), "]".repeat(n));
        assert!(agrees::<Tree>(&nested(MAX_NESTING)));
        assert!(!agrees::<Tree>(&nested(MAX_NESTING + 1)));
        assert!(too_deep(&nested(MAX_NESTING + 1), MAX_NESTING).is_some());
        let float = format!(
            "x = {}1.5{}\n",
            "[".repeat(MAX_NESTING),
            "]".repeat(MAX_NESTING)
        );
        assert!(!agrees::<Tree>(&float));
        assert!(too_deep(&float, MAX_NESTING).is_some());
        let dots = |n: usize| format!("{} = 1\n", vec!["k"; n + 1].join("."));
        assert!(agrees::<Tree>(&dots(MAX_NESTING)));
        assert!(!agrees::<Tree>(&dots(MAX_NESTING + 1)));
        let header = format!("[[{}]]\n", vec!["k"; MAX_NESTING].join("."));
        assert!(!agrees::<Tree>(&header));
        assert!(too_deep(&header, MAX_NESTING).is_some());
    }

    #[test]
    fn hostile_nesting_is_refused_without_exhausting_the_stack() {
        for open in ["[", "{a=", "[{a="] {
            let text = format!("x = {}", open.repeat(100_000));
            assert!(from_str::<Tree>(&text, MAX_NESTING).is_none());
        }
    }

    /// Small documents over a few names, so that keys collide, tables are reopened and
    /// dotted keys cross headers: the table rules' corners.
    fn document() -> impl Strategy<Value = String> {
        let name = prop::sample::select(vec![
            "a",
            "b",
            "c",
            "\"a\"",
            "'b.c'",
            "\"\\u0061\"",
            "'a b'",
            "k-_9",
            "\"\"",
            "1",
        ]);
        let key = prop::collection::vec(name, 1..4).prop_map(|k| k.join("."));
        let leaf = prop::sample::select(vec![
            "1",
            "-7",
            "0x1f",
            "2.5",
            "1e2",
            "nan",
            "true",
            "\"s\"",
            "'t'",
            "\"\\u00e9\"",
            "\"\"\"m\nl\"\"\"",
            "1979-05-27",
            "99999999999999999999",
            // Strings and numbers at the edges of the plain forms read without the decoder.
            "\"a\\tb\"",
            "\"t\tab\"",
            "\"del\u{7f}\"",
            "'li\"t'",
            "\"ü\"",
            "'\u{1}'",
            "01",
            "+0",
            "-0.0",
            "00.5",
            "1.",
            "1_000",
            "0.1e2",
            "+1.5",
            "-9223372036854775808",
            "9223372036854775807",
        ])
        .prop_map(str::to_string);
        let value = leaf.prop_recursive(3, 12, 3, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3)
                    .prop_map(|v| format!("[{}]", v.join(", "))),
                prop::collection::vec(
                    (
                        prop::collection::vec(prop::sample::select(vec!["a", "b"]), 1..3),
                        inner
                    ),
                    0..3
                )
                .prop_map(|kv| {
                    let parts: Vec<String> = kv
                        .iter()
                        .map(|(k, v)| format!("{} = {v}", k.join(".")))
                        .collect();
                    format!("{{{}}}", parts.join(", "))
                }),
            ]
        });
        let line = prop_oneof![
            key.clone().prop_map(|k| format!("[{k}]")),
            key.clone().prop_map(|k| format!("[[{k}]]")),
            (key, value).prop_map(|(k, v)| format!("{k} = {v}")),
        ];
        prop::collection::vec(line, 0..8).prop_map(|lines| lines.join("\n"))
    }

    /// The generated documents reach both answers often, or the property below proves little.
    #[test]
    fn generated_documents_are_often_taken_and_often_left() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = document();
        let (mut taken, total) = (0, 2000);
        for _ in 0..total {
            let text = strategy.new_tree(&mut runner).unwrap().current();
            taken += usize::from(agrees::<Tree>(&text));
        }
        assert!(
            taken > total / 5 && taken < total * 4 / 5,
            "{taken} of {total} taken"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn generated_documents_read_as_toml_reads_them(text in document()) {
            agrees::<Tree>(&text);
            agrees::<ContentFile>(&text);
        }

        /// Real content files with a byte changed, inserted or cut.
        #[test]
        fn mutated_content_reads_as_toml_reads_it(
            file in 0usize..9,
            at in 0usize..8000,
            byte in prop::sample::select(b"[]{}.,=\"'#\n \\1a_-+:".to_vec()),
            insert in any::<bool>(),
            cut in 0usize..8000,
        ) {
            let (_, bytes) = core_pack().files.swap_remove(file);
            let mut text = String::from_utf8(bytes).unwrap();
            let mut at = at % text.len();
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            if insert {
                text.insert(at, byte as char);
            } else {
                text.replace_range(at..at + text[at..].chars().next().map_or(0, char::len_utf8), &(byte as char).to_string());
            }
            let mut cut = cut.max(at + 1).min(text.len());
            while !text.is_char_boundary(cut) {
                cut += 1;
            }
            text.truncate(cut);
            agrees::<ContentFile>(&text);
            agrees::<Tree>(&text);
        }
    }
}
