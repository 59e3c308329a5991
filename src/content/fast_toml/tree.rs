//! The tree the fast reader builds (keys, nodes, values, the arena of finished arrays and
//! inline tables) and toml's table rules for it: implicit and dotted tables, headers that
//! descend into them, arrays of tables, and keys sorted as toml's maps hand them to serde.
use std::borrow::Cow;
use std::ops::Range;

use toml_parser::Span;

/// Tables wider than this go to the slow path: keys are found by a linear scan.
pub(super) const MAX_TABLE_KEYS: usize = 128;

#[derive(Clone)]
pub(super) struct Key<'i> {
    pub(super) name: Cow<'i, str>,
    pub(super) span: Span,
}

pub(super) struct Node<'i> {
    pub(super) span: Range<usize>,
    pub(super) value: Value<'i>,
}

pub(super) enum Value<'i> {
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
pub(super) struct Arena<'i> {
    pub(super) items: Vec<Node<'i>>,
    pub(super) entries: Vec<(Key<'i>, Node<'i>)>,
}

/// A header's or dotted key's table (inline tables are `Value::Inline`, which nothing
/// extends, so no flag marks them here).
#[derive(Default)]
pub(super) struct Table<'i> {
    pub(super) entries: Vec<(Key<'i>, Node<'i>)>,
    pub(super) implicit: bool,
    pub(super) dotted: bool,
}

pub(super) fn position(entries: &[(Key<'_>, Node<'_>)], name: &str) -> Option<usize> {
    entries.iter().position(|(k, _)| k.name == name)
}

impl<'i> Table<'i> {
    /// Adds an entry that is not there yet; `None` when the table is too wide.
    pub(super) fn push(&mut self, key: Key<'i>, node: Node<'i>) -> Option<&mut Node<'i>> {
        if self.entries.len() >= MAX_TABLE_KEYS {
            return None;
        }
        self.entries.push((key, node));
        self.entries.last_mut().map(|(_, n)| n)
    }

    /// The entry `key`, or a new implicit table there.
    pub(super) fn child(&mut self, key: &Key<'i>, dotted: bool) -> Option<&mut Node<'i>> {
        match position(&self.entries, &key.name) {
            Some(i) => Some(&mut self.entries[i].1),
            None => self.push(key.clone(), implicit_table(key, dotted)),
        }
    }
}

pub(super) fn implicit_table<'i>(key: &Key<'i>, dotted: bool) -> Node<'i> {
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
pub(super) fn descend<'t, 'i>(
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
pub(super) fn descend_inline<'t, 'i>(
    node: &'t mut Node<'i>,
    path: &[Key<'i>],
) -> Option<&'t mut Table<'i>> {
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

/// Orders a table's keys as toml's sorted maps hand them to serde, and so those of the
/// header and dotted-key tables below it (inline tables are sorted when they close).
pub(super) fn sort_keys(entries: &mut [(Key<'_>, Node<'_>)]) {
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
