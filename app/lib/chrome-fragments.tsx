/**
 * The site header and footer of a document rendered once per key and reused as HTML (issue 31 §4,
 * ADR 060). About 150 of a product page's ≈ 500 elements are its header and footer, and for an
 * anonymous visitor they depend only on:
 *
 * - header: the page's language, the header's form (compact or adaptive, from the `viewport`
 *   cookie), the display currency, whether the path has its language prefix, the kind of page (the path with its trailing id as `#`: which
 *   main-navigation link is current) and the page's own path (the language links, the sign-in
 *   link's `redirectTo` and the currency form's `to`, the only per-page parts);
 * - footer: the page's language and the default layout's app data (top categories and counts, the
 *   catalogue's size), which the key carries whole.
 *
 * How: the first document of a key renders its header/footer as usual and `ChromeFragments.finish`
 * cuts them out of the rendered page into the store; the next document of that key renders an
 * empty slot element instead (`<header data-chrome="header"></header>`), which `finish` replaces
 * with the stored HTML, the page's path filled in. The page is byte-for-byte what a full render
 * gives (tests/unit/chrome-fragments.test.ts compares them). Used only for documents (ADR 035: the
 * header and footer are not hydrated there) and only where every path-dependent part can be filled
 * in exactly: anonymous visitors, no query string, and a path `/{word}/…/{digits}` (product,
 * supplier, category pages …). Everything else renders as before.
 *
 * The key holds every input, so nothing cached goes stale: a write that changes the app data
 * changes the footer's key. The store is bounded (STORE_LIMIT entries, emptied when full).
 */
import { createContext, useContext } from "react";

/** The two fragments of the site chrome. */
export type ChromePart = "header" | "footer";

/** The store's size bound: keys are few (3 languages × 2 forms × 3 currencies × page kinds, footers per language). */
export const STORE_LIMIT = 256;

/** Stands for the page's path without its language prefix, raw (the currency form's `to`). */
const RAW_PATH = "\u0000R";
/** Stands for the same path percent-encoded (the language links' `to`, the sign-in link's `redirectTo`). */
const ENCODED_PATH = "\u0000E";

/** What starts each part's element in React's output, and the slot rendered in its place. */
const OPENING: Record<ChromePart, string> = { header: '<header class="site-header', footer: '<footer class="site-footer' };
const CLOSING: Record<ChromePart, string> = { header: "</header>", footer: "</footer>" };
const slot = (part: ChromePart) => `<${part} data-chrome="${part}"></${part}>`;

/** A path whose every occurrence in the header can be found and filled in (see the module comment). */
const FILLABLE_PATH = /^(\/[a-z_-]+)+\/\d+$/;

/** The fragments stored in this process: key → HTML with the path's placeholders. */
export type ChromeStore = Map<string, string>;

/** One claimed part; `stored` is the store's HTML taken at the claim (a full store may be emptied before the page is finished). */
type Use = { part: ChromePart; key: string; rest: string; hit: boolean; stored: string | undefined };

/**
 * One document's use of the store: the header and footer ask `claim` whether to render a slot, and
 * the entry's `finish` fills the slots (or stores the freshly rendered parts) in the whole page.
 */
export class ChromeFragments {
  readonly #store: ChromeStore;
  readonly #uses: Use[] = [];

  constructor(store: ChromeStore) {
    this.#store = store;
  }

  /**
   * The header's key for an anonymous visitor on `pathname` (with `search`), or null when this page's
   * header must render in full (a query string, or a path whose parts cannot be filled in exactly).
   */
  static headerKey(parts: {
    lang: string;
    prefixed: boolean;
    mode: string;
    currency: string;
    rest: string;
    search: string;
  }): string | null {
    if (parts.search !== "" || !FILLABLE_PATH.test(parts.rest)) return null;
    // `prefixed`: `/ru/product/1` and `/product/1` are one page, but the currency form and the sign-in link carry the path as asked.
    return `header|${parts.lang}|${parts.prefixed ? "prefixed" : "bare"}|${parts.mode}|${parts.currency}|${parts.rest.replace(/\d+$/, "#")}`;
  }

  /**
   * Called by the part's component while rendering: true when the stored HTML will be put in, and the
   * component renders only `<part data-chrome="part">`; false when it renders in full (then stored).
   * `rest` is the page's path without its language prefix, for a part that shows it (the header);
   * none for a part that does not (the footer) — nothing in it is then taken for the path.
   */
  claim(part: ChromePart, key: string, rest = ""): boolean {
    // A part rendered twice in one page (not the case today) would make the cut ambiguous: render in full.
    if (this.#uses.some((u) => u.part === part)) return false;
    const stored = this.#store.get(key);
    const hit = stored !== undefined;
    this.#uses.push({ part, key, rest, hit, stored });
    return hit;
  }

  /**
   * The rendered page with its slots filled, storing the parts rendered in full. Returns `body` unchanged if nothing was claimed.
   * A page whose parts all come from the store is filled in as bytes (the slots found with `Buffer#indexOf`, the
   * stored HTML kept encoded in pieces between its placeholders): decoding the whole page to a string and encoding
   * it again cost about as much as the rest of the fill-in (ADR 064). A page that stores a part goes through text.
   */
  finish(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
    if (this.#uses.length === 0) return body;
    if (this.#uses.every((u) => u.hit)) return this.#fillBytes(body);
    let html = body.toString("utf8");
    for (const use of this.#uses) {
      const encoded = encodeURIComponent(use.rest);
      // The header is the body's first element, the footer its last before the scripts: searched for from
      // those ends, so that nothing in the page between them (a supplier's HTML description) is taken for them.
      const find = (text: string) => (use.part === "header" ? html.indexOf(text) : html.lastIndexOf(text));
      if (use.hit) {
        const at = find(slot(use.part));
        if (at < 0) continue;
        const stored = use.stored!;
        const filled = use.rest ? stored.replaceAll(ENCODED_PATH, encoded).replaceAll(RAW_PATH, use.rest) : stored;
        html = html.slice(0, at) + filled + html.slice(at + slot(use.part).length);
        continue;
      }
      const start = find(OPENING[use.part]);
      const end = start < 0 ? -1 : html.indexOf(CLOSING[use.part], start);
      if (end < 0) continue;
      const fragment = html.slice(start, end + CLOSING[use.part].length);
      if (fragment.includes("\u0000")) continue;
      if (this.#store.size >= STORE_LIMIT) this.#store.clear();
      // A footer stored from the home page (`rest` "/") once had every "/" taken for the path, and the
      // next page's path written into each of its links: only a part that shows the path has it replaced.
      this.#store.set(use.key, use.rest ? fragment.replaceAll(encoded, ENCODED_PATH).replaceAll(use.rest, RAW_PATH) : fragment);
    }
    return Buffer.from(html, "utf8");
  }

  /**
   * `finish` for a page whose every claimed part is stored: the same result, computed on the UTF-8 bytes. The slots are
   * searched for in the page as it is at each step, as the text path does (header from the start, footer from the end).
   */
  #fillBytes(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
    let page = body;
    for (const use of this.#uses) {
      const slotBytes = SLOT_BYTES()[use.part];
      const at = use.part === "header" ? page.indexOf(slotBytes) : page.lastIndexOf(slotBytes);
      if (at < 0) continue;
      const pieces = storedPieces(use.stored!);
      const parts: Buffer[] = [page.subarray(0, at)];
      if (pieces.length > 1 && use.rest) {
        const raw = Buffer.from(use.rest, "utf8");
        const encoded = Buffer.from(encodeURIComponent(use.rest), "utf8");
        for (const piece of pieces) parts.push(typeof piece !== "string" ? piece : piece === RAW_PATH ? raw : encoded);
      } else {
        // No path to fill in (the footer): the stored HTML as it is, placeholders included, as the text path leaves it.
        parts.push(wholeStored(use.stored!));
      }
      parts.push(page.subarray(at + slotBytes.length));
      page = Buffer.concat(parts) as Buffer<ArrayBuffer>;
    }
    return page;
  }
}

/** Each part's slot as UTF-8 bytes, made on first use: this module is in the browser's bundle too (the header's `claim`), where there is no Buffer. */
let slotBytes: Record<ChromePart, Buffer> | null = null;
const SLOT_BYTES = () => (slotBytes ??= { header: Buffer.from(slot("header")), footer: Buffer.from(slot("footer")) });

/**
 * A stored fragment split at its placeholders: encoded pieces of HTML and the placeholders themselves
 * (RAW_PATH, ENCODED_PATH) between them. Kept per stored string (a WeakMap cannot key strings, so a small
 * map beside the store, emptied with it when it grows past the store's bound).
 */
const PLACEHOLDERS = new RegExp(`(${RAW_PATH}|${ENCODED_PATH})`);
const piecesCache = new Map<string, (Buffer | string)[]>();
const wholeCache = new Map<string, Buffer>();

function storedPieces(stored: string): (Buffer | string)[] {
  let pieces = piecesCache.get(stored);
  if (!pieces) {
    pieces = stored.split(PLACEHOLDERS).map((piece) => (piece === RAW_PATH || piece === ENCODED_PATH ? piece : Buffer.from(piece, "utf8")));
    if (piecesCache.size >= STORE_LIMIT * 2) piecesCache.clear();
    piecesCache.set(stored, pieces);
  }
  return pieces;
}

function wholeStored(stored: string): Buffer {
  let bytes = wholeCache.get(stored);
  if (!bytes) {
    bytes = Buffer.from(stored, "utf8");
    if (wholeCache.size >= STORE_LIMIT * 2) wholeCache.clear();
    wholeCache.set(stored, bytes);
  }
  return bytes;
}

/** The document's ChromeFragments (set by app/entry.server.tsx for documents only; null otherwise and in the browser). */
export const ChromeFragmentsContext = createContext<ChromeFragments | null>(null);

/** The render's ChromeFragments, or null where the parts render in full. */
export function useChromeFragments(): ChromeFragments | null {
  return useContext(ChromeFragmentsContext);
}

/** The element a claimed part renders in place of itself. */
export function ChromeSlot({ part }: { part: ChromePart }) {
  const Tag = part;
  return <Tag data-chrome={part} />;
}
