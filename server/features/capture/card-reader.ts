import type { CaptureReadAnswer } from '../../../shared/schemas/capture.schema.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import { prepareCardImage } from './card-image.ts';
import { readCardFields } from './card-text.rules.ts';
import type { OcrPool } from './ocr-pool.ts';

/**
 * `read(image)` of issue 36: a photo of a paper card into its fields. The photo is checked and
 * prepared (card-image.ts) in one of the process's decode slots, read by Tesseract in the OCR
 * pool's worker threads, and its lines turned into fields by rules (card-text.rules.ts). Nothing
 * of the photo is kept.
 */
export function createCardReader(deps: { pool: OcrPool; decodeSlots?: DecodeSlots }) {
  return {
    async read(image: Buffer): Promise<CaptureReadAnswer> {
      const prepared = deps.decodeSlots ? await deps.decodeSlots.run(() => prepareCardImage(image)) : await prepareCardImage(image);
      const ocr = await deps.pool.recognize(prepared);
      return { fields: readCardFields(ocr.lines), text: ocr.text, confidence: ocr.confidence };
    },
  };
}
export type CardReader = ReturnType<typeof createCardReader>;
