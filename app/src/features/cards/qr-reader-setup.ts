import { setZXingModuleOverrides } from '@yudiel/react-qr-scanner';
// The reader's WebAssembly ships from this server, next to the app's own files (no CDN at run time).
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Points the QR reader's ZXing module at the wasm file Vite emitted from the zxing-wasm
 * package. Without this the library fetches the file from a public CDN. The pinned zxing-wasm
 * version equals the one barcode-detector bundles, because glue code and wasm must match.
 */
export function prepareLocalQrReaderWasm(): void {
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path),
  });
}

/** The wasm file's URL, for tests that check it is served locally. */
export const QR_READER_WASM_URL = zxingReaderWasmUrl;
