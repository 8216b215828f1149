/**
 * The API app's types, in a leaf module: what the process hands the API (`ApiDeps`) and the
 * per-request variables every sub-app and handler reads (`ApiEnv`, Hono's env type). The composition
 * root server/api/app.ts builds the app from them; resources import the type from here, never from
 * the root that mounts them, so server/api has no import circle (architecture review F1).
 */
import type { AuthService } from "../auth/service.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import type { Db } from "../db/client.ts";
import type { StorageQuota } from "../files/receive.ts";
import type { FileStorage } from "../files/storage.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { SuggestionsClient } from "../suggestions/dadata.ts";
import type { Translator } from "../translation/provider.ts";
import type { Caller } from "./caller.ts";
import type { ParseMetaDeps, ParseMetaService } from "./parse-meta-service.ts";

export interface ApiDeps {
  db: Db;
  logger: Logger;
  /** Sign-in and sessions (server/auth/service.ts). */
  auth: AuthService;
  /** Mark the refresh cookie Secure (production over HTTPS). */
  secureCookies?: boolean;
  /** Where uploads go (server/files); default: the local driver under a temporary folder. */
  storage?: FileStorage;
  /** Outgoing mail (employee invitations); default: written to the log only. */
  mailer?: Mailer;
  /** INN and address suggestions (server/suggestions); default: not configured (empty answers). */
  suggestions?: SuggestionsClient;
  /** Seconds a temporary upload lives unless attached (default 24 h). */
  uploadTtlS?: number;
  /** Bytes of stored uploads per user and per company (security review F25); default unlimited. */
  storageQuota?: StorageQuota;
  /** Origin of the site for links in e-mails. */
  publicUrl?: () => string;
  /**
   * Check every reply against its route descriptor (server/api/resource.ts): on in tests and in
   * development, off in production (a violation is a defect to find before users do).
   */
  checkResponses?: boolean;
  /** `/app/parse/meta` limits and, in tests only, fetcher hooks (server/api/parse-meta.ts). */
  parseMeta?: ParseMetaDeps;
  /** The background job queue (server/jobs); without it, enqueuing throws (a bare app in a test). */
  jobs?: JobQueue;
  /** Machine translation for "translate" on a message (server/translation/provider.ts); none: the action is unavailable. */
  translator?: Translator | undefined;
}

export type ApiEnv = {
  Variables: {
    db: Db;
    logger: Logger;
    requestId?: string;
    auth: AuthService;
    caller: Caller | null;
    secureCookies: boolean;
    storage: FileStorage;
    mailer: Mailer;
    suggestions: SuggestionsClient;
    uploadTtlS: number;
    storageQuota?: StorageQuota;
    publicUrl: () => string;
    checkResponses: boolean;
    /** The page reader's limiters and fetcher settings (server/api/parse-meta.ts). */
    parseMeta: ParseMetaService;
    jobs: JobQueue;
    translator: Translator | undefined;
  };
};
