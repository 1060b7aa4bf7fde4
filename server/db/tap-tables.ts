import type { Selectable } from 'kysely';

/** Tables of issue 38's verified taps (migration 027); `Database` in tables.ts extends them. */
export interface TapTables {
  tapBatchKey: TapBatchKeyTable;
  cardChip: CardChipTable;
  tap: TapTable;
  tapAlert: TapAlertTable;
}

/** The SUN keys of one batch, sealed by the secret box (server/lib/secret-box.ts) with the batch id and the key's name. */
export interface TapBatchKeyTable {
  batchId: string;
  /** The SDM meta-read key (decrypts `picc_data`), the same on every chip of the batch. */
  metaReadKey: string;
  /** The SDM file-read key of every chip, or with `diversified` the master key each chip's key is derived from (AN10922). */
  fileReadKey: string;
  /** 1: each chip's file-read key is diversified from `fileReadKey` and its UID. */
  diversified: number;
  created: number;
}

/** One card with a SUN chip: the chip its first verified tap bound, and the last verified counter. */
export interface CardChipTable {
  cardId: string;
  batchId: string;
  /** The chip's UID (14 hex, upper case), null until the first verified tap. */
  uid: string | null;
  /** The highest SDMReadCtr verified so far; -1 before the first. */
  counter: number;
  lastVerified: number | null;
}
export type CardChipRow = Selectable<CardChipTable>;

/** One tap of a SUN card as the server judged it. */
export interface TapTable {
  id: string;
  cardId: string;
  at: number;
  /** verified, replayed or invalid. */
  result: string;
  /** The counter the chip sent, when its PICC data could be read. */
  counter: number | null;
  /** The UID the PICC data named (14 hex), when it could be read. */
  uid: string | null;
}
export type TapRow = Selectable<TapTable>;

/** The first replayed or invalid tap of a card on a UTC day: the one that mails the operators. */
export interface TapAlertTable {
  cardId: string;
  day: string;
  at: number;
}
