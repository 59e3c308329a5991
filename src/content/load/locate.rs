//! Places in a file's text for values that carry no span of their own.

/// The text an entry owns: an `[[array]]` entry's span covers only its header, so its body
/// runs on to the next table header (or the end of the file).
pub(super) fn extent(text: &str, within: &std::ops::Range<usize>) -> (usize, usize) {
    let start = within.start.min(text.len());
    let end = within.end.clamp(start, text.len());
    let body_end = text[end..].find("\n[").map_or(text.len(), |i| end + i + 1);
    (start, body_end.max(end))
}

/// Where a table key (`physical = 0.3`) stands inside the span `within`; else `within`.
pub(super) fn find_key(
    text: &str,
    key: &str,
    within: &std::ops::Range<usize>,
) -> std::ops::Range<usize> {
    let (start, end) = extent(text, within);
    let hay = &text[start..end];

    let mut from = 0;
    while let Some(i) = hay[from..].find(key) {
        let at = from + i;
        let before = hay[..at].chars().last();
        let after = hay[at + key.len()..].trim_start().chars().next();
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after == Some('=') {
            return start + at..start + at + key.len();
        }
        from = at + key.len();
    }
    within.clone()
}

/// Where a floor entry's `field` (`pool_chance`, `spawns[2].id`) stands, and its key path:
/// at its own key when the entry writes it, at the entry's header when it comes from a default.
pub(super) fn floor_field(
    text: &str,
    f: &toml::Spanned<crate::content::schema::FloorDef>,
    i: usize,
    field: &str,
) -> (std::ops::Range<usize>, String) {
    if field.is_empty() {
        return (f.span(), format!("floors[{i}]"));
    }
    let key = field.split(['.', '[']).next().unwrap_or(field);
    let at = find_key(text, key, &f.span());
    // A list of tables (`features[2].chance`): the entry's own key, the list's n-th of it.
    let nth = (field.split_once('[')).and_then(|(_, rest)| {
        let (n, inner) = rest.split_once("].")?;
        Some((n.parse::<usize>().ok()?, inner))
    });
    if let Some((n, inner)) = nth
        && at != f.span()
    {
        let (_, end) = extent(text, &f.span());
        let mut from = at.end;
        for k in 0..=n {
            let found = find_key(text, inner, &(from..end));
            if found == (from..end) || found.start >= end {
                break;
            }
            if k == n {
                return (found, format!("floors[{i}].{field}"));
            }
            from = found.end;
        }
    }
    (at, format!("floors[{i}].{field}"))
}
