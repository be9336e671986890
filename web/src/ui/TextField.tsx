// A labelled input with an error line and an optional element on the right (send-code button).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label?: string;
  error?: string | null;
  onValueChange: (value: string) => void;
  left?: ReactNode;
  right?: ReactNode;
};

export function TextField({ label, error, onValueChange, left, right, className = '', id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      {label && (
        <label htmlFor={inputId} className="text-sm font-medium text-ink-soft">
          {label}
        </label>
      )}
      <div
        className={`flex h-11 items-center gap-2 rounded-lg border bg-surface px-3 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100 ${error ? 'border-danger' : 'border-line'}`}
      >
        {left}
        <input
          id={inputId}
          aria-invalid={Boolean(error)}
          className="h-full min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted"
          onChange={(event) => onValueChange(event.target.value)}
          {...rest}
        />
        {right}
      </div>
      {error && (
        <p className="text-xs text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
