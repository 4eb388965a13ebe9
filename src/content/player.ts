/** What a preview player says to screen readers and lock screens: {now} and {length} like 0:30, {volume} of 100. */
export const player = {
  play: "Play the preview of {title}",
  pause: "Pause the preview of {title}",
  position: "Position in the preview of {title}",
  time: "{now} of {length}",
  volume: "Volume of the preview of {title}",
  volumeValue: "{volume} percent",
  album: "Preview",
};
