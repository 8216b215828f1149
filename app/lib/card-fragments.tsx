/**
 * Product cards of a document rendered once per content and reused as HTML (issue 31 §4, ADR 077).
 *
 * A product page shows eight related cards, and they are much the same on every page of a category:
 * the related products are the newest of the product's category and TN VED code (server/catalog
 * `relatedProducts`), so a crawler walking a category renders the same few cards on each page. A card
 * is ≈ 15 elements; the eight were ≈ 10 % of an uncached product page's CPU (measured by leaving them
 * out, docs/benchmarks.md). Category lists, search results and supplier pages show the same cards.
 *
 * A card's HTML depends only on what its key holds: the card's data as the API gave it (name and its
 * translations, picture, price, MOQ, supplier), the page's language, the visitor's display currency
 * and the Bank of Russia rates shown (the converted price) and the search match it shows — and on the
 * page's own path, which the favourite button's no-JS form carries back (`redirectTo`, in the form and
 * in the island's props). The path is rendered as a per-process sentinel (PAGE_PATH_SENTINEL, handed to
 * the button through `usePagePathOverride`) and filled in for each page. Cards are reused only for
 * anonymous visitors (the favourite star shows a signed-in visitor's own favourites), only with a
 * lazily loaded photo (React preloads the others' photos in the head; ProductCard decides), and only on
 * a path whose characters read the same in an HTML attribute and in JSON.
 *
 * How, as ChromeFragments does for the header and footer (ADR 060): a card claims its key while
 * rendering. A stored card renders only a slot element; a new one renders between two marker
 * elements. `finish` works on the page's UTF-8 bytes, in document order: it replaces each slot with the
 * stored bytes, cuts each new card out from between its markers into the store, and fills the page's
 * path into both. The markers carry a random token of the process, so no text a supplier writes can
 * pass for one. Markers are elements and a card starts and ends with an element, so React's separators
 * between adjacent text nodes are the same as without them: the page is byte for byte a full render's
 * (app/components/catalog/card-fragments.test.tsx compares them).
 *
 * The store is bounded by bytes (STORE_BYTES; least recently used cards go first) and belongs to one
 * process (app/entry.server.tsx). A changed product changes its key, so nothing stored goes stale.
 */
import { createContext, useContext, type ReactNode } from "react";

/** The store's bound: keys and HTML, about 2,000 cards. */
export const STORE_BYTES = 8 * 1024 * 1024;

/**
 * A per-process token in the markers and the path's sentinel. Math.random is enough: the token is never sent
 * anywhere, it only keeps a supplier's text from being taken for a marker. The module is in the browser's bundle
 * too (ProductCard), where it is never used.
 */
const TOKEN = Math.random().toString(36).slice(2, 12);

/** What a card renders in place of the page's path while it is being stored (filled in by `finish`). */
export const PAGE_PATH_SENTINEL = `/__page-path-${TOKEN}__`;

/**
 * A page path (pathname and query) that reads the same in JSON and in an HTML attribute once `&` is written
 * `&amp;`: no quotes, backslashes, angle brackets or control characters.
 */
const FILLABLE = /^\/[\w/.~%:@!$()*+,;=-]*(\?[\w/.~%:@!$()*+,;=&?-]*)?$/;

/** A stored card: its HTML split at the path's sentinel, as UTF-8 bytes, and its size with its key. */
type Stored = { pieces: Buffer[]; bytes: number };

/** The cards stored in this process: key → HTML pieces. Map order is recency (a hit moves the card to the end). */
export class CardStore {
  readonly #cards = new Map<string, Stored>();
  #bytes = 0;
  readonly limit: number;

  constructor(limit = STORE_BYTES) {
    this.limit = limit;
  }

  get(key: string): Stored | undefined {
    const stored = this.#cards.get(key);
    if (stored) {
      this.#cards.delete(key);
      this.#cards.set(key, stored);
    }
    return stored;
  }

  set(key: string, pieces: Buffer[]): void {
    if (this.#cards.has(key)) return;
    const bytes = key.length * 2 + pieces.reduce((sum, piece) => sum + piece.length, 0);
    if (bytes > this.limit) return;
    this.#cards.set(key, { pieces, bytes });
    this.#bytes += bytes;
    for (const [oldest, stored] of this.#cards) {
      if (this.#bytes <= this.limit) break;
      this.#cards.delete(oldest);
      this.#bytes -= stored.bytes;
    }
  }

  get size(): number {
    return this.#cards.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}

type Use = { id: number; key: string; stored: Stored | undefined };

const SLOT = "data-card-slot";
const START = "data-card-start";
const END = "data-card-end";
const marker = (attribute: string, id: number) => `<template ${attribute}="${TOKEN}-${id}"></template>`;

/**
 * One document's use of the card store: each card asks `claim`, and the entry's `finish` fills the slots and
 * stores the new cards. Built per document render by app/entry.server.tsx for `path` (pathname and query as the
 * router's location gives them).
 */
export class CardFragments {
  readonly #store: CardStore;
  readonly #uses: Use[] = [];
  /** The page's path as an attribute holds it, or null when it cannot be filled in (then cards render in full). */
  readonly #path: Buffer | null;

  constructor(store: CardStore, path: string) {
    this.#store = store;
    this.#path = FILLABLE.test(path) ? Buffer.from(path.replaceAll("&", "&amp;"), "utf8") : null;
  }

  /** The claim of a card with this key: `hit` when the stored HTML will be put in; null when the card must render in full. */
  claim(key: string): { id: number; hit: boolean } | null {
    if (this.#path === null) return null;
    const stored = this.#store.get(key);
    const id = this.#uses.length;
    this.#uses.push({ id, key, stored });
    return { id, hit: stored !== undefined };
  }

  /** The rendered page with every slot filled and every new card stored; `body` itself when nothing was claimed. */
  finish(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
    if (this.#uses.length === 0 || this.#path === null) return body;
    const path = this.#path;
    const sentinel = Buffer.from(PAGE_PATH_SENTINEL, "utf8");
    const out: Buffer[] = [];
    let at = 0;
    for (const use of this.#uses) {
      let pieces: Buffer[];
      if (use.stored) {
        const slot = Buffer.from(marker(SLOT, use.id), "utf8");
        const found = body.indexOf(slot, at);
        if (found < 0) throw new Error(`card ${use.id}: its slot is not in the page`);
        out.push(body.subarray(at, found));
        pieces = use.stored.pieces;
        at = found + slot.length;
      } else {
        const start = Buffer.from(marker(START, use.id), "utf8");
        const end = Buffer.from(marker(END, use.id), "utf8");
        const from = body.indexOf(start, at);
        const to = from < 0 ? -1 : body.indexOf(end, from);
        if (to < 0) throw new Error(`card ${use.id}: its markers are not in the page`);
        out.push(body.subarray(at, from));
        pieces = split(Buffer.from(body.subarray(from + start.length, to)), sentinel);
        this.#store.set(use.key, pieces);
        at = to + end.length;
      }
      pieces.forEach((piece, i) => {
        if (i > 0) out.push(path);
        out.push(piece);
      });
    }
    out.push(body.subarray(at));
    return Buffer.concat(out) as Buffer<ArrayBuffer>;
  }
}

/** `bytes` cut at every `separator` (which is left out). */
function split(bytes: Buffer, separator: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let at = 0;
  for (let found = bytes.indexOf(separator); found >= 0; found = bytes.indexOf(separator, at)) {
    pieces.push(bytes.subarray(at, found));
    at = found + separator.length;
  }
  pieces.push(bytes.subarray(at));
  return pieces;
}

/** The document's CardFragments (set by app/entry.server.tsx for documents only; null otherwise and in the browser). */
export const CardFragmentsContext = createContext<CardFragments | null>(null);

/** The render's CardFragments, or null where cards render in full. */
export function useCardFragments(): CardFragments | null {
  return useContext(CardFragmentsContext);
}

/** The page's path as a component inside a card being stored must render it (the sentinel), or null: the real location. */
const PagePathContext = createContext<string | null>(null);

/** The path a form inside a card sends the visitor back to: the sentinel while the card is stored, else null (use the location). */
export function usePagePathOverride(): string | null {
  return useContext(PagePathContext);
}

/** A card rendered in place of itself when it is stored (`hit`), or in full between its markers. */
export function CardFragment({ claim, children }: { claim: { id: number; hit: boolean }; children: ReactNode }) {
  if (claim.hit) return <template {...{ [SLOT]: `${TOKEN}-${claim.id}` }} />;
  return (
    <>
      <template {...{ [START]: `${TOKEN}-${claim.id}` }} />
      <PagePathContext value={PAGE_PATH_SENTINEL}>{children}</PagePathContext>
      <template {...{ [END]: `${TOKEN}-${claim.id}` }} />
    </>
  );
}
