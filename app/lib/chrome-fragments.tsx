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
   * Works on the UTF-8 bytes (the slots and parts found with `Buffer#indexOf`, the stored HTML kept encoded in pieces between
   * its placeholders): decoding the whole page to a string and encoding it again cost about as much as the rest of the
   * fill-in (ADR 064). Only a part rendered in full is decoded, to be stored. The parts are taken in the order they were
   * claimed, each searched for in the page as it is at that step: the header from the start, the footer from the end (it is
   * the body's last element before the scripts), so that nothing between them — a supplier's HTML description — is taken for them.
   */
  finish(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
    let page = body;
    for (const use of this.#uses) {
      const find = (needle: Buffer, from?: number) =>
        from !== undefined ? page.indexOf(needle, from) : use.part === "header" ? page.indexOf(needle) : page.lastIndexOf(needle);
      if (use.hit) {
        const slotBytes = SLOT_BYTES()[use.part];
        const at = find(slotBytes);
        if (at < 0) continue;
        const pieces = storedPieces(use.stored!);
        const parts: Buffer[] = [page.subarray(0, at)];
        if (pieces.length > 1 && use.rest) {
          const raw = Buffer.from(use.rest, "utf8");
          const encoded = Buffer.from(encodeURIComponent(use.rest), "utf8");
          for (const piece of pieces) parts.push(typeof piece !== "string" ? piece : piece === RAW_PATH ? raw : encoded);
        } else {
          // No path to fill in (the footer): the stored HTML as it is.
          parts.push(wholeStored(use.stored!));
        }
        parts.push(page.subarray(at + slotBytes.length));
        page = Buffer.concat(parts) as Buffer<ArrayBuffer>;
        continue;
      }
      const start = find(OPENING_BYTES()[use.part]);
      const end = start < 0 ? -1 : find(CLOSING_BYTES()[use.part], start);
      if (end < 0) continue;
      const fragment = page.toString("utf8", start, end + CLOSING[use.part].length);
      if (fragment.includes("\u0000")) continue;
      if (this.#store.size >= STORE_LIMIT) this.#store.clear();
      const encoded = encodeURIComponent(use.rest);
      // A footer stored from the home page (`rest` "/") once had every "/" taken for the path, and the
      // next page's path written into each of its links: only a part that shows the path has it replaced.
      this.#store.set(use.key, use.rest ? fragment.replaceAll(encoded, ENCODED_PATH).replaceAll(use.rest, RAW_PATH) : fragment);
    }
    return page;
  }
}

/**
 * Each part's slot, opening and closing as UTF-8 bytes, made on first use: this module is in the browser's bundle too
 * (the header's `claim`), where there is no Buffer.
 */
let slotBytes: Record<ChromePart, Buffer> | null = null;
const SLOT_BYTES = () => (slotBytes ??= { header: Buffer.from(slot("header")), footer: Buffer.from(slot("footer")) });
let openingBytes: Record<ChromePart, Buffer> | null = null;
const OPENING_BYTES = () => (openingBytes ??= { header: Buffer.from(OPENING.header), footer: Buffer.from(OPENING.footer) });
let closingBytes: Record<ChromePart, Buffer> | null = null;
const CLOSING_BYTES = () => (closingBytes ??= { header: Buffer.from(CLOSING.header), footer: Buffer.from(CLOSING.footer) });

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
