import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTORS_LIMIT } from '@shared/class-details';
import {
  CLASS_DETAILS_MESSAGES as MESSAGES,
  INSTRUCTORS_PATH,
  type InstructorResponse,
  type InstructorsView,
} from '@shared/class-details.contract';
import type { PublicGymResponse } from '@shared/gyms.contract';
import type { VideoResponse } from '@shared/videos.contract';
import {
  injectAs,
  insertClass,
  multipartFile,
  onboardedGym,
  startTestApp,
  type TestApp,
} from '../../test/harness';

/**
 * Class details (issue #20 part 1): the studio's instructors with their photos, a class's details
 * saved and checked, and the public page showing them (defaults where none are set).
 */
let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
}, 240_000);
afterAll(() => t?.close());

type Owner = Awaited<ReturnType<typeof onboardedGym>>;
const gym = () => onboardedGym(t, 'spin-starter');

const call = (owner: Owner | null, method: string, url: string, payload?: unknown) =>
  injectAs(t, owner, method, url, payload);

function photoUpload(owner: Owner, id: string, bytes: Buffer, type = 'image/jpeg') {
  const { payload, headers } = multipartFile('photo', 'p.jpg', type, bytes);
  return injectAs(t, owner, 'POST', `${INSTRUCTORS_PATH}/${id}/photo`, payload, headers);
}

async function addInstructor(owner: Owner, name: string) {
  const res = await call(owner, 'POST', INSTRUCTORS_PATH, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InstructorResponse>().instructor;
}

/** A class riders can see (enhanced), made straight in the table. */
const readyClass = (owner: Owner, title: string, extra: Parameters<typeof insertClass>[2] = {}) =>
  insertClass(t, owner.id, { title, ...extra });

const publicGym = async (owner: Owner) =>
  (await call(null, 'GET', `/api/gym/${owner.slug}`)).json<PublicGymResponse>();

describe('instructors', () => {
  it('are added, renamed and listed by name with their class counts; names are unique per studio', async () => {
    const owner = await gym();
    const zoe = await addInstructor(owner, 'Zoe Park');
    await addInstructor(owner, 'amir Haddad');
    const taken = await call(owner, 'POST', INSTRUCTORS_PATH, { name: '  ZOE PARK ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGES.instructorTaken);
    // Another studio may have its own Zoe Park.
    await addInstructor(await gym(), 'Zoe Park');

    await readyClass(owner, 'Climb', { instructorId: zoe.id });
    const renamed = await call(owner, 'PATCH', `${INSTRUCTORS_PATH}/${zoe.id}`, { name: 'Zoe P.' });
    expect(renamed.json<InstructorResponse>().instructor).toMatchObject({
      name: 'Zoe P.',
      classCount: 1,
    });
    const list = (await call(owner, 'GET', INSTRUCTORS_PATH)).json<InstructorsView>();
    expect(list.instructors.map((i) => [i.name, i.classCount])).toEqual([
      ['amir Haddad', 0],
      ['Zoe P.', 1],
    ]);
  });

  it("refuses bad names with the field, another studio's instructor with 404, and past the limit", async () => {
    const owner = await gym();
    for (const name of ['', '   ', 'x'.repeat(81), 42]) {
      const res = await call(owner, 'POST', INSTRUCTORS_PATH, { name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().errors[0].field).toBe('name');
    }
    const zoe = await addInstructor(owner, 'Zoe');
    const other = await gym();
    for (const [method, url, body] of [
      ['PATCH', `${INSTRUCTORS_PATH}/${zoe.id}`, { name: 'Mine now' }],
      ['DELETE', `${INSTRUCTORS_PATH}/${zoe.id}`, undefined],
      ['DELETE', `${INSTRUCTORS_PATH}/${zoe.id}/photo`, undefined],
      ['PATCH', `${INSTRUCTORS_PATH}/not-a-uuid`, { name: 'x' }],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await photoUpload(other, zoe.id, photo)).statusCode).toBe(404);
    expect((await call(owner, 'GET', INSTRUCTORS_PATH)).json().instructors[0].name).toBe('Zoe');

    await Promise.all(
      Array.from({ length: INSTRUCTORS_LIMIT }, (_, i) =>
        call(owner, 'POST', INSTRUCTORS_PATH, { name: `Coach ${i}` }),
      ),
    );
    const list = (await call(owner, 'GET', INSTRUCTORS_PATH)).json<InstructorsView>();
    expect(list.instructors).toHaveLength(INSTRUCTORS_LIMIT);
    const over = await call(owner, 'POST', INSTRUCTORS_PATH, { name: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(MESSAGES.instructorsLimit);
  });

  it('keep a photo re-encoded as a 256 px WebP square, served to anyone; a new one replaces the old file', async () => {
    const owner = await gym();
    const zoe = await addInstructor(owner, 'Zoe');
    const first = await photoUpload(owner, zoe.id, photo);
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json<InstructorResponse>().instructor.photoUrl!;
    expect(url).toMatch(new RegExp(`^/api/instructor-photos/${owner.id}/[a-f0-9]{24}\\.webp$`));
    const served = await call(null, 'GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    const second = await photoUpload(owner, zoe.id, photo);
    expect(second.json<InstructorResponse>().instructor.photoUrl).not.toBe(url);
    expect((await call(null, 'GET', url)).statusCode).toBe(404);

    for (const bad of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('not an image at all'),
    ]) {
      const res = await photoUpload(owner, zoe.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.photoType);
    }
    for (const file of ['../../etc/passwd', 'x.webp', `${'a'.repeat(24)}.png`]) {
      const res = await call(
        null,
        'GET',
        `/api/instructor-photos/${owner.id}/${encodeURIComponent(file)}`,
      );
      expect(res.statusCode, file).toBe(404);
    }

    const removed = await call(owner, 'DELETE', `${INSTRUCTORS_PATH}/${zoe.id}/photo`);
    expect(removed.json<InstructorResponse>().instructor.photoUrl).toBeNull();
  });
});

describe('class details', () => {
  it('are saved from the edit dialog, checked, and shown on the public page', async () => {
    const owner = await gym();
    const zoe = await addInstructor(owner, 'Zoe Park');
    const withPhoto = await photoUpload(owner, zoe.id, photo);
    const photoUrl = withPhoto.json<InstructorResponse>().instructor.photoUrl;
    const climb = await readyClass(owner, 'Hill Climb');
    const plain = await readyClass(owner, 'Easy Spin');

    const saved = await call(owner, 'PATCH', `/api/auth/videos/${climb}`, {
      instructorId: zoe.id.toUpperCase(),
      difficulty: 'Advanced',
      classType: '  Climb ',
      equipmentNotes: 'Bring a towel',
      music: [
        { artist: 'B', title: 'Second', startSeconds: 600 },
        { artist: 'A', title: 'First', startSeconds: 0 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<VideoResponse>().video).toMatchObject({
      instructorId: zoe.id,
      difficulty: 'Advanced',
      classType: 'Climb',
      equipmentNotes: 'Bring a towel',
      music: [
        { artist: 'A', title: 'First', startSeconds: 0 },
        { artist: 'B', title: 'Second', startSeconds: 600 },
      ],
    });

    const page = await publicGym(owner);
    const byTitle = Object.fromEntries(page.videos.map((v) => [v.title, v]));
    expect(byTitle['Hill Climb']).toMatchObject({
      instructor: { id: zoe.id, name: 'Zoe Park', photoUrl },
      difficulty: 'Advanced',
      classType: 'Climb',
      equipmentNotes: 'Bring a towel',
    });
    // Nothing set: the page's defaults.
    expect(byTitle['Easy Spin']).toMatchObject({
      instructor: null,
      difficulty: 'Intermediate',
      classType: null,
    });
    expect(plain).toBeTruthy();

    // A rename shows at once on the public page (its kept answer is rebuilt).
    await call(owner, 'PATCH', `${INSTRUCTORS_PATH}/${zoe.id}`, { name: 'Zoe P.' });
    expect((await publicGym(owner)).videos.find((v) => v.id === climb)!.instructor!.name).toBe(
      'Zoe P.',
    );
    // Clearing and removing: the class keeps playing without an instructor.
    await call(owner, 'DELETE', `${INSTRUCTORS_PATH}/${zoe.id}`);
    const after = (await call(owner, 'GET', `/api/auth/videos/${climb}`)).json<VideoResponse>();
    expect(after.video.instructorId).toBeNull();
    expect((await publicGym(owner)).videos.find((v) => v.id === climb)!.instructor).toBeNull();
    const cleared = await call(owner, 'PATCH', `/api/auth/videos/${climb}`, {
      difficulty: null,
      classType: '',
      music: [],
    });
    expect(cleared.json<VideoResponse>().video).toMatchObject({
      difficulty: null,
      classType: null,
      music: [],
    });
  });

  it("refuses another studio's instructor and bad details with the field, and changes nothing", async () => {
    const owner = await gym();
    const climb = await readyClass(owner, 'Hill Climb');
    const theirs = await addInstructor(await gym(), 'Not Yours');
    const cases: Array<[unknown, string]> = [
      [{ instructorId: theirs.id }, 'instructorId'],
      [{ instructorId: randomUUID() }, 'instructorId'],
      [{ instructorId: 'zoe' }, 'instructorId'],
      [{ difficulty: 'Expert' }, 'difficulty'],
      [{ classType: 'x'.repeat(41) }, 'classType'],
      [{ equipmentNotes: 'x'.repeat(501) }, 'equipmentNotes'],
      [{ music: [{ artist: '', title: 'x', startSeconds: 0 }] }, 'music.0.artist'],
      [{ music: [{ artist: 'a', title: 'x', startSeconds: -1 }] }, 'music.0.startSeconds'],
      [{ music: [{ artist: 'a', title: 'x', startSeconds: 1.5 }] }, 'music.0.startSeconds'],
      [
        { music: Array.from({ length: 61 }, () => ({ artist: 'a', title: 'b', startSeconds: 0 })) },
        'music',
      ],
      [{ music: 'Daft Punk' }, 'music'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner, 'PATCH', `/api/auth/videos/${climb}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
    const video = (await call(owner, 'GET', `/api/auth/videos/${climb}`)).json<VideoResponse>();
    expect(video.video).toMatchObject({ instructorId: null, difficulty: null, music: [] });
  });
});
