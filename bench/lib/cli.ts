import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the module at moduleUrl is the script node was started with (not imported by another). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return fs.realpathSync(script) === fs.realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/** A whole number from a command-line flag, or the default when the flag is absent. */
export function intFlag(value: string | undefined, name: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
}

/** A mistake in how the script was called: printed without a stack trace. */
export class UsageError extends Error {}

/**
 * Runs a script's main function: usage errors print their message, anything else its stack; exit 1 on
 * failure, else the exit code main set (0 unless it set process.exitCode).
 */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(),
    (error: unknown) => {
      console.error(error instanceof UsageError ? error.message : error);
      process.exit(1);
    },
  );
}

/** The URL with any password hidden, for printing. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
