/**
 * The Chromium that the end-to-end tests (playwright.config.ts), `npm run docs:screenshots` and the
 * console bench drive. Looked up in this order:
 *
 *   1. CHROMIUM_PATH, when set (it must exist);
 *   2. a system Chromium at KEEL_SYSTEM_CHROMIUM (default /usr/bin/chromium, Debian's package; point it
 *      at a path that does not exist to try the next one on a machine that has a system Chromium);
 *   3. the headless Chromium inside the npm package @sparticuz/chromium (a devDependency), unpacked once
 *      into .cache/chromium/<version>/ with its own NSS libraries and fonts, so a machine with only Node.js
 *      and npm runs the whole suite (Playwright's own browser download needs the internet).
 *
 * Synchronous on purpose: Playwright evaluates its configuration file synchronously in every process.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const DEFAULT_SYSTEM_CHROMIUM = "/usr/bin/chromium";
const BUNDLED_PACKAGE = path.join(root, "node_modules", "@sparticuz", "chromium");

/** Flags for every browser: no sandbox (CI runs as root), and nothing that reaches out to the network. */
const COMMON_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type ChromiumSource = "CHROMIUM_PATH" | "system" | "bundled";

export type ChromiumChoice = {
  source: ChromiumSource;
  executablePath: string;
  args: string[];
  /** Extra environment of the browser process (the bundled one's libraries and fonts). */
  env: Record<string, string>;
};

/** Picks the browser as described above; unpacks the bundled one on first use. */
export function resolveChromium(
  environment: Record<string, string | undefined> = process.env,
): ChromiumChoice {
  const explicit = environment.CHROMIUM_PATH;
  if (explicit) {
    if (!fs.existsSync(explicit))
      throw new Error(`CHROMIUM_PATH is set to ${explicit}, which does not exist. Unset it or fix the path.`);
    return { source: "CHROMIUM_PATH", executablePath: explicit, args: COMMON_ARGS, env: {} };
  }
  const system = environment.KEEL_SYSTEM_CHROMIUM || DEFAULT_SYSTEM_CHROMIUM;
  if (fs.existsSync(system)) return { source: "system", executablePath: system, args: COMMON_ARGS, env: {} };
  const bundled = unpackBundledChromium();
  return {
    source: "bundled",
    executablePath: bundled.executablePath,
    args: COMMON_ARGS,
    env: {
      // Its NSS libraries (built for Amazon Linux 2023, they need only glibc) instead of the machine's,
      // which a machine without a system Chromium may lack.
      LD_LIBRARY_PATH: [bundled.libraryDirectory, environment.LD_LIBRARY_PATH].filter(Boolean).join(":"),
      FONTCONFIG_FILE: bundled.fontConfig,
    },
  };
}

/** Playwright launch options for the chosen browser (its env merged over this process's). */
export function chromiumLaunchOptions(choice: ChromiumChoice = resolveChromium()) {
  return {
    executablePath: choice.executablePath,
    args: choice.args,
    ...(Object.keys(choice.env).length > 0 ? { env: { ...process.env, ...choice.env } } : {}),
  };
}

type BundledChromium = { executablePath: string; libraryDirectory: string; fontConfig: string };

/**
 * Unpacks @sparticuz/chromium into .cache/chromium/<version>/ unless done before. The package's own
 * unpacker writes into os.tmpdir(), so it runs in a child process whose TMPDIR is a private staging folder;
 * the folder is renamed into place when complete, so concurrent callers never see half a browser.
 */
export function unpackBundledChromium(
  cacheRoot: string = path.join(root, ".cache", "chromium"),
): BundledChromium {
  let version: string;
  try {
    version = JSON.parse(fs.readFileSync(path.join(BUNDLED_PACKAGE, "package.json"), "utf8")).version;
  } catch {
    throw new Error(
      "No Chromium found: CHROMIUM_PATH is unset, there is no system Chromium, and the npm package " +
        "@sparticuz/chromium is not installed (run npm ci).",
    );
  }
  const target = path.join(cacheRoot, version);
  const result: BundledChromium = {
    executablePath: path.join(target, "chromium"),
    libraryDirectory: path.join(target, "al2023", "lib"),
    fontConfig: path.join(target, "fonts.conf"),
  };
  if (fs.existsSync(result.fontConfig)) return result;

  const staging = `${target}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const unpack = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "--eval",
      `import chromium, { inflate } from "@sparticuz/chromium";
       import path from "node:path";
       const bin = path.join(${JSON.stringify(BUNDLED_PACKAGE)}, "bin");
       await Promise.all([chromium.executablePath(bin), inflate(path.join(bin, "al2023.tar.br"))]);`,
    ],
    { cwd: root, env: { ...process.env, TMPDIR: staging }, encoding: "utf8", timeout: 300_000 },
  );
  if (unpack.status !== 0 || !fs.existsSync(path.join(staging, "chromium"))) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `Unpacking the bundled Chromium (@sparticuz/chromium ${version}) failed: ${unpack.error?.message ?? unpack.stderr}`,
    );
  }
  // The package's fonts.conf names /tmp/fonts; ours adds its fonts to the machine's (if it has any).
  fs.writeFileSync(
    path.join(staging, "fonts.conf"),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${path.join(target, "fonts")}</dir>
  <cachedir>${path.join(target, "fontconfig-cache")}</cachedir>
</fontconfig>
`,
  );
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another process finished first: use its copy.
    if (!fs.existsSync(result.fontConfig)) throw error;
  }
  return result;
}
