import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** Props of {@link FormField}: an input's own attributes plus its visible label. */
export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A line under the input (format hint). */
  hint?: ReactNode;
  /** An error for this field; announced and tied to the input. */
  error?: string | null;
}

/** A labelled input; every form of the app uses it so labels and errors are always wired up. */
export function FormField({ label, hint, error, className, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...input} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level message (SPEC 8 texts) in a box screen readers announce. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  if (!children) return null;
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A new password typed twice (change and reset): the browser's password manager offers a strong one. */
export function NewPasswordFields(props: {
  labels: { password: string; repeat: string };
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}) {
  return (
    <>
      <FormField
        label={props.labels.password}
        type="password"
        autoComplete="new-password"
        required
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
      />
      <FormField
        label={props.labels.repeat}
        type="password"
        autoComplete="new-password"
        required
        value={props.repeat}
        onChange={(e) => props.onRepeat(e.target.value)}
      />
    </>
  );
}
