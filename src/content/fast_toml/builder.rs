//! The receiver of `toml_parser`'s events: it builds the tree section by section, places
//! each value under its key as toml does, and gives up (for the slow path) on anything
//! wrong, unhandled or nested deeper than the loader's limit.
use std::borrow::Cow;
use std::ops::Range;

use toml_parser::decoder::Encoding;
use toml_parser::parser::EventReceiver;
use toml_parser::{ErrorSink, ParseError, Raw, Span};

use super::scalars::{decoded_scalar, plain_key, plain_scalar};
use super::tree::{
    Arena, Key, MAX_TABLE_KEYS, Node, Table, Value, descend, descend_inline, implicit_table,
    position, sort_keys,
};

pub(super) struct Header<'i> {
    path: Vec<Key<'i>>,
    key: Key<'i>,
    span: Span,
    is_array: bool,
}

/// An open array or inline table. Their contents wait on the builder's `open_items` or
/// `open_entries` from `start` on, and move to the arena when it closes.
pub(super) enum Frame {
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

pub(super) struct Builder<'i> {
    pub(super) text: &'i str,
    pub(super) max_nesting: usize,
    /// False once anything is wrong or unhandled: later events are ignored.
    pub(super) ok: bool,
    pub(super) root: Table<'i>,
    /// The table of the current `[header]` section, detached from `root` as toml does.
    pub(super) current: Table<'i>,
    pub(super) header: Option<Header<'i>>,
    /// A header being read: its opening span and whether it is `[[...]]`.
    pub(super) open_header: Option<(Span, bool)>,
    /// The parts of the keys waiting for their values (one per open level), then of the
    /// key being read, from `reading` on: one buffer, not a vector per key.
    pub(super) parts: Vec<Key<'i>>,
    pub(super) reading: usize,
    /// Where a top-level key waiting for its value starts in `parts`.
    pub(super) top_key: Option<usize>,
    pub(super) stack: Vec<Frame>,
    pub(super) open_items: Vec<Node<'i>>,
    pub(super) open_entries: Vec<(Key<'i>, Node<'i>)>,
    pub(super) arena: Arena<'i>,
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

    pub(super) fn finish(mut self) -> Option<(Table<'i>, Arena<'i>)> {
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

/// Moves a closed container's contents, `open[start..]`, to the end of the arena.
fn settle<T>(open: &mut Vec<T>, arena: &mut Vec<T>, start: usize) -> Range<usize> {
    let from = arena.len();
    arena.extend(open.drain(start..));
    from..arena.len()
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
