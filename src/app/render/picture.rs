//! Pictures for content entries: an icon of the atlas (tinted with the entry's colour), a mod's
//! own PNG sprite (drawn as it is), or the entry's `symbol` glyph when it names neither. The
//! atlas loads through the `AssetServer` behind the Loading screen; mod sprites come decoded
//! from the content loader, which checked them.
use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::asset::{AssetEventSystems, RenderAssetUsages};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::app::content::files::GameFiles;
use crate::app::shared::{ContentRes, PendingAssets};
use crate::content::Content;
use crate::content::art::{Picture, Sprite as ModSprite, atlas};
use crate::game::ItemInstance;
use crate::game::identify::ItemLook;

/// The icon atlas, under `assets/`.
pub const ATLAS_FILE: &str = "art/icons.png";

/// The atlas image and its grid, and the images of the loaded mods' sprites.
#[derive(Resource, Debug, Clone)]
pub struct Pictures {
    pub atlas: Handle<Image>,
    pub layout: Handle<TextureAtlasLayout>,
    /// A mod sprite's image, by the id of the entry that names it (two mods may each ship a
    /// `ghoul.png`).
    pub sprites: BTreeMap<String, Handle<Image>>,
}

/// How one entry is drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum PictureNode {
    None,
    Glyph(char),
    Atlas(u32),
    Image(Handle<Image>),
}

impl PictureNode {
    /// Whether it is a picture (atlas or sprite) rather than a glyph.
    pub fn is_picture(&self) -> bool {
        matches!(self, PictureNode::Atlas(_) | PictureNode::Image(_))
    }
}

impl Pictures {
    fn node(&self, id: &str, picture: &Picture, symbol: char) -> PictureNode {
        match picture {
            Picture::Glyph => PictureNode::Glyph(symbol),
            Picture::Icon(i) => PictureNode::Atlas(*i),
            Picture::Sprite(_) => self
                .sprites
                .get(id)
                .map_or(PictureNode::Glyph(symbol), |h| {
                    PictureNode::Image(h.clone())
                }),
        }
    }

    pub fn creature(&self, content: &Content, kind: &str) -> PictureNode {
        content
            .creature(kind)
            .map_or(PictureNode::None, |k| self.node(kind, &k.picture, k.symbol))
    }

    pub fn ability(&self, content: &Content, id: &str) -> PictureNode {
        content
            .ability(id)
            .map_or(PictureNode::None, |a| self.node(id, &a.picture, a.symbol))
    }

    pub fn item(&self, content: &Content, id: &str) -> PictureNode {
        content
            .item(id)
            .map_or(PictureNode::None, |i| self.node(id, &i.picture, i.symbol))
    }

    /// An item as the hero knows it: its own picture, or its kind's while it is unknown.
    pub fn item_look(&self, it: &ItemInstance, look: &ItemLook) -> PictureNode {
        self.node(&it.item, look.picture, look.symbol)
    }

    /// A world sprite of `pic` drawn `size` pixels wide in `colour` (icons and glyphs take
    /// the colour; a mod's sprite keeps its own).
    pub fn world(&self, pic: &PictureNode, colour: Color, size: f32) -> WorldPicture {
        match pic {
            PictureNode::Atlas(i) => WorldPicture::Sprite(Sprite {
                image: self.atlas.clone(),
                texture_atlas: Some(TextureAtlas {
                    layout: self.layout.clone(),
                    index: *i as usize,
                }),
                color: colour,
                custom_size: Some(Vec2::splat(size)),
                ..default()
            }),
            PictureNode::Image(h) => WorldPicture::Sprite(Sprite {
                image: h.clone(),
                custom_size: Some(Vec2::splat(size)),
                ..default()
            }),
            PictureNode::Glyph(c) => WorldPicture::Glyph(c.to_string()),
            PictureNode::None => WorldPicture::Glyph("?".into()),
        }
    }
}

/// A picture as the map draws it.
pub enum WorldPicture {
    Sprite(Sprite),
    Glyph(String),
}

/// Spawns a figure on the map with `common`: `pic` as a sprite `size` pixels wide in
/// `colour`, or (without `Pictures`, or for a glyph picture) its glyph, else `symbol`, as text
/// in `colour`. Creatures and a race's ghosts are drawn alike.
pub fn spawn_figure(
    commands: &mut Commands,
    pictures: Option<&Pictures>,
    pic: PictureNode,
    symbol: char,
    colour: Color,
    size: f32,
    common: impl Bundle,
) {
    match pictures.map(|p| p.world(&pic, colour, size)) {
        Some(WorldPicture::Sprite(sprite)) => {
            commands.spawn((common, sprite));
        }
        _ => {
            let symbol = match pic {
                PictureNode::Glyph(s) => s,
                _ => symbol,
            };
            commands.spawn((
                common,
                Text2d::new(symbol.to_string()),
                TextFont::from_font_size(crate::app::shared::TILE * 0.85),
                TextColor(colour),
            ));
        }
    }
}

/// A UI picture `size` pixels square: the icon or sprite, else the glyph in `colour`
/// (headless, without `Pictures`, always the glyph).
pub fn picture_node(
    parent: &mut ChildSpawnerCommands,
    pictures: Option<&Pictures>,
    pic: PictureNode,
    colour: Color,
    size: f32,
) {
    let frame = Node {
        width: px(size),
        height: px(size),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        flex_shrink: 0.0,
        ..default()
    };
    match (pic, pictures) {
        (PictureNode::Atlas(i), Some(p)) => {
            parent.spawn((
                frame,
                ImageNode {
                    color: colour,
                    ..ImageNode::from_atlas_image(
                        p.atlas.clone(),
                        TextureAtlas {
                            layout: p.layout.clone(),
                            index: i as usize,
                        },
                    )
                },
            ));
        }
        (PictureNode::Image(h), _) => {
            parent.spawn((frame, ImageNode::new(h)));
        }
        (PictureNode::Glyph(c), _) => {
            parent.spawn(frame).with_child((
                Text::new(c.to_string()),
                TextFont::from_font_size(size * 0.8),
                TextColor(colour),
            ));
        }
        _ => {
            parent.spawn(frame);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_atlas);
    app.add_systems(
        Update,
        make_sprites.run_if(resource_exists_and_changed::<ContentRes>),
    );
    // In the frame the atlas arrives, before the renderer takes it.
    app.add_systems(
        PostUpdate,
        atlas_mask_to_alpha
            .run_if(resource_exists::<Pictures>)
            .after(AssetEventSystems),
    );
}

/// The atlas is a grey coverage mask (a sixth smaller than white with alpha: docs/BUILDING.md, sizes),
/// which Bevy loads as opaque grey RGBA: each time it (re)loads, it becomes white with the grey
/// as alpha. An atlas saved with its own alpha is drawn as it is.
fn atlas_mask_to_alpha(
    mut events: MessageReader<AssetEvent<Image>>,
    pictures: Res<Pictures>,
    mut images: ResMut<Assets<Image>>,
) {
    let atlas = pictures.atlas.id();
    let loaded = events.read().any(|e| {
        matches!(e, AssetEvent::Added { id }
            | AssetEvent::LoadedWithDependencies { id }
            | AssetEvent::Modified { id } if *id == atlas)
    });
    let is_mask = |image: &Image| {
        matches!(
            image.texture_descriptor.format,
            TextureFormat::Rgba8UnormSrgb | TextureFormat::Rgba8Unorm
        ) && image.data.as_ref().is_some_and(|d| is_grey_mask(d))
    };
    // Read first: only a change marks the image modified (and sends the event again).
    if loaded
        && images.get(atlas).is_some_and(is_mask)
        && let Some(mut image) = images.get_mut(atlas)
        && let Some(data) = image.data.as_mut()
    {
        mask_to_white_alpha(data);
    }
}

/// Whether RGBA pixels are an opaque grey mask: every alpha full and every pixel grey.
fn is_grey_mask(rgba: &[u8]) -> bool {
    rgba.chunks_exact(4)
        .all(|p| p[3] == 255 && p[0] == p[1] && p[1] == p[2])
}

/// Opaque grey RGBA pixels to white ones whose alpha is the grey.
fn mask_to_white_alpha(rgba: &mut [u8]) {
    for p in rgba.chunks_exact_mut(4) {
        let grey = p[0];
        p.copy_from_slice(&[255, 255, 255, grey]);
    }
}

fn load_atlas(
    mut commands: Commands,
    server: Res<AssetServer>,
    files: Res<GameFiles>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
    mut pending: ResMut<PendingAssets>,
) {
    let a = atlas();
    let rows = (a.names.len() as u32).div_ceil(a.columns);
    let layout = layouts.add(TextureAtlasLayout::from_grid(
        UVec2::splat(a.tile),
        a.columns,
        rows,
        None,
        None,
    ));
    let image: Handle<Image> = server.load(files.path(ATLAS_FILE));
    pending.0.push(image.clone().untyped());
    commands.insert_resource(Pictures {
        atlas: image,
        layout,
        sprites: BTreeMap::new(),
    });
}

/// The loaded content's mod sprites as images (again after a reload: a sprite may have changed).
fn make_sprites(
    content: Res<ContentRes>,
    pictures: Option<ResMut<Pictures>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(mut pictures) = pictures else { return };
    let c = &content.0;
    let sprites: Vec<(String, Arc<ModSprite>)> = c
        .creatures
        .iter()
        .map(|(id, k)| (id, &k.picture))
        .chain(c.items.iter().map(|(id, i)| (id, &i.picture)))
        .filter_map(|(id, p)| match p {
            Picture::Sprite(s) => Some((id.clone(), s.clone())),
            _ => None,
        })
        .collect();
    pictures.sprites.clear();
    for (id, s) in sprites {
        let image = Image::new(
            Extent3d {
                width: s.width,
                height: s.height,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            s.rgba.clone(),
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
        );
        pictures.sprites.insert(id, images.add(image));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::content::files::BUILT_IN;
    use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};

    /// The built-in atlas, loaded as Bevy's PNG loader loads it, is drawn as white with its
    /// grey as alpha, and stays so over later frames (its own change does not convert it twice).
    #[test]
    fn the_atlas_mask_becomes_white_with_its_grey_as_alpha() {
        let image = Image::from_buffer(
            BUILT_IN[0],
            ImageType::Extension("png"),
            CompressedImageFormats::NONE,
            true,
            ImageSampler::Default,
            RenderAssetUsages::default(),
        )
        .expect("the atlas decodes");
        let data = image.data.clone().expect("pixels");
        assert!(is_grey_mask(&data), "the atlas is saved as a grey mask");
        let grey: Vec<u8> = data.chunks_exact(4).map(|p| p[0]).collect();
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>();
        let atlas = app.world_mut().resource_mut::<Assets<Image>>().add(image);
        app.insert_resource(Pictures {
            atlas: atlas.clone(),
            layout: Handle::default(),
            sprites: BTreeMap::new(),
        });
        app.add_systems(PostUpdate, atlas_mask_to_alpha.after(AssetEventSystems));
        for _ in 0..4 {
            app.update();
            let images = app.world().resource::<Assets<Image>>();
            let shown = images.get(&atlas).and_then(|i| i.data.as_ref()).unwrap();
            assert!(shown.chunks_exact(4).all(|p| p[..3] == [255, 255, 255]));
            let alpha: Vec<u8> = shown.chunks_exact(4).map(|p| p[3]).collect();
            assert!(alpha == grey, "the alpha is the mask's grey");
        }
        // Silhouettes with soft edges: transparent, opaque and partial coverage all occur.
        assert!(grey.contains(&0) && grey.contains(&255));
        assert!(grey.iter().any(|&g| g > 0 && g < 255));
    }
}
