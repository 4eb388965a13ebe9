/**
 * The few colours that leave the stylesheet: the browser's theme colour, the web app manifest and the share
 * image. They match the tokens in styles/tokens.css (a unit test keeps them in step).
 */
export const theme = {
  background: "#080a14",
  surface: "#0d1020",
  text: "#eef0fb",
  muted: "#b3b9d1",
  violet: "#7c5cf0",
  violetLight: "#c9bbff",
  blueLight: "#9cc4ff",
  teal: "#1fb5a3",
  tealLight: "#7ee7d6",
  rose: "#c2417f",
} as const;
