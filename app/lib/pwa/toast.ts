/**
 * Toasts: short messages in the corner of the page (updates, saved pages, refused links, flash
 * messages). A tiny store read with `useSyncExternalStore` by app/components/pwa/toaster.tsx, so any
 * module (the update checker, the chunk guard) can show one without React context.
 */
export type ToastTone = "info" | "success" | "warning" | "error";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  /** Showing a toast with an existing id replaces it (one update prompt, not a pile). */
  id: string;
  message: string;
  tone: ToastTone;
  actions?: ToastAction[];
  /** Auto-dismiss after this many ms; 0 keeps it until dismissed (prompts that ask for a decision). */
  duration: number;
}

export const DEFAULT_TOAST_MS = 6_000;

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(input: Omit<Toast, "id" | "duration" | "tone"> & Partial<Pick<Toast, "id" | "duration" | "tone">>): string {
  const toast: Toast = { tone: "info", duration: DEFAULT_TOAST_MS, ...input, id: input.id ?? `toast-${++counter}` };
  clearTimeout(timers.get(toast.id));
  toasts = [...toasts.filter((t) => t.id !== toast.id), toast];
  if (toast.duration > 0)
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.duration),
    );
  emit();
  return toast.id;
}

export function dismissToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

const EMPTY: readonly Toast[] = [];
/** Server snapshot: no client toasts during SSR and hydration. */
export function getServerToasts(): readonly Toast[] {
  return EMPTY;
}
