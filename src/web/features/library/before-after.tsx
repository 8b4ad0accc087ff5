import { useId, useState } from 'react';

/**
 * Before/after over the same frame (issue #15): the raw upload's frame under the enhanced one,
 * a slider revealing the enhanced picture from the left.
 */
export function BeforeAfter({ before, after }: { before: string; after: string }) {
  const id = useId();
  const [split, setSplit] = useState(50);
  return (
    <figure className="space-y-2" data-testid="before-after">
      <div className="relative aspect-video overflow-hidden rounded-lg border bg-muted">
        <img
          src={before}
          alt="Before enhancement"
          className="absolute inset-0 size-full object-cover"
        />
        <img
          src={after}
          alt="After enhancement"
          className="absolute inset-0 size-full object-cover"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
          data-testid="after-image"
        />
        <span
          aria-hidden="true"
          className="absolute inset-y-0 w-0.5 bg-white shadow"
          style={{ left: `${split}%` }}
        />
        <span className="absolute top-2 left-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white">
          After
        </span>
        <span className="absolute top-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white">
          Before
        </span>
      </div>
      <label htmlFor={id} className="sr-only">
        Compare before and after
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(event) => setSplit(Number(event.target.value))}
        className="w-full accent-primary"
      />
    </figure>
  );
}
