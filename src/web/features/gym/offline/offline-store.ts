/**
 * The Origin Private File System as saved-classes.ts uses it (decision 0048): one folder per
 * class and version, `cadence-classes/{classId}/{version}/`, holding the file's parts
 * (`part-00000`…, each written whole through its own FileSystemWritableFileStream, so a part is
 * on disk entirely or not at all), `poster` and `ride-track.json`; and the StorageManager's
 * estimate and persistence.
 */
import { folderName } from './saved-index';

const ROOT = 'cadence-classes';
export const POSTER_FILE = 'poster';
export const RIDE_TRACK_FILE = 'ride-track.json';
const partName = (index: number) => `part-${String(index).padStart(5, '0')}`;

const isNotFound = (error: unknown) =>
  error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'TypeError');

async function classesRoot(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(ROOT, { create: true });
}

async function versionFolder(
  id: string,
  version: string,
  create: boolean,
): Promise<FileSystemDirectoryHandle | null> {
  try {
    const classFolder = await (await classesRoot()).getDirectoryHandle(id, { create });
    return await classFolder.getDirectoryHandle(folderName(version), { create });
  } catch (error) {
    if (!create && isNotFound(error)) return null;
    throw error;
  }
}

/** The size of each part on disk, by index (undefined: not there). */
export async function partSizes(id: string, version: string, count: number): Promise<number[]> {
  const folder = await versionFolder(id, version, false);
  const sizes: number[] = [];
  if (!folder) return sizes;
  for (let i = 0; i < count; i += 1) {
    try {
      const file = await (await folder.getFileHandle(partName(i))).getFile();
      sizes[i] = file.size;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return sizes;
}

/**
 * Streams `body` into part `index`: the part appears on disk once the stream has ended (the
 * writable's close), never half; a failure or an abort leaves the part as it was.
 */
export async function writePart(
  id: string,
  version: string,
  index: number,
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): Promise<void> {
  const folder = (await versionFolder(id, version, true))!;
  const handle = await folder.getFileHandle(partName(index), { create: true });
  await body.pipeTo(await handle.createWritable(), { signal });
}

/** Writes a small file (the poster, the ride track) beside the parts. */
export async function writeBeside(
  id: string,
  version: string,
  name: string,
  blob: Blob,
): Promise<void> {
  const folder = (await versionFolder(id, version, true))!;
  const writable = await (await folder.getFileHandle(name, { create: true })).createWritable();
  await writable.write(blob);
  await writable.close();
}

/** The parts as Files (read from disk as played, never into memory), or null if one is missing. */
export async function readParts(
  id: string,
  version: string,
  count: number,
): Promise<File[] | null> {
  const folder = await versionFolder(id, version, false);
  if (!folder) return null;
  const files: File[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      files.push(await (await folder.getFileHandle(partName(i))).getFile());
    }
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  return files;
}

/** A file beside the parts, or null. */
export async function readBeside(id: string, version: string, name: string): Promise<File | null> {
  const folder = await versionFolder(id, version, false);
  if (!folder) return null;
  try {
    return await (await folder.getFileHandle(name)).getFile();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Deletes one version's folder (the other versions of the class stay). */
export async function removeVersion(id: string, version: string): Promise<void> {
  try {
    const classFolder = await (await classesRoot()).getDirectoryHandle(id);
    await classFolder.removeEntry(folderName(version), { recursive: true });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** Deletes everything saved of a class. */
export async function removeClassFolder(id: string): Promise<void> {
  try {
    await (await classesRoot()).removeEntry(id, { recursive: true });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** The classes with a folder on disk (a folder the index does not name is a leftover). */
export async function classFolders(): Promise<string[]> {
  // (TypeScript's DOM library leaves out the folder's async iteration.)
  const root = (await classesRoot()) as unknown as { keys(): AsyncIterable<string> };
  const names: string[] = [];
  for await (const name of root.keys()) names.push(name);
  return names;
}

/** The StorageManager's estimate of this origin's storage: used and allowed, in bytes. */
export async function estimate(): Promise<{ usage?: number; quota?: number }> {
  return navigator.storage.estimate();
}

/** Asks the browser to keep this origin's storage under pressure (once a class is saved). */
export async function persist(): Promise<boolean> {
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}
