/** Players on a page tell each other when one starts, so that only one sound plays at a time. */
const EVENT = "site:sound";

/** Starting a sound: every other player stops. `owner` is the player's own identity (a stable object). */
export function claimSound(owner: object): void {
  dispatchEvent(new CustomEvent(EVENT, { detail: owner }));
}

/** Calls `stop` whenever another player starts; returns the way to stop listening. */
export function onOtherSound(owner: object, stop: () => void): () => void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<object>).detail !== owner) stop();
  };
  addEventListener(EVENT, listener);
  return () => removeEventListener(EVENT, listener);
}
