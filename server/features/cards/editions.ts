import { fileURLToPath } from 'node:url';
import { EDITIONS, type Edition } from '../../../shared/schemas/card.schema.ts';

/** A colour as Apple Wallet's pass.json wants it: `rgb(r, g, b)`. */
export type RgbColor = `rgb(${number}, ${number}, ${number})`;

/** Everything the server needs to know about one card edition (SPEC 3, D9). */
export interface EditionInfo {
  edition: Edition;
  /** Shape of the printed object: coins are round, everything else is an ISO ID-1 card. */
  shape: 'coin' | 'card';
  /** Product name as shown to owners and on wallet passes, per interface language (D1). */
  displayName: { de: string; en: string };
  /**
   * Wallet pass colours. Chosen so that foreground and label text stay readable on the
   * background (contrast of at least 4.5:1 for the foreground), not to copy the card art exactly.
   */
  walletColors: { background: RgbColor; foreground: RgbColor; label: RgbColor };
  /** Path of the SVG inside the project, also its URL path when `assets/` is served at `/assets`. */
  assetPath: string;
  /** Absolute path of the SVG on this machine, for reading it (PNG rendering, CLI copies). */
  imageFile: string;
}

const assetPath = (edition: Edition) => `assets/editions/${edition}.svg`;
// Resolved from this file rather than the working directory, so tests and the CLI find it anywhere.
const imageFile = (edition: Edition) => fileURLToPath(new URL(`../../../${assetPath(edition)}`, import.meta.url));

type EditionData = Omit<EditionInfo, 'edition' | 'assetPath' | 'imageFile'>;

// Names stay English product names in German too, except where the word is a plain
// description ("Coin", "Silver", "Rose") that a German customer would read in German.
const DATA: Record<Edition, EditionData> = {
  firstEditionCoin: {
    shape: 'coin',
    displayName: { de: 'First Edition Münze', en: 'First Edition Coin' },
    walletColors: { background: 'rgb(110, 82, 28)', foreground: 'rgb(255, 255, 255)', label: 'rgb(246, 220, 151)' },
  },
  firstEditionDark: {
    shape: 'card',
    displayName: { de: 'First Edition Dark', en: 'First Edition Dark' },
    walletColors: { background: 'rgb(28, 28, 34)', foreground: 'rgb(255, 255, 255)', label: 'rgb(201, 169, 110)' },
  },
  firstEditionRose: {
    shape: 'card',
    displayName: { de: 'First Edition Rosé', en: 'First Edition Rose' },
    walletColors: { background: 'rgb(150, 88, 84)', foreground: 'rgb(255, 255, 255)', label: 'rgb(255, 226, 219)' },
  },
  firstEditionSilver: {
    shape: 'card',
    displayName: { de: 'First Edition Silber', en: 'First Edition Silver' },
    walletColors: { background: 'rgb(214, 217, 222)', foreground: 'rgb(28, 30, 34)', label: 'rgb(74, 79, 87)' },
  },
  kingOfTheMoment: {
    shape: 'card',
    displayName: { de: 'King of the Moment', en: 'King of the Moment' },
    walletColors: { background: 'rgb(43, 18, 72)', foreground: 'rgb(255, 255, 255)', label: 'rgb(226, 184, 79)' },
  },
  rainbow: {
    shape: 'card',
    displayName: { de: 'Rainbow', en: 'Rainbow' },
    walletColors: { background: 'rgb(49, 46, 129)', foreground: 'rgb(255, 255, 255)', label: 'rgb(253, 224, 71)' },
  },
};

/** The six editions in the order of `EDITIONS`, with their names, colours and image. */
export const EDITION_INFO: Readonly<Record<Edition, EditionInfo>> = Object.freeze(
  Object.fromEntries(
    EDITIONS.map((edition) => [edition, Object.freeze({ edition, ...DATA[edition], assetPath: assetPath(edition), imageFile: imageFile(edition) })]),
  ) as Record<Edition, EditionInfo>,
);

/** Looks up an edition; the type already rules out unknown names, so this never fails. */
export function editionInfo(edition: Edition): EditionInfo {
  return EDITION_INFO[edition];
}

/** The edition's name in the interface language; anything but de reads English (D1). */
export function editionDisplayName(edition: Edition, language: string): string {
  const names = EDITION_INFO[edition].displayName;
  return language === 'de' ? names.de : names.en;
}

/** True for a string that names one of the six editions, e.g. a CLI argument. */
export function isEdition(value: string): value is Edition {
  return (EDITIONS as readonly string[]).includes(value);
}

/** `rgb(r, g, b)` as `#rrggbb`, the form Google Wallet's `hexBackgroundColor` takes. */
export function rgbToHex(color: RgbColor): string {
  const parts = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(color);
  if (!parts) throw new TypeError(`not an rgb() colour: ${color}`);
  return `#${parts
    .slice(1, 4)
    .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'))
    .join('')}`;
}
