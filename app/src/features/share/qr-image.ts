import QRCode from 'qrcode';

/** Quiet zone around the code, in modules (the QR standard asks for four). */
const MARGIN = 4;

/** The dark modules of a QR code for `text` as one SVG path, and its side in modules. */
export function qrPath(text: string): { side: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(x, y)) path += `M${x + MARGIN} ${y + MARGIN}h1v1h-1z`;
    }
  }
  return { side: modules.size + 2 * MARGIN, path };
}

/** A standalone SVG file of the code (black on white), for print. */
export function qrSvg(text: string): string {
  const { side, path } = qrPath(text);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 10}" height="${side * 10}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/**
 * A PNG of the code, drawn on a canvas at `scale` pixels per module. Drawn here rather than
 * through an `<img>` of a data: URL, which the owner app's CSP does not allow.
 */
export function qrPng(text: string, scale = 16): Promise<Blob> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * MARGIN) * scale;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(x, y)) context.fillRect((x + MARGIN) * scale, (y + MARGIN) * scale, scale, scale);
    }
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG failed'))), 'image/png'));
}
