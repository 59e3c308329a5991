//! `delve sim --plot`: how runs ended on each floor as stacked bars (won, died, unfinished).
use super::sim::FloorEnds;

const BAR: usize = 36;
const GAP: usize = 12;
const PLOT_H: usize = 240;
const MARGIN: usize = 24;
const BG: [u8; 3] = [24, 24, 30];
const AXIS: [u8; 3] = [150, 150, 160];
pub const WON: [u8; 3] = [80, 200, 90];
pub const DIED: [u8; 3] = [220, 60, 50];
pub const UNFINISHED: [u8; 3] = [150, 150, 150];

/// 3×5 digits, one row per 3-bit number (high bit left).
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

struct Canvas {
    w: usize,
    h: usize,
    px: Vec<u8>,
}

impl Canvas {
    fn fill(&mut self, x: usize, y: usize, w: usize, h: usize, c: [u8; 3]) {
        for yy in y..(y + h).min(self.h) {
            for xx in x..(x + w).min(self.w) {
                self.px[(yy * self.w + xx) * 3..][..3].copy_from_slice(&c);
            }
        }
    }

    /// A number in the 3×5 font at scale 2, centred on `cx`.
    fn number(&mut self, n: u32, cx: usize, y: usize, c: [u8; 3]) {
        let text = n.to_string();
        let width = text.len() * 8 - 2;
        let mut x = cx.saturating_sub(width / 2);
        for d in text.bytes().map(|b| (b - b'0') as usize) {
            for (row, bits) in DIGITS[d].iter().enumerate() {
                for col in 0..3 {
                    if bits & (4 >> col) != 0 {
                        self.fill(x + col * 2, y + row * 2, 2, 2, c);
                    }
                }
            }
            x += 8;
        }
    }
}

/// The chart as PNG bytes: one bar per floor, its height the runs that ended there, the
/// count above it and the floor number below.
pub fn ends_chart(ends: &[FloorEnds]) -> Result<Vec<u8>, String> {
    let most = ends
        .iter()
        .map(|e| e.won + e.died + e.unfinished)
        .max()
        .unwrap_or(0)
        .max(1) as usize;
    let w = MARGIN * 2 + ends.len().max(1) * (BAR + GAP);
    let h = PLOT_H + MARGIN * 3;
    let mut c = Canvas {
        w,
        h,
        px: BG.repeat(w * h),
    };
    let base = MARGIN * 2 + PLOT_H;
    c.fill(MARGIN - 4, base, w - 2 * MARGIN + 8, 2, AXIS);
    for (i, e) in ends.iter().enumerate() {
        let x = MARGIN + GAP / 2 + i * (BAR + GAP);
        let mut top = base;
        for (n, colour) in [(e.died, DIED), (e.unfinished, UNFINISHED), (e.won, WON)] {
            let px = n as usize * PLOT_H / most;
            c.fill(x, top - px, BAR, px, colour);
            top -= px;
        }
        let total = e.won + e.died + e.unfinished;
        c.number(total, x + BAR / 2, top.saturating_sub(14), AXIS);
        c.number(e.floor, x + BAR / 2, base + 6, AXIS);
    }
    crate::dungeon::encode_rgb(w as u32, h as u32, &c.px)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_are_as_tall_as_their_counts() {
        let ends = [
            FloorEnds {
                floor: 1,
                won: 0,
                died: 4,
                unfinished: 0,
            },
            FloorEnds {
                floor: 2,
                won: 2,
                died: 0,
                unfinished: 0,
            },
        ];
        let png = ends_chart(&ends).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let w = info.width as usize;
        let count = |colour: [u8; 3]| buf.chunks(3).filter(|p| *p == colour).count();
        // Floor 1's bar is the full plot height, floor 2's half of it.
        assert_eq!(count(DIED), BAR * PLOT_H);
        assert_eq!(count(WON), BAR * PLOT_H / 2);
        let base = MARGIN * 2 + PLOT_H;
        let x2 = MARGIN + GAP / 2 + BAR + GAP + 1;
        assert_eq!(&buf[((base - 1) * w + x2) * 3..][..3], WON);
        assert_eq!(&buf[((base - PLOT_H / 2 - 1) * w + x2) * 3..][..3], BG);
    }
}
