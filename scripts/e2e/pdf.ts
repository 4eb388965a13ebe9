import { inflateSync } from "node:zlib";

/**
 * The text on each page of a PDF that Chromium printed, in drawing order. Chromium's printer (Skia) writes every
 * page's drawing as one Flate stream and its text as glyph ids in hex, with a ToUnicode map per font: enough to
 * read back what a printed page says, with no PDF library in the project. Not a general PDF reader.
 */
export function pdfPageTexts(pdf: Uint8Array): string[] {
  const source = Buffer.from(pdf).toString("latin1");
  // Each object's dictionary, up to its stream if it has one: a stream's bytes are read by their /Length, since
  // compressed data can hold any text ("endobj", "endstream") by chance.
  const objects = new Map<number, string>();
  const streamStarts = new Map<number, number>();
  for (const m of source.matchAll(/(?:^|\s)(\d+) 0 obj\b/g)) {
    const from = m.index! + m[0].length;
    const dictionary = source.slice(from, source.indexOf("endobj", from));
    const keyword = dictionary.match(/\bstream\r?\n/);
    objects.set(Number(m[1]), keyword ? dictionary.slice(0, keyword.index) : dictionary);
    if (keyword) streamStarts.set(Number(m[1]), from + keyword.index! + keyword[0].length);
  }
  const stream = (id: number) => {
    const [object, start] = [objects.get(id), streamStarts.get(id)];
    const length = Number(object?.match(/\/Length\s+(\d+)(?!\s+0\s+R)/)?.[1]);
    if (!object || start === undefined || !Number.isFinite(length)) return "";
    const bytes = Buffer.from(source.slice(start, start + length), "latin1");
    return (/\/FlateDecode/.test(object) ? inflateSync(bytes) : bytes).toString("latin1");
  };
  const refs = (text: string | undefined, key: string): number[] => {
    const m = text?.match(new RegExp(`/${key}\\s*(\\[[^\\]]*\\]|\\d+ 0 R)`));
    return m ? [...m[1]!.matchAll(/(\d+) 0 R/g)].map((r) => Number(r[1])) : [];
  };
  const unicodeMaps = new Map<number, Map<number, string>>();
  const unicodeFor = (fontId: number) => {
    let map = unicodeMaps.get(fontId);
    if (!map) {
      map = toUnicode(stream(refs(objects.get(fontId), "ToUnicode")[0] ?? -1));
      unicodeMaps.set(fontId, map);
    }
    return map;
  };

  // Pages in order: walk the page tree from the catalogue's /Pages.
  const pages: number[] = [];
  const walk = (id: number) => {
    const node = objects.get(id) ?? "";
    if (/\/Type\s*\/Pages\b/.test(node)) refs(node, "Kids").forEach(walk);
    else if (/\/Type\s*\/Page\b/.test(node)) pages.push(id);
  };
  const catalogue = [...objects.values()].find((o) => /\/Type\s*\/Catalog\b/.test(o));
  refs(catalogue, "Pages").forEach(walk);

  return pages.map((id) => {
    const page = objects.get(id)!;
    const resources = page.match(/\/Resources\s*(<<[\s\S]*>>|\d+ 0 R)/)?.[1] ?? "";
    const resourceText = /^\d+ 0 R$/.test(resources) ? (objects.get(Number(resources.split(" ")[0])) ?? "") : resources;
    const fontDict = resourceText.match(/\/Font\s*(<<[\s\S]*?>>|\d+ 0 R)/)?.[1] ?? "";
    const fonts = new Map(
      [
        ...(/^\d+ 0 R$/.test(fontDict) ? (objects.get(Number(fontDict.split(" ")[0])) ?? "") : fontDict).matchAll(
          /\/(\w+)\s+(\d+) 0 R/g,
        ),
      ].map((m) => [m[1]!, Number(m[2])]),
    );
    const content = refs(page, "Contents").map(stream).join("\n");
    let font = new Map<number, string>();
    let text = "";
    for (const op of content.matchAll(
      /\/(\w+)\s+[\d.]+\s+Tf|(\[(?:[^\]]*)\]\s*TJ|<[0-9A-Fa-f]*>\s*Tj)|\b(T\*|Td|TD|ET)\b/g,
    )) {
      if (op[1]) font = unicodeFor(fonts.get(op[1]) ?? -1);
      else if (op[2])
        for (const hex of op[2].matchAll(/<([0-9A-Fa-f]*)>/g))
          for (let i = 0; i + 4 <= hex[1]!.length; i += 4)
            text += font.get(parseInt(hex[1]!.slice(i, i + 4), 16)) ?? "";
      else if (op[3]) text += " ";
    }
    return text.replace(/\s+/g, " ").trim();
  });
}

/** A ToUnicode CMap: glyph id to the text it stands for. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const chars = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(parseInt(m[1]!, 16), chars(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<([0-9A-Fa-f]+)>|\[([^\]]*)\])/g)) {
      const [from, to] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
      const list = m[5] ? [...m[5].matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => x[1]!) : undefined;
      for (let g = from; g <= to; g++) {
        if (list) map.set(g, chars(list[g - from] ?? ""));
        else {
          const start = parseInt(m[4]!, 16);
          map.set(g, String.fromCharCode(start + g - from));
        }
      }
    }
  }
  return map;
}
