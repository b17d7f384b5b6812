import { useCallback, useState } from 'react';

/**
 * Which pickers of a form are uploading: saving waits until none is (a half-uploaded file has no
 * URL yet). `report` is stable, so pickers may call it from their effects.
 */
export function useBusyUploads() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((id: string, isBusy: boolean) => {
    setBusy((current) => {
      if (current.has(id) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return { isUploading: busy.size > 0, report };
}
