import { useCallback, useEffect, useRef, useState } from 'react';
import { UploadMediaResponse, type MediaKind } from '../../../../../common/schemas/media';
import { readUploadToken } from '../../../app/token-storage';
import { errorMessage } from '../../../shared/api/request';

export type { MediaKind };

/** What each picker offers in the file dialog (the server checks the bytes, not this). */
export const MEDIA_ACCEPT: Record<MediaKind, string> = {
  image: 'image/*',
  audio: 'audio/*',
  video: 'video/*',
};

export class UploadAbortedError extends Error {
  constructor() {
    super('aborted');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Uploads one file (SPEC §7, multipart field `file`) with XMLHttpRequest, because fetch cannot
 * report upload progress. Resolves with the server's answer; rejects with the server's reason,
 * or with UploadAbortedError when cancelled.
 */
export function uploadMedia(
  kind: MediaKind,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadMediaResponse> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/media/upload-${kind}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = readUploadToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(errorMessage(body, xhr.status)));
        return;
      }
      const parsed = UploadMediaResponse.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`Error ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new UploadAbortedError());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export type MediaUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; fileName: string }
  | { status: 'done'; url: string; fileName: string }
  | { status: 'failed'; reason: string }
  | { status: 'cancelled' };

/** One picker's upload: start, progress, cancel (xhr.abort) and the resulting URL. */
export function useMediaUpload(kind: MediaKind) {
  const [state, setState] = useState<MediaUploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the page ends a running upload instead of letting it finish unseen; the server
  // removes the partial file of an interrupted upload.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<string | null> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'uploading', percent: 0, fileName: file.name });
      try {
        const answer = await uploadMedia(kind, file, {
          signal: current.signal,
          onProgress: (percent) =>
            setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
        });
        // A newer pick (or a reset) replaced this upload while it ran: its answer is stale.
        if (controller.current !== current) return null;
        setState({ status: 'done', url: answer.url, fileName: file.name });
        return answer.url;
      } catch (error) {
        if (controller.current !== current) return null;
        setState(
          error instanceof UploadAbortedError
            ? { status: 'cancelled' }
            : { status: 'failed', reason: (error as Error).message },
        );
        return null;
      }
    },
    [kind],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, cancel, reset };
}
