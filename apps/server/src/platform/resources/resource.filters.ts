import { z } from 'zod';

/**
 * A list query parameter holding several values: comma-separated (`ids=a,b`) or repeated
 * (`ids=a&ids=b`), each checked by `item`.
 */
export function csvParam<T extends z.ZodType<unknown, string>>(item: T, max = 100) {
  return z
    .union([z.string().max(4000), z.array(z.string().max(200)).max(max)])
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(','))
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `at most ${max} values`));
}
