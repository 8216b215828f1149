/**
 * The button of a step inside a larger form that asks the server for something (look up an INN, read
 * the company's website). Without JavaScript it submits the whole form with its `intent`, skipping
 * the browser's validation, and the action answers with the form's state and the step's outcome;
 * with JavaScript `background` does the step with a fetcher and the page (with anything typed) stays.
 */

/**
 * `background(form)` runs on a click and returns whether it took the step over (then the plain submit
 * is cancelled). While `busy` the button is disabled and says `busyLabel`.
 */
export function StepButton({
  intent,
  className,
  busy,
  label,
  busyLabel,
  background,
}: {
  intent: string;
  className: string;
  busy: boolean;
  label: string;
  busyLabel: string;
  background: (form: HTMLFormElement | null) => boolean;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      className={className}
      disabled={busy}
      onClick={(event) => {
        if (background(event.currentTarget.form)) event.preventDefault();
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
