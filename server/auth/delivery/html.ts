/**
 * The HTML part of the platform's e-mails (sign-in codes, invitations, moderation decisions,
 * notifications, buying requests): one page frame, and the escaping of user text put in it.
 */
import type { Lang } from "#server/db/schema.ts";

/** `text` for HTML content or a double-quoted attribute: `&`, `<`, `>` and `"` as entities. */
export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The HTML document of an e-mail in `lang`: `body` (markup whose texts are escaped already, without
 * a leading or trailing newline) in the frame every mail shares.
 */
export function htmlMail(lang: Lang, body: string): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
${body}
</body></html>`;
}
