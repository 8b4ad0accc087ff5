import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { ChevronDown } from 'lucide-react';
import { ClassDetailsFields } from '@web/components/class-details-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { ClassDetailsInput } from '@web/lib/class-details-form';
import { cn } from '@web/lib/utils';
import type { UploadFormInput } from './upload-form';

const filledIn = (details: ClassDetailsInput | undefined) =>
  Boolean(
    details &&
    (details.instructorId ||
      details.difficulty ||
      details.classType?.trim() ||
      details.equipmentNotes?.trim() ||
      details.music.length > 0),
  );

/**
 * The class's details at upload (issue #20), folded away to keep the screen calm: open when the
 * owner opens it, when details are filled in already (a replaced video's) or when one is wrong.
 */
export function ClassDetailsSection({ disabled }: { disabled: boolean }) {
  const id = useId();
  const { watch, formState } = useFormContext<UploadFormInput>();
  const [toggled, setToggled] = useState<boolean | null>(null);
  const wrong = Boolean(formState.errors.details);
  const open = wrong || (toggled ?? filledIn(watch('details')));

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${id}-fields`}
              onClick={() => setToggled(!open)}
              className="-m-1 flex w-full cursor-pointer items-center justify-between gap-3 rounded-md p-1 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span>
                Class details <span className="font-normal text-muted-foreground">(optional)</span>
              </span>
              <ChevronDown
                aria-hidden="true"
                className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
              />
            </button>
          </h2>
        </CardTitle>
        <CardDescription>
          Instructor, difficulty, type, equipment and music: riders choose classes by them on your
          page. You can add them later in your Video Library.
        </CardDescription>
      </CardHeader>
      {open && (
        <CardContent id={`${id}-fields`}>
          <ClassDetailsFields disabled={disabled} />
        </CardContent>
      )}
    </Card>
  );
}
