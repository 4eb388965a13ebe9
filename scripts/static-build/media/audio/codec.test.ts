import { describe, expect, it } from "vitest";
import { decodeMp3, encodeMp3 } from "./codec";
import { render } from "../../../test/audio-corpus";
import { frameOf } from "./mp3";

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe("a preview's MP3 states its length and where its times are", () => {
  it.each([
    ["44.1 kHz (MPEG-1)", 44_100],
    ["16 kHz (MPEG-2)", 16_000],
  ])(
    "at %s: a Xing frame counts the frames and bytes that follow, and its table of contents finds each hundredth",
    async (_, rate) => {
      // A tone that gets louder along the file: the bitrate varies, as it does in a real preview.
      const pcm = render({
        rate,
        seconds: 8,
        both: [(i) => (0.02 + (0.5 * i) / (8 * rate)) * Math.sin((2 * Math.PI * 440 * i) / rate)],
      });
      const mp3 = await encodeMp3(pcm);
      const note = frameOf(mp3, 0)!;
      const offsets: number[] = [];
      for (let p = note.bytes; p < mp3.length; p += frameOf(mp3, p)!.bytes) offsets.push(p);

      const tagAt = mp3.indexOf(0x58); // "X"
      expect(ascii(mp3.subarray(tagAt, tagAt + 4))).toBe("Xing");
      const view = new DataView(mp3.buffer, mp3.byteOffset + tagAt + 4);
      expect(view.getUint32(0) & 0x7).toBe(0x7);
      expect(view.getUint32(4)).toBe(offsets.length);
      expect(view.getUint32(8)).toBe(mp3.length);
      const toc = mp3.subarray(tagAt + 16, tagAt + 116);
      for (let i = 0; i < 100; i++) {
        const frameThere = offsets[Math.floor((i / 100) * offsets.length)]!;
        expect(Math.abs(toc[i]! - (frameThere / mp3.length) * 256)).toBeLessThan(1);
      }
      // Bitrates vary, so a table that assumed an even one would be off: this one is not linear.
      expect(toc.some((entry, i) => Math.abs(entry - i * 2.56) > 2)).toBe(true);
      // Decoders take it for what it is, not for a frame of sound.
      expect((await decodeMp3(mp3)).channels[0]!.length).toBeLessThan(
        (await decodeMp3(mp3.subarray(note.bytes))).channels[0]!.length,
      );
    },
  );
});
