/**
 * Machine translation providers for supplier content (issue 15 §4, ADR 031). One interface, two
 * adapters chosen by environment (server/env.ts `TRANSLATION_*`):
 *
 * - `libretranslate`: a self-hosted LibreTranslate-compatible server,
 *   `POST {url}/translate` JSON `{q, source, target, format: "text", api_key?}` → `{translatedText}`
 *   (https://libretranslate.com/docs). One request per text.
 * - `yandex`: Yandex Cloud Translate v2,
 *   `POST https://translate.api.cloud.yandex.net/translate/v2/translate` with
 *   `Authorization: Api-Key <key>` and JSON `{sourceLanguageCode, targetLanguageCode, texts[], folderId}`
 *   → `{translations: [{text}]}` (https://yandex.cloud/docs/translate/api-ref/Translation/translate).
 *   All texts of one call in one request.
 *
 * `translate(texts, from, to)` returns the translations in the order of `texts`. Errors: a
 * `TranslationError` for a refused request, a malformed reply or a timeout (10 s); the job that
 * called it is retried by the queue.
 */
import type { Lang } from "#contract/langs.ts";
import { NO_REDIRECTS, readTextCapped } from "../fetch-limits.ts";

export interface Translator {
  /** Provider name, stored with each machine translation. */
  readonly name: string;
  translate(texts: readonly string[], from: Lang, to: Lang): Promise<string[]>;
}

export class TranslationError extends Error {
  override name = "TranslationError";
}

export interface TranslatorConfig {
  TRANSLATION_PROVIDER: "none" | "libretranslate" | "yandex";
  TRANSLATION_URL?: string;
  TRANSLATION_API_KEY?: string;
  TRANSLATION_FOLDER_ID?: string;
}

const TIMEOUT_MS = 10_000;
export const YANDEX_TRANSLATE_URL = "https://translate.api.cloud.yandex.net";

/** The configured provider, or undefined for `none` (nothing is machine-translated then). */
export function createTranslator(config: TranslatorConfig, fetchImpl: typeof fetch = fetch): Translator | undefined {
  switch (config.TRANSLATION_PROVIDER) {
    case "none":
      return undefined;
    case "libretranslate":
      return libreTranslate(config.TRANSLATION_URL!, config.TRANSLATION_API_KEY, fetchImpl);
    case "yandex":
      return yandexTranslate(
        config.TRANSLATION_URL ?? YANDEX_TRANSLATE_URL,
        config.TRANSLATION_API_KEY!,
        config.TRANSLATION_FOLDER_ID!,
        fetchImpl,
      );
  }
}

/**
 * The largest answer read from a translation service (review I4): a batch of texts of at most
 * 10,000 characters each, translated, is far below it.
 */
export const MAX_TRANSLATION_BYTES = 4 * 1024 * 1024;

/** POSTs JSON without following redirects and reads at most MAX_TRANSLATION_BYTES of the answer (server/fetch-limits.ts). */
async function postJson(fetchImpl: typeof fetch, url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...NO_REDIRECTS,
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TranslationError(`Translation service unreachable: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = await readTextCapped(response, MAX_TRANSLATION_BYTES);
  } catch (error) {
    throw new TranslationError(`Translation service answer unreadable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new TranslationError(`Translation service answered ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new TranslationError(`Translation service answered non-JSON: ${text.slice(0, 200)}`);
  }
}

/** LibreTranslate codes: `zh` is Simplified Chinese on LibreTranslate ≥ 1.6 as on Argos models. */
export function libreTranslate(baseUrl: string, apiKey: string | undefined, fetchImpl: typeof fetch = fetch): Translator {
  const url = new URL("translate", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).toString();
  return {
    name: "libretranslate",
    async translate(texts, from, to) {
      const out: string[] = [];
      for (const q of texts) {
        const reply = (await postJson(fetchImpl, url, {
          q,
          source: from,
          target: to,
          format: "text",
          ...(apiKey ? { api_key: apiKey } : {}),
        })) as {
          translatedText?: unknown;
        };
        if (typeof reply.translatedText !== "string") throw new TranslationError("LibreTranslate reply has no translatedText");
        out.push(reply.translatedText);
      }
      return out;
    },
  };
}

/** Yandex Cloud Translate v2; `texts` go in one request (the API takes up to 10,000 characters). */
export function yandexTranslate(baseUrl: string, apiKey: string, folderId: string, fetchImpl: typeof fetch = fetch): Translator {
  const url = new URL("translate/v2/translate", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).toString();
  return {
    name: "yandex",
    async translate(texts, from, to) {
      if (texts.length === 0) return [];
      const reply = (await postJson(
        fetchImpl,
        url,
        { sourceLanguageCode: from, targetLanguageCode: to, texts, folderId, format: "PLAIN_TEXT" },
        { authorization: `Api-Key ${apiKey}` },
      )) as { translations?: { text?: unknown }[] };
      const translations = reply.translations;
      if (!Array.isArray(translations) || translations.length !== texts.length || translations.some((t) => typeof t?.text !== "string")) {
        throw new TranslationError("Yandex Translate reply does not match the texts sent");
      }
      return translations.map((t) => t.text as string);
    },
  };
}
