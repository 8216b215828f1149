/**
 * Whether the page holds input the user typed but has not submitted: any form control whose value
 * differs from the value the page was rendered with. Reloading for an update asks first when true
 * (issue 6: an update never silently loses a form).
 */
export function hasUnsavedInput(root: ParentNode = document): boolean {
  for (const element of root.querySelectorAll("input, textarea, select")) {
    if (element instanceof HTMLInputElement) {
      if (["hidden", "submit", "button", "reset", "image", "file"].includes(element.type)) continue;
      if (element.type === "checkbox" || element.type === "radio") {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      // Without a `selected` attribute a single select starts on its first option.
      const hasDefault = [...element.options].some((option) => option.defaultSelected);
      for (const option of element.options) {
        const initial = hasDefault ? option.defaultSelected : !element.multiple && option.index === 0;
        if (option.selected !== initial) return true;
      }
    }
  }
  return false;
}
