import { adminDownloadPath } from '@shared/admin.contract';
import { apiRequest } from '@web/lib/api';

/**
 * The original file (spec §7), saved under its original name. The browser streams it to disk
 * (the server's Content-Disposition names it) instead of holding up to 2 GB in memory: a HEAD
 * first confirms the file can be had, so failures still reach the toast.
 */
export async function downloadOriginal(videoId: string): Promise<void> {
  const url = adminDownloadPath(videoId);
  await apiRequest('HEAD', url);
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
