/**
 * Where a profile's vCard downloads (SPEC 7 `GET /download/generate-vcf-with-comment`), built
 * here once for the server's `profileVcfPath`, the public page's "save contact" and the owner
 * app's share button. The file name is the server's alone (its Content-Disposition header).
 */
export function vcardDownloadPath(profileId: string, comment?: string): string {
  const query = new URLSearchParams({ profileId });
  if (comment) query.set('comment', comment);
  // %20 rather than '+': some contact importers keep a '+' in the comment as it is.
  return `/download/generate-vcf-with-comment?${query.toString().replace(/\+/g, '%20')}`;
}

/** The UTF-8 file name of a download from its Content-Disposition header (`filename*`, else `filename`). */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      /* a malformed escape: fall back to the plain name */
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(contentDisposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(contentDisposition)?.[1] ?? null;
}
