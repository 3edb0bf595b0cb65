/**
 * Backgrounds drawn from the words that set the scene, in the icons' flat family: a sky or a wall, then the setting's
 * shapes low in the frame (a skyline, fields, waves, ridges, dunes, a counter, a desk), all kept deep enough that white
 * type and the captions read on them. A night scene has a moon, stars and lit windows, never a sun. Without a setting
 * the palette's own background stands (two glows that trade places scene by scene).
 *
 * Every background is drawn `bleed` pixels past the frame on each side (the frame's top-left at bleed, bleed), so
 * the camera's drift never shows an edge; the shapes are laid out for the frame and simply run on past it.
 */
import type { IllustrationPalette } from '../palette.ts';
import type { Scenery } from '../reading.ts';

interface Canvas {
  /** The frame's size; x and y below are frame coordinates (the bleed lies at negative and past-the-end values). */
  width: number;
  height: number;
  bleed: number;
  short: number;
  index: number;
}

const r = (n: number): number => Math.round(n);

/** A small repeatable sequence of numbers in [0, 1), so a background is the same every time it is drawn. */
function random(seed: number): () => number {
  let state = (seed * 2654435761 + 1013904223) >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const gradient = (id: string, stops: readonly string[], x2 = 0, y2 = 1): string =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((color, i) => `<stop offset="${(i / Math.max(1, stops.length - 1)).toFixed(2)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

/** The whole canvas (frame and bleed) in one fill. */
const fill = (c: Canvas, paint: string): string =>
  `<rect x="${-c.bleed}" y="${-c.bleed}" width="${c.width + 2 * c.bleed}" height="${c.height + 2 * c.bleed}" fill="${paint}"/>`;

/** Everything from `y` down to the canvas's bottom edge. */
const ground = (c: Canvas, y: number, paint: string, opacity = 1): string =>
  `<rect x="${-c.bleed}" y="${r(y)}" width="${c.width + 2 * c.bleed}" height="${r(c.height + c.bleed - y)}" fill="${paint}" fill-opacity="${opacity}"/>`;

/** Buildings along `base`, their tops between 10 % and 30 % of the frame's height above it; windows lit at night. */
function skyline(c: Canvas, base: number, color: string, lit: string | null, seed: number, opacity = 1): string {
  const next = random(seed);
  const parts: string[] = [];
  const unit = c.short * 0.07;
  for (let x = -c.bleed; x < c.width + c.bleed; ) {
    const w = unit * (0.8 + next() * 1.2);
    const h = c.height * (0.1 + next() * 0.2);
    parts.push(`<rect x="${r(x)}" y="${r(base - h)}" width="${r(w - unit * 0.08)}" height="${r(h + c.bleed)}"/>`);
    if (lit)
      for (let wy = base - h + unit * 0.35; wy < base - unit * 0.3; wy += unit * 0.42)
        for (let wx = x + unit * 0.2; wx < x + w - unit * 0.35; wx += unit * 0.34)
          if (next() < 0.32)
            parts.push(
              `<rect x="${r(wx)}" y="${r(wy)}" width="${r(unit * 0.14)}" height="${r(unit * 0.18)}" fill="${lit}"/>`,
            );
    x += w;
  }
  return `<g fill="${color}" fill-opacity="${opacity}">${parts.join('')}</g>`;
}

function stars(c: Canvas, count: number, below: number): string {
  const next = random(c.index + 11);
  const dots = Array.from({ length: count }, () => {
    const size = Math.max(1.5, c.short * (0.002 + next() * 0.003));
    return `<circle cx="${r(-c.bleed + next() * (c.width + 2 * c.bleed))}" cy="${r(-c.bleed + next() * (below + c.bleed))}" r="${size.toFixed(1)}" fill-opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>`;
  });
  return `<g fill="#ffffff">${dots.join('')}</g>`;
}

/** Rolling bands from `top` down, each a little darker: hills, fields, dunes, waves. */
function bands(c: Canvas, top: number, colors: readonly string[], amplitude: number, waves: number): string {
  const step = (c.height + c.bleed - top) / colors.length;
  return colors
    .map((color, i) => {
      const y = top + i * step;
      const a = amplitude * (1 - i * 0.15);
      const span = c.width + 2 * c.bleed;
      const points: string[] = [];
      for (let k = 0; k <= 24; k++) {
        const x = -c.bleed + (span * k) / 24;
        points.push(`${r(x)},${r(y + Math.sin((k / 24) * Math.PI * waves + i * 1.3 + c.index) * a)}`);
      }
      return `<path d="M${points.join(' L')} L${r(c.width + c.bleed)},${r(c.height + c.bleed)} L${-c.bleed},${r(c.height + c.bleed)} Z" fill="${color}"/>`;
    })
    .join('');
}

function moon(c: Canvas, x: number, y: number, sky: string): string {
  const m = c.short * 0.07;
  return (
    `<circle cx="${r(x)}" cy="${r(y)}" r="${r(m * 2.4)}" fill="#fff6d8" fill-opacity="0.07"/>` +
    `<circle cx="${r(x)}" cy="${r(y)}" r="${r(m)}" fill="#fff3c4"/>` +
    `<circle cx="${r(x + m * 0.45)}" cy="${r(y - m * 0.25)}" r="${r(m * 0.85)}" fill="${sky}"/>`
  );
}

function sun(c: Canvas, x: number, y: number, color: string): string {
  const s = c.short * 0.11;
  return (
    `<circle cx="${r(x)}" cy="${r(y)}" r="${r(s * 2.2)}" fill="${color}" fill-opacity="0.18"/>` +
    `<circle cx="${r(x)}" cy="${r(y)}" r="${r(s)}" fill="${color}"/>`
  );
}

/**
 * Where along the frame's width a setting's feature (moon, sun, barn) sits: on the side the layouts give the drawing
 * rather than the words (left on even beats), so it never sits behind type.
 */
const side = (c: Canvas, share: number): number => (c.index % 2 === 0 ? c.width * (1 - share) : c.width * share);

const SCENERY: Record<Scenery, (c: Canvas, p: IllustrationPalette) => { defs: string; body: string }> = {
  night: (c) => {
    const horizon = c.height * 0.78;
    return {
      defs: gradient('sky', ['#060b1f', '#101b3f', '#1c2a55']),
      body:
        fill(c, 'url(#sky)') +
        stars(c, 90, horizon - c.height * 0.2) +
        moon(c, side(c, 0.85), c.height * 0.1, '#0a1128') +
        skyline(c, horizon + c.height * 0.05, '#1a2346', null, c.index + 3) +
        skyline(c, horizon + c.height * 0.12, '#0c1230', '#ffd36b', c.index + 5) +
        ground(c, horizon + c.height * 0.12, '#0c1230'),
    };
  },
  dawn: (c) => {
    const horizon = c.height * 0.74;
    return {
      defs: gradient('sky', ['#1b1f4a', '#4a3a78', '#b86a6a', '#e8a36a']),
      body:
        fill(c, 'url(#sky)') +
        sun(c, side(c, 0.3), horizon, '#ffd9a0') +
        bands(c, horizon, ['#3a3560', '#2a2850', '#1d1c3c'], c.short * 0.03, 3),
    };
  },
  dusk: (c) => {
    const horizon = c.height * 0.74;
    return {
      defs: gradient('sky', ['#140f33', '#47245e', '#9a3d5a', '#d9714a']),
      body:
        fill(c, 'url(#sky)') +
        stars(c, 25, c.height * 0.35) +
        sun(c, side(c, 0.7), horizon + c.short * 0.04, '#ff9a5a') +
        bands(c, horizon, ['#3d1f48', '#2a163a', '#1a0e28'], c.short * 0.025, 2),
    };
  },
  city: (c, p) => {
    const base = c.height * 0.9;
    return {
      defs: gradient('sky', [p.top, p.bottom]),
      body:
        fill(c, 'url(#sky)') +
        skyline(c, base - c.height * 0.05, '#ffffff', null, c.index + 1, 0.12) +
        skyline(c, base, '#000000', null, c.index + 2, 0.45) +
        ground(c, base, '#000000', 0.45),
    };
  },
  farm: (c) => {
    const horizon = c.height * 0.76;
    const barn = c.short * 0.1;
    const bx = side(c, 0.9);
    return {
      defs: gradient('sky', ['#12324a', '#1f5068', '#3b7386']),
      body:
        fill(c, 'url(#sky)') +
        bands(c, horizon, ['#2f6b3a', '#275a30', '#1e4a27', '#173b1f'], c.short * 0.025, 2.5) +
        `<g transform="translate(${r(bx - barn / 2)} ${r(horizon - barn * 0.75)})"><rect y="${r(barn * 0.35)}" width="${r(barn)}" height="${r(barn * 0.6)}" fill="#8c2f2a"/><polygon points="${r(-barn * 0.08)},${r(barn * 0.38)} ${r(barn / 2)},0 ${r(barn * 1.08)},${r(barn * 0.38)}" fill="#6d2420"/><rect x="${r(barn * 0.38)}" y="${r(barn * 0.6)}" width="${r(barn * 0.24)}" height="${r(barn * 0.35)}" fill="#3b1412"/></g>`,
    };
  },
  sea: (c) => {
    const horizon = c.height * 0.66;
    const next = random(c.index + 7);
    const crests = Array.from({ length: 18 }, () => {
      const x = -c.bleed + next() * (c.width + 2 * c.bleed);
      const y = horizon + c.height * 0.05 + next() * (c.height * 0.3);
      const w = c.short * (0.03 + next() * 0.04);
      return `<path d="M${r(x)},${r(y)} q${r(w / 2)},${r(-w / 3)} ${r(w)},0" stroke="#ffffff" stroke-opacity="0.25" stroke-width="${Math.max(2, r(c.short * 0.004))}" fill="none"/>`;
    });
    return {
      defs: gradient('sky', ['#0e2a4a', '#1d4b72', '#3c77a0']),
      body:
        fill(c, 'url(#sky)') +
        sun(c, side(c, 0.75), c.height * 0.2, '#fff1c2') +
        bands(c, horizon, ['#16507a', '#11436a', '#0c3558', '#082a47'], c.short * 0.012, 6) +
        crests.join(''),
    };
  },
  mountains: (c) => {
    const base = c.height * 0.8;
    const peaks = (color: string, height: number, count: number, shift: number, snow: boolean) => {
      const span = c.width + 2 * c.bleed;
      const w = span / count;
      return Array.from({ length: count + 1 }, (_, k) => {
        const x = -c.bleed + k * w + shift * w;
        const top = base - height * (0.75 + ((k * 37) % 5) * 0.06);
        const cap = snow
          ? `<polygon points="${r(x)},${r(top)} ${r(x - w * 0.14)},${r(top + height * 0.2)} ${r(x + w * 0.14)},${r(top + height * 0.2)}" fill="#eef4ff"/>`
          : '';
        return `<polygon points="${r(x - w * 0.7)},${r(base)} ${r(x)},${r(top)} ${r(x + w * 0.7)},${r(base)}" fill="${color}"/>${cap}`;
      }).join('');
    };
    return {
      defs: gradient('sky', ['#0f2340', '#244a70', '#4f7a9a']),
      body:
        fill(c, 'url(#sky)') +
        peaks('#5b7c9c', c.height * 0.45, 4, c.index % 2 ? 0.3 : 0.6, true) +
        peaks('#24405c', c.height * 0.28, 6, 0.2, false) +
        ground(c, base, '#1a3048'),
    };
  },
  desert: (c) => {
    const horizon = c.height * 0.72;
    const cx = side(c, 0.9);
    const h = c.short * 0.16;
    const cactus =
      `<g fill="#2f5d3a"><rect x="${r(cx - h * 0.09)}" y="${r(horizon - h)}" width="${r(h * 0.18)}" height="${r(h * 1.05)}" rx="${r(h * 0.09)}"/>` +
      `<rect x="${r(cx - h * 0.38)}" y="${r(horizon - h * 0.7)}" width="${r(h * 0.14)}" height="${r(h * 0.4)}" rx="${r(h * 0.07)}"/><rect x="${r(cx - h * 0.38)}" y="${r(horizon - h * 0.4)}" width="${r(h * 0.35)}" height="${r(h * 0.12)}"/>` +
      `<rect x="${r(cx + h * 0.24)}" y="${r(horizon - h * 0.8)}" width="${r(h * 0.14)}" height="${r(h * 0.45)}" rx="${r(h * 0.07)}"/><rect x="${r(cx + h * 0.04)}" y="${r(horizon - h * 0.45)}" width="${r(h * 0.34)}" height="${r(h * 0.12)}"/></g>`;
    return {
      defs: gradient('sky', ['#3a1f3a', '#7a3b3a', '#b86a3e']),
      body:
        fill(c, 'url(#sky)') +
        sun(c, side(c, 0.72), c.height * 0.3, '#ffcf7a') +
        bands(c, horizon, ['#a8683a', '#8c5430', '#6e4126'], c.short * 0.04, 1.6) +
        cactus,
    };
  },
  kitchen: (c) => {
    const counter = c.height * 0.8;
    const tile = c.short * 0.09;
    const shelf = c.height * 0.09;
    const jar = c.short * 0.05;
    const jars = [0.08, 0.15, 0.85, 0.92]
      .map(
        (share, k) =>
          `<rect x="${r(c.width * share - jar / 2)}" y="${r(shelf - jar * (1.2 + (k % 2) * 0.4))}" width="${r(jar)}" height="${r(jar * (1.2 + (k % 2) * 0.4))}" rx="${r(jar * 0.2)}" fill="${['#c9834a', '#6fa86a', '#d9b24a', '#7a9ad0'][k]}" fill-opacity="0.55"/>`,
      )
      .join('');
    return {
      defs:
        gradient('sky', ['#2a3a44', '#1d2a33']) +
        `<pattern id="tiles" width="${r(tile)}" height="${r(tile)}" patternUnits="userSpaceOnUse"><rect width="${r(tile)}" height="${r(tile)}" fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="2"/></pattern>`,
      body:
        fill(c, 'url(#sky)') +
        fill(c, 'url(#tiles)') +
        `<rect x="${-c.bleed}" y="${r(shelf)}" width="${c.width + 2 * c.bleed}" height="${r(c.short * 0.015)}" fill="#5a3d2b"/>` +
        jars +
        ground(c, counter, '#4a3326') +
        `<rect x="${-c.bleed}" y="${r(counter)}" width="${c.width + 2 * c.bleed}" height="${r(c.short * 0.02)}" fill="#6b4a36"/>`,
    };
  },
  office: (c) => {
    const desk = c.height * 0.82;
    const win = { x: side(c, 0.12) - c.short * 0.14, y: c.height * 0.1, w: c.short * 0.28, h: c.height * 0.42 };
    const blinds = Array.from(
      { length: 7 },
      (_, k) =>
        `<rect x="${r(win.x)}" y="${r(win.y + (k * win.h) / 7)}" width="${r(win.w)}" height="${r(win.h / 14)}" fill="#ffffff" fill-opacity="0.08"/>`,
    ).join('');
    return {
      defs: gradient('sky', ['#1d2b3c', '#172331']),
      body:
        fill(c, 'url(#sky)') +
        `<rect x="${r(win.x)}" y="${r(win.y)}" width="${r(win.w)}" height="${r(win.h)}" fill="#3b5a78" fill-opacity="0.5" stroke="#ffffff" stroke-opacity="0.12" stroke-width="4"/>` +
        blinds +
        ground(c, desk, '#3a2f28') +
        `<rect x="${-c.bleed}" y="${r(desk)}" width="${c.width + 2 * c.bleed}" height="${r(c.short * 0.02)}" fill="#55463b"/>`,
    };
  },
  classroom: (c) => {
    const board = { x: c.width * 0.08, y: c.height * 0.12, w: c.width * 0.84, h: c.height * 0.56 };
    return {
      defs: gradient('sky', ['#2b2a33', '#22212a']),
      body:
        fill(c, 'url(#sky)') +
        `<rect x="${r(board.x - 10)}" y="${r(board.y - 10)}" width="${r(board.w + 20)}" height="${r(board.h + 20)}" rx="8" fill="#6b4a34"/>` +
        `<rect x="${r(board.x)}" y="${r(board.y)}" width="${r(board.w)}" height="${r(board.h)}" fill="#1f3a2e"/>` +
        `<path d="M${r(board.x + board.w * 0.06)},${r(board.y + board.h * 0.88)} q${r(board.w * 0.05)},${r(-board.h * 0.06)} ${r(board.w * 0.1)},0 t${r(board.w * 0.1)},0" stroke="#ffffff" stroke-opacity="0.18" stroke-width="4" fill="none"/>` +
        ground(c, c.height * 0.86, '#3d3029'),
    };
  },
};

/** The palette's own background: a deep gradient with two glows that trade places scene by scene. */
function plain(c: Canvas, palette: IllustrationPalette): { defs: string; body: string } {
  const left = c.index % 2 === 0;
  const glowA = { cx: r(c.width * (left ? 0.22 : 0.78)), cy: r(c.height * 0.32), r: r(c.short * 0.75) };
  const glowB = { cx: r(c.width * (left ? 0.85 : 0.15)), cy: r(c.height * 0.9), r: r(c.short * 0.6) };
  const dots: string[] = [];
  const step = r(c.short * 0.045);
  const dotsX = left ? c.width * 0.62 : c.width * 0.05;
  for (let y = r(c.height * 0.06); y < c.height * 0.3; y += step)
    for (let x = r(dotsX); x < dotsX + c.width * 0.3; x += step)
      dots.push(`<circle cx="${x}" cy="${y}" r="${Math.max(1.5, c.short * 0.0028).toFixed(1)}"/>`);
  return {
    defs:
      gradient('sky', [palette.top, palette.bottom], 0.3, 1) +
      `<radialGradient id="ga"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.22"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>` +
      `<radialGradient id="gb"><stop offset="0" stop-color="${palette.second}" stop-opacity="0.16"/><stop offset="1" stop-color="${palette.second}" stop-opacity="0"/></radialGradient>`,
    body:
      fill(c, 'url(#sky)') +
      `<circle cx="${glowA.cx}" cy="${glowA.cy}" r="${glowA.r}" fill="url(#ga)"/><circle cx="${glowB.cx}" cy="${glowB.cy}" r="${glowB.r}" fill="url(#gb)"/>` +
      `<g fill="${palette.ink}" fill-opacity="0.1">${dots.join('')}</g>` +
      `<circle cx="${glowB.cx}" cy="${glowB.cy}" r="${r(c.short * 0.3)}" fill="none" stroke="${palette.ink}" stroke-opacity="0.06" stroke-width="${Math.max(2, r(c.short * 0.004))}"/>`,
  };
}

/** How far past the frame every background is drawn: room for the longest drift the render gives a beat. */
export const bleedFor = (width: number, height: number): number => Math.round(Math.max(width, height) * 0.12);

/**
 * The background of a beat: `scenery`'s setting, or the palette's own. A veil keeps the middle of the frame, where
 * the drawing and its type go, deep enough for white type (the settings' light stays at the edges and the horizon).
 */
export function sceneryBackground(
  scenery: Scenery | null,
  frame: { width: number; height: number },
  palette: IllustrationPalette,
  index: number,
): { svg: string; bleed: number } {
  const { width, height } = frame;
  const bleed = bleedFor(width, height);
  // Only odd or even: a scene's drawing is cached by which side its layout takes (cache.ts IllustrationKey).
  const c: Canvas = { width, height, bleed, short: Math.min(width, height), index: index % 2 };
  const { defs, body } = scenery ? SCENERY[scenery](c, palette) : plain(c, palette);
  const veil = scenery
    ? `<radialGradient id="veil" gradientUnits="userSpaceOnUse" cx="${r(width / 2)}" cy="${r(height * 0.45)}" r="${r(Math.max(width, height) * 0.6)}"><stop offset="0" stop-color="#000000" stop-opacity="0.42"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></radialGradient>`
    : '';
  const total = { width: width + 2 * bleed, height: height + 2 * bleed };
  return {
    bleed,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${total.width}" height="${total.height}" viewBox="0 0 ${total.width} ${total.height}">` +
      `<defs>${defs.replace('id="sky"', 'id="sky" gradientUnits="objectBoundingBox"')}${veil}</defs>` +
      `<g transform="translate(${bleed} ${bleed})">${body}${scenery ? fill(c, 'url(#veil)') : ''}</g></svg>`,
  };
}
