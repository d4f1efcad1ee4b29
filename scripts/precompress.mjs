// Compresses the static files once, at build time (performance of
// static files): next to each text file of build/client and public/dsfr,
// a brotli copy (`.br`, quality 11) and a gzip copy (`.gz`, level 9) that
// server/app.ts sends as they are (express-static-gzip) instead of
// compressing the file again for every request. npm runs it after
// `npm run build` (postbuild); `node scripts/precompress.mjs` runs it alone.
// A copy newer than its file is kept, so a second run only walks the folders.
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * Text formats browsers load from these folders. Fonts (woff2 is brotli
 * inside, woff zlib) and PNG are compressed already; DSFR's README.md files
 * are never requested.
 */
const COMPRESSIBLE = new Set([
  ".css",
  ".js",
  ".mjs",
  ".map",
  ".svg",
  ".json",
  ".webmanifest",
  ".html",
  ".txt",
  ".xml",
  ".ico",
]);
/** Under this size (bytes) the copy saves less than a TCP packet: `compression`'s threshold too. */
const MIN_BYTES = 1024;
const ENCODINGS = [
  {
    extension: ".br",
    compress: promisify(brotliCompress),
    options: (size) => ({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
  },
  {
    extension: ".gz",
    compress: promisify(gzip),
    options: () => ({ level: constants.Z_BEST_COMPRESSION }),
  },
];

/** Every file under `dir`, recursively, except the subfolders named in `skip` (relative to `dir`). */
function* walk(dir, skip = [], base = dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(relative(base, path))) yield* walk(path, skip, base);
    } else if (entry.isFile()) yield path;
  }
}

/**
 * Whether `path` is DSFR's readable copy of a minified file next to it
 * (dsfr.css beside dsfr.min.css): no page links it, and it holds half the
 * bytes of public/dsfr: skipping it cuts the first run's CPU time from 39 s
 * to 22 s here. `compression` still compresses it when asked.
 */
function hasMinifiedTwin(path, present) {
  const extension = extname(path);
  return (
    !path.endsWith(`.min${extension}`) &&
    present.has(`${path.slice(0, -extension.length)}.min${extension}`)
  );
}

/**
 * Brings the `.br` and `.gz` copies of the files under `dir` up to date:
 * writes the missing or outdated ones, removes those whose file is gone
 * (an earlier portail.<hash>.min.css), too small or incompressible.
 * Returns counts: files compressed, kept as they were, copies removed, and
 * the bytes of the files compressed, before and after brotli.
 */
export async function precompress(dir, { skip = [] } = {}) {
  const result = { compressed: 0, upToDate: 0, removed: 0, bytes: 0, brotliBytes: 0 };
  if (!existsSync(dir)) return result;
  const files = [...walk(dir, skip)];
  const present = new Set(files);
  const jobs = [];
  for (const path of files) {
    const extension = ENCODINGS.find((encoding) => path.endsWith(encoding.extension));
    if (extension) {
      const source = path.slice(0, -extension.extension.length);
      if (
        !present.has(source) ||
        !COMPRESSIBLE.has(extname(source)) ||
        hasMinifiedTwin(source, present)
      ) {
        rmSync(path);
        result.removed += 1;
      }
      continue;
    }
    if (!COMPRESSIBLE.has(extname(path)) || hasMinifiedTwin(path, present)) continue;
    const source = statSync(path);
    if (source.size < MIN_BYTES) {
      for (const encoding of ENCODINGS) {
        if (present.has(path + encoding.extension)) {
          rmSync(path + encoding.extension);
          result.removed += 1;
        }
      }
      continue;
    }
    const outdated = ENCODINGS.filter((encoding) => {
      const copy = path + encoding.extension;
      return !present.has(copy) || statSync(copy).mtimeMs < source.mtimeMs;
    });
    if (outdated.length === 0) result.upToDate += 1;
    else jobs.push({ path, size: source.size, encodings: outdated });
  }

  // zlib's asynchronous calls run on libuv's thread pool: one file per core at a time.
  const queue = jobs.values();
  const worker = async () => {
    for (const { path, size, encodings } of queue) {
      const raw = await readFile(path);
      for (const encoding of encodings) {
        const copy = path + encoding.extension;
        const compressed = await encoding.compress(raw, encoding.options(size));
        if (compressed.length < raw.length) {
          await writeFile(copy, compressed);
          if (encoding.extension === ".br") result.brotliBytes += compressed.length;
        } else if (existsSync(copy)) {
          // A copy that saves nothing would only be sent in place of the file.
          rmSync(copy);
          result.removed += 1;
        }
      }
      result.compressed += 1;
      result.bytes += raw.length;
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const started = performance.now();
  const totals = { compressed: 0, upToDate: 0, removed: 0, bytes: 0, brotliBytes: 0 };
  for (const [dir, options] of [
    // build/client/dsfr is Vite's copy of public/; /dsfr is served from public/dsfr.
    [join(root, "build/client"), { skip: ["dsfr"] }],
    [join(root, "public/dsfr"), {}],
  ]) {
    const result = await precompress(dir, options);
    for (const key of Object.keys(totals)) totals[key] += result[key];
  }
  const kio = (bytes) => Math.round(bytes / 1024);
  console.log(
    `precompress: ${totals.compressed} fichiers compressés (${kio(totals.bytes)} Kio → ${kio(totals.brotliBytes)} Kio en brotli), ` +
      `${totals.upToDate} déjà à jour, ${totals.removed} copies supprimées, ${Math.round(performance.now() - started)} ms`,
  );
}
