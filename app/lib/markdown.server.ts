/**
 * Story bodies: Markdown rendered on the server with markdown-it, raw HTML disabled (so nothing an
 * author types becomes markup) and links limited to http(s), mailto and same-site paths.
 */
import MarkdownIt from "markdown-it";
import { LANGS, type Lang } from "./i18n.ts";

const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
const defaultValidate = md.validateLink.bind(md);
md.validateLink = (url) => defaultValidate(url) && /^(https?:|mailto:|\/(?!\/)|#)/i.test(url.trim());

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** The preview step of a Markdown form: each language's body (`{ ru?, en?, zh? }`) that is not blank, rendered. */
export function renderPreview(body: Partial<Record<Lang, string>> | undefined): Partial<Record<Lang, string>> {
  return Object.fromEntries(LANGS.filter((l) => body?.[l]?.trim()).map((l) => [l, renderMarkdown(body![l]!)]));
}
