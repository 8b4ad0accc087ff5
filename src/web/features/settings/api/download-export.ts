import { useMutation } from '@tanstack/react-query';
import { accountEndpoints } from '@shared/account.contract';
import { apiResponse } from '@web/lib/api';

const FALLBACK_NAME = 'cadence-data.json';

/** The file name a Content-Disposition header gives, or a fallback. */
export function fileNameFrom(disposition: string | null): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? FALLBACK_NAME;
}

/** Saves a blob under a name through a temporary link (the browser's normal download). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /api/auth/export, saved as the JSON file the server names. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async () => {
      const res = await apiResponse(accountEndpoints.export);
      const name = fileNameFrom(res.headers.get('Content-Disposition'));
      saveBlob(await res.blob(), name);
      return name;
    },
  });
}
