/**
 * The frame of a dictionary's edit page in the admin area (categories, service types; loader and
 * action: app/routes/admin/lib/dictionaries.server.ts): the header with the way back to the list, the form
 * with the page's own fields (`children`), its errors, "Create" or "Save", "Delete" (offered only
 * when nothing uses the record; the API checks again), and the record's history.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "#app/lib/use-t.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { HistorySection } from "./audit-list.tsx";
import { AdminHeader, DeleteButton } from "./ui.tsx";
import type { AuditRow } from "#contract/admin/audit.ts";
import { DICTIONARIES, dictionaryKeys, type DictionaryKind } from "../lib/dictionaries.ts";

export function DictionaryEditPage({
  kind,
  data,
  form,
  inUse,
  note,
  children,
}: {
  kind: DictionaryKind;
  /** The loader's answer (`loadEditPage`): the record (null while creating one), the title, its history. */
  data: { record: object | null; title: string; history: AuditRow[] };
  // Conform's metadata of the page's form, whatever its schema.
  form: FormMetadata<any, string[]>;
  /** Something still uses the record (products, offers): it cannot be deleted. */
  inUse: boolean;
  /** A line under the form's buttons. */
  note?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const isNew = data.record === null;
  return (
    <>
      <AdminHeader back={{ to: DICTIONARIES[kind].listPath, label: t(dictionaryKeys(kind).title) }} title={data.title} />
      <section className="admin-section">
        <Form method="post" {...getFormProps(form)} className="admin-form">
          {children}
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="admin-actions-row">
            <button type="submit" className="button" disabled={busy}>
              {isNew ? t("admin.form.create") : t("admin.form.save")}
            </button>
            {isNew ? null : <DeleteButton busy={busy} blockedBy={inUse ? t("admin.errors.in_use") : undefined} />}
          </div>
          {note}
        </Form>
      </section>
      {isNew ? null : <HistorySection rows={data.history} />}
    </>
  );
}
