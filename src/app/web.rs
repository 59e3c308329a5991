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
                    let written = crate::save::encode_with(game, *fingerprint)
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
    pub fn download(_: &str, _: &[u8]) -> Result<(), String> {
        Err(NONE.into())
    }
    pub fn url_seed() -> Result<Option<u64>, String> {
        Ok(None)
    }
    pub fn report_error(msg: &str) {
        eprintln!("delve: {msg}");
    }
    pub fn remember(_: Option<&crate::game::Game>, _: u64) {}
    pub fn save_when_hidden(_: String) {}
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
