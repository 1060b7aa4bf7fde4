import os from 'node:os';
import pLimit from 'p-limit';
import { ErrorCode } from '../../shared/error-codes.ts';
import { AppError } from '../http/errors.ts';

/** How long a refused upload is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Decoding an image takes memory in proportion to its pixels (a 64-megapixel photo is
 * hundreds of MB), so this process decodes at most as many images at once as it has cores;
 * a few more wait their turn, and past that queue an upload is refused with 503 and
 * Retry-After instead of taking the process's memory. The limit is per process on purpose:
 * it protects this process's memory, whatever other instances do.
 *
 * sharp's own settings stay as they are: `limitInputPixels` (image.processor.ts) refuses a
 * single oversized image, not many at once, and `sharp.concurrency()` (libvips threads per
 * image; 1 on glibc without jemalloc, the core count elsewhere) bounds threads, not images.
 */
export function createDecodeSlots(options: { slots?: number; queue?: number } = {}) {
  const slots = options.slots ?? os.availableParallelism();
  const queue = options.queue ?? slots * 2;
  const limit = pLimit(slots);
  let peak = 0;
  return {
    /** Runs `decode` in a slot, or throws D4's 503 when every slot and the queue are taken. */
    run<T>(decode: () => Promise<T>): Promise<T> {
      if (limit.activeCount >= slots && limit.pendingCount >= queue) {
        throw new AppError(
          503,
          ErrorCode.unavailable,
          'Many images are being processed right now. Please try again in a few seconds.',
          undefined,
          RETRY_AFTER_SECONDS,
        );
      }
      return limit(() => {
        peak = Math.max(peak, limit.activeCount);
        return decode();
      });
    },
    /** The most decodes that ran at once (for tests and the logs). */
    get peak() {
      return peak;
    },
    slots,
  };
}
export type DecodeSlots = ReturnType<typeof createDecodeSlots>;
