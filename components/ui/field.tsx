// Form controls with their label, an optional hint and the error message right under the control; the
// control points at both (aria-describedby) and says it is invalid (aria-invalid).
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const CONTROL =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-brand-600 disabled:bg-slate-50 disabled:text-slate-500';
const INVALID = 'ring-red-500 focus:ring-red-600';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className="block break-words text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The id and the attributes that tie a control to its label, hint and error. */
function useControl(givenId: string | undefined, hint: unknown, error: string | undefined) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const describedBy =
    [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return {
    id,
    className: `${CONTROL} ${error ? INVALID : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
}

export function TextField({
  label,
  hint,
  error,
  className,
  id,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const control = useControl(id, hint, error);
  return (
    <FieldFrame id={control.id} label={label} hint={hint} error={error} className={className}>
      <input {...control} {...props} />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  id,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = useControl(id, hint, error);
  return (
    <FieldFrame id={control.id} label={label} hint={hint} error={error} className={className}>
      <textarea {...control} {...props} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  id,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const control = useControl(id, hint, error);
  return (
    <FieldFrame id={control.id} label={label} hint={hint} error={error} className={className}>
      <select {...control} {...props}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-inset ring-red-200"
    >
      {message}
    </p>
  );
}
