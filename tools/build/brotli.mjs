// Writes NAME.br beside each NAME given, brotli at quality 11 with a 16 MB window (the whole
// stored game zip fits in it, so the stream compresses across its files). Static hosts send
// these precompressed files to browsers that accept br; tools/build/precompress.py decides which
// files and stamps them. The files are compressed concurrently (Node's thread pool).
//
//   node tools/build/brotli.mjs FILE...
import { readFile, rename, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

const files = process.argv.slice(2);
if (!files.length) {
  console.error("usage: node tools/build/brotli.mjs FILE...");
  process.exit(2);
}
const compress = promisify(zlib.brotliCompress);
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT, BROTLI_MAX_QUALITY,
        BROTLI_MAX_WINDOW_BITS } = zlib.constants; // 24: the largest window every decoder takes

await Promise.all(files.map(async (file) => {
  const data = await readFile(file);
  const body = await compress(data, { params: {
    [BROTLI_PARAM_QUALITY]: BROTLI_MAX_QUALITY,
    [BROTLI_PARAM_LGWIN]: BROTLI_MAX_WINDOW_BITS,
    [BROTLI_PARAM_SIZE_HINT]: data.length,
  } });
  const tmp = `${file}.br.${process.pid}.tmp`; // another build may be writing the same file
  await writeFile(tmp, body);
  await rename(tmp, `${file}.br`);
}));
