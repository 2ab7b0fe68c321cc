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
