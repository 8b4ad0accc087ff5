import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { LocationDto } from '@shared/locations.contract';
import type { VideoDto } from '@shared/videos.contract';
import { FieldError } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { failureMessage } from '@web/lib/api';
import { VIDEO_CARD_STATUS_LABELS, videoCardStatus } from '@web/lib/owner-videos';
import { toast } from '@web/lib/use-toast';
import { useSaveLocationClasses } from './api/locations';
import { sameClasses, toggleClass } from './location-rules';

/**
 * Which of the owner's classes a location offers: a checklist saved as a whole. A class offered
 * nowhere else cannot be taken off: the server says which, under the list.
 */
export function LocationClasses({
  location,
  videos,
}: {
  location: LocationDto;
  videos: readonly VideoDto[];
}) {
  const id = useId();
  const save = useSaveLocationClasses();
  const [selected, setSelected] = useState<string[]>(location.videoIds);
  const [refusal, setRefusal] = useState<string | null>(null);
  const order = videos.map((v) => v.id);
  const changed = !sameClasses(
    selected,
    location.videoIds.filter((v) => order.includes(v)),
  );

  // The saved offer (after a save, or another location's change) is the list's new start.
  const saved = location.videoIds.join(',');
  useEffect(() => {
    setSelected(saved ? saved.split(',') : []);
  }, [saved]);

  if (videos.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No classes yet.{' '}
        <Link href="/upload" className="font-medium text-foreground underline underline-offset-4">
          Upload a class
        </Link>{' '}
        to offer it here.
      </p>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    save.mutate(
      { id: location.id, videoIds: selected },
      {
        onSuccess: ({ message }) => toast({ title: message, description: location.name }),
        onError: (error) =>
          setRefusal(failureMessage(error, 'Unable to save the classes. Please try again.')),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <fieldset aria-describedby={refusal ? `${id}-error` : undefined}>
        <legend className="sr-only">Classes offered at {location.name}</legend>
        <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-1">
          {videos.map((video) => {
            const status = videoCardStatus(video);
            return (
              <li key={video.id}>
                <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm hover:bg-muted/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked={selected.includes(video.id)}
                    onChange={(event) => {
                      setRefusal(null);
                      setSelected(toggleClass(selected, video.id, event.target.checked, order));
                    }}
                  />
                  <span className="min-w-0 flex-1 truncate">{video.title}</span>
                  {status !== 'ready' && (
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {VIDEO_CARD_STATUS_LABELS[status]}
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <FieldError id={`${id}-error`} message={refusal} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving...' : 'Save classes'}
        </Button>
        {changed && !save.isPending && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setRefusal(null);
              setSelected(location.videoIds);
            }}
          >
            Undo changes
          </Button>
        )}
      </div>
    </form>
  );
}
