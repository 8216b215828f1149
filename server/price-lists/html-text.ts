/**
 * Descriptions of price lists as the product description stores them: plain text whose line breaks
 * are its format (the product page keeps them: paragraphs, list items, line breaks).
 *
 * YML feeds carry HTML — inside CDATA (WooCommerce, Bitrix), or escaped twice (`&amp;lt;p&amp;gt;`,
 * seen in a real ocStore/CMS feed) — or plain text with tabs and CRLF. `descriptionText` turns each
 * into safe text with htmlparser2 (a streaming, well-kept HTML tokenizer already in the
 * dependencies): tags become structure (a paragraph or heading → a blank line, `<li>` → "• item",
 * `<br>` → a line break, table cells → spaces), entities are decoded, and the content of `script`,
 * `style`, `iframe`, `object`, `svg`, `template` and `noscript` is dropped. Nothing of the markup
 * survives, so the text can never run as HTML wherever it is shown.
 */
import { Parser } from "htmlparser2";

const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "dl",
  "table",
  "blockquote",
  "pre",
  "figure",
]);
const DROPPED = new Set(["script", "style", "iframe", "object", "embed", "svg", "template", "noscript", "head", "title"]);

/** Whether `text` holds markup (a tag), or markup escaped once more (`&lt;p&gt;`). */
const HAS_TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i;
const HAS_ESCAPED_TAG = /&lt;\/?[a-z][a-z0-9]*(\s[^]*?)?\/?&gt;/i;

/** Text of HTML with its structure as line breaks (see the module comment). */
function htmlToText(html: string): string {
  let out = "";
  let skipping = 0;
  const newline = (count: 1 | 2) => {
    const trimmed = out.replace(/[ \t]+$/, "");
    const have = /\n*$/.exec(trimmed)?.[0].length ?? 0;
    out = trimmed + (trimmed ? "\n".repeat(Math.max(0, count - have)) : "");
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (DROPPED.has(name)) skipping += 1;
        if (skipping) return;
        if (name === "br") newline(1);
        else if (name === "li") {
          newline(1);
          out += "• ";
        } else if (name === "tr" || name === "dt" || name === "dd") newline(1);
        else if (name === "td" || name === "th") out += " ";
        else if (BLOCKS.has(name)) newline(2);
      },
      ontext(text) {
        if (!skipping) out += text.replace(/[\s\u00a0]+/g, " ");
      },
      onclosetag(name, implied) {
        if (DROPPED.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping || implied === undefined) return;
        if (name === "li" || name === "tr") newline(1);
        else if (BLOCKS.has(name)) newline(2);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

/** Entities of `text` decoded (text only: any markup it spells out stays text). */
function decodeOnce(text: string): string {
  let out = "";
  const parser = new Parser({ ontext: (t) => (out += t) }, { decodeEntities: true, xmlMode: false });
  // Escaped markup has no real tags, so the tokenizer sees one text run.
  parser.write(text.replace(/</g, "&lt;"));
  parser.end();
  return out;
}

/** Lines trimmed, runs of spaces made one, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * A description as safe formatted text (see the module comment): HTML, HTML escaped twice, or plain
 * text with tabs and CRLF line ends.
 */
export function descriptionText(raw: string): string {
  let text = raw;
  if (!HAS_TAG.test(text) && HAS_ESCAPED_TAG.test(text)) text = decodeOnce(text);
  if (HAS_TAG.test(text)) return tidy(htmlToText(text));
  // Plain text may still carry entities (`&quot;`, `&#177;`).
  return tidy(/&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text) ? decodeOnce(text) : text);
}
