import { PROFILE_TEXT_FIELDS, type ProfileCreateInput } from '../../../shared/schemas/profile.schema.ts';
import { themeProblems, type Theme } from '../../../shared/page-theme.ts';
import { refuseContrast } from '../../http/errors.ts';
import type { ProfilePatch, ProfileWithUse } from './profile.repository.ts';

// What a body changes of a profile (SPEC 4, D8, issue 26): its editable text fields, its theme
// fields (refused when they miss WCAG AA), and the patch an update writes. Pure rules.

/** Only the editable text fields of a body; server-managed fields are ignored (D8). */
export function editableFields(input: ProfileCreateInput): Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number], string>> {
  const out: Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number], string>> = {};
  for (const f of PROFILE_TEXT_FIELDS) if (input[f] !== undefined) out[f] = input[f]!.trim();
  return out;
}

/** The theme fields a body sets (issue 26); absent ones stay as stored. */
const THEME_FIELDS = ['theme', 'accentColour', 'buttonShape', 'backgroundColour'] as const;

/**
 * Issue 26: refuses (400 `cmc/low-contrast`, naming the field, with the nearest passing colour)
 * colours that would miss WCAG AA in the theme the profile has after this change. Checked only
 * when the body sets a theme field, against the stored values of the others.
 */
export function assertThemeContrast(input: ProfileCreateInput, stored?: Pick<ProfileWithUse, 'theme' | 'accentColour' | 'backgroundColour'>): void {
  if (!THEME_FIELDS.some((f) => input[f] !== undefined)) return;
  refuseContrast(
    themeProblems({
      theme: input.theme ?? ((stored?.theme ?? 'light') as Theme),
      accentColour: input.accentColour ?? stored?.accentColour ?? '',
      backgroundColour: input.backgroundColour ?? stored?.backgroundColour ?? '',
    }),
  );
}

/** The theme fields a body sets (issue 26). */
export function themePatch(input: ProfileCreateInput): ProfilePatch {
  return Object.fromEntries(THEME_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
}

/** The D8 patch of an update: editable fields, theme, layout and type; never a server-managed field. */
export function patchOf(input: ProfileCreateInput): ProfilePatch {
  const patch: ProfilePatch = { ...editableFields(input), ...themePatch(input) };
  if (input.layout !== undefined) patch.layout = input.layout;
  if (input.type !== undefined) patch.type = input.type;
  return patch;
}
