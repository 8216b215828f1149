/**
 * Conform's `lastResult` as an action returns it (`submission.reply()`, `replyWithApiError`), for
 * form components that take the reply of their page's action as a prop.
 */
import type { SubmissionResult } from "@conform-to/react";

export type FormResult = SubmissionResult<string[]> | null | undefined;
