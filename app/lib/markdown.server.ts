/**
 * Story bodies: Markdown rendered on the server with markdown-it, raw HTML disabled (so nothing an
 * author types becomes markup) and links limited to http(s), mailto and same-site paths.
 */
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
const defaultValidate = md.validateLink.bind(md);
md.validateLink = (url) => defaultValidate(url) && /^(https?:|mailto:|\/(?!\/)|#)/i.test(url.trim());

export function renderMarkdown(source: string): string {
  return md.render(source);
}
