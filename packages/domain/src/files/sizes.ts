/** Bytes per unit of the file-size filter (money-integrations-admin.md §9). */
export const FILE_SIZE_FILTER_FACTOR = 1_021_000;
export const BYTES_PER_GB = 1024 ** 3;

/** Bytes as gigabytes with one decimal, as the storage screen shows them. */
export function bytesToGb(bytes: number): number {
  return Math.round((bytes / BYTES_PER_GB) * 10) / 10;
}

/** Whole bytes of a limit given in gigabytes (fractions allowed). */
export function gbToBytes(gb: number): number {
  return Math.round(gb * BYTES_PER_GB);
}
