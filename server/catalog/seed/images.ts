/**
 * Generated pictures of the demo catalogue (sharp renders SVG to WebP): a small pool per
 * subcategory (a gradient in the category colour, a simple drawing of the goods and a label),
 * company logos (an initial on a colour) and story covers. Pools are bounded, so a million
 * products share a few hundred files.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { FileStorage } from "#server/files/storage.ts";
import type { Shape } from "./types.ts";

export interface RenderedImage {
  key: string;
  bytes: Buffer;
  width: number;
  height: number;
  mime: "image/webp";
  sha256: string;
}

const FONT = "DejaVu Sans, Noto Sans CJK SC, Noto Sans, Liberation Sans, Arial, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => Math.max(0, Math.min(255, Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount))));
  const r = channel((n >> 16) & 255);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** Splits a label into at most two lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const words = text.split(" ");
  const lines = [""];
  for (const word of words) {
    const line = lines[lines.length - 1]!;
    if (line && line.length + 1 + word.length > width && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = line ? `${line} ${word}` : word;
  }
  return lines;
}

/** Simple white line drawings, centred on (0, 0), about 300 units across. */
function drawing(shape: Shape, variant: number): string {
  const sw = (width = 10) => `fill="none" stroke="#fff" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;
  const f = 'fill="#fff" fill-opacity="0.9"';
  const fo = (opacity: number) => `fill="#fff" fill-opacity="${opacity}"`;
  switch (shape) {
    case "pipes":
    case "logs": {
      const inner =
        shape === "logs"
          ? (r: number) => `<circle r="${r * 0.55}" ${sw(5)}/><circle r="${r * 0.2}" ${f}/>`
          : (r: number) => `<circle r="${r * 0.62}" fill="#000" fill-opacity="0.25"/>`;
      const out: string[] = [];
      for (const [row, count] of [
        [0, 3],
        [1, 2],
        [2, 1],
      ] as const) {
        for (let k = 0; k < count; k++) {
          const x = (k - (count - 1) / 2) * 100;
          const y = 90 - row * 88;
          out.push(`<g transform="translate(${x} ${y})"><circle r="48" ${f}/>${inner(48)}</g>`);
        }
      }
      return out.join("");
    }
    case "sheets":
      return [0, 1, 2, 3]
        .map(
          (k) =>
            `<polygon points="-150,${40 - k * 28} 60,${40 - k * 28} 150,${-20 - k * 28} -60,${-20 - k * 28}" ${fo(0.55 + k * 0.12)} stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`,
        )
        .join("");
    case "bars":
      return [0, 1, 2, 3, 4].map((k) => `<rect x="-160" y="${-110 + k * 46}" width="320" height="30" rx="15" ${f}/>`).join("");
    case "coil":
      return [130, 100, 70, 40].map((r) => `<circle r="${r}" ${sw()}/>`).join("") + `<circle r="18" ${f}/>`;
    case "gear": {
      const teeth = Array.from(
        { length: 10 },
        (_, k) => `<rect x="-18" y="-150" width="36" height="50" rx="6" ${f} transform="rotate(${k * 36 + variant * 8})"/>`,
      ).join("");
      return `${teeth}<circle r="110" ${f}/><circle r="45" fill="#000" fill-opacity="0.3"/>`;
    }
    case "cable":
      return `<circle r="130" ${sw()}/><circle r="30" ${f}/><path d="M-130,0 C-60,-120 60,120 130,0 S200,-60 230,-40" ${sw(16)}/>`;
    case "chip":
      return `<rect x="-100" y="-100" width="200" height="200" rx="14" ${f}/>${[-60, -20, 20, 60].map((p) => `<line x1="${p}" y1="-100" x2="${p}" y2="-140" ${sw()}/><line x1="${p}" y1="100" x2="${p}" y2="140" ${sw()}/><line x1="-100" y1="${p}" x2="-140" y2="${p}" ${sw()}/><line x1="100" y1="${p}" x2="140" y2="${p}" ${sw()}/>`).join("")}<rect x="-50" y="-50" width="100" height="100" rx="8" fill="#000" fill-opacity="0.25"/>`;
    case "screen":
      return `<rect x="-170" y="-120" width="340" height="210" rx="14" ${f}/><rect x="-150" y="-100" width="300" height="170" rx="6" fill="#000" fill-opacity="0.3"/><rect x="-20" y="90" width="40" height="40" ${f}/><rect x="-90" y="128" width="180" height="14" rx="7" ${f}/>`;
    case "tyre":
      return `<circle r="140" ${f}/><circle r="80" fill="#000" fill-opacity="0.35"/><circle r="40" ${f}/>${Array.from({ length: 16 }, (_, k) => `<rect x="-6" y="-140" width="12" height="28" fill="#000" fill-opacity="0.3" transform="rotate(${k * 22.5})"/>`).join("")}`;
    case "drum":
      return `<path d="M-100,-120 L100,-120 L100,120 L-100,120 Z" ${f}/><ellipse cx="0" cy="-120" rx="100" ry="26" ${f} stroke="#000" stroke-opacity="0.2" stroke-width="4"/><line x1="-100" y1="-40" x2="100" y2="-40" stroke="#000" stroke-opacity="0.25" stroke-width="8"/><line x1="-100" y1="40" x2="100" y2="40" stroke="#000" stroke-opacity="0.25" stroke-width="8"/>`;
    case "bricks": {
      const out: string[] = [];
      for (let row = 0; row < 4; row++) {
        for (let k = 0; k < 4; k++) {
          const x = -170 + k * 90 + (row % 2) * 45;
          out.push(`<rect x="${x}" y="${-110 + row * 56}" width="80" height="46" rx="4" ${f}/>`);
        }
      }
      return out.join("");
    }
    case "fabric":
      return [0, 1, 2, 3].map((k) => `<path d="M-170,${-90 + k * 55} q42,-30 85,0 t85,0 t85,0 t85,0" ${sw(22 - k * 3)}/>`).join("");
    case "chair":
      return `<path d="M-70,-140 L-70,20 L80,20 M-70,20 L-70,140 M80,20 L80,140 M-70,-60 L40,-60" ${sw(18)}/>`;
    case "box":
      return `<polygon points="0,-130 140,-60 0,10 -140,-60" ${f}/><polygon points="-140,-60 0,10 0,150 -140,80" ${fo(0.7)}/><polygon points="140,-60 0,10 0,150 140,80" ${fo(0.5)}/>`;
    case "leaf":
      return `<path d="M0,-140 C120,-90 120,80 0,140 C-120,80 -120,-90 0,-140 Z" ${f}/><path d="M0,-120 L0,130 M0,-40 L50,-80 M0,10 L-55,-30 M0,60 L50,20" stroke="#000" stroke-opacity="0.25" stroke-width="8" fill="none"/>`;
    case "fish":
      return `<ellipse cx="-20" cy="0" rx="130" ry="70" ${f}/><polygon points="100,0 170,-60 170,60" ${f}/><circle cx="-90" cy="-15" r="12" fill="#000" fill-opacity="0.4"/>`;
    case "bottle":
      return `<path d="M-25,-150 L25,-150 L25,-90 C70,-70 70,-40 70,-10 L70,140 L-70,140 L-70,-10 C-70,-40 -70,-70 -25,-90 Z" ${f}/><rect x="-70" y="10" width="140" height="70" fill="#000" fill-opacity="0.2"/>`;
  }
}

function gradient(colour: string, variant: number): string {
  const angles = [
    ["0", "0", "1", "1"],
    ["0", "1", "1", "0"],
    ["0", "0", "0", "1"],
  ][variant % 3]!;
  return `<linearGradient id="g" x1="${angles[0]}" y1="${angles[1]}" x2="${angles[2]}" y2="${angles[3]}"><stop offset="0" stop-color="${shade(colour, 0.25 + 0.1 * variant)}"/><stop offset="1" stop-color="${shade(colour, -0.35)}"/></linearGradient>`;
}

async function toWebp(key: string, svg: string, width: number, height: number): Promise<RenderedImage> {
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 2 }).toBuffer();
  return { key, bytes, width, height, mime: "image/webp", sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** A product picture: 800×600. */
export function productImage(
  key: string,
  colour: string,
  shape: Shape,
  variant: number,
  label: string,
  sublabel: string,
): Promise<RenderedImage> {
  const scale = [1, 0.85, 1.1][variant % 3]!;
  const cx = [400, 520, 300][variant % 3]!;
  const lines = wrap(label, 26);
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${600 - 60 - (lines.length - 1 - i) * 46}" font-family="${FONT}" font-size="40" font-weight="bold" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><defs>${gradient(colour, variant)}</defs><rect width="800" height="600" fill="url(#g)"/><circle cx="${800 - cx / 2}" cy="90" r="${140 + variant * 30}" fill="#fff" fill-opacity="0.07"/><g transform="translate(${cx} 250) scale(${scale})">${drawing(shape, variant)}</g>${text}<text x="40" y="580" font-family="${FONT}" font-size="24" fill="#fff" fill-opacity="0.85">${escapeXml(sublabel)}</text></svg>`;
  return toWebp(key, svg, 800, 600);
}

const LOGO_COLOURS = ["#1f5f8b", "#8b1f3a", "#2e7d32", "#6a1b9a", "#c75b12", "#37474f", "#00838f", "#ad1457", "#4e342e", "#283593"];

/** A company logo: 256×256, an initial on a colour. */
export function logoImage(key: string, initial: string, index: number): Promise<RenderedImage> {
  const colour = LOGO_COLOURS[index % LOGO_COLOURS.length]!;
  const ring = index % 3 === 0 ? `<circle cx="128" cy="128" r="96" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="6"/>` : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" rx="40" fill="${colour}"/>${ring}<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="128" font-weight="bold" fill="#fff">${escapeXml(initial)}</text></svg>`;
  return toWebp(key, svg, 256, 256);
}

/** A story cover: 1200×630 (the Open Graph size). */
export function coverImage(key: string, colour: string, shape: Shape, label: string): Promise<RenderedImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><defs>${gradient(colour, 0)}</defs><rect width="1200" height="630" fill="url(#g)"/><circle cx="1050" cy="120" r="260" fill="#fff" fill-opacity="0.06"/><g transform="translate(880 330) scale(1.3)">${drawing(shape, 1)}</g><text x="70" y="540" font-family="${FONT}" font-size="64" font-weight="bold" fill="#fff">${escapeXml(label)}</text><text x="70" y="590" font-family="${FONT}" font-size="28" fill="#fff" fill-opacity="0.8">Поставка · Postavka · 供货</text></svg>`;
  return toWebp(key, svg, 1200, 630);
}

/** Stores the images (a few at a time) and returns them. */
export async function storeAll(
  storage: FileStorage,
  jobs: Array<() => Promise<RenderedImage>>,
  onDone?: () => void,
): Promise<RenderedImage[]> {
  // oxlint-disable-next-line unicorn/no-new-array -- a slot per job, filled by index as the workers finish
  const out: RenderedImage[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const image = await jobs[i]!();
      await storage.put(image.key, image.bytes, image.mime);
      out[i] = image;
      onDone?.();
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return out;
}
