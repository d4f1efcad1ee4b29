// Copies the DSFR distribution (CSS, fonts, icons, favicons, module JS) to public/dsfr,
// then builds from it the lighter stylesheet the pages link (dsfr-bundle.mjs).
// react-dsfr's own copy script expects an index.html and fails under Remix (STACK-NOTES).
import { cpSync, existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "node_modules/@codegouvfr/react-dsfr/dsfr");
const target = join(root, "public/dsfr");
if (!existsSync(source)) {
  console.warn("copy-dsfr: @codegouvfr/react-dsfr is not installed, nothing copied");
} else {
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, {
    recursive: true,
    filter: (path) => !path.endsWith(".map") && !path.includes("/example"),
  });
  // The stylesheet is made from the portal's sources. The Docker image installs
  // its packages before copying them in: there, the build's prebuild makes it.
  if (existsSync(join(root, "app"))) {
    const { buildDsfrBundle } = await import("./dsfr-bundle.mjs");
    const { manifest } = buildDsfrBundle(root, target);
    console.log(`copy-dsfr: ${manifest.stylesheet}`);
  }
}
