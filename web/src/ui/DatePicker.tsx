import { Fragment, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import {
  DATE_FIELDS,
  type DateField,
  type DateParts,
  PART_LENGTH,
  partsForNow,
  partsFromUnix,
  TIME_FIELDS,
  unixFromParts,
  cleanPartInput,
  type PartsResult,
} from './dateParts';

export type DatePickerProps = {
  /** Unix seconds, or null for no date. */
  value: number | null;
  /** Called with unix seconds when the fields form a valid date, or null when cleared. */
  onChange: (unixSeconds: number | null) => void;
  /** Also asks for hour, minute and second (local time); without it the date is midnight UTC. */
  withTime?: boolean;
  /** id of the year field, so a <label htmlFor> outside can point at it. */
  id?: string;
  label?: string;
  /** The first year the date may have: 1970 for a moment kept as unix time (a publish date, a ban). */
  minYear?: number;
};

const SEPARATOR: Partial<Record<DateField, string>> = { year: '-', month: '-', hour: ':', minute: ':' };

/**
 * Date (and time) as separate text fields, per spec section 5. While the fields do not form a
 * valid date the problem is shown inline and nothing is emitted, so the owner keeps the last
 * valid value.
 */
export function DatePicker({ value, onChange, withTime = false, id, label, minYear }: DatePickerProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const baseId = id ?? `datepicker-${generatedId.replace(/:/g, '')}`;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;

  const [parts, setParts] = useState<DateParts>(() => partsFromUnix(value, withTime));
  const [result, setResult] = useState<PartsResult>({ ok: true, value });
  const [touched, setTouched] = useState(false);
  // The last value emitted or received, so the echo of our own onChange does not reset the fields.
  const known = useRef<number | null>(value);

  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    setParts(partsFromUnix(value, withTime));
    setResult({ ok: true, value });
    setTouched(false);
  }, [value, withTime]);

  const apply = (next: DateParts) => {
    setParts(next);
    const checked = unixFromParts(next, withTime, minYear);
    setResult(checked);
    if (checked.ok && checked.value !== known.current) {
      known.current = checked.value;
      onChange(checked.value);
    }
  };

  // A half-typed date is reported only once the user has left the fields.
  const problem = !result.ok && (result.problem !== 'incomplete' || touched) ? result : null;
  const message =
    problem === null
      ? null
      : problem.problem === 'outOfRange'
        ? t('datepicker.outOfRange', { field: t(`datepicker.${problem.field}`), min: problem.min, max: problem.max })
        : t(`datepicker.${problem.problem}`);
  const invalidField = (field: DateField) =>
    problem !== null &&
    (problem.problem === 'outOfRange'
      ? problem.field === field
      : problem.problem === 'invalidDate'
        ? field === 'day'
        : parts[field] === '');

  return (
    <fieldset
      className="tales-datepicker"
      aria-label={label ? undefined : withTime ? t('datepicker.dateTime') : t('datepicker.date')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setTouched(true);
      }}
    >
      {label && (
        <legend id={labelId} className="form-label fs-6 mb-2">
          {label}
        </legend>
      )}
      <div className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1">
        {(withTime ? [DATE_FIELDS, TIME_FIELDS] : [DATE_FIELDS]).map((group) => (
          // Date and time each stay on one line; on a narrow screen the time wraps as a whole.
          <div key={group[0]} className="d-flex flex-nowrap align-items-center gap-1">
            {group.map((field) => (
              <Fragment key={field}>
                <input
                  id={field === 'year' ? baseId : `${baseId}-${field}`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  className={`form-control form-control-sm text-center${invalidField(field) ? ' is-invalid' : ''}`}
                  // No Bootstrap error icon: it would cover the digits of these narrow fields.
                  style={{ width: field === 'year' ? '4.25rem' : '3rem', paddingInline: '0.25rem', backgroundImage: 'none' }}
                  maxLength={PART_LENGTH[field]}
                  aria-label={t(`datepicker.${field}`)}
                  aria-invalid={invalidField(field) || undefined}
                  aria-describedby={message ? errorId : undefined}
                  placeholder={t(`datepicker.${field}Hint`)}
                  value={parts[field]}
                  data-testid={`${baseId}-${field}`}
                  onChange={(event) => apply({ ...parts, [field]: cleanPartInput(event.target.value, field) })}
                />
                {SEPARATOR[field] && (
                  <span className="text-body-secondary" aria-hidden="true">
                    {SEPARATOR[field]}
                  </span>
                )}
              </Fragment>
            ))}
          </div>
        ))}
        <div className="d-flex flex-nowrap gap-1">
          <Button
            size="sm"
            variant="outline-secondary"
            data-testid={`${baseId}-now`}
            onClick={() => {
              setTouched(false);
              apply(partsForNow(new Date(), withTime));
            }}
          >
            {withTime ? t('datepicker.now') : t('datepicker.today')}
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            title={t('datepicker.clear')}
            aria-label={t('datepicker.clear')}
            data-testid={`${baseId}-clear`}
            onClick={() => {
              setTouched(false);
              apply(partsFromUnix(null, withTime));
            }}
          >
            ×
          </Button>
        </div>
      </div>
      {message && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {message}
        </div>
      )}
    </fieldset>
  );
}
