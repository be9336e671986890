// Six boxes over one numeric input: pay passwords and security codes (seed 001 §5).
import { useRef } from 'react';

export type CodeInputProps = {
  value: string;
  onValueChange: (value: string) => void;
  /** Called once the sixth digit is typed. */
  onComplete?: (value: string) => void;
  masked?: boolean;
  length?: number;
  autoFocus?: boolean;
  testId?: string;
  label: string;
};

export function CodeInput({ value, onValueChange, onComplete, masked = false, length = 6, autoFocus = false, testId, label }: CodeInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="relative" onClick={() => inputRef.current?.focus()}>
      <input
        ref={inputRef}
        data-testid={testId}
        aria-label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        value={value}
        maxLength={length}
        onChange={(event) => {
          const next = event.target.value.replace(/\D/g, '').slice(0, length);
          onValueChange(next);
          if (next.length === length && next !== value) onComplete?.(next);
        }}
        className="peer absolute inset-0 h-full w-full opacity-0"
      />
      <div className="flex justify-between gap-2" aria-hidden>
        {Array.from({ length }, (_, i) => (
          <span
            key={i}
            className={`flex size-11 items-center justify-center rounded-lg border text-lg font-semibold desk:size-12 ${i === value.length ? 'border-brand-500 ring-2 ring-brand-100' : 'border-line'}`}
          >
            {value[i] ? (masked ? '•' : value[i]) : ''}
          </span>
        ))}
      </div>
    </div>
  );
}
