import type { Tap, TapResult } from '../../../shared/schemas/tap.schema.ts';
import type { TapRow } from '../../db/tables.ts';

/** A stored tap as the console sees it: when, the judgement, and what the chip said. */
export const presentTap = (row: TapRow): Tap => ({
  at: Number(row.at),
  result: row.result as TapResult,
  counter: row.counter === null ? null : Number(row.counter),
  uid: row.uid,
});
