/**
 * The main submit button of a form on a hydrated page (sign-in, profile): disabled while the
 * router submits the form, so a second click cannot send it twice. Without JavaScript it is a plain
 * submit button.
 */
import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/** `<button type="submit" class="button button-primary">` with `children` as its label. */
export function SubmitButton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
      {children}
    </button>
  );
}
