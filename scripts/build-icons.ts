/**
 * `node scripts/build-icons.ts` — draws the app icons of the web app manifest (DESIGN §8) into
 * `public/icons/` with sharp, from SVG written here (no font: the «П» mark is a path, so the result
 * does not depend on the machine's fonts). The PNGs are committed; rerun after changing a design.
 *
 * - `icon-{192,512}.png`: rounded brand square ("any" purpose);
 * - `maskable-{192,512}.png`: full-bleed square, the mark inside the 80 % safe zone (a circle of
 *   radius 40 % around the centre: the mark's farthest corner is at 34 %), per the W3C manifest spec;
 * - `apple-touch-icon.png` (180 × 180, iOS ignores the manifest's icons);
 * - `shortcut-{search,okved,tnved}.png` (96 × 96): the manifest shortcuts' icons, Lucide glyphs
 *   (lucide-static, ISC licence) on the brand colour.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const BRAND = "#0f4c81";
const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public", "icons");
mkdirSync(out, { recursive: true });

const MARK = `<path d="M28 24H72V76H60V36H40V76H28Z" fill="#fff"/>`;
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="20" fill="${BRAND}"/>${MARK}</svg>`;
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${BRAND}"/>${MARK}</svg>`;

function lucide(name: string): string {
  const svg = readFileSync(path.join(root, "node_modules/lucide-static/icons", `${name}.svg`), "utf8");
  const body = svg
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/^[\s\S]*?<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "");
  // The 24-unit glyph at 60 % of a 96-unit rounded square, centred.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${BRAND}"/><g transform="translate(19.2 19.2) scale(2.4)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>`;
}

const jobs: [file: string, svg: string, size: number][] = [
  ["icon-192.png", rounded, 192],
  ["icon-512.png", rounded, 512],
  ["maskable-192.png", fullBleed, 192],
  ["maskable-512.png", fullBleed, 512],
  ["apple-touch-icon.png", fullBleed, 180],
  ["shortcut-search.png", lucide("search"), 96],
  ["shortcut-okved.png", lucide("factory"), 96],
  ["shortcut-tnved.png", lucide("ship"), 96],
];
for (const [file, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 96) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
}
console.log(`icons: ${jobs.length} files in ${path.relative(root, out)}`);
