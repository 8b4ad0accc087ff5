import type { FieldControlProps } from '@web/components/form-field';
import { pageKey, type ScreenPage } from './screen-pages';

/** A native select, as the other owner forms have theirs. */
export const SELECT =
  'h-9 w-full max-w-xs rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';

/** Which page's timetable a screen shows: the gym's own or one of its locations. */
export function PageSelect({
  control,
  pages,
  value,
  onChange,
}: {
  control: FieldControlProps;
  pages: readonly ScreenPage[];
  value: string | null;
  onChange: (page: string | null) => void;
}) {
  return (
    <select
      {...control}
      className={SELECT}
      value={pageKey(value)}
      onChange={(event) => {
        const page = pages.find((p) => pageKey(p.id) === event.target.value);
        onChange(page?.id ?? null);
      }}
    >
      {pages.map((page) => (
        <option key={pageKey(page.id)} value={pageKey(page.id)}>
          {page.name}
          {page.id === null ? ' (main page)' : ''}
          {page.online ? '' : ' (offline)'}
        </option>
      ))}
    </select>
  );
}
