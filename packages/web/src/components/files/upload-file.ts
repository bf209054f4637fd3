import { filesApi, ResultCode, type Envelope, type FilePurpose, type StoredFile } from '@herald/contract';
import { ApiError, authHeaders, buildUrl, logout } from '../../lib/http';
import { showLoginTimeout } from '../../lib/feedback';
import i18n from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { clearSession } from '../../lib/session-storage';

export type UploadArgs = {
  purpose: FilePurpose;
  file: File;
  md5: string;
  /** fraction of the bytes sent so far */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * The file upload route (`filesApi.create`) with the raw bytes. XMLHttpRequest rather than the app's fetch client: only it
 * reports upload progress. Same rules otherwise (lang and bearer through buildUrl/authHeaders,
 * 40001 and 401 end the session); other refusals come back as ApiError for the uploader to show.
 */
export function uploadFile({ purpose, file, md5, onProgress, signal }: UploadArgs): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(filesApi.create.path, { purpose, name: file.name, md5, size: file.size }));
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(i18n.t('error.noAnswer'), xhr.status, xhr.status));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let body: Envelope<StoredFile> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<StoredFile>;
      } catch {
        body = undefined;
      }
      if (!body) {
        reject(new ApiError(i18n.t('error.noAnswer'), xhr.status, xhr.status));
        return;
      }
      if (xhr.status < 300 && body.code === ResultCode.SUCCESS) {
        resolve(body.data);
        return;
      }
      if (body.code === ResultCode.LOGIN_TIMEOUT) showLoginTimeout(() => void logout());
      else if (xhr.status === 401) {
        clearSession();
        navigateTo('/login');
      }
      reject(new ApiError(body.message || xhr.statusText || 'Error', body.code, xhr.status, body.data));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
