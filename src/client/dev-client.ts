// Only under `npm run dev`: reloads, swaps styles or shows what broke, through the DOM and CSSOM, as the CSP allows.
import { NOT_FOUND, type DevMessage, type DevProblem } from "./dev-protocol";

const OVERLAY_ID = "dev-overlay";

function isNotFoundPage(): boolean {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return navigation?.responseStatus === 404;
}

function swapStyles(css: string) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.querySelector("head > style")?.remove();
  document.adoptedStyleSheets = [sheet];
}

function hideProblem() {
  document.getElementById(OVERLAY_ID)?.remove();
}

function showProblem(problem: DevProblem) {
  hideProblem();
  const overlay = document.createElement("div");
  overlay.id = OVERLAY_ID;
  overlay.setAttribute("role", "alert");
  overlay.style.cssText =
    "position:fixed;inset:auto 0 0 0;z-index:2147483647;max-block-size:60vh;overflow:auto;padding:20px 24px;" +
    "background:#2a0d14;color:#ffe4e8;border-top:3px solid #ff5c7a;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;" +
    "box-shadow:0 -12px 40px rgb(0 0 0 / .5)";
  const title = document.createElement("strong");
  title.style.cssText = "display:block;font-size:16px;margin-bottom:6px";
  // A type problem with no place is the check itself failing (a configuration tsc cannot read, a checker that crashed).
  title.textContent =
    problem.kind === "build"
      ? "Build failed: this page shows the last good build"
      : problem.file
        ? "Type error"
        : "Type check failed";
  const where = document.createElement("div");
  where.style.cssText = "color:#ffb3c0;margin-bottom:8px";
  where.textContent = problem.file
    ? `${problem.file}${problem.line ? `:${problem.line}` : ""}${problem.column ? `:${problem.column}` : ""}`
    : "";
  const message = document.createElement("pre");
  message.style.cssText = "margin:0;white-space:pre-wrap";
  message.textContent = problem.message;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Dismiss";
  close.style.cssText =
    "float:right;margin:0 0 8px 16px;font:inherit;color:inherit;background:none;border:1px solid currentColor;border-radius:6px;padding:4px 10px;cursor:pointer";
  close.addEventListener("click", hideProblem);
  // Floated first, so the title wraps beside the button instead of running under it on a phone.
  overlay.append(close, title, where, message);
  document.body.append(overlay);
}

new EventSource("/__dev/events").addEventListener("message", (event: MessageEvent<string>) => {
  const message = JSON.parse(event.data) as DevMessage;
  if (message.type === "problem") return showProblem(message.problem);
  if (message.type === "reload" && message.paths.includes(isNotFoundPage() ? NOT_FOUND : location.pathname))
    return location.reload();
  if (message.type === "css") swapStyles(message.css);
  hideProblem();
});
