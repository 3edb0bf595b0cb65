/** Getting results out of the page: downloads under a file name of our choosing, and the clipboard. */
import { toast } from 'sonner';

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file the API serves (signed URL), under a file name of our choosing. */
export async function downloadUrl(url: string, fileName: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Download failed (${response.status})`);
    downloadBlob(await response.blob(), fileName);
  } catch (error) {
    console.error(error);
    toast.error('The download failed. Please try again.');
  }
}

/**
 * Opens a signed link whose answer is an attachment: the browser saves it as it arrives, under the name the server
 * gives, without the page holding it.
 */
export function openDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  document.body.append(a);
  a.click();
  a.remove();
}

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to the clipboard.`);
  } catch {
    toast.error('Copying is blocked in this browser. Select the text and copy it instead.');
  }
}
