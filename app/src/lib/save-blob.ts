/** Offers a Blob as a file download under `fileName` (vCard, QR image, wallet pass). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the URL after click() returns; revoke a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
