/**
 * The submit button of a form on a hydrated page (sign-in, profile): disabled while the form is being
 * sent, so a second click cannot send it twice. Without JavaScript it is a plain submit button.
 */
import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * `<button type="submit">` labelled `children` (class `button button-primary` unless `className`).
 * `intent` gives it `name="intent" value={intent}`, for an action that tells its forms apart by it.
 * Disabled while `busy`; left out, while the router submits any form of the page.
 */
export function SubmitButton({
  children,
  className = "button button-primary",
  intent,
  busy,
}: {
  children: ReactNode;
  className?: string;
  intent?: string;
  busy?: boolean;
}) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className={className}
      disabled={busy ?? navigation.state === "submitting"}
    >
      {children}
    </button>
  );
}
