import type { Profile } from '../../../../shared/schemas/profile.schema.ts';
import { profileLabel } from './profile-label.ts';

type LabelledProfile = Pick<Profile, 'id' | 'profileName' | 'firstName' | 'lastName'>;

/**
 * A labelled choice of one of the owner's profiles, named as everywhere in the app, with a first
 * option for "none chosen" (the leads filter's "all profiles", a card's "choose a profile").
 */
export function ProfileSelect(props: {
  id: string;
  label: string;
  emptyLabel: string;
  value: string;
  onChange: (profileId: string) => void;
  profiles: LabelledProfile[] | undefined;
  disabled?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)} disabled={props.disabled}>
        <option value="">{props.emptyLabel}</option>
        {props.profiles?.map((p) => (
          <option key={p.id} value={p.id}>
            {profileLabel(p) || p.id}
          </option>
        ))}
      </select>
    </div>
  );
}
