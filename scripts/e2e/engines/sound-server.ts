import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pollUntil } from "../../test/poll";
import { onPath } from "./engine";

export interface SoundServer {
  /** The value for PULSE_SERVER: where browsers find an audio device. */
  address: string;
  close(): Promise<void>;
}

/** Why the suite cannot give browsers an audio device, or undefined when it can. */
export const soundServerMissing = () =>
  onPath("pulseaudio") && onPath("pactl")
    ? undefined
    : "no pulseaudio to give browsers an audio device (apt-get install pulseaudio)";

/**
 * A PulseAudio daemon of the suite's own with one null sink: an audio device that plays into nothing. Firefox
 * keeps every AudioContext suspended without a device; WebKitGTK's GStreamer needs one to play. It listens on a
 * socket in a folder of its own, so it touches no desktop's sound, and stops with the suite.
 */
export async function startSoundServer(): Promise<SoundServer> {
  const dir = await mkdtemp(join(tmpdir(), "site-sound-"));
  const socket = join(dir, "native");
  const address = `unix:${socket}`;
  const daemon = spawn(
    "pulseaudio",
    [
      "-n",
      "--daemonize=no",
      "--exit-idle-time=-1",
      "--use-pid-file=no",
      "--disallow-exit",
      `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
      "--load=module-null-sink sink_name=null",
    ],
    { stdio: "ignore", env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir } },
  );
  // Ready when it answers a client.
  try {
    await pollUntil(
      "pulseaudio to answer",
      () => {
        if (daemon.exitCode !== null) throw new Error(`pulseaudio exited (${daemon.exitCode})`);
        return (
          spawnSync("pactl", ["info"], { env: { ...process.env, PULSE_SERVER: address }, stdio: "ignore" }).status === 0
        );
      },
      { ceiling: 30_000 },
    );
  } catch (error) {
    daemon.kill();
    throw error;
  }
  return {
    address,
    async close() {
      if (daemon.exitCode === null) {
        const exited = new Promise((resolve) => daemon.once("exit", resolve));
        daemon.kill();
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
