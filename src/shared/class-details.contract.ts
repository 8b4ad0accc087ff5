import { z } from 'zod';
import {
  CLASS_TYPE_MAX,
  DIFFICULTIES,
  EQUIPMENT_NOTES_MAX,
  INSTRUCTOR_NAME_MAX,
  INSTRUCTORS_LIMIT,
  MUSIC_START_MAX_SECONDS,
  MUSIC_TEXT_MAX,
  MUSIC_TRACKS_MAX,
} from './class-details';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

/**
 * Class details (issue #20 part 1): the studio's instructors (a list the owner manages, each with a
 * name and a photo) and, per class, its instructor, difficulty, type, music and equipment notes,
 * edited at upload and in the library; the public page shows them and filters by them.
 */
export const INSTRUCTORS_PATH = '/api/auth/instructors';
/** Instructors' photos, public like the gym's logo: /api/instructor-photos/{ownerId}/{file}. */
export const INSTRUCTOR_PHOTOS_PATH = '/api/instructor-photos';
/** The multipart field of a photo upload. */
export const INSTRUCTOR_PHOTO_FIELD = 'photo';
export const INSTRUCTOR_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const CLASS_DETAILS_MESSAGES = {
  instructorNameRequired: 'Enter the instructor’s name',
  instructorNameLong: `Instructor name must be under ${INSTRUCTOR_NAME_MAX} characters`,
  instructorsLimit: `A studio can list up to ${INSTRUCTORS_LIMIT} instructors. Remove one to add another.`,
  instructorTaken: 'An instructor with this name is already listed',
  instructorNotFound: 'Instructor not found',
  instructorUnknown: 'Choose one of your instructors',
  difficulty: `Difficulty is one of ${DIFFICULTIES.join(', ')}`,
  classTypeLong: `Class type must be under ${CLASS_TYPE_MAX} characters`,
  equipmentLong: `Equipment notes must be under ${EQUIPMENT_NOTES_MAX} characters`,
  musicTooMany: `A class lists up to ${MUSIC_TRACKS_MAX} tracks`,
  musicText: `Artist and title are required, each under ${MUSIC_TEXT_MAX} characters`,
  musicStart: 'A track starts at a time within the class (minutes and seconds)',
  photoType: 'Please select an image file.',
  photoTooLarge: 'Please select an image smaller than 5MB.',
  instructorAdded: 'Instructor added',
  instructorSaved: 'Instructor saved',
  instructorRemoved: 'Instructor removed: their classes keep playing without a name',
  photoSaved: 'Photo saved',
  photoRemoved: 'Photo removed',
} as const;

const blankToNull = (value: string | null) =>
  value === null || value.trim() === '' ? null : value.trim();

const musicTrack = z.object({
  artist: z
    .string({ error: CLASS_DETAILS_MESSAGES.musicText })
    .trim()
    .min(1, CLASS_DETAILS_MESSAGES.musicText)
    .max(MUSIC_TEXT_MAX, CLASS_DETAILS_MESSAGES.musicText),
  title: z
    .string({ error: CLASS_DETAILS_MESSAGES.musicText })
    .trim()
    .min(1, CLASS_DETAILS_MESSAGES.musicText)
    .max(MUSIC_TEXT_MAX, CLASS_DETAILS_MESSAGES.musicText),
  startSeconds: z
    .number({ error: CLASS_DETAILS_MESSAGES.musicStart })
    .int(CLASS_DETAILS_MESSAGES.musicStart)
    .min(0, CLASS_DETAILS_MESSAGES.musicStart)
    .max(MUSIC_START_MAX_SECONDS, CLASS_DETAILS_MESSAGES.musicStart),
});

/**
 * A class's details as the upload screen and the library's edit dialog send them: each may be
 * left out (unchanged; at upload: none), and null or blank clears it. The music is kept in the
 * order the tracks start.
 */
export const classDetailsFields = {
  instructorId: z
    .uuid({ error: CLASS_DETAILS_MESSAGES.instructorUnknown })
    .transform((id) => id.toLowerCase())
    .nullable()
    .optional(),
  difficulty: z
    .enum(DIFFICULTIES, { error: CLASS_DETAILS_MESSAGES.difficulty })
    .nullable()
    .optional(),
  classType: z
    .string({ error: CLASS_DETAILS_MESSAGES.classTypeLong })
    .max(CLASS_TYPE_MAX, CLASS_DETAILS_MESSAGES.classTypeLong)
    .nullable()
    .transform(blankToNull)
    .optional(),
  music: z
    .array(musicTrack, { error: CLASS_DETAILS_MESSAGES.musicText })
    .max(MUSIC_TRACKS_MAX, CLASS_DETAILS_MESSAGES.musicTooMany)
    .transform((tracks) => [...tracks].sort((a, b) => a.startSeconds - b.startSeconds))
    .optional(),
  equipmentNotes: z
    .string({ error: CLASS_DETAILS_MESSAGES.equipmentLong })
    .max(EQUIPMENT_NOTES_MAX, CLASS_DETAILS_MESSAGES.equipmentLong)
    .nullable()
    .transform(blankToNull)
    .optional(),
};
export const classDetailsBody = z.object(classDetailsFields);
export type ClassDetailsBody = z.input<typeof classDetailsBody>;
export type ClassDetailsValues = z.output<typeof classDetailsBody>;

/** A class's details as every video answer carries them. */
export const classDetailsView = z.object({
  instructorId: z.string().nullable(),
  difficulty: z.enum(DIFFICULTIES).nullable(),
  classType: z.string().nullable(),
  music: z.array(z.object({ artist: z.string(), title: z.string(), startSeconds: z.number() })),
  equipmentNotes: z.string().nullable(),
});
export type ClassDetailsView = z.infer<typeof classDetailsView>;

const instructorName = z
  .string({ error: CLASS_DETAILS_MESSAGES.instructorNameRequired })
  .trim()
  .min(1, CLASS_DETAILS_MESSAGES.instructorNameRequired)
  .max(INSTRUCTOR_NAME_MAX, CLASS_DETAILS_MESSAGES.instructorNameLong);
export const instructorBody = z.object({ name: instructorName });
export type InstructorBody = z.infer<typeof instructorBody>;

const instructor = z.object({
  id: z.string(),
  name: z.string(),
  /** A square photo (256 px), or null: the page shows the initials. */
  photoUrl: z.string().nullable(),
  /** How many of the owner's classes name this instructor. */
  classCount: z.number(),
});
export type InstructorDto = z.infer<typeof instructor>;

const instructorsView = z.object({ instructors: z.array(instructor) });
export type InstructorsView = z.infer<typeof instructorsView>;
const instructorResponse = z.object({ message: z.string(), instructor });
export type InstructorResponse = z.infer<typeof instructorResponse>;
const messageResponse = z.object({ message: z.string() });

export const instructorEndpoints = {
  list: withSchemas(
    endpoint<{ response: InstructorsView }>()({
      method: 'GET',
      path: INSTRUCTORS_PATH,
      access: 'owner',
      summary: "The studio's instructors, by name",
    }),
    { response: instructorsView },
  ),
  create: withSchemas(
    endpoint<{ body: InstructorBody; response: InstructorResponse }>()({
      method: 'POST',
      path: INSTRUCTORS_PATH,
      access: 'owner',
      summary: 'Adds an instructor',
      status: 201,
    }),
    { body: instructorBody, response: instructorResponse },
  ),
  update: withSchemas(
    endpoint<{ body: InstructorBody; response: InstructorResponse }>()({
      method: 'PATCH',
      path: `${INSTRUCTORS_PATH}/:id`,
      access: 'owner',
      summary: 'Renames an instructor (every class of theirs shows the new name)',
    }),
    { body: instructorBody, response: instructorResponse },
  ),
  remove: withSchemas(
    endpoint<{ response: { message: string } }>()({
      method: 'DELETE',
      path: `${INSTRUCTORS_PATH}/:id`,
      access: 'owner',
      summary: 'Removes an instructor; their classes stay, without an instructor',
    }),
    { response: messageResponse },
  ),
  uploadPhoto: withSchemas(
    endpoint<{ body: FormData; response: InstructorResponse }>()({
      method: 'POST',
      path: `${INSTRUCTORS_PATH}/:id/photo`,
      access: 'owner',
      summary: "Sets an instructor's photo (an image, cropped square and re-encoded)",
      rawBody: 'multipart',
    }),
    { response: instructorResponse },
  ),
  removePhoto: withSchemas(
    endpoint<{ response: InstructorResponse }>()({
      method: 'DELETE',
      path: `${INSTRUCTORS_PATH}/:id/photo`,
      access: 'owner',
      summary: "Removes an instructor's photo",
    }),
    { response: instructorResponse },
  ),
  photo: endpoint()({
    method: 'GET',
    path: `${INSTRUCTOR_PHOTOS_PATH}/:ownerId/:file`,
    access: 'public',
    summary: "An instructor's photo, as the public page shows it",
    produces: 'image/webp',
  }),
} as const;
