import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { theme } from "../src/content/theme";
import type { SiteContent } from "../src/content/types";

const require = createRequire(import.meta.url);

// The share image is drawn in EB Garamond from the npm registry, never a system font: the same commit must
// give the same picture on every machine (and a CI machine may have no fonts at all).
const FONT_FAMILY = "EB Garamond";
const FONT_FILES = ["400Regular/EBGaramond_400Regular.ttf", "600SemiBold/EBGaramond_600SemiBold.ttf"].map((file) =>
  require.resolve(`@expo-google-fonts/eb-garamond/${file}`),
);

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export function renderPng(svg: string, width?: number): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: width ? { mode: "width", value: width } : { mode: "original" },
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT_FAMILY },
  });
  return resvg.render().asPng();
}

const gradientStops = `<stop offset="0" stop-color="${theme.violetLight}"/><stop offset=".55" stop-color="${theme.blueLight}"/><stop offset="1" stop-color="${theme.tealLight}"/>`;

/**
 * The mark: a soft wave in the accent gradient on the night background. `rounded` for the SVG favicon;
 * square for the PNG icons, which phones mask to their own shape.
 */
export function iconSvg({ rounded }: { rounded: boolean }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${gradientStops}</linearGradient></defs>` +
    `<rect width="64" height="64"${rounded ? ' rx="14"' : ""} fill="${theme.background}"/>` +
    `<path d="M9 32c3.6-11 7.3-11 11 0s7.4 11 11 0 7.4-11 11 0 7.4 11 11 0" fill="none" stroke="url(#g)" stroke-width="5" stroke-linecap="round"/>` +
    `</svg>`
  );
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Breaks text into lines of about `chars` characters, at spaces. */
function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= chars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The 1200×630 picture shown when a page is shared: the brand and tagline over the site's orbs. */
export function shareImageSvg(site: SiteContent): string {
  const { width, height } = SHARE_IMAGE;
  const margin = 88;
  // EB Garamond averages about half an em per character: size the name to fit the width on one line.
  const nameSize = Math.min(112, Math.floor((width - 2 * margin) / (0.5 * site.brand.length)));
  const taglineLines = wrap(site.tagline, 50).slice(0, 2);
  const host = new URL(site.origin).host;
  const orb = (id: string, color: string, opacity: number) =>
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    ${orb("violet", theme.violet, 0.6)}
    ${orb("teal", theme.teal, 0.45)}
    ${orb("rose", theme.rose, 0.3)}
    <linearGradient id="line" x1="0" y1="0" x2="1" y2="0">${gradientStops}</linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="${theme.background}"/>
  <circle cx="1010" cy="90" r="430" fill="url(#violet)"/>
  <circle cx="760" cy="650" r="380" fill="url(#teal)"/>
  <circle cx="40" cy="260" r="320" fill="url(#rose)"/>
  <text x="${margin}" y="182" font-family="${FONT_FAMILY}" font-weight="600" font-size="26" letter-spacing="6" fill="${theme.tealLight}">PREMIUM HEADPHONE AUDIO</text>
  <text x="${margin}" y="${182 + 24 + nameSize}" font-family="${FONT_FAMILY}" font-weight="600" font-size="${nameSize}" fill="${theme.text}">${escapeXml(site.brand)}</text>
  ${taglineLines
    .map((line, i) => `<text x="${margin}" y="${182 + 24 + nameSize + 70 + i * 56}" font-family="${FONT_FAMILY}" font-size="46" fill="${theme.muted}">${escapeXml(line)}</text>`)
    .join("\n  ")}
  <path d="M${margin} 520c40-44 80-44 120 0s80 44 120 0 80-44 120 0 80 44 120 0" fill="none" stroke="url(#line)" stroke-width="6" stroke-linecap="round"/>
  <text x="${width - margin}" y="532" text-anchor="end" font-family="${FONT_FAMILY}" font-size="30" fill="${theme.muted}">${escapeXml(host)}</text>
</svg>`;
}
