/**
 * `npx tsx scripts/write-icons.ts`: renders app/icon.svg (the one drawn icon) into the bitmaps browsers
 * and home screens ask for, with the same Chromium the end-to-end tests use: app/favicon.ico (16 and
 * 32 px PNGs in an ICO), app/apple-icon.png (180 px, opaque: iOS fills transparency with black) and the
 * web app manifest's public/icons/icon-192.png, icon-512.png and icon-maskable-512.png (the artwork in
 * the inner 80% "safe zone" on a full-bleed background). Run it after changing app/icon.svg.
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";

const svg = fs.readFileSync("app/icon.svg", "utf8");
const BACKGROUND = "#0f172a";

const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});

/** The icon as a PNG of `size` px; `padding` (a fraction per side) shrinks the artwork on the background. */
async function render(size: number, options: { padding?: number; opaque?: boolean } = {}): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inset = Math.round(size * (options.padding ?? 0));
  const background = options.opaque || options.padding ? BACKGROUND : "transparent";
  await page.setContent(
    `<html><body style="margin:0;background:${background}">` +
      `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" ` +
      `style="display:block;width:${size - 2 * inset}px;height:${size - 2 * inset}px;margin:${inset}px"></body></html>`,
  );
  await page.locator("img").evaluate((image: HTMLImageElement) => image.decode());
  const png = await page.screenshot({ omitBackground: background === "transparent" });
  await page.close();
  return png;
}

/** An ICO file holding PNG images (every current browser reads PNG entries). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

fs.mkdirSync("public/icons", { recursive: true });
fs.writeFileSync(
  "app/favicon.ico",
  ico([
    { size: 16, png: await render(16) },
    { size: 32, png: await render(32) },
  ]),
);
fs.writeFileSync("app/apple-icon.png", await render(180, { opaque: true }));
fs.writeFileSync("public/icons/icon-192.png", await render(192));
fs.writeFileSync("public/icons/icon-512.png", await render(512));
fs.writeFileSync("public/icons/icon-maskable-512.png", await render(512, { padding: 0.1 }));
await browser.close();
console.log("Wrote app/favicon.ico, app/apple-icon.png and public/icons/*.png");
