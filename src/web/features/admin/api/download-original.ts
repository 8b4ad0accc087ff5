import { useMutation } from '@tanstack/react-query';
import { adminEndpoints } from '@shared/admin.contract';
import { api, apiUrl } from '@web/lib/api';

/**
 * The original file (product.md §7), saved under its original name. The browser streams it to disk
 * (the server's Content-Disposition names it) instead of holding up to 2 GB in memory: a HEAD
 * first confirms the file can be had, so failures still reach the toast.
 */
async function downloadOriginal(videoId: string): Promise<void> {
  const params = { id: videoId };
  await api(adminEndpoints.download, { params, method: 'HEAD' });
  const url = apiUrl(adminEndpoints.download, { params });
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** 'Download Original' as a mutation: pending while the HEAD runs, failed when it does. */
export function useDownloadOriginal() {
  return useMutation({ mutationFn: downloadOriginal });
}
