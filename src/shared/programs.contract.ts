import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import {
  CLASSES_PER_WEEK_MAX,
  CLASSES_PER_WEEK_MIN,
  DEFAULT_CLASSES_PER_WEEK,
  PROGRAM_CLASSES_MAX,
  PROGRAM_DESCRIPTION_MAX,
  PROGRAM_TITLE_MAX,
  PROGRAMS_LIMIT,
} from './programs';

/**
 * Programs (issue #20 part 2): the owner's ordered series of their own classes, with a title, a
 * description, a cover and how many classes a week it is ridden; the public page lists them and a
 * tablet remembers where it is in each.
 */
export const PROGRAMS_PATH = '/api/auth/programs';
/** Covers, public like instructors' photos: /api/program-covers/{ownerId}/{file}. */
export const PROGRAM_COVERS_PATH = '/api/program-covers';
/** The multipart field of a cover upload. */
export const PROGRAM_COVER_FIELD = 'cover';
export const PROGRAM_COVER_MAX_BYTES = 10 * 1024 * 1024;
/** A cover is stored as 16:9 WebP files of these widths (the page's srcset). */
export const PROGRAM_COVER_WIDTHS = [640, 1280] as const;
/** The widest stored cover file: the `<img>`'s src. */
export const PROGRAM_COVER_WIDTH = 1280;

export const PROGRAM_MESSAGES = {
  titleRequired: 'Enter the program’s title',
  titleLong: `Title must be ${PROGRAM_TITLE_MAX} characters or fewer`,
  descriptionLong: `Description must be ${PROGRAM_DESCRIPTION_MAX} characters or fewer`,
  classesPerWeek: `Classes per week is a whole number from ${CLASSES_PER_WEEK_MIN} to ${CLASSES_PER_WEEK_MAX}`,
  classesTooMany: `A program holds up to ${PROGRAM_CLASSES_MAX} classes`,
  classUnknown: 'Choose classes from your own library',
  classTwice: 'A class appears once in a program',
  programsLimit: `A studio can keep up to ${PROGRAMS_LIMIT} programs. Delete one to add another.`,
  programNotFound: 'Program not found',
  coverType: 'Please select an image file.',
  coverTooLarge: 'Please select an image smaller than 10MB.',
  programCreated: 'Program created',
  programSaved: 'Program saved',
  programDeleted: 'Program deleted: its classes stay in your library',
  coverSaved: 'Cover saved',
  coverRemoved: 'Cover removed',
  nothingToChange: 'Nothing to change: send the title, description, classesPerWeek or classIds',
} as const;

const title = z
  .string({ error: PROGRAM_MESSAGES.titleRequired })
  .trim()
  .min(1, PROGRAM_MESSAGES.titleRequired)
  .max(PROGRAM_TITLE_MAX, PROGRAM_MESSAGES.titleLong);
const description = z
  .string({ error: PROGRAM_MESSAGES.descriptionLong })
  .trim()
  .max(PROGRAM_DESCRIPTION_MAX, PROGRAM_MESSAGES.descriptionLong);
const classesPerWeek = z
  .number({ error: PROGRAM_MESSAGES.classesPerWeek })
  .int(PROGRAM_MESSAGES.classesPerWeek)
  .min(CLASSES_PER_WEEK_MIN, PROGRAM_MESSAGES.classesPerWeek)
  .max(CLASSES_PER_WEEK_MAX, PROGRAM_MESSAGES.classesPerWeek);
/** The classes in order, each once: a duplicate is refused on its own place (`classIds.3`). */
const classIds = z
  .array(
    z.uuid({ error: PROGRAM_MESSAGES.classUnknown }).transform((id) => id.toLowerCase()),
    { error: PROGRAM_MESSAGES.classUnknown },
  )
  .max(PROGRAM_CLASSES_MAX, PROGRAM_MESSAGES.classesTooMany)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id)) {
        ctx.addIssue({ code: 'custom', message: PROGRAM_MESSAGES.classTwice, path: [index] });
      }
      seen.add(id);
    });
  });

/** A new program: a title; the rest may be left out (no description, 3 a week, no classes yet). */
export const createProgramBody = z.object({
  title,
  description: description.optional().default(''),
  classesPerWeek: classesPerWeek.optional().default(DEFAULT_CLASSES_PER_WEEK),
  classIds: classIds.optional().default([]),
});
export type CreateProgramBody = z.input<typeof createProgramBody>;
export type NewProgram = z.output<typeof createProgramBody>;

/** An edit: each field left out stays (at least one is sent); `classIds` is the whole new order. */
export const updateProgramBody = z
  .object({
    title: title.optional(),
    description: description.optional(),
    classesPerWeek: classesPerWeek.optional(),
    classIds: classIds.optional(),
  })
  .refine(
    (b) => Object.values(b).some((value) => value !== undefined),
    PROGRAM_MESSAGES.nothingToChange,
  );
export type UpdateProgramBody = z.input<typeof updateProgramBody>;
export type ProgramEdit = z.output<typeof updateProgramBody>;

/** What the owner's form edits (every field there): the create body's rules. */
export const programForm = z.object({ title, description, classesPerWeek, classIds });
export type ProgramFormValues = z.infer<typeof programForm>;

const programCover = z.object({ src: z.string(), srcSet: z.string() });

/** One class of a program as the owner's screen lists it. */
const programClass = z.object({
  id: z.string(),
  title: z.string(),
  durationSeconds: z.number().nullable(),
});

const program = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  classesPerWeek: z.number(),
  /** The 16:9 cover (640 and 1280 px wide), or null. */
  cover: programCover.nullable(),
  /** The classes in order. */
  classes: z.array(programClass),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProgramDto = z.infer<typeof program>;
export type ProgramClassDto = z.infer<typeof programClass>;

const programsView = z.object({ programs: z.array(program) });
export type ProgramsView = z.infer<typeof programsView>;
const programResponse = z.object({ message: z.string(), program });
export type ProgramResponse = z.infer<typeof programResponse>;
const messageResponse = z.object({ message: z.string() });

export const programEndpoints = {
  list: withSchemas(
    endpoint<{ response: ProgramsView }>()({
      method: 'GET',
      path: PROGRAMS_PATH,
      access: 'owner',
      summary: "The studio's programs, oldest first, each with its classes in order",
    }),
    { response: programsView },
  ),
  create: withSchemas(
    endpoint<{ body: CreateProgramBody; response: ProgramResponse }>()({
      method: 'POST',
      path: PROGRAMS_PATH,
      access: 'owner',
      summary: 'Creates a program from classes of the owner’s library',
      status: 201,
    }),
    { body: createProgramBody, response: programResponse },
  ),
  update: withSchemas(
    endpoint<{ body: UpdateProgramBody; response: ProgramResponse }>()({
      method: 'PATCH',
      path: `${PROGRAMS_PATH}/:id`,
      access: 'owner',
      summary: "Edits a program's title, description, classes per week or its classes in order",
    }),
    { body: updateProgramBody, response: programResponse },
  ),
  remove: withSchemas(
    endpoint<{ response: { message: string } }>()({
      method: 'DELETE',
      path: `${PROGRAMS_PATH}/:id`,
      access: 'owner',
      summary: 'Deletes a program (its classes stay in the library)',
    }),
    { response: messageResponse },
  ),
  uploadCover: withSchemas(
    endpoint<{ body: FormData; response: ProgramResponse }>()({
      method: 'POST',
      path: `${PROGRAMS_PATH}/:id/cover`,
      access: 'owner',
      summary: "Sets a program's cover (an image, cropped to 16:9 and re-encoded)",
      rawBody: 'multipart',
    }),
    { response: programResponse },
  ),
  removeCover: withSchemas(
    endpoint<{ response: ProgramResponse }>()({
      method: 'DELETE',
      path: `${PROGRAMS_PATH}/:id/cover`,
      access: 'owner',
      summary: "Removes a program's cover",
    }),
    { response: programResponse },
  ),
  cover: endpoint()({
    method: 'GET',
    path: `${PROGRAM_COVERS_PATH}/:ownerId/:file`,
    access: 'public',
    summary: "A program's cover, as the public page shows it",
    produces: 'image/webp',
  }),
} as const;

/** A stored cover's picture for `<img>`: the 1280 px file and the srcset of both widths. */
export function programCoverSources(
  ownerId: string,
  coverId: string | null,
): { src: string; srcSet: string } | null {
  if (!coverId) return null;
  const at = (width: number) => `${PROGRAM_COVERS_PATH}/${ownerId}/${coverId}-${width}.webp`;
  return {
    src: at(PROGRAM_COVER_WIDTH),
    srcSet: PROGRAM_COVER_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', '),
  };
}
