import yazl from 'yazl';

/** A deflated zip of the given entries, built with the zip library the server writes exports with. */
export async function zipOf(files: Record<string, string | Uint8Array>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : Buffer.from(content), name, { compress: true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Rewrites every entry's declared inflated size, in the local headers and the directory, to `size`. */
export function declareSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

/** Text that deflates about 20 times: words in a pseudo-random order. */
export function prose(bytes: number): string {
  const words = ['knee', 'ankle', 'claimant', 'report', 'examination', 'left', 'right', 'pain', 'the', 'of'];
  let seed = 7;
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const w = words[seed % words.length]!;
    parts.push(w);
    length += w.length + 1;
  }
  return parts.join(' ');
}
