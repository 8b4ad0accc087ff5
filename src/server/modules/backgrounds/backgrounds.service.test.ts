import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createObjectStore } from '../../storage/create-object-store';
import { backgroundsService } from './backgrounds.service';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-backgrounds-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('does not start ffmpeg again for a background it just failed to draw', async () => {
  // An "ffmpeg" that counts its runs and fails, as a broken install would.
  const runs = path.join(dir, 'runs');
  const ffmpeg = path.join(dir, 'ffmpeg');
  await writeFile(ffmpeg, `#!/bin/sh\necho run >> '${runs}'\nexit 1\n`);
  await chmod(ffmpeg, 0o755);
  const store = await createObjectStore({ storage: { kind: 'local' }, dataDir: dir } as never, {
    signingSecret: 'x'.repeat(32),
    now: Date.now,
  });
  const backgrounds = backgroundsService({
    store,
    tools: { ffmpeg, ffprobe: ffmpeg },
    tempRoot: path.join(dir, 'tmp'),
    log: pino({ level: 'silent' }),
  });
  const id = backgrounds.list()[0]!.id;
  await expect(backgrounds.preview(id)).rejects.toThrow();
  await expect(backgrounds.preview(id)).rejects.toThrow();
  await expect(backgrounds.preview(id)).rejects.toThrow();
  expect((await readFile(runs, 'utf8')).trim().split('\n')).toHaveLength(1);
  // An id that is no background draws nothing.
  expect(await backgrounds.preview('__proto__')).toBeNull();
});
