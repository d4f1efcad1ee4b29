/**
 * The floor app's server: Express 5, `compression` with
 * the portal's brotli quality and @remix-run/express, the same versions as
 * the portal, and nothing else (no logs, headers, session, API or
 * database). Serves the build of bench/plancher/vite.config.ts on PORT of
 * 127.0.0.1. Run by bench/processes.ts (`startFloor`).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

const buildDir = join(import.meta.dirname, "..", "tmp", "plancher", "build");
const build = (await import(
  pathToFileURL(join(buildDir, "server", "index.js")).href
)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } }));
app.use(
  "/assets",
  express.static(join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }),
);
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
const port = Number(process.env.PORT ?? 4100);
app.listen(port, "127.0.0.1", () => process.stdout.write(`prêt ${port}\n`));
