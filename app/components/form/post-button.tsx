/**
 * A button that is a form of its own: the page's action tells its buttons apart by `intent`, and a
 * button about one record of a list (a quote, a report) names it in hidden fields. A plain POST, so
 * it works without JavaScript.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A form of one submit button posting `intent` and the `hidden` fields (in the order given).
 * `className` is the button's.
 */
export function PostButton({
  intent,
  hidden,
  className,
  disabled,
  children,
}: {
  intent: string;
  hidden?: Record<string, string | number>;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={className} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}
