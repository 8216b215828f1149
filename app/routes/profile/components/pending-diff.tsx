/**
 * A supplier's own changes awaiting moderation, field by field (issue 15 §5): the moderator's diff
 * view (app/components/diff-view.tsx, fed by the same server diff, ADR 014) under a heading
 * that says visitors still see the published version. Nothing when nothing waits or on a first
 * submission (there is no approved version to compare with).
 */
import type { PendingDiff as PendingDiffData } from "#contract/profile-pending.ts";
import { useT } from "#app/lib/use-t.ts";
import { DiffView } from "#app/components/diff-view.tsx";

export function PendingDiff({ diff }: { diff: PendingDiffData | null }) {
  const t = useT();
  if (!diff || !diff.awaiting || diff.firstSubmission || !diff.diff.some((f) => f.changed)) return null;
  return (
    <section className="card pending-diff" aria-labelledby="pending-diff-title" data-testid="pending-diff">
      <h2 id="pending-diff-title">{t("content.pending.title")}</h2>
      <p className="muted small">{t("content.pending.hint")}</p>
      <DiffView diff={diff.diff} firstSubmission={false} />
    </section>
  );
}
