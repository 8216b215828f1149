/**
 * "Translate" on a conversation message (issue 14 follow-up; ADR 033): a reader of the
 * conversation asks for a message in their language; the configured provider
 * (server/translation/provider.ts) translates it once and the text is stored in
 * `message_translations` (one row per message and target language), so the next reader in that
 * language, and every later view, reads the stored text.
 *
 * Who may: whoever may read the conversation (repository.ts `conversationFor`); anyone else, a
 * message that does not exist or one staff hid is a 404 `not_found`. Errors: 503
 * `translation_unavailable` without a provider, 503 `translation_failed` when it fails.
 */
import { and, eq } from "drizzle-orm";
import type { MessageTranslation } from "#contract/conversations.ts";
import type { Db } from "../db/client.ts";
import { conversationMessages, messageTranslations, type Lang } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { TranslationError, type Translator } from "../translation/provider.ts";
import { conversationFor } from "./repository.ts";

/** The message `messageId` in `targetLang` for a reader of its conversation (see the module comment). */
export async function translateMessage(
  db: Db,
  translator: Translator | undefined,
  userId: number,
  messageId: number,
  targetLang: Lang,
): Promise<MessageTranslation> {
  const [message] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, messageId));
  if (!message || message.hiddenAt !== null) throw notFound("Message");
  await conversationFor(db, userId, message.conversationId).catch(() => {
    throw notFound("Message");
  });
  if (message.lang === targetLang) return { text: message.body, sourceLang: message.lang, targetLang };
  const [stored] = await db
    .select()
    .from(messageTranslations)
    .where(and(eq(messageTranslations.messageId, messageId), eq(messageTranslations.targetLang, targetLang)));
  if (stored) return { text: stored.text, sourceLang: stored.sourceLang, targetLang };
  if (!translator) throw new DomainError("translation_unavailable", "Machine translation is not configured");
  let text: string;
  try {
    [text = ""] = await translator.translate([message.body], message.lang, targetLang);
  } catch (error) {
    if (error instanceof TranslationError) throw new DomainError("translation_failed", "The translation service failed; try again later");
    throw error;
  }
  // Two readers at once: the first stored text wins, both see it.
  await db
    .insert(messageTranslations)
    .values({ messageId, targetLang, sourceLang: message.lang, text: text.trim(), provider: translator.name })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(messageTranslations)
    .where(and(eq(messageTranslations.messageId, messageId), eq(messageTranslations.targetLang, targetLang)));
  return { text: row!.text, sourceLang: row!.sourceLang, targetLang };
}
