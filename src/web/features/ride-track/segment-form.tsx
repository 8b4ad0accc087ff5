import type { ChangeEvent } from 'react';
import { ArrowLeftToLine, ArrowRightToLine } from 'lucide-react';
import { formatClock } from '@shared/format';
import {
  POSITIONS,
  RIDE_TRACK_LIMITS as LIMITS,
  SEGMENT_NAMES,
  ZONE_INFO,
  ZONES,
  type Zone,
} from '@shared/ride-track';
import { describedBy, FieldError } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';
import { readableOn } from './timeline-math';
import {
  cadenceOf,
  type EditorSegment,
  type IssueField,
  type PlacedIssue,
  type SegmentValues,
} from './track-edits';

const CHOICE =
  'inline-flex h-9 min-w-9 cursor-pointer items-center justify-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors outline-none hover:bg-muted has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground';

const SELECT =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30';

/** The id of the control a problem in `field` sends focus to. */
export const fieldTarget = (prefix: string, field: IssueField) => `${prefix}-${field}`;

const POSITION_LABELS = { seated: 'Seated', standing: 'Standing' } as const;

/** A whole number typed in a number field, or null for a blank one. */
function typedNumber(event: ChangeEvent<HTMLInputElement>): number | null {
  const text = event.target.value.trim();
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * The selected segment's values: name (a quick choice or the owner's own), cadence, resistance,
 * effort zone, seated or standing, and a cue; its times, with the playhead's buttons. Each change
 * is one undo step (typing in one field is one step).
 */
export function SegmentForm({
  idPrefix,
  segment,
  index,
  count,
  time,
  problems,
  onChange,
  onMoveEdge,
}: {
  idPrefix: string;
  segment: EditorSegment;
  index: number;
  count: number;
  time: number;
  problems: readonly PlacedIssue[];
  onChange: (values: Partial<SegmentValues>, key: string) => void;
  /** Moves the segment's start or end to the playhead. */
  onMoveEdge: (edge: 'start' | 'end') => void;
}) {
  const id = (field: IssueField) => fieldTarget(idPrefix, field);
  const errorId = (field: IssueField) => `${id(field)}-error`;
  const problem = (field: IssueField) =>
    problems
      .filter((p) => p.field === field)
      .map((p) => p.message)
      .filter((m, i, all) => all.indexOf(m) === i)
      .join(' ') || null;
  const invalid = (field: IssueField) => (problem(field) ? true : undefined);
  const change = (field: string, values: Partial<SegmentValues>) =>
    onChange(values, `${field}:${index}`);
  const cadence = segment.cadence;
  const second = Math.floor(time);
  const length = segment.endSeconds - segment.startSeconds;

  /** One end of the cadence range: its own number field, the range's error for both. */
  const cadenceBound = (bound: 'min' | 'max') => (
    <Input
      id={bound === 'min' ? id('cadence') : undefined}
      type="number"
      inputMode="numeric"
      min={LIMITS.cadenceMin}
      max={LIMITS.cadenceMax}
      step={1}
      placeholder={bound === 'min' ? 'Low' : 'High'}
      aria-label={bound === 'min' ? 'Lowest cadence, RPM' : 'Highest cadence, RPM'}
      aria-invalid={invalid('cadence')}
      aria-describedby={describedBy(problem('cadence') && errorId('cadence'))}
      value={cadence?.[bound] ?? ''}
      onChange={(event) =>
        change('cadence', {
          cadence:
            bound === 'min'
              ? cadenceOf(typedNumber(event), cadence?.max ?? null)
              : cadenceOf(cadence?.min ?? null, typedNumber(event)),
        })
      }
    />
  );
  return (
    <section
      aria-labelledby={`${idPrefix}-heading`}
      className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground"
      data-testid="segment-form"
    >
      <div className="space-y-1">
        <h2 id={`${idPrefix}-heading`} className="font-semibold">
          Segment {index + 1} of {count}
        </h2>
        <div
          id={id('time')}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground tabular-nums outline-none"
          aria-describedby={describedBy(problem('time') && errorId('time'))}
          data-testid="segment-times"
        >
          <span>
            {formatClock(segment.startSeconds)} – {formatClock(segment.endSeconds)}
          </span>
          <span aria-hidden="true">·</span>
          <span>{formatClock(length)} long</span>
        </div>
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="px-2 text-xs"
            title="Move this segment’s start to the playhead"
            disabled={index === 0 || second === segment.startSeconds}
            onClick={() => onMoveEdge('start')}
          >
            <ArrowRightToLine aria-hidden="true" />
            Start at {formatClock(second)}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="px-2 text-xs"
            title="Move this segment’s end to the playhead"
            disabled={index === count - 1 || second === segment.endSeconds}
            onClick={() => onMoveEdge('end')}
          >
            <ArrowLeftToLine aria-hidden="true" />
            End at {formatClock(second)}
          </Button>
        </div>
        <FieldError id={errorId('time')} message={problem('time')} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={id('name')}>Name</Label>
        <Input
          id={id('name')}
          value={segment.name}
          maxLength={LIMITS.name}
          autoComplete="off"
          aria-invalid={invalid('name')}
          aria-describedby={describedBy(problem('name') && errorId('name'))}
          onChange={(event) => change('name', { name: event.target.value })}
        />
        <div role="group" aria-label="Quick names" className="flex flex-wrap gap-1.5">
          {SEGMENT_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={segment.name === name}
              className={cn(CHOICE, 'h-8 px-2.5 text-xs')}
              onClick={() => onChange({ name }, `pick:${index}`)}
            >
              {name}
            </button>
          ))}
        </div>
        <FieldError id={errorId('name')} message={problem('name')} />
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Cadence (RPM)</legend>
        <div className="flex items-center gap-2">
          {cadenceBound('min')}
          <span aria-hidden="true" className="text-muted-foreground">
            to
          </span>
          {cadenceBound('max')}
        </div>
        <FieldError id={errorId('cadence')} message={problem('cadence')} />
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor={id('resistance')}>Resistance</Label>
        <select
          id={id('resistance')}
          className={SELECT}
          value={segment.resistance ?? ''}
          aria-invalid={invalid('resistance')}
          aria-describedby={describedBy(problem('resistance') && errorId('resistance'))}
          onChange={(event) =>
            change('resistance', {
              resistance: event.target.value === '' ? null : Number(event.target.value),
            })
          }
        >
          <option value="">None</option>
          {Array.from({ length: LIMITS.resistanceMax - LIMITS.resistanceMin + 1 }, (_, i) => {
            const level = LIMITS.resistanceMin + i;
            return (
              <option key={level} value={level}>
                {level}
              </option>
            );
          })}
        </select>
        <FieldError id={errorId('resistance')} message={problem('resistance')} />
      </div>

      <fieldset
        id={id('zone')}
        tabIndex={-1}
        className="grid gap-2 outline-none"
        aria-describedby={describedBy(`${id('zone')}-words`, problem('zone') && errorId('zone'))}
      >
        <legend className="mb-2 text-sm leading-none font-medium">Effort zone</legend>
        <div className="flex flex-wrap items-center gap-1">
          <label className={cn(CHOICE, 'px-2.5')}>
            <input
              type="radio"
              name={`${idPrefix}-zone`}
              className="sr-only"
              checked={segment.zone === null}
              onChange={() => change('zone', { zone: null })}
            />
            None
          </label>
          {ZONES.map((zone: Zone) => {
            const color = ZONE_INFO[zone].color;
            return (
              <label
                key={zone}
                className="inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-sm font-semibold ring-offset-2 ring-offset-card transition-shadow outline-none hover:ring-2 hover:ring-muted-foreground/40 has-[:checked]:ring-[3px] has-[:checked]:ring-foreground has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring"
                style={{ backgroundColor: color, color: readableOn(color) }}
              >
                <input
                  type="radio"
                  name={`${idPrefix}-zone`}
                  className="sr-only"
                  checked={segment.zone === zone}
                  onChange={() => change('zone', { zone })}
                />
                <span aria-hidden="true">{zone}</span>
                <span className="sr-only">{ZONE_INFO[zone].label}</span>
              </label>
            );
          })}
        </div>
        <p id={`${id('zone')}-words`} className="text-xs text-muted-foreground">
          {segment.zone === null
            ? 'No zone: the profile shows it in slate'
            : ZONE_INFO[segment.zone].label}
        </p>
        <FieldError id={errorId('zone')} message={problem('zone')} />
      </fieldset>

      <fieldset id={id('position')} tabIndex={-1} className="grid gap-2 outline-none">
        <legend className="mb-2 text-sm leading-none font-medium">Position</legend>
        <div className="flex flex-wrap gap-1.5">
          {POSITIONS.map((position) => (
            <label key={position} className={CHOICE}>
              <input
                type="radio"
                name={`${idPrefix}-position`}
                className="sr-only"
                checked={segment.position === position}
                onChange={() => change('position', { position })}
              />
              {POSITION_LABELS[position]}
            </label>
          ))}
        </div>
        <FieldError id={errorId('position')} message={problem('position')} />
      </fieldset>

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={id('cue')}>Cue</Label>
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
            {segment.cue.length}/{LIMITS.cue}
          </span>
        </div>
        <Input
          id={id('cue')}
          value={segment.cue}
          maxLength={LIMITS.cue}
          placeholder="e.g. Add two turns and stay seated"
          autoComplete="off"
          aria-invalid={invalid('cue')}
          aria-describedby={describedBy(problem('cue') && errorId('cue'))}
          onChange={(event) => change('cue', { cue: event.target.value })}
        />
        <FieldError id={errorId('cue')} message={problem('cue')} />
      </div>
    </section>
  );
}
