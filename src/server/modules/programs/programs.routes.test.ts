import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicGymResponse } from '@shared/gyms.contract';
import { PROGRAMS_LIMIT } from '@shared/programs';
import {
  PROGRAM_MESSAGES as MESSAGES,
  PROGRAMS_PATH,
  type ProgramDto,
  type ProgramResponse,
  type ProgramsView,
} from '@shared/programs.contract';
import {
  injectAs,
  insertClass,
  multipartFile,
  onboardedGym,
  setPlan,
  startTestApp,
  type TestApp,
} from '../../test/harness';

/**
 * Programs (issue #20 part 2): an owner's ordered series of their own classes with a cover; every
 * class id checked to be the owner's; the public page lists them with only the classes riders can
 * play there, and its answer (and ETag) follows every change.
 */
let t: TestApp;
let picture: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
}, 240_000);
afterAll(() => t?.close());

type Owner = Awaited<ReturnType<typeof onboardedGym>>;
const gym = () => onboardedGym(t, 'spin-starter');

const call = (owner: Owner | null, method: string, url: string, payload?: unknown) =>
  injectAs(t, owner, method, url, payload);

function coverUpload(owner: Owner, id: string, bytes: Buffer, type = 'image/jpeg') {
  const { payload, headers } = multipartFile('cover', 'c.jpg', type, bytes);
  return injectAs(t, owner, 'POST', `${PROGRAMS_PATH}/${id}/cover`, payload, headers);
}

/** A class made straight in the table: enhanced (riders see it) unless told otherwise. */
const addClass = (owner: Owner, title: string, extra: Parameters<typeof insertClass>[2] = {}) =>
  insertClass(t, owner.id, { title, ...extra });

async function create(owner: Owner, body: Record<string, unknown>): Promise<ProgramDto> {
  const res = await call(owner, 'POST', PROGRAMS_PATH, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProgramResponse>().program;
}

const list = async (owner: Owner) =>
  (await call(owner, 'GET', PROGRAMS_PATH)).json<ProgramsView>().programs;

const publicGym = async (slug: string) => {
  const res = await call(null, 'GET', `/api/gym/${slug}`);
  expect(res.statusCode, res.body).toBe(200);
  return { gym: res.json<PublicGymResponse>(), etag: String(res.headers.etag) };
};

describe('programs', () => {
  it('are created, listed oldest first with their classes in order, reordered and edited', async () => {
    const owner = await gym();
    const [a, b, c] = [
      await addClass(owner, 'Base Ride', { duration: '1200' }),
      await addClass(owner, 'Hill Climb', { duration: '2700' }),
      await addClass(owner, 'Sprint', { duration: null }),
    ];
    const created = await call(owner, 'POST', PROGRAMS_PATH, {
      title: '  4-week beginner build ',
      description: ' Three rides a week. ',
      classIds: [a, b.toUpperCase(), c],
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json<ProgramResponse>();
    expect(made.message).toBe(MESSAGES.programCreated);
    expect(made.program).toMatchObject({
      title: '4-week beginner build',
      description: 'Three rides a week.',
      classesPerWeek: 3,
      cover: null,
      classes: [
        { id: a, title: 'Base Ride', durationSeconds: 1200 },
        { id: b, title: 'Hill Climb', durationSeconds: 2700 },
        { id: c, title: 'Sprint', durationSeconds: null },
      ],
    });
    // Only a title is needed: the rest has its defaults.
    const second = await create(owner, { title: 'Recovery week' });
    expect(second).toMatchObject({ description: '', classesPerWeek: 3, classes: [] });

    const moved = await call(owner, 'PATCH', `${PROGRAMS_PATH}/${made.program.id}`, {
      classIds: [c, a, b],
      classesPerWeek: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ProgramResponse>()).toMatchObject({
      message: MESSAGES.programSaved,
      program: { title: '4-week beginner build', classesPerWeek: 2 },
    });
    expect(moved.json<ProgramResponse>().program.classes.map((x) => x.id)).toEqual([c, a, b]);
    // A field left out stays as it was.
    await call(owner, 'PATCH', `${PROGRAMS_PATH}/${made.program.id}`, { title: 'Base build' });
    const programs = await list(owner);
    expect(programs.map((p) => [p.title, p.classes.map((x) => x.id), p.classesPerWeek])).toEqual([
      ['Base build', [c, a, b], 2],
      ['Recovery week', [], 3],
    ]);
    // A class may be in several programs.
    const again = await call(owner, 'PATCH', `${PROGRAMS_PATH}/${second.id}`, { classIds: [a] });
    expect(again.statusCode, again.body).toBe(200);
    // Another studio sees none of them.
    expect(await list(await gym())).toEqual([]);
  });

  it('refuses bad fields with the field and its words, and changes nothing', async () => {
    const owner = await gym();
    const mine = await addClass(owner, 'Mine');
    const program = await create(owner, { title: 'Build', classIds: [mine] });
    const cases: Array<[unknown, string, string]> = [
      [{ title: '' }, 'title', MESSAGES.titleRequired],
      [{ title: '   ' }, 'title', MESSAGES.titleRequired],
      [{ title: 'x'.repeat(101) }, 'title', MESSAGES.titleLong],
      [{ title: 42 }, 'title', MESSAGES.titleRequired],
      [{ description: 'x'.repeat(1001) }, 'description', MESSAGES.descriptionLong],
      [{ classesPerWeek: 0 }, 'classesPerWeek', MESSAGES.classesPerWeek],
      [{ classesPerWeek: 8 }, 'classesPerWeek', MESSAGES.classesPerWeek],
      [{ classesPerWeek: 2.5 }, 'classesPerWeek', MESSAGES.classesPerWeek],
      [{ classesPerWeek: '3' }, 'classesPerWeek', MESSAGES.classesPerWeek],
      [{ classIds: ['not-a-class'] }, 'classIds.0', MESSAGES.classUnknown],
      [{ classIds: [mine, mine.toUpperCase()] }, 'classIds.1', MESSAGES.classTwice],
      [{ classIds: mine }, 'classIds', MESSAGES.classUnknown],
      [
        { classIds: Array.from({ length: 61 }, () => randomUUID()) },
        'classIds',
        MESSAGES.classesTooMany,
      ],
    ];
    for (const [body, field, message] of cases) {
      for (const [method, url, payload] of [
        ['PATCH', `${PROGRAMS_PATH}/${program.id}`, body],
        ['POST', PROGRAMS_PATH, { title: 'New', ...(body as object) }],
      ] as const) {
        const res = await call(owner, method, url, payload);
        expect(res.statusCode, `${method} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
        expect(res.json().errors[0]).toEqual({ field, message });
      }
    }
    const nothing = await call(owner, 'PATCH', `${PROGRAMS_PATH}/${program.id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(MESSAGES.nothingToChange);

    const programs = await list(owner);
    expect(programs).toHaveLength(1);
    expect(programs[0]).toMatchObject({ title: 'Build', classesPerWeek: 3 });
    expect(programs[0]!.classes.map((x) => x.id)).toEqual([mine]);
  });

  it("checks every class id is the owner's own: another studio's or an unknown class is refused on its place", async () => {
    const owner = await gym();
    const other = await gym();
    const mine = await addClass(owner, 'Mine');
    const theirs = await addClass(other, 'Theirs');
    const program = await create(owner, { title: 'Build', classIds: [mine] });

    for (const [method, url] of [
      ['POST', PROGRAMS_PATH],
      ['PATCH', `${PROGRAMS_PATH}/${program.id}`],
    ] as const) {
      const res = await call(owner, method, url, {
        title: 'Build',
        classIds: [mine, theirs, randomUUID()],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: MESSAGES.classUnknown,
        errors: [
          { field: 'classIds.1', message: MESSAGES.classUnknown },
          { field: 'classIds.2', message: MESSAGES.classUnknown },
        ],
      });
    }
    expect((await list(owner)).map((p) => p.classes.map((x) => x.id))).toEqual([[mine]]);
    expect(await list(other)).toEqual([]);
  });

  it("answers another owner 404 on every route of the owner's program, and a bad id 404", async () => {
    const owner = await gym();
    const program = await create(owner, { title: 'Build' });
    const other = await gym();
    for (const [method, url, body] of [
      ['PATCH', `${PROGRAMS_PATH}/${program.id}`, { title: 'Mine now' }],
      ['DELETE', `${PROGRAMS_PATH}/${program.id}`, undefined],
      ['DELETE', `${PROGRAMS_PATH}/${program.id}/cover`, undefined],
      ['PATCH', `${PROGRAMS_PATH}/not-a-uuid`, { title: 'x' }],
      ['DELETE', `${PROGRAMS_PATH}/${randomUUID()}`, undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(MESSAGES.programNotFound);
    }
    expect((await coverUpload(other, program.id, picture)).statusCode).toBe(404);
    expect((await list(owner)).map((p) => [p.title, p.cover])).toEqual([['Build', null]]);
    expect((await call(null, 'GET', PROGRAMS_PATH)).statusCode).toBe(401);
  });

  it(`keeps up to ${PROGRAMS_LIMIT} programs a studio, even when added at once`, async () => {
    const owner = await gym();
    const answers = await Promise.all(
      Array.from({ length: PROGRAMS_LIMIT + 3 }, (_, i) =>
        call(owner, 'POST', PROGRAMS_PATH, { title: `Program ${i}` }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(PROGRAMS_LIMIT);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused.map((res) => [res.statusCode, res.json().message])).toEqual(
      Array.from({ length: 3 }, () => [409, MESSAGES.programsLimit]),
    );
    expect(await list(owner)).toHaveLength(PROGRAMS_LIMIT);
  });

  it('keep a cover re-encoded as 16:9 WebP at two widths, served to anyone; a new one replaces the old files', async () => {
    const owner = await gym();
    const program = await create(owner, { title: 'Build' });
    const first = await coverUpload(owner, program.id, picture);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ProgramResponse>().message).toBe(MESSAGES.coverSaved);
    const cover = first.json<ProgramResponse>().program.cover!;
    const pattern = `/api/program-covers/${owner.id}/[a-f0-9]{24}-(640|1280)\\.webp`;
    expect(cover.src).toMatch(new RegExp(`^${pattern}$`));
    expect(cover.srcSet).toMatch(new RegExp(`^${pattern} 640w, ${pattern} 1280w$`));
    const files = cover.srcSet.split(', ').map((entry) => entry.split(' ')[0]!);
    for (const [url, width] of [
      [files[0]!, 640],
      [files[1]!, 1280],
    ] as const) {
      const served = await call(null, 'GET', url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 9) / 16]);
      // Nothing of the upload's metadata is kept.
      expect(meta.exif).toBeUndefined();
    }

    const second = await coverUpload(owner, program.id, picture);
    expect(second.json<ProgramResponse>().program.cover!.src).not.toBe(cover.src);
    for (const url of files) expect((await call(null, 'GET', url)).statusCode).toBe(404);

    for (const bad of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('not an image at all'),
      Buffer.alloc(0),
    ]) {
      const res = await coverUpload(owner, program.id, bad, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.coverType);
    }
    const tooLarge = await coverUpload(owner, program.id, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(MESSAGES.coverTooLarge);
    for (const file of ['../../etc/passwd', 'x.webp', `${'a'.repeat(24)}-800.webp`]) {
      const res = await call(
        null,
        'GET',
        `/api/program-covers/${owner.id}/${encodeURIComponent(file)}`,
      );
      expect(res.statusCode, file).toBe(404);
    }

    const kept = second.json<ProgramResponse>().program.cover!.src;
    const removed = await call(owner, 'DELETE', `${PROGRAMS_PATH}/${program.id}/cover`);
    expect(removed.json<ProgramResponse>()).toMatchObject({
      message: MESSAGES.coverRemoved,
      program: { cover: null },
    });
    expect((await call(null, 'GET', kept)).statusCode).toBe(404);

    // Deleting a program deletes its cover's files.
    const third = await coverUpload(owner, program.id, picture);
    const last = third.json<ProgramResponse>().program.cover!.src;
    const deleted = await call(owner, 'DELETE', `${PROGRAMS_PATH}/${program.id}`);
    expect(deleted.json().message).toBe(MESSAGES.programDeleted);
    expect((await call(null, 'GET', last)).statusCode).toBe(404);
  });

  it('lose a deleted class (and keep the rest in order); deleting a program keeps its classes', async () => {
    const owner = await gym();
    const [a, b, c] = [
      await addClass(owner, 'A'),
      await addClass(owner, 'B'),
      await addClass(owner, 'C'),
    ];
    const one = await create(owner, { title: 'One', classIds: [a, b, c] });
    const two = await create(owner, { title: 'Two', classIds: [b] });
    expect((await call(owner, 'DELETE', `/api/auth/videos/${b}`)).statusCode).toBe(204);
    expect((await list(owner)).map((p) => p.classes.map((x) => x.id))).toEqual([[a, c], []]);
    // The gap the deleted class left reads in order, and a new order is written whole.
    const d = await addClass(owner, 'D');
    await call(owner, 'PATCH', `${PROGRAMS_PATH}/${one.id}`, { classIds: [a, c, d] });
    expect((await list(owner))[0]!.classes.map((x) => x.id)).toEqual([a, c, d]);

    await call(owner, 'DELETE', `${PROGRAMS_PATH}/${one.id}`);
    await call(owner, 'DELETE', `${PROGRAMS_PATH}/${two.id}`);
    expect(await list(owner)).toEqual([]);
    const library = (await call(owner, 'GET', '/api/auth/user/videos')).json<{ id: string }[]>();
    expect(library.map((v) => v.id).sort()).toEqual([a, c, d].sort());
  });
});

describe('the public page', () => {
  it('lists programs with only the classes riders can play, in order; one with none is left out', async () => {
    const owner = await gym();
    const ready1 = await addClass(owner, 'Ready 1');
    const processing = await addClass(owner, 'Still processing', {
      processingStatus: 'processing',
    });
    const ready2 = await addClass(owner, 'Ready 2');
    const failed = await addClass(owner, 'Failed', { processingStatus: 'failed' });
    const build = await create(owner, {
      title: 'Beginner build',
      description: 'Easy does it.',
      classesPerWeek: 2,
      classIds: [ready2, processing, ready1],
    });
    await coverUpload(owner, build.id, picture);
    await create(owner, { title: 'Hidden', classIds: [processing, failed] });
    await create(owner, { title: 'Empty' });

    const { gym: page } = await publicGym(owner.slug);
    const cover = (await list(owner))[0]!.cover;
    expect(page.programs).toEqual([
      {
        id: build.id,
        title: 'Beginner build',
        description: 'Easy does it.',
        classesPerWeek: 2,
        cover,
        classIds: [ready2, ready1],
      },
    ]);
    // Every class a program names is one of the page's classes.
    const listed = new Set(page.videos.map((v) => v.id));
    expect(page.programs.flatMap((p) => p.classIds).every((id) => listed.has(id))).toBe(true);
  });

  it('is rebuilt on every program change and class deletion: the answer and its ETag follow', async () => {
    const owner = await gym();
    const a = await addClass(owner, 'A');
    const b = await addClass(owner, 'B');
    const program = await create(owner, { title: 'Build', classIds: [a, b] });
    const steps: Array<[string, () => Promise<unknown>, (page: PublicGymResponse) => unknown]> = [
      [
        'rename',
        () => call(owner, 'PATCH', `${PROGRAMS_PATH}/${program.id}`, { title: 'Base build' }),
        (page) => page.programs[0]?.title,
      ],
      [
        'reorder',
        () => call(owner, 'PATCH', `${PROGRAMS_PATH}/${program.id}`, { classIds: [b, a] }),
        (page) => page.programs[0]?.classIds,
      ],
      [
        'classes per week',
        () => call(owner, 'PATCH', `${PROGRAMS_PATH}/${program.id}`, { classesPerWeek: 5 }),
        (page) => page.programs[0]?.classesPerWeek,
      ],
      [
        'cover',
        () => coverUpload(owner, program.id, picture),
        (page) => page.programs[0]?.cover?.src,
      ],
      [
        'class deleted',
        () => call(owner, 'DELETE', `/api/auth/videos/${b}`),
        (page) => page.programs[0]?.classIds,
      ],
      [
        'program deleted',
        () => call(owner, 'DELETE', `${PROGRAMS_PATH}/${program.id}`),
        (page) => page.programs.length,
      ],
    ];
    let before = await publicGym(owner.slug);
    for (const [name, change, read] of steps) {
      await change();
      const after = await publicGym(owner.slug);
      expect(read(after.gym), name).not.toEqual(read(before.gym));
      expect(after.etag, name).not.toBe(before.etag);
      before = after;
    }
    expect(before.gym.programs).toEqual([]);
  });

  it("shows the owner's programs on a further location's page with the classes it offers", async () => {
    const owner = await gym();
    await setPlan(t.database, owner.id, 'elite-studio');
    const a = await addClass(owner, 'A');
    const b = await addClass(owner, 'B');
    const c = await addClass(owner, 'C');
    const program = await create(owner, { title: 'Build', classIds: [a, b, c] });
    const only = await create(owner, { title: 'Only A', classIds: [a] });
    const slug = `${owner.slug}-harbour`;
    const added = await call(owner, 'POST', '/api/auth/locations', { name: 'Harbour', slug });
    expect(added.statusCode, added.body).toBe(201);
    const location = added.json().locations.locations.at(-1).id as string;
    const offered = await call(owner, 'PUT', `/api/auth/locations/${location}/classes`, {
      videoIds: [c, b],
    });
    expect(offered.statusCode, offered.body).toBe(200);

    const there = (await publicGym(slug)).gym;
    expect(there.programs.map((p) => [p.id, p.classIds])).toEqual([[program.id, [b, c]]]);
    const main = (await publicGym(owner.slug)).gym;
    expect(main.programs.map((p) => [p.id, p.classIds])).toEqual([
      [program.id, [a, b, c]],
      [only.id, [a]],
    ]);
  });
});
