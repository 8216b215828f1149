/**
 * The page-metadata reader behind `/app/parse/meta` (issue 7, ADR 012): fetches a page safely
 * (safe-fetch.ts), decodes it (`decodeHtml`) and reads its title, description, site name, image,
 * icon and language (extract.ts).
 */
import { isUtf8 } from "node:buffer";
import { decodeBuffer } from "encoding-sniffer";
import { ResultType, Sniffer } from "encoding-sniffer/sniffer";
import { extractMeta, type PageMeta } from "./extract.ts";
import { safeFetchPage, type SafeFetchOptions } from "./safe-fetch.ts";

export { MetaError, META_ERROR_CODES, type MetaErrorCode } from "./errors.ts";
export type { SafeFetchOptions } from "./safe-fetch.ts";

export interface PageMetaResult extends PageMeta {
  /** The URL asked for, normalized by the URL parser. */
  url: string;
  /** The page's URL after redirects. */
  finalUrl: string;
}

/** Bytes of the document searched for `<meta charset>` (the HTML Standard's prescan reads 1024; late declarations are common). */
const SNIFF_BYTES = 4096;

/**
 * Decodes an HTML document the way a browser does (HTML Standard §13.2.3.2, encoding sniffing,
 * via encoding-sniffer): a byte-order mark, else the Content-Type `charset`, else a
 * `<meta charset>` / `<meta http-equiv=content-type>` in the first SNIFF_BYTES, else UTF-8 when the
 * bytes are valid UTF-8 and windows-1252 otherwise. Labels map by the WHATWG Encoding Standard
 * (`gb2312` → GBK, `cp1251` → windows-1251, `latin1` → windows-1252…); an unknown label is ignored.
 */
export function decodeHtml(body: Buffer, charset: string | null): string {
  const sniffer = new Sniffer({ maxBytes: SNIFF_BYTES, transportLayerEncodingLabel: charset ?? undefined });
  sniffer.write(body);
  const encoding = sniffer.resultType === ResultType.DEFAULT ? (isUtf8(body) ? "utf-8" : "windows-1252") : sniffer.encoding;
  return decodeBuffer(body, { userEncoding: encoding });
}

/**
 * Reads the metadata of the page at `url`. Throws `MetaError` (errors.ts) for every refusal or
 * failure; see safe-fetch.ts for the rules and `options` for the test hooks.
 */
export async function readPageMeta(url: string, options: SafeFetchOptions = {}): Promise<PageMetaResult> {
  const page = await safeFetchPage(url, options);
  const html = decodeHtml(page.body, page.charset);
  return { url: page.url, finalUrl: page.finalUrl, ...extractMeta(html, page.finalUrl, { contentLanguage: page.contentLanguage }) };
}
