export const MINIMUM_NODE: { major: number; minor: number };
export function unsupportedNode(version: string, execPath: string): string | null;
