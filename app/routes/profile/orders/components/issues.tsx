/**
 * The order page's refusals (app/routes/profile/orders/order.tsx): the forms of its button rows and
 * small stage, document and dispute forms come back with `{ path, message }` issues — the field's
 * name and a validation or API code — shown as one alert, each under its field's label.
 */
import { messageText } from "#app/components/form/messages.ts";
import { useT } from "#app/lib/use-t.ts";

export type Issue = { path: string; message: string };

/** Where a field's label is looked up, first found wins. */
const LABEL_GROUPS = ["orders.page", "orders.fields", "orders.payments", "orders.docs", "orders.disputes"];

/** The refusal's messages, each under the label of its field when it has one. */
export function Issues({ issues }: { issues: Issue[] | undefined }) {
  const t = useT();
  if (!issues?.length) return null;
  return (
    <div className="form-errors" role="alert">
      {issues.map((issue, index) => (
        <p key={index}>
          {issue.path
            ? `${t(
                LABEL_GROUPS.map((group) => `${group}.${issue.path}`),
                { defaultValue: issue.path },
              )}: `
            : ""}
          {messageText(t, issue.message, issue.path ? "field" : "form")}
        </p>
      ))}
    </div>
  );
}
