//! Parsing every pack's files on all cores, handing each pack over in load order.
use super::parse::{FileResult, ReadFile, parse_file};
use super::refused::Refused;
use super::{Pack, Parsed};
use crate::content::art::is_picture_file;
use crate::content::diagnostics::Diagnostic;

/// A pack's content files: everything but its pictures, which are not parsed.
fn content_files(pack: &Pack) -> impl Iterator<Item = &(String, Vec<u8>)> {
    pack.files.iter().filter(|(path, _)| !is_picture_file(path))
}

/// Parses every file and hands each pack to `each` in load order. Parsing is independent
/// per file and most of the loading time (the TOML parser), so on native targets every
/// core takes the next unparsed file (files, not packs: a pack's files differ a lot in
/// size) while this thread merges the packs already parsed, helping with the parsing
/// whenever the next pack is not ready yet.
pub(super) fn parse_in_order<'a>(
    packs: &'a [Pack],
    mut each: impl FnMut(&'a Pack, Parsed<'a>, Vec<Diagnostic>, Refused),
) {
    let jobs: Vec<(&'a str, &'a str, &'a [u8])> = packs
        .iter()
        .flat_map(|p| {
            content_files(p).map(|(path, b)| (p.id.as_str(), path.as_str(), b.as_slice()))
        })
        .collect();
    let run = |i: usize| {
        let (pack, path, bytes) = jobs[i];
        parse_file(pack, path, bytes)
    };
    let mut assemble = |pack: &'a Pack, results: &mut dyn Iterator<Item = FileResult<'a>>| {
        let mut files = Vec::with_capacity(pack.files.len());
        let mut copies = Vec::new();
        let mut diags = Vec::new();
        let mut refused = Refused::default();
        for ((path, _), r) in content_files(pack).zip(results) {
            match r {
                Ok(read) => {
                    let ReadFile {
                        text,
                        file,
                        copies: made,
                        refused: taken,
                    } = read;
                    for t in taken {
                        if let Some(kind) = t.kind {
                            if let Some(index) = t.index {
                                refused.hole(path, kind, index);
                            }
                            for id in &t.ids {
                                refused.refuse(kind, id, diags.len());
                            }
                        }
                        diags.push(t.error);
                    }
                    copies.extend(made.into_iter().map(|c| (files.len(), c)));
                    files.push((path.as_str(), text, file));
                }
                Err(d) => diags.push(*d),
            }
        }
        let pictures = pack.files.iter().filter(|(path, _)| is_picture_file(path));
        let parsed = Parsed {
            pack: &pack.id,
            files,
            copies,
            pictures: pictures.map(|(p, b)| (p.as_str(), b.as_slice())).collect(),
        };
        each(pack, parsed, diags, refused);
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(jobs.len());
        if threads > 1 {
            let queue = Queue::new(jobs.len());
            std::thread::scope(|s| {
                for _ in 1..threads {
                    s.spawn(|| {
                        while let Some(i) = queue.claim() {
                            // A panic is handed to the merging thread, which would
                            // otherwise wait for this file forever.
                            let r =
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(i)));
                            queue.put(i, r);
                        }
                    });
                }
                let mut next = 0;
                for pack in packs {
                    let n = content_files(pack).count();
                    let mut results = (next..next + n).map(|k| queue.take(k, &run));
                    assemble(pack, &mut results);
                    next += n;
                }
            });
            return;
        }
    }
    let mut next = 0;
    for pack in packs {
        let n = content_files(pack).count();
        assemble(pack, &mut (next..next + n).map(run));
        next += n;
    }
}

/// Files parsed by any thread, each claimed once in load order and collected by index.
#[cfg(not(target_arch = "wasm32"))]
struct Queue<T> {
    next: std::sync::atomic::AtomicUsize,
    len: usize,
    done: std::sync::Mutex<Vec<Option<std::thread::Result<T>>>>,
    ready: std::sync::Condvar,
}

#[cfg(not(target_arch = "wasm32"))]
impl<T> Queue<T> {
    fn new(len: usize) -> Self {
        Self {
            next: std::sync::atomic::AtomicUsize::new(0),
            len,
            done: std::sync::Mutex::new((0..len).map(|_| None).collect()),
            ready: std::sync::Condvar::new(),
        }
    }

    fn claim(&self) -> Option<usize> {
        let i = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (i < self.len).then_some(i)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Option<std::thread::Result<T>>>> {
        // Parsing runs outside the lock, so a poisoned lock still holds whole results.
        self.done.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn put(&self, i: usize, r: std::thread::Result<T>) {
        self.lock()[i] = Some(r);
        self.ready.notify_all();
    }

    /// Result `k`: parses other files while it is not done, waits once none are left.
    fn take(&self, k: usize, run: &dyn Fn(usize) -> T) -> T {
        loop {
            {
                let mut done = self.lock();
                while self.next.load(std::sync::atomic::Ordering::Relaxed) >= self.len
                    && done[k].is_none()
                {
                    done = self.ready.wait(done).unwrap_or_else(|e| e.into_inner());
                }
                if let Some(r) = done[k].take() {
                    return r.unwrap_or_else(|e| std::panic::resume_unwind(e));
                }
            }
            if let Some(i) = self.claim() {
                let r = run(i);
                if i == k {
                    return r;
                }
                self.put(i, Ok(r));
            }
        }
    }
}
