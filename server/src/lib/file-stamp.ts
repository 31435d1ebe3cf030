/**
 * Files the server reads again only when they change (a deploy rewrites them
 * while it runs): a stamp of a file's modification time and size, and a JSON
 * file's content read once per stamp.
 */
import { readFileSync, statSync } from 'node:fs';

/** `mtime:size` of a regular file; null when there is none. */
export function fileStamp(file: string): string | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? `${stats.mtimeMs}:${stats.size}` : null;
  } catch {
    return null;
  }
}

/** A JSON file's content and stamp, read again only when the file changes; undefined when it is missing or not JSON. */
export function stampedJsonFileReader(file: string): () => { stamp: string; value: unknown } | undefined {
  let cached: { stamp: string; value: unknown } | null = null;
  return () => {
    const stamp = fileStamp(file);
    if (stamp === null) return undefined;
    if (cached?.stamp !== stamp) {
      try {
        cached = { stamp, value: JSON.parse(readFileSync(file, 'utf8')) };
      } catch {
        // A file being rewritten is read again next time.
        return undefined;
      }
    }
    return cached;
  };
}

/** A JSON file's content, read again only when the file changes; undefined when it is missing or not JSON. */
export function jsonFileReader(file: string): () => unknown {
  const read = stampedJsonFileReader(file);
  return () => read()?.value;
}
