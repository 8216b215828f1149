/**
 * Attachments of the buying-request and quote forms (issue 14 follow-up): the chosen files of the
 * multipart field `attachments` are uploaded one by one through `POST /api/files/common` (the API
 * checks type and size by content) and their ids go with the form as `fileIds`, like the inquiry
 * form (app/routes/site/inquiry-new.tsx). Works without JavaScript: the form posts multipart. An upload's
 * refusal is an `ApiClientError`; `ATTACHMENT_ERRORS` puts it on the field (`replyWithApiError`).
 */
import type { ApiClient } from "#app/lib/api-client.server.ts";
import { filesOf, uploadTemporary } from "#app/lib/uploads.server.ts";

/** The multipart field of the forms' file input. */
export const ATTACHMENTS_FIELD = "attachments";

/** Uploads at most `max` chosen files; returns the ids to send as `fileIds` (after `keep`). */
export async function uploadAttachments(api: ApiClient, formData: FormData, max: number, keep: readonly number[] = []): Promise<number[]> {
  const ids = [...keep];
  for (const file of filesOf(formData, ATTACHMENTS_FIELD).slice(0, Math.max(0, max - ids.length))) {
    ids.push((await uploadTemporary(api, file)).id);
  }
  return ids;
}

/** `replyWithApiError` options that put an upload's refusal on the attachments field. */
export const ATTACHMENT_ERRORS = {
  fieldMap: { file: ATTACHMENTS_FIELD, fileIds: ATTACHMENTS_FIELD },
  codes: {
    file_not_found: { field: ATTACHMENTS_FIELD },
    file_too_large: { field: ATTACHMENTS_FIELD },
    file_type_not_allowed: { field: ATTACHMENTS_FIELD },
    file_empty: { field: ATTACHMENTS_FIELD },
  },
};
