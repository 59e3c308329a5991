//! Everything browser-only, in one place: local storage, downloads, the tab's visibility and
//! the page's address. On the desktop each function says it is not available.
pub use imp::*;

#[cfg(target_arch = "wasm32")]
mod imp {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;

    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "this browser offers no local storage".to_string())
    }

    fn js(e: wasm_bindgen::JsValue) -> String {
        e.as_string().unwrap_or_else(|| format!("{e:?}"))
    }

    pub fn get(key: &str) -> Result<Option<String>, String> {
        storage()?.get_item(key).map_err(js)
    }

    pub fn set(key: &str, value: &str) -> Result<(), String> {
        storage()?.set_item(key, value).map_err(js)
    }

    pub fn remove(key: &str) -> Result<(), String> {
        storage()?.remove_item(key).map_err(js)
    }

    /// The local storage keys that start with `prefix`, sorted.
    pub fn keys(prefix: &str) -> Result<Vec<String>, String> {
        let s = storage()?;
        let n = s.length().map_err(js)?;
        let mut out: Vec<String> = (0..n)
            .filter_map(|i| s.key(i).ok().flatten())
            .filter(|k| k.starts_with(prefix))
            .collect();
        out.sort();
        Ok(out)
    }

    pub fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
        let array = js_sys::Uint8Array::from(bytes);
        let parts = js_sys::Array::of1(&array);
        let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(js)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(js)?;
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let a: web_sys::HtmlAnchorElement = document
            .create_element("a")
            .map_err(js)?
            .dyn_into()
            .map_err(|_| "not an anchor".to_string())?;
        a.set_href(&url);
        a.set_download(name);
        a.click();
        web_sys::Url::revoke_object_url(&url).map_err(js)
    }

    /// Seconds since 1970 by the page's clock (`SystemTime::now` panics in the browser).
    pub fn now_seconds() -> Result<i64, String> {
        Ok((js_sys::Date::now() / 1000.0).floor() as i64)
    }

    /// Shows a start-up problem on the page's loading panel (and the console).
    pub fn report_error(msg: &str) {
        web_sys::console::error_1(&msg.into());
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("message"))
        {
            el.set_text_content(Some(msg));
            el.set_class_name("error");
        }
    }

    /// `?seed=N` in the page's address: start that run at once (as `delve play --seed N`).
    pub fn url_seed() -> Result<Option<u64>, String> {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        super::seed_from_query(&search)
    }

    thread_local! {
        /// The run as of the last turn; the tab may be closed right after it is hidden, when
        /// no frame runs any more, so the save is written from here inside the event.
        static SNAPSHOT: std::cell::RefCell<Option<(crate::game::Game, u64)>> =
            const { std::cell::RefCell::new(None) };
    }

    /// The page's `window.delveMods` (web/mods.js), if the page has one.
    fn mods_api() -> Option<wasm_bindgen::JsValue> {
        let window = web_sys::window()?;
        js_sys::Reflect::get(&window, &"delveMods".into())
            .ok()
            .filter(|v| v.is_object())
    }

    fn field(of: &wasm_bindgen::JsValue, name: &str) -> Option<wasm_bindgen::JsValue> {
        js_sys::Reflect::get(of, &name.into())
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }

    /// The mods the player added in this browser, as the loader reads folders.
    pub fn user_mods() -> Vec<crate::content::mods::ModFolder> {
        let Some(folders) = mods_api().and_then(|api| field(&api, "folders")) else {
            return Vec::new();
        };
        let folders: js_sys::Array = folders.unchecked_into();
        folders
            .iter()
            .filter_map(|m| {
                let name = field(&m, "folder")?.as_string()?;
                let files: js_sys::Array = field(&m, "files")?.unchecked_into();
                let files = files
                    .iter()
                    .filter_map(|pair| {
                        let pair: js_sys::Array = pair.unchecked_into();
                        let path = pair.get(0).as_string()?;
                        let bytes = js_sys::Uint8Array::new(&pair.get(1)).to_vec();
                        Some((path, bytes))
                    })
                    .collect();
                Some(crate::content::mods::ModFolder::from_files(name, files))
            })
            .collect()
    }

    /// The folder names of the player's mods, without copying their files out of the page.
    pub fn user_mod_names() -> Vec<String> {
        let Some(folders) = mods_api().and_then(|api| field(&api, "folders")) else {
            return Vec::new();
        };
        let folders: js_sys::Array = folders.unchecked_into();
        folders
            .iter()
            .filter_map(|m| field(&m, "folder")?.as_string())
            .collect()
    }

    /// Bumped by the page whenever its mods or its message change.
    pub fn user_mods_version() -> u32 {
        mods_api()
            .and_then(|api| field(&api, "version"))
            .and_then(|v| v.as_f64())
            .map_or(0, |v| v as u32)
    }

    /// The page's last word on adding or removing a mod (and why one was not added).
    pub fn user_mods_message() -> Option<String> {
        mods_api()
            .and_then(|api| field(&api, "message"))
            .and_then(|v| v.as_string())
    }

    fn call(name: &str, arg: Option<&str>) -> Result<(), String> {
        let api = mods_api().ok_or("this page cannot keep mods (web/mods.js did not start)")?;
        let f: js_sys::Function = field(&api, name)
            .ok_or_else(|| format!("the page has no `{name}`"))?
            .unchecked_into();
        match arg {
            Some(a) => f.call1(&api, &a.into()),
            None => f.call0(&api),
        }
        .map(|_| ())
        .map_err(js)
    }

    /// Sets `window.delveGame = { turn, floor, class, hero: [x, y], tile }` (CSS pixels).
    pub fn publish_game(turn: u64, floor: u32, class: &str, hero: [f32; 2], tile: f32) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let o = js_sys::Object::new();
        let set = |k: &str, v: wasm_bindgen::JsValue| {
            let _ = js_sys::Reflect::set(&o, &k.into(), &v);
        };
        set("turn", (turn as f64).into());
        set("floor", floor.into());
        set("class", class.into());
        let xy = js_sys::Array::of2(&hero[0].into(), &hero[1].into());
        set("hero", xy.into());
        set("tile", tile.into());
        let _ = js_sys::Reflect::set(&window, &"delveGame".into(), &o);
    }

    /// The open list's entries and where each is on the page (CSS pixels: x, y, width,
    /// height), as `window.delveMenu`: the page's own tests tap them as a finger would.
    pub fn publish_menu(title: &str, rows: &[(String, [f32; 4])]) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let list = js_sys::Array::new();
        for (words, r) in rows {
            let o = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&o, &"words".into(), &words.as_str().into());
            let rect = js_sys::Array::new();
            for v in r {
                rect.push(&(*v).into());
            }
            let _ = js_sys::Reflect::set(&o, &"rect".into(), &rect);
            list.push(&o);
        }
        let menu = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&menu, &"title".into(), &title.into());
        let _ = js_sys::Reflect::set(&menu, &"entries".into(), &list);
        let _ = js_sys::Reflect::set(&window, &"delveMenu".into(), &menu);
    }

    /// The core pack as the page fetched it before the game started (`window.delveCore`,
    /// web/index.html), each file checked against the hash this build was made with.
    pub fn core_pack() -> Result<crate::content::Pack, String> {
        let core = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"delveCore".into()).ok())
            .filter(|v| v.is_object())
            .ok_or("the page did not fetch the core pack (it sets no window.delveCore)")?;
        if let Some(error) = field(&core, "error").and_then(|e| e.as_string()) {
            return Err(error);
        }
        let pairs = |name: &str| -> Vec<(String, wasm_bindgen::JsValue)> {
            let Some(list) = field(&core, name) else {
                return Vec::new();
            };
            let list: js_sys::Array = list.unchecked_into();
            (list.iter())
                .filter_map(|pair| {
                    let pair: js_sys::Array = pair.unchecked_into();
                    Some((pair.get(0).as_string()?, pair.get(1)))
                })
                .collect()
        };
        let files = (pairs("files").into_iter())
            .map(|(name, bytes)| (name, js_sys::Uint8Array::new(&bytes).to_vec()))
            .collect();
        let failed: Vec<(String, String)> = (pairs("failed").into_iter())
            .map(|(name, why)| (name, why.as_string().unwrap_or_default()))
            .collect();
        crate::content::core_checked("assets/core", files, &failed)
    }

    /// Says on the page, in place of its loader, why the game cannot start.
    pub fn cannot_start(text: &str) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let Ok(say) = js_sys::Reflect::get(&window, &"delveCannotStart".into()) else {
            return;
        };
        if let Ok(say) = say.dyn_into::<js_sys::Function>() {
            let _ = say.call1(&window, &text.into());
        }
    }

    /// How many of the game's own files (pictures, sounds) have arrived: the page's loader
    /// shows it (`window.delveFiles`), and hides once all are in.
    pub fn files_progress(done: usize, total: usize) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let Ok(report) = js_sys::Reflect::get(&window, &"delveFiles".into()) else {
            return;
        };
        if let Ok(report) = report.dyn_into::<js_sys::Function>() {
            let _ = report.call2(&window, &(done as u32).into(), &(total as u32).into());
        }
    }

    fn a11y_api() -> Option<wasm_bindgen::JsValue> {
        let window = web_sys::window()?;
        js_sys::Reflect::get(&window, &"delveA11y".into())
            .ok()
            .filter(|v| v.is_object())
    }

    /// Says `text` through the page's live region (`window.delveA11y.announce`).
    pub fn announce(text: &str, assertive: bool) {
        let Some(api) = a11y_api() else { return };
        if let Some(f) = field(&api, "announce") {
            let f: js_sys::Function = f.unchecked_into();
            let _ = f.call2(&api, &text.into(), &assertive.into());
        }
    }

    /// Gives the page the screen's title, text, menu entries and focused entry
    /// (`window.delveA11y.screen`).
    pub fn mirror_screen(
        title: &str,
        lines: &[String],
        entries: &[String],
        focused: Option<usize>,
    ) {
        let Some(api) = a11y_api() else { return };
        let Some(f) = field(&api, "screen") else {
            return;
        };
        let f: js_sys::Function = f.unchecked_into();
        let list = |items: &[String]| {
            items
                .iter()
                .map(|s| wasm_bindgen::JsValue::from_str(s))
                .collect::<js_sys::Array>()
        };
        let args = js_sys::Array::of4(
            &title.into(),
            &list(lines),
            &list(entries),
            &focused.map_or(wasm_bindgen::JsValue::NULL, |i| (i as u32).into()),
        );
        let _ = f.apply(&api, &args);
    }

    /// Opens the browser's folder picker (a key or a tap counts as the user's gesture).
    pub fn pick_mods() -> Result<(), String> {
        call("pick", None)
    }

    /// Opens the browser's file picker for replays, for `purpose` (`window.delveReplayFile`,
    /// web/index.html).
    pub fn pick_replay_files(purpose: super::ReplayPick) -> Result<(), String> {
        let window = web_sys::window().ok_or("no window")?;
        let api = js_sys::Reflect::get(&window, &"delveReplayFile".into())
            .ok()
            .filter(|v| v.is_object())
            .ok_or("this page cannot open replay files")?;
        let f: js_sys::Function = field(&api, "pick")
            .ok_or("the page has no `pick`")?
            .unchecked_into();
        f.call1(&api, &purpose.word().into())
            .map(|_| ())
            .map_err(js)
    }

    /// The replay files the player picked since the last call (what for, and each file's
    /// name and bytes), taken.
    pub fn take_picked_replays() -> Option<super::PickedReplays> {
        let window = web_sys::window()?;
        let api = js_sys::Reflect::get(&window, &"delveReplayFile".into()).ok()?;
        let opened = field(&api, "opened")?;
        let _ = js_sys::Reflect::set(&api, &"opened".into(), &wasm_bindgen::JsValue::NULL);
        let purpose = super::ReplayPick::from_word(&field(&opened, "purpose")?.as_string()?)?;
        let files: js_sys::Array = field(&opened, "files")?.dyn_into().ok()?;
        let files = files
            .iter()
            .filter_map(|f| {
                let name = field(&f, "name")?.as_string()?;
                let text = field(&f, "text")?.as_string()?;
                Some((name, text.into_bytes()))
            })
            .collect();
        Some((purpose, files))
    }

    /// Forgets a mod the player added in this browser.
    pub fn remove_user_mod(folder: &str) -> Result<(), String> {
        call("remove", Some(folder))
    }

    pub fn remember(game: Option<&crate::game::Game>, fingerprint: u64) {
        SNAPSHOT.with(|s| *s.borrow_mut() = game.map(|g| (g.clone(), fingerprint)));
    }

    /// Saves the remembered run under `key` whenever the tab is hidden.
    pub fn save_when_hidden(key: String) {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let doc = document.clone();
        let on_change = Closure::<dyn FnMut()>::new(move || {
            if doc.visibility_state() != web_sys::VisibilityState::Hidden {
                return;
            }
            SNAPSHOT.with(|s| {
                if let Some((game, fingerprint)) = &*s.borrow() {
                    let written = crate::runs::save::encode_with(game, *fingerprint)
                        .map_err(|e| e.to_string())
                        .and_then(|b| String::from_utf8(b).map_err(|e| e.to_string()))
                        .and_then(|text| set(&key, &text));
                    if let Err(e) = written {
                        bevy::log::warn!("saving when the tab was hidden failed: {e}");
                    }
                }
            });
        });
        let _ = document.add_event_listener_with_callback(
            "visibilitychange",
            on_change.as_ref().unchecked_ref(),
        );
        // The listener lives as long as the page.
        on_change.forget();
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    //! The desktop has none of it; `SaveStore::Browser` is never its default there.
    const NONE: &str = "browser storage exists only in the browser build";

    pub fn get(_: &str) -> Result<Option<String>, String> {
        Err(NONE.into())
    }
    pub fn set(_: &str, _: &str) -> Result<(), String> {
        Err(NONE.into())
    }
    pub fn remove(_: &str) -> Result<(), String> {
        Err(NONE.into())
    }
    pub fn keys(_: &str) -> Result<Vec<String>, String> {
        Err(NONE.into())
    }
    pub fn download(_: &str, _: &[u8]) -> Result<(), String> {
        Err(NONE.into())
    }
    pub fn url_seed() -> Result<Option<u64>, String> {
        Ok(None)
    }
    /// Seconds since 1970 by the machine's clock.
    pub fn now_seconds() -> Result<i64, String> {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .map_err(|_| "this machine's clock is before 1970".to_string())
    }
    pub fn report_error(msg: &str) {
        eprintln!("delve: {msg}");
    }
    pub fn remember(_: Option<&crate::game::Game>, _: u64) {}
    pub fn save_when_hidden(_: String) {}
    pub fn user_mods() -> Vec<crate::content::mods::ModFolder> {
        Vec::new()
    }
    pub fn user_mods_version() -> u32 {
        0
    }
    pub fn user_mod_names() -> Vec<String> {
        Vec::new()
    }
    pub fn publish_game(_: u64, _: u32, _: &str, _: [f32; 2], _: f32) {}
    pub fn publish_menu(_: &str, _: &[(String, [f32; 4])]) {}
    pub fn files_progress(_: usize, _: usize) {}
    /// The desktop carries the core pack inside the binary.
    pub fn core_pack() -> Result<crate::content::Pack, String> {
        Ok(crate::content::core_pack())
    }
    pub fn cannot_start(_: &str) {}
    pub fn announce(_: &str, _: bool) {}
    pub fn mirror_screen(_: &str, _: &[String], _: &[String], _: Option<usize>) {}
    pub fn user_mods_message() -> Option<String> {
        None
    }
    pub fn pick_mods() -> Result<(), String> {
        Err("mods are added by putting their folders into `mods/`".into())
    }
    pub fn remove_user_mod(_: &str) -> Result<(), String> {
        Err("mods are removed by deleting their folders from `mods/`".into())
    }
    pub fn pick_replay_files(_: super::ReplayPick) -> Result<(), String> {
        Err(
            "on the desktop, `delve watch FILE` opens a replay file, and a file dropped on \
             the window is imported"
                .into(),
        )
    }
    pub fn take_picked_replays() -> Option<super::PickedReplays> {
        None
    }
}

/// What the player picks replay files for on the Watch list, in the browser (its keys: O, I,
/// G). The page's picker takes several files but to watch one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayPick {
    /// Open one in the replay viewer, as `delve watch FILE` does.
    Watch,
    /// Play each again, and keep it in the Records when it proves its claims.
    Import,
    /// Race them: a new run of their seed with each as a ghost.
    Race,
}

/// Picked replay files: what for, and each file's name and bytes.
pub type PickedReplays = (ReplayPick, Vec<(String, Vec<u8>)>);

// Only the browser's page is spoken to in words.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
impl ReplayPick {
    /// The word the page's picker is called with and hands back.
    pub fn word(self) -> &'static str {
        match self {
            ReplayPick::Watch => "watch",
            ReplayPick::Import => "import",
            ReplayPick::Race => "race",
        }
    }

    pub fn from_word(word: &str) -> Option<ReplayPick> {
        [ReplayPick::Watch, ReplayPick::Import, ReplayPick::Race]
            .into_iter()
            .find(|p| p.word() == word)
    }
}

/// The `seed` parameter of a query string (`?a=1&seed=42`); a bad value is an error, not 0.
/// Only the browser reads an address; the desktop runs its tests.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn seed_from_query(search: &str) -> Result<Option<u64>, String> {
    let query = search.strip_prefix('?').unwrap_or(search);
    for pair in query.split('&') {
        if let Some(v) = pair.strip_prefix("seed=") {
            return v
                .parse()
                .map(Some)
                .map_err(|_| format!("`seed={v}` in the address is not a whole number"));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::seed_from_query;
    use crate::content::mods::ModFolder;
    use crate::content::mods::merge_folders;

    #[test]
    fn a_players_folder_loads_after_the_bundled_ones_and_replaces_its_namesake() {
        let f = |name: &str, body: &str| {
            ModFolder::from_files(
                name.into(),
                vec![
                    ("b.toml".into(), body.as_bytes().to_vec()),
                    ("mod.toml".into(), b"id".to_vec()),
                    ("a.toml".into(), b"".to_vec()),
                ],
            )
        };
        let one = f("x", "");
        assert_eq!(one.meta, Ok(b"id".to_vec()));
        let paths: Vec<&str> = one.files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["a.toml", "b.toml"]);
        let merged = merge_folders(
            vec![f("bestiary", "old"), f("hardcore", "")],
            vec![f("mine", ""), f("bestiary", "new")],
        );
        let names: Vec<&str> = merged.iter().map(|m| m.folder.as_str()).collect();
        assert_eq!(names, ["hardcore", "mine", "bestiary"]);
        assert_eq!(merged[2].files[1].1, b"new".to_vec());
        let missing = ModFolder::from_files("y".into(), vec![]);
        assert_eq!(
            missing.meta,
            Err(crate::content::mods::MetaMissing::NotFound)
        );
    }

    #[test]
    fn seed_comes_from_the_query_or_fails_clearly() {
        assert_eq!(seed_from_query("?seed=42"), Ok(Some(42)));
        assert_eq!(seed_from_query("?x=1&seed=7"), Ok(Some(7)));
        assert_eq!(seed_from_query(""), Ok(None));
        assert!(
            seed_from_query("?seed=abc")
                .unwrap_err()
                .contains("seed=abc")
        );
    }
}
