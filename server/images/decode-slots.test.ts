import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { createDecodeSlots } from './decode-slots.ts';

/** Decodes that are running right now, and the most that ever ran at once, counted by the test itself. */
const counted = { running: 0, most: 0 };

/** A decode that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started = false;
  return {
    open,
    get started() {
      return started;
    },
    decode: async () => {
      started = true;
      counted.running++;
      counted.most = Math.max(counted.most, counted.running);
      await opened;
      counted.running--;
    },
  };
}

describe('decode slots', () => {
  it('runs at most `slots` decodes at once, queues `queue` more and refuses the next with 503 and Retry-After', async () => {
    const slots = createDecodeSlots({ slots: 2, queue: 1 });
    const gates = [gate(), gate(), gate()];
    const running = gates.map((g) => slots.run(g.decode));
    let refused: unknown;
    try {
      slots.run(async () => undefined);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'cmc/unavailable', retryAfterSeconds: 5 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Two run, the third waits for a slot.
    expect(gates.map((g) => g.started)).toEqual([true, true, false]);
    gates[0].open();
    await running[0];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gates[2].started).toBe(true);
    gates.forEach((g) => g.open());
    await Promise.all(running);
    expect(counted.most).toBe(2);
    expect(slots.peak).toBe(2);
  });

  it('lets a waiting decode run as soon as a slot frees, and takes new ones again', async () => {
    const slots = createDecodeSlots({ slots: 1, queue: 1 });
    const first = gate();
    const order: string[] = [];
    const a = slots.run(async () => {
      await first.decode();
      order.push('a');
    });
    const b = slots.run(async () => {
      order.push('b');
    });
    expect(order).toEqual([]);
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
    await expect(slots.run(async () => 'again')).resolves.toBe('again');
  });
});
