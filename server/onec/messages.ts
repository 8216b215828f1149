/**
 * The 1C exchange's refusals (issue 29 §2, ADR 054): `ExchangeFailure` carries a code of
 * locales/{ru,en,zh}/common.json `onec.failures` and its parameters; `failureText` words it in the
 * key person's language for the protocol's `failure\n<reason>` answer, which 1C shows to its user
 * as is. `failureOf` turns any error met on the way (a DomainError of the API-key check, a file
 * over a bound, a file that cannot be read) into such a failure; anything unexpected is `internal`.
 */
import type { Lang } from "#contract/lang-schemas.ts";
import { resources } from "#locales/index.ts";
import { DomainError } from "../errors.ts";

type Texts = (typeof resources)["ru"]["common"]["onec"];
export type FailureCode = keyof Texts["failures"];
type LimitName = keyof Texts["limits"];

/** A refusal of an exchange step, answered as `failure` with the translated reason. */
export class ExchangeFailure extends Error {
  readonly code: FailureCode;
  readonly params: Record<string, string | number>;
  constructor(code: FailureCode, params: Record<string, string | number> = {}) {
    super(`1C exchange failure: ${code} ${JSON.stringify(params)}`);
    this.code = code;
    this.params = params;
    this.name = "ExchangeFailure";
  }
}

const texts = (lang: Lang): Texts => resources[lang].common.onec as Texts;

/** The reason in `lang`, parameters filled in (numbers grouped the language's way). */
export function failureText(failure: { code: string; params: Record<string, string | number> }, lang: Lang): string {
  const t = texts(lang);
  const template = t.failures[failure.code as FailureCode] ?? t.failures.internal;
  const format = new Intl.NumberFormat(lang === "zh" ? "zh-CN" : lang);
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(failure.params)) params[key] = typeof value === "number" ? format.format(value) : value;
  if (failure.code === "limit" && typeof failure.params.limit === "string")
    params.what = t.limits[failure.params.limit as LimitName] ?? failure.params.limit;
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key] ?? "");
}

/** The API-key check's refusal (server/api-keys/keys.ts words it in English) as a failure code. */
function keyFailure(message: string): ExchangeFailure {
  if (/revoked/i.test(message)) return new ExchangeFailure("key_revoked");
  if (/expired/i.test(message)) return new ExchangeFailure("key_expired");
  if (/address/i.test(message)) return new ExchangeFailure("key_address");
  if (/blocked/i.test(message)) return new ExchangeFailure("key_blocked");
  if (/no longer works/i.test(message)) return new ExchangeFailure("key_creator_gone");
  return new ExchangeFailure("key_invalid");
}

/** Any error of an exchange step as a failure (`internal` for what is not the caller's doing). */
export function failureOf(error: unknown, fileName = ""): ExchangeFailure {
  if (error instanceof ExchangeFailure) return error;
  if (error instanceof DomainError) {
    const details = (error.details ?? {}) as Record<string, unknown>;
    switch (error.code) {
      case "unauthorized":
        return keyFailure(error.message);
      case "rate_limited":
        return new ExchangeFailure("rate_limited");
      case "price_list_too_large":
      case "archive_too_large":
        return new ExchangeFailure("limit", {
          name: fileName,
          limit: typeof details.limit === "string" ? details.limit : "",
          value: Number(details.value ?? 0),
          max: Number(details.max ?? 0),
        });
      case "price_list_unreadable":
        return new ExchangeFailure("unreadable", { name: fileName, why: error.message.replace(/^The price list cannot be read: /, "") });
      case "product_limit_reached":
        return new ExchangeFailure("product_limit_reached", { max: Number(details.limit ?? 0) });
      case "company_blocked":
        return new ExchangeFailure("company_blocked");
      case "forbidden_role":
      case "member_blocked":
        return new ExchangeFailure("forbidden_role");
      case "no_company":
        return new ExchangeFailure("key_not_company");
    }
  }
  return new ExchangeFailure("internal");
}

/** A non-failure answer's note (`onec.answers.<key>`) in `lang`, parameters filled in. */
export function answerText(key: keyof Texts["answers"], params: Record<string, string | number>, lang: Lang): string {
  const format = new Intl.NumberFormat(lang === "zh" ? "zh-CN" : lang);
  return texts(lang).answers[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? "" : typeof value === "number" ? format.format(value) : value;
  });
}

/** A picture refusal's reason in `lang`: the exchange's own words, else the API error's text. */
export function pictureReason(code: string, lang: Lang): string {
  const own = texts(lang).pictureRefusals as Record<string, string>;
  const errors = resources[lang].common.errors as Record<string, string>;
  return own[code] ?? errors[code] ?? own.other!;
}

/**
 * The `success` line of a catalogue import in `lang`: the counts (`answers.catalogDone`), then, when
 * the file named pictures, what they did and the first refusals with their reasons (1C shows the
 * line to its user as is).
 */
export function catalogAnswer(report: Record<string, unknown>, lang: Lang): string {
  const numbers = Object.fromEntries(Object.entries(report).filter(([, v]) => typeof v === "number")) as Record<string, number>;
  const parts = [answerText("catalogDone", numbers, lang)];
  const pictures = ["picturesAttached", "picturesUnchanged", "picturesRemoved", "picturesRefused"].some((k) => (numbers[k] ?? 0) > 0);
  if (pictures)
    parts.push(
      answerText("pictures", { picturesAttached: 0, picturesUnchanged: 0, picturesRemoved: 0, picturesRefused: 0, ...numbers }, lang),
    );
  const refusals = Array.isArray(report.pictureRefusals) ? (report.pictureRefusals as { path: string; code: string }[]) : [];
  for (const refusal of refusals.slice(0, 5))
    parts.push(answerText("pictureRefused", { path: refusal.path, reason: pictureReason(refusal.code, lang) }, lang));
  return parts.join(" ");
}
