/**
 * The painter of the demo pictures (scripts/draw-demo-images.mjs runs it; the CMS never does).
 *
 * Draws calm, warm, illustrative pictures as SVG (sky gradients, hills, the
 * Himalaya, simple houses, abstract faceless figures, prayer flags, ...) and
 * renders them to JPEG with sharp. There is no text in the pictures, so no
 * fonts are needed.
 *
 * A picture is `{ key, width, height, scene }`. Everything is derived from a
 * PRNG seeded with `key`, and all numbers written into the SVG are rounded,
 * so the same picture always gives the same SVG.
 *
 * Portrait hint: a portrait key ending in `-f` gets a feminine style (long
 * hair, plait or bun, often a shawl), one ending in `-m` a masculine style
 * (short hair, sometimes a dhaka topi); otherwise the style is chosen by the
 * PRNG.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { cmsDir } from "./paths.mjs";

// sharp is a dependency of the CMS (it resizes uploads there).
const sharp = createRequire(path.join(cmsDir, "package.json"))("sharp");

export const sceneNames = ["hills", "home", "school", "meal", "garden", "festival", "library", "health", "playground", "portrait"];

function seedFromKey(key) {
  // FNV-1a, 32 bit
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds to one decimal and prints without "-0". */
function n(v) {
  const r = Math.round(v * 10) / 10;
  return (r === 0 ? 0 : r).toString();
}

function hexToRgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear mix of two #rrggbb colours. */
function mix(a, b, t) {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  const c = (x, y) =>
    Math.max(0, Math.min(255, Math.round(x + (y - x) * t)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(ar, br)}${c(ag, bg)}${c(ab, bb)}`;
}

const lighten = (c, t) => mix(c, "#ffffff", t);

const darken = (c, t) => mix(c, "#2a1a12", t);

class Svg {
  W;
  H;
  r;
  defs = [];
  body = [];
  counter = 0;
  constructor(W, H, r) {
    this.W = W;
    this.H = H;
    this.r = r;
  }
  /** Uniform float in [a, b). */
  rr(a, b) {
    return a + this.r() * (b - a);
  }
  /** Uniform integer in [a, b]. */
  ri(a, b) {
    return Math.floor(this.rr(a, b + 1));
  }
  pick(items) {
    return items[Math.floor(this.r() * items.length) % items.length];
  }
  chance(p) {
    return this.r() < p;
  }
  id(prefix) {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }
  def(s) {
    this.defs.push(s);
  }
  add(s) {
    this.body.push(s);
  }
  linear(stops, x2 = 0, y2 = 1) {
    const id = this.id("lg");
    const st = stops
      .map(([o, c, a]) => `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
      .join("");
    this.def(`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${st}</linearGradient>`);
    return `url(#${id})`;
  }
  radial(stops) {
    const id = this.id("rg");
    const st = stops
      .map(([o, c, a]) => `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
      .join("");
    this.def(`<radialGradient id="${id}" cx="50%" cy="50%" r="50%">${st}</radialGradient>`);
    return `url(#${id})`;
  }
  toString() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.W}" height="${this.H}" ` +
      `viewBox="0 0 ${this.W} ${this.H}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

const rect = (x, y, w, h, fill, rx = 0, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""} fill="${fill}"${extra}/>`;

const circle = (x, y, r, fill, extra = "") => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;

const ellipse = (x, y, rx, ry, fill, extra = "") =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;

const poly = (pts, fill, extra = "") => `<polygon points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${fill}"${extra}/>`;

const line = (x1, y1, x2, y2, stroke, w, extra = "") =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(w)}" stroke-linecap="round"${extra}/>`;

const DAY_PALETTES = [
  // peach dawn
  {
    skyTop: "#f5bf98",
    skyBottom: "#fdeccf",
    sun: "#fff3c4",
    mountain: "#c2b0cc",
    snow: "#fffaf2",
    hills: ["#c9cf8f", "#9fb874", "#76985a"],
    field: "#a9c47a",
  },
  // clear morning
  {
    skyTop: "#9fcbe0",
    skyBottom: "#fbe3bf",
    sun: "#ffe9a8",
    mountain: "#a9b6d0",
    snow: "#ffffff",
    hills: ["#b7cf8e", "#8db46a", "#66924f"],
    field: "#9fc173",
  },
  // golden afternoon
  {
    skyTop: "#f2a685",
    skyBottom: "#fcdba6",
    sun: "#fff0c8",
    mountain: "#b49ab5",
    snow: "#fff4ea",
    hills: ["#d6bd7c", "#adaa66", "#7f8c50"],
    field: "#b8b46e",
  },
  // soft rose
  {
    skyTop: "#efb0a4",
    skyBottom: "#f9e4c6",
    sun: "#ffe4b0",
    mountain: "#b8a7c2",
    snow: "#fff8f0",
    hills: ["#bcc487", "#94ab6b", "#6f8c55"],
    field: "#a5bb75",
  },
];

const DUSK_PALETTES = [
  {
    skyTop: "#4f4678",
    skyBottom: "#f2a97e",
    sun: "#ffd99a",
    mountain: "#7d6a8e",
    snow: "#eadbe8",
    hills: ["#8a6f7a", "#6b5866", "#4d4150"],
    field: "#5e4d57",
  },
  {
    skyTop: "#5d4a80",
    skyBottom: "#f6b67a",
    sun: "#ffe0a0",
    mountain: "#8a7096",
    snow: "#f0dfe6",
    hills: ["#94727a", "#735a66", "#52424f"],
    field: "#634f58",
  },
];

const SKIN = ["#8d5a3b", "#a86b47", "#c08457", "#7a4a30", "#b5774e", "#9a6242"];

const HAIR = ["#2a1c15", "#33221a", "#1f1612", "#3b2a20"];

const CLOTHES = ["#d9534f", "#e58a3a", "#f2b84b", "#5b8fc7", "#4f9a8a", "#9b6bb3", "#e07a9a", "#7fae5a", "#c9503e", "#3f7fa8"];

const LOWER = ["#3d4f7a", "#5a4636", "#2f4a5e", "#6b4a3a", "#4a5a3a", "#7a3f4a"];

const FLAG_COLOURS = ["#3b6fb6", "#f6f2e8", "#d2473b", "#3f9a5a", "#f2c230"];

/* ------------------------------------------------------------------ */
/* Landscape pieces                                                    */
/* ------------------------------------------------------------------ */
function sky(s, p) {
  s.add(
    rect(
      0,
      0,
      s.W,
      s.H,
      s.linear([
        [0, p.skyTop],
        [0.75, p.skyBottom],
      ]),
    ),
  );
}

function sun(s, x, y, r, colour) {
  s.add(
    circle(
      x,
      y,
      r * 3.2,
      s.radial([
        [0, colour, 0.75],
        [0.35, colour, 0.3],
        [1, colour, 0],
      ]),
    ),
  );
  s.add(circle(x, y, r, colour));
}

function clouds(s, count, yMin, yMax, opacity = 0.55) {
  for (let i = 0; i < count; i++) {
    const x = s.rr(-0.05, 1.05) * s.W;
    const y = s.rr(yMin, yMax) * s.H;
    const w = s.rr(0.08, 0.16) * s.W;
    const h = w * s.rr(0.16, 0.24);
    const parts = [
      ellipse(x, y, w / 2, h / 2, "#ffffff"),
      ellipse(x - w * 0.18, y - h * 0.35, w * 0.22, h * 0.55, "#ffffff"),
      ellipse(x + w * 0.12, y - h * 0.45, w * 0.25, h * 0.65, "#ffffff"),
    ];
    s.add(`<g opacity="${n(opacity)}">${parts.join("")}</g>`);
  }
}

function birds(s, count, colour = "#5a4a4a") {
  const cx = s.rr(0.15, 0.85) * s.W;
  const cy = s.rr(0.12, 0.3) * s.H;
  for (let i = 0; i < count; i++) {
    const x = cx + s.rr(-0.08, 0.08) * s.W;
    const y = cy + s.rr(-0.05, 0.05) * s.H;
    const a = s.W * s.rr(0.006, 0.011);
    s.add(
      `<path d="M${n(x - 2 * a)} ${n(y)} q${n(a)} ${n(-a)} ${n(2 * a)} 0 q${n(a)} ${n(-a)} ${n(2 * a)} 0" ` +
        `fill="none" stroke="${colour}" stroke-width="${n(Math.max(1.2, a * 0.25))}" stroke-linecap="round" opacity="0.55"/>`,
    );
  }
}

/** A range of snow-capped peaks. */
function mountains(s, p, baseY, height, colour = p.mountain) {
  const pts = [];
  let x = -s.W * 0.05;
  pts.push([x, baseY - height * s.rr(0.1, 0.3)]);
  const peaks = [];
  while (x < s.W * 1.05) {
    const w = s.W * s.rr(0.1, 0.2);
    const peak = [x + w * s.rr(0.4, 0.6), baseY - height * s.rr(0.5, 1)];
    const valley = [x + w, baseY - height * s.rr(0.12, 0.38)];
    const left = pts[pts.length - 1];
    pts.push(peak, valley);
    peaks.push({ peak, left, right: valley });
    x += w;
  }
  const outline = [[-s.W * 0.05, baseY + 2], ...pts, [x, baseY + 2]];
  s.add(
    poly(
      outline,
      s.linear([
        [0, colour],
        [1, mix(colour, p.skyBottom, 0.55)],
      ]),
    ),
  );
  // snow caps
  for (const { peak, left, right } of peaks) {
    const t = s.rr(0.22, 0.34);
    const L = [peak[0] + (left[0] - peak[0]) * t, peak[1] + (left[1] - peak[1]) * t];
    const R = [peak[0] + (right[0] - peak[0]) * t, peak[1] + (right[1] - peak[1]) * t];
    const jag = [];
    for (let k = 1; k < 4; k++) {
      const jx = R[0] + ((L[0] - R[0]) * k) / 4;
      const jy = R[1] + ((L[1] - R[1]) * k) / 4 + (k % 2 ? height * 0.05 : -height * 0.01);
      jag.push([jx, jy]);
    }
    s.add(poly([peak, R, ...jag, L], p.snow, ' opacity="0.92"'));
  }
}

/** A rolling hill filling everything below a wavy line. Returns its top line. */
function hill(s, baseY, amp, colour) {
  const f1 = (s.rr(0.7, 1.5) * 2 * Math.PI) / s.W;
  const f2 = (s.rr(1.8, 3.2) * 2 * Math.PI) / s.W;
  const p1 = s.rr(0, 2 * Math.PI);
  const p2 = s.rr(0, 2 * Math.PI);
  const yAt = (x) => baseY + amp * (0.65 * Math.sin(x * f1 + p1) + 0.35 * Math.sin(x * f2 + p2));
  const steps = 80;
  let d = `M0 ${n(yAt(0))}`;
  for (let i = 1; i <= steps; i++) {
    const x = (s.W * i) / steps;
    d += ` L${n(x)} ${n(yAt(x))}`;
  }
  d += ` L${s.W} ${s.H} L0 ${s.H} Z`;
  s.add(
    `<path d="${d}" fill="${s.linear([
      [0, lighten(colour, 0.18)],
      [0.5, colour],
    ])}"/>`,
  );
  return yAt;
}

/** Terrace lines following a hill's contour. */
function terraces(s, yAt, colour, count, gap) {
  const x0 = s.rr(0, 0.4) * s.W;
  const x1 = x0 + s.rr(0.3, 0.6) * s.W;
  for (let k = 1; k <= count; k++) {
    let d = "";
    const steps = 40;
    for (let i = 0; i <= steps; i++) {
      const x = x0 + ((x1 - x0) * i) / steps;
      d += `${i ? " L" : "M"}${n(x)} ${n(yAt(x) + k * gap)}`;
    }
    s.add(
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(Math.max(1.5, gap * 0.18))}" ` +
        `stroke-linecap="round" opacity="0.35"/>`,
    );
  }
}

const ROOFS = ["#6d6a75", "#b5533c", "#5d8a6a", "#5a7fa0", "#8a5a44"];

const WALL_LOW = ["#c9784a", "#b5653a", "#d08a55", "#a85a3a"];

const WALL_TOP = ["#f8efe0", "#f3e6cf", "#fbf4e8"];

/** A simple hill house standing on groundY, centred on x. */
function house(s, x, gy, w, storeys = 1, glow = false) {
  const h = w * (storeys === 1 ? 0.62 : 0.95);
  const roofH = w * 0.28;
  const low = s.pick(WALL_LOW);
  const top = s.pick(WALL_TOP);
  const roof = s.pick(ROOFS);
  const win = glow ? "#ffd27a" : "#5a3a28";
  const frame = "#8a5a3a";
  const out = [];
  out.push(rect(x - w / 2, gy - h, w, h, top));
  out.push(rect(x - w / 2, gy - h * (storeys === 1 ? 0.42 : 0.38), w, h * (storeys === 1 ? 0.42 : 0.38), low));
  out.push(
    poly(
      [
        [x - w / 2 - w * 0.09, gy - h + 1],
        [x + w / 2 + w * 0.09, gy - h + 1],
        [x + w * 0.3, gy - h - roofH],
        [x - w * 0.3, gy - h - roofH],
      ],
      roof,
    ),
  );
  out.push(rect(x - w / 2 - w * 0.09, gy - h - w * 0.02, w * 1.18, w * 0.03, darken(roof, 0.25)));
  const rows = storeys === 1 ? 1 : 2;
  for (let row = 0; row < rows; row++) {
    const wy = gy - h + h * (rows === 1 ? 0.18 : 0.1 + row * 0.42);
    const ww = w * 0.16;
    const wh = w * 0.16;
    const cols = w > s.W * 0.12 ? 3 : 2;
    for (let c = 0; c < cols; c++) {
      const cx = x - w / 2 + (w * (c + 1)) / (cols + 1);
      if (row === rows - 1 && c === Math.floor(cols / 2) && cols === 3) continue; // door goes here
      out.push(rect(cx - ww / 2 - w * 0.02, wy - w * 0.02, ww + w * 0.04, wh + w * 0.04, frame));
      out.push(rect(cx - ww / 2, wy, ww, wh, win));
      if (glow)
        out.push(
          circle(
            cx,
            wy + wh / 2,
            ww * 1.3,
            s.radial([
              [0, "#ffd27a", 0.45],
              [1, "#ffd27a", 0],
            ]),
          ),
        );
    }
  }
  // door
  const dw = w * 0.17;
  const dh = h * (storeys === 1 ? 0.5 : 0.32);
  out.push(rect(x - dw / 2 - w * 0.02, gy - dh - w * 0.02, dw + w * 0.04, dh + w * 0.02, frame));
  out.push(rect(x - dw / 2, gy - dh, dw, dh, glow ? "#f2b45a" : "#6b4431"));
  s.add(`<g>${out.join("")}</g>`);
}

function tree(s, x, gy, h, kind) {
  const k = kind ?? (s.chance(0.6) ? "round" : "pine");
  const out = [];
  if (k === "round") {
    const g = s.pick(["#6f9a4f", "#7fa85a", "#5f8c48", "#8aa95a"]);
    out.push(rect(x - h * 0.05, gy - h * 0.45, h * 0.1, h * 0.45, "#7a5236"));
    const cy = gy - h * 0.68;
    out.push(circle(x - h * 0.18, cy + h * 0.06, h * 0.22, darken(g, 0.12)));
    out.push(circle(x + h * 0.18, cy + h * 0.05, h * 0.22, darken(g, 0.08)));
    out.push(circle(x, cy - h * 0.08, h * 0.28, g));
    out.push(circle(x - h * 0.07, cy - h * 0.15, h * 0.12, lighten(g, 0.18), ' opacity="0.7"'));
  } else {
    const g = s.pick(["#4f7a4a", "#5a8650", "#47704a"]);
    out.push(rect(x - h * 0.04, gy - h * 0.2, h * 0.08, h * 0.2, "#6e4a30"));
    for (let i = 0; i < 3; i++) {
      const by = gy - h * 0.15 - i * h * 0.25;
      const bw = h * (0.32 - i * 0.07);
      out.push(
        poly(
          [
            [x - bw, by],
            [x + bw, by],
            [x, by - h * 0.38],
          ],
          i === 2 ? lighten(g, 0.08) : g,
        ),
      );
    }
  }
  s.add(`<g>${out.join("")}</g>`);
}

function quadPoint(x1, y1, cx, cy, x2, y2, t) {
  const u = 1 - t;
  return [u * u * x1 + 2 * u * t * cx + t * t * x2, u * u * y1 + 2 * u * t * cy + t * t * y2];
}

/** A string of Tibetan-style prayer flags (blue, white, red, green, yellow). */
function prayerFlags(s, x1, y1, x2, y2, sag) {
  const cx = (x1 + x2) / 2;
  const cy = Math.max(y1, y2) + sag;
  const len = Math.hypot(x2 - x1, y2 - y1);
  const fw = Math.max(10, s.W * 0.018);
  const count = Math.max(5, Math.floor(len / (fw * 1.45)));
  const out = [
    `<path d="M${n(x1)} ${n(y1)} Q${n(cx)} ${n(cy)} ${n(x2)} ${n(y2)}" fill="none" stroke="#7a6a5a" stroke-width="${n(Math.max(1.2, fw * 0.08))}"/>`,
  ];
  for (let i = 0; i < count; i++) {
    const [px, py] = quadPoint(x1, y1, cx, cy, x2, y2, (i + 0.5) / count);
    const c = FLAG_COLOURS[i % FLAG_COLOURS.length];
    const fh = fw * s.rr(1.05, 1.25);
    const tilt = s.rr(-8, 8);
    out.push(
      `<rect x="${n(px - fw / 2)}" y="${n(py)}" width="${n(fw)}" height="${n(fh)}" fill="${c}" ` +
        `transform="rotate(${n(tilt)} ${n(px)} ${n(py)})" opacity="0.95"/>`,
    );
  }
  s.add(`<g>${out.join("")}</g>`);
}

/** A marigold garland (sayapatri / marigold strings for Tihar and Dashain). */
function garland(s, x1, y1, x2, y2, sag) {
  const cx = (x1 + x2) / 2;
  const cy = Math.max(y1, y2) + sag;
  const len = Math.hypot(x2 - x1, y2 - y1);
  const r = Math.max(4, s.W * 0.008);
  const count = Math.floor(len / (r * 1.6));
  const out = [];
  for (let i = 0; i <= count; i++) {
    const [px, py] = quadPoint(x1, y1, cx, cy, x2, y2, i / count);
    out.push(circle(px, py, r, i % 3 === 2 ? "#f7c844" : "#f08a24"));
  }
  s.add(`<g>${out.join("")}</g>`);
}

function kite(s, x, y, size) {
  const c1 = s.pick(["#d9534f", "#f2b84b", "#5b8fc7", "#e07a9a", "#4f9a8a"]);
  const c2 = lighten(c1, 0.45);
  const out = [];
  out.push(
    poly(
      [
        [x, y - size],
        [x + size * 0.75, y],
        [x, y + size],
        [x, y],
      ],
      c1,
    ),
  );
  out.push(
    poly(
      [
        [x, y - size],
        [x - size * 0.75, y],
        [x, y + size],
        [x, y],
      ],
      c2,
    ),
  );
  const tx = x + size * s.rr(-0.3, 0.3);
  out.push(
    `<path d="M${n(x)} ${n(y + size)} q${n(size * 0.3)} ${n(size * 0.5)} ${n(tx - x)} ${n(size * 1)} ` +
      `t${n(size * 0.1)} ${n(size * 0.9)}" fill="none" stroke="${darken(c1, 0.2)}" stroke-width="${n(size * 0.06)}" opacity="0.8"/>`,
  );
  out.push(
    `<path d="M${n(x)} ${n(y)} Q${n(x - size * 2)} ${n(y + size * 5)} ${n(x - size * 3.5)} ${n(s.H)}" fill="none" ` +
      `stroke="#ffffff" stroke-width="1" opacity="0.45"/>`,
  );
  s.add(`<g>${out.join("")}</g>`);
}

function flowers(s, x, y, spread, count, r) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const fx = x + s.rr(-spread, spread);
    const fy = y + s.rr(-spread * 0.3, spread * 0.3);
    const c = s.pick(["#f08a24", "#f7c844", "#e8553e", "#f29bb0"]);
    out.push(circle(fx, fy, r, c), circle(fx, fy, r * 0.35, darken(c, 0.35)));
  }
  s.add(`<g>${out.join("")}</g>`);
}

/** An abstract person: fy is the foot line (or seat line when seated), h the standing height. */
function figure(s, cx, fy, h, o = {}) {
  const skin = s.pick(SKIN);
  const hair = s.pick(HAIR);
  const shirt = o.coat ? "#f7f4ee" : (o.shirt ?? s.pick(CLOTHES));
  const lower = o.lower ?? s.pick(LOWER);
  const girl = o.girl ?? s.chance(0.5);
  const pose = o.pose ?? "stand";
  // when seated, lift the whole upper body so the hips sit on fy
  const base = o.seated ? fy + h * 0.38 : fy;
  const headR = h * 0.115;
  const headCy = base - h + headR;
  const sY = base - h * 0.72;
  const hipY = base - h * 0.38;
  const legW = h * 0.085;
  const out = [];
  if (o.bag) out.push(rect(cx - h * 0.19, sY + h * 0.03, h * 0.38, h * 0.27, o.bag, h * 0.05));
  if (o.seated) {
    out.push(rect(cx - h * 0.27, hipY - h * 0.06, h * 0.54, h * 0.13, lower, h * 0.065));
  } else if (!o.hideLegs) {
    for (const d of [-1, 1]) {
      out.push(rect(cx + d * h * 0.065 - legW / 2, hipY - h * 0.02, legW, fy - hipY, lower, legW / 2));
      out.push(ellipse(cx + d * h * 0.078, fy - h * 0.01, h * 0.06, h * 0.028, "#4a3426"));
    }
  }
  // hair behind the head (plait / long hair)
  if (girl) {
    out.push(ellipse(cx, headCy + headR * 0.7, headR * 1.02, headR * 1.35, hair));
  }
  // torso
  if (o.coat) {
    out.push(rect(cx - h * 0.16, sY, h * 0.32, hipY - sY + h * 0.16, shirt, h * 0.07));
    out.push(line(cx, sY + h * 0.04, cx, hipY + h * 0.14, "#dcd6cc", h * 0.012));
  } else if (girl) {
    const t = h * 0.13;
    const bot = o.seated ? hipY + h * 0.02 : base - h * 0.22;
    out.push(
      `<path d="M${n(cx - t)} ${n(sY + h * 0.07)} Q${n(cx - t)} ${n(sY)} ${n(cx - h * 0.06)} ${n(sY)} ` +
        `L${n(cx + h * 0.06)} ${n(sY)} Q${n(cx + t)} ${n(sY)} ${n(cx + t)} ${n(sY + h * 0.07)} ` +
        `L${n(cx + h * 0.2)} ${n(bot)} L${n(cx - h * 0.2)} ${n(bot)} Z" fill="${shirt}"/>`,
    );
    // a shawl / dupatta across the shoulder
    out.push(
      `<path d="M${n(cx - t)} ${n(sY + h * 0.05)} Q${n(cx)} ${n(sY + h * 0.2)} ${n(cx + t)} ${n(sY + h * 0.03)}" ` +
        `fill="none" stroke="${lighten(shirt, 0.4)}" stroke-width="${n(h * 0.035)}" stroke-linecap="round"/>`,
    );
  } else {
    out.push(rect(cx - h * 0.15, sY, h * 0.3, hipY - sY + h * 0.06, shirt, h * 0.08));
    if (!o.seated) out.push(rect(cx - h * 0.14, hipY - h * 0.03, h * 0.28, h * 0.1, lower, h * 0.03));
  }
  if (o.coat) {
    // stethoscope
    out.push(
      `<path d="M${n(cx - h * 0.06)} ${n(sY)} Q${n(cx - h * 0.07)} ${n(sY + h * 0.18)} ${n(cx + h * 0.02)} ${n(sY + h * 0.2)}" ` +
        `fill="none" stroke="#3d4f7a" stroke-width="${n(h * 0.014)}"/>`,
    );
    out.push(circle(cx + h * 0.03, sY + h * 0.2, h * 0.018, "#3d4f7a"));
  }
  // arms
  const sL = [cx - h * 0.12, sY + h * 0.05];
  const sR = [cx + h * 0.12, sY + h * 0.05];
  let hL = [cx - h * 0.19, hipY + h * 0.02];
  let hR = [cx + h * 0.19, hipY + h * 0.02];
  if (pose === "armsUp") {
    hL = [cx - h * 0.27, sY - h * 0.2];
    hR = [cx + h * 0.27, sY - h * 0.2];
  } else if (pose === "wave") {
    hR = [cx + h * 0.26, sY - h * 0.18];
  } else if (pose === "reach" || o.book) {
    hL = [cx - h * 0.1, sY + h * 0.26];
    hR = [cx + h * 0.1, sY + h * 0.26];
  }
  const armW = h * 0.075;
  const sleeve = o.coat ? "#efebe3" : darken(shirt, 0.06);
  out.push(line(sL[0], sL[1], hL[0], hL[1], sleeve, armW));
  out.push(line(sR[0], sR[1], hR[0], hR[1], sleeve, armW));
  if (o.book) {
    const bx = cx;
    const by = sY + h * 0.22;
    const bw = h * 0.17;
    const bc = s.pick(["#d9534f", "#5b8fc7", "#4f9a8a", "#e58a3a"]);
    out.push(
      poly(
        [
          [bx - bw, by - h * 0.02],
          [bx, by + h * 0.02],
          [bx + bw, by - h * 0.02],
          [bx + bw, by + h * 0.1],
          [bx, by + h * 0.13],
          [bx - bw, by + h * 0.1],
        ],
        bc,
      ),
    );
    out.push(
      poly(
        [
          [bx - bw * 0.9, by - h * 0.005],
          [bx, by + h * 0.03],
          [bx + bw * 0.9, by - h * 0.005],
          [bx + bw * 0.9, by + h * 0.085],
          [bx, by + h * 0.115],
          [bx - bw * 0.9, by + h * 0.085],
        ],
        "#fbf6ea",
      ),
    );
  }
  out.push(circle(hL[0], hL[1], h * 0.04, skin), circle(hR[0], hR[1], h * 0.04, skin));
  // neck and head
  out.push(rect(cx - h * 0.035, headCy + headR * 0.6, h * 0.07, sY - headCy - headR * 0.6 + h * 0.03, darken(skin, 0.08)));
  out.push(circle(cx, headCy, headR, skin));
  const R = headR * 1.04;
  out.push(
    `<path d="M${n(cx - R)} ${n(headCy + headR * 0.05)} A${n(R)} ${n(R)} 0 0 1 ${n(cx + R)} ${n(headCy + headR * 0.05)} ` +
      `Q${n(cx + headR * 0.55)} ${n(headCy - headR * 0.5)} ${n(cx)} ${n(headCy - headR * 0.45)} ` +
      `Q${n(cx - headR * 0.55)} ${n(headCy - headR * 0.5)} ${n(cx - R)} ${n(headCy + headR * 0.05)} Z" fill="${hair}"/>`,
  );
  if (girl && s.chance(0.5)) {
    out.push(circle(cx + headR * 0.85, headCy - headR * 0.55, headR * 0.22, s.pick(["#e8553e", "#f2b84b", "#e07a9a"])));
  }
  s.add(`<g>${out.join("")}</g>`);
}

/* ------------------------------------------------------------------ */
/* Indoor pieces                                                       */
/* ------------------------------------------------------------------ */
const WALLS = [
  ["#f6dfc0", "#f1cfa5"],
  ["#f7e6cc", "#eed3ad"],
  ["#f4d9c4", "#ebc2a0"],
  ["#f3e3c3", "#e8cf9f"],
];

function room(s, floorY) {
  const [top, bottom] = s.pick(WALLS);
  s.add(
    rect(
      0,
      0,
      s.W,
      floorY,
      s.linear([
        [0, top],
        [1, bottom],
      ]),
    ),
  );
  // a soft lower band, as painted in many Nepali houses
  s.add(rect(0, floorY - s.H * 0.12, s.W, s.H * 0.12, mix(bottom, "#c9784a", 0.35), 0, ' opacity="0.55"'));
  const floor = s.pick(["#b98a5e", "#a87a52", "#c29466"]);
  s.add(
    rect(
      0,
      floorY,
      s.W,
      s.H - floorY,
      s.linear([
        [0, floor],
        [1, darken(floor, 0.18)],
      ]),
    ),
  );
  s.add(rect(0, floorY - 2, s.W, Math.max(3, s.H * 0.012), darken(floor, 0.25)));
  const planks = 6;
  for (let i = 1; i < planks; i++) {
    const y = floorY + ((s.H - floorY) * i * i) / (planks * planks);
    s.add(line(0, y, s.W, y, darken(floor, 0.12), 1.2, ' opacity="0.5"'));
  }
}

function windowView(s, x, y, w, h) {
  const p = s.pick(DAY_PALETTES);
  const clip = s.id("clip");
  s.def(`<clipPath id="${clip}"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"/></clipPath>`);
  const fw = Math.max(6, w * 0.06);
  s.add(rect(x - fw, y - fw, w + 2 * fw, h + 2 * fw, "#8a5a3a", fw * 0.4));
  s.add(`<g clip-path="url(#${clip})">`);
  s.add(
    rect(
      x,
      y,
      w,
      h,
      s.linear([
        [0, p.skyTop],
        [1, p.skyBottom],
      ]),
    ),
  );
  s.add(circle(x + w * s.rr(0.2, 0.8), y + h * 0.3, h * 0.1, p.sun));
  // far ridge and a near hill, drawn inside the window
  const ridge = [[x, y + h]];
  const steps = 6;
  for (let i = 0; i <= steps; i++) ridge.push([x + (w * i) / steps, y + h * (i % 2 ? 0.42 : 0.58) + s.rr(-0.05, 0.05) * h]);
  ridge.push([x + w, y + h]);
  s.add(poly(ridge, mix(p.mountain, p.skyBottom, 0.25)));
  s.add(ellipse(x + w * s.rr(0.2, 0.8), y + h * 1.05, w * 0.9, h * 0.38, p.hills[1]));
  s.add("</g>");
  s.add(line(x + w / 2, y, x + w / 2, y + h, "#8a5a3a", fw * 0.6));
  s.add(line(x, y + h / 2, x + w, y + h / 2, "#8a5a3a", fw * 0.6));
  s.add(rect(x - fw * 1.6, y + h + fw * 0.6, w + fw * 3.2, fw * 1.2, "#9a6a48", fw * 0.3));
}

function pottedPlant(s, x, gy, h) {
  const out = [];
  const g = s.pick(["#6f9a4f", "#5f8c48", "#7fa85a"]);
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + (i - 3) * 0.32;
    const lx = x + Math.cos(a) * h * 0.55;
    const ly = gy - h * 0.4 + Math.sin(a) * h * 0.55;
    out.push(
      `<ellipse cx="${n((x + lx) / 2)}" cy="${n((gy - h * 0.4 + ly) / 2)}" rx="${n(h * 0.3)}" ry="${n(h * 0.08)}" ` +
        `fill="${i % 2 ? g : lighten(g, 0.15)}" transform="rotate(${n((a * 180) / Math.PI)} ${n((x + lx) / 2)} ${n((gy - h * 0.4 + ly) / 2)})"/>`,
    );
  }
  out.push(
    poly(
      [
        [x - h * 0.2, gy - h * 0.42],
        [x + h * 0.2, gy - h * 0.42],
        [x + h * 0.15, gy],
        [x - h * 0.15, gy],
      ],
      "#c0643a",
    ),
  );
  out.push(rect(x - h * 0.23, gy - h * 0.46, h * 0.46, h * 0.07, "#a8532f", h * 0.02));
  s.add(`<g>${out.join("")}</g>`);
}

function vignette(s) {
  s.add(
    rect(
      0,
      0,
      s.W,
      s.H,
      s.radial([
        [0.55, "#5a3418", 0],
        [1, "#5a3418", 0.22],
      ]),
    ),
  );
}

/* ------------------------------------------------------------------ */
/* Scenes                                                              */
/* ------------------------------------------------------------------ */
function outdoorBase(s, p, opts = {}) {
  sky(s, p);
  const sunX = s.rr(0.15, 0.85) * s.W;
  const sunY = (opts.sunLow ? s.rr(0.32, 0.42) : s.rr(0.14, 0.3)) * s.H;
  sun(s, sunX, sunY, Math.min(s.W, s.H) * s.rr(0.05, 0.075), p.sun);
  clouds(s, s.ri(2, 4), 0.08, 0.3);
  const my = (opts.mountainY ?? 0.5) * s.H;
  mountains(s, p, my, s.H * s.rr(0.22, 0.32), mix(p.mountain, p.skyBottom, 0.35));
  mountains(s, p, my + s.H * 0.04, s.H * s.rr(0.14, 0.22));
}

function sceneHills(s) {
  const p = s.pick(DAY_PALETTES);
  outdoorBase(s, p);
  birds(s, s.ri(3, 5));
  const h1 = hill(s, s.H * 0.6, s.H * 0.05, p.hills[0]);
  terraces(s, h1, darken(p.hills[0], 0.3), 4, s.H * 0.022);
  for (let i = 0; i < s.ri(3, 6); i++) {
    const x = s.rr(0.05, 0.95) * s.W;
    house(s, x, h1(x) + s.H * 0.03, s.W * s.rr(0.03, 0.045));
  }
  const h2 = hill(s, s.H * 0.72, s.H * 0.05, p.hills[1]);
  terraces(s, h2, darken(p.hills[1], 0.3), 5, s.H * 0.025);
  for (let i = 0; i < s.ri(4, 7); i++) {
    const x = s.rr(0, 1) * s.W;
    tree(s, x, h2(x) + s.H * 0.02, s.H * s.rr(0.08, 0.12));
  }
  for (let i = 0; i < s.ri(1, 2); i++) {
    const x = s.rr(0.1, 0.9) * s.W;
    house(s, x, h2(x) + s.H * 0.04, s.W * s.rr(0.06, 0.08), s.chance(0.5) ? 2 : 1);
  }
  const h3 = hill(s, s.H * 0.88, s.H * 0.035, p.hills[2]);
  const poleX = s.rr(0.05, 0.2) * s.W;
  const poleTop = h3(poleX) - s.H * 0.5;
  s.add(line(poleX, h3(poleX) + 4, poleX, poleTop, "#7a5a3e", Math.max(3, s.W * 0.005)));
  prayerFlags(s, poleX, poleTop, s.W * 1.02, s.H * s.rr(0.22, 0.32), s.H * 0.1);
  for (let i = 0; i < s.ri(2, 4); i++) {
    const x = s.rr(0.3, 1) * s.W;
    tree(s, x, h3(x) + s.H * 0.03, s.H * s.rr(0.14, 0.2));
  }
  flowers(s, s.rr(0.3, 0.7) * s.W, s.H * 0.95, s.W * 0.1, 10, Math.max(3, s.W * 0.006));
}

function sceneHome(s) {
  const p = s.pick(DAY_PALETTES);
  outdoorBase(s, p, { mountainY: 0.45 });
  const h1 = hill(s, s.H * 0.55, s.H * 0.04, p.hills[0]);
  terraces(s, h1, darken(p.hills[0], 0.3), 3, s.H * 0.02);
  for (let i = 0; i < 3; i++) {
    const x = s.rr(0, 1) * s.W;
    house(s, x, h1(x) + s.H * 0.03, s.W * 0.035);
  }
  hill(s, s.H * 0.66, s.H * 0.03, p.hills[1]);
  const ground = hill(s, s.H * 0.8, s.H * 0.012, p.field);
  const hx = s.rr(0.38, 0.62) * s.W;
  const gy = ground(hx) + s.H * 0.02;
  // courtyard
  s.add(ellipse(hx, gy + s.H * 0.06, s.W * 0.3, s.H * 0.07, lighten(p.field, 0.35), ' opacity="0.8"'));
  const hw = Math.min(s.W * 0.3, s.H * 0.45);
  const flagSide = s.chance(0.5) ? 1 : -1;
  const poleX = hx + flagSide * s.W * 0.4;
  s.add(line(poleX, gy + 4, poleX, gy - s.H * 0.5, "#7a5a3e", Math.max(3, s.W * 0.005)));
  house(s, hx, gy, hw, 2);
  prayerFlags(s, hx + (flagSide * hw) / 2, gy - hw * 1.1, poleX, gy - s.H * 0.5, s.H * 0.06);
  tree(s, hx - hw * 0.85, gy + s.H * 0.01, s.H * 0.3);
  tree(s, hx + hw * 0.85, gy + s.H * 0.01, s.H * 0.26);
  pottedPlant(s, hx - hw * 0.38, gy + s.H * 0.01, s.H * 0.06);
  pottedPlant(s, hx + hw * 0.38, gy + s.H * 0.01, s.H * 0.06);
  const kids = s.ri(2, 4);
  for (let i = 0; i < kids; i++) {
    const x = hx + (i - (kids - 1) / 2) * s.W * 0.07 + s.rr(-0.01, 0.01) * s.W;
    figure(s, x, gy + s.H * s.rr(0.09, 0.12), s.H * s.rr(0.13, 0.17), { pose: s.pick(["stand", "wave", "stand"]) });
  }
  flowers(s, s.W * 0.12, s.H * 0.93, s.W * 0.08, 9, Math.max(3, s.W * 0.006));
  flowers(s, s.W * 0.88, s.H * 0.93, s.W * 0.08, 9, Math.max(3, s.W * 0.006));
}

function sceneSchool(s) {
  const p = s.pick(DAY_PALETTES);
  outdoorBase(s, p, { mountainY: 0.42 });
  hill(s, s.H * 0.52, s.H * 0.04, p.hills[0]);
  const ground = hill(s, s.H * 0.66, s.H * 0.01, p.field);
  const bx = s.rr(0.4, 0.6) * s.W;
  const bw = s.W * 0.55;
  const gy = ground(bx) + s.H * 0.05;
  const bh = s.H * 0.2;
  const roof = s.pick(["#b5533c", "#5d8a6a", "#5a7fa0"]);
  // trees behind
  tree(s, bx - bw * 0.6, gy, s.H * 0.3, "round");
  tree(s, bx + bw * 0.6, gy, s.H * 0.26, "pine");
  s.add(rect(bx - bw / 2, gy - bh, bw, bh, "#f7efe2"));
  s.add(rect(bx - bw / 2, gy - bh * 0.35, bw, bh * 0.35, s.pick(["#6f9ccf", "#7fb0c9", "#c9784a"])));
  s.add(
    poly(
      [
        [bx - bw / 2 - bw * 0.03, gy - bh],
        [bx + bw / 2 + bw * 0.03, gy - bh],
        [bx + bw / 2 - bw * 0.02, gy - bh - s.H * 0.07],
        [bx - bw / 2 + bw * 0.02, gy - bh - s.H * 0.07],
      ],
      roof,
    ),
  );
  const units = 6;
  for (let i = 0; i < units; i++) {
    const ux = bx - bw / 2 + (bw * (i + 0.5)) / units;
    if (i % 3 === 1) {
      s.add(rect(ux - bw * 0.03, gy - bh * 0.7, bw * 0.06, bh * 0.7, "#6b4431"));
    } else {
      s.add(rect(ux - bw * 0.045, gy - bh * 0.75, bw * 0.09, bh * 0.35, "#8a5a3a"));
      s.add(rect(ux - bw * 0.038, gy - bh * 0.73, bw * 0.076, bh * 0.31, "#a9cfe0"));
      s.add(line(ux, gy - bh * 0.73, ux, gy - bh * 0.42, "#8a5a3a", 2));
    }
  }
  // flag pole with a simple double pennant
  const fx = bx + bw / 2 + s.W * 0.06;
  const top = gy - s.H * 0.38;
  s.add(line(fx, gy, fx, top, "#8a8a8a", Math.max(2, s.W * 0.004)));
  const fs = s.H * 0.05;
  s.add(
    poly(
      [
        [fx, top],
        [fx + fs * 1.1, top + fs * 0.8],
        [fx + fs * 0.45, top + fs * 0.8],
        [fx + fs * 1.1, top + fs * 1.7],
        [fx, top + fs * 1.7],
      ],
      "#c8283b",
      ` stroke="#2f4a9a" stroke-width="${n(fs * 0.1)}" stroke-linejoin="round"`,
    ),
  );
  // path and children in uniform
  s.add(
    poly(
      [
        [bx - bw * 0.06, gy],
        [bx + bw * 0.06, gy],
        [bx + bw * 0.35, s.H],
        [bx - bw * 0.35, s.H],
      ],
      lighten(p.field, 0.35),
      ' opacity="0.8"',
    ),
  );
  const kids = s.ri(4, 6);
  // spread the children over the width; draw the farther ones first
  const placed = Array.from({ length: kids }, (_, i) => ({
    x: s.W * (0.08 + (0.84 * (i + s.rr(0.2, 0.8))) / kids),
    fy: s.H * s.rr(0.82, 0.96),
  })).sort((a, b) => a.fy - b.fy);
  for (const { x, fy } of placed) {
    figure(s, x, fy, s.H * s.rr(0.17, 0.22), {
      shirt: "#e4eef7",
      lower: s.pick(["#2f4a7a", "#3a4a6a"]),
      bag: s.pick(["#d9534f", "#e58a3a", "#4f9a8a", "#9b6bb3", "#f2b84b"]),
      pose: s.pick(["stand", "stand", "wave"]),
    });
  }
}

function sceneGarden(s) {
  const p = s.pick(DAY_PALETTES);
  outdoorBase(s, p, { mountainY: 0.38 });
  hill(s, s.H * 0.46, s.H * 0.03, p.hills[0]);
  const ground = hill(s, s.H * 0.55, s.H * 0.01, p.field);
  // bamboo fence
  const fenceY = ground(s.W / 2) + s.H * 0.05;
  for (let x = s.W * 0.02; x < s.W; x += s.W * 0.03) {
    s.add(line(x, fenceY, x, fenceY - s.H * 0.08, "#c9a46a", Math.max(2, s.W * 0.005)));
  }
  s.add(line(0, fenceY - s.H * 0.055, s.W, fenceY - s.H * 0.055, "#b38d55", Math.max(2, s.W * 0.004)));
  tree(s, s.rr(0.05, 0.2) * s.W, fenceY, s.H * 0.3);
  tree(s, s.rr(0.8, 0.95) * s.W, fenceY, s.H * 0.26);
  // beds with plants
  const rows = 3;
  for (let r = 0; r < rows; r++) {
    const y = s.H * (0.68 + r * 0.1);
    const inset = s.W * (0.12 - r * 0.04);
    s.add(rect(inset, y - s.H * 0.025, s.W - 2 * inset, s.H * 0.05, "#8a5a3c", s.H * 0.025));
    for (let x = inset + s.W * 0.03; x < s.W - inset - s.W * 0.02; x += s.W * s.rr(0.035, 0.05)) {
      if (s.chance(0.25)) {
        flowers(s, x, y - s.H * 0.035, s.W * 0.008, 3, Math.max(3, s.H * (0.008 + r * 0.002)));
      } else {
        const lh = s.H * (0.025 + r * 0.006);
        const g = s.pick(["#6f9a4f", "#7fa85a", "#5f8c48"]);
        s.add(
          `<ellipse cx="${n(x - lh * 0.5)}" cy="${n(y - lh * 0.8)}" rx="${n(lh * 0.7)}" ry="${n(lh * 0.3)}" fill="${g}" transform="rotate(-35 ${n(x - lh * 0.5)} ${n(y - lh * 0.8)})"/>`,
        );
        s.add(
          `<ellipse cx="${n(x + lh * 0.5)}" cy="${n(y - lh * 0.8)}" rx="${n(lh * 0.7)}" ry="${n(lh * 0.3)}" fill="${lighten(g, 0.12)}" transform="rotate(35 ${n(x + lh * 0.5)} ${n(y - lh * 0.8)})"/>`,
        );
      }
    }
  }
  // a sapling with a stake, and people planting / watering
  const sx = s.rr(0.55, 0.75) * s.W;
  const sgy = s.H * 0.98;
  s.add(line(sx + s.W * 0.01, sgy, sx + s.W * 0.01, sgy - s.H * 0.2, "#b38d55", Math.max(2, s.W * 0.004)));
  tree(s, sx, sgy, s.H * 0.2, "round");
  const ax = s.rr(0.2, 0.4) * s.W;
  figure(s, ax, s.H * 0.97, s.H * 0.32, { pose: "reach" });
  figure(s, ax + s.W * 0.1, s.H * 0.97, s.H * 0.22, { pose: "reach" });
  // watering can
  const wx = ax + s.W * 0.1 + s.H * 0.03;
  const wy = s.H * 0.97 - s.H * 0.1;
  s.add(rect(wx, wy, s.H * 0.06, s.H * 0.045, "#7fa0b8", s.H * 0.01));
  s.add(line(wx + s.H * 0.06, wy + s.H * 0.01, wx + s.H * 0.1, wy - s.H * 0.015, "#7fa0b8", s.H * 0.01));
  birds(s, 3);
}

function scenePlayground(s) {
  const p = s.pick(DAY_PALETTES);
  outdoorBase(s, p, { mountainY: 0.42 });
  hill(s, s.H * 0.5, s.H * 0.04, p.hills[0]);
  hill(s, s.H * 0.58, s.H * 0.025, p.hills[1]);
  const ground = hill(s, s.H * 0.68, s.H * 0.01, p.field);
  for (let i = 0; i < s.ri(2, 3); i++) {
    const x = s.rr(0, 1) * s.W;
    tree(s, x, ground(x) + s.H * 0.02, s.H * s.rr(0.16, 0.22));
  }
  kite(s, s.rr(0.55, 0.85) * s.W, s.H * s.rr(0.15, 0.25), s.H * 0.04);
  // bamboo swing (ping)
  const px = s.rr(0.15, 0.35) * s.W;
  const pgy = s.H * 0.9;
  const topY = s.H * 0.2;
  const spread = s.H * 0.28;
  s.add(line(px - spread, pgy, px, topY, "#c9a46a", Math.max(3, s.W * 0.007)));
  s.add(line(px + spread, pgy, px, topY, "#b89456", Math.max(3, s.W * 0.007)));
  s.add(line(px - spread * 0.45, pgy - s.H * 0.02, px - spread * 0.05, topY + s.H * 0.02, "#b89456", Math.max(3, s.W * 0.006)));
  const swingX = px + s.rr(-0.1, 0.1) * s.H;
  const seatY = s.H * 0.72;
  s.add(line(px, topY, swingX - s.H * 0.03, seatY, "#8a6a4a", 2));
  s.add(line(px, topY, swingX + s.H * 0.03, seatY, "#8a6a4a", 2));
  s.add(rect(swingX - s.H * 0.045, seatY - s.H * 0.006, s.H * 0.09, s.H * 0.014, "#7a5236"));
  figure(s, swingX, seatY - s.H * 0.005, s.H * 0.18, { pose: "armsUp" });
  // children playing with a ball
  const kids = s.ri(3, 4);
  for (let i = 0; i < kids; i++) {
    const x = s.W * (0.45 + i * 0.13) + s.rr(-0.02, 0.02) * s.W;
    figure(s, x, s.H * s.rr(0.86, 0.95), s.H * s.rr(0.2, 0.25), { pose: s.pick(["armsUp", "wave", "stand"]) });
  }
  const ballX = s.rr(0.5, 0.85) * s.W;
  const ballY = s.H * s.rr(0.45, 0.6);
  const br = s.H * 0.03;
  s.add(circle(ballX, ballY, br, "#f6f2e8"));
  s.add(
    `<path d="M${n(ballX - br)} ${n(ballY)} Q${n(ballX)} ${n(ballY - br * 0.6)} ${n(ballX + br)} ${n(ballY)} M${n(ballX)} ${n(ballY - br)} Q${n(ballX + br * 0.5)} ${n(ballY)} ${n(ballX)} ${n(ballY + br)}" fill="none" stroke="#d9534f" stroke-width="${n(br * 0.18)}"/>`,
  );
  s.add(ellipse(ballX, s.H * 0.97, br * 1.2, br * 0.3, "#000000", ' opacity="0.08"'));
}

function sceneFestival(s) {
  const p = s.pick(DUSK_PALETTES);
  sky(s, p);
  for (let i = 0; i < 30; i++) {
    s.add(
      circle(s.rr(0, 1) * s.W, s.rr(0, 0.25) * s.H, s.rr(0.6, 1.6) * Math.max(1, s.W / 900), "#fff6dc", ` opacity="${n(s.rr(0.3, 0.8))}"`),
    );
  }
  sun(s, s.rr(0.2, 0.8) * s.W, s.H * 0.5, Math.min(s.W, s.H) * 0.06, p.sun);
  mountains(s, p, s.H * 0.55, s.H * 0.25);
  for (let i = 0; i < s.ri(2, 4); i++) kite(s, s.rr(0.1, 0.9) * s.W, s.rr(0.12, 0.32) * s.H, s.H * s.rr(0.025, 0.04));
  const h1 = hill(s, s.H * 0.62, s.H * 0.03, p.hills[0]);
  for (let i = 0; i < 4; i++) {
    const x = s.rr(0, 1) * s.W;
    house(s, x, h1(x) + s.H * 0.03, s.W * 0.04, 1, true);
  }
  const ground = hill(s, s.H * 0.72, s.H * 0.01, p.hills[1]);
  const hx = s.rr(0.6, 0.8) * s.W;
  house(s, hx, ground(hx) + s.H * 0.04, Math.min(s.W * 0.22, s.H * 0.32), 2, true);
  // courtyard with a rangoli
  s.add(
    rect(
      0,
      s.H * 0.8,
      s.W,
      s.H * 0.2,
      s.linear([
        [0, mix(p.field, "#c98a5a", 0.35)],
        [1, p.field],
      ]),
    ),
  );
  const rx = s.rr(0.3, 0.5) * s.W;
  const ry = s.H * 0.9;
  const rings = ["#f08a24", "#f7c844", "#e8553e", "#9b6bb3", "#f6f2e8"];
  rings.forEach((c, i) => {
    s.add(ellipse(rx, ry, s.W * (0.12 - i * 0.022), s.H * (0.05 - i * 0.009), c));
  });
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    s.add(ellipse(rx + Math.cos(a) * s.W * 0.085, ry + Math.sin(a) * s.H * 0.035, s.W * 0.012, s.H * 0.007, "#3f9a5a"));
  }
  // diyas along the front
  for (let i = 0; i < 9; i++) {
    const dx = s.W * (0.05 + i * 0.11);
    const dy = s.H * 0.985;
    const dr = s.H * 0.022;
    s.add(
      circle(
        dx,
        dy - dr * 1.4,
        dr * 3,
        s.radial([
          [0, "#ffd27a", 0.7],
          [1, "#ffd27a", 0],
        ]),
      ),
    );
    s.add(
      `<path d="M${n(dx - dr)} ${n(dy - dr * 0.6)} Q${n(dx)} ${n(dy + dr * 0.6)} ${n(dx + dr)} ${n(dy - dr * 0.6)} Z" fill="#b5653a"/>`,
    );
    s.add(
      `<path d="M${n(dx)} ${n(dy - dr * 1.9)} Q${n(dx + dr * 0.45)} ${n(dy - dr * 0.9)} ${n(dx)} ${n(dy - dr * 0.6)} Q${n(dx - dr * 0.45)} ${n(dy - dr * 0.9)} ${n(dx)} ${n(dy - dr * 1.9)} Z" fill="#ffcf5a"/>`,
    );
  }
  // people in festive clothes
  const people = s.ri(2, 4);
  for (let i = 0; i < people; i++) {
    const x = s.W * (0.12 + i * 0.14) + s.rr(-0.02, 0.02) * s.W;
    figure(s, x, s.H * s.rr(0.86, 0.92), s.H * s.rr(0.2, 0.28), {
      shirt: s.pick(["#d9534f", "#e58a3a", "#e07a9a", "#f2b84b", "#c9503e"]),
      pose: s.pick(["armsUp", "wave", "stand"]),
    });
  }
  garland(s, -s.W * 0.02, s.H * 0.03, s.W * 0.55, s.H * 0.02, s.H * 0.1);
  garland(s, s.W * 0.45, s.H * 0.02, s.W * 1.02, s.H * 0.04, s.H * 0.12);
}

function sceneMeal(s) {
  const floorY = s.H * 0.8;
  room(s, floorY);
  const windowLeft = s.chance(0.5);
  const wx = (windowLeft ? s.rr(0.06, 0.2) : s.rr(0.56, 0.68)) * s.W;
  windowView(s, wx, s.H * 0.1, s.W * 0.26, s.H * 0.28);
  // shelf with copper and brass vessels, on the other side
  const shx = windowLeft ? s.W * 0.62 : s.W * 0.06;
  const shy = s.H * 0.3;
  s.add(rect(shx, shy, s.W * 0.3, s.H * 0.02, "#8a5a3a"));
  for (let i = 0; i < 4; i++) {
    const vx = shx + s.W * (0.04 + i * 0.075);
    const vr = s.H * s.rr(0.03, 0.045);
    const c = s.pick(["#c77a45", "#d9a441", "#b8693a"]);
    s.add(circle(vx, shy - vr, vr, c));
    s.add(rect(vx - vr * 0.35, shy - vr * 2.4, vr * 0.7, vr * 0.6, darken(c, 0.1)));
    s.add(circle(vx - vr * 0.3, shy - vr * 1.3, vr * 0.25, lighten(c, 0.4), ' opacity="0.6"'));
  }
  // people seated behind the table
  const tableY = s.H * 0.62;
  const people = s.ri(3, 5);
  for (let i = 0; i < people; i++) {
    const x = s.W * (0.15 + (0.7 * (i + 0.5)) / people);
    const h = s.H * (i % 2 ? 0.5 : 0.56) * s.rr(0.9, 1.05);
    figure(s, x, tableY + h * 0.3, h, { pose: "reach", hideLegs: true });
  }
  // table
  s.add(rect(s.W * 0.05, tableY, s.W * 0.9, s.H * 0.05, "#9a6a48", s.H * 0.01));
  s.add(rect(s.W * 0.05, tableY + s.H * 0.04, s.W * 0.9, s.H * 0.05, "#f3e2c4"));
  s.add(rect(s.W * 0.1, tableY + s.H * 0.09, s.W * 0.03, floorY - tableY, "#7a5236"));
  s.add(rect(s.W * 0.87, tableY + s.H * 0.09, s.W * 0.03, floorY - tableY, "#7a5236"));
  // plates of dal bhat
  for (let i = 0; i < people; i++) {
    const x = s.W * (0.15 + (0.7 * (i + 0.5)) / people);
    const py = tableY + s.H * 0.005;
    const pr = Math.min(s.W * 0.06, s.H * 0.08);
    s.add(ellipse(x, py, pr, pr * 0.28, "#d8d2c6"));
    s.add(ellipse(x, py - pr * 0.03, pr * 0.85, pr * 0.22, "#eeeae2"));
    s.add(ellipse(x - pr * 0.2, py - pr * 0.1, pr * 0.35, pr * 0.16, "#fffdf6"));
    s.add(ellipse(x + pr * 0.4, py - pr * 0.05, pr * 0.2, pr * 0.08, "#e8b93a"));
    s.add(ellipse(x + pr * 0.25, py + pr * 0.08, pr * 0.18, pr * 0.06, "#6f9a4f"));
    s.add(
      `<path d="M${n(x - pr * 0.2)} ${n(py - pr * 0.3)} q${n(pr * 0.12)} ${n(-pr * 0.2)} 0 ${n(-pr * 0.4)} t0 ${n(-pr * 0.4)}" ` +
        `fill="none" stroke="#ffffff" stroke-width="${n(Math.max(1.5, pr * 0.05))}" stroke-linecap="round" opacity="0.5"/>`,
    );
  }
  pottedPlant(s, s.W * 0.96, s.H * 0.97, s.H * 0.18);
}

function sceneLibrary(s) {
  const floorY = s.H * 0.72;
  room(s, floorY);
  const left = s.chance(0.5);
  const shW = s.W * 0.36;
  const shX = left ? s.W * 0.04 : s.W * 0.6;
  const shTop = s.H * 0.1;
  s.add(rect(shX, shTop, shW, floorY - shTop + s.H * 0.02, "#8a5a3a", s.H * 0.01));
  s.add(rect(shX + s.W * 0.012, shTop + s.H * 0.015, shW - s.W * 0.024, floorY - shTop - s.H * 0.01, "#6e452c"));
  const shelves = 4;
  const shH = (floorY - shTop) / shelves;
  const bookColours = ["#d9534f", "#e58a3a", "#f2b84b", "#5b8fc7", "#4f9a8a", "#9b6bb3", "#e07a9a", "#7fae5a", "#f3e6cf"];
  for (let k = 0; k < shelves; k++) {
    const base = shTop + shH * (k + 1);
    s.add(rect(shX, base - s.H * 0.012, shW, s.H * 0.02, "#9a6a48"));
    let x = shX + s.W * 0.015;
    while (x < shX + shW - s.W * 0.04) {
      const bw = s.W * s.rr(0.012, 0.022);
      const bh = shH * s.rr(0.55, 0.8);
      const c = s.pick(bookColours);
      if (s.chance(0.08)) {
        s.add(
          `<rect x="${n(x)}" y="${n(base - s.H * 0.012 - bh)}" width="${n(bw)}" height="${n(bh)}" fill="${c}" transform="rotate(12 ${n(x)} ${n(base - s.H * 0.012)})"/>`,
        );
        x += bw * 2.2;
      } else {
        s.add(rect(x, base - s.H * 0.012 - bh, bw, bh, c));
        s.add(rect(x, base - s.H * 0.012 - bh * 0.8, bw, bh * 0.06, lighten(c, 0.4), 0, ' opacity="0.7"'));
        x += bw + 1;
      }
    }
  }
  const wx = left ? s.W * 0.58 : s.W * 0.12;
  windowView(s, wx, s.H * 0.1, s.W * 0.24, s.H * 0.26);
  // rug and readers
  const rugX = left ? s.W * 0.66 : s.W * 0.34;
  s.add(ellipse(rugX, s.H * 0.86, s.W * 0.3, s.H * 0.1, s.pick(["#c9503e", "#9b6bb3", "#4f9a8a"])));
  s.add(ellipse(rugX, s.H * 0.86, s.W * 0.26, s.H * 0.08, "none", ` stroke="#f2b84b" stroke-width="${n(s.H * 0.008)}"`));
  const readers = s.ri(2, 3);
  for (let i = 0; i < readers; i++) {
    const x = rugX + (i - (readers - 1) / 2) * s.W * 0.14;
    figure(s, x, s.H * 0.86, s.H * s.rr(0.34, 0.4), { seated: true, book: true });
  }
  pottedPlant(s, left ? s.W * 0.94 : s.W * 0.06, s.H * 0.78, s.H * 0.2);
  // hanging paper lantern
  const lx = left ? s.W * 0.48 : s.W * 0.52;
  s.add(line(lx, 0, lx, s.H * 0.08, "#7a5a3e", 1.5));
  s.add(
    circle(
      lx,
      s.H * 0.13,
      s.H * 0.12,
      s.radial([
        [0, "#ffe3a0", 0.6],
        [1, "#ffe3a0", 0],
      ]),
    ),
  );
  s.add(ellipse(lx, s.H * 0.13, s.H * 0.045, s.H * 0.055, "#f7d58a"));
}

function sceneHealth(s) {
  const floorY = s.H * 0.78;
  room(s, floorY);
  const wx = s.rr(0.6, 0.7) * s.W;
  windowView(s, wx, s.H * 0.1, s.W * 0.22, s.H * 0.26);
  // poster with a heart and a green plus
  const px = s.W * 0.08;
  const py = s.H * 0.1;
  const pw = s.W * 0.18;
  const ph = s.H * 0.26;
  s.add(rect(px, py, pw, ph, "#fbf8f1", s.H * 0.015, ' stroke="#d8c8b0" stroke-width="2"'));
  const hx = px + pw / 2;
  const hy = py + ph * 0.45;
  const hs = Math.min(pw, ph) * 0.28;
  s.add(
    `<path d="M${n(hx)} ${n(hy + hs * 0.9)} C${n(hx - hs * 1.6)} ${n(hy - hs * 0.1)} ${n(hx - hs * 0.7)} ${n(hy - hs * 1.2)} ${n(hx)} ${n(hy - hs * 0.4)} C${n(hx + hs * 0.7)} ${n(hy - hs * 1.2)} ${n(hx + hs * 1.6)} ${n(hy - hs * 0.1)} ${n(hx)} ${n(hy + hs * 0.9)} Z" fill="#e8705f"/>`,
  );
  s.add(rect(hx - hs * 0.12, hy - hs * 0.45, hs * 0.24, hs * 0.8, "#ffffff"));
  s.add(rect(hx - hs * 0.4, hy - hs * 0.17, hs * 0.8, hs * 0.24, "#ffffff"));
  // height chart
  const cx = s.W * 0.33;
  s.add(rect(cx, s.H * 0.12, s.W * 0.035, floorY - s.H * 0.12, "#f2e4b8", s.W * 0.005));
  for (let i = 0; i < 14; i++) {
    const y = s.H * 0.14 + ((floorY - s.H * 0.16) * i) / 13;
    s.add(line(cx, y, cx + s.W * (i % 2 ? 0.012 : 0.022), y, "#8a6a4a", 1.5));
  }
  // health worker and child
  const childX = cx + s.W * 0.05 + s.H * 0.08;
  const wkX = childX + s.H * s.rr(0.33, 0.38);
  figure(s, wkX, s.H * 0.93, s.H * 0.62, { coat: true, pose: "reach", lower: "#3d4f7a" });
  figure(s, childX, s.H * 0.9, s.H * 0.42, { pose: s.pick(["stand", "wave"]) });
  // small table with a first-aid box
  const tx = s.W * 0.78;
  s.add(rect(tx, s.H * 0.7, s.W * 0.18, s.H * 0.03, "#9a6a48"));
  s.add(rect(tx + s.W * 0.015, s.H * 0.73, s.W * 0.02, s.H * 0.22, "#7a5236"));
  s.add(rect(tx + s.W * 0.145, s.H * 0.73, s.W * 0.02, s.H * 0.22, "#7a5236"));
  const bx = tx + s.W * 0.04;
  const bw = s.W * 0.1;
  const bh = s.H * 0.08;
  s.add(rect(bx, s.H * 0.7 - bh, bw, bh, "#fbf8f1", s.H * 0.01, ' stroke="#d8c8b0" stroke-width="1.5"'));
  s.add(rect(bx + bw / 2 - bh * 0.1, s.H * 0.7 - bh * 0.85, bh * 0.2, bh * 0.7, "#3f9a5a"));
  s.add(rect(bx + bw / 2 - bh * 0.35, s.H * 0.7 - bh * 0.6, bh * 0.7, bh * 0.2, "#3f9a5a"));
  pottedPlant(s, s.W * 0.05, s.H * 0.95, s.H * 0.2);
}

function scenePortrait(s, key) {
  const { W, H } = s;
  const cx = W / 2;
  const hint = key.endsWith("-f") ? "f" : key.endsWith("-m") ? "m" : s.chance(0.5) ? "f" : "m";
  const bgs = [
    ["#fbe3c4", "#eeb184"],
    ["#fde8cf", "#e9a57a"],
    ["#f8dcc8", "#d99a86"],
    ["#fbeacb", "#e0b070"],
    ["#f3e3cf", "#c9a27e"],
    ["#f9e0c0", "#d98f6a"],
  ];
  const [bgIn, bgOut] = s.pick(bgs);
  s.add(
    rect(
      0,
      0,
      W,
      H,
      s.radial([
        [0, bgIn],
        [1, bgOut],
      ]),
    ),
  );
  for (let i = 0; i < 7; i++) {
    s.add(circle(s.rr(0, 1) * W, s.rr(0, 0.7) * H, s.rr(0.04, 0.11) * W, "#ffffff", ` opacity="${n(s.rr(0.08, 0.2))}"`));
  }
  const skin = s.pick(SKIN);
  const hair = s.pick(HAIR);
  const cloth = s.pick(["#c9503e", "#3f7fa8", "#4f9a8a", "#9b6bb3", "#e58a3a", "#7a3f4a", "#5a6e3a", "#d9534f"]);
  const headY = H * 0.4;
  const hrx = W * 0.135;
  const hry = H * 0.165;
  const out = [];
  // long hair behind
  if (hint === "f") {
    out.push(
      `<path d="M${n(cx - hrx * 1.15)} ${n(headY - hry * 0.2)} Q${n(cx - hrx * 1.35)} ${n(headY + hry * 1.6)} ${n(cx - hrx * 0.9)} ${n(headY + hry * 1.9)} ` +
        `L${n(cx + hrx * 0.9)} ${n(headY + hry * 1.9)} Q${n(cx + hrx * 1.35)} ${n(headY + hry * 1.6)} ${n(cx + hrx * 1.15)} ${n(headY - hry * 0.2)} Z" fill="${hair}"/>`,
    );
  }
  // shoulders
  out.push(
    `<path d="M${n(cx - W * 0.4)} ${n(H)} L${n(cx - W * 0.38)} ${n(H * 0.86)} Q${n(cx - W * 0.34)} ${n(H * 0.7)} ${n(cx - W * 0.12)} ${n(H * 0.67)} ` +
      `L${n(cx + W * 0.12)} ${n(H * 0.67)} Q${n(cx + W * 0.34)} ${n(H * 0.7)} ${n(cx + W * 0.38)} ${n(H * 0.86)} L${n(cx + W * 0.4)} ${n(H)} Z" fill="${cloth}"/>`,
  );
  // neck
  out.push(rect(cx - W * 0.055, headY + hry * 0.5, W * 0.11, H * 0.2, darken(skin, 0.1), W * 0.03));
  // collar
  if (hint === "m") {
    out.push(
      poly(
        [
          [cx - W * 0.09, H * 0.665],
          [cx, H * 0.74],
          [cx + W * 0.09, H * 0.665],
          [cx + W * 0.05, H * 0.65],
          [cx, H * 0.7],
          [cx - W * 0.05, H * 0.65],
        ],
        lighten(cloth, 0.55),
      ),
    );
  } else {
    out.push(ellipse(cx, H * 0.675, W * 0.075, H * 0.03, darken(skin, 0.1)));
  }
  // head
  out.push(ellipse(cx, headY, hrx, hry, skin));
  out.push(ellipse(cx - hrx * 1.0, headY + hry * 0.08, hrx * 0.14, hry * 0.2, darken(skin, 0.05)));
  out.push(ellipse(cx + hrx * 1.0, headY + hry * 0.08, hrx * 0.14, hry * 0.2, darken(skin, 0.05)));
  // hair on top
  const style = hint === "f" ? s.pick(["parted", "bun", "parted"]) : s.pick(["short", "short", "topi"]);
  const Rx = hrx * 1.06;
  if (style === "topi") {
    out.push(
      `<path d="M${n(cx - Rx)} ${n(headY - hry * 0.05)} Q${n(cx - Rx)} ${n(headY - hry * 0.5)} ${n(cx - hrx * 0.6)} ${n(headY - hry * 0.7)} L${n(cx + hrx * 0.6)} ${n(headY - hry * 0.7)} Q${n(cx + Rx)} ${n(headY - hry * 0.5)} ${n(cx + Rx)} ${n(headY - hry * 0.05)} Z" fill="${hair}"/>`,
    );
    // dhaka topi: a slanted cap with a woven pattern
    const capBot = headY - hry * 0.45;
    const capTop = headY - hry * 1.15;
    const capPts = [
      [cx - hrx * 1.02, capBot],
      [cx + hrx * 1.02, capBot + hry * 0.04],
      [cx + hrx * 0.85, capTop + hry * 0.12],
      [cx - hrx * 0.85, capTop],
    ];
    const pat = s.id("pat");
    const c1 = s.pick(["#c9503e", "#e58a3a", "#7a3f4a"]);
    s.def(
      `<pattern id="${pat}" width="${n(W * 0.04)}" height="${n(W * 0.04)}" patternUnits="userSpaceOnUse">` +
        rect(0, 0, W * 0.04, W * 0.04, "#f3e6cf") +
        poly(
          [
            [W * 0.02, 0],
            [W * 0.04, W * 0.02],
            [W * 0.02, W * 0.04],
            [0, W * 0.02],
          ],
          c1,
        ) +
        circle(W * 0.02, W * 0.02, W * 0.006, "#2f4a5e") +
        `</pattern>`,
    );
    out.push(poly(capPts, `url(#${pat})`));
    out.push(line(cx - hrx * 1.02, capBot, cx + hrx * 1.02, capBot + hry * 0.04, "#2a1c15", W * 0.01));
  } else {
    const fringe = style === "short" ? 0.45 : 0.3;
    out.push(
      `<path d="M${n(cx - Rx)} ${n(headY + hry * 0.1)} Q${n(cx - Rx * 1.05)} ${n(headY - hry * 1.15)} ${n(cx)} ${n(headY - hry * 1.08)} ` +
        `Q${n(cx + Rx * 1.05)} ${n(headY - hry * 1.15)} ${n(cx + Rx)} ${n(headY + hry * 0.1)} ` +
        `Q${n(cx + hrx * 0.7)} ${n(headY - hry * fringe)} ${n(cx + hrx * 0.1)} ${n(headY - hry * 0.62)} ` +
        `Q${n(cx - hrx * 0.6)} ${n(headY - hry * fringe)} ${n(cx - Rx)} ${n(headY + hry * 0.1)} Z" fill="${hair}"/>`,
    );
    if (style === "bun") out.push(circle(cx, headY - hry * 1.1, hrx * 0.42, hair));
    if (hint === "f") {
      // tika on the forehead
      if (s.chance(0.5)) out.push(circle(cx, headY - hry * 0.28, W * 0.01, "#c8283b"));
    }
  }
  // shawl for some
  if (hint === "f" && s.chance(0.7)) {
    const sc = s.pick(["#f2b84b", "#e07a9a", "#f6f2e8", "#7fae5a", "#e58a3a"]);
    out.push(
      `<path d="M${n(cx - W * 0.36)} ${n(H * 0.8)} Q${n(cx - W * 0.2)} ${n(H * 0.66)} ${n(cx - W * 0.05)} ${n(H * 0.68)} ` +
        `Q${n(cx + W * 0.1)} ${n(H * 0.8)} ${n(cx + W * 0.3)} ${n(H)} L${n(cx + W * 0.12)} ${n(H)} ` +
        `Q${n(cx - W * 0.02)} ${n(H * 0.82)} ${n(cx - W * 0.12)} ${n(H * 0.76)} Q${n(cx - W * 0.25)} ${n(H * 0.78)} ${n(cx - W * 0.38)} ${n(H * 0.9)} Z" fill="${sc}" opacity="0.95"/>`,
    );
  }
  s.add(`<g>${out.join("")}</g>`);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

/** The SVG source of a picture. */
export function renderSvg(spec) {
  const s = new Svg(spec.width, spec.height, mulberry32(seedFromKey(spec.key)));
  switch (spec.scene) {
    case "hills":
      sceneHills(s);
      break;
    case "home":
      sceneHome(s);
      break;
    case "school":
      sceneSchool(s);
      break;
    case "meal":
      sceneMeal(s);
      break;
    case "garden":
      sceneGarden(s);
      break;
    case "festival":
      sceneFestival(s);
      break;
    case "library":
      sceneLibrary(s);
      break;
    case "health":
      sceneHealth(s);
      break;
    case "playground":
      scenePlayground(s);
      break;
    case "portrait":
      scenePortrait(s, spec.key);
      break;
  }
  vignette(s);
  return s.toString();
}

/** Renders a picture to JPEG (quality 80) at exactly spec.width x spec.height. */
export async function renderJpeg(spec) {
  const svg = renderSvg(spec);
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(spec.width, spec.height, { fit: "cover" })
    .flatten({ background: "#f6e7d2" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
