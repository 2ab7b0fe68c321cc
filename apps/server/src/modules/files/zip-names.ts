/** A file name as a zip entry: no path separators or characters a desktop refuses in a name. */
export const safeEntryName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

/** The name once among `used` (compared without case): a second "report.pdf" becomes "report (2).pdf". */
export function uniqueEntryName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}
