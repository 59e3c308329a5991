// The player's own mods in the browser: a folder chosen with the folder picker or dropped on the
// page is kept in IndexedDB and handed to the game as `window.delveMods`, which the game's
// content loader reads like the desktop's `mods/` (src/app/web.rs). The game checks them; this
// file only stores files and counts bytes against Delve's storage budget.

// One budget for everything Delve keeps in this browser: the player's mods here, the saves,
// settings and choices the game writes to local storage.
const BUDGET = 16 * 1024 * 1024;
// Only what the loader reads (content files and sprites); the rest of a folder is left out.
const KEPT = /\.(toml|png)$/i;
// A folder with more files than this is not a mod (a home folder chosen by mistake).
const MAX_FILES = 2000;
const DB = "delve";
const STORE = "mods";

const state = { version: 0, folders: [], message: null };

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "folder" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx(mode, work) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const result = work(t.objectStore(STORE));
      t.oncomplete = () => resolve(result.result);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error || new Error("the browser aborted the write"));
    });
  } finally {
    db.close();
  }
}

const modBytes = (m) => m.files.reduce((n, [, b]) => n + b.byteLength, 0);

// Bytes the game keeps in local storage (UTF-16, two bytes a character).
function storageBytes() {
  let n = 0;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith("delve.")) n += 2 * (k.length + (localStorage.getItem(k) || "").length);
    }
  } catch { /* no local storage: nothing counted */ }
  return n;
}

const kb = (n) => (n < 1e6 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1048576).toFixed(1)} MB`);

function usage() {
  const mods = state.folders.reduce((n, m) => n + modBytes(m), 0);
  const saves = storageBytes();
  return `Browser storage: ${kb(mods + saves)} of ${kb(BUDGET)} used (mods ${kb(mods)}, saves and settings ${kb(saves)}).`;
}

function changed(message) {
  state.message = message;
  state.version += 1;
}

// Files as [relative path, bytes] under their mod folders. A chosen folder holding `mod.toml`
// is one mod; otherwise each folder inside it is one (as the desktop's `mods/` folder is).
function group(entries) {
  const root = new Map();
  for (const [path, file] of entries) {
    const parts = path.split("/").filter(Boolean);
    if (parts.length < 2) continue;
    const top = parts[0];
    if (!root.has(top)) root.set(top, []);
    root.get(top).push([parts.slice(1), file]);
  }
  const mods = [];
  for (const [top, files] of root) {
    const single = files.some(([p]) => p.length === 1 && p[0] === "mod.toml")
      || !files.some(([p]) => p.length > 1);
    if (single) {
      mods.push({ folder: top, files: files.map(([p, f]) => [p.join("/"), f]) });
      continue;
    }
    const inner = new Map();
    for (const [p, f] of files) {
      if (p.length < 2) continue;
      if (!inner.has(p[0])) inner.set(p[0], []);
      inner.get(p[0]).push([p.slice(1).join("/"), f]);
    }
    for (const [name, list] of inner) mods.push({ folder: name, files: list });
  }
  return mods;
}

async function add(entries) {
  if (entries.length > MAX_FILES) {
    changed(`Not added: the folder holds ${entries.length} files; a mod folder has its TOML files and pictures (at most ${MAX_FILES}).`);
    return;
  }
  const kept = entries.filter(([p]) => KEPT.test(p));
  const left = entries.length - kept.length;
  const mods = group(kept);
  if (mods.length === 0) {
    changed(`Not added: no .toml or .png files in what was chosen${left ? ` (${left} other files left out)` : ""}.`);
    return;
  }
  const read = [];
  for (const m of mods) {
    const files = [];
    for (const [path, file] of m.files) files.push([path, new Uint8Array(await file.arrayBuffer())]);
    files.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    read.push({ folder: m.folder, files });
  }
  // Replacing a folder of the same name frees its old bytes.
  const names = new Set(read.map((m) => m.folder));
  const others = state.folders.filter((m) => !names.has(m.folder));
  const need = read.reduce((n, m) => n + modBytes(m), 0);
  const used = others.reduce((n, m) => n + modBytes(m), 0) + storageBytes();
  if (used + need > BUDGET) {
    changed(`Not added: ${read.map((m) => m.folder).join(", ")} needs ${kb(need)}, and ${kb(Math.max(0, BUDGET - used))} of Delve's ${kb(BUDGET)} browser storage (mods, saves and settings) is free. Remove a mod (Delete) to make room.`);
    return;
  }
  try {
    await tx("readwrite", (s) => { for (const m of read) s.put(m); return {}; });
  } catch (e) {
    const full = e && e.name === "QuotaExceededError";
    changed(full
      ? `Not added: the browser refused the space (its storage for this page is full). Remove a mod or clear old data of this page.`
      : `Not added: the browser could not store the mod (${e}).`);
    return;
  }
  state.folders = [...others, ...read].sort((a, b) => (a.folder < b.folder ? -1 : 1));
  const what = read.map((m) => `${m.folder} (${m.files.length} files)`).join(", ");
  changed(`Added ${what}${left ? `; ${left} other files left out` : ""}. ${usage()}`);
}

async function remove(folder) {
  try {
    await tx("readwrite", (s) => s.delete(folder));
  } catch (e) {
    changed(`Could not remove ${folder}: ${e}`);
    return;
  }
  state.folders = state.folders.filter((m) => m.folder !== folder);
  changed(`Removed ${folder} from this browser. ${usage()}`);
}

// A dropped folder, read recursively through the entries API.
function readEntry(entry, path, out) {
  if (entry.isFile) {
    return new Promise((resolve) => entry.file((f) => { out.push([path + entry.name, f]); resolve(); }, () => resolve()));
  }
  const reader = entry.createReader();
  return new Promise((resolve) => {
    const batch = () => reader.readEntries(async (list) => {
      if (list.length === 0) { resolve(); return; }
      for (const e of list) await readEntry(e, `${path}${entry.name}/`, out);
      batch();
    }, () => resolve());
    batch();
  });
}

function watchDrops() {
  const overlay = document.getElementById("drop");
  const hasFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
  window.addEventListener("dragover", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    overlay.classList.add("shown");
  });
  window.addEventListener("dragleave", (e) => {
    if (e.relatedTarget === null) overlay.classList.remove("shown");
  });
  window.addEventListener("drop", async (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    overlay.classList.remove("shown");
    const roots = [...e.dataTransfer.items].map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
    if (!roots.some((r) => r.isDirectory)) {
      changed("Not added: drop a mod folder (the folder itself, not the files in it).");
      return;
    }
    const out = [];
    for (const r of roots) if (r.isDirectory) await readEntry(r, "", out);
    await add(out);
  });
}

// Reads the kept mods before the game starts; a storage that fails leaves the game without
// them and says why on the Mods screen.
export async function startMods() {
  const picker = document.getElementById("modpicker");
  picker.addEventListener("change", async () => {
    const files = [...picker.files].map((f) => [f.webkitRelativePath || f.name, f]);
    picker.value = "";
    await add(files);
  });
  watchDrops();
  try {
    const all = await tx("readonly", (s) => s.getAll());
    state.folders = (all || []).sort((a, b) => (a.folder < b.folder ? -1 : 1));
  } catch (e) {
    changed(`The mods kept in this browser could not be read (${e}); the game runs without them.`);
  }
  window.delveMods = {
    get version() { return state.version; },
    get folders() { return state.folders; },
    get message() { return state.message; },
    usage,
    pick() { picker.click(); },
    remove(folder) { remove(folder); },
  };
}
