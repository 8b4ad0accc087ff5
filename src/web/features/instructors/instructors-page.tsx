import { useId, useRef, useState } from 'react';
import { AlertTriangle, ImageUp, Pencil, Plus, Trash2, UserRound, X } from 'lucide-react';
import {
  CLASS_DETAILS_MESSAGES,
  INSTRUCTOR_PHOTO_MAX_BYTES,
  type InstructorDto,
} from '@shared/class-details.contract';
import { INSTRUCTORS_LIMIT } from '@shared/class-details';
import { FilePickButton } from '@web/components/file-pick-button';
import { InstructorAvatar } from '@web/components/instructor-avatar';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/empty-state';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { failureMessage } from '@web/lib/api';
import { useInstructors } from '@web/lib/instructors';
import { toast } from '@web/lib/use-toast';
import { useRemoveInstructorPhoto, useUploadInstructorPhoto } from './api/instructors';
import { InstructorFormDialog } from './instructor-form-dialog';
import { RemoveInstructorDialog } from './remove-instructor-dialog';

/**
 * /instructors (issue #20 part 1): the studio's instructors, each with a name and a photo, picked
 * per class at upload and in the library; the public page shows them on each class.
 */
export function InstructorsPage() {
  const instructors = useInstructors();

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Instructors</h1>
        <p className="text-muted-foreground">
          The people who lead your classes. Riders see their name and photo on each class.
        </p>
      </div>
      {instructors.isError ? (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-destructive/40 p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 text-destructive-text" />
          Unable to load your instructors. Please reload the page.
        </div>
      ) : !instructors.data ? (
        <div className="space-y-3" role="status" aria-label="Loading">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : (
        <Roster instructors={instructors.data.instructors} />
      )}
    </div>
  );
}

type Editing = { mode: 'add' } | { mode: 'rename'; instructor: InstructorDto } | null;

function Roster({ instructors }: { instructors: readonly InstructorDto[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<InstructorDto | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const full = instructors.length >= INSTRUCTORS_LIMIT;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" data-testid="instructors-count">
          {instructors.length} of {INSTRUCTORS_LIMIT} instructors
        </p>
        {full ? (
          <p className="text-sm">{CLASS_DETAILS_MESSAGES.instructorsLimit}</p>
        ) : (
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <Plus aria-hidden="true" />
            Add instructor
          </Button>
        )}
      </div>
      {instructors.length === 0 ? (
        <Card>
          <EmptyState
            icon={UserRound}
            title="No instructors yet"
            hint={
              <>
                Add the people who lead your classes, then pick one for each class in your Video
                Library. Until then your page says &ldquo;with Instructor&rdquo;.
              </>
            }
          />
        </Card>
      ) : (
        <ul
          ref={list}
          tabIndex={-1}
          className="grid gap-3 outline-none"
          aria-label="Your instructors"
        >
          {instructors.map((instructor) => (
            <li key={instructor.id}>
              <InstructorRow
                instructor={instructor}
                onRename={() => setEditing({ mode: 'rename', instructor })}
                onRemove={() => setRemoving(instructor)}
              />
            </li>
          ))}
        </ul>
      )}
      <InstructorFormDialog
        open={editing !== null}
        instructor={editing?.mode === 'rename' ? editing.instructor : null}
        onClose={() => setEditing(null)}
      />
      <RemoveInstructorDialog
        instructor={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => list.current?.focus()}
      />
    </>
  );
}

function InstructorRow({
  instructor,
  onRename,
  onRemove,
}: {
  instructor: InstructorDto;
  onRename: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  const upload = useUploadInstructorPhoto();
  const removePhoto = useRemoveInstructorPhoto();
  const busy = upload.isPending || removePhoto.isPending;
  const { name, classCount } = instructor;

  function uploadPhoto(file: File) {
    const problem = !file.type.startsWith('image/')
      ? CLASS_DETAILS_MESSAGES.photoType
      : file.size > INSTRUCTOR_PHOTO_MAX_BYTES
        ? CLASS_DETAILS_MESSAGES.photoTooLarge
        : null;
    if (problem) {
      toast({ title: 'Photo not saved', description: problem, variant: 'destructive' });
      return;
    }
    upload.mutate(
      { id: instructor.id, file },
      {
        onSuccess: ({ message }) => toast({ title: message, description: name }),
        onError: (error) =>
          toast({
            title: 'Photo not saved',
            description: failureMessage(error, 'Unable to save the photo. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  function dropPhoto() {
    removePhoto.mutate(instructor.id, {
      onSuccess: ({ message }) => toast({ title: message, description: name }),
      onError: (error) =>
        toast({
          title: 'Photo not removed',
          description: failureMessage(error, 'Unable to remove the photo. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <article
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
      aria-labelledby={`${id}-name`}
      data-testid="instructor-row"
    >
      <div className="flex min-w-56 flex-1 items-center gap-3">
        <InstructorAvatar name={name} photoUrl={instructor.photoUrl} className="size-14 text-lg" />
        <div className="min-w-0">
          <h2 id={`${id}-name`} className="truncate text-base font-semibold">
            {name}
          </h2>
          <p className="text-sm text-muted-foreground" id={`${id}-classes`}>
            {classCount === 0
              ? 'No classes yet'
              : `${classCount} ${classCount === 1 ? 'class' : 'classes'}`}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <FilePickButton
          accept="image/*"
          onFile={uploadPhoto}
          busy={upload.isPending}
          disabled={busy}
          icon={<ImageUp aria-hidden="true" />}
          inputTestId="instructor-photo-input"
        >
          {upload.isPending
            ? 'Uploading...'
            : instructor.photoUrl
              ? 'Change photo'
              : 'Upload photo'}
          <span className="sr-only"> of {name}</span>
        </FilePickButton>
        {instructor.photoUrl && (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={dropPhoto}>
            <X aria-hidden="true" />
            Remove photo<span className="sr-only"> of {name}</span>
          </Button>
        )}
        <Button type="button" variant="outline" size="sm" onClick={onRename}>
          <Pencil aria-hidden="true" />
          Rename<span className="sr-only"> {name}</span>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="text-destructive-text"
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> {name}</span>
        </Button>
      </div>
    </article>
  );
}
