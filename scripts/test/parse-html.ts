import { Window } from "happy-dom";

/**
 * Parses a built page into a DOM for tests to query, without running its scripts or fetching its
 * stylesheets: the page is looked at, not loaded.
 */
export function parseHtml(html: string, url = "https://site.test/"): Document {
  const window = new Window({
    url,
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
    },
  });
  window.document.write(html);
  return window.document as unknown as Document;
}
