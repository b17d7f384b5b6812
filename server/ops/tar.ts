/**
 * A minimal ustar writer and reader for backups (regular files only, names up to 100 bytes),
 * so a backup opens with any `tar` (`tar -tf backup.tar`) and needs no dependency.
 */
export interface TarEntry {
  name: string;
  data: Buffer;
}

const BLOCK = 512;

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`name too long for the archive: ${name}`);
  block.write(name, 0, 100, 'utf8');
  block.write('0000644\0', 100, 8, 'ascii'); // mode
  block.write('0000000\0', 108, 8, 'ascii'); // uid
  block.write('0000000\0', 116, 8, 'ascii'); // gid
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    12,
    'ascii',
  );
  block.write('        ', 148, 8, 'ascii'); // checksum, counted as spaces
  block.write('0', 156, 1, 'ascii'); // regular file
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export function writeTar(entries: Iterable<TarEntry>): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries)
    parts.push(header(name, data.length), data, padding(data.length));
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((b) => b === 0)) break;
    const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(
      block.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(),
      8,
    );
    if (!name || !Number.isFinite(size)) throw new Error('not a backup archive');
    const start = offset + BLOCK;
    if (block[156] === 0x30 || block[156] === 0) {
      entries.push({ name, data: Buffer.from(archive.subarray(start, start + size)) });
    }
    offset = start + size + padding(size).length;
  }
  return entries;
}
