export const WEB_CONFIGS: string[];
export const INPUTS: { web: string[]; server: string[] };
export const KEEP_PREVIOUS: number;
export const SERVER_ENTRIES: Record<string, string>;
export function hashInputs(root: string, inputs: string[]): Promise<string>;
export interface BuildResult {
  /** The build's folder (dist/<name>-<hash>). */
  dir: string;
  hash: string;
  /** Whether it was built now (false: an existing build was reused). */
  built: boolean;
}
export function ensureBuild(options: {
  root?: string;
  distDir?: string;
  name: string;
  inputs: string[];
  build: (outDir: string) => Promise<void>;
  keep?: number;
  log?: (line: string) => void;
}): Promise<BuildResult>;
export function buildWeb(outDir: string): Promise<void>;
export function buildServer(outDir: string): Promise<void>;
