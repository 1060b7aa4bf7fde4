import type { Random } from './corpus-cards.ts';

/** How a "photographed" card of the corpus looks: turned, in perspective, shaded, noisy, on a table. */
export interface PhotoLook {
  angleDegrees: number;
  /** How much shorter the card's far edge is than its near one (0 = straight from above). */
  keystone: number;
  /** Darkest shade of the light falling off across the picture (0..1). */
  shade: number;
  /** Standard deviation of the sensor noise, in 0..255 levels. */
  noise: number;
  /** The table's colour around the card. */
  table: string;
}

/** The photo's size: a phone's picture scaled down, so the corpus stays small. */
const PHOTO_W = 1200;
const PHOTO_H = 860;

/** The 3×3 homography (row-major, h33 = 1) that maps the four `from` points onto the four `to` points. */
function homography(from: ReadonlyArray<[number, number]>, to: ReadonlyArray<[number, number]>): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = 0; row < 8; row++) {
      if (row === col) continue;
      const f = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < 9; k++) a[row]![k]! -= f * a[col]![k]!;
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));

/** The card (raw RGB, w × h) laid on a table and photographed: warped, shaded and noisy, raw RGB of PHOTO_W × PHOTO_H. */
export function warpOntoTable(card: Buffer, w: number, h: number, look: PhotoLook, r: Random): { data: Buffer; width: number; height: number } {
  const scale = (PHOTO_W * r.between(0.76, 0.84)) / w;
  const cx = PHOTO_W / 2 + r.between(-30, 30);
  const cy = PHOTO_H / 2 + r.between(-25, 25);
  const angle = (look.angleDegrees * Math.PI) / 180;
  const halfW = (w * scale) / 2;
  const halfH = (h * scale) / 2;
  const inset = look.keystone * halfW;
  // Corners before turning: the far (top) edge is shorter.
  const corners: Array<[number, number]> = [
    [-halfW + inset, -halfH],
    [halfW - inset, -halfH],
    [halfW, halfH],
    [-halfW, halfH],
  ];
  const placed = corners.map(([x, y]): [number, number] => [cx + x * Math.cos(angle) - y * Math.sin(angle), cy + x * Math.sin(angle) + y * Math.cos(angle)]);
  const back = homography(placed, [
    [0, 0],
    [w - 1, 0],
    [w - 1, h - 1],
    [0, h - 1],
  ]);
  const table = hex(look.table);
  const light = r.between(0, Math.PI * 2);
  const [lx, ly] = [Math.cos(light), Math.sin(light)];
  const out = Buffer.alloc(PHOTO_W * PHOTO_H * 3);
  const gauss = () => Math.sqrt(-2 * Math.log(r.next() || 1e-9)) * Math.cos(2 * Math.PI * r.next());
  for (let y = 0; y < PHOTO_H; y++) {
    for (let x = 0; x < PHOTO_W; x++) {
      const d = back[6]! * x + back[7]! * y + 1;
      const u = (back[0]! * x + back[1]! * y + back[2]!) / d;
      const v = (back[3]! * x + back[4]! * y + back[5]!) / d;
      // Light falls off along one direction across the whole picture.
      const along = ((x / PHOTO_W - 0.5) * lx + (y / PHOTO_H - 0.5) * ly + 0.7) / 1.4;
      const lit = 1 - look.shade * Math.min(1, Math.max(0, along));
      const o = (y * PHOTO_W + x) * 3;
      const inside = u >= 0 && v >= 0 && u <= w - 1 && v <= h - 1;
      for (let c = 0; c < 3; c++) {
        let value: number;
        if (inside) {
          const x0 = Math.floor(u);
          const y0 = Math.floor(v);
          const x1 = Math.min(x0 + 1, w - 1);
          const y1 = Math.min(y0 + 1, h - 1);
          const fx = u - x0;
          const fy = v - y0;
          const at = (px: number, py: number) => card[(py * w + px) * 3 + c]!;
          value = (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
        } else {
          value = table[c]! * (0.85 + 0.15 * Math.sin(y / 9 + Math.sin(x / 97) * 3));
        }
        out[o + c] = Math.max(0, Math.min(255, Math.round(value * lit + gauss() * look.noise)));
      }
    }
  }
  return { data: out, width: PHOTO_W, height: PHOTO_H };
}
