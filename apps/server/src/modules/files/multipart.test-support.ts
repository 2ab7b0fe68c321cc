import { Readable } from 'node:stream';

export const BOUNDARY = '----casebook-test-boundary';

/** A multipart/form-data body: text fields first, then the file part. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(file.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The length of the body streamingMultipart makes: its part header, `size` bytes of content, its end. */
export function streamingMultipartLength(name: string, size: number): number {
  return (
    Buffer.byteLength(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ) +
    size +
    Buffer.byteLength(`\r\n--${BOUNDARY}--\r\n`)
  );
}

/** A multipart body of `size` bytes of file content generated on the fly, never held whole. */
export function streamingMultipart(name: string, head: Uint8Array, size: number, chunkSize = 64 * 1024): Readable {
  const start = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const end = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const filler = Buffer.alloc(chunkSize, 0x20);
  let sent = 0;
  let phase = 0;
  return new Readable({
    read() {
      if (phase === 0) {
        phase = 1;
        this.push(start);
        this.push(Buffer.from(head));
        sent = head.length;
        return;
      }
      if (phase === 1) {
        const n = Math.min(chunkSize, size - sent);
        if (n > 0) {
          sent += n;
          this.push(n === chunkSize ? filler : filler.subarray(0, n));
          return;
        }
        phase = 2;
        this.push(end);
        this.push(null);
      }
    },
  });
}

export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
